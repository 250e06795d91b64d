"""LED devices emulated on a pseudo-terminal, for tests, benchmarks and trying the link without hardware.

The host opens ``device.path`` with pyserial exactly as it would open ``/dev/serial/by-id/...``: the
path is a symlink to the pty's slave side, removed on ``unplug()`` and pointed at a fresh pty on
``plug()``, which is what a USB device does when it is pulled and plugged back.

Three engines speak like the real thing: ``OwnFirmwareEngine`` runs the reference firmware's core
(firmware/led_core.py) with a fake strip, ``AdalightSketchEngine`` behaves like Adafruit's
LEDstream sketch, ``WledEngine`` like WLED's serial input (Adalight, ``v``, JSON, realtime timeout).
"""

from __future__ import annotations

import errno
import json
import os
import threading
import time
import tty
from pathlib import Path
from typing import Callable

from .firmware import led_core

RGB = tuple[int, int, int]
Write = Callable[[bytes], None]


def _now_ms() -> int:
    return int(time.monotonic() * 1000)


class Engine:
    """What runs inside the emulated device: bytes in, bytes out, LEDs shown."""

    def __init__(self, led_count: int) -> None:
        self.led_count = led_count
        self.pixels: list[RGB] = [(0, 0, 0)] * led_count
        self.frames_shown = 0
        self.history: list[list[RGB]] = []   # the last frames shown, oldest first
        self.last_shown_at = 0.0
        self.write: Write = lambda data: None

    def on_host_open(self) -> None:
        """The host opened the port (boards that reset on open boot now)."""

    def feed(self, data: bytes) -> None:
        raise NotImplementedError

    def tick(self) -> None:
        """Called every few milliseconds: timeouts and heartbeats."""

    def _shown(self, pixels: list[RGB]) -> None:
        self.pixels = pixels
        self.history = self.history[-19:] + [pixels]
        self.frames_shown += 1
        self.last_shown_at = time.perf_counter()


class FakeStrip:
    """The LED driver the firmware core talks to, recording what a real strip would display."""

    def __init__(self, on_show: Callable[[list[RGB]], None]) -> None:
        self.on_show = on_show

    def show(self, pixels: bytearray) -> None:
        self.on_show([(pixels[i], pixels[i + 1], pixels[i + 2]) for i in range(0, len(pixels), 3)])


class OwnFirmwareEngine(Engine):
    """The reference firmware's core, unchanged, with fault injection for tests."""

    def __init__(self, led_count: int, quiet_ms: int = led_core.QUIET_MS, greets_on_open: bool = True,
                 firmware_name: str = led_core.FIRMWARE_NAME) -> None:
        super().__init__(led_count)
        self.greets_on_open = greets_on_open
        self.drop_next_acks = 0
        self.controller = led_core.LedController(
            FakeStrip(self._shown), led_count, self._reply, _now_ms, quiet_ms=quiet_ms, name=firmware_name)

    @property
    def dimmed(self) -> bool:
        return self.controller.state == "dim"

    def on_host_open(self) -> None:
        if self.greets_on_open:
            self.controller.boot()

    def feed(self, data: bytes) -> None:
        self.controller.feed(data)

    def tick(self) -> None:
        self.controller.tick()

    def _reply(self, frame: bytes) -> None:
        is_ack = led_core.cobs_decode(frame[:-1])[1] == led_core.ACK
        if is_ack and self.drop_next_acks > 0:
            self.drop_next_acks -= 1
            return
        self.write(frame)


