"""Caylus 1303 (2019): the complete rules as a state machine any front end can drive.

Setup is the table's: the tiles laid out, the first player and the characters drawn are chance decisions.

>>> from companion.games.caylus1303 import new_game
>>> from companion.games.playout import random_playout
>>> state = new_game(["blue", "red", "green"], seed=7)
>>> state.pending().is_chance, state.pending().kind
(True, 'setup_tile')
>>> final = random_playout(state, seed=7).final
>>> final.is_over, final.round
(True, 9)
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..game import GameInfo, VariantOption
from ..pack import GamePack
from .setup import COLOURS, check_variant_values, new_state
from .state import Caylus1303State

INFO = GameInfo(
    name="caylus1303",
    title="Caylus 1303",
    min_players=2,
    max_players=5,
    colours=COLOURS,
    variants=(
        VariantOption("first_game_characters", False,
                      "The rulebook's recommended first game: a fixed set of players + 3 characters instead of "
                      "drawing them (characters.json, 'first_game')."),
    ),
)


def new_game(players: Sequence[str], seed: int, **variants: Any) -> Caylus1303State:
    """A fresh game: ``players`` are colours in seat order (clockwise). The table then lays out the tiles."""
    chosen = check_variant_values(INFO.check_variants(variants))
    return new_state(players, int(seed), chosen)


def state_from_json(data: Mapping[str, Any]) -> Caylus1303State:
    return Caylus1303State.from_json(data)


PACK = GamePack(__name__)

__all__ = ["INFO", "PACK", "Caylus1303State", "new_game", "state_from_json"]
