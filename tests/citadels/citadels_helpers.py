"""Scenario helpers for the Citadels tests: a table dealt and drafted as a test wants it, then decisions by name.

``deal`` plays the starting hands' chance decisions with chosen cards; ``draft`` turns up, puts aside and picks
the characters a test names; ``adjust`` edits a position (gold, cities …) the way a scenario needs before it goes
on through the real rules; ``act`` takes one option of the pending decision by its kind and arguments.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from companion.games import CHANCE, Action
from companion.games.citadels import new_game
from companion.games.citadels.data import full_deck

COLOURS = ("red", "blue", "green", "yellow", "black", "orange", "purple")
# Cards dealt to fill the hands a test does not name, so that the cards tests draw and build stay in the deck.
SPARE_FIRST = ("town_hall", "harbor", "cathedral", "trading_post", "barracks", "university", "dragon_gate", "map_room",
               "imperial_treasury", "school_of_magic", "haunted_quarter")


def act(state, kind: str, player: int | None = None, **args: Any):
    """Apply the pending decision's option of ``kind`` with ``args`` (its player unless named)."""
    decision = state.pending()
    assert decision is not None, "the game is over"
    seat = decision.player if player is None else player
    action = Action(seat, kind, args)
    assert decision.offers(action), f"{action} is not offered; options: {[str(a) for a in decision.actions][:12]}"
    return state.apply(action)


def options(state, kind: str | None = None) -> list[Action]:
    return [a for a in state.pending().actions if kind is None or a.kind == kind]


def deal(players: int, hands: Mapping[int, Iterable[str]] | None = None, **variants):
    """A game with its starting hands dealt: the cards a test names, the rest the first cards of the deck in order."""
    state = new_game(list(COLOURS[:players]), seed=1, **variants)
    wanted = {seat: list(cards) for seat, cards in (hands or {}).items()}
    spare = full_deck()
    for cards in wanted.values():
        for card in cards:
            spare.remove(card)
    spare.sort(key=lambda card: SPARE_FIRST.index(card) if card in SPARE_FIRST else len(SPARE_FIRST))
    while state.phase == "deal":
        seat = state.pending().context["seat"]
        card = wanted[seat].pop(0) if wanted.get(seat) else spare.pop(0)
        state = act(state, "draw", district=card)
    return state


def draft(state, faceup: Iterable[str] = (), facedown: Iterable[str] = (), picks: Iterable[str] = ()):
    """Play the round's choosing: these face-up and face-down cards, then each pick in the draft's order."""
    for card in faceup:
        state = act(state, "faceup", character=card)
    for card in facedown:
        state = act(state, "facedown", character=card)
    for card in picks:
        kind = state.pending().kind
        state = act(state, kind, character=card)
    return state


def adjust(state, **fields: Any):
    """A copy of ``state`` with fields replaced (a scenario's starting position), its pending decision recomputed."""
    other = state.clone()
    for name, value in fields.items():
        setattr(other, name, value)
    return other


def call_until(state, character: str):
    """Let the crowned player call ranks until ``character``'s turn begins; no other character may answer first."""
    while state.phase == "call":
        state = state.apply(state.pending().actions[0])
    assert state.phase == "turn", f"the round ended before the {character} was called"
    answered = state.pending().context["character"]
    assert answered == character, f"the {answered} answered before the {character}"
    return state


def play_gold_turn(state, character: str):
    """Call ``character`` and play its turn plainly: take 2 gold, end the turn."""
    return end_turn(act(call_until(state, character), "gather", take="gold"))


def events_of(state, kind: str) -> list[dict]:
    return [event for event in state.events if event["type"] == kind]


def end_turn(state):
    return act(state, "end_turn")


def finish_round(state):
    """End every remaining turn (gathering gold first) and call every remaining rank."""
    round_now = state.round
    while state.round == round_now and not state.is_over:
        decision = state.pending()
        if decision.kind == "call":
            state = state.apply(decision.actions[0])
        elif decision.kind == "turn":
            gather = [a for a in decision.actions if a.kind == "gather" and a.arg("take") == "gold"]
            state = state.apply(gather[0] if gather else Action(decision.player, "end_turn"))
        else:
            state = state.apply(decision.actions[0])
    return state


__all__ = ["CHANCE", "act", "adjust", "call_until", "play_gold_turn", "deal", "draft", "end_turn", "events_of", "finish_round",
           "options"]
