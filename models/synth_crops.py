"""Training pairs for the slot model, drawn straight at crop size: (reference crop, current crop, kind).

The real board's art is never seen in training, so the board under a slot is *random* here: smooth
colour fields, printed square outlines, stripes, another tile's art. The reference crop is that art
under one light; the current crop is the same art under another light, nudged by a pixel or two (the
pose is never exact), with maybe a piece drawn on top as a tilted camera sees it (a cylinder shows
its side, a house its roof), a soft shadow, blur, noise and JPEG. The model can only succeed by
learning "what was added", which is what transfers to a board it never saw.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from companion.games.registry import default_pack
from vision.crops import MARGIN
from vision.recognizer import KINDS

CROP = 32
PALETTE = json.loads((Path(__file__).resolve().parents[1] / "vision" / "palette.json").read_text())
PLAYER_COLOURS = [np.array(c, float) for c in PALETTE["player_colours"].values()]
# the neutral pieces' and tile families' nominal colours of the game the slot model is trained for (the default pack)
NEUTRAL = [np.array(c, float) for c in default_pack().table.colours.get("pieces", {}).values()]
TILE_FAMILIES = [np.array(c, float) for c in default_pack().table.colours.get("tile_families", {}).values()]

# Piece sizes in board mm of the slot model's kinds (vision.recognizer.KINDS, a property of the trained model):
# (radius or half-width, height). The slot window is about 2 × MARGIN radii wide.
PIECE_MM = {"worker": (6.5, 14.0), "house": (5.5, 9.0), "disc": (8.0, 4.0), "provost": (7.0, 14.0),
            "bailiff": (7.5, 6.0)}


def random_art(rng: np.random.Generator, size: int = CROP) -> np.ndarray:
    """Board art nobody printed: a smooth colour field with some lines, outlines and grain."""
    base = rng.integers(0, 256, (rng.integers(2, 6), rng.integers(2, 6), 3)).astype(np.uint8)
    art = cv2.resize(base, (size, size), interpolation=cv2.INTER_CUBIC)
    for _ in range(rng.integers(0, 5)):
        colour = rng.integers(0, 256, 3).tolist()
        kind = rng.integers(0, 4)
        p = rng.integers(-8, size + 8, 4).tolist()
        thickness = int(rng.integers(1, 4))
        if kind == 0:
            cv2.line(art, (p[0], p[1]), (p[2], p[3]), colour, thickness, cv2.LINE_AA)
        elif kind == 1:
            cv2.rectangle(art, (p[0], p[1]), (p[2], p[3]), colour, thickness, cv2.LINE_AA)
        elif kind == 2:
            cv2.circle(art, (p[0], p[1]), int(rng.integers(2, 10)), colour, int(rng.choice([-1, thickness])), cv2.LINE_AA)
        else:
            cv2.putText(art, str(rng.integers(0, 100)), (p[0] % size, p[1] % size + 8), cv2.FONT_HERSHEY_SIMPLEX,
                        rng.uniform(0.3, 0.6), colour, 1, cv2.LINE_AA)
    return np.clip(art + rng.normal(0, rng.uniform(0, 14), art.shape), 0, 255).astype(np.float32)


def tile_art(rng: np.random.Generator, size: int = CROP, fraction: float | None = None) -> tuple[np.ndarray, np.ndarray]:
    """A building tile filling most of the window: family colour, a border and a little drawing. Returns
    the tile picture and its mask."""
    fraction = fraction if fraction is not None else rng.uniform(0.78, 0.95)
    side = max(8, int(size * fraction))
    colour = TILE_FAMILIES[rng.integers(len(TILE_FAMILIES))] + rng.normal(0, 18, 3)
    tile = np.empty((side, side, 3), np.float32)
    tile[:] = np.clip(colour, 0, 255)
    tile[3:-3, 3:-3] = random_art(rng, side - 6) * 0.6 + colour * 0.4
    cv2.rectangle(tile, (0, 0), (side - 1, side - 1), (float(rng.uniform(20, 90)),) * 3, 1)
    x0, y0 = ((size - side) // 2 + rng.integers(-2, 3, 2)).tolist()
    picture = np.zeros((size, size, 3), np.float32)
    mask = np.zeros((size, size), np.float32)
    tx0, ty0 = max(0, -x0), max(0, -y0)
    cx0, cy0 = max(0, x0), max(0, y0)
    w = min(side - tx0, size - cx0)
    h = min(side - ty0, size - cy0)
    picture[cy0:cy0 + h, cx0:cx0 + w] = tile[ty0:ty0 + h, tx0:tx0 + w]
    mask[cy0:cy0 + h, cx0:cx0 + w] = 1.0
    return picture, mask


def draw_piece(canvas: np.ndarray, kind: str, colour: np.ndarray, px_per_mm: float, rng: np.random.Generator,
               tilt: float, direction: float, jitter_px: np.ndarray) -> None:
    """A piece as a camera tilted by ``tilt`` (radians) toward ``direction`` sees it, with a soft shadow."""
    radius_mm, height_mm = PIECE_MM[kind]
    radius = radius_mm * px_per_mm * rng.uniform(0.85, 1.15)
    height = height_mm * px_per_mm * rng.uniform(0.85, 1.15)
    centre = np.array([CROP / 2 - 0.5, CROP / 2 - 0.5]) + jitter_px
    lean = np.array([np.cos(direction), np.sin(direction)]) * height * np.sin(tilt)
    squash = max(0.55, np.cos(tilt))
    shadow_offset = rng.uniform(1, 4, 2) * rng.choice([-1, 1], 2)
    shadow = np.zeros(canvas.shape[:2], np.float32)
    cv2.circle(shadow, tuple(np.round(centre + shadow_offset).astype(int)), int(radius * 1.1), 1.0, -1)
    shadow = cv2.GaussianBlur(shadow, (0, 0), 2.0) * rng.uniform(0.15, 0.45)
    canvas *= (1 - shadow[..., None])
    side = np.clip(colour * rng.uniform(0.55, 0.8), 0, 255).tolist()
    top = np.clip(colour * rng.uniform(0.95, 1.15), 0, 255).tolist()

    def ellipse(at: np.ndarray, fill: list[float]) -> None:
        centre_q = tuple(int(v) for v in np.round(at * 4))
        axes_q = (max(1, int(radius * 4)), max(1, int(radius * squash * 4)))
        cv2.ellipse(canvas, centre_q, axes_q, float(np.degrees(direction)), 0, 360, fill, -1, cv2.LINE_AA, 2)

    if kind == "house":
        body = np.array([(-1, -0.8), (1, -0.8), (1, 0.8), (-1, 0.8)]) * radius
        angle = rng.uniform(0, np.pi)
        rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        base = body @ rotation.T + centre
        roof_top = base + lean
        cv2.fillPoly(canvas, [np.round(np.r_[base, roof_top[::-1]] * 4).astype(np.int32)], side, cv2.LINE_AA, 2)
        cv2.fillPoly(canvas, [np.round(roof_top * 4).astype(np.int32)], top, cv2.LINE_AA, 2)
        ridge = (roof_top[0] + roof_top[3]) / 2, (roof_top[1] + roof_top[2]) / 2
        cv2.line(canvas, tuple(np.round(ridge[0]).astype(int)), tuple(np.round(ridge[1]).astype(int)),
                 np.clip(colour * 0.5, 0, 255).tolist(), 1, cv2.LINE_AA)
        return
    steps = 6
    for k in range(steps + 1):
        ellipse(centre + lean * k / steps, side if k < steps else top)


def sample_pair(rng: np.random.Generator, kind: str, margin: float = MARGIN) -> tuple[np.ndarray, np.ndarray]:
    """One (reference, current) pair of uint8 32×32 crops whose current crop shows ``kind`` on top, for
    crop windows ``margin`` × the slot's extent (a wider window shows everything smaller)."""
    zoom = 1.25 / margin                   # the sizes below were set for windows of 1.25 × the slot
    art = random_art(rng)
    if rng.random() < 0.25 and kind != "tile":
        # The slot lies on a tile placed after setup: both pictures show it, or only the current one.
        picture, mask = tile_art(rng, fraction=rng.uniform(1.0, 1.3) * zoom)
        art = art * (1 - mask[..., None]) + picture * mask[..., None]
    reference = art.copy()
    current = art.copy()
    if rng.random() < 0.12 and kind in ("empty",):
        # An empty slot next to a busy one: a neighbour's piece pokes into the window's edge.
        other = ["worker", "house", "disc", "provost"][rng.integers(4)]
        edge = rng.choice([-1, 1]) * rng.uniform(13, 18, 2) * zoom
        draw_piece(current, other, PLAYER_COLOURS[rng.integers(len(PLAYER_COLOURS))], CROP / 22 * zoom, rng,
                   rng.uniform(0, 0.8), rng.uniform(0, 2 * np.pi), edge)
    if kind == "tile":
        picture, mask = tile_art(rng, fraction=rng.uniform(0.78, 0.95) * zoom)
        current = current * (1 - mask[..., None]) + picture * mask[..., None]
    elif kind != "empty":
        colour = NEUTRAL[rng.integers(len(NEUTRAL))] if kind in ("provost", "bailiff") else \
            PLAYER_COLOURS[rng.integers(len(PLAYER_COLOURS))]
        colour = np.clip(colour * rng.uniform(0.8, 1.15) + rng.normal(0, 15, 3), 0, 255)
        px_per_mm = CROP / (2 * rng.uniform(6.5, 9.5) * margin)
        draw_piece(current, kind, colour, px_per_mm, rng, rng.uniform(0, 0.85), rng.uniform(0, 2 * np.pi),
                   rng.normal(0, 1.5, 2))
    return _camera(reference, rng), _camera(_misalign(current, rng), rng)


