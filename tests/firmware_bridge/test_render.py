"""Scene + mapping → pixels with the shared palette, a game palette built on it, and the mapping file's validation."""

import json

import pytest

from firmware_bridge.mapping import LedMapping, MappingError, dark_mapping, load_mapping
from firmware_bridge.render import Palette, Renderer, default_palette
from firmware_bridge.scene import LedScene, Light

STRIP = LedMapping.from_json({"name": "test-strip", "led_count": 12, "places": {
    "turn": [0, 1, 2], "tower.top": [3, 4], "tower.base": [5], "gate": [6], "square.1": [7], "square.2": [8]}})
GAME_PALETTE = Palette.from_json({"priority": ["alert", "beacon", "hint", "current_player", "active", "inactive"],
                                  "roles": {"beacon": {"colour": [255, 255, 255]}}}, base=default_palette())


def test_the_shared_palette_holds_the_roles_every_game_shares():
    shared = default_palette()
    assert shared.priority == ("alert", "hint", "current_player", "active", "inactive")
    assert shared.role_colours["alert"] == (255, 0, 0) and shared.role_colours["current_player"] is None


def test_a_game_palette_adds_its_roles_and_orders_them_among_the_shared_ones():
    assert GAME_PALETTE.role_colours["beacon"] == (255, 255, 255)
    assert GAME_PALETTE.role_colours["hint"] == default_palette().role_colours["hint"]
    assert GAME_PALETTE.player_colours == default_palette().player_colours
    with pytest.raises(ValueError, match="without a colour entry: sparkle"):
        Palette.from_json({"priority": ["alert", "sparkle"]}, base=default_palette())


def test_priority_beats_and_unlit_places_stay_dark():
    renderer = Renderer(STRIP, brightness=1.0, palette=GAME_PALETTE)
    scene = LedScene.of({"square.1": [Light("active"), Light("beacon")], "square.2": [Light("active")]})
    pixels = renderer.pixels(scene)
    assert pixels[7] == (255, 255, 255) and pixels[8] == (0, 110, 0)
    assert sum(1 for p in pixels if p != (0, 0, 0)) == 2


def test_alert_blinks_over_the_role_underneath():
    renderer = Renderer(STRIP, brightness=1.0)
    scene = LedScene.of({"gate": [Light("alert", blink=True)], "square.1": [Light("alert", blink=True), Light("hint")]})
    on, off = renderer.pixels(scene, blink_on=True), renderer.pixels(scene, blink_on=False)
    assert on[6] == (255, 0, 0) and off[6] == (0, 0, 0)
    assert off[7] == default_palette().role_colours["hint"]


def test_current_player_shows_the_player_colour_on_all_turn_leds():
    renderer = Renderer(STRIP, brightness=1.0)
    pixels = renderer.pixels(LedScene.of({"turn": [Light("current_player", colour="green")]}))
    assert pixels[:3] == [default_palette().player_colours["green"]] * 3


def test_a_place_lights_its_sub_places_and_brightness_scales():
    half = Renderer(STRIP, brightness=0.5)
    pixels = half.pixels(LedScene.of({"tower": [Light("alert")]}))
    assert pixels[3:6] == [(128, 0, 0)] * 3
    with pytest.raises(ValueError):
        Renderer(STRIP, brightness=1.5)


def test_a_role_must_be_a_name():
    with pytest.raises(ValueError, match="not a role name"):
        Light("Sparkle!")


def test_the_dark_mapping_lights_nothing():
    assert Renderer(dark_mapping()).pixels(LedScene.of({"gate": [Light("alert")]})) == [(0, 0, 0)]


def test_mapping_file_errors_are_clear(tmp_path):
    with pytest.raises(MappingError, match="cannot read"):
        load_mapping(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    with pytest.raises(MappingError, match="not valid JSON"):
        load_mapping(bad)
    out_of_range = tmp_path / "range.json"
    out_of_range.write_text(json.dumps({"led_count": 10, "places": {"road.1": [12]}}))
    with pytest.raises(MappingError, match="outside 0..9"):
        load_mapping(out_of_range)
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"led_count": 10, "places": {"road.1": [2, 3]}}))
    assert load_mapping(good).leds_of("road.1") == (2, 3)


def test_longer_strip_keeps_places_and_short_strip_is_refused():
    assert STRIP.with_led_count(60).led_count == 60
    with pytest.raises(MappingError, match="at least 9"):
        STRIP.with_led_count(8)
