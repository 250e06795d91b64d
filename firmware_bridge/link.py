"""The LED link: a background connection that keeps the device showing the newest scene.

The game calls ``post(scene)`` and returns at once; a writer thread renders and sends only the newest
scene (older ones are simply overwritten), re-sends it before the device's timeout, toggles blinking,
and, when the device vanishes or falls silent, closes the port and reconnects with back-off. A reader
thread feeds the device's replies to the protocol, as ``serial.threaded.ReaderThread`` does. The
current ``LinkStatus`` is readable at any time for the tablet.
"""

from __future__ import annotations

import threading
import time
from dataclasses import asdict, dataclass, replace
from typing import Any, Callable

import serial

from .ports import PortError, open_port
from .protocols import DeviceSilent, LedProtocol
from .render import RGB, Renderer
from .scene import LedScene

LINK_ERRORS = (serial.SerialException, OSError, PortError, DeviceSilent)


@dataclass(frozen=True)
class LinkStatus:
    """What the tablet shows about the LED board. ``state``: connecting, connected, disconnected, stopped."""

    state: str
    port: str
    protocol: str
    device: str = ""
    error: str = ""
    frames_sent: int = 0
    reconnects: int = 0
    since: float = 0.0

    @property
    def message(self) -> str:
        if self.state == "connected":
            return f"LED board connected: {self.device} on {self.port}"
        if self.state == "disconnected":
            return f"LED board not reachable ({self.error}); the game goes on, retrying"
        if self.state == "stopped":
            return "LED board stopped"
        return f"LED board: connecting to {self.port}"

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"message": self.message}


@dataclass(frozen=True)
class LinkSettings:
    baudrate: int = 115200
    greeting_timeout_s: float = 3.0   # Arduinos reset when the port opens and need ~2 s to boot
    backoff_initial_s: float = 0.1
    backoff_max_s: float = 1.0        # keeps recovery after a replug under 2 s
    blink_half_period_s: float = 0.4


class Connection:
    """An open port with a reader thread feeding a protocol; closing it stops the thread."""

    def __init__(self, port: serial.SerialBase, protocol: LedProtocol) -> None:
        self.port = port
        self.protocol = protocol
        self.error: str | None = None
        self.lost = threading.Event()
        self._closing = False
        protocol.connection_made(self._write)
        self._reader = threading.Thread(target=self._read_loop, name="led-reader", daemon=True)
        self._reader.start()

    def _write(self, data: bytes) -> None:
        self.port.write(data)

    def _read_loop(self) -> None:
        while not self._closing:
            try:
                data = self.port.read(self.port.in_waiting or 1)
            except Exception as error:  # pyserial raises SerialException, OSError or TypeError on a dead port
                if not self._closing:
                    self.error = f"{error}"
                break
            if data:
                self.protocol.data_received(data)
        self.lost.set()
        self.protocol.connection_lost()

    def close(self) -> None:
        self._closing = True
        cancel = getattr(self.port, "cancel_read", None)
        try:
            if cancel:
                cancel()
        except Exception:
            pass
        self._reader.join(timeout=1.0)
        try:
            self.port.close()
        except Exception:
            pass  # a vanished device may refuse even to close; the handle is dropped anyway

    def __enter__(self) -> "Connection":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


class LedLink:
    """Keeps one LED device showing the newest posted scene. Start with ``start()``, end with ``close()``."""

    def __init__(self, port: str, protocol: LedProtocol, renderer: Renderer,
                 settings: LinkSettings = LinkSettings(),
                 on_status: Callable[[LinkStatus], None] | None = None) -> None:
        self.renderer = renderer
        self.protocol = protocol
        self.settings = settings
        self._on_status = on_status
        self._wake = threading.Condition()
        self._scene = LedScene()
        self._scene_version = 0
        self._stopping = False
        self._status = LinkStatus("connecting", port, protocol.name, since=time.time())
        self._thread = threading.Thread(target=self._run, name="led-writer", daemon=True)

    # -- the game's side: never blocks ----------------------------------------------------------
    def post(self, scene: LedScene) -> None:
        with self._wake:
            if scene != self._scene:
                self._scene = scene
                self._scene_version += 1
                self._wake.notify_all()

    @property
    def status(self) -> LinkStatus:
        return self._status

    def start(self) -> "LedLink":
        self._thread.start()
        return self

    def close(self, timeout: float = 2.0) -> None:
        with self._wake:
            self._stopping = True
            self._wake.notify_all()
        self._thread.join(timeout)
        self._set_status(state="stopped")

    def __enter__(self) -> "LedLink":
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- the writer thread ------------------------------------------------------------------------
    def _run(self) -> None:
        backoff = self.settings.backoff_initial_s
        while not self._stopping:
            try:
                port = open_port(self._status.port, self.settings.baudrate)
            except PortError as error:
                self._disconnected(str(error))
            else:
                with Connection(port, self.protocol) as connection:
                    try:
                        device = self.protocol.handshake(self.settings.greeting_timeout_s)
                        self._set_status(state="connected", device=device, error="")
                        backoff = self.settings.backoff_initial_s
                        self._serve(connection)
                    except LINK_ERRORS as error:
                        self._disconnected(connection.error or str(error) or type(error).__name__)
                if self._stopping:
                    break
            self._sleep(backoff)
            backoff = min(backoff * 2, self.settings.backoff_max_s)

    def _serve(self, connection: Connection) -> None:
        delivered: tuple[int, bool] | None = None   # (scene version, blink phase) the device shows
        blink_on = True
        next_blink = next_refresh = 0.0
        while not self._stopping:
            if connection.lost.is_set():
                raise DeviceSilent(connection.error or "the port closed")
            with self._wake:
                scene, version = self._scene, self._scene_version
            now = time.monotonic()
            if scene.has_blink and now >= next_blink:
                blink_on = not blink_on if delivered else True
                next_blink = now + self.settings.blink_half_period_s
            if delivered != (version, blink_on) or now >= next_refresh:
                if self.protocol.show(self._pixels(scene, blink_on)):
                    delivered = (version, blink_on)
                    next_refresh = time.monotonic() + self.protocol.refresh_s
                    self._set_status(frames_sent=self._status.frames_sent + 1)
                self.protocol.check_alive()
                continue  # a newer scene may have arrived while sending
            wake_at = min(next_refresh, next_blink) if scene.has_blink else next_refresh
            with self._wake:
                self._wake.wait_for(lambda: self._stopping or self._scene_version != version or connection.lost.is_set(),
                                    timeout=max(0.0, min(wake_at - time.monotonic(), 0.1)))

    def _pixels(self, scene: LedScene, blink_on: bool) -> list[RGB]:
        return self.renderer.pixels(scene, blink_on)

    def _disconnected(self, error: str) -> None:
        was_connected = self._status.state == "connected"
        self._set_status(state="disconnected", error=error, device="",
                         reconnects=self._status.reconnects + (1 if was_connected else 0))

    def _sleep(self, seconds: float) -> None:
        with self._wake:
            self._wake.wait_for(lambda: self._stopping, timeout=seconds)

    def _set_status(self, **changes: Any) -> None:
        state_changed = "state" in changes and changes["state"] != self._status.state
        if state_changed:
            changes["since"] = time.time()
        self._status = replace(self._status, **changes)
        if self._on_status and (state_changed or "error" in changes):
            try:
                self._on_status(self._status)
            except Exception:
                pass  # a broken status listener must not take the LED link down
