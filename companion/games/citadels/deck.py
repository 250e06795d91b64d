"""The district deck as the table knows it: a shuffled part nobody has seen, and known cards put under it.

Drawing is a chance decision (:func:`draw_decision`): from the shuffled part each kind of card is an outcome
weighed by how many of it are left there; once that part is used up, the next card under it is the only outcome.
The card drawn is secret to the seat that draws it.

>>> from collections import Counter
>>> outcomes = draw_outcomes(["castle", "castle", "temple"], [])
>>> [(district, weight) for district, weight in outcomes]
[('castle', 2.0), ('temple', 1.0)]
>>> draw_outcomes([], ["keep", "market"])
[('keep', 1.0)]
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..decisions import CHANCE, Action, Decision, Option
from .data import title


def draw_outcomes(deck: list[str], bottom: list[str]) -> list[tuple[str, float]]:
    """Every card the next draw may be, with its weight (nothing when the deck is empty)."""
    if deck:
        return [(card, float(count)) for card, count in sorted(Counter(deck).items())]
    return [(bottom[0], 1.0)] if bottom else []


def draw_decision(state: Any, seat: int, why: str) -> Decision:
    options = tuple(Option(Action(CHANCE, "draw", {"district": card}), label=f"{title(card)} drawn", weight=weight)
                    for card, weight in draw_outcomes(state.deck, state.bottom))
    return Decision(CHANCE, "draw", options, {"seat": seat, "why": why}, private_to=seat)


def take(state: Any, card: str) -> None:
    """Take ``card`` off the deck (it is the card drawn: from the shuffled part, or the next one under it)."""
    if state.deck:
        state.deck.remove(card)
    else:
        state.bottom.pop(0)


def put_under(state: Any, cards: list[str]) -> None:
    """Put cards under the deck, face down (several at once in name order)."""
    state.bottom.extend(sorted(cards))
