"""Players and the colours of their wooden pieces."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Colour(str, Enum):
    """Piece colours used by the games of the family (each pack lists the ones it uses in its GameInfo)."""

    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    BLACK = "black"
    ORANGE = "orange"
    PURPLE = "purple"
    WHITE = "white"

    @property
    def display_name(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True)
class Player:
    """A seat at the table: its index in seating order, its colour and an optional name."""

    seat: int
    colour: Colour
    name: str = ""

    @property
    def label(self) -> str:
        """What messages call the player: their name, else their colour ("Red")."""
        return self.name or self.colour.display_name

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "colour": self.colour.value, "name": self.name}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> "Player":
        return cls(seat=int(data["seat"]), colour=Colour(str(data["colour"])), name=str(data.get("name", "")))
