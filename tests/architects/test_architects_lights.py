"""Architects' lights: a strip along the board lights whose turn in the player's colour, the location where the
player's action is carried out, every location holding a group that may be captured now, the legal places in guided
play and alerts blinking; through a real link to an emulated board on a pty, and on the tablet's virtual LEDs. A
secret choice lights nothing that tells what was chosen."""

from __future__ import annotations

import random

import pytest

from companion.games import new_game
from companion.games.architects import lights
from companion.live.leds import renderer_for, scene_for_session
from companion.web.led_board import virtual_leds
from companion.web.live_view import led_scene_of
from firmware_bridge.render import Renderer
from tests.led_rig import shows, strip_rig
from tests.waiting import wait_until

PLAYERS = ["red", "blue", "green"]
RENDERER = Renderer(lights.default_mapping(), palette=lights.palette())


def _until(state, done, seed=1):
    chooser = random.Random(seed)
    while not done(state):
        decision = state.pending()
        state = state.apply(chooser.choice(decision.options).action)
    return state


def _capturing(state) -> bool:
    decision = state.pending()
    return decision is not None and decision.kind == "capture" and any(o.action.kind == "capture" for o in decision.options)


def _scene(state, *, guided=False):
    decision = state.pending()
    snapshot = {"table_view": state.view().to_json(), "pending": decision.public_json() if decision else None,
                "players": list(state.view().players), "alerts": []}
    return led_scene_of(snapshot, guided=guided)


def test_a_capture_lights_the_town_centre_and_every_group_that_may_be_captured():
    state = _until(new_game("architects", PLAYERS, seed=3), _capturing)
    decision = state.pending()
    targets = {o.action.arg("location") for o in decision.options if o.action.kind == "capture"}
    scene = _scene(state)
    assert scene.places_with("active") == ("town_centre",)
    assert set(scene.places_with("capture_target")) == targets
    assert scene.lights_at("turn")[0].colour == PLAYERS[decision.player]
    pixels = RENDERER.pixels(scene, True)
    orange = RENDERER.pixels(lights.scene(state.view(), decision=decision.public_json()), True)
    for place in targets:
        led = lights.default_mapping().leds_of(place)[0]
        assert pixels[led] == orange[led] and pixels[led][0] > pixels[led][2], "a capture target glows orange"
    untouched = set(lights.places()) - targets - {"town_centre", "turn"}
    assert all(pixels[led] == (0, 0, 0) for place in untouched for led in lights.default_mapping().leds_of(place))


def test_placing_a_worker_hints_the_legal_locations_in_guided_play_only():
    state = _until(new_game("architects", PLAYERS, seed=4), lambda s: s.pending().kind == "place")
    offered = {o.action.arg("location") for o in state.pending().options}
    assert set(_scene(state, guided=True).places_with("hint")) == offered
    assert _scene(state, guided=False).places_with("hint") == ()
    assert _scene(state).places_with("active") == ()          # nothing is being carried out yet


def test_a_secret_choice_lights_nothing_that_tells_what_was_chosen():
    state = _until(new_game("architects", PLAYERS, seed=5), lambda s: s.pending().is_secret and not s.pending().is_chance)
    scenes = {_scene(state.apply(option.action)) for option in state.pending().options}
    assert len(scenes) == 1
    assert _scene(state).places_with("active") == ()


@pytest.fixture
def rig(tmp_path):
    yield from strip_rig(tmp_path, RENDERER, game="architects", players=PLAYERS, seed=3, guided=True)


def test_the_strip_follows_an_architects_game_through_a_real_link(rig):
    desk, device, sync = rig
    session = desk.session
    assert renderer_for("architects") == RENDERER
    chooser = random.Random(1)
    while not _capturing(session.state):
        session.decide(chooser.choice(session.state.pending().options).action)
    scene = scene_for_session(session)
    assert scene.places_with("active") == ("town_centre",) and scene.places_with("capture_target")
    assert wait_until(shows(device, RENDERER, scene))
    target = scene.places_with("capture_target")[0]
    assert device.engine.pixels[lights.default_mapping().leds_of(target)[0]] != (0, 0, 0)
    session.raise_alert("Red's workers at the Quarry are not where the game has them", player="red", place="quarry.workers")
    alerted = scene_for_session(session)
    assert any(light.role == "alert" and light.blink for light in dict(alerted.places)["quarry"])
    assert wait_until(shows(device, RENDERER, alerted))
    assert sync.status_json()["state"] == "connected"


def test_the_tablets_virtual_leds_show_the_board_places():
    state = _until(new_game("architects", PLAYERS, seed=3), _capturing)
    lamps = virtual_leds(_scene(state), "architects")
    assert [lamp["place"] for lamp in lamps] == lights.places()
    by_place = {lamp["place"]: lamp for lamp in lamps}
    assert "active" in by_place["town_centre"]["roles"]
    assert by_place["turn"]["role"] == "current_player"
    assert any(lamp["role"] == "capture_target" for lamp in lamps)
