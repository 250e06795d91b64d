"""What the camera pipeline reports for one frame: per-slot probabilities, goods counts, and whether to trust it.

This is the contract between ``vision`` (which knows images) and the reconciler (which knows rules).
A slot's contents are named by a *label*: the sorted, ``+``-joined pieces on it, ``""`` for empty. A piece is
``kind:colour`` (``kind`` alone for a neutral piece); a named piece (a tile, the kind called ``tile``, or a card
read by its face) is ``kind:name``, by the name of what is printed on it: ``tile:mason``, ``district:market``; a card
lying face down is its kind alone, a card whose face the camera never enrolled ``kind:?`` (:mod:`vision.cards`).
:func:`pieces_for` reads ``kind:detail`` as a name for the kinds it is told are named (the tile by default). The goods counted in a supply zone are the game's (its pack's ``table.json``).

>>> from companion.games.table_view import Piece
>>> label_for((Piece("disc", "red"), Piece("disc", "blue")))
'disc:blue+disc:red'
>>> label_for(())
''
>>> pieces_for("tile:mason")
(Piece(kind='tile', colour=None, name='mason'),)
>>> label_for((Piece("district", name="market"),)), pieces_for("district:market", named=("district",))
('district:market', (Piece(kind='district', colour=None, name='market'),))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Mapping

from companion.games.table_view import Piece

TILE = "tile"      # the label grammar's named piece: ``tile:<name>``


def __getattr__(name: str) -> Any:
    """``CUBE_TYPES``, for callers not yet given the game's vocabulary: the default game's goods (deprecated; ask
    ``get_pack(game).table.goods``)."""
    if name == "CUBE_TYPES":
        import warnings

        from companion.games.registry import default_pack

        warnings.warn("vision.observation.CUBE_TYPES is deprecated: use get_pack(game).table.goods",
                      DeprecationWarning, stacklevel=2)
        return default_pack().table.goods
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def piece_label(piece: Piece) -> str:
    """``worker:red``, ``tile:mason``, ``district:market`` (a named piece with no colour), ``provost``."""
    detail = piece.name if piece.kind == TILE or (piece.name and not piece.colour) else piece.colour
    return f"{piece.kind}:{detail}" if detail else piece.kind


def label_for(pieces: Iterable[Piece]) -> str:
    return "+".join(sorted(piece_label(p) for p in pieces))


@lru_cache(maxsize=4096)      # a frame's ~300 readings use a few dozen labels; the reconciler parses them all
def pieces_for(label: str, named: tuple[str, ...] = (TILE,)) -> tuple[Piece, ...]:
    """The pieces a label names; ``named``: the kinds whose detail is a name, not a colour."""
    pieces = []
    for part in filter(None, label.split("+")):
        kind, _, detail = part.partition(":")
        if kind in named:
            pieces.append(Piece(kind, None, detail or None))
        else:
            pieces.append(Piece(kind, detail or None))
    return tuple(pieces)


@dataclass
class Observation:
    """One frame's reading.

    * ``registered``: the board was found (else nothing else is meaningful).
    * ``occluded``: something (a hand, an arm) covers part of the board; ``occluded_slots`` says which slots.
    * ``stable``: the picture has been still long enough to be a resting state worth reconciling.
      Never true while ``occluded``.
    * ``slots``: slot name → {label: probability}, probabilities summing to 1, for every slot read.
    * ``supplies``: player colour → good → count seen in that player's supply zone;
      ``supply_confidence``: colour → probability that the counts are exactly right.
    * ``coins``: player colour → (the coins the rules last confirmed in that player's supply zone, how likely its
      coins' strip looks as it does now if 0, 1, or 2 or more coins came or went since: :mod:`vision.coins`).
    * ``coin_counts``: player colour → (the coins counted in that player's zone, or None when the camera can't say;
      the probability that the count is exact), for a game whose zones hold only coins (:mod:`vision.coin_piles`);
      ``(None, 0.0)`` on a frame that is not still.
    * ``behind``: the slots among ``occluded_slots`` that a standing piece in front hides from the camera
      (:func:`vision.leaning.hidden_behind`); their reading is kept, a glimpse of what may stand there.
    * ``hand_from``: while a hand is over the board, the colour of the seat whose side it reached in from
      (:mod:`vision.hand_side`); None when no hand is there or its side is unsure. ``hand_near``: the seats whose
      sides the arm may have come from: that one seat, or two or more when it lay between their sides (the seats
      further off did not reach in); empty when no hand is there or its side is unsure.
    * ``leaning_in``: slot → the slots whose standing piece, from where this camera stands, covers its centre
      (:func:`vision.leaning.shadows`): what such a slot reads may be that piece's top.
    * ``changes``: for the spots of the passing pieces and of those the game has one of, slot → how far its picture
      is from the one the rules last confirmed (``vision.pipeline.change_level``, 0…765; about 10–25 for sensor noise
      alone): a pale piece the slot model misses still changes the picture. Slots under a hand are left out.
    """

    frame_index: int = 0
    registered: bool = False
    occluded: bool = False
    stable: bool = False
    slots: dict[str, dict[str, float]] = field(default_factory=dict)
    occluded_slots: frozenset[str] = frozenset()
    behind: frozenset[str] = frozenset()
    supplies: dict[str, dict[str, int]] = field(default_factory=dict)
    supply_confidence: dict[str, float] = field(default_factory=dict)
    coins: Mapping[str, tuple[int, tuple[float, float, float]]] = field(default_factory=dict)
    coin_counts: Mapping[str, tuple[int | None, float]] = field(default_factory=dict)
    hand_from: str | None = None
    hand_near: frozenset[str] = frozenset()
    elapsed_ms: float = 0.0
    leaning_in: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    changes: Mapping[str, float] = field(default_factory=dict)

    def best(self, slot: str) -> tuple[str, float]:
        """The most probable label of a slot and its probability (``("", 0.0)`` if the slot wasn't read)."""
        probabilities = self.slots.get(slot)
        if not probabilities:
            return "", 0.0
        label = max(probabilities, key=probabilities.__getitem__)
        return label, probabilities[label]

    def to_json(self) -> dict[str, Any]:
        return {
            "frame_index": self.frame_index, "registered": self.registered, "occluded": self.occluded,
            "stable": self.stable, "slots": self.slots, "occluded_slots": sorted(self.occluded_slots),
            "behind": sorted(self.behind),
            "supplies": self.supplies, "supply_confidence": self.supply_confidence,
            "coins": {colour: [deniers, list(odds)] for colour, (deniers, odds) in self.coins.items()},
            "coin_counts": {colour: [count, probability] for colour, (count, probability) in self.coin_counts.items()},
            "hand_from": self.hand_from, "hand_near": sorted(self.hand_near), "elapsed_ms": round(self.elapsed_ms, 2),
            "leaning_in": {slot: list(over) for slot, over in self.leaning_in.items()},
            "changes": {slot: round(level, 1) for slot, level in self.changes.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Observation":
        return cls(
            frame_index=int(data.get("frame_index", 0)), registered=bool(data["registered"]),
            occluded=bool(data["occluded"]), stable=bool(data["stable"]),
            slots={s: {k: float(v) for k, v in p.items()} for s, p in data.get("slots", {}).items()},
            occluded_slots=frozenset(data.get("occluded_slots", ())),
            behind=frozenset(data.get("behind", ())),
            supplies={c: {k: int(v) for k, v in n.items()} for c, n in data.get("supplies", {}).items()},
            supply_confidence={c: float(v) for c, v in data.get("supply_confidence", {}).items()},
            coins={c: (int(deniers), tuple(float(p) for p in odds))
                   for c, (deniers, odds) in data.get("coins", {}).items()},
            coin_counts={c: (None if count is None else int(count), float(probability))
                         for c, (count, probability) in data.get("coin_counts", {}).items()},
            hand_from=data.get("hand_from"), hand_near=frozenset(data.get("hand_near", ())),
            elapsed_ms=float(data.get("elapsed_ms", 0.0)),
            leaning_in={slot: tuple(over) for slot, over in data.get("leaning_in", {}).items()},
            changes={slot: float(level) for slot, level in data.get("changes", {}).items()},
        )