class _AdalightParser:
    """Adalight's header hunt: ``Ada hi lo hi^lo^0x55`` then 3 bytes per LED; a bad checksum restarts the hunt."""

    def __init__(self, on_frame: Callable[[list[RGB]], None], on_idle_byte: Callable[[int], None]) -> None:
        self.on_frame = on_frame
        self.on_idle_byte = on_idle_byte
        self.header = bytearray()
        self.data = bytearray()
        self.expected = 0

    @property
    def idle(self) -> bool:
        return not self.header and not self.expected

    def feed(self, byte: int) -> None:
        if self.expected:
            self.data.append(byte)
            if len(self.data) == self.expected:
                data, self.data, self.expected = bytes(self.data), bytearray(), 0
                self.on_frame([(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)])
            return
        position = len(self.header)
        if position < 3:
            if byte == b"Ada"[position]:
                self.header.append(byte)
            elif position == 0:
                self.on_idle_byte(byte)
            else:
                self.header.clear()
            return
        self.header.append(byte)
        if len(self.header) == 6:
            hi, lo, check = self.header[3], self.header[4], self.header[5]
            self.header.clear()
            if check == hi ^ lo ^ 0x55:
                self.expected = 3 * ((hi << 8 | lo) + 1)


class AdalightSketchEngine(Engine):
    """Adafruit's LEDstream sketch: ``Ada\\n`` after boot and every second without data, blank after 15 s."""

    def __init__(self, led_count: int, heartbeat_s: float = 1.0, blank_after_s: float = 15.0,
                 boot_delay_s: float = 0.05) -> None:
        super().__init__(led_count)
        self.heartbeat_s, self.blank_after_s, self.boot_delay_s = heartbeat_s, blank_after_s, boot_delay_s
        self.parser = _AdalightParser(self._frame, lambda byte: None)
        self._last_byte = self._last_ack = time.monotonic()
        self._boot_at: float | None = None

    def on_host_open(self) -> None:
        self._boot_at = time.monotonic() + self.boot_delay_s

    def feed(self, data: bytes) -> None:
        self._last_byte = self._last_ack = time.monotonic()
        for byte in data:
            self.parser.feed(byte)

    def _frame(self, pixels: list[RGB]) -> None:
        shown = (pixels + [(0, 0, 0)] * self.led_count)[:self.led_count]
        self._shown(shown)

    def tick(self) -> None:
        now = time.monotonic()
        if self._boot_at is not None and now >= self._boot_at:
            self._boot_at = None
            self.write(b"Ada\n")
            self._last_ack = self._last_byte = now
        if now - self._last_ack > self.heartbeat_s:
            self.write(b"Ada\n")
            self._last_ack = now
        if now - self._last_byte > self.blank_after_s and any(self.pixels):
            self.pixels = [(0, 0, 0)] * self.led_count
            self._last_byte = now


class WledEngine(Engine):
    """WLED's serial side: Adalight frames (realtime mode), ``v``, JSON state; its own effect after the timeout."""

    EFFECT_COLOUR: RGB = (255, 160, 0)   # WLED's default solid orange stands for "WLED's own effect"

    def __init__(self, led_count: int, realtime_timeout_s: float = 2.5, version: str = "0.15.0",
                 boot_delay_s: float = 0.05) -> None:
        super().__init__(led_count)
        self.realtime_timeout_s, self.version, self.boot_delay_s = realtime_timeout_s, version, boot_delay_s
        self.parser = _AdalightParser(self._frame, self._idle_byte)
        self.state = {"on": False, "bri": 128}
        self.json_requests: list[dict] = []
        self.realtime = False
        self._realtime_at = 0.0
        self._json: bytearray | None = None
        self._boot_at: float | None = None
        self.pixels = [self.EFFECT_COLOUR] * led_count

    def on_host_open(self) -> None:
        self._boot_at = time.monotonic() + self.boot_delay_s

    def feed(self, data: bytes) -> None:
        for byte in data:
            if self._json is not None:
                self._json_byte(byte)
            else:
                self.parser.feed(byte)

    def _idle_byte(self, byte: int) -> None:
        if byte == ord("v"):
            self.write(f"WLED {self.version}\r\n".encode())
        elif byte == ord("{"):
            self._json = bytearray(b"{")

    def _json_byte(self, byte: int) -> None:
        assert self._json is not None
        self._json.append(byte)
        if self._json.count(b"{") == self._json.count(b"}"):
            text, self._json = bytes(self._json), None
            try:
                request = json.loads(text)
            except ValueError:
                return
            self.json_requests.append(request)
            self.state.update({k: request[k] for k in ("on", "bri") if k in request})
            if request.get("v"):
                self.write(json.dumps({"state": self.state, "info": {"ver": self.version}}).encode() + b"\r\n")

    def _frame(self, pixels: list[RGB]) -> None:
        self.realtime = True
        self._realtime_at = time.monotonic()
        self._shown((pixels + [(0, 0, 0)] * self.led_count)[:self.led_count])

    def tick(self) -> None:
        now = time.monotonic()
        if self._boot_at is not None and now >= self._boot_at:
            self._boot_at = None
            self.write(b"Ada\r\n")
        if self.realtime and now - self._realtime_at > self.realtime_timeout_s:
            self.realtime = False
            self.pixels = [self.EFFECT_COLOUR] * self.led_count


