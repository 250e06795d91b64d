"""The Caylus pack's lights: what players would see lit for hand-built table views, the default strip, the colours."""

import pytest

from companion.games.caylus import lights
from companion.games.caylus.lights import (ROLES, default_mapping, palette, place_of_slot, places,
                                           section_under_construction)
from companion.games.table_view import Piece, TableView
from firmware_bridge.mapping import MappingError
from firmware_bridge.render import Renderer
from firmware_bridge.scene import LedScene, Light


def mid_game_view() -> TableView:
    view = TableView(game="caylus", players=("red", "blue"))
    for square in range(1, 7):
        view.put(f"road.{square}.tile", Piece("tile", name="neutral_farm"))
    view.put("road.7.tile", Piece("tile", name="fixed_peddler"))
    view.put("road.8.tile", Piece("tile", name="fixed_carpenter"))
    view.put("road.9.tile", Piece("tile", name="wood_sawmill"))
    view.put("road.16.tile", Piece("tile", name="gold_mine"))
    view.put("road.8.provost", Piece("provost"))
    view.put("road.6.bailiff", Piece("bailiff"))
    view.put("road.3.worker", Piece("worker", "red"))
    view.put("road.9.worker", Piece("worker", "blue"))
    view.put("road.16.worker", Piece("worker", "red"))
    return view


def test_buildings_up_to_the_provost_are_active_and_beyond_inactive():
    scene = lights.scene(mid_game_view())
    assert scene.places_with("active") == tuple(f"road.{n}" for n in range(1, 9))
    assert scene.places_with("inactive") == ("road.16", "road.9")
    assert scene.places_with("provost") == ("road.8",)
    assert scene.places_with("bailiff") == ("road.6",)


def test_workers_beyond_the_provost_will_not_be_activated():
    scene = lights.scene(mid_game_view())
    assert set(scene.places_with("idle_worker")) == {"road.9", "road.16"}
    assert "idle_worker" not in scene.roles_at("road.3")


def test_moving_the_provost_changes_which_buildings_work():
    view = mid_game_view()
    del view.slots["road.8.provost"]
    view.put("road.16.provost", Piece("provost"))
    scene = lights.scene(view)
    assert scene.places_with("inactive") == ()
    assert scene.places_with("idle_worker") == ()
    assert "road.16" in scene.places_with("active")


def test_session_knowledge_current_player_hints_and_blinking_alerts():
    scene = lights.scene(mid_game_view(), current_colour="blue",
                             legal_places=["road.7", "gate.worker", "stables.2"],
                             alert_places=["road.9.worker"])
    assert scene.lights_at("turn") == (Light("current_player", colour="blue"),)
    assert set(scene.places_with("hint")) == {"road.7", "gate", "stables"}
    assert Light("alert", blink=True) in scene.lights_at("road.9")
    assert scene.has_blink


def test_castle_section_is_inferred_from_the_houses_or_given():
    view = mid_game_view()
    assert section_under_construction(view) == "dungeon"
    for space in range(1, 7):
        view.put(f"castle.dungeon.{space}", Piece("house", "red"))
    view.put("castle.walls.1", Piece("house", "blue"))
    assert lights.scene(view).places_with("castle_section") == ("castle.walls",)
    assert lights.scene(view, castle_section="towers").places_with("castle_section") == ("castle.towers",)


def test_a_complete_castle_lights_no_section():
    view = TableView(game="caylus", players=("red",))
    for name, size in (("dungeon", 6), ("walls", 10), ("towers", 14)):
        for space in range(1, size + 1):
            view.put(f"castle.{name}.{space}", Piece("house", "red"))
    assert lights.scene(view).places_with("castle_section") == ()


def test_slots_name_their_places():
    assert place_of_slot("castle.towers.14") == "castle.towers"
    assert place_of_slot("bridge.2") == "bridge"
    assert place_of_slot("road.28.bailiff") == "road.28"


def test_scene_is_a_value_that_survives_json():
    scene = lights.scene(mid_game_view(), current_colour="red", alert_places=["inn"])
    assert LedScene.from_json(scene.to_json()) == scene
    assert lights.scene(mid_game_view(), current_colour="red", alert_places=["inn"]) == scene


def test_default_mapping_covers_every_caylus_place_once():
    mapping = default_mapping()
    leaves = [place for place in places() if place != "castle"]          # castle = its three sections
    used = [i for place in leaves for i in mapping.leds_of(place)]
    assert len(used) == len(set(used)) == mapping.led_count == 44
    # The road runs in order along the strip, square 1 nearest the bridge.
    road = [mapping.leds_of(f"road.{n}")[0] for n in range(1, 29)]
    assert road == sorted(road) and road[0] == mapping.leds_of("bridge")[0] + 1
    assert mapping.leds_of("castle") == (3, 4, 5, 6, 7, 8) and mapping.leds_of("turn") == (0, 1, 2)


def test_places_are_in_board_order():
    assert places()[:4] == ["castle", "castle.dungeon", "castle.walls", "castle.towers"]
    assert places()[4:11] == ["gate", "trading_post", "merchants_guild", "joust_field", "stables", "inn", "bridge"]
    assert places()[11:] == [f"road.{n}" for n in range(1, 29)] + ["turn"]


def test_palette_order_and_colours_of_the_caylus_roles():
    caylus = palette()
    assert caylus.priority == ROLES == ("alert", "provost", "bailiff", "hint", "idle_worker", "current_player",
                                        "castle_section", "active", "inactive")
    assert {role: caylus.role_colours[role] for role in ROLES} == {
        "alert": (255, 0, 0), "provost": (255, 255, 255), "bailiff": (255, 120, 0), "hint": (0, 170, 255),
        "idle_worker": (200, 0, 140), "current_player": None, "castle_section": (230, 170, 0),
        "active": (0, 110, 0), "inactive": (12, 12, 30)}


def test_provost_beats_active_and_unlit_places_stay_dark():
    renderer = Renderer(default_mapping(), brightness=1.0, palette=palette())
    lit = LedScene.of({"road.6": [Light("active"), Light("provost")], "road.2": [Light("active")]})
    pixels = renderer.pixels(lit)
    assert pixels[default_mapping().leds_of("road.6")[0]] == (255, 255, 255)
    assert pixels[default_mapping().leds_of("road.2")[0]] == (0, 110, 0)
    assert sum(1 for p in pixels if p != (0, 0, 0)) == 2


def test_an_alert_on_the_provost_alternates_red_and_white():
    renderer = Renderer(default_mapping(), brightness=1.0, palette=palette())
    lit = LedScene.of({"road.6": [Light("provost"), Light("alert", blink=True)]})
    led = default_mapping().leds_of("road.6")[0]
    assert renderer.pixels(lit, blink_on=True)[led] == (255, 0, 0)
    assert renderer.pixels(lit, blink_on=False)[led] == (255, 255, 255)


def test_the_castle_lights_its_sections():
    half = Renderer(default_mapping(), brightness=0.5, palette=palette())
    pixels = half.pixels(LedScene.of({"castle": [Light("alert")]}))
    assert [pixels[i] for i in default_mapping().leds_of("castle")] == [(128, 0, 0)] * 6


def test_the_strip_is_at_least_44_leds():
    assert default_mapping().with_led_count(60).led_count == 60
    with pytest.raises(MappingError, match="at least 44"):
        default_mapping().with_led_count(30)
