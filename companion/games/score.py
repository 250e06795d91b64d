"""Scores with their breakdown, and the winners (all tied leaders win)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence


@dataclass(frozen=True)
class Score:
    """One player's prestige and where it came from.

    ``breakdown`` maps a category ("buildings", "castle", "favours", "penalties", "end_game" …) to the
    points it gave; the categories sum to ``total``. ``tiebreak`` is compared only when totals tie
    (games without a tie-break leave it empty, so tied players share the win).
    """

    player: int
    total: int
    breakdown: Mapping[str, int] = field(default_factory=dict)
    tiebreak: tuple[int, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {"player": self.player, "total": self.total, "breakdown": dict(self.breakdown),
                "tiebreak": list(self.tiebreak)}


def winners(scores: Sequence[Score]) -> list[int]:
    """Seats of every player with the best (total, tiebreak); several on a tie.

    >>> winners([Score(0, 40), Score(1, 52), Score(2, 52)])
    [1, 2]
    """
    if not scores:
        return []
    best = max((s.total, s.tiebreak) for s in scores)
    return [s.player for s in scores if (s.total, s.tiebreak) == best]


def breakdown_total(breakdown: Mapping[str, int]) -> int:
    return sum(breakdown.values())
