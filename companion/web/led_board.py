"""The LED scene of a game, and the virtual LED board: the strip's lights drawn on the tablet.

Players' hands hide the real LEDs, and a table without a strip still gets the lights. There is one
scene (:func:`led_scene`, the game pack's ``lights.scene`` over the session's facts) for the strip
(``companion.live.leds``) and the screen, so the virtual board is a preview of the strip: the legal
places are hinted in guided play only, on both (the drawn board highlights them in every game). This
module lays the scene out as one lamp per place, in the pack's order of places, showing the most
important role of each place (the pack palette's priority: alert first). A game whose pack has no
``lights`` part (firmware_bridge.game_lights) has a dark scene and no lamps.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from firmware_bridge.game_lights import GameLights
from firmware_bridge.scene import LedScene

from companion.games import RuleError, TableView
from companion.games.registry import default_pack, get_pack


def lights_of(game: str | None) -> GameLights | None:
    """The ``lights`` part of the game's pack (the default pack's when ``game`` is None); None when the
    game is unknown or its pack has no lights."""
    try:
        pack = default_pack() if game is None else get_pack(game)
    except RuleError:                   # a game no pack is registered for
        return None
    return pack.part("lights") if pack.has_part("lights") else None  # type: ignore[return-value]


def led_places(game: str | None = None) -> list[str]:
    """Every place of the game that has lights, in the pack's order (none for a game without lights)."""
    lights = lights_of(game)
    return list(lights.places()) if lights is not None else []


def led_scene(table_view: Mapping[str, Any] | None, *, guided: bool, current_colour: str | None,
              legal_places: Iterable[str], alert_places: Iterable[str],
              decision: Mapping[str, Any] | None = None) -> LedScene:
    """What the LEDs show: whose turn, the places of open alerts and, in guided play, the legal places
    (dark when there is no game, or the game has no lights); ``decision`` (the pending decision as a shared screen
    sees it) reaches only a pack whose lights name it in ``SESSION_FACTS``."""
    if not table_view:
        return LedScene()
    lights = lights_of(table_view.get("game"))
    if lights is None:
        return LedScene()
    facts = {"decision": decision} if "decision" in getattr(lights, "SESSION_FACTS", ()) else {}
    return lights.scene(TableView.from_json(table_view), current_colour=current_colour,
                        legal_places=list(legal_places) if guided else [], alert_places=list(alert_places), **facts)


def virtual_leds(scene: LedScene, game: str | None = None) -> list[dict[str, Any]]:
    """One lamp per place of ``game`` (the default game when None): ``{"place", "role", "roles", "colour",
    "blink"}`` (role ``off`` when dark); a lit place the pack does not list gets a lamp after the others."""
    lights = lights_of(game)
    if lights is None:
        return []
    palette = lights.palette()
    lamps = {place: {"place": place, "role": "off", "roles": [], "colour": None, "blink": False}
             for place in lights.places()}
    for place, place_lights in scene.places:
        ranked = sorted(place_lights, key=palette.rank)
        lamp = lamps.setdefault(place, {"place": place})
        lamp.update(role=ranked[0].role, roles=[light.role for light in ranked],
                    colour=next((light.colour for light in ranked if light.colour), None),
                    blink=any(light.blink for light in place_lights))
    return list(lamps.values())
