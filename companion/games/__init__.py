"""Rules engines. The game-neutral vocabulary lives here; each game is a subpackage.

A game package (``companion.games.caylus`` …) exposes:

* ``INFO``: its :class:`GameInfo`;
* ``new_game(players, seed, **variants) -> GameState``: a fresh game, ``players`` being colours in seat order;
* ``state_from_json(data) -> GameState``: the inverse of ``GameState.to_json``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Mapping, Sequence

from .decisions import Action, Decision, Option
from .errors import RuleError
from .game import GameInfo, GameState, VariantOption
from .players import Colour, Player
from .rng import SeededRng
from .score import Score, winners
from .table_view import Piece, TableView

GAME_PACKAGES = {"caylus": "companion.games.caylus"}

__all__ = [
    "Action", "Colour", "Decision", "GameInfo", "GameState", "Option", "Piece", "Player", "RuleError",
    "Score", "SeededRng", "TableView", "VariantOption", "game_package", "load_state", "new_game", "winners",
]


def game_package(name: str) -> ModuleType:
    if name not in GAME_PACKAGES:
        raise RuleError(f"unknown game {name!r}; known games: {', '.join(sorted(GAME_PACKAGES))}")
    return importlib.import_module(GAME_PACKAGES[name])


def new_game(name: str, players: Sequence[str], seed: int, **variants: Any) -> GameState:
    return game_package(name).new_game(list(players), seed, **variants)


def load_state(data: Mapping[str, Any]) -> GameState:
    """Rebuild any game's state from its JSON (the ``game`` field says which engine)."""
    if not isinstance(data, Mapping) or "game" not in data:
        raise ValueError("not a saved game state: the JSON object has no 'game' field")
    return game_package(str(data["game"])).state_from_json(data)
