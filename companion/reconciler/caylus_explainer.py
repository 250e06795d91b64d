"""Caylus: read a physical change on the table as the decision it looks like (data in ``data/caylus.json``).

The engine then refuses that decision with the precise rule ("one worker per player in the castle",
"1 denier per provost square" …): the reconciler never words a Caylus rule itself.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any, Sequence

from companion.games import Action, GameState
from vision.observation import CUBE_TYPES, pieces_for

from .evidence import ViewDiff, VisibleView
from .explain import register_explainer


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return json.loads(resources.files(__package__).joinpath("data/caylus.json").read_text(encoding="utf-8"))


def _pattern(template: str) -> re.Pattern[str]:
    return re.compile("^" + re.escape(template).replace(r"\{n\}", r"(?P<n>\d+)") + "$")


def _match(template: str, slot: str) -> str | None:
    """The ``{n}`` of ``slot`` if it fits ``template`` ('' for a template without a number), else None."""
    found = _pattern(template).match(slot)
    if not found:
        return None
    return found.groupdict().get("n") or ""


def explain_caylus(state: GameState, residual: ViewDiff, players: Sequence[str]) -> list[Action]:
    data = _data()
    expected = VisibleView.of(state.table_view())
    decision = state.pending()
    pending_seat = decision.player if decision else 0
    guesses: list[Action] = []
    for slot, label in sorted(residual.slots.items()):
        newcomers = [p for p in pieces_for(label) if p not in pieces_for(expected.label(slot))]
        for template, place in data["worker_places"].items():
            number = _match(template, slot)
            if number is None:
                continue
            for piece in newcomers:
                if piece.kind == "worker" and piece.colour in players:
                    guesses.append(Action(players.index(piece.colour), "place",
                                          {"place": place.replace("{n}", number)}))
        square = _match(data["provost_slot"], slot)
        if square is not None and any(p.kind == "provost" for p in newcomers):
            kind = decision.kind if decision and decision.kind in data["provost_decisions"] else "provost"
            guesses.append(Action(pending_seat, kind, {"steps": int(square) - getattr(state, "provost", 0)}))
        square = _match(data["tile_slot"], slot)
        if square is not None:
            for piece in newcomers:
                if piece.kind == "tile" and piece.name:
                    kind = decision.kind if decision and decision.kind in data["build_decisions"] else "build"
                    guesses.append(Action(pending_seat, kind, {"building": piece.name,
                                                               "pay": _cost(state, piece.name)}))
    for colour, counts in sorted(residual.supplies.items()):
        gained = [cube for cube in CUBE_TYPES
                  for _ in range(max(0, int(counts.get(cube, 0)) - expected.supplies.get(colour, {}).get(cube, 0)))]
        if gained and colour in players:
            kind = decision.kind if decision and decision.kind in data["cube_decisions"] else "produce"
            guesses.append(Action(players.index(colour), kind, {"cubes": gained}))
    return guesses


def _cost(state: GameState, building: str) -> list[str]:
    catalogue = getattr(state, "catalogue", {})
    cost = getattr(catalogue.get(building), "cost", {}) or {}
    return sorted(cube for cube, amount in cost.items() if cube in CUBE_TYPES for _ in range(int(amount)))


register_explainer("caylus", explain_caylus)
