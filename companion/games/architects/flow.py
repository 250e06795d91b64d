"""Run the task stack: automatic tasks until a decision is on top, and one decision applied.

When the stack is empty the next turn starts (``next_turn``). Every handler module registers itself on import.
"""

from __future__ import annotations

from typing import Any

from ..decisions import Action, Decision
from ..errors import RuleError
from . import cards, endgame, locations, reset, setup_steps, turn  # noqa: F401  (registers the handlers)
from .locations import TITLES, Refusal, why_not
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
    """The :class:`RuleError` for ``action``, which ``decision`` does not offer; each names its words in the pack's
    strings (``refusals.*``) with their values."""
    if decision is None:
        return RuleError("Architects of the West Kingdom: the game is over", rule="game over",
                         key="refusals.game_over")
    who = "the table" if decision.is_chance else s["colours"][decision.player].capitalize()
    place = decision.context.get("place")
    seated = 0 <= action.player < len(s["colours"])
    values = {"player": s["colours"][action.player] if seated else None, "asked": decision.kind,
              "waiting": None if decision.is_chance else s["colours"][decision.player],
              "seat": action.player, "players": len(s["colours"])}
    if action.player != decision.player:
        mover = "the table" if action.player < 0 else (s["colours"][action.player].capitalize()
                                                      if seated else "that seat")
        return RuleError(f"{mover} can't act now: {who} must decide ({decision.kind.replace('_', ' ')})",
                         player=None if decision.is_chance else s["colours"][decision.player], place=place,
                         rule=decision.kind, key=_whose_turn_key(decision, action, seated), values=values)
    if decision.kind == "place" and action.kind == "place" and _placement_reason(s, action):
        refusal = _placement_reason(s, action)
        where = TITLES.get(action.arg("location"), str(action.arg("location")))
        return RuleError(f"{who} can't place on the {where}: {refusal.reason}", player=s["colours"][decision.player],
                         place=str(action.arg("location")), rule=refusal.rule, key=f"refusals.{refusal.key}",
                         values={**values, "place": str(action.arg("location")), **refusal.values})
    message = (f"{who} can't do {action.kind.replace('_', ' ')} {action.arg_dict or ''} now: "
               f"it is not one of the {decision.kind.replace('_', ' ')} options").replace("  ", " ")
    return RuleError(message, player=None if decision.is_chance else s["colours"][decision.player],
                     place=place, rule=decision.kind, values=values,
                     key="refusals.not_an_option_table" if decision.is_chance else "refusals.not_an_option")


def _whose_turn_key(decision: Decision, action: Action, seated: bool) -> str:
    """The refusal of an action by another seat than the one the decision waits for: the table's, a player's,
    or a seat that is in no game."""
    if not seated and action.player >= 0:
        return "refusals.no_such_seat"
    if decision.is_chance:
        return "refusals.not_your_turn_table"
    return "refusals.table_not_now" if action.player < 0 else "refusals.not_your_turn"


def _placement_reason(s: dict[str, Any], action: Action) -> Refusal | None:
    return why_not(s, action.player, action) if 0 <= action.player < len(s["colours"]) else None
