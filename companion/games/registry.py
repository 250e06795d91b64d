"""The registry of game packs: every subpackage of ``companion.games`` that defines ``PACK``, plus registered extras.

No layer keeps its own list of games: they ask :func:`get_pack` and :func:`all_packs`.

>>> from companion.games.registry import all_packs, default_pack
>>> default_pack().name in [pack.name for pack in all_packs()]
True
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from .errors import RuleError
from .pack import GamePack

_EXTRA: dict[str, GamePack] = {}


@lru_cache(maxsize=1)
def _shipped() -> dict[str, GamePack]:
    import companion.games as games

    found: dict[str, GamePack] = {}
    for module in pkgutil.iter_modules(games.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{games.__name__}.{module.name}")
        pack = getattr(package, "PACK", None)
        if isinstance(pack, GamePack):
            found[pack.name] = pack
    return found


def all_packs() -> list[GamePack]:
    """Every known pack, the default first, then by name."""
    packs = {**_shipped(), **_EXTRA}
    return sorted(packs.values(), key=lambda pack: (not pack.default, pack.name))


def game_names() -> list[str]:
    return [pack.name for pack in all_packs()]


def get_pack(name: str) -> GamePack:
    """The pack called ``name``; :class:`RuleError` listing the known games otherwise."""
    packs = {**_shipped(), **_EXTRA}
    if name not in packs:
        raise RuleError(f"unknown game {name!r}; known games: {', '.join(sorted(packs))}")
    return packs[name]


def default_pack() -> GamePack:
    """The game used where a command or a screen needs one and none is named."""
    return all_packs()[0]


def register(pack: GamePack) -> GamePack:
    """Add a pack that lives outside ``companion.games`` (a test game, a user's own pack)."""
    _EXTRA[pack.name] = pack
    return pack


def unregister(name: str) -> None:
    _EXTRA.pop(name, None)
