"""Refusals in the rules' words: why an action that is not one of the options is refused.

>>> from companion.games.citadels import new_game
>>> from companion.games import Action
>>> state = new_game(["red", "blue", "green", "yellow"], seed=1)
>>> str(refusal(state, state.pending(), Action(2, "build", {"district": "castle"})))
"The table is dealing the starting hands: Green can't build the Castle now"
"""

from __future__ import annotations

from typing import Any

from ..decisions import Action, Decision
from ..errors import RuleError
from .data import district, districts, title

WHAT = {"draw": "draw a card", "faceup": "turn up a character", "facedown": "put a character aside",
        "pick": "choose a character", "discard_character": "put a character aside", "call": "call a character",
        "turn": "play their turn", "keep": "keep one of the cards drawn", "discard": "put a card under the deck",
        "graveyard": "decide on the Graveyard"}


def refusal(state: Any, decision: Decision | None, action: Action) -> RuleError:
    if decision is None:
        return RuleError("The game is over", rule="game over")
    who = "The table" if decision.is_chance else state.label(decision.player)
    actor = "the table" if action.player < 0 else (state.label(action.player)
                                                    if 0 <= action.player < state.player_count else "nobody")
    if decision.kind == "draw" and decision.context.get("why") == "deal":
        return RuleError(f"The table is dealing the starting hands: {actor.capitalize()} can't {_verb(action)} now",
                         rule="deal")
    if action.player != decision.player:
        return RuleError(f"{who} must {WHAT.get(decision.kind, decision.kind)} now, not {actor}",
                         player=actor, rule=decision.kind)
    if decision.kind == "turn":
        reason = _turn_reason(state, action)
        if reason:
            return RuleError(f"{who} can't {_verb(action)}: {reason}", player=who.lower(),
                             place=action.arg("district"), rule=action.kind)
    return RuleError(f"{who} must {WHAT.get(decision.kind, decision.kind)} now; {action} is not one of the options",
                     player=who.lower(), rule=decision.kind)


def _verb(action: Action) -> str:
    target = action.arg("district") or action.arg("character")
    verb = action.kind.replace("_", " ")
    return f"{verb} the {title(target)}" if isinstance(target, str) else verb


def _turn_reason(state: Any, action: Action) -> str:
    seat, turn = action.player, state.turn
    if action.kind == "build":
        card = action.arg("district")
        if card not in districts():
            return f"there is no district called {card!r}"
        if not turn["gathered"]:
            return "a player gathers gold or cards before building"
        if state.owns(seat, card):
            return f"their city already has a {title(card)}"
        if card not in state.hands[seat]:
            return f"the {title(card)} is not in their hand"
        if district(card).cost > state.gold[seat]:
            return f"it costs {district(card).cost} gold and they have {state.gold[seat]}"
        if len(state.cities[seat]) >= state.complete_at:
            return f"a city holds at most {state.complete_at} districts"
        return "they have built all they may this turn"
    if action.kind == "end_turn" and not turn["gathered"]:
        return "a player must gather gold or cards in their turn"
    if action.kind == "gather" and turn["gathered"]:
        return "they have already gathered this turn"
    if action.kind in ("tax", "merchant_gold", "architect_cards", "murder", "rob", "swap_hands", "exchange_cards",
                       "destroy", "laboratory", "smithy"):
        return "that power is not theirs now, or already used this turn, or not allowed on that target"
    return ""
