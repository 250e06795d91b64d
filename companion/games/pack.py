"""A game pack: everything the other layers need from one game, found under ``companion/games/<game>/``.

A pack is a package that defines ``PACK = GamePack(...)`` in its ``__init__``. The engine is the package
itself (``INFO``, ``new_game``, ``state_from_json``); the other parts are optional and loaded on first use,
so importing an engine never imports OpenCV:

* ``table.json`` — the :class:`~companion.games.table_spec.TableSpec` (pieces, goods, coin, layouts);
* ``layouts/<name>.json`` — board layouts (docs/layout-format.md);
* ``perception`` — the module the reconciler asks for the game's priors, explainer and stages;
* ``tablet/`` — the board drawing (``board.js``), the guide's lessons and the translations (``i18n/<lang>.json``);
* ``lights`` — the module with the LED places, roles, default mapping and scene.

A layer that needs a part the pack does not have gets :class:`PackError` with the game's title in it.

>>> from companion.games.registry import default_pack
>>> pack = default_pack()
>>> pack.layout_path().is_file(), pack.table.coin in pack.table.counted
(True, True)
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from importlib.resources.abc import Traversable
from types import ModuleType
from typing import Any, Mapping, Sequence

from .errors import RuleError
from .game import GameInfo, GameState
from .table_spec import TableSpec


class PackError(LookupError):
    """A layer asked a pack for something the pack does not provide; the message names the game and the part."""


@dataclass(frozen=True, eq=False)
class GamePack:
    """One game's pack. ``package`` is its Python package; ``default`` marks the game used when none is named."""

    package: str
    default: bool = False

    # ---- the engine -----------------------------------------------------------------------------------------

    @cached_property
    def engine(self) -> ModuleType:
        return importlib.import_module(self.package)

    @property
    def info(self) -> GameInfo:
        return self.engine.INFO

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def title(self) -> str:
        return self.info.title

    def new_game(self, players: Sequence[str], seed: int, **variants: Any) -> GameState:
        return self.engine.new_game(list(players), int(seed), **variants)

    def state_from_json(self, data: Mapping[str, Any]) -> GameState:
        return self.engine.state_from_json(data)

    # ---- data files and optional parts ----------------------------------------------------------------------

    def data(self, relative: str) -> Traversable:
        """A file shipped in the pack's folder (it may not exist: check ``.is_file()``)."""
        return resources.files(self.package).joinpath(relative)

    def data_json(self, relative: str) -> Any:
        path = self.data(relative)
        if not path.is_file():
            raise PackError(f"{self.title} has no {relative}")
        return json.loads(path.read_text(encoding="utf-8"))

    def has_part(self, part: str) -> bool:
        """Whether the pack has the module ``part`` (``"perception"``, ``"lights"`` …)."""
        return importlib.util.find_spec(f"{self.package}.{part}") is not None

    def part(self, part: str) -> ModuleType:
        if not self.has_part(part):
            raise PackError(f"{self.title} has no {part} part (companion/games/{self.name}/{part}.py)")
        return importlib.import_module(f"{self.package}.{part}")

    @cached_property
    def table(self) -> TableSpec:
        """The game's pieces, goods, coin and layouts (an empty spec when the pack ships no ``table.json``)."""
        path = self.data("table.json")
        if not path.is_file():
            return TableSpec(pieces=())
        return TableSpec.from_json(json.loads(path.read_text(encoding="utf-8")))

    def layout_path(self, name: str | None = None) -> Traversable:
        """The file of one of the pack's layouts (its default layout when ``name`` is None)."""
        name = name or self.table.default_layout
        if name is None:
            raise PackError(f"{self.title} ships no board layout")
        return self.data(f"layouts/{name}.json")

    def translations(self, language: str) -> dict[str, str]:
        """The pack's own strings in ``language`` (``{}`` when it ships none)."""
        path = self.data(f"tablet/i18n/{language}.json")
        return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}

    def __repr__(self) -> str:
        return f"GamePack({self.package!r})"


def check_players(pack: GamePack, players: Sequence[str]) -> None:
    """Refuse a seat list the game can't be played with, in a sentence naming the game."""
    info = pack.info
    if not info.min_players <= len(players) <= info.max_players:
        raise RuleError(f"{info.title} is for {info.min_players} to {info.max_players} players, not {len(players)}")
