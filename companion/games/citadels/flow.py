"""The round as a state machine: the deal, then rounds of choosing characters and calling them in rank order.

A position waits on the top step of its ``queue`` when there is one (:mod:`.turn`), otherwise on its phase:
``deal`` (the starting hands, drawn card by card), ``draft`` (:mod:`.draft`), ``call`` (the crowned player calls
the next rank: a chance decision with one outcome, since the table sees who answers), ``turn`` (the called
character's player). A murdered character's call is answered by nobody; its card is shown when the round ends,
and a murdered King's player then takes the crown as heir. The game ends with the round in which a city is
completed.
"""

from __future__ import annotations

from typing import Any

from ..decisions import CHANCE, Action, Decision, Option
from . import draft, turn
from .data import character_by_rank, character_ids, rank, rules, title
from .explain import refusal
from .state import CitadelsState

LAST_RANK = len(character_ids())


def current_decision(state: CitadelsState) -> Decision | None:
    if state.phase == "over":
        return None
    if state.queue:
        return turn.step_decision(state, state.queue[-1])
    if state.phase == "draft":
        return draft.decision(state)
    if state.phase == "call":
        character = character_by_rank(state.calling).id
        option = Option(Action(CHANCE, "call", {"character": character}), label=f"Call the {title(character)}")
        return Decision(CHANCE, "call", (option,), {"round": state.round, "rank": state.calling})
    return turn.turn_decision(state)


def apply_action(state: CitadelsState, action: Action) -> CitadelsState:
    decision = state.pending()
    if decision is None or not decision.offers(action):
        raise refusal(state, decision, action)
    after = state.clone()
    if after.queue:
        turn.apply_step(after, after.queue.pop(), action)
    elif after.phase == "draft":
        draft.apply(after, action)
    elif after.phase == "call":
        call(after)
    elif action.kind == "end_turn":
        end_turn(after)
    else:
        turn.apply_turn(after, action)
    advance(after)
    return after


def advance(state: CitadelsState) -> None:
    """Do the steps that ask nothing, and start the first round once the hands are dealt."""
    while True:
        if state.queue:
            frame = state.queue[-1]
            if turn.step_decision(state, frame) is None:
                state.queue.pop()
                turn.finish_step(state, frame)
                continue
        elif state.phase == "deal":
            draft.start_round(state)
            continue
        return


def call(state: CitadelsState) -> None:
    """The crowned player calls the next rank: its player reveals it and plays, unless it is murdered or unchosen."""
    character = character_by_rank(state.calling).id
    seat = state.holder(character)
    state.events.append({"type": "called", "character": character})
    if seat is None or state.calling == state.murdered:
        next_call(state)
        return
    state.revealed.append(state.calling)
    state.events.append({"type": "revealed", "seat": seat, "character": character})
    if state.calling == state.robbed:
        thief = state.holder("thief")
        stolen = state.gold[seat]
        state.gold[seat] = 0
        state.gold[thief] += stolen
        state.events.append({"type": "robbed", "seat": thief, "from": seat, "gold": stolen})
    if character == "king":
        state.crown = seat
        state.events.append({"type": "crown", "seat": seat, "why": "king"})
    state.turn = {"rank": state.calling, "seat": seat, "gathered": False, "built": 0, "used": []}
    state.phase = "turn"


def end_turn(state: CitadelsState) -> None:
    state.events.append({"type": "turn_ended", "seat": state.turn["seat"],
                         "character": character_by_rank(state.turn["rank"]).id})
    state.turn = None
    next_call(state)


def next_call(state: CitadelsState) -> None:
    state.calling += 1
    state.phase = "call"
    if state.calling > LAST_RANK:
        end_round(state)


def end_round(state: CitadelsState) -> None:
    """The murdered card is shown (a murdered King's player takes the crown); a completed city ends the game."""
    if state.murdered is not None:
        character = character_by_rank(state.murdered).id
        seat = state.holder(character)
        state.events.append({"type": "murdered_shown", "character": character, "seat": seat})
        if character == "king" and seat is not None:
            state.crown = seat
            state.events.append({"type": "crown", "seat": seat, "why": "heir"})
    state.events.append({"type": "round_ended", "round": state.round})
    if state.completed:
        state.phase, state.calling = "over", 0
        state.events.append({"type": "game_over"})
        return
    state.round += 1
    draft.start_round(state)


def deal_frames(players: int) -> list[dict[str, Any]]:
    """The starting hands as draw steps, seat 0's first (the top of the stack is the end of the list)."""
    frames = [{"type": "draw", "seat": seat, "into": "hand", "why": "deal"}
              for seat in range(players) for _ in range(rules()["start_hand"])]
    return frames[::-1]


__all__ = ["advance", "apply_action", "current_decision", "deal_frames", "rank"]
