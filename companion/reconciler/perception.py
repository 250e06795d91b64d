"""What the reconciler takes from a game's pack: its perception part and data, looked up by game name.

A pack may ship, both optional (docs/game-packs.md, docs/reconciler.md):

* ``perception.json`` — what no player can change on the table (:class:`~.fixtures.Fixtures`: tracks, slots that
  never change or empty, rows filled in order …) and ``destinations``: decision kind → the piece kinds the decider
  puts down on an empty slot (``"*"``: any decision, any colour);
* ``perception.py`` — ``explain(state, residual, players)``: what an unexplained change looks like, as decisions the
  engine refuses in its own words (:data:`.explain.Explainer`).

A game without them is reconciled with the generic model alone: no fixtures, illegal changes named by slot.

>>> fixtures_of("no-such-game") is None and explainer_of("no-such-game") is None
True
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from companion.games import RuleError
from companion.games.pack import GamePack
from companion.games.registry import get_pack

from .explain import Explainer
from .fixtures import Fixtures


def _pack(game: str) -> GamePack | None:
    try:
        return get_pack(game)
    except RuleError:
        return None


@lru_cache(maxsize=None)
def perception_data(game: str) -> Mapping[str, Any]:
    """The pack's ``perception.json`` (``{}`` when the game or the file is missing)."""
    pack = _pack(game)
    if pack is None or not pack.data("perception.json").is_file():
        return {}
    return dict(pack.data_json("perception.json"))


@lru_cache(maxsize=None)
def fixtures_of(game: str) -> Fixtures | None:
    """What ``game``'s players can't change on the table; None when its pack says nothing of it."""
    data = perception_data(game)
    return Fixtures.from_json(data) if data else None


def explainer_of(game: str) -> Explainer | None:
    """The pack's ``perception.explain``; None when it has no perception part."""
    pack = _pack(game)
    if pack is None or not pack.has_part("perception"):
        return None
    return pack.part("perception").explain


@lru_cache(maxsize=None)
def destinations(game: str) -> Mapping[str, frozenset[str]]:
    """Decision kind → the piece kinds its decider puts on an empty slot (``"*"``: for any decision, any colour)."""
    return {kind: frozenset(pieces) for kind, pieces in perception_data(game).get("destinations", {}).items()}


@lru_cache(maxsize=None)
def armed_kinds(game: str) -> frozenset[str]:
    """The piece kinds only their owner's hand puts down (the pack's ``table.json``: ``armed``)."""
    pack = _pack(game)
    return frozenset(piece.name for piece in pack.table.pieces if piece.armed) if pack is not None else frozenset()
