"""The LED strip follows the session through a real link to an emulated board on a pty."""

import time

import pytest

from companion.games.caylus import lights as caylus_lights
from companion.live.leds import LedSync, open_led_link, renderer_for, scene_for_session
from companion.session import Journal
from companion.web.desk import Desk
from firmware_bridge.link import LinkSettings
from firmware_bridge.render import Renderer
from firmware_bridge.virtual_device import OwnFirmwareEngine, VirtualDevice
from tests.waiting import wait_until

RENDERER = Renderer(caylus_lights.default_mapping(), palette=caylus_lights.palette())
FAST = LinkSettings(greeting_timeout_s=1.0, backoff_initial_s=0.05, backoff_max_s=0.3)


@pytest.fixture
def rig(tmp_path):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue"], seed=4, variants={}, guided=True)
    device = VirtualDevice(OwnFirmwareEngine(RENDERER.led_count), tmp_path / "ttyLED").plug()
    sync = LedSync(desk, open_led_link(str(device.path), "own", settings=FAST)).start()
    yield desk, device, sync
    sync.stop()
    device.unplug()


def lit(device, scene, blink_on=True):
    return lambda: device.engine.pixels == RENDERER.pixels(scene, blink_on)


def test_each_decision_lights_the_next_player_and_the_legal_places(rig):
    desk, device, sync = rig
    session = desk.session
    first = scene_for_session(session)
    assert wait_until(lambda: lit(device, first)() or lit(device, first, False)())
    for _ in range(3):
        session.decide(session.state.pending().options[0].action)
    now = scene_for_session(session)
    assert now != first
    assert wait_until(lambda: lit(device, now)() or lit(device, now, False)())
    colour = session.players[session.state.pending().player]
    turn = dict(now.places)["turn"]
    assert any(light.role == "current_player" and light.colour == colour for light in turn)
    assert any(light.role == "hint" for _place, lights in now.places for light in lights), "guided play shows hints"
    assert sync.status_json()["state"] == "connected"


def test_an_alert_blinks_its_place(rig):
    desk, device, _sync = rig
    desk.session.raise_alert("Red can't place a worker there", player="red", place="road.9")
    scene = scene_for_session(desk.session)
    assert any(light.role == "alert" for light in dict(scene.places)["road.9"])
    assert wait_until(lambda: lit(device, scene)() or lit(device, scene, False)())


def test_unplugging_the_board_never_holds_up_the_game(rig):
    desk, device, sync = rig
    session = desk.session
    device.unplug()
    assert wait_until(lambda: sync.status_json()["state"] == "disconnected")
    started = time.perf_counter()
    for _ in range(5):
        session.decide(session.state.pending().options[0].action)
    # a game held up by the unplugged board would wait a write or greeting timeout (1 s) per decision: 5 s or more;
    # the bound leaves room for a loaded 2-core machine (0.5 s failed once with the suite running beside a game)
    assert time.perf_counter() - started < 2.5
    device.plug()
    scene = scene_for_session(session)
    assert wait_until(lambda: lit(device, scene)() or lit(device, scene, False)(), timeout=5)
    assert sync.status_json()["state"] == "connected"


def test_the_game_pack_gives_the_strip_its_mapping_and_colours():
    assert renderer_for("caylus") == RENDERER
    assert renderer_for() == RENDERER, "the default game's strip when no game is named"
    assert renderer_for("caylus", brightness=0.2).brightness == 0.2


def test_a_game_without_lights_keeps_the_strip_dark(tmp_path):
    from tests.games import nim
    from companion.games import registry
    registry.register(nim.PACK)
    try:
        desk = Desk(Journal(":memory:"))
        desk.new_game(game="nim", players=["red", "blue"], seed=1, variants={}, guided=True)
        assert scene_for_session(desk.session).places == ()
        dark = renderer_for("nim")
        assert dark.mapping.places == {} and dark.pixels(scene_for_session(desk.session)) == [(0, 0, 0)]
        device = VirtualDevice(OwnFirmwareEngine(44), tmp_path / "ttyLED").plug()
        sync = LedSync(desk, open_led_link(str(device.path), "own", game="nim", settings=FAST)).start()
        try:
            assert wait_until(lambda: sync.status_json()["state"] == "connected")
            assert device.engine.pixels == [(0, 0, 0)] * 44
        finally:
            sync.stop()
            device.unplug()
    finally:
        registry.unregister("nim")
