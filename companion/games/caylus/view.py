"""The expected table view of a Caylus position, slot names exactly as docs/table-view.md fixes them."""

from __future__ import annotations

from typing import Any

from ..table_view import Piece, TableView
from .data import CUBES, rules, section_names
from .ops import SPECIAL_SLOTS


def table_view(state: Any) -> TableView:
    colours = state.colours
    view = TableView(game="caylus", players=tuple(colours))
    for square in range(1, len(state.road_tile)):
        tile = state.road_tile[square]
        if tile is not None:
            view.put(f"road.{square}.tile", Piece("tile", name=tile))
        if state.road_owner[square] is not None:
            view.put(f"road.{square}.owner", Piece("house", colours[state.road_owner[square]]))
        if state.road_worker[square] is not None:
            view.put(f"road.{square}.worker", Piece("worker", colours[state.road_worker[square]]))
    view.put(f"road.{state.provost}.provost", Piece("provost"))
    view.put(f"road.{state.bailiff}.bailiff", Piece("bailiff"))
    for name, seat in zip(SPECIAL_SLOTS, state.special):
        if seat is not None:
            view.put(f"{name}.worker", Piece("worker", colours[seat]))
    for space, seat in enumerate(state.stables, start=1):
        view.put(f"stables.{space}", Piece("worker", colours[seat]))
    for circle, seat in zip(("left", "right"), state.inn):
        if seat is not None:
            view.put(f"inn.{circle}", Piece("worker", colours[seat]))
    for place, seat in enumerate(state.castle_workers, start=1):
        view.put(f"castle.worker.{place}", Piece("worker", colours[seat]))
    for section, houses in zip(section_names(), state.castle):
        for place, seat in enumerate(houses, start=1):
            view.put(f"castle.{section}.{place}", Piece("house", colours[seat]))
    for place, seat in enumerate(state.passed, start=1):
        view.put(f"bridge.{place}", Piece("disc", colours[seat]))
    for place, seat in enumerate(state.turn_order, start=1):
        view.put(f"turn_order.{place}", Piece("disc", colours[seat]))
    for seat, colour in enumerate(colours):
        for row, column in zip(rules()["favour_rows"], state.favour[seat]):
            view.put(f"favour.{row}.{column}", Piece("disc", colour))
        supply = dict(zip(CUBES, state.cubes[seat]))
        supply.update(denier=state.deniers[seat], worker=state.workers[seat], house=state.houses[seat])
        view.supplies[colour] = supply
    view.tracks["score"] = {colour: state.pp[seat] for seat, colour in enumerate(colours)}
    return view
