"""Scene + mapping → one RGB triple per LED. Pure: the same inputs always give the same pixels.

Blinking is a phase the caller passes (the link toggles it on a timer), so rendering needs no clock.

>>> from .scene import LedScene, Light
>>> from .mapping import default_mapping
>>> scene = LedScene.of({"road.1": [Light("alert", blink=True), Light("active")]})
>>> renderer = Renderer(default_mapping(), brightness=1.0)
>>> renderer.pixels(scene, blink_on=True)[16], renderer.pixels(scene, blink_on=False)[16]
((255, 0, 0), (0, 110, 0))
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Sequence

from .mapping import LedMapping
from .scene import LedScene, Light

RGB = tuple[int, int, int]
DEFAULT_BRIGHTNESS = 0.4


@dataclass(frozen=True)
class Palette:
    """Role colours, player colours and which role wins on a shared place (data/palette.json)."""

    priority: tuple[str, ...]
    role_colours: dict[str, RGB | None]
    player_colours: dict[str, RGB]
    unknown_player: RGB

    def colour_of(self, light: Light) -> RGB:
        fixed = self.role_colours.get(light.role)
        if fixed is not None and light.colour is None:
            return fixed
        return self.player_colours.get(light.colour or "", self.unknown_player)

    def rank(self, light: Light) -> int:
        return self.priority.index(light.role) if light.role in self.priority else len(self.priority)


@lru_cache(maxsize=1)
def default_palette() -> Palette:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/palette.json").read_text("utf-8"))
    return Palette(
        priority=tuple(data["priority"]),
        role_colours={role: (tuple(spec["colour"]) if spec["colour"] else None) for role, spec in data["roles"].items()},
        player_colours={name: tuple(rgb) for name, rgb in data["players"].items()},
        unknown_player=tuple(data["unknown_player"]),
    )


def visible_light(lights: Sequence[Light], palette: Palette, blink_on: bool) -> Light | None:
    """The light a place shows now: the highest-priority one, skipping blinking lights in the dark phase."""
    for light in sorted(lights, key=palette.rank):
        if light.blink and not blink_on:
            continue
        return light
    return None


def scale(colour: RGB, brightness: float) -> RGB:
    return tuple(min(255, round(channel * brightness)) for channel in colour)  # type: ignore[return-value]


@dataclass(frozen=True)
class Renderer:
    """Turns scenes into pixels for one strip: mapping, palette and the global brightness (0..1)."""

    mapping: LedMapping
    brightness: float = DEFAULT_BRIGHTNESS
    palette: Palette = field(default_factory=default_palette)

    def __post_init__(self) -> None:
        if not 0.0 <= self.brightness <= 1.0:
            raise ValueError(f"brightness must be between 0 and 1, not {self.brightness}")

    @property
    def led_count(self) -> int:
        return self.mapping.led_count

    def pixels(self, scene: LedScene, blink_on: bool = True) -> list[RGB]:
        pixels: list[RGB] = [(0, 0, 0)] * self.mapping.led_count
        for place, lights in scene.places:
            light = visible_light(lights, self.palette, blink_on)
            if light is None:
                continue
            colour = scale(self.palette.colour_of(light), self.brightness)
            for index in self.mapping.leds_of(place):
                pixels[index] = colour
        return pixels


def calibration_pattern(led_count: int, brightness: float = DEFAULT_BRIGHTNESS) -> list[RGB]:
    """Red, green, blue repeating along the strip: shows the colour order and every LED at a glance."""
    primaries = ((255, 0, 0), (0, 255, 0), (0, 0, 255))
    return [scale(primaries[i % 3], brightness) for i in range(led_count)]
