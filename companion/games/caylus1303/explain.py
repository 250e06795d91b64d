"""Refusals in words: why an action is not one of the options, naming the player, the place and the rule."""

from __future__ import annotations

from typing import Any

from ..decisions import CHANCE, Action, Decision
from ..errors import RuleError
from .data import title

DECISION_WORDS = {
    "setup_tile": "lay out a building tile", "first_player": "draw the first player",
    "draw_character": "draw a character", "choose_character": "choose a character",
    "place": "place a worker or pass", "early_riser": "use the Early Riser or not",
    "bridge": "move the provost at the Guilds Bridge", "bailiff": "move the provost with the Bailiff",
    "gain": "take a building's goods", "trade": "use a building", "build": "build",
    "lawyer": "use the Lawyer", "provost": "move the provost", "favour": "choose a favour",
    "favour_character": "take a character from the board", "deliver": "deliver to the worksite",
    "landmark": "build a landmark or keep the residence",
}


def _who(state: Any, seat: int) -> str:
    if seat == CHANCE:
        return "The table"
    if 0 <= seat < len(state.colours):
        return state.player_label(seat)
    return f"Seat {seat}"


def refusal(state: Any, decision: Decision | None, action: Action) -> RuleError:
    """The :class:`RuleError` for ``action`` in ``state`` (``decision`` is what the game waits for)."""
    who = _who(state, action.player)
    player = state.colours[action.player] if 0 <= action.player < len(state.colours) else None
    if decision is None:
        return RuleError(f"{who} can't play: the game is over", player=player, rule="game over")
    expected = _who(state, decision.player)
    doing = DECISION_WORDS.get(decision.kind, decision.kind)
    if action.player != decision.player:
        return RuleError(f"{who} can't act now: {expected} must {doing}", player=player, rule="turn order")
    if action.kind != decision.kind:
        return RuleError(f"{who} must {doing} now, not {action.kind.replace('_', ' ')}", player=player,
                         rule=decision.kind)
    place = action.arg("place")
    reason = _placement_reason(state, action) if decision.kind in ("place", "early_riser") else None
    return RuleError(f"{who} can't do that: {reason or f'{action} is not one of the options to {doing}'}",
                     player=player, place=place if isinstance(place, str) else None, rule=decision.kind)


def _placement_reason(state: Any, action: Action) -> str | None:
    place = action.arg("place")
    seat = action.player
    if not isinstance(place, str):
        return None
    if place.startswith("road."):
        try:
            index = int(place.split(".")[1]) - 1
        except ValueError:
            return f"there is no place called {place}"
        if not 0 <= index < len(state.road_tile):
            return f"the road has no space {index + 1}"
        tile_id, side = state.road_tile[index], state.road_side[index]
        if tile_id is None:
            return f"nothing is built on space {index + 1}"
        if side == "residence":
            return f"space {index + 1} is a residence; workers never go on residences"
        if side == "landmark":
            return f"the {title(tile_id)} is a landmark; workers never go on landmarks"
        if state.road_workers[index]:
            return f"a worker already stands on the {title(tile_id)}"
    if place == "worksite" and seat in state.worksite_workers:
        return "each player puts at most one worker on the worksite"
    if place.startswith("worksite."):
        return "the three worksite buildings only work through favours"
    if state.workers[seat] < 1:
        return "no worker is left to place; pass instead"
    return None
