"""The lights half of the contract (firmware_bridge.game_lights): a pack with a ``lights`` part has a
default mapping that loads and reaches every place, a palette that colours every role, and a scene for
any state of its game that the generic renderer turns into LED colours. Packs without lights are skipped."""

import pytest

from companion.games.playout import random_playout
from companion.web.led_board import led_scene, virtual_leds
from companion.web.live_view import legal_places
from firmware_bridge.game_lights import SESSION_ROLES, problems
from firmware_bridge.mapping import LedMapping
from firmware_bridge.render import Renderer
from firmware_bridge.scene import LedScene

from .conftest import seat_colours

STATES = 6          # spread over one random game


def lights_of(pack):
    if not pack.has_part("lights"):
        pytest.skip(f"{pack.title} has no lights part: its strip stays dark")
    return pack.part("lights")


def session_facts(state, places):
    """What the session adds to the table view: whose turn, the legal places, an alert or two."""
    view = state.view()
    decision = state.pending()
    colour = None
    if decision is not None and 0 <= decision.player < len(view.players):
        colour = view.players[decision.player]
    legal = legal_places(decision.to_json()) if decision is not None else []
    return view, {"current_colour": colour, "legal_places": legal, "alert_places": list(places[:: max(1, len(places) // 2)])}


def sampled_states(pack):
    game = random_playout(pack.new_game(seat_colours(pack), 5), 5)
    step = max(1, len(game.states) // (STATES - 1))
    return game.states[::step][:STATES - 1] + [game.final]


def test_the_lights_part_has_every_name_of_the_contract(pack):
    lights = lights_of(pack)
    assert problems(lights) == [], f"{pack.title}'s lights part"
    assert set(SESSION_ROLES) <= set(lights.ROLES)


def test_the_default_mapping_loads_and_reaches_every_place(pack):
    lights = lights_of(pack)
    mapping = lights.default_mapping()
    assert isinstance(mapping, LedMapping) and mapping.led_count >= 1
    places = list(lights.places())
    assert places and len(places) == len(set(places)), f"{pack.title}: places() lists each place once"
    dark = [place for place in places if not mapping.leds_of(place)]
    assert not dark, f"{pack.title}'s default mapping lights no LED for {dark}"


def test_the_palette_colours_every_role_the_pack_uses(pack):
    lights = lights_of(pack)
    palette = lights.palette()
    missing = [role for role in lights.ROLES if role not in palette.roles]
    assert not missing, f"{pack.title}'s palette has no colour for {missing}"
    assert all(role in palette.priority for role in lights.ROLES), "every role has a rank on a shared place"


def test_a_scene_for_states_of_a_random_game_renders_to_led_colours(pack):
    lights = lights_of(pack)
    renderer = Renderer(lights.default_mapping(), palette=lights.palette())
    places = list(lights.places())
    seen = set()
    for state in sampled_states(pack):
        view, facts = session_facts(state, places)
        scene = lights.scene(view, **facts)
        assert isinstance(scene, LedScene)
        assert lights.scene(view, **facts) == scene, "equal inputs give equal scenes"
        assert LedScene.from_json(scene.to_json()) == scene
        roles = {light.role for _place, lit in scene.places for light in lit}
        assert roles <= set(lights.ROLES), f"{pack.title}'s scene uses roles it does not declare: {roles - set(lights.ROLES)}"
        seen |= roles
        for blink_on in (True, False):
            pixels = renderer.pixels(scene, blink_on)
            assert len(pixels) == renderer.led_count
            assert all(len(rgb) == 3 and all(isinstance(c, int) and 0 <= c <= 255 for c in rgb) for rgb in pixels)
        if facts["alert_places"]:
            assert any(light.role == "alert" for _place, lit in scene.places for light in lit)
            assert any(p != (0, 0, 0) for p in renderer.pixels(scene, True)), "an alert lights at least one LED"
        # the session's path to the same scene (the strip and the tablet's virtual LEDs)
        assert led_scene(view.to_json(), guided=True, **facts) == scene
        lamps = virtual_leds(scene, pack.name)
        assert [lamp["place"] for lamp in lamps][:len(places)] == places
    assert "alert" in seen


def test_a_pack_without_lights_has_a_dark_scene_and_no_lamps(pack):
    if pack.has_part("lights"):
        pytest.skip(f"{pack.title} has lights")
    state = pack.new_game(seat_colours(pack), 1)
    view, facts = session_facts(state, ["anywhere"])
    assert led_scene(view.to_json(), guided=True, **facts) == LedScene()
    assert virtual_leds(LedScene(), pack.name) == []
