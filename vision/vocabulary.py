"""What vision asks a game's pack: the piece kinds' roles and sizes, the goods and the coin, read from its TableSpec.

Vision names no game's pieces. A :class:`Vocabulary` is built once from a
:class:`~companion.games.table_spec.TableSpec` (``get_pack(game).table``) and handed to the stages that need it:

* ``unique``: kinds the game has exactly one of (:func:`vision.unique_pieces.at_most_one`);
* ``coloured``: kinds that carry a player's colour (their colour is measured on the slot);
* ``passing``: kinds that stand on a place only for a while (a tile's look is not learned with one on it);
* ``hiding``: kinds tall enough to hide what stands behind them; ``heights_mm``: how tall each standing kind is,
  ``radii_mm``: each kind's radius (a counted zone's workers, :mod:`vision.worker_piles`);
* ``beside``: neutral kinds standing next to a place, whose body shows in its window; ``beside_takers``: the
  passing kinds that are not ``beside`` themselves, whose windows those pieces reach into;
* ``shows_beside``: kinds whose body shows in a near place's window for good (a house next to its square);
* ``stack``: the kind several of which pile on one space, with its height and radius (:mod:`vision.stacks`);
* ``armed``: kinds a player's hand puts down during a move (the simulated hand puts them down first);
* ``tile``: the kind that is a flat named tile (its look is enrolled by name, :mod:`vision.tiles`);
* ``cards``: card kind → the names of its faces, for the card kinds read by their face (:mod:`vision.cards`:
  each face enrolled at setup; kinds listing no faces are left out);
* ``goods`` and ``goods_piece``: what a supply zone counts by colour, and the kind those pieces are
  (``goods_side_mm``: one such piece's side); ``coin`` and ``coin_values``: the coin, never counted, only seen
  come or go (:mod:`vision.coins`);
* ``goods_colours``, ``coin_colours`` (by value) and ``piece_colours`` (neutral kinds): the nominal colours a
  camera starts from before it learns the real ones (the spec's ``colours``).

>>> from companion.games.registry import default_pack
>>> terms = Vocabulary.of(default_pack().table)
>>> set(terms.unique) <= set(terms.passing), terms.stack_height_mm > 0
(True, True)
>>> Vocabulary.of(TableSpec(pieces=())).goods
()
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from companion.games.registry import default_pack
from companion.games.table_spec import TableSpec


@dataclass(frozen=True)
class Vocabulary:
    """The roles and sizes vision reads off a game's :class:`TableSpec` (see the module docstring)."""

    unique: tuple[str, ...] = ()
    coloured: tuple[str, ...] = ()
    passing: tuple[str, ...] = ()
    hiding: tuple[str, ...] = ()
    beside: tuple[str, ...] = ()
    beside_takers: tuple[str, ...] = ()
    shows_beside: tuple[str, ...] = ()
    armed: tuple[str, ...] = ()
    heights_mm: Mapping[str, float] = field(default_factory=dict)
    radii_mm: Mapping[str, float] = field(default_factory=dict)
    stack: str | None = None
    stack_height_mm: float = 0.0
    stack_radius_mm: float = 0.0
    tile: str | None = None
    cards: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    goods: tuple[str, ...] = ()
    goods_piece: str | None = None
    goods_side_mm: float = 0.0
    coin: str | None = None
    coin_values: tuple[int, ...] = (1,)
    goods_colours: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    coin_colours: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    piece_colours: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, spec: TableSpec) -> "Vocabulary":
        stack = spec.first_where("stacks")
        tile = next((piece.name for piece in spec.pieces if piece.shape == "tile"), None)
        goods_piece = spec.kind(spec.goods_piece) if spec.goods_piece else None
        passing, beside = spec.kinds_where("passes"), spec.kinds_where("beside")
        return cls(unique=spec.kinds_where("unique"), coloured=spec.kinds_where("coloured"), passing=passing,
                   hiding=spec.kinds_where("hides"), beside=beside,
                   beside_takers=tuple(kind for kind in passing if kind not in beside),
                   shows_beside=spec.kinds_where("shows_beside"), armed=spec.kinds_where("armed"),
                   heights_mm=spec.heights_mm(), radii_mm={piece.name: piece.radius_mm for piece in spec.pieces},
                   stack=stack.name if stack else None,
                   stack_height_mm=stack.height_mm if stack else 0.0, stack_radius_mm=stack.radius_mm if stack else 0.0,
                   tile=tile, cards={piece.name: piece.faces for piece in spec.pieces
                                     if piece.shape == "card" and piece.faces},
                   goods=spec.goods, goods_piece=spec.goods_piece,
                   goods_side_mm=goods_piece.height_mm if goods_piece else 0.0,
                   coin=spec.coin, coin_values=spec.coin_values,
                   goods_colours=dict(spec.colours.get("goods", {})),
                   coin_colours={int(value): bgr for value, bgr in spec.colours.get("coins", {}).items()},
                   piece_colours=dict(spec.colours.get("pieces", {})))


_DEFAULT: list[Vocabulary] = []


def default_vocabulary() -> Vocabulary:
    """The default game's vocabulary: what a stage uses when its caller names no game."""
    if not _DEFAULT:
        _DEFAULT.append(Vocabulary.of(default_pack().table))
    return _DEFAULT[0]
