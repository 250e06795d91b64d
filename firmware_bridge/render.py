"""Scene + mapping → one RGB triple per LED. Pure: the same inputs always give the same pixels.

Blinking is a phase the caller passes (the link toggles it on a timer), so rendering needs no clock.

The palette gives every role a colour (or the player's colour) and a rank: a place with several lights
shows the highest-ranked one. :func:`default_palette` (``data/palette.json``) holds the roles every game
shares (``alert``, ``hint``, ``current_player``, ``active``, ``inactive``) and the player colours; a game
pack extends it with its own roles and their order (:meth:`Palette.from_json` with ``base``).

>>> from .mapping import LedMapping
>>> from .scene import LedScene, Light
>>> scene = LedScene.of({"square.1": [Light("alert", blink=True), Light("active")]})
>>> renderer = Renderer(LedMapping("demo", 4, {"square.1": (2,)}), brightness=1.0)
>>> renderer.pixels(scene, blink_on=True)[2], renderer.pixels(scene, blink_on=False)[2]
((255, 0, 0), (0, 110, 0))
>>> game = Palette.from_json({"priority": ["alert", "beacon", "active"], "roles": {"beacon": {"colour": [9, 9, 9]}}},
...                          base=default_palette())
>>> game.rank(Light("beacon")) < game.rank(Light("active")), game.colour_of(Light("beacon"))
(True, (9, 9, 9))
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping, Sequence

from .mapping import LedMapping
from .scene import LedScene, Light

RGB = tuple[int, int, int]
DEFAULT_BRIGHTNESS = 0.4


@dataclass(frozen=True)
class Palette:
    """Role colours (None: the player's colour), player colours and which role wins on a shared place."""

    priority: tuple[str, ...]
    role_colours: dict[str, RGB | None]
    player_colours: dict[str, RGB]
    unknown_player: RGB

    @classmethod
    def from_json(cls, data: Mapping[str, Any], base: "Palette | None" = None) -> "Palette":
        """A palette from ``{"priority", "roles": {role: {"colour": [r, g, b] | null}}, "players", "unknown_player"}``.

        With ``base``, the roles and players given are added to the base's, and a key left out is the
        base's. Every role in ``priority`` must have a colour entry (ValueError otherwise)."""
        roles: dict[str, RGB | None] = dict(base.role_colours) if base else {}
        roles.update({role: (tuple(spec["colour"]) if spec.get("colour") else None)  # type: ignore[misc]
                      for role, spec in data.get("roles", {}).items()})
        players: dict[str, RGB] = dict(base.player_colours) if base else {}
        players.update({name: tuple(rgb) for name, rgb in data.get("players", {}).items()})  # type: ignore[misc]
        priority = tuple(data["priority"]) if "priority" in data or base is None else base.priority
        unlisted = [role for role in priority if role not in roles]
        if unlisted:
            raise ValueError(f"palette priority names roles without a colour entry: {', '.join(unlisted)}")
        unknown = data.get("unknown_player")
        if unknown is None and base is None:
            raise ValueError("palette needs \"unknown_player\" (the colour of a player it has no colour for)")
        return cls(priority=priority, role_colours=roles, player_colours=players,
                   unknown_player=tuple(unknown) if unknown else base.unknown_player)  # type: ignore[union-attr,arg-type]

    @property
    def roles(self) -> tuple[str, ...]:
        return tuple(self.role_colours)

    def colour_of(self, light: Light) -> RGB:
        fixed = self.role_colours.get(light.role)
        if fixed is not None and light.colour is None:
            return fixed
        return self.player_colours.get(light.colour or "", self.unknown_player)

    def rank(self, light: Light) -> int:
        return self.priority.index(light.role) if light.role in self.priority else len(self.priority)


@lru_cache(maxsize=1)
def default_palette() -> Palette:
    """The roles every game shares and the player colours (``data/palette.json``)."""
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data/palette.json").read_text("utf-8"))
    return Palette.from_json(data)


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
