"""Refusals in the rules' words: why an action that is not one of the options is refused.

>>> from companion.games.citadels import new_game
>>> from companion.games import Action
>>> state = new_game(["red", "blue", "green", "yellow"], seed=1)
>>> str(refusal(state, state.pending(), Action(2, "build", {"district": "castle"})))
"The table is dealing the starting hands: Green can't build the Castle now"
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..decisions import Action, Decision
from ..errors import RuleError
from .data import district, districts, title

WHAT = {"draw": "draw a card", "faceup": "turn up a character", "facedown": "put a character aside",
        "pick": "choose a character", "discard_character": "put a character aside", "call": "call a character",
        "turn": "play their turn", "keep": "keep one of the cards drawn", "discard": "put a card under the deck",
        "graveyard": "decide on the Graveyard"}


def refusal(state: Any, decision: Decision | None, action: Action) -> RuleError:
    """The :class:`RuleError` for ``action``, which ``decision`` does not offer; each names its words in the pack's
    strings (``refusals.*``) with their values."""
    if decision is None:
        return RuleError("The game is over", rule="game over", key="refusals.game_over")
    who = "The table" if decision.is_chance else state.label(decision.player)
    seated = 0 <= action.player < state.player_count
    actor = "the table" if action.player < 0 else (state.label(action.player) if seated else "nobody")
    player = state.colours[action.player] if seated else None
    if decision.kind == "draw" and decision.context.get("why") == "deal":
        return RuleError(f"The table is dealing the starting hands: {actor.capitalize()} can't {_verb(action)} now",
                         rule="deal", key="refusals.dealing")
    if action.player != decision.player:
        return RuleError(f"{who} must {WHAT.get(decision.kind, decision.kind)} now, not {actor}",
                         player=actor, rule=decision.kind, key=_whose_turn_key(decision, action, seated),
                         values={"player": player, "waiting": None if decision.is_chance
                                 else state.colours[decision.player], "asked": decision.kind,
                                 "seat": action.player, "players": state.player_count})
    if decision.kind == "turn":
        reason = _turn_reason(state, action)
        if reason:
            return RuleError(f"{who} can't {_verb(action)}: {reason.message}", player=who.lower(),
                             place=reason.place, rule=reason.rule, key=f"refusals.{reason.key}",
                             values={"player": player, **reason.values})
    return RuleError(f"{who} must {WHAT.get(decision.kind, decision.kind)} now; {action} is not one of the options",
                     player=who.lower(), rule=decision.kind, key="refusals.not_an_option",
                     values={"player": player, "asked": decision.kind})


def _whose_turn_key(decision: Decision, action: Action, seated: bool) -> str:
    """The refusal of an action by another seat than the one the decision waits for: the table's, a player's,
    or a seat that is in no game."""
    if decision.is_chance:
        return "refusals.not_your_turn_table" if seated else "refusals.no_such_seat"
    if action.player < 0:
        return "refusals.table_not_now"
    return "refusals.not_your_turn" if seated else "refusals.no_such_seat"


def _verb(action: Action) -> str:
    target = action.arg("district") or action.arg("character")
    verb = action.kind.replace("_", " ")
    return f"{verb} the {title(target)}" if isinstance(target, str) else verb


class Reason(NamedTuple):
    """Why a turn's action is refused: ``message`` follows "<Who> can't <do that>: "; ``key`` names it in the pack's
    strings (``refusals.<key>``) with ``values`` (the player's colour is added)."""

    message: str
    place: str | None
    rule: str
    key: str
    values: dict[str, Any]


def _turn_refusal(message: str, action: Action, key: str, **values: Any) -> Reason:
    """A :class:`Reason` for ``action`` (its district is the place, its kind the rule). Write ``key`` out (a string,
    or strings joined by ``if``/``+``): the tests read them."""
    district_id = action.arg("district")
    return Reason(message, district_id if isinstance(district_id, str) else None, action.kind, key, values)


def _turn_reason(state: Any, action: Action) -> Reason | None:
    """Why a turn's action is refused, or None when no rule of the turn explains it."""
    seat, turn = action.player, state.turn
    if action.kind == "build":
        card = action.arg("district")
        if card not in districts():
            return _turn_refusal(f"there is no district called {card!r}", action, "build_no_such", tile=str(card))
        if not turn["gathered"]:
            return _turn_refusal("a player gathers gold or cards before building", action, "build_gather_first",
                                 tile=card)
        if state.owns(seat, card):
            return _turn_refusal(f"their city already has a {title(card)}", action, "build_twice", tile=card)
        if card not in state.hands[seat]:
            return _turn_refusal(f"the {title(card)} is not in their hand", action, "build_not_in_hand", tile=card)
        if district(card).cost > state.gold[seat]:
            return _turn_refusal(f"it costs {district(card).cost} gold and they have {state.gold[seat]}", action,
                                 "build_cost", tile=card, cost=district(card).cost, gold=state.gold[seat])
        if len(state.cities[seat]) >= state.complete_at:
            return _turn_refusal(f"a city holds at most {state.complete_at} districts", action, "build_city_full",
                                 tile=card, most=state.complete_at)
        return _turn_refusal("they have built all they may this turn", action, "build_no_more", tile=card)
    if action.kind == "end_turn" and not turn["gathered"]:
        return _turn_refusal("a player must gather gold or cards in their turn", action, "end_gather_first")
    if action.kind == "gather" and turn["gathered"]:
        return _turn_refusal("they have already gathered this turn", action, "gather_again")
    if action.kind in ("tax", "merchant_gold", "architect_cards", "murder", "rob", "swap_hands", "exchange_cards",
                       "destroy", "laboratory", "smithy"):
        return _turn_refusal("that power is not theirs now, or already used this turn, or not allowed on that "
                             "target", action, "power_not_now")
    return None
