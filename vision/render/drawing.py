"""How the simulated table draws one game: read from the game pack's ``render.json`` and its TableSpec.

The renderer names no game's pieces. A pack that the simulated table can draw ships ``render.json``:

* ``solids``: piece kind → ``[shape, radius or half side mm, height mm]`` (``cylinder``, ``box``, ``house``);
* ``coins``: coin value → ``{"solid": [...], "colour": [B, G, R]}`` (drawn as the solid ``coin<value>``);
* ``colours``: ``pieces`` (neutral kinds), ``goods`` and ``tile_families`` (B, G, R); players' colours are
  the renderer's own (``styles.json``);
* ``supply``: how a seat's supply zone is laid out, in mm from its top-left corner — ``rows`` of spare pieces
  (``kind``, ``at``, ``columns``, ``pitch``, ``rows``, ``layer_mm``), the ``goods`` (one group per good,
  ``step`` apart: in a grid, or heaped round ``heap_at``), ``coins`` (stacks by value, ``above_bottom``
  of the zone, each nudged a little along its ``nudge`` axis) and ``cards`` (a supply count shown as cards fanned
  from ``at`` by ``step``: ``count`` names the count, ``kind`` and ``name`` the card);
* ``tile_art``: tile name → ``{"family", "icon", "label"}`` (:mod:`vision.render.tiles`);
* ``cards``: card kinds → ``{"size": [w, h]}`` mm, flat cards laid on the table (turned as their place), drawn from
  ``card_art``: card name → ``{"family", "pips", "glyph"}`` with ``colours.card_families`` (:mod:`vision.render.cards`).

Which kinds stack, carry the goods, are tiles or are put down by a hand comes from the pack's TableSpec
(:class:`~vision.vocabulary.Vocabulary`).

>>> from companion.games.registry import default_pack
>>> drawing = drawing_of(default_pack())
>>> drawing.solids[drawing.terms.stack][0], drawing_of(default_pack()) is drawing
('cylinder', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.games.pack import GamePack, PackError
from companion.games.registry import default_pack

from ..vocabulary import Vocabulary

COIN = "coin"      # the kind of a coin lying in a supply zone (``Piece(COIN, <coin>, "<value>")``)


@dataclass(frozen=True, eq=False)
class Drawing:
    """One game's drawing data (see the module docstring); hashed by identity, one per pack."""

    game: str
    terms: Vocabulary
    solids: Mapping[str, tuple[str, float, float]]
    coin_colours: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    piece_colours: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    goods_colours: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    tile_families: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    supply: Mapping[str, Any] = field(default_factory=dict)
    tile_art: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    cards: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    card_art: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    card_families: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    @classmethod
    def from_json(cls, game: str, terms: Vocabulary, data: Mapping[str, Any]) -> "Drawing":
        solids = {kind: (str(shape), float(size), float(height)) for kind, (shape, size, height)
                  in data.get("solids", {}).items()}
        coins = data.get("coins", {})
        for value, coin in coins.items():
            shape, size, height = coin["solid"]
            solids[f"{COIN}{int(value)}"] = (str(shape), float(size), float(height))
        colours = data.get("colours", {})
        return cls(game=game, terms=terms, solids=solids,
                   coin_colours={int(value): tuple(coin["colour"]) for value, coin in coins.items()},
                   piece_colours={k: tuple(v) for k, v in colours.get("pieces", {}).items()},
                   goods_colours={k: tuple(v) for k, v in colours.get("goods", {}).items()},
                   tile_families={k: tuple(v) for k, v in colours.get("tile_families", {}).items()},
                   supply=dict(data.get("supply", {})), tile_art=dict(data.get("tile_art", {})),
                   cards={kind: (float(c["size"][0]), float(c["size"][1])) for kind, c in data.get("cards", {}).items()},
                   card_art=dict(data.get("card_art", {})),
                   card_families={k: tuple(v) for k, v in colours.get("card_families", {}).items()})


_DRAWINGS: dict[str, Drawing] = {}


def drawing_of(pack: GamePack) -> Drawing:
    """The pack's drawing (read once); :class:`PackError` when the pack ships no ``render.json``."""
    if pack.name not in _DRAWINGS:
        if not pack.data("render.json").is_file():
            raise PackError(f"{pack.title} has no render.json: the simulated table can't draw it")
        _DRAWINGS[pack.name] = Drawing.from_json(pack.name, Vocabulary.of(pack.table), pack.data_json("render.json"))
    return _DRAWINGS[pack.name]


def default_drawing() -> Drawing:
    """The default game's drawing (where a caller names no game)."""
    return drawing_of(default_pack())
