"""The LED scene of a game, and the virtual LED board: the strip's lights drawn on the tablet.

Players' hands hide the real LEDs, and a table without a strip still gets the lights. There is one
scene (:func:`led_scene`, the LED bridge's ``scene_for_caylus`` over the session's facts) for the strip
(``companion.live.leds``) and the screen, so the virtual board is a preview of the strip: the legal
places are hinted in guided play only, on both (the drawn board highlights them in every game). This
module lays the scene out as one lamp per place, in board order, showing the most important role of
each place (the bridge's role order: alert first).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from firmware_bridge.caylus_scene import caylus_places, scene_for_caylus
from firmware_bridge.scene import ROLES, LedScene

from companion.games import TableView


def led_places() -> list[str]:
    """Every place that has lights, in the order the strip runs: castle, specials, road, turn."""
    facts = caylus_places()
    return (["castle"] + [f"castle.{name}" for name, _size in facts["castle_sections"]]
            + list(facts["special_buildings"]) + ["bridge"]
            + [f"road.{square}" for square in range(1, facts["road_squares"] + 1)] + ["turn"])


def led_scene(table_view: Mapping[str, Any] | None, *, guided: bool, current_colour: str | None,
              legal_places: Iterable[str], alert_places: Iterable[str]) -> LedScene:
    """What the LEDs show: whose turn, the places of open alerts and, in guided play, the legal places
    (dark when there is no game, or not a Caylus game)."""
    if not table_view or table_view.get("game") != "caylus":
        return LedScene()
    return scene_for_caylus(TableView.from_json(table_view), current_colour=current_colour,
                            legal_places=list(legal_places) if guided else [], alert_places=list(alert_places))


def virtual_leds(scene: LedScene) -> list[dict[str, Any]]:
    """One lamp per place: ``{"place", "role", "roles", "colour", "blink"}`` (role ``off`` when dark)."""
    lamps = {place: {"place": place, "role": "off", "roles": [], "colour": None, "blink": False}
             for place in led_places()}
    for place, lights in scene.places:
        ranked = sorted(lights, key=lambda light: ROLES.index(light.role))
        lamp = lamps.setdefault(place, {"place": place})
        lamp.update(role=ranked[0].role, roles=[light.role for light in ranked],
                    colour=next((light.colour for light in ranked if light.colour), None),
                    blink=any(light.blink for light in lights))
    return list(lamps.values())
