"""Cards of the project's own making, for games played with cards on a bare table (never the real art).

A face has a colour band along its top (the card's family, ``colours.card_families``), ``pips`` gold dots under it
(a district's cost, a character's rank) and a glyph: a 5 × 5 mirror-symmetric pattern of squares drawn from the
card's name, so that every card is distinct. A card with no name lies face down and shows the back. What each card
shows is the pack's ``render.json`` (``card_art``, :mod:`vision.render.drawing`).

>>> from companion.games.registry import get_pack
>>> from vision.render.drawing import drawing_of
>>> card_image("district", "market", 60, 90, drawing_of(get_pack("citadels"))).shape
(90, 60, 3)
"""

from __future__ import annotations

import zlib
from functools import lru_cache

import cv2
import numpy as np

from .drawing import Drawing

PAPER = (200, 222, 232)
BACK, BACK_LINE = (70, 45, 110), (120, 95, 170)
PIP = (40, 185, 225)
INK = (40, 40, 45)
BAND_SHARE = 0.24          # of the card's height


def card_image(kind: str, name: str | None, width_px: int, height_px: int, drawing: Drawing) -> np.ndarray:
    """The card as a BGR image, ``width_px`` × ``height_px`` (cached: a card never changes)."""
    return _card_image(kind, name, width_px, height_px, drawing)


@lru_cache(maxsize=512)
def _card_image(kind: str, name: str | None, w: int, h: int, drawing: Drawing) -> np.ndarray:
    aa = cv2.LINE_AA
    img = np.empty((h, w, 3), np.uint8)
    edge = max(1, w // 30)
    if name is None:
        img[:] = BACK
        step = max(4, w // 6)
        for k in range(-h, w + h, step):
            cv2.line(img, (k, 0), (k + h, h), BACK_LINE, max(1, w // 40), aa)
            cv2.line(img, (k, h), (k + h, 0), BACK_LINE, max(1, w // 40), aa)
        cv2.rectangle(img, (0, 0), (w - 1, h - 1), (30, 20, 50), edge)
        return img
    art = drawing.card_art.get(name, {"family": "", "pips": 0, "glyph": name})
    band = drawing.card_families.get(art["family"], (150, 150, 150))
    img[:] = PAPER
    band_h = int(h * BAND_SHARE)
    img[:band_h] = band
    pips = int(art.get("pips", 0))
    r = max(1, int(w * 0.055))
    for k in range(pips):       # in a row under the band, centred
        x = int(w / 2 + (k - (pips - 1) / 2) * r * 2.6)
        cv2.circle(img, (x, band_h + 2 * r), r, PIP, -1, aa)
        cv2.circle(img, (x, band_h + 2 * r), r, INK, 1, aa)
    bits = zlib.crc32(str(art.get("glyph", name)).encode())
    cell = int(w * 0.13)
    x0, y0 = (w - 5 * cell) // 2, int(h * 0.5)
    for row in range(5):
        for col in range(3):          # columns 0..2 mirrored onto 4..2
            if bits >> (row * 3 + col) & 1:
                for c in {col, 4 - col}:
                    cv2.rectangle(img, (x0 + c * cell, y0 + row * cell), (x0 + (c + 1) * cell - 1,
                                  y0 + (row + 1) * cell - 1), tuple(int(v * 0.45) for v in band), -1)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), INK, edge)
    return img


def draw_cards(image: np.ndarray, to_px, px_per_mm: float,
               cards: list[tuple[str, str | None, float, tuple[float, float]]], drawing: Drawing) -> None:
    """Paste ``cards`` (kind, name, turn in degrees clockwise, centre mm), in order: a later card lies on top.
    ``to_px`` maps table mm to the image's pixels."""
    h_img, w_img = image.shape[:2]
    for kind, name, angle, center in cards:
        w_mm, h_mm = drawing.cards[kind]
        w, h = max(2, int(round(w_mm * px_per_mm))), max(2, int(round(h_mm * px_per_mm)))
        face = card_image(kind, name, w, h, drawing)
        cx, cy = to_px(np.array(center))
        M = cv2.getRotationMatrix2D(((w - 1) / 2, (h - 1) / 2), -angle, 1.0)
        M[:, 2] += [cx - (w - 1) / 2, cy - (h - 1) / 2]
        warped = cv2.warpAffine(face, M, (w_img, h_img), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT,
                                dst=image.copy())
        mask = cv2.warpAffine(np.full((h, w), 255, np.uint8), M, (w_img, h_img), flags=cv2.INTER_LINEAR)
        sel = mask > 127
        image[sel] = warped[sel]
