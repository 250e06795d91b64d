"""What the camera may see of a Caylus 1303 position, and the tablet's public summary beside the board.

Slot names, as the board layout (``layouts/caylus1303.json``, docs/caylus1303-table.md) places them:

* ``fair.worker`` ``lawyer.worker`` ``carpenter.worker`` ``recall.worker``: a worker on a printed building, and
  ``<building>.journeyman`` the second one the Journeyman may add;
* ``road.N.tile`` (``tile:<id>@<side>``), ``road.N.owner`` (a house), ``road.N.worker`` (the first worker) and
  ``road.N.journeyman`` (the Journeyman's, placed second);
* ``provost.P``: the provost with P road spaces before him (0 = just past the Guilds Bridge), between two spaces;
* ``worksite.K.tile`` (K = 1..3) and ``worksite.worker.I`` (I-th worker placed there);
* ``bridge.I``: the I-th house passed onto the Guilds Bridge; ``round.R``: the round marker;
* ``character.<id>``: a character's spot on the board (the players + 3 drawn at setup, then the 3 left over);
* ``seat.S.character.<id>``: a character in front of seat S; ``seat.S.first_player``: the first-player tile there;
* ``stock.<wood|stone|landmark>.<id>``: building tiles beside the board, build side up (``<id>@build``,
  ``<id>@landmark``: the face they show on the road once built).

A tile's name is the face that shows. ``supplies`` holds each player's goods, workers and houses. Prestige is not
on the table: the PP tokens are kept face down, so only ``private_view(seat)`` and ``scores()`` give it.
"""

from __future__ import annotations

from typing import Any

from ..table_view import Piece, TableView
from .data import GOODS, rules

FRONT = tuple(rules()["front_buildings"])
WORKER_SPOTS = ("worker", "journeyman")      # a building's first worker, and the Journeyman's beside it


def table_view(state: Any) -> TableView:
    colours = state.colours
    view = TableView(game="caylus1303", players=tuple(colours))
    for name, workers in zip(FRONT, state.front_workers):
        for spot, seat in zip(WORKER_SPOTS, workers):
            view.put(f"{name}.{spot}", Piece("worker", colours[seat]))
    for index, tile_id in enumerate(state.road_tile):
        if tile_id is None:
            continue
        space = index + 1
        view.put(f"road.{space}.tile", Piece("tile", name=f"{tile_id}@{state.road_side[index]}"))
        if state.road_owner[index] is not None:
            view.put(f"road.{space}.owner", Piece("house", colours[state.road_owner[index]]))
        for spot, seat in zip(WORKER_SPOTS, state.road_workers[index]):
            view.put(f"road.{space}.{spot}", Piece("worker", colours[seat]))
    view.put(f"provost.{state.provost}", Piece("provost"))      # both set out on the board before the tiles
    view.put(f"round.{state.round}", Piece("disc"))
    for space, tile_id in enumerate(state.worksite_tiles, start=1):
        if tile_id is not None:
            view.put(f"worksite.{space}.tile", Piece("tile", name=f"{tile_id}@start"))
    for place, seat in enumerate(state.worksite_workers, start=1):
        view.put(f"worksite.worker.{place}", Piece("worker", colours[seat]))
    for place, seat in enumerate(state.bridge, start=1):
        view.put(f"bridge.{place}", Piece("house", colours[seat]))
    if state.first_player is not None:
        view.put(f"seat.{state.first_player}.first_player", Piece("tile", name="first_player"))
    for seat, held in enumerate(state.characters):
        for character in held:
            view.put(f"seat.{seat}.character.{character}", Piece("tile", name=character))
    for character in (*state.board_characters, *state.drawn):
        view.put(f"character.{character}", Piece("tile", name=character))
    if state.phase != "setup":
        for pile, tiles, face in (("wood", state.wood_supply, "build"), ("stone", state.stone_supply, "build"),
                                  ("landmark", state.landmark_supply, "landmark")):
            for tile_id in tiles:
                view.put(f"stock.{pile}.{tile_id}", Piece("tile", name=f"{tile_id}@{face}"))
    for seat, colour in enumerate(colours):
        supply = dict(zip(GOODS, state.goods[seat]))
        supply.update(worker=state.workers[seat], house=state.houses[seat])
        view.supplies[colour] = supply
    return view


def summary(state: Any) -> dict[str, Any]:
    """Phase, round, provost, passing order, characters and camp: public facts only (no prestige)."""
    colours = state.colours
    return {
        "phase": state.phase,
        "round": state.round,
        "rounds": rules()["rounds"],
        "step": state.act_step,
        "provost": state.provost,
        "first_player": None if state.first_player is None else colours[state.first_player],
        "bridge": [colours[seat] for seat in state.bridge],
        "worksite": list(state.worksite_tiles),
        "worksite_workers": [colours[seat] for seat in state.worksite_workers],
        "characters": {colours[seat]: list(held) for seat, held in enumerate(state.characters)},
        "board_characters": list(state.board_characters),
        "camp": {colours[seat]: state.camp[seat] for seat in range(len(colours))},
        "bundles": {colours[seat]: state.bundles[seat] for seat in range(len(colours))},
    }