def _misalign(picture: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    angle, scale = rng.normal(0, 2.0), rng.uniform(0.96, 1.04)
    matrix = cv2.getRotationMatrix2D((CROP / 2, CROP / 2), angle, scale)
    matrix[:, 2] += rng.normal(0, 0.9, 2)
    return cv2.warpAffine(picture, matrix, (CROP, CROP), borderMode=cv2.BORDER_REFLECT)


def _camera(picture: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Light colour and level, a light gradient, glare, blur, sensor noise and JPEG."""
    gain = rng.uniform(0.6, 1.3) * (1 + rng.normal(0, 0.08, 3))
    picture = picture * gain + rng.normal(0, 10)
    ramp = np.linspace(-1, 1, CROP)
    gradient = 1 + rng.uniform(0, 0.25) * (np.cos(rng.uniform(0, 6.3)) * ramp[None, :] + np.sin(rng.uniform(0, 6.3)) * ramp[:, None])
    picture = picture * gradient[..., None]
    if rng.random() < 0.2:
        glare = np.zeros((CROP, CROP), np.float32)
        cv2.circle(glare, tuple(rng.integers(0, CROP, 2).tolist()), int(rng.integers(4, 16)), 1.0, -1)
        picture = picture + cv2.GaussianBlur(glare, (0, 0), 4)[..., None] * rng.uniform(20, 90)
    sigma = rng.uniform(0, 1.3)
    if sigma > 0.3:
        picture = cv2.GaussianBlur(picture, (0, 0), sigma)
    picture = np.clip(picture + rng.normal(0, rng.uniform(1, 8), picture.shape), 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(45, 95))])
    return cv2.imdecode(data, cv2.IMREAD_COLOR)


def make_dataset(count: int, seed: int, margin: float = MARGIN) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``count`` pairs, kinds balanced with extra empties: (references, currents, kind indices)."""
    rng = np.random.default_rng(seed)
    weights = np.array([3.0 if k == "empty" else 1.0 for k in KINDS])
    kinds = rng.choice(len(KINDS), size=count, p=weights / weights.sum())
    references = np.empty((count, CROP, CROP, 3), np.uint8)
    currents = np.empty((count, CROP, CROP, 3), np.uint8)
    for i, k in enumerate(kinds):
        references[i], currents[i] = sample_pair(rng, KINDS[k], margin)
    return references, currents, kinds.astype(np.int64)
