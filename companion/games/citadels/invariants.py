"""Checks that must hold in every Citadels position, shared by the tests and ``companion simulate``.

Every one of the 68 cards is in exactly one place (the deck, under it, a hand, cards being chosen among, a city,
or waiting on the Graveyard's offer); gold is never negative; no city holds two of a district or more than a
complete city; each of the 8 characters is in one place once the round's cards are set out, never the King face
up; the score equals its breakdown; the completed cities are complete.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .data import character_ids, deck_counts, district, draft_rules, rules
from .state import CitadelsState


def violations(state: CitadelsState) -> list[str]:
    """Every broken invariant of ``state``, as readable sentences (empty when all is well)."""
    found = _card_violations(state) + _character_violations(state)
    for seat, colour in enumerate(state.colours):
        if state.gold[seat] < 0:
            found.append(f"{colour} owes gold: {state.gold[seat]}")
        city = state.cities[seat]
        if len(set(city)) != len(city):
            found.append(f"{colour}'s city holds two of a district: {city}")
        if len(city) > state.complete_at:
            found.append(f"{colour}'s city holds {len(city)} districts, more than {state.complete_at}")
        if len(state.built_round[seat]) != len(city):
            found.append(f"{colour}'s city and its build rounds differ in length")
        if state.drawn[seat] and not any(f["type"] == "keep" and f["seat"] == seat for f in state.queue):
            found.append(f"{colour} holds drawn cards with nothing to choose")
    for seat in state.completed:
        if not state.is_complete(seat):
            found.append(f"{state.colours[seat]} is listed as complete with {len(state.cities[seat])} districts")
    if len(set(state.completed)) != len(state.completed):
        found.append(f"a city completed twice: {state.completed}")
    for score in state.scores():
        if sum(score.breakdown.values()) != score.total:
            found.append(f"{state.colours[score.player]}'s score {score.total} is not its breakdown")
    if not 0 <= state.crown < state.player_count:
        found.append(f"the crown is at seat {state.crown}")
    return found


def _card_violations(state: CitadelsState) -> list[str]:
    places = Counter(state.deck) + Counter(state.bottom)
    for seat in range(state.player_count):
        places += Counter(state.hands[seat]) + Counter(state.drawn[seat]) + Counter(state.cities[seat])
    places += Counter(frame["district"] for frame in state.queue if frame["type"] == "graveyard")
    if places != deck_counts():
        lost = (deck_counts() - places) + (places - deck_counts())
        return [f"district cards lost or doubled: {sorted(lost)[:4]}"]
    return []


def _character_violations(state: CitadelsState) -> list[str]:
    found = []
    if rules()["never_faceup"] in state.faceup:
        found.append("the King lies face up")
    if state.phase in ("call", "turn") or (state.phase == "over" and any(state.picks)):
        held = [c for picks in state.picks for c in picks] + state.faceup + state.facedown + state.draft_cards
        if sorted(held) != sorted(character_ids()):
            found.append(f"the characters are not all in one place each: {sorted(held)}")
        each = draft_rules(state.player_count)["characters_each"]
        if any(len(picks) != each for picks in state.picks):
            found.append(f"a seat holds the wrong number of characters: {state.picks}")
    if state.murdered is not None and state.murdered in state.revealed:
        found.append("the murdered character was revealed")
    return found


def transition_violations(before: CitadelsState, after: CitadelsState) -> list[str]:
    """Between consecutive states: rounds only grow, a completed city stays complete, a finished game stays over."""
    found = []
    if after.round < before.round:
        found.append(f"round went back from {before.round} to {after.round}")
    if after.completed[:len(before.completed)] != before.completed:
        found.append(f"the order of completed cities changed: {before.completed} → {after.completed}")
    if before.is_over and not after.is_over:
        found.append("a finished game started again")
    if after.robbed is not None and after.robbed in (1, after.murdered):
        found.append("the Thief robbed the Assassin or the murdered character")
    for seat in range(before.player_count):
        gone = Counter(before.cities[seat]) - Counter(after.cities[seat])
        if gone and before.is_complete(seat):
            found.append(f"a district left {before.colours[seat]}'s completed city")
        if sum(gone.values()) > 1:
            found.append(f"{sum(gone.values())} districts left {before.colours[seat]}'s city at once")
    return found


def describe(state: Any) -> str:
    return f"round {state.round}, phase {state.phase}"


__all__ = ["describe", "district", "transition_violations", "violations"]
