"""What a game puts on the table, as the camera and the simulated table need to know it: a value read from the pack.

A :class:`TableSpec` lists the piece kinds with their geometry and roles, the goods counted in front of
each player, the coin, and the pack's board layouts. Vision, the renderer and the reconciler read these
values instead of naming any game's pieces.

>>> spec = TableSpec.from_json({"pieces": [{"name": "worker", "shape": "cylinder", "height_mm": 15,
...     "radius_mm": 7, "coloured": True, "hides": True}], "goods": ["wood"], "coin": "denier", "layouts": ["demo"]})
>>> spec.kind("worker").height_mm, spec.kinds_where("hides"), spec.counted
(15.0, ('worker',), ('wood', 'denier'))
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Mapping

SHAPES = ("cylinder", "cube", "disc", "house", "cuboid", "tile", "card", "marker")


@dataclass(frozen=True)
class PieceKind:
    """One kind of physical piece.

    * ``shape``, ``height_mm``, ``radius_mm``: its body (a flat piece has height ≤ 5 mm and does not lean);
    * ``coloured``: it carries a player's colour; ``unique``: the game has exactly one on the table;
    * ``stacks``: several may lie on one spot (discs on a track); ``passes``: it stands on a place only for a while
      (a worker on a tile); ``hides``: tall enough to hide what stands behind it from the camera;
      ``beside``: a neutral piece that stands next to a place and may lean into its window;
      ``shows_beside``: a piece near a place whose body shows in that place's window (a house next to its square);
      ``armed``: put down by a player's hand during their move (the arm-side witness watches it);
    * ``faces``: for a card kind, the names of its distinct faces (what the camera enrols at setup, shown once
      each: :mod:`vision.cards`); empty when the game's cards are not read by their face.
    """

    name: str
    shape: str
    height_mm: float = 0.0
    radius_mm: float = 0.0
    coloured: bool = False
    unique: bool = False
    stacks: bool = False
    passes: bool = False
    hides: bool = False
    beside: bool = False
    shows_beside: bool = False
    armed: bool = False
    faces: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "PieceKind":
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"piece kind {data.get('name')!r}: unknown field(s) {', '.join(unknown)}")
        if data.get("shape") not in SHAPES:
            raise ValueError(f"piece kind {data.get('name')!r}: shape must be one of {', '.join(SHAPES)}")
        values = dict(data)
        for number in ("height_mm", "radius_mm"):
            values[number] = float(values.get(number, 0.0))
        values["faces"] = tuple(str(face) for face in values.get("faces", ()))
        return cls(**values)


@dataclass(frozen=True)
class TableSpec:
    """A game's pieces, counted goods, coin and layouts (the default layout first).

    ``goods_piece`` is the piece kind the goods are made of (one piece per good counted, coloured by the good's
    name: ``Piece(goods_piece, "wood")``); None when the game's goods are no pieces on the table.
    ``colours`` are the nominal colours (B, G, R) of what carries no player's colour, as a camera sees them before
    it learns the real ones: ``goods`` (good → colour), ``coins`` (value → colour), ``pieces`` (neutral kind →
    colour) and ``tile_families`` (family → colour).
    """

    pieces: tuple[PieceKind, ...]
    goods: tuple[str, ...] = ()
    goods_piece: str | None = None
    coin: str | None = None
    coin_values: tuple[int, ...] = (1,)
    layouts: tuple[str, ...] = ()
    colours: Mapping[str, Mapping[str, tuple[int, ...]]] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)

    def kind(self, name: str) -> PieceKind:
        for piece in self.pieces:
            if piece.name == name:
                return piece
        raise KeyError(f"no piece kind {name!r}; the game has {', '.join(self.kind_names)}")

    @property
    def kind_names(self) -> tuple[str, ...]:
        return tuple(piece.name for piece in self.pieces)

    def kinds_where(self, role: str) -> tuple[str, ...]:
        """The names of the piece kinds with ``role`` set (``"unique"``, ``"hides"``, ``"coloured"`` …)."""
        return tuple(piece.name for piece in self.pieces if getattr(piece, role))

    def heights_mm(self) -> dict[str, float]:
        """Standing height of each piece that leans toward the camera (flat pieces left out)."""
        return {piece.name: piece.height_mm for piece in self.pieces if piece.height_mm > 5.0}

    def first_where(self, role: str) -> PieceKind | None:
        """The first piece kind with ``role`` set (None when no kind has it)."""
        return next((piece for piece in self.pieces if getattr(piece, role)), None)

    @property
    def counted(self) -> tuple[str, ...]:
        """Everything counted in a player's zone: the goods, then the coin."""
        return self.goods + ((self.coin,) if self.coin else ())

    @property
    def default_layout(self) -> str | None:
        return self.layouts[0] if self.layouts else None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "TableSpec":
        return cls(pieces=tuple(PieceKind.from_json(p) for p in data.get("pieces", [])),
                   goods=tuple(data.get("goods", [])), goods_piece=data.get("goods_piece"), coin=data.get("coin"),
                   coin_values=tuple(int(v) for v in data.get("coin_values", [1])),
                   layouts=tuple(data.get("layouts", [])),
                   colours={group: {name: tuple(bgr) for name, bgr in named.items()}
                            for group, named in data.get("colours", {}).items()},
                   extra=dict(data.get("extra", {})))
