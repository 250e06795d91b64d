"""The virtual LED board: the same lights as the strip over the board, drawn on the tablet.

Players' hands hide the real LEDs, and a table without a strip still gets the hints. The scene is
the LED bridge's own (``firmware_bridge.scene_for_caylus``), so the screen and the strip cannot
disagree; this module only lays it out as one lamp per place, in board order, showing the most
important role of each place (the bridge's role order: alert first).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from firmware_bridge.caylus_scene import caylus_places, scene_for_caylus
from firmware_bridge.scene import ROLES

from companion.games import TableView


def led_places() -> list[str]:
    """Every place that has lights, in the order the strip runs: castle, specials, road, turn."""
    facts = caylus_places()
    return (["castle"] + [f"castle.{name}" for name, _size in facts["castle_sections"]]
            + list(facts["special_buildings"]) + ["bridge"]
            + [f"road.{square}" for square in range(1, facts["road_squares"] + 1)] + ["turn"])


def virtual_leds(table_view: Mapping[str, Any] | None, *, current_colour: str | None,
                 legal_places: Iterable[str], alert_places: Iterable[str]) -> list[dict[str, Any]]:
    """One lamp per place: ``{"place", "role", "roles", "colour", "blink"}`` (role ``off`` when dark)."""
    lamps = {place: {"place": place, "role": "off", "roles": [], "colour": None, "blink": False}
             for place in led_places()}
    if not table_view or table_view.get("game") != "caylus":
        return list(lamps.values())
    scene = scene_for_caylus(TableView.from_json(table_view), current_colour=current_colour,
                             legal_places=list(legal_places), alert_places=list(alert_places))
    for place, lights in scene.places:
        ranked = sorted(lights, key=lambda light: ROLES.index(light.role))
        lamp = lamps.setdefault(place, {"place": place})
        lamp.update(role=ranked[0].role, roles=[light.role for light in ranked],
                    colour=next((light.colour for light in ranked if light.colour), None),
                    blink=any(light.blink for light in lights))
    return list(lamps.values())
