"""Scene + mapping → pixels, and the mapping file's validation."""

import json

import pytest

from firmware_bridge.mapping import MappingError, default_mapping, load_mapping
from firmware_bridge.render import Renderer, default_palette
from firmware_bridge.scene import LedScene, Light


def test_default_mapping_covers_every_caylus_place_once():
    mapping = default_mapping()
    places = ["turn", "bridge", "gate", "trading_post", "merchants_guild", "joust_field", "stables", "inn",
              "castle.dungeon", "castle.walls", "castle.towers"] + [f"road.{n}" for n in range(1, 29)]
    used = [i for place in places for i in mapping.leds_of(place)]
    assert len(used) == len(set(used)) == mapping.led_count
    # The road runs in order along the strip, square 1 nearest the bridge.
    road = [mapping.leds_of(f"road.{n}")[0] for n in range(1, 29)]
    assert road == sorted(road) and road[0] == mapping.leds_of("bridge")[0] + 1


def test_priority_provost_beats_active_and_unlit_places_stay_dark():
    renderer = Renderer(default_mapping(), brightness=1.0)
    scene = LedScene.of({"road.6": [Light("active"), Light("provost")], "road.2": [Light("active")]})
    pixels = renderer.pixels(scene)
    mapping = default_mapping()
    assert pixels[mapping.leds_of("road.6")[0]] == (255, 255, 255)
    assert pixels[mapping.leds_of("road.2")[0]] == (0, 110, 0)
    assert sum(1 for p in pixels if p != (0, 0, 0)) == 2


def test_alert_blinks_over_the_role_underneath():
    renderer = Renderer(default_mapping(), brightness=1.0)
    scene = LedScene.of({"gate": [Light("alert", blink=True)], "road.1": [Light("alert", blink=True), Light("hint")]})
    gate, road1 = default_mapping().leds_of("gate")[0], default_mapping().leds_of("road.1")[0]
    on, off = renderer.pixels(scene, blink_on=True), renderer.pixels(scene, blink_on=False)
    assert on[gate] == (255, 0, 0) and off[gate] == (0, 0, 0)
    assert off[road1] == default_palette().role_colours["hint"]


def test_current_player_shows_the_player_colour_on_all_turn_leds():
    renderer = Renderer(default_mapping(), brightness=1.0)
    pixels = renderer.pixels(LedScene.of({"turn": [Light("current_player", colour="green")]}))
    assert [pixels[i] for i in default_mapping().leds_of("turn")] == [default_palette().player_colours["green"]] * 3


def test_castle_place_lights_its_sections_and_brightness_scales():
    half = Renderer(default_mapping(), brightness=0.5)
    pixels = half.pixels(LedScene.of({"castle": [Light("alert")]}))
    assert [pixels[i] for i in default_mapping().leds_of("castle")] == [(128, 0, 0)] * 6
    with pytest.raises(ValueError):
        Renderer(default_mapping(), brightness=1.5)


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
    assert default_mapping().with_led_count(60).led_count == 60
    with pytest.raises(MappingError, match="at least 44"):
        default_mapping().with_led_count(30)
