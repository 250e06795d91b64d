"""Caylus' perception part: read a physical change on the table as the decision it looks like (data in
``perception.json``, beside it, with what no Caylus player can change on the table).

The engine then refuses that decision with the precise rule ("one worker per player in the castle",
"1 denier per provost square" …): the reconciler never words a Caylus rule itself.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Sequence

from companion.games import Action, GameState
from companion.reconciler.evidence import ViewDiff, VisibleView
from companion.reconciler.explain import Finding, Guess, slot_number, workers_placed
from vision.observation import pieces_for

from .data import CUBES


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return json.loads(resources.files(__package__).joinpath("perception.json").read_text(encoding="utf-8"))


def explain(state: GameState, residual: ViewDiff, players: Sequence[str]) -> list[Guess | Finding]:
    """What the unexplained change ``residual`` looks like: placements, provost moves, builds and cubes taken."""
    data = _data()
    expected = VisibleView.of(state.table_view())
    decision = state.pending()
    pending_seat = decision.player if decision else 0
    guesses: list[Guess | Finding] = []
    for slot, label in sorted(residual.slots.items()):
        newcomers = [p for p in pieces_for(label) if p not in pieces_for(expected.label(slot))]
        guesses += [Guess(Action(seat, "place", {"place": where}), where)
                    for seat, where in workers_placed(slot, newcomers, players, data["worker_places"])]
        square = slot_number(data["provost_slot"], slot)
        if square is not None and any(p.kind == "provost" for p in newcomers):
            kind = decision.kind if decision and decision.kind in data["provost_decisions"] else "provost"
            guesses.append(Guess(Action(pending_seat, kind, {"steps": int(square) - getattr(state, "provost", 0)}),
                                 f"road.{square}"))
        square = slot_number(data["tile_slot"], slot)
        if square is not None:
            for piece in newcomers:
                if piece.kind == "tile" and piece.name:
                    guesses.append(_build_guess(state, residual, expected, players, square, piece.name))
    for colour, counts in sorted(residual.supplies.items()):
        gained = [cube for cube in CUBES
                  for _ in range(max(0, int(counts.get(cube, 0)) - expected.supplies.get(colour, {}).get(cube, 0)))]
        if gained and colour in players:
            guesses += _beyond_provost(state, colour, gained)
            seat = players.index(colour)
            kind = decision.kind if decision and decision.kind in data["cube_decisions"] else "produce"
            square = decision.context.get("square") if decision and decision.player == seat else None
            guesses.append(Guess(Action(seat, kind, {"cubes": gained}), f"road.{square}" if square else None))
    return guesses


def _build_guess(state: GameState, residual: ViewDiff, expected: VisibleView, players: Sequence[str],
                 square: str, building: str) -> Guess:
    """Building ``building`` on road square ``square``, by the player whose house the camera sees on it."""
    data = _data()
    decision = state.pending()
    seat = decision.player if decision else 0
    owner = residual.slots.get(data["owner_slot"].replace("{n}", square), expected.label(
        data["owner_slot"].replace("{n}", square)))
    colours = [p.colour for p in pieces_for(owner) if p.kind == "house" and p.colour in players]
    seat = players.index(colours[0]) if colours else seat
    kind = decision.kind if decision and decision.player == seat and decision.kind in data["build_decisions"] \
        else "build"
    return Guess(Action(seat, kind, {"building": building, "pay": _cost(state, seat, building)}), f"road.{square}")


def _beyond_provost(state: GameState, colour: str, gained: list[str]) -> list[Finding]:
    """Cubes taken at a building whose worker was just sent home from beyond the provost (it doesn't work)."""
    rule = _data()["beyond_provost"]
    found = []
    for event in getattr(state, "events", ()) or ():
        if event.get("type") == rule["event"] and event.get("player") == colour:
            square = int(event["square"])
            tile = state.road_tile[square]
            title = state.catalogue[tile].title if tile in getattr(state, "catalogue", {}) else f"square {square}"
            who = colour.capitalize()
            message = rule["message"].format(who=who, title=title, n=square, cubes=" and ".join(gained))
            found.append(Finding("illegal", message, colour, f"road.{square}", rule["rule"], rule["key"],
                                 {"player": colour, "building": tile or "", "square": square, "cubes": list(gained)}))
    return found


def _cost(state: GameState, seat: int, building: str) -> tuple[str, ...]:
    """What the player would pay: the printed cost, 'any' cubes taken from what they hold (none if they hold none)."""
    catalogue = getattr(state, "catalogue", {})
    cost = getattr(catalogue.get(building), "cost", {}) or {}
    pay = [cube for cube, amount in cost.items() if cube in CUBES for _ in range(int(amount))]
    held = dict(zip(CUBES, state.cubes[seat])) if hasattr(state, "cubes") else {}
    for cube in pay:
        held[cube] = held.get(cube, 0) - 1
    spare = [cube for cube in _data()["any_cube"] for _ in range(max(0, held.get(cube, 0)))]
    pay += spare[:int(cost.get("any", 0))]
    return tuple(sorted(pay))
