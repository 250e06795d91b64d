"""Adalight frames, the format of the classic Arduino sketch and of WLED's serial input.

A frame is ``'A' 'd' 'a' hi lo check`` then R,G,B per LED, where ``hi lo`` is the LED count minus
one (big-endian) and ``check = hi ^ lo ^ 0x55``. The checksum covers the header only.

>>> adalight_header(60)
b'Ada\\x00;n'
>>> adalight_frame([(1, 2, 3), (4, 5, 6)])
b'Ada\\x00\\x01T\\x01\\x02\\x03\\x04\\x05\\x06'
"""

from __future__ import annotations

from typing import Sequence

MAGIC = b"Ada"
GREETING = b"Ada"


def adalight_header(led_count: int) -> bytes:
    if not 1 <= led_count <= 65536:
        raise ValueError(f"Adalight carries 1 to 65536 LEDs, not {led_count}")
    hi, lo = divmod(led_count - 1, 256)
    return MAGIC + bytes((hi, lo, hi ^ lo ^ 0x55))


def adalight_frame(pixels: Sequence[tuple[int, int, int]]) -> bytes:
    return adalight_header(len(pixels)) + bytes(channel for pixel in pixels for channel in pixel)
