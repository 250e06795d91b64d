"""Architects of the West Kingdom (Garphill Games, 2018): the complete base-game rules as a state machine.

Setup is the table's: the first player, the Black Market cards, the apprentices turned up and the building cards
dealt are chance decisions; a card drawn into a hand is secret to its seat.

>>> from companion.games.architects import new_game
>>> from companion.games.playout import random_playout
>>> final = random_playout(new_game(["red", "blue", "green"], seed=7), seed=7).final
>>> final.is_over, len(final.scores())
(True, 3)
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..game import GameInfo
from ..pack import GamePack
from .setup_steps import COLOURS, new_data
from .state import ArchitectsState

INFO = GameInfo(name="architects", title="Architects of the West Kingdom", min_players=2, max_players=5,
                colours=COLOURS)


def new_game(players: Sequence[str], seed: int, **variants: Any) -> ArchitectsState:
    """A fresh game: ``players`` are colours in seat order (clockwise). The table then draws the first player."""
    chosen = INFO.check_variants(variants)
    from .flow import settle
    data = new_data(players, int(seed), chosen)
    settle(data)
    data.pop("_events", None)
    return ArchitectsState(data)


def state_from_json(data: Mapping[str, Any]) -> ArchitectsState:
    return ArchitectsState.from_json(data)


PACK = GamePack(__name__)

__all__ = ["INFO", "PACK", "ArchitectsState", "new_game", "state_from_json"]
