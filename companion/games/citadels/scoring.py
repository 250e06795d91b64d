"""Final scoring with its breakdown (the seed's 遊戲結束 list), and the tie-break.

Each district scores its cost; a city with all five types scores 3 (the Haunted Quarter counting as whichever
type is missing); the first completed city 4, every other completed city 2; the Dragon Gate and the University
2 more each; the Map Room 1 a card in hand, the Imperial Treasury 1 a gold. Ties go to the tied player whose
character this last round had the highest rank (with two characters each, the higher of the two): the tie-break
is known only once the game is over, since before then it would tell the characters chosen.
"""

from __future__ import annotations

from typing import Any

from ..score import Score
from .data import TYPES, district, rank, rules

RULES = rules()
CATEGORIES = ("districts", "all_types", "first_complete", "complete", "extra_points", "map_room",
              "imperial_treasury")


def has_all_types(state: Any, seat: int) -> bool:
    """Whether the city shows the five types, the Haunted Quarter standing in for a missing one."""
    city = state.cities[seat]
    haunted = [i for i, d in enumerate(city) if district(d).effect == "any_type_at_end"]
    if haunted and not _haunted_barred(state, seat, haunted[0]):
        others = {district(d).type for i, d in enumerate(city) if i != haunted[0]}
        return len(others) >= len(TYPES) - 1
    return {district(d).type for d in city} == set(TYPES)


def _haunted_barred(state: Any, seat: int, index: int) -> bool:
    """The 2000-edition limit (variant ``haunted_quarter_last_round``): not when built in the last round."""
    return bool(state.variants.get("haunted_quarter_last_round")) and state.built_round[seat][index] == state.round


def breakdown(state: Any, seat: int) -> dict[str, int]:
    city = state.cities[seat]
    owns = {district(d).effect for d in city}
    completed = state.completed
    return {
        "districts": sum(district(d).cost for d in city),
        "all_types": RULES["all_types_bonus"] if has_all_types(state, seat) else 0,
        "first_complete": RULES["first_complete_bonus"] if completed[:1] == [seat] else 0,
        "complete": RULES["complete_bonus"] if seat in completed[1:] else 0,
        "extra_points": sum(district(d).extra_points for d in city),
        "map_room": len(state.hands[seat]) if "point_per_card" in owns else 0,
        "imperial_treasury": state.gold[seat] if "point_per_gold" in owns else 0,
    }


def tiebreak(state: Any, seat: int) -> tuple[int, ...]:
    if not state.is_over or not state.picks[seat]:
        return ()
    return (max(rank(c) for c in state.picks[seat]),)


def scores(state: Any) -> list[Score]:
    found = []
    for seat in range(state.player_count):
        parts = breakdown(state, seat)
        found.append(Score(seat, sum(parts.values()), parts, tiebreak(state, seat)))
    return found
