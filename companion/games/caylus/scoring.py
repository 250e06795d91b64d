"""Scores with breakdown, and the end-game conversion of gold, cubes and deniers into prestige."""

from __future__ import annotations

from typing import Any

from ..score import Score
from .data import CUBE_INDEX, rules
from .ops import add_pp, colour, event

CATEGORIES = ("buildings", "owner_bonus", "castle", "favours", "trades", "penalties", "end_game")


def end_game_points(state: Any, seat: int) -> int:
    """3 PP per gold, 1 PP per 3 other cubes, 1 PP per 4 deniers (the player keeps the goods)."""
    table = rules()["end_game"]
    cubes = state.cubes[seat]
    gold = cubes[CUBE_INDEX["gold"]]
    others = sum(cubes) - gold
    return (gold * table["pp_per_gold"] + others // table["cubes_per_pp"]
            + state.deniers[seat] // table["deniers_per_pp"])


def end_game(state: Any) -> None:
    for seat in state.turn_order:
        points = end_game_points(state, seat)
        add_pp(state, seat, points, "end_game")
        event(state, "end_game_conversion", player=colour(state, seat), pp=points)
    state.over = True
    state.queue = []
    event(state, "game_over", winners=[colour(state, s) for s in _winners(state)])


def scores(state: Any) -> list[Score]:
    result = []
    for seat in range(len(state.colours)):
        breakdown = {category: state.breakdown[seat].get(category, 0) for category in CATEGORIES}
        result.append(Score(seat, state.pp[seat], breakdown))
    return result


def _winners(state: Any) -> list[int]:
    best = max(state.pp)
    return [seat for seat, pp in enumerate(state.pp) if pp == best]
