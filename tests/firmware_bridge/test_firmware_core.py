"""The reference firmware's core logic, run under CPython with a fake strip and a fake clock."""

from firmware_bridge import own_frames
from firmware_bridge.firmware.led_core import DIM_SHIFT, LedController
from firmware_bridge.own_frames import FrameType, NakReason


class Bench:
    """A board on the bench: a fake strip, a wire back to the host and a hand-turned clock."""

    def __init__(self, led_count=4, quiet_ms=3000):
        self.now = 0
        self.shown = []
        self.replies = bytearray()
        strip = type("Strip", (), {"show": lambda _s, pixels: self.shown.append(bytes(pixels))})()
        self.device = LedController(strip, led_count, self.replies.extend, lambda: self.now, quiet_ms=quiet_ms)

    def frames_back(self):
        frames = [own_frames.decode_frame(f) for f in bytes(self.replies).split(b"\x00") if f]
        self.replies.clear()
        return frames


def show(seq, pixels):
    return own_frames.encode_frame(FrameType.SHOW, seq, bytes(c for p in pixels for c in p))


def test_boot_clears_the_strip_and_greets_with_led_count():
    bench = Bench(led_count=44)
    bench.device.boot()
    assert bench.shown == [bytes(132)]
    (hello,) = bench.frames_back()
    assert hello.type == FrameType.HELLO and hello.payload == b"companion-led 1 leds=44"


def test_a_full_state_frame_is_shown_then_acked_with_its_sequence():
    bench = Bench()
    bench.device.feed(show(9, [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12)]))
    assert bench.shown[-1] == bytes(range(1, 13))
    assert bench.frames_back() == [own_frames.Frame(FrameType.ACK, 9, b"")]


def test_a_shorter_frame_blacks_out_the_rest_of_the_strip():
    bench = Bench()
    bench.device.feed(show(1, [(9, 9, 9)] * 4))
    bench.device.feed(show(2, [(5, 5, 5)]))
    assert bench.shown[-1] == bytes([5, 5, 5] + [0] * 9)


def test_crc_error_is_naked_and_the_leds_keep_their_state():
    bench = Bench()
    bench.device.feed(show(1, [(9, 9, 9)] * 4))
    bench.frames_back()
    frame = bytearray(show(2, [(1, 1, 1)] * 4))
    frame[8] ^= 0x04
    bench.device.feed(bytes(frame))
    (nak,) = bench.frames_back()
    assert nak.type == FrameType.NAK and nak.payload == bytes([NakReason.BAD_CRC])
    assert bench.shown[-1] == bytes([9] * 12)


def test_garbage_split_across_reads_then_a_valid_frame_is_shown():
    bench = Bench()
    wire = b"\x17\xff\x42\x00" + bytes(range(1, 200)) + b"\x00" + show(5, [(3, 3, 3)] * 4)
    for start in range(0, len(wire), 7):
        bench.device.feed(wire[start:start + 7])
    assert bench.shown[-1] == bytes([3] * 12)
    assert bench.frames_back()[-1] == own_frames.Frame(FrameType.ACK, 5, b"")


def test_too_many_leds_and_unknown_types_are_refused():
    bench = Bench()
    bench.device.feed(show(3, [(1, 1, 1)] * 5))
    bench.device.feed(own_frames.encode_frame(0x33, 4))
    naks = bench.frames_back()
    assert [(f.type, f.seq, f.payload[0]) for f in naks] == [
        (FrameType.NAK, 3, NakReason.TOO_MANY_LEDS), (FrameType.NAK, 4, NakReason.BAD_FRAME)]
    assert bench.shown == []


def test_oversized_noise_without_delimiter_is_dropped_not_buffered():
    bench = Bench()
    bench.device.feed(b"\x05" * 10_000 + b"\x00")
    assert len(bench.device._buffer) == 0
    assert bench.frames_back()[0].payload == bytes([NakReason.BAD_LENGTH])
    bench.device.feed(show(1, [(2, 2, 2)] * 4))
    assert bench.shown[-1] == bytes([2] * 12)


def test_quiet_host_leads_to_the_safe_dim_state_and_a_frame_revives_it():
    bench = Bench(quiet_ms=3000)
    bench.device.feed(show(1, [(200, 80, 16)] * 4))
    bench.now = 2999
    bench.device.tick()
    assert bench.device.state == "live"
    bench.now = 3000
    bench.device.tick()
    assert bench.device.state == "dim"
    assert bench.shown[-1] == bytes([200 >> DIM_SHIFT, 80 >> DIM_SHIFT, 16 >> DIM_SHIFT] * 4)
    bench.device.feed(show(2, [(200, 80, 16)] * 4))
    assert bench.device.state == "live" and bench.shown[-1] == bytes([200, 80, 16] * 4)


def test_hello_request_is_answered():
    bench = Bench(led_count=60)
    bench.device.feed(own_frames.encode_frame(FrameType.HELLO_REQ, 0))
    assert bench.frames_back()[0].payload == b"companion-led 1 leds=60"


def test_a_board_built_under_another_name_greets_with_it():
    replies = bytearray()
    strip = type("Strip", (), {"show": lambda _s, pixels: None})()
    LedController(strip, 44, replies.extend, lambda: 0, name="caylus-led").greet()
    assert own_frames.decode_frame(bytes(replies).rstrip(b"\x00")).payload == b"caylus-led 1 leds=44"
