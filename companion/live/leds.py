"""The LED strip follows the game: a new scene is posted on every session change.

The scene is the one the tablet's virtual LEDs preview (``companion.web.live_view.led_scene_of``):
whose turn, the legal places in guided play, the places of open alerts, lit by the game pack's
``lights`` part (firmware_bridge.game_lights); a game without one keeps the strip dark. ``LedLink.post``
never blocks, so a slow or unplugged strip never holds up the game; the link's status is shown on the tablet.

>>> link = open_led_link("/dev/ttyACM0", "own", on_status=lambda _status: desk.notify("leds"))   # doctest: +SKIP
>>> sync = LedSync(desk, link).start()                                                            # doctest: +SKIP
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from firmware_bridge.link import LedLink, LinkSettings
from firmware_bridge.mapping import LedMapping, dark_mapping
from firmware_bridge.protocols import make_protocol
from firmware_bridge.render import Renderer, default_palette
from firmware_bridge.scene import LedScene

from companion.web.led_board import lights_of
from companion.web.live_view import led_scene_of

WATCH_TICK_S = 1.0


def scene_for_session(session: Any) -> LedScene:
    """What the strip shows for the session now (dark when there is no game, or its game has no lights)."""
    if session is None or lights_of(session.game) is None:
        return LedScene()
    return led_scene_of(session.snapshot(), guided=bool(session.guided))


def renderer_for(game: str | None = None, mapping: LedMapping | None = None,
                 brightness: float | None = None) -> Renderer:
    """The renderer for ``game``'s strip (the default game when None): its pack's palette, and ``mapping``
    or else the pack's default mapping; a game without lights gets the shared palette and a dark strip."""
    lights = lights_of(game)
    mapping = mapping or (lights.default_mapping() if lights is not None else dark_mapping())
    palette = lights.palette() if lights is not None else default_palette()
    return Renderer(mapping, palette=palette) if brightness is None else Renderer(mapping, brightness, palette)


def open_led_link(port: str, protocol: str, *, game: str | None = None, mapping: LedMapping | None = None,
                  brightness: float | None = None, on_status: Callable[[Any], None] | None = None,
                  settings: LinkSettings = LinkSettings()) -> LedLink:
    """A started link to the strip on ``port`` (path, by-id name or pyserial URL) for ``game`` (the
    default game when None); ``mapping`` is the wiring (default: the game pack's), ``brightness`` 0..1
    (default the renderer's 0.4)."""
    renderer = renderer_for(game, mapping, brightness)
    return LedLink(port, make_protocol(protocol, renderer.led_count), renderer, settings, on_status=on_status).start()


class LedSync:
    """A thread following the desk's changes (``Desk.watch``) and posting the scene for each."""

    def __init__(self, desk: Any, link: LedLink) -> None:
        self.desk = desk
        self.link = link
        self.posted = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="led-sync", daemon=True)

    def start(self) -> "LedSync":
        self._changes = self.desk.watch(keepalive=WATCH_TICK_S)     # watching before the first scene: none missed
        self.post_now()
        self._thread.start()
        return self

    def post_now(self) -> None:
        self.link.post(scene_for_session(self.desk.session))
        self.posted += 1

    def status_json(self) -> dict[str, Any]:
        return self.link.status.to_json()

    def stop(self) -> None:
        self._stop.set()
        self.desk.notify("stopping")          # wakes the watch so the thread sees the stop
        self._thread.join(timeout=3)
        self.link.close()

    def _run(self) -> None:
        for change in self._changes:
            if self._stop.is_set():
                return
            if change is not None:        # the link drops a scene equal to the one it shows
                self.post_now()
