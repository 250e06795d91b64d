"""Citadels (Classic edition): the complete rules as a state machine any front end can drive.

Chance is the table's: every district card dealt or drawn, and the characters put aside each round, are chance
decisions; secrets (the hands, the characters chosen until called, the cards kept or put under the deck) are
decisions private to one seat. The seed rulebook (003_ebe05c8a07613398) is the authority.

>>> from companion.games.citadels import new_game
>>> from companion.games.playout import random_playout
>>> state = new_game(["red", "blue", "green", "yellow"], seed=7)
>>> state.pending().kind, state.pending().is_chance, state.pending().is_secret
('draw', True, True)
>>> final = random_playout(state, seed=7).final
>>> final.is_over, max(len(city) for city in final.cities)
(True, 7)
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..game import GameInfo, VariantOption
from ..pack import GamePack
from .setup import COLOURS, check_variant_values, new_state
from .state import CitadelsState

INFO = GameInfo(
    name="citadels",
    title="Citadels",
    min_players=2,
    max_players=7,
    colours=COLOURS,
    variants=(
        VariantOption("classic_city", False,
                      "The seed's classic variant for 4-7 players: a city is complete at 8 districts, not 7 "
                      "(2 and 3 players always play to 8).", (False, True)),
        VariantOption("haunted_quarter_last_round", False,
                      "The 2000 edition's limit: the Haunted Quarter counts as no other type when it was built in "
                      "the last round.", (False, True)),
    ),
)


def new_game(players: Sequence[str], seed: int, **variants: Any) -> CitadelsState:
    """A fresh game: ``players`` are colours in seat order (clockwise, the crown's holder first)."""
    chosen = check_variant_values(INFO.check_variants(variants))
    return new_state(players, int(seed), chosen)


def state_from_json(data: Mapping[str, Any]) -> CitadelsState:
    return CitadelsState.from_json(data)


PACK = GamePack(__name__)

__all__ = ["INFO", "PACK", "CitadelsState", "new_game", "state_from_json"]
