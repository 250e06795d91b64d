"""Device conversations, kept apart from the port as in pyserial's ``serial.threaded``.

The link's reader thread calls ``data_received``; its writer thread calls ``handshake`` once per
connection, then ``show`` with full-state pixels, ``check_alive`` after each frame and ``confirm``
for ``companion leds --test``. A protocol raises ``DeviceSilent`` when the device stops answering,
which the link treats like an unplug.

What "the device accepted it" means (``confirm``):

* ``own``: the firmware ACKed the frame's sequence number (after showing it).
* ``wled``: WLED answered the ``v`` version query sent after the frame.
* ``adalight``: the sketch said ``Ada`` again after the frame (it does so after 1 s without data);
  the classic sketch has no acknowledgement, so this proves it is alive, not that the bytes were right.
"""

from __future__ import annotations

import threading
import time
from typing import Callable, Sequence

from . import own_frames
from .adalight import GREETING, adalight_frame
from .own_frames import FrameError, FrameType
from .wled import VERSION_QUERY, json_command, parse_version_line

RGB = tuple[int, int, int]
Write = Callable[[bytes], None]


class DeviceSilent(Exception):
    """The device does not answer as its protocol promises; the message says what was expected."""


class LedProtocol:
    name = "base"
    refresh_s = 1.0  # re-send the current frame at least this often

    def __init__(self, led_count: int) -> None:
        self.led_count = led_count
        self._changed = threading.Condition()
        self._write: Write | None = None

    # -- reader side ------------------------------------------------------------------------
    def connection_made(self, write: Write) -> None:
        with self._changed:
            self._write = write
            self._reset()

    def data_received(self, data: bytes) -> None:
        with self._changed:
            self._absorb(data)
            self._changed.notify_all()

    def connection_lost(self) -> None:
        with self._changed:
            self._write = None
            self._changed.notify_all()

    # -- writer side ------------------------------------------------------------------------
    def handshake(self, timeout: float) -> str:
        raise NotImplementedError

    def show(self, pixels: Sequence[RGB]) -> bool:
        """Send the whole strip; False when the frame should be sent again at once."""
        raise NotImplementedError

    def check_alive(self) -> None:
        """Raise DeviceSilent when the device stopped answering."""

    def confirm(self, timeout: float) -> bool:
        raise NotImplementedError

    # -- helpers for subclasses -------------------------------------------------------------
    def _reset(self) -> None:
        pass

    def _absorb(self, data: bytes) -> None:
        raise NotImplementedError

    def _send(self, data: bytes) -> None:
        write = self._write
        if write is None:
            raise DeviceSilent("the port is closed")
        write(data)

    def _wait_for(self, predicate: Callable[[], bool], timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: predicate() or self._write is None, timeout) and predicate()


class _LineProtocol(LedProtocol):
    """Adalight-family devices talk in text lines (``Ada``, ``WLED 0.15.0``, JSON)."""

    def _reset(self) -> None:
        self._partial = b""
        self.lines: list[bytes] = []

    def _absorb(self, data: bytes) -> None:
        *complete, self._partial = (self._partial + data).split(b"\n")
        self.lines.extend(line.rstrip(b"\r") for line in complete)
        self._partial = self._partial[-256:]  # noise without newlines must not grow forever
        del self.lines[:-64]

    def _count(self, accept: Callable[[bytes], bool]) -> int:
        return sum(1 for line in self.lines if accept(line))


class AdalightProtocol(_LineProtocol):
    """The classic Arduino sketch: greets ``Ada``, blanks after 15 s without data, never acknowledges."""

    name = "adalight"
    refresh_s = 2.0  # well inside the 15 s blank timeout, with idle gaps so the sketch's "Ada" still shows

    def handshake(self, timeout: float) -> str:
        if not self._wait_for(lambda: self._count(is_ada) > 0, timeout):
            raise DeviceSilent(f"no \"Ada\" greeting within {timeout:.1f} s (is the Adalight sketch loaded, right baud rate?)")
        return "Adalight sketch"

    def show(self, pixels: Sequence[RGB]) -> bool:
        self._send(adalight_frame(pixels))
        return True

    def confirm(self, timeout: float) -> bool:
        with self._changed:
            self.lines.clear()
        return self._wait_for(lambda: self._count(is_ada) > 0, timeout)


