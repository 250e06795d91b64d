"""Citadels' lights: a strip round the table's edge lights the seat whose decision it is in its colour, the crown's
seat in gold and alerts blinking; through a real link to an emulated board on a pty, and on the tablet's virtual
LEDs. No light ever tells who holds a face-down character."""

from __future__ import annotations

import pytest

from companion.games import CHANCE
from companion.games.citadels import lights, new_game
from companion.live.leds import renderer_for, scene_for_session
from companion.web.led_board import virtual_leds
from firmware_bridge.render import Renderer
from tests.led_rig import shows, strip_rig
from tests.waiting import wait_until

PLAYERS = ["red", "blue", "green", "yellow"]
RENDERER = Renderer(lights.default_mapping(), palette=lights.palette())


def _until(state, done):
    while not done(state):
        state = state.apply(state.pending().options[0].action)
    return state


def test_the_choosing_seat_is_lit_in_its_colour_and_the_crown_in_gold():
    state = _until(new_game(PLAYERS, seed=3), lambda s: s.phase == "draft" and not s.pending().is_chance)
    decision = state.pending()
    colour = PLAYERS[decision.player]
    scene = lights.scene(state.view(), current_colour=colour)
    assert scene.places_with("current_player") == (f"seat.{decision.player}",)
    assert scene.places_with("crown") == (f"seat.{state.crown}.crown",)
    pixels = RENDERER.pixels(scene, True)
    gold = RENDERER.pixels(lights.scene(state.view()), True)[lights.default_mapping().leds_of(f"seat.{state.crown}.crown")[0]]
    assert gold != (0, 0, 0) and gold[0] > gold[2], "the crown's LED is gold"
    for led in lights.default_mapping().leds_of(f"seat.{decision.player}"):
        assert pixels[led] == RENDERER.pixels(lights.scene(state.view(), current_colour=colour), True)[led] != (0, 0, 0)
    unused = [led for seat in range(len(PLAYERS), 7) for led in lights.default_mapping().leds_of(f"seat.{seat}")]
    assert all(pixels[led] == (0, 0, 0) for led in unused), "the seats a 4-player game does not use stay dark"


def test_the_crown_light_moves_to_the_kings_player():
    state = new_game(PLAYERS, seed=6)
    first = state.crown
    while not state.is_over and state.crown == first:
        state = state.apply(state.pending().options[-1].action)
    assert state.crown != first
    assert lights.scene(state.view()).places_with("crown") == (f"seat.{state.crown}.crown",)


def test_no_light_tells_who_holds_a_face_down_character():
    """Between two positions that differ only in a secret pick, the strip shows the same (apart from whose turn)."""
    state = _until(new_game(PLAYERS, seed=4), lambda s: s.phase == "draft" and not s.pending().is_chance)
    for option in state.pending().options:
        after = state.apply(option.action)
        assert lights.scene(after.view()) == lights.scene(state.apply(state.pending().options[0].action).view())


@pytest.fixture
def rig(tmp_path):
    yield from strip_rig(tmp_path, RENDERER, game="citadels", players=PLAYERS, seed=4, guided=False)


def test_the_strip_follows_a_citadels_game_through_a_real_link(rig):
    desk, device, _sync = rig
    session = desk.session
    assert renderer_for("citadels") == RENDERER
    while session.state.pending().player == CHANCE:
        session.decide(session.state.pending().options[0].action, source="camera")
    scene = scene_for_session(session)
    seat = session.state.pending().player
    assert scene.places_with("current_player") == (f"seat.{seat}",)
    assert wait_until(shows(device, RENDERER, scene))
    lit = device.engine.pixels
    assert lit[lights.default_mapping().leds_of(f"seat.{seat}")[0]] != (0, 0, 0)
    session.raise_alert("Red's city shows a district that was not built", player="red", place="seat.0.city.0")
    alerted = scene_for_session(session)
    assert any(light.role == "alert" and light.blink for light in dict(alerted.places)["seat.0"])
    assert wait_until(shows(device, RENDERER, alerted))


def test_the_tablets_virtual_leds_show_the_seats_round_the_table():
    state = _until(new_game(PLAYERS, seed=3), lambda s: s.phase == "draft" and not s.pending().is_chance)
    lamps = virtual_leds(lights.scene(state.view(), current_colour=PLAYERS[state.pending().player]), "citadels")
    assert [lamp["place"] for lamp in lamps] == lights.places()
    by_place = {lamp["place"]: lamp for lamp in lamps}
    assert by_place[f"seat.{state.pending().player}"]["role"] == "current_player"
    assert by_place[f"seat.{state.crown}.crown"]["role"] == "crown"
