"""The expected table view: what a camera should see on every slot of the board for a game state.

A rules engine produces it, the simulated table draws it, the reconciler compares observations with it.
It is game-neutral: slots are named by strings a game and its board layout agree on
(each pack's docs list its names), and each slot holds the pieces standing on it.

>>> view = TableView(game="nim", players=("red", "blue"))
>>> view.put("road.7.worker", Piece("worker", "red"))
>>> view.pieces("road.7.worker")
(Piece(kind='worker', colour='red', name=None),)
>>> TableView.from_json(view.to_json()) == view
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

PIECE_KINDS = ("worker", "house", "disc", "cube", "provost", "bailiff", "tile")


@dataclass(frozen=True)
class Piece:
    """One physical piece: its kind, its colour (player colour or cube colour) and, for tiles, which building."""

    kind: str
    colour: str | None = None
    name: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.colour is not None:
            data["colour"] = self.colour
        if self.name is not None:
            data["name"] = self.name
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Piece":
        return cls(str(data["kind"]), data.get("colour"), data.get("name"))


@dataclass
class TableView:
    """Everything visible on the table.

    * ``slots``: slot name → pieces on it (empty slots are simply absent).
    * ``supplies``: player colour → counts of what lies in front of them
      (``food wood stone cloth gold denier worker house``).
    * ``tracks``: counters the layout draws on a looping track, e.g. ``{"score": {"red": 23}}``.
    * ``seat`` and ``private``: for one seat's view, that seat and what it alone knows (its hand …);
      ``None`` and empty for the camera's view.
    """

    game: str
    players: tuple[str, ...]
    slots: dict[str, tuple[Piece, ...]] = field(default_factory=dict)
    supplies: dict[str, dict[str, int]] = field(default_factory=dict)
    tracks: dict[str, dict[str, int]] = field(default_factory=dict)
    seat: int | None = None
    private: dict[str, Any] = field(default_factory=dict)

    def put(self, slot: str, piece: Piece) -> None:
        self.slots[slot] = self.slots.get(slot, ()) + (piece,)

    def pieces(self, slot: str) -> tuple[Piece, ...]:
        return self.slots.get(slot, ())

    def occupied(self) -> Iterator[tuple[str, tuple[Piece, ...]]]:
        return iter(sorted(self.slots.items()))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "slots": {slot: [p.to_json() for p in pieces] for slot, pieces in sorted(self.slots.items())},
            "supplies": {colour: dict(counts) for colour, counts in self.supplies.items()},
            "tracks": {name: dict(values) for name, values in self.tracks.items()},
            **({"seat": self.seat, "private": dict(self.private)} if self.seat is not None else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "TableView":
        return cls(
            game=str(data["game"]),
            players=tuple(data["players"]),
            slots={slot: tuple(Piece.from_json(p) for p in pieces) for slot, pieces in data["slots"].items()},
            supplies={c: {k: int(v) for k, v in counts.items()} for c, counts in data.get("supplies", {}).items()},
            tracks={n: {k: int(v) for k, v in vals.items()} for n, vals in data.get("tracks", {}).items()},
            seat=data.get("seat"),
            private=dict(data.get("private", {})),
        )