class WledProtocol(_LineProtocol):
    """WLED: Adalight frames re-sent inside its 2.5 s realtime timeout; ``v`` queries prove it is alive."""

    name = "wled"
    refresh_s = 1.0

    def __init__(self, led_count: int, probe_every_s: float = 1.0, answer_within_s: float = 1.0,
                 missed_answers_allowed: int = 2) -> None:
        super().__init__(led_count)
        self.probe_every_s = probe_every_s
        self.answer_within_s = answer_within_s
        self.missed_answers_allowed = missed_answers_allowed

    def _reset(self) -> None:
        super()._reset()
        self._answers = 0
        self._probe_sent_at: float | None = None
        self._answers_at_probe = 0
        self._missed = 0

    def _absorb(self, data: bytes) -> None:
        super()._absorb(data)
        self._answers = self._count(lambda line: parse_version_line(line) is not None)

    def _version(self) -> str | None:
        for line in reversed(self.lines):
            version = parse_version_line(line)
            if version:
                return version
        return None

    def handshake(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._send(VERSION_QUERY)
            if self._wait_for(lambda: self._version() is not None, min(0.4, max(0.0, deadline - time.monotonic()))):
                # Turn the strip on at full WLED brightness: the host's brightness setting is the one knob.
                self._send(json_command({"on": True, "bri": 255}))
                return f"WLED {self._version()}"
        raise DeviceSilent(f"no answer to WLED's \"v\" query within {timeout:.1f} s (WLED with serial enabled, right baud rate?)")

    def show(self, pixels: Sequence[RGB]) -> bool:
        self._send(adalight_frame(pixels))
        now = time.monotonic()
        if self._probe_sent_at is None or now - self._probe_sent_at >= self.probe_every_s:
            with self._changed:
                self._account_for_last_probe()
                self._probe_sent_at, self._answers_at_probe = now, self._answers
            self._send(VERSION_QUERY)
        return True

    def _account_for_last_probe(self) -> None:
        if self._probe_sent_at is None:
            return
        self._missed = 0 if self._answers > self._answers_at_probe else self._missed + 1

    def check_alive(self) -> None:
        with self._changed:
            late = (self._probe_sent_at is not None and self._answers == self._answers_at_probe
                    and time.monotonic() - self._probe_sent_at > self.answer_within_s)
            if late and self._missed + 1 > self.missed_answers_allowed:
                raise DeviceSilent("WLED stopped answering the \"v\" query")

    def confirm(self, timeout: float) -> bool:
        with self._changed:
            before = self._answers
        self._send(VERSION_QUERY)
        return self._wait_for(lambda: self._answers > before, timeout)


class OwnProtocol(LedProtocol):
    """The project's firmware: COBS + CRC-16 frames, one frame in flight, each one ACKed or NAKed.

    The handshake accepts any ``HELLO`` whose ``leds=<n>`` covers the mapping, whatever firmware name
    it starts with (see :mod:`.own_frames`)."""

    name = "own"
    refresh_s = 1.0  # keep-alive: the firmware dims itself after 3 s of silence

    def __init__(self, led_count: int, ack_timeout_s: float = 0.25, missed_acks_allowed: int = 3) -> None:
        super().__init__(led_count)
        self.ack_timeout_s = ack_timeout_s
        self.missed_acks_allowed = missed_acks_allowed
        self._seq = 0

    def _reset(self) -> None:
        self._buffer = bytearray()
        self._hello: str | None = None
        self._acked: set[int] = set()
        self._naked: set[int] = set()
        self._echoes = 0
        self._missed = 0
        self.naks = 0

    def _absorb(self, data: bytes) -> None:
        self._buffer += data
        *frames, rest = bytes(self._buffer).split(own_frames.DELIMITER)
        self._buffer = bytearray(rest[-4096:])
        for encoded in frames:
            if not encoded:
                continue
            try:
                frame = own_frames.decode_frame(encoded)
            except FrameError:
                continue  # line noise: the next delimiter resynchronises
            if frame.type == FrameType.ACK:
                self._acked.add(frame.seq)
            elif frame.type == FrameType.NAK:
                self._naked.add(frame.seq)
                self.naks += 1
            elif frame.type == FrameType.HELLO:
                self._hello = frame.payload.decode("ascii", "replace")
            elif frame.type in (FrameType.SHOW, FrameType.HELLO_REQ):
                self._echoes += 1

    def handshake(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self._send(own_frames.encode_frame(FrameType.HELLO_REQ, 0))
            if self._wait_for(lambda: self._hello is not None, min(0.25, max(0.0, deadline - time.monotonic()))):
                self._check_size(self._hello or "")
                return self._hello or ""
        if self._echoes:
            raise DeviceSilent("the port echoes back what it is sent (a loopback?), no LED firmware answered")
        raise DeviceSilent(f"no greeting from the LED firmware within {timeout:.1f} s (firmware flashed, right baud rate?)")

    def _check_size(self, hello: str) -> None:
        for word in hello.split():
            if word.startswith("leds=") and word[5:].isdigit() and int(word[5:]) < self.led_count:
                raise DeviceSilent(f"the firmware drives {word[5:]} LEDs but the mapping needs {self.led_count}; "
                                   "raise LED_COUNT in main.py")

    def show(self, pixels: Sequence[RGB]) -> bool:
        self._seq = (self._seq + 1) & 0xFF
        seq = self._seq
        with self._changed:
            self._acked.discard(seq)
            self._naked.discard(seq)
            self._naked.discard(0)
        self._send(own_frames.encode_frame(FrameType.SHOW, seq, own_frames.pixel_payload(list(pixels))))
        answered = self._wait_for(lambda: seq in self._acked or seq in self._naked or 0 in self._naked,
                                  self.ack_timeout_s)
        with self._changed:
            if seq in self._acked:
                self._missed = 0
                return True
            if not answered:
                self._missed += 1
        if self._missed >= self.missed_acks_allowed:
            raise DeviceSilent(f"{self._missed} frames in a row were not acknowledged")
        return False

    def confirm(self, timeout: float) -> bool:
        with self._changed:
            return self._seq in self._acked


def is_ada(line: bytes) -> bool:
    return line.strip() == GREETING


PROTOCOLS: dict[str, type[LedProtocol]] = {"wled": WledProtocol, "adalight": AdalightProtocol, "own": OwnProtocol}


def make_protocol(name: str, led_count: int) -> LedProtocol:
    try:
        return PROTOCOLS[name](led_count)
    except KeyError:
        raise ValueError(f"unknown LED protocol {name!r}; choose one of: {', '.join(PROTOCOLS)}") from None
