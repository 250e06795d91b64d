"""What every pack's lights share: its LED strip and palette read from its own data files, and a scene built place by
place, with the decision's legal places as hints and the open alerts' places blinking.

>>> lights = SceneLights()
>>> lights.add("road.3", Light("provost")); lights.add(None, Light("active"))
>>> lights.hints_and_alerts(["road.3.worker"], ["gate.worker"], place_of=lambda slot: slot.rsplit(".", 1)[0])
>>> [(place, [light.role for light in on]) for place, on in lights.scene().places]
[('gate', ['alert']), ('road.3', ['provost', 'hint'])]
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from firmware_bridge.mapping import LedMapping
from firmware_bridge.render import Palette, default_palette
from firmware_bridge.scene import LedScene, Light


def pack_mapping(pack: Any) -> LedMapping:
    """The pack's default LED strip (its ``lights/mapping.json``)."""
    return LedMapping.from_json(pack.data_json("lights/mapping.json"), source=f"{pack.name} lights/mapping.json")


def pack_palette(pack: Any) -> Palette:
    """The bridge's shared palette with the pack's own roles added (its ``lights/palette.json``)."""
    return Palette.from_json(pack.data_json("lights/palette.json"), base=default_palette())


class SceneLights:
    """The lights a scene puts on each place, in the order they were added."""

    def __init__(self) -> None:
        self._lights: dict[str, list[Light]] = {}

    def add(self, place: str | None, light: Light) -> None:
        """Put ``light`` on ``place``; None (a name the board has no light for) stays dark."""
        if place is not None:
            self._lights.setdefault(place, []).append(light)

    def hints_and_alerts(self, legal_places: Iterable[str], alert_places: Iterable[str],
                         place_of: Callable[[str], str | None], *, unplaced_alerts: str | None = None) -> None:
        """A hint on each legal place and a blinking alert on each alert's place (``place_of`` maps a slot or a
        decision's place to its lit place); an alert whose place has no light goes to ``unplaced_alerts``."""
        for place in legal_places:
            self.add(place_of(place), Light("hint"))
        for place in alert_places:
            self.add(place_of(place) or unplaced_alerts, Light("alert", blink=True))

    def scene(self) -> LedScene:
        return LedScene.of(self._lights)
