"""Tiles of the project's own making: a family colour, an icon and a label per tile.

The art is deliberately simple and procedural (never the real tiles): what the recogniser must
learn is "which enrolled tile is this", and the family colour + icon + label make every tile
distinct. Which icon, family and label a tile has, and each family's colour, is the game pack's data
(``render.json``: ``tile_art`` and ``colours.tile_families``, :mod:`vision.render.drawing`).
"""

from __future__ import annotations

import zlib
from functools import lru_cache

import cv2
import numpy as np

from .drawing import Drawing, default_drawing

UNKNOWN_FAMILY = (175, 175, 170)        # a tile the drawing has no art for, or whose family it does not list


def _icon(img: np.ndarray, icon: str, c: tuple[int, int], s: int, ink: tuple[int, ...]) -> None:
    """Draw a small pictogram of ``icon`` centred on ``c`` with half-size ``s``."""
    x, y = c
    aa = cv2.LINE_AA
    t = max(1, s // 6)
    if icon == "wheat":
        for dx in (-s // 2, 0, s // 2):
            cv2.line(img, (x + dx, y + s), (x + dx, y - s // 2), ink, t, aa)
            for k in range(3):
                cv2.ellipse(img, (x + dx, y - s // 2 - k * s // 4), (max(1, s // 8), max(1, s // 5)), 0, 0, 360, ink, -1, aa)
    elif icon == "tree":
        cv2.rectangle(img, (x - t, y), (x + t, y + s), ink, -1)
        cv2.circle(img, (x, y - s // 4), int(s * 0.7), ink, -1, aa)
    elif icon == "saw":
        pts = [(x - s + i * s // 3, y + (0 if i % 2 else s // 3)) for i in range(7)]
        cv2.polylines(img, [np.array(pts)], False, ink, t, aa)
        cv2.rectangle(img, (x - s, y - s // 2), (x + s, y - s // 8), ink, -1)
    elif icon == "rock":
        cv2.fillConvexPoly(img, np.array([(x - s, y + s // 2), (x - s // 2, y - s // 2), (x + s // 3, y - int(s / 1.5)),
                                          (x + s, y + s // 2)], dtype=np.int32), ink, aa)
    elif icon == "coin":
        cv2.circle(img, (x, y), int(s * 0.8), ink, t + 1, aa)
        cv2.circle(img, (x, y), int(s * 0.35), ink, -1, aa)
    elif icon == "hammer":
        cv2.line(img, (x - s, y + s), (x + s // 3, y - s // 3), ink, t + 1, aa)
        cv2.fillConvexPoly(img, np.array([(x, y - s), (x + s, y), (x + s // 2, y + s // 3), (x - s // 3, y - s // 2)],
                                         dtype=np.int32), ink, aa)
    elif icon == "cart":
        cv2.rectangle(img, (x - s, y - s // 2), (x + s, y + s // 4), ink, -1)
        for dx in (-s // 2, s // 2):
            cv2.circle(img, (x + dx, y + s // 2), max(2, s // 3), ink, t, aa)
    elif icon == "nugget":
        for dx, dy in ((-s // 2, s // 3), (s // 2, s // 3), (0, -s // 3)):
            cv2.circle(img, (x + dx, y + dy), max(2, s // 2), (30, 190, 230), -1, aa)
            cv2.circle(img, (x + dx, y + dy), max(2, s // 2), ink, 1, aa)
    elif icon == "trowel":
        cv2.fillConvexPoly(img, np.array([(x - s, y + s), (x, y - s // 3), (x + s // 2, y + s)], dtype=np.int32), ink, aa)
        cv2.line(img, (x, y - s // 3), (x + s // 2, y - s), ink, t + 1, aa)
    elif icon == "scroll":
        cv2.rectangle(img, (x - s // 2, y - s), (x + s // 2, y + s), ink, t, aa)
        for k in range(3):
            cv2.line(img, (x - s // 3, y - s // 2 + k * s // 2), (x + s // 3, y - s // 2 + k * s // 2), ink, 1, aa)
    elif icon == "gear":
        cv2.circle(img, (x, y), int(s * 0.6), ink, t + 1, aa)
        for a in range(0, 360, 45):
            r = np.radians(a)
            cv2.line(img, (int(x + s * 0.6 * np.cos(r)), int(y + s * 0.6 * np.sin(r))),
                     (int(x + s * np.cos(r)), int(y + s * np.sin(r))), ink, t + 1, aa)
    elif icon == "flask":
        cv2.fillConvexPoly(img, np.array([(x - t, y - s), (x + t, y - s), (x + s, y + s), (x - s, y + s)], dtype=np.int32),
                           ink, aa)
    elif icon == "cross":
        cv2.rectangle(img, (x - t, y - s), (x + t, y + s), ink, -1)
        cv2.rectangle(img, (x - s // 2, y - s // 2 - t), (x + s // 2, y - s // 2 + t), ink, -1)
    elif icon == "cloth":
        for k in range(3):
            cv2.line(img, (x - s, y - s // 2 + k * s // 2), (x + s, y - s // 2 + k * s // 2), ink, t, aa)
            cv2.line(img, (x - s // 2 + k * s // 2, y - s), (x - s // 2 + k * s // 2, y + s), ink, 1, aa)
    elif icon == "compass":
        cv2.line(img, (x, y - s), (x - s // 2, y + s), ink, t, aa)
        cv2.line(img, (x, y - s), (x + s // 2, y + s), ink, t, aa)
        cv2.circle(img, (x, y - s), max(2, t + 1), ink, -1, aa)
    elif icon == "gem":
        cv2.fillConvexPoly(img, np.array([(x - s, y - s // 3), (x - s // 2, y - s), (x + s // 2, y - s), (x + s, y - s // 3),
                                          (x, y + s)], dtype=np.int32), ink, aa)
    elif icon == "house":
        cv2.rectangle(img, (x - s // 2, y), (x + s // 2, y + s), ink, -1)
        cv2.fillConvexPoly(img, np.array([(x - s * 3 // 4, y), (x, y - s), (x + s * 3 // 4, y)], dtype=np.int32), ink, aa)
    elif icon == "statue":
        cv2.circle(img, (x, y - s * 2 // 3), max(2, s // 4), ink, -1, aa)
        cv2.rectangle(img, (x - s // 4, y - s // 3), (x + s // 4, y + s // 2), ink, -1)
        cv2.rectangle(img, (x - s // 2, y + s // 2), (x + s // 2, y + s), ink, -1)
    elif icon == "mask":
        cv2.ellipse(img, (x, y), (int(s * 0.8), s), 0, 0, 360, ink, -1, aa)
        for dx in (-s // 3, s // 3):
            cv2.circle(img, (x + dx, y - s // 4), max(1, s // 6), (255, 255, 255), -1, aa)
    elif icon == "book":
        cv2.rectangle(img, (x - s, y - s // 2), (x - t, y + s // 2), ink, t, aa)
        cv2.rectangle(img, (x + t, y - s // 2), (x + s, y + s // 2), ink, t, aa)
    else:  # column
        cv2.rectangle(img, (x - s // 3, y - int(s / 1.5)), (x + s // 3, y + s), ink, -1)
        cv2.rectangle(img, (x - s // 2, y - s), (x + s // 2, y - int(s / 1.5)), ink, -1)


def tile_image(name: str, side_px: int, board_style: str = "meadow", drawing: Drawing | None = None) -> np.ndarray:
    """The face of tile ``name`` as a square BGR image, as the game's ``drawing`` (the default game's when None)
    draws it (cached: tiles never change)."""
    return _tile_image(name, side_px, board_style, drawing or default_drawing())


@lru_cache(maxsize=256)
def _tile_image(name: str, side_px: int, board_style: str, drawing: Drawing) -> np.ndarray:
    art = drawing.tile_art.get(name, {"family": "", "icon": "column", "label": name.upper()[:10]})
    base = np.array(drawing.tile_families.get(art["family"], UNKNOWN_FAMILY), dtype=float)
    rng = np.random.default_rng(zlib.crc32(f"{name}/{board_style}".encode()))
    tone = base + rng.uniform(-8, 8, 3)
    img = np.empty((side_px, side_px, 3), np.uint8)
    img[:] = np.clip(tone, 0, 255).astype(np.uint8)
    # a painted scene strip (sky / ground) makes tiles look like illustrated cards, not flat swatches
    ground = np.clip(tone * 0.75, 0, 255).astype(np.uint8)
    img[int(side_px * 0.62):int(side_px * 0.78)] = ground
    grain = rng.normal(0, 6, (side_px // 4 + 1, side_px // 4 + 1, 1))
    img = np.clip(img + cv2.resize(grain, (side_px, side_px))[..., None], 0, 255).astype(np.uint8)
    ink = tuple(int(v) for v in np.clip(tone * 0.3, 0, 255))
    _icon(img, art["icon"], (side_px // 2, int(side_px * 0.42)), int(side_px * 0.2), ink)
    label = art["label"]
    scale = side_px / 190 * (1.0 if len(label) <= 7 else 0.75)
    (tw, th), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
    cv2.putText(img, label, ((side_px - tw) // 2, int(side_px * 0.92)), cv2.FONT_HERSHEY_SIMPLEX, scale, ink,
                max(1, side_px // 60), cv2.LINE_AA)
    edge = max(1, side_px // 30)
    cv2.rectangle(img, (0, 0), (side_px - 1, side_px - 1), tuple(int(v) for v in np.clip(tone * 0.5, 0, 255)), edge)
    return img
