"""The link against emulated devices on real pseudo-terminals: faults, unplug, replug, no stalls."""

import time

import pytest

from companion.games.caylus import lights as caylus_lights
from firmware_bridge.link import LedLink, LinkSettings
from firmware_bridge.protocols import AdalightProtocol, OwnProtocol, WledProtocol
from firmware_bridge.render import Renderer
from firmware_bridge.scene import LedScene, Light
from firmware_bridge.virtual_device import AdalightSketchEngine, OwnFirmwareEngine, VirtualDevice, WledEngine
from tests.waiting import wait_until

MAPPING = caylus_lights.default_mapping()      # a real strip's wiring and colours: the default game's
LEDS = MAPPING.led_count
RENDERER = Renderer(MAPPING, brightness=1.0, palette=caylus_lights.palette())
FAST = LinkSettings(greeting_timeout_s=1.0, backoff_initial_s=0.05, backoff_max_s=0.3)


def provost_at(square: int) -> LedScene:
    return LedScene.of({f"road.{square}": [Light("provost")], "turn": [Light("current_player", colour="red")]})


def shows(device: VirtualDevice, scene: LedScene, blink_on: bool = True):
    return lambda: device.engine.pixels == RENDERER.pixels(scene, blink_on)


ENGINES_AND_PROTOCOLS = {
    "own": (lambda: OwnFirmwareEngine(LEDS), lambda: OwnProtocol(LEDS)),
    "adalight": (lambda: AdalightSketchEngine(LEDS, heartbeat_s=0.3), lambda: AdalightProtocol(LEDS)),
    "wled": (lambda: WledEngine(LEDS), lambda: WledProtocol(LEDS)),
}


@pytest.fixture(params=sorted(ENGINES_AND_PROTOCOLS))
def rig(request, tmp_path):
    make_engine, make_protocol = ENGINES_AND_PROTOCOLS[request.param]
    device = VirtualDevice(make_engine(), tmp_path / "ttyLED").plug()
    link = LedLink(str(device.path), make_protocol(), RENDERER, FAST).start()
    yield device, link
    link.close()
    device.unplug()


def test_the_newest_scene_ends_on_the_leds(rig):
    device, link = rig
    for square in range(1, 12):
        link.post(provost_at(square))
    assert wait_until(shows(device, provost_at(11)))
    assert link.status.state == "connected"


@pytest.mark.parametrize("firmware_name", ["companion-led", "caylus-led"])
def test_the_reference_firmware_is_accepted_under_its_current_and_its_former_name(tmp_path, firmware_name):
    with VirtualDevice(OwnFirmwareEngine(LEDS, firmware_name=firmware_name), tmp_path / "ttyLED") as device:
        with LedLink(str(device.path), OwnProtocol(LEDS), RENDERER, FAST) as link:
            link.post(provost_at(2))
            assert wait_until(shows(device, provost_at(2)))
            assert link.status.state == "connected" and link.status.device.startswith(f"{firmware_name} 1 ")


def test_garbage_from_the_device_does_not_confuse_the_host(rig):
    device, link = rig
    link.post(provost_at(3))
    assert wait_until(shows(device, provost_at(3)))
    device.send_garbage(bytes(range(256)) + b"\x00\x00junk\nAd\n")
    link.post(provost_at(4))
    assert wait_until(shows(device, provost_at(4)))
    assert link.status.state == "connected"


def test_unplug_and_replug_restores_the_latest_scene_without_stalling_the_game(rig):
    device, link = rig
    link.post(provost_at(5))
    assert wait_until(shows(device, provost_at(5)))
    device.unplug()
    assert wait_until(lambda: link.status.state == "disconnected")
    assert link.status.error and "retrying" in link.status.message
    slowest = 0.0
    for square in range(6, 26):  # the game keeps running while the board is away
        started = time.perf_counter()
        link.post(provost_at(square))
        slowest = max(slowest, time.perf_counter() - started)
        time.sleep(0.01)
    assert slowest < 0.05
    device.plug()
    assert wait_until(shows(device, provost_at(25)), timeout=5.0)
    assert link.status.state == "connected" and link.status.reconnects == 1


def test_blinking_alert_alternates_on_the_device(rig):
    device, link = rig
    scene = LedScene.of({"gate": [Light("alert", blink=True)], "road.2": [Light("provost")]})
    link.post(scene)
    assert wait_until(shows(device, scene, blink_on=True))
    assert wait_until(shows(device, scene, blink_on=False))
    assert wait_until(shows(device, scene, blink_on=True))


