"""Encoders against the documented byte formats (docs/leds.md, led-serial-ux-notes §1 and §4)."""

import pytest
from hypothesis import given, strategies as st

from firmware_bridge import own_frames
from firmware_bridge.adalight import adalight_frame, adalight_header
from firmware_bridge.firmware import led_core as firmware
from firmware_bridge.own_frames import FrameError, FrameType
from firmware_bridge.wled import json_command, parse_version_line


def test_adalight_header_counts_leds_minus_one_with_xor_checksum():
    assert adalight_header(60) == b"Ada\x00\x3b\x6e"        # 59 = 0x3B; 0x00 ^ 0x3B ^ 0x55 = 0x6E
    assert adalight_header(1) == b"Ada\x00\x00\x55"
    assert adalight_header(256) == b"Ada\x00\xff\xaa"
    assert adalight_header(257) == b"Ada\x01\x00\x54"
    with pytest.raises(ValueError):
        adalight_header(0)


def test_adalight_frame_is_header_then_rgb_in_strip_order():
    frame = adalight_frame([(255, 0, 0), (0, 255, 0), (0, 0, 255)])
    assert frame == b"Ada\x00\x02\x57" + bytes([255, 0, 0, 0, 255, 0, 0, 0, 255])
    assert len(adalight_frame([(0, 0, 0)] * 60)) == 6 + 180


def test_wled_json_is_compact_and_version_answers_parse():
    assert json_command({"on": True, "bri": 128}) == b'{"on":true,"bri":128}\n'
    assert parse_version_line(b"WLED 0.14.4\r") == "0.14.4"
    assert parse_version_line(b"Ada") is None


@pytest.mark.parametrize("raw, encoded", [
    (b"\x00", b"\x01\x01"),
    (b"\x00\x00", b"\x01\x01\x01"),
    (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
    (b"\x11\x22\x33\x44", b"\x05\x11\x22\x33\x44"),
    (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
    (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255)) + b"\x01"),
])
def test_cobs_matches_the_published_examples(raw, encoded):
    assert own_frames.cobs_encode(raw) == encoded
    assert own_frames.cobs_decode(encoded) == raw
    assert firmware.cobs_encode(raw) == encoded


def test_crc16_ccitt_false_check_value():
    assert own_frames.crc16(b"123456789") == 0x29B1
    assert firmware.crc16(b"123456789") == 0x29B1


def test_show_frame_bytes_for_a_small_case():
    # body: version 1, SHOW 0x01, seq 7, length 0x0003, payload 01 02 03, then CRC-16/CCITT-FALSE of those 8 bytes
    body = bytes([1, 1, 7, 0, 3, 1, 2, 3])
    assert firmware.crc16(body) == 0xFC20   # the bit-by-bit firmware CRC, independent of binascii
    # COBS: 3 bytes before the zero (code 4), then 6 bytes to the end (code 7), then the 0x00 delimiter
    expected = bytes([4, 1, 1, 7, 7, 3, 1, 2, 3, 0xFC, 0x20, 0])
    assert own_frames.encode_frame(FrameType.SHOW, 7, b"\x01\x02\x03") == expected


def test_corrupted_frames_are_refused_with_a_reason():
    encoded = own_frames.encode_frame(FrameType.ACK, 3)[:-1]
    broken = encoded[:2] + bytes([encoded[2] ^ 0x10]) + encoded[3:]  # the sequence byte
    with pytest.raises(FrameError, match="CRC"):
        own_frames.decode_frame(broken)
    with pytest.raises(FrameError):
        own_frames.decode_frame(b"\x09\x01")


@given(st.integers(0, 255), st.binary(max_size=600))
def test_host_frames_decode_in_the_firmware_and_back(seq, payload):
    wire = own_frames.encode_frame(FrameType.SHOW, seq, payload)
    assert wire.count(0) == 1 and wire.endswith(b"\x00")
    assert firmware.build_frame(FrameType.SHOW, seq, payload) == wire
    assert own_frames.decode_frame(wire[:-1]) == own_frames.Frame(FrameType.SHOW, seq, payload)
