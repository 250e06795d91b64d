"""The LED mapping: which LEDs of the strip sit on which logical place of the board.

It is data (a JSON file, ``{"name", "led_count", "places": {place: [LED index, ...]}}``) because every
table is wired differently. Each game pack with lights ships its default mapping
(:mod:`.game_lights`); a user's own file replaces it (docs/leds.md).

>>> mapping = LedMapping.from_json({"name": "demo", "led_count": 8,
...                                 "places": {"turn": [0, 1], "tower.top": [2], "tower.base": [3, 4]}})
>>> mapping.led_count, mapping.leds_of("turn"), mapping.leds_of("tower")
(8, (0, 1), (2, 3, 4))
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping


class MappingError(ValueError):
    """A mapping file that cannot be used; the message says what to fix."""


@dataclass(frozen=True)
class LedMapping:
    name: str
    led_count: int
    places: Mapping[str, tuple[int, ...]]

    def leds_of(self, place: str) -> tuple[int, ...]:
        """The LEDs of a place; an unlisted place lights its sub-places (``tower`` → ``tower.*``)."""
        if place in self.places:
            return self.places[place]
        prefix = place + "."
        return tuple(sorted({i for name, leds in self.places.items() if name.startswith(prefix) for i in leds}))

    def with_led_count(self, led_count: int) -> "LedMapping":
        """The same places on a longer strip (extra LEDs stay dark); refuses a strip too short for the places."""
        highest = max((i for leds in self.places.values() for i in leds), default=-1)
        if led_count <= highest:
            raise MappingError(f"mapping {self.name!r} uses LED {highest}, so the strip needs at least {highest + 1} LEDs")
        return LedMapping(self.name, led_count, self.places)

    @classmethod
    def from_json(cls, data: Any, source: str = "mapping") -> "LedMapping":
        if not isinstance(data, dict) or not isinstance(data.get("places"), dict):
            raise MappingError(f"{source}: expected an object with \"led_count\" and \"places\"")
        led_count = data.get("led_count")
        if not isinstance(led_count, int) or not 1 <= led_count <= 1500:
            raise MappingError(f"{source}: \"led_count\" must be a whole number from 1 to 1500")
        places: dict[str, tuple[int, ...]] = {}
        for place, leds in data["places"].items():
            if not isinstance(leds, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in leds):
                raise MappingError(f"{source}: place {place!r} must list LED indices, e.g. [16, 17]")
            outside = [i for i in leds if not 0 <= i < led_count]
            if outside:
                raise MappingError(f"{source}: place {place!r} uses LED {outside[0]}, outside 0..{led_count - 1}")
            places[place] = tuple(leds)
        return cls(str(data.get("name", source)), led_count, places)


def load_mapping(path: str | Path) -> LedMapping:
    """Read a mapping file, with a clear message for a missing, unreadable or malformed file."""
    try:
        text = Path(path).read_text("utf-8")
    except OSError as error:
        raise MappingError(f"cannot read LED mapping {path}: {error.strerror or error}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MappingError(f"LED mapping {path} is not valid JSON (line {error.lineno}: {error.msg})") from None
    return LedMapping.from_json(data, source=str(path))


def dark_mapping() -> LedMapping:
    """A one-LED mapping with no places: what drives a strip for a game that has no lights (it stays dark)."""
    return LedMapping("dark", 1, {})