class VirtualDevice:
    """An engine behind a pty whose slave is reachable through a stable symlink ``path``."""

    def __init__(self, engine: Engine, path: str | Path) -> None:
        self.engine = engine
        self.path = Path(path)
        self.host_open = False
        self.garbage_to_host = b""
        self._corrupt_countdown: int | None = None
        self._master: int | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        engine.write = self._write

    # -- plugging ---------------------------------------------------------------------------------
    def plug(self) -> "VirtualDevice":
        master, slave = os.openpty()
        tty.setraw(slave)          # raw before the host opens it: no echo, no newline translation
        slave_name = os.ttyname(slave)
        os.close(slave)            # reading the master now fails with EIO until the host opens the slave
        os.set_blocking(master, False)
        self._master = master
        self.host_open = False
        if self.path.is_symlink() or self.path.exists():
            self.path.unlink()
        self.path.symlink_to(slave_name)
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="virtual-led-device", daemon=True)
        self._thread.start()
        return self

    def unplug(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(2.0)
        with self._lock:
            if self._master is not None:
                os.close(self._master)
                self._master = None
        if self.path.is_symlink():
            self.path.unlink()

    def __enter__(self) -> "VirtualDevice":
        return self.plug()

    def __exit__(self, *_exc: object) -> None:
        self.unplug()

    # -- faults ---------------------------------------------------------------------------------
    def corrupt_incoming_byte(self, after: int) -> None:
        """Flip one bit of the host's byte number ``after`` from now (a CRC error on the wire)."""
        self._corrupt_countdown = after

    def send_garbage(self, data: bytes) -> None:
        """Line noise towards the host."""
        self._write(data)

    # -- the device's loop ------------------------------------------------------------------------
    def _write(self, data: bytes) -> None:
        with self._lock:
            view = memoryview(data)
            while view and self._master is not None and self.host_open:
                try:
                    view = view[os.write(self._master, view):]
                except BlockingIOError:
                    time.sleep(0.001)
                except OSError:
                    return

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                data = os.read(self._master, 4096) if self._master is not None else b""
            except BlockingIOError:
                data = b""
                if not self.host_open:
                    self.host_open = True
                    self.engine.on_host_open()
            except OSError as error:
                if error.errno != errno.EIO:
                    raise
                self.host_open = False   # nobody has the port open; the device keeps running
                time.sleep(0.005)
                self.engine.tick()
                continue
            if data:
                if not self.host_open:
                    self.host_open = True
                    self.engine.on_host_open()
                self.engine.feed(self._maybe_corrupt(data))
            else:
                self._wait_readable(0.002)
            self.engine.tick()

    def _wait_readable(self, timeout: float) -> None:
        import select
        if self._master is not None:
            select.select([self._master], [], [], timeout)

    def _maybe_corrupt(self, data: bytes) -> bytes:
        if self._corrupt_countdown is None:
            return data
        if self._corrupt_countdown >= len(data):
            self._corrupt_countdown -= len(data)
            return data
        index, self._corrupt_countdown = self._corrupt_countdown, None
        flipped = data[index] ^ 0x01 or 0x02
        return data[:index] + bytes((flipped,)) + data[index + 1:]


ENGINES: dict[str, Callable[[int], Engine]] = {
    "own": OwnFirmwareEngine, "adalight": AdalightSketchEngine, "wled": WledEngine,
}
