"""The project's own LED frame format: COBS-framed, CRC-checked, sequence-numbered, full-state frames.

On the wire a frame is ``COBS(body) 0x00``; the body is::

    version(1)=1  type(1)  seq(1)  length(2, big-endian)  payload(length)  crc16(2, big-endian)

``crc16`` is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over everything before it. COBS leaves no
0x00 inside a frame, so a receiver that lost sync just waits for the next 0x00 (docs/leds.md).

A device greets with ``HELLO``: ASCII ``<name> <version> leds=<n>``. The host reads only ``leds=<n>``
(it refuses a device with fewer LEDs than the mapping); the name is shown to the user and never checked,
so a firmware built under any name, earlier builds of the reference firmware included, is accepted.

>>> crc16(b"123456789") == 0x29B1
True
>>> cobs_encode(b"\\x11\\x00\\x22")
b'\\x02\\x11\\x02"'
>>> decode_frame(encode_frame(FrameType.SHOW, 7, b"\\x01\\x02\\x03")[:-1])
Frame(type=1, seq=7, payload=b'\\x01\\x02\\x03')
"""

from __future__ import annotations

import binascii
from dataclasses import dataclass
from enum import IntEnum

VERSION = 1
HEADER_SIZE = 5
CRC_SIZE = 2
DELIMITER = b"\x00"


class FrameType(IntEnum):
    SHOW = 0x01       # host → device: payload = R,G,B per LED, the whole strip
    HELLO_REQ = 0x02  # host → device: please say who you are
    ACK = 0x80        # device → host: frame ``seq`` shown
    HELLO = 0x81      # device → host: ASCII "<name> <version> leds=<n>" (the reference firmware: "companion-led 1 …")
    NAK = 0x82        # device → host: frame rejected; payload = one reason byte


class NakReason(IntEnum):
    BAD_CRC = 1
    BAD_LENGTH = 2
    BAD_FRAME = 3
    TOO_MANY_LEDS = 4


class FrameError(ValueError):
    """Bytes between two delimiters that are not a valid frame."""


@dataclass(frozen=True)
class Frame:
    type: int
    seq: int
    payload: bytes


def crc16(data: bytes) -> int:
    return binascii.crc_hqx(data, 0xFFFF)


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the result has no 0x00 and is at most 1 + len/254 bytes longer."""
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out += block
            block.clear()
        else:
            block.append(byte)
            if len(block) == 254:
                out.append(255)
                out += block
                block.clear()
    out.append(len(block) + 1)
    out += block
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    out = bytearray()
    index = 0
    while index < len(data):
        code = data[index]
        end = index + code
        if code == 0 or end > len(data):
            raise FrameError("COBS block runs past the end of the frame")
        block = data[index + 1:end]
        if 0 in block:
            raise FrameError("zero byte inside a COBS frame")
        out += block
        index = end
        if code < 255 and index < len(data):
            out.append(0)
    return bytes(out)


def encode_frame(frame_type: int, seq: int, payload: bytes = b"") -> bytes:
    """A complete frame ready for the wire, delimiter included."""
    body = bytes((VERSION, frame_type, seq & 0xFF)) + len(payload).to_bytes(2, "big") + payload
    return cobs_encode(body + crc16(body).to_bytes(2, "big")) + DELIMITER


def decode_frame(encoded: bytes) -> Frame:
    """Decode the bytes between two delimiters; raises FrameError saying what is wrong."""
    body = cobs_decode(encoded)
    if len(body) < HEADER_SIZE + CRC_SIZE:
        raise FrameError(f"frame too short ({len(body)} bytes)")
    if crc16(body[:-CRC_SIZE]) != int.from_bytes(body[-CRC_SIZE:], "big"):
        raise FrameError("CRC mismatch")
    version, frame_type, seq = body[0], body[1], body[2]
    length = int.from_bytes(body[3:5], "big")
    if version != VERSION:
        raise FrameError(f"unknown protocol version {version}")
    if length != len(body) - HEADER_SIZE - CRC_SIZE:
        raise FrameError("length field does not match the frame")
    return Frame(frame_type, seq, bytes(body[HEADER_SIZE:-CRC_SIZE]))


def pixel_payload(pixels: list[tuple[int, int, int]]) -> bytes:
    return bytes(channel for pixel in pixels for channel in pixel)
