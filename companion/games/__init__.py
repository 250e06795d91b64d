"""Rules engines and game packs. The game-neutral vocabulary lives here; each game is a pack (a subpackage).

A pack (``companion/games/<game>/``, see :mod:`.pack`) exposes:

* ``PACK``: its :class:`GamePack`, which the registry (:mod:`.registry`) finds;
* ``INFO``: its :class:`GameInfo`;
* ``new_game(players, seed, **variants) -> GameState``: a fresh game, ``players`` being colours in seat order;
* ``state_from_json(data) -> GameState``: the inverse of ``GameState.to_json``.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Mapping, Sequence

from .decisions import CHANCE, Action, Decision, Option
from .errors import RuleError
from .game import GameInfo, GameState, VariantOption
from .pack import GamePack, PackError
from .players import Colour, Player
from .rng import SeededRng
from .score import Score, winners
from .table_spec import PieceKind, TableSpec
from .table_view import Piece, TableView

__all__ = [
    "CHANCE", "Action", "Colour", "Decision", "GameInfo", "GamePack", "GameState", "Option", "PackError", "Piece",
    "PieceKind", "Player", "RuleError", "Score", "SeededRng", "TableSpec", "TableView", "VariantOption",
    "game_package", "get_pack", "load_state", "new_game", "winners",
]


def get_pack(name: str) -> GamePack:
    """The registered pack called ``name`` (see :mod:`.registry`)."""
    from .registry import get_pack as lookup

    return lookup(name)


def game_package(name: str) -> ModuleType:
    """The engine module of the game called ``name``."""
    return get_pack(name).engine


def new_game(name: str, players: Sequence[str], seed: int, **variants: Any) -> GameState:
    return get_pack(name).new_game(list(players), seed, **variants)


def load_state(data: Mapping[str, Any]) -> GameState:
    """Rebuild any game's state from its JSON (the ``game`` field says which engine)."""
    if not isinstance(data, Mapping) or "game" not in data:
        raise ValueError("not a saved game state: the JSON object has no 'game' field")
    return get_pack(str(data["game"])).state_from_json(data)
