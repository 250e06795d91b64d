"""Run the task stack: automatic tasks until a decision is on top, and one decision applied.

When the stack is empty the next turn starts (``next_turn``). Every handler module registers itself on import.
"""

from __future__ import annotations

from typing import Any

from ..decisions import Action, Decision
from ..errors import RuleError
from . import cards, endgame, locations, reset, setup_steps, turn  # noqa: F401  (registers the handlers)
from .locations import TITLES, why_not
from .tasks import AUTO, DECIDE, RESOLVE, push

MAX_AUTOMATIC_STEPS = 10_000


def settle(s: dict[str, Any]) -> Decision | None:
    """Run automatic tasks and skip empty decisions until a decision waits (returned) or the game is over."""
    for _ in range(MAX_AUTOMATIC_STEPS):
        if s["over"]:
            return None
        if not s["tasks"]:
            push(s, {"kind": "next_turn"})
        task = s["tasks"][-1]
        kind = task["kind"]
        if kind in AUTO:
            s["tasks"].pop()
            AUTO[kind](s, task)
            continue
        decision = DECIDE[kind](s, task)
        if decision is None:
            s["tasks"].pop()
            continue
        return decision
    raise RuntimeError("the task stack ran automatic steps without end")


def current_decision(s: dict[str, Any]) -> Decision | None:
    if s["over"] or not s["tasks"]:
        return None
    task = s["tasks"][-1]
    return DECIDE[task["kind"]](s, task)


def resolve(s: dict[str, Any], decision: Decision, action: Action) -> Decision | None:
    """Apply a legal ``action`` to ``s`` (a copy the caller owns), settle the stack, return the next decision."""
    task = s["tasks"].pop()
    RESOLVE[task["kind"]](s, task, action)
    return settle(s)


def refuse(s: dict[str, Any], decision: Decision | None, action: Action) -> RuleError:
    if decision is None:
        return RuleError("Architects of the West Kingdom: the game is over", rule="game over")
    who = "the table" if decision.is_chance else s["colours"][decision.player].capitalize()
    place = decision.context.get("place")
    if action.player != decision.player:
        mover = "the table" if action.player < 0 else (s["colours"][action.player].capitalize()
                                                      if 0 <= action.player < len(s["colours"]) else "that seat")
        message = f"{mover} can't act now: {who} must decide ({decision.kind.replace('_', ' ')})"
    elif decision.kind == "place" and action.kind == "place" and _placement_reason(s, action):
        reason, rule = _placement_reason(s, action)
        where = TITLES.get(action.arg("location"), str(action.arg("location")))
        return RuleError(f"{who} can't place on the {where}: {reason}", player=s["colours"][decision.player],
                         place=str(action.arg("location")), rule=rule)
    else:
        message = (f"{who} can't do {action.kind.replace('_', ' ')} {action.arg_dict or ''} now: "
                   f"it is not one of the {decision.kind.replace('_', ' ')} options").replace("  ", " ")
    return RuleError(message, player=None if decision.is_chance else s["colours"][decision.player],
                     place=place, rule=decision.kind)


def _placement_reason(s: dict[str, Any], action: Action) -> tuple[str, str] | None:
    return why_not(s, action.player, action) if 0 <= action.player < len(s["colours"]) else None
