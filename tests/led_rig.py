"""A game's LED strip on an emulated board behind a pty, as the lights tests drive it: a desk with a new game, the
board plugged in, the link following the session."""

from __future__ import annotations

from typing import Iterator, Sequence

from companion.live.leds import LedSync, open_led_link
from companion.session import Journal
from companion.web.desk import Desk
from firmware_bridge.link import LinkSettings
from firmware_bridge.render import Renderer
from firmware_bridge.scene import LedScene
from firmware_bridge.virtual_device import OwnFirmwareEngine, VirtualDevice

FAST = LinkSettings(greeting_timeout_s=1.0, backoff_initial_s=0.05, backoff_max_s=0.3)


def strip_rig(tmp_path, renderer: Renderer, *, game: str, players: Sequence[str], seed: int,
              guided: bool) -> Iterator[tuple[Desk, VirtualDevice, LedSync]]:
    """For a fixture: yields (desk, device, sync) and unplugs the board after the test."""
    desk = Desk(Journal(":memory:"))
    desk.new_game(game=game, players=list(players), seed=seed, variants={}, guided=guided)
    device = VirtualDevice(OwnFirmwareEngine(renderer.led_count), tmp_path / "ttyLED").plug()
    sync = LedSync(desk, open_led_link(str(device.path), "own", game=game, settings=FAST)).start()
    yield desk, device, sync
    sync.stop()
    device.unplug()


def shows(device: VirtualDevice, renderer: Renderer, scene: LedScene):
    """A check for wait_until: the board shows ``scene`` (in either half of a blink)."""
    return lambda: device.engine.pixels in (renderer.pixels(scene, True), renderer.pixels(scene, False))
