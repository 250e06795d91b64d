# Reference LED firmware for the own protocol - the hardware-free core.
#
# Runs unchanged under MicroPython (RP2040, ESP32) and CPython: no typing, no dataclasses, no f-string
# tricks. main.py gives it a LED driver, a byte writer and a millisecond clock; the tests give it fakes.
# Frame format: see firmware_bridge/own_frames.py and docs/leds.md (COBS + CRC-16/CCITT-FALSE).

PROTOCOL_VERSION = 1
FIRMWARE_NAME = "companion-led"   # the greeting's first word; the host shows it and does not check it
FIRMWARE_VERSION = 1

SHOW = 0x01
HELLO_REQ = 0x02
ACK = 0x80
HELLO = 0x81
NAK = 0x82

NAK_BAD_CRC = 1
NAK_BAD_LENGTH = 2
NAK_BAD_FRAME = 3
NAK_TOO_MANY_LEDS = 4

QUIET_MS = 3000   # no valid frame for this long: the host is gone, go to the safe dim state
DIM_SHIFT = 3     # the safe dim state shows the last frame at 1/8 brightness


def crc16(data, crc=0xFFFF):
    # CRC-16/CCITT-FALSE, bit by bit: small enough for any board, no table in RAM.
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc


def cobs_encode(data):
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out.extend(block)
            block = bytearray()
        else:
            block.append(byte)
            if len(block) == 254:
                out.append(255)
                out.extend(block)
                block = bytearray()
    out.append(len(block) + 1)
    out.extend(block)
    return bytes(out)


def cobs_decode(data):
    # Returns None for bytes that are not valid COBS (line noise); the caller answers NAK.
    out = bytearray()
    index = 0
    while index < len(data):
        code = data[index]
        end = index + code
        if code == 0 or end > len(data):
            return None
        out.extend(data[index + 1:end])
        index = end
        if code < 255 and index < len(data):
            out.append(0)
    return bytes(out)


def build_frame(frame_type, seq, payload=b""):
    n = len(payload)
    body = bytes((PROTOCOL_VERSION, frame_type, seq & 0xFF, (n >> 8) & 0xFF, n & 0xFF)) + bytes(payload)
    crc = crc16(body)
    return cobs_encode(body + bytes(((crc >> 8) & 0xFF, crc & 0xFF))) + b"\x00"


def _elapsed_ms(now, then):
    return now - then


class LedController:
    """The device's state machine: collect bytes into frames, show full-state frames, ACK or NAK
    each one, greet the host, and fall back to a dim safe state when the host goes quiet."""

    def __init__(self, driver, led_count, write, ticks_ms, ticks_diff=_elapsed_ms, quiet_ms=QUIET_MS,
                 name=FIRMWARE_NAME):
        self.driver = driver          # has show(pixels: bytearray of R,G,B per LED)
        self.name = name              # the name the greeting starts with
        self.led_count = led_count
        self.write = write            # write(bytes) towards the host
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.quiet_ms = quiet_ms
        self.pixels = bytearray(3 * led_count)   # what the host last asked for
        self.state = "waiting"                   # waiting -> live <-> dim
        self.last_frame_ms = ticks_ms()
        self.frames_shown = 0
        self.rejected = 0
        self._buffer = bytearray()
        self._overflow = False
        # The largest valid frame: header + RGB for every LED + CRC, COBS overhead, some slack.
        self._max_encoded = 5 + 3 * led_count + 2 + (3 * led_count) // 254 + 8

    def boot(self):
        self.driver.show(bytearray(3 * self.led_count))
        self.greet()

    def greet(self):
        text = "%s %d leds=%d" % (self.name, FIRMWARE_VERSION, self.led_count)
        self.write(build_frame(HELLO, 0, text.encode()))

    def feed(self, data):
        for byte in data:
            if byte == 0:
                if self._overflow:
                    self._reject(0, NAK_BAD_LENGTH)
                elif self._buffer:
                    self._handle(bytes(self._buffer))
                self._buffer = bytearray()
                self._overflow = False
            elif len(self._buffer) < self._max_encoded:
                self._buffer.append(byte)
            else:
                self._overflow = True

    def tick(self):
        if self.state == "live" and self.ticks_diff(self.ticks_ms(), self.last_frame_ms) >= self.quiet_ms:
            dim = bytearray(len(self.pixels))
            for i in range(len(self.pixels)):
                dim[i] = self.pixels[i] >> DIM_SHIFT
            self.driver.show(dim)
            self.state = "dim"

    def _handle(self, encoded):
        body = cobs_decode(encoded)
        if body is None or len(body) < 7:
            self._reject(0, NAK_BAD_FRAME)
            return
        crc = crc16(body[:-2])
        if crc != (body[-2] << 8) | body[-1]:
            self._reject(0, NAK_BAD_CRC)
            return
        frame_type, seq = body[1], body[2]
        length = (body[3] << 8) | body[4]
        payload = body[5:-2]
        if body[0] != PROTOCOL_VERSION or length != len(payload):
            self._reject(seq, NAK_BAD_FRAME)
            return
        if frame_type == SHOW:
            if length % 3 != 0 or length > len(self.pixels):
                self._reject(seq, NAK_TOO_MANY_LEDS)
                return
            self.pixels[:length] = payload
            for i in range(length, len(self.pixels)):
                self.pixels[i] = 0
            self.driver.show(self.pixels)
            self.frames_shown += 1
            self._alive()
            self.write(build_frame(ACK, seq))
        elif frame_type == HELLO_REQ:
            self.greet()
        else:
            self._reject(seq, NAK_BAD_FRAME)

    def _alive(self):
        self.last_frame_ms = self.ticks_ms()
        self.state = "live"

    def _reject(self, seq, reason):
        self.rejected += 1
        self.write(build_frame(NAK, seq, bytes((reason,))))
