"""The logical LED scene: which places of the board light up, and why.

A scene knows places and roles, never LED indices or bytes, so the same scene drives any strip,
any wiring and the tablet's virtual LEDs. It is a plain immutable value; two equal game situations
give equal scenes, which lets the link skip frames that would change nothing.

Places and roles are names a game pack chooses (:mod:`.game_lights`); the palette
(:mod:`.render`) gives each role its colour and its rank on a shared place.

>>> scene = LedScene.of({"square.6": [Light("active")], "gate": [Light("alert", blink=True)]})
>>> scene.roles_at("square.6")
('active',)
>>> scene.has_blink
True
>>> LedScene.from_json(scene.to_json()) == scene
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

_ROLE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Light:
    """One reason for a place to light up: a role (a lowercase name such as ``alert``), for player-coloured
    roles the player's ``colour``, and whether it blinks."""

    role: str
    colour: str | None = None
    blink: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.role, str) or not _ROLE_NAME.match(self.role):
            raise ValueError(f"LED role {self.role!r} is not a role name (lowercase letters, digits and _)")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"role": self.role}
        if self.colour is not None:
            data["colour"] = self.colour
        if self.blink:
            data["blink"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Light":
        return cls(str(data["role"]), data.get("colour"), bool(data.get("blink", False)))


@dataclass(frozen=True)
class LedScene:
    """Place name → the lights on it (a place may carry several roles; the palette orders them)."""

    places: tuple[tuple[str, tuple[Light, ...]], ...] = ()

    @classmethod
    def of(cls, places: Mapping[str, Iterable[Light]]) -> "LedScene":
        """Build a scene from a mapping, dropping places without lights and duplicate lights."""
        cleaned = []
        for place, lights in sorted(places.items()):
            unique = tuple(dict.fromkeys(lights))
            if unique:
                cleaned.append((place, unique))
        return cls(tuple(cleaned))

    def lights_at(self, place: str) -> tuple[Light, ...]:
        for name, lights in self.places:
            if name == place:
                return lights
        return ()

    def roles_at(self, place: str) -> tuple[str, ...]:
        return tuple(light.role for light in self.lights_at(place))

    def places_with(self, role: str) -> tuple[str, ...]:
        return tuple(place for place, lights in self.places if any(light.role == role for light in lights))

    @property
    def has_blink(self) -> bool:
        return any(light.blink for _, lights in self.places for light in lights)

    def to_json(self) -> dict[str, list[dict[str, Any]]]:
        return {place: [light.to_json() for light in lights] for place, lights in self.places}

    @classmethod
    def from_json(cls, data: Mapping[str, Iterable[Mapping[str, Any]]]) -> "LedScene":
        return cls.of({place: [Light.from_json(item) for item in lights] for place, lights in data.items()})