def test_own_protocol_recovers_from_crc_errors_and_dropped_acks(tmp_path):
    engine = OwnFirmwareEngine(LEDS)
    with VirtualDevice(engine, tmp_path / "ttyLED") as device:
        protocol = OwnProtocol(LEDS, ack_timeout_s=0.1)
        with LedLink(str(device.path), protocol, RENDERER, FAST) as link:
            link.post(provost_at(2))
            assert wait_until(shows(device, provost_at(2)))
            device.corrupt_incoming_byte(20)   # inside the next frame's pixels
            link.post(provost_at(9))
            assert wait_until(shows(device, provost_at(9)))
            assert protocol.naks >= 1 and engine.controller.rejected >= 1
            engine.drop_next_acks = 2          # shown, but the host never hears about it
            link.post(provost_at(14))
            assert wait_until(shows(device, provost_at(14)))
            assert wait_until(lambda: engine.drop_next_acks == 0 and link.status.frames_sent >= 3)
            assert link.status.state == "connected"


def test_own_protocol_gives_up_on_a_silent_device_and_the_game_goes_on(tmp_path):
    engine = OwnFirmwareEngine(LEDS)
    with VirtualDevice(engine, tmp_path / "ttyLED") as device:
        with LedLink(str(device.path), OwnProtocol(LEDS, ack_timeout_s=0.05), RENDERER, FAST) as link:
            link.post(provost_at(2))
            assert wait_until(shows(device, provost_at(2)))
            engine.drop_next_acks = 10_000
            started = time.perf_counter()
            link.post(provost_at(3))
            assert time.perf_counter() - started < 0.05
            assert wait_until(lambda: link.status.state == "disconnected")
            assert "not acknowledged" in link.status.error
            engine.drop_next_acks = 0
            assert wait_until(lambda: link.status.state == "connected")


def test_own_firmware_dims_when_the_host_goes_quiet(tmp_path):
    engine = OwnFirmwareEngine(LEDS, quiet_ms=300)
    with VirtualDevice(engine, tmp_path / "ttyLED") as device:
        protocol = OwnProtocol(LEDS)
        protocol.refresh_s = 0.1  # keep-alive scaled with the shortened quiet timeout
        link = LedLink(str(device.path), protocol, RENDERER, FAST).start()
        link.post(provost_at(7))
        assert wait_until(shows(device, provost_at(7)))
        time.sleep(0.6)
        assert not engine.dimmed  # the keep-alive holds it live through twice the quiet timeout
        link.close()
        assert wait_until(lambda: engine.dimmed, timeout=2.0)
        lit = RENDERER.pixels(provost_at(7))
        assert engine.pixels == [tuple(c >> 3 for c in p) for p in lit]


def test_wled_keeps_showing_a_static_scene_past_its_realtime_timeout(tmp_path):
    engine = WledEngine(LEDS, realtime_timeout_s=0.6)
    with VirtualDevice(engine, tmp_path / "ttyLED") as device:
        protocol = WledProtocol(LEDS)
        protocol.refresh_s = 0.25  # scaled with the shortened device timeout
        with LedLink(str(device.path), protocol, RENDERER, FAST) as link:
            link.post(provost_at(6))
            assert wait_until(shows(device, provost_at(6)))
            time.sleep(1.5)
            assert engine.realtime and shows(device, provost_at(6))()
            assert {"on": True, "bri": 255} in engine.json_requests
        assert wait_until(lambda: engine.pixels == [WledEngine.EFFECT_COLOUR] * LEDS)  # host gone: WLED's own effect


def test_adalight_corrupted_pixels_are_repaired_by_the_next_refresh(tmp_path):
    engine = AdalightSketchEngine(LEDS, blank_after_s=1.0)
    with VirtualDevice(engine, tmp_path / "ttyLED") as device:
        protocol = AdalightProtocol(LEDS)
        protocol.refresh_s = 0.3  # scaled with the shortened blank timeout
        with LedLink(str(device.path), protocol, RENDERER, FAST) as link:
            link.post(provost_at(1))
            assert wait_until(shows(device, provost_at(1)))
            road8 = MAPPING.leds_of("road.8")[0]
            device.corrupt_incoming_byte(6 + 3 * road8)   # the red byte of road.8's LED
            link.post(provost_at(8))
            assert wait_until(shows(device, provost_at(8)))
            assert (254, 255, 255) in [frame[road8] for frame in engine.history]  # the wrong colour was shown
            time.sleep(1.5)   # past the sketch's blank timeout: the refresh keeps the LEDs on
            assert shows(device, provost_at(8))()
