"""The table seen from straight above: a procedural board of the project's own making, the table
cloth or wood round it, the printed fiducial markers, and the flat building tiles.

Everything is drawn from the layout (so another edition's layout gets a matching board) in one
of several styles (``styles.json``), into a top-down image at ``px_per_mm``; the renderer warps it
into the camera. The real board art never enters the project: this only shares its geometry.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from ..layout import Layout
from ..markers import marker_image
from .drawing import Drawing
from .tiles import tile_image

STYLES = json.loads(Path(__file__).with_name("styles.json").read_text(encoding="utf-8"))
AA = cv2.LINE_AA


@dataclass
class TopDown:
    """A top-down image of the table: ``image`` covers ``bounds`` (x0, y0, x1, y1 in mm) at ``px_per_mm``."""

    image: np.ndarray
    bounds: tuple[float, float, float, float]
    px_per_mm: float
    table: np.ndarray | None = None   # the bare table (no board, no markers), to extend past the image's edge

    def px(self, points_mm: np.ndarray) -> np.ndarray:
        return Layout.mm_to_px(points_mm, self.px_per_mm, self.bounds[:2])

    def ipx(self, points_mm: np.ndarray, shift: int = 0) -> np.ndarray:
        """Integer pixel coordinates (optionally with ``shift`` fractional bits for cv2's sub-pixel drawing)."""
        return np.round(self.px(points_mm) * (1 << shift)).astype(np.int32)

    def to_texture_matrix(self) -> np.ndarray:
        """Board mm → texture pixel homography."""
        return Layout.mm_to_px_matrix(self.px_per_mm, self.bounds[:2])

    def length(self, mm: float) -> int:
        return max(1, int(round(mm * self.px_per_mm)))


def _c(colour: list[int], rng: np.random.Generator, jitter: float = 0.0) -> tuple[int, int, int]:
    return tuple(int(v) for v in np.clip(np.array(colour) + rng.uniform(-jitter, jitter, 3), 0, 255))


def _smooth_noise(shape: tuple[int, int], scale_px: float, rng: np.random.Generator) -> np.ndarray:
    """Low-frequency noise in [-1, 1] (random grid, upscaled): the cheap way to paint blotches."""
    h, w = shape
    gh, gw = max(2, int(h / scale_px) + 2), max(2, int(w / scale_px) + 2)
    small = rng.uniform(-1, 1, (gh, gw)).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def draw_background(td: TopDown, name: str, rng: np.random.Generator) -> None:
    spec = STYLES["backgrounds"][name]
    h, w = td.image.shape[:2]
    base, dark = np.array(spec["base"], np.float32), np.array(spec["dark"], np.float32)
    if spec["kind"] == "wood":
        ys = np.arange(h, dtype=np.float32)[:, None]
        warp = _smooth_noise((h, w), 120, rng) * 25
        grain = 0.5 + 0.5 * np.sin((ys + warp) * rng.uniform(0.08, 0.16) + _smooth_noise((h, w), 40, rng) * 2)
        t = 0.3 + 0.5 * grain ** 3
    elif spec["kind"] == "checked":
        size = td.length(rng.uniform(25, 40))
        yy, xx = np.mgrid[0:h, 0:w]
        t = (((yy // size) + (xx // size)) % 2).astype(np.float32) * 0.6 + ((yy // size) % 2) * 0.2
    elif spec["kind"] == "stone":
        t = 0.5 + 0.5 * _smooth_noise((h, w), 60, rng) * 0.8
    else:  # cloth: weave + blotches
        yy, xx = np.mgrid[0:h, 0:w]
        t = 0.5 + 0.25 * np.sin(xx * 1.3) * np.sin(yy * 1.3) + 0.25 * _smooth_noise((h, w), 80, rng)
    t = np.clip(t + rng.normal(0, 0.05, (h, w)).astype(np.float32), 0, 1)[..., None]
    td.image[:] = np.clip(base * (1 - t) + dark * t, 0, 255).astype(np.uint8)


def _board_base(td: TopDown, layout: Layout, pal: dict, rng: np.random.Generator) -> None:
    w, h = layout.board_size
    x0, y0 = td.ipx(np.array([0.0, 0.0]))
    x1, y1 = td.ipx(np.array([w, h]))
    region = td.image[y0:y1, x0:x1]
    rh, rw = region.shape[:2]
    blend = (_smooth_noise((rh, rw), td.length(pal["texture_scale"]), rng) * 0.5 + 0.5)[..., None]
    grass = np.array(pal["grass"], np.float32) * (1 - blend) + np.array(pal["grass2"], np.float32) * blend
    grain = rng.normal(0, pal["grain"] / 3, (rh, rw, 1)).astype(np.float32)
    region[:] = np.clip(grass + grain + _smooth_noise((rh, rw), 12, rng)[..., None] * pal["grain"] / 2, 0, 255)


def _polyline(td: TopDown, pts_mm: list, colour: tuple, width_mm: float) -> None:
    pts = td.ipx(np.array(pts_mm, dtype=float), shift=3)
    cv2.polylines(td.image, [pts], False, colour, td.length(width_mm), AA, shift=3)


def _smooth_path(points: np.ndarray, samples: int = 12) -> np.ndarray:
    """A Catmull-Rom curve through ``points``: roads and rivers that bend instead of zig-zag."""
    p = np.vstack([points[0], points, points[-1]])
    out = []
    for i in range(1, len(p) - 2):
        for s in np.linspace(0, 1, samples, endpoint=False):
            s2, s3 = s * s, s * s * s
            out.append(0.5 * (2 * p[i] + (-p[i - 1] + p[i + 1]) * s + (2 * p[i - 1] - 5 * p[i] + 4 * p[i + 1] - p[i + 2]) * s2
                              + (-p[i - 1] + 3 * p[i] - 3 * p[i + 1] + p[i + 2]) * s3))
    out.append(points[-1])
    return np.array(out)


def _score_track(td: TopDown, layout: Layout, pal: dict, rng: np.random.Generator) -> None:
    spaces = np.array(layout.score_spaces)
    r = layout.score_radius
    for k, (x, y) in enumerate(spaces):
        colour = pal["track_alt"] if k % 5 == 0 else pal["track"]
        cv2.ellipse(td.image, tuple(td.ipx(np.array([x, y]))), (td.length(r), td.length(r * 0.8)), 0, 0, 360,
                    _c(colour, rng, 10), -1, AA)
        cv2.ellipse(td.image, tuple(td.ipx(np.array([x, y]))), (td.length(r), td.length(r * 0.8)), 0, 0, 360,
                    _c(pal["ink"], rng), 1, AA)
        if k % 10 == 0:
            _text(td, str(k), (x, y), r * 0.9, (235, 240, 245))


def _text(td: TopDown, text: str, center_mm: tuple[float, float], height_mm: float, colour: tuple) -> None:
    scale = height_mm * td.px_per_mm / 22
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
    cx, cy = td.ipx(np.array(center_mm))
    cv2.putText(td.image, text, (int(cx - tw / 2), int(cy + th / 2)), cv2.FONT_HERSHEY_SIMPLEX, scale, colour,
                max(1, int(scale * 1.5)), AA)


def _building(td: TopDown, center: tuple[float, float], size_mm: float, pal: dict, rng: np.random.Generator,
              roof: tuple | None = None) -> None:
    """A little painted house (the special buildings' pictures)."""
    cx, cy = center
    s = size_mm / 2
    wall = _c(pal["square_fill"], rng, 15)
    pts_wall = np.array([[cx - s, cy - s * 0.1], [cx + s, cy - s * 0.1], [cx + s, cy + s * 0.7], [cx - s, cy + s * 0.7]])
    pts_roof = np.array([[cx - s * 1.15, cy - s * 0.1], [cx, cy - s * 0.9], [cx + s * 1.15, cy - s * 0.1]])
    cv2.fillConvexPoly(td.image, td.ipx(pts_wall), tuple(int(v * 0.8) for v in wall), AA)
    cv2.fillConvexPoly(td.image, td.ipx(pts_roof), roof or _c(pal["roof"], rng, 20), AA)
    door = np.array([[cx - s * 0.2, cy + s * 0.2], [cx + s * 0.2, cy + s * 0.2], [cx + s * 0.2, cy + s * 0.7],
                     [cx - s * 0.2, cy + s * 0.7]])
    cv2.fillConvexPoly(td.image, td.ipx(door), _c(pal["ink"], rng), AA)


def _castle(td: TopDown, rect: list[float], pal: dict, rng: np.random.Generator) -> None:
    x, y, w, h = rect
    stone = pal["stone"]
    wall = np.array([[x + w * 0.1, y + h * 0.35], [x + w * 0.75, y + h * 0.2], [x + w * 0.92, y + h * 0.55],
                     [x + w * 0.3, y + h * 0.85]])
    cv2.fillConvexPoly(td.image, td.ipx(wall), _c(stone, rng, 8), AA)
    cv2.polylines(td.image, [td.ipx(wall)], True, _c(pal["ink"], rng), td.length(1.2), AA)
    keep = np.array([[x + w * 0.35, y + h * 0.3], [x + w * 0.62, y + h * 0.25], [x + w * 0.66, y + h * 0.55],
                     [x + w * 0.4, y + h * 0.6]])
    cv2.fillConvexPoly(td.image, td.ipx(keep), tuple(int(v * 0.8) for v in _c(stone, rng, 8)), AA)
    for fx, fy in [(0.1, 0.35), (0.75, 0.2), (0.92, 0.55), (0.3, 0.85), (0.5, 0.42)]:
        c = (x + w * fx, y + h * fy)
        cv2.circle(td.image, tuple(td.ipx(np.array(c))), td.length(h * 0.1), _c(stone, rng, 15), -1, AA)
        cv2.circle(td.image, tuple(td.ipx(np.array(c))), td.length(h * 0.1), _c(pal["ink"], rng), td.length(0.8), AA)
        cv2.circle(td.image, tuple(td.ipx(np.array(c))), td.length(h * 0.06), _c(pal["roof"], rng, 10), -1, AA)


def _panel(td: TopDown, rect: list[float], colour: tuple, ink: tuple) -> None:
    x, y, w, h = rect
    pts = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
    cv2.fillConvexPoly(td.image, td.ipx(pts), colour, AA)
    cv2.polylines(td.image, [td.ipx(pts)], True, ink, td.length(1.0), AA)


def _region_outline(td: TopDown, layout: Layout, slot: str, fill: tuple | None, ink: tuple, width_mm: float) -> None:
    poly = td.ipx(layout.region(slot).polygon(), shift=3)
    if fill is not None:
        cv2.fillPoly(td.image, [poly], fill, AA, shift=3)
    cv2.polylines(td.image, [poly], True, ink, td.length(width_mm), AA, shift=3)


def draw_board(td: TopDown, layout: Layout, style: str, rng: np.random.Generator) -> None:
    """Paint the board of ``layout`` in ``style`` onto the top-down image."""
    pal = STYLES["board_styles"][style]
    ink = _c(pal["ink"], rng)
    _board_base(td, layout, pal, rng)
    decor = layout.decor
    for key, width in (("river", 26.0), ("stream", 14.0)):
        if key in decor:
            path = _smooth_path(np.array(decor[key], dtype=float))
            _polyline(td, path, _c(pal["river"], rng, 10), width)
            _polyline(td, path, tuple(min(255, int(v * 1.15)) for v in pal["river"]), width * 0.35)
    # the road: from the castle past the special buildings, over the bridge, through squares 1..28
    specials = [n for n in ("gate.worker", "trading_post.worker", "merchants_guild.worker", "joust_field.worker")
                if n in layout.regions]
    road = list(decor.get("road_start", []))
    road += [layout.region(n).center for n in specials]
    road += [layout.region(f"road.{k}.tile").center for k in range(1, 100) if f"road.{k}.tile" in layout.regions]
    if len(road) >= 2:
        path = _smooth_path(np.array(road, dtype=float))
        _polyline(td, path, tuple(int(v * 0.85) for v in pal["road"]), 17.0)
        _polyline(td, path, _c(pal["road"], rng, 8), 13.0)
    if "bridge" in decor:
        x, y, w, h = decor["bridge"]
        _panel(td, [x, y, w, h * 0.55], _c(pal["stone"], rng, 10), ink)
        for k in range(6):
            cx = x + w * (k + 0.5) / 6
            cv2.ellipse(td.image, tuple(td.ipx(np.array([cx, y + h * 0.55]))), (td.length(w / 16), td.length(h * 0.3)),
                        0, 180, 360, _c(pal["river"], rng), -1, AA)
        for k in range(9):
            _building(td, (x + w * (k + 0.5) / 9, y - 3), w / 11, pal, rng)
    if "castle" in decor:
        _castle(td, decor["castle"], pal, rng)
    for key in ("favour_panel", "castle_track"):
        if key in decor:
            _panel(td, decor[key], _c(pal["parchment"], rng, 8), ink)
    square_fill = _c(pal["square_fill"], rng, 8)
    for name in layout.regions:
        part = name.rsplit(".", 1)[-1]
        if name.endswith(".tile"):
            _region_outline(td, layout, name, square_fill, _c(pal["square_line"], rng, 10), 1.4)
        elif name.startswith("castle.") and not name.startswith("castle.worker"):
            _region_outline(td, layout, name, _c(pal["square_fill"], rng, 12), ink, 0.8)
        elif name.startswith("favour."):
            _region_outline(td, layout, name, None, ink, 0.6)
        elif name.startswith(("bridge.", "turn_order.", "castle.worker.", "stables.", "inn.")):
            r = layout.region(name)
            fill = _c(pal["track_alt"] if name.startswith("turn_order") else pal["roof"], rng, 10)
            cv2.circle(td.image, tuple(td.ipx(np.array(r.center))), td.length(r.inner_radius * 0.85), fill, -1, AA)
            cv2.circle(td.image, tuple(td.ipx(np.array(r.center))), td.length(r.inner_radius * 0.85), ink, 1, AA)
            if part.isdigit():
                _text(td, part, r.center, r.inner_radius * 0.8, (235, 240, 245))
    for name in specials:
        r = layout.region(name)
        side = 38.0
        cx, cy = r.center
        _panel(td, [cx - side / 2, cy - side / 2, side, side], _c(pal["square_fill"], rng, 10), _c(pal["square_line"], rng))
        _building(td, (cx, cy - 4), side * 0.5, pal, rng)
    for building, slot in (("stables", "stables.1"), ("inn", "inn.left")):
        if slot in layout.regions:
            cx, cy = layout.region(slot).center
            dx = -14 if building == "stables" else 8
            _building(td, (cx + dx, cy - 18), 22, pal, rng, roof=(50, 60, 170))
    _score_track(td, layout, pal, rng)
    _printed_places(td, layout, pal, rng)
    # a frame round the board edge
    w, h = layout.board_size
    cv2.rectangle(td.image, tuple(td.ipx(np.array([0, 0]))), tuple(td.ipx(np.array([w, h]))), ink, td.length(1.5), AA)


def _on_board(layout: Layout, slot: str) -> bool:
    x, y = layout.region(slot).center
    return 0 <= x <= layout.board_size[0] and 0 <= y <= layout.board_size[1]


def _printed_places(td: TopDown, layout: Layout, pal: dict, rng: np.random.Generator) -> None:
    """What ``decor`` asks to print on the board (no board of the first games uses these keys): counted zones as
    panels titled by their place, ``spaces`` (slot-name prefixes) as discs numbered by their last part,
    ``card_places`` (prefixes) as card frames, ``labels`` (text → [x, y, height mm]) as titles."""
    decor = layout.decor
    ink = pal["ink"]
    spaces = tuple(decor.get("spaces", ()))
    for name in layout.regions:
        region = layout.region(name)
        if region.pile and _on_board(layout, name) and not (region.shape == "circle" and spaces
                                                             and name.startswith(spaces)):
            _region_outline(td, layout, name, _c(pal["parchment"], rng, 12), _c(ink, rng), 1.0)
            title = name.removesuffix(".workers").replace(".", " ").replace("_", " ").upper()
            (x, y), top = region.center, float(region.polygon()[:, 1].min())
            if region.shape == "rect" and region.size[1] > 40:
                _text(td, title[:16], (x, top + 7), 6.5, _c(ink, rng))
    for prefix in decor.get("card_places", ()):
        for name in layout.regions:
            if name.startswith(prefix) and not layout.region(name).pile and layout.region(name).shape == "rect":
                _region_outline(td, layout, name, _c(pal["square_fill"], rng, 8), _c(pal["square_line"], rng), 0.8)
    for prefix in spaces:
        for name in layout.regions:
            region = layout.region(name)
            if not name.startswith(prefix) or region.shape != "circle":
                continue
            cx, cy = td.ipx(np.array(region.center))
            radius = td.length(region.radius * 0.92)
            cv2.circle(td.image, (cx, cy), radius, _c(pal["track"], rng, 10), -1, AA)
            cv2.circle(td.image, (cx, cy), radius, _c(ink, rng), td.length(0.6), AA)
            part = name.rsplit(".", 1)[-1]
            if part.isdigit():
                _text(td, part, region.center, region.radius * 0.7, (235, 240, 245))
    for text, (x, y, height) in decor.get("labels", {}).items():
        _text(td, text, (x, y), height, _c(ink, rng))


def draw_panels(td: TopDown, layout: Layout, style: str, rng: np.random.Generator) -> None:
    """Cardboard laid on the table beside the board (``decor.table_panels``: [x, y, w, h] mm each, players' boards),
    in the board style's colours."""
    pal = STYLES["board_styles"][style]
    for x, y, w, h in layout.decor.get("table_panels", ()):
        _panel(td, [x, y, w, h], _c(pal["parchment"], rng, 10), _c(pal["ink"], rng))
        _panel(td, [x + 6, y + 6, w - 12, h - 12], _c(pal["square_fill"], rng, 10), _c(pal["square_line"], rng))


def draw_markers(td: TopDown, layout: Layout) -> None:
    """The printed markers on their white paper squares, placed exactly where the layout says."""
    for marker in layout.markers:
        paper = marker.size * 0.16
        corners = marker.corners()
        x0, y0 = td.ipx(corners[0] - paper)
        x1, y1 = td.ipx(corners[2] + paper)
        cv2.rectangle(td.image, (x0, y0), (x1, y1), (238, 240, 240), -1)
        # edges fall exactly on pixel boundaries: mm → px boundary = (mm - origin) * ppm
        bx0, by0 = np.round((corners[0] - td.bounds[:2]) * td.px_per_mm).astype(int)
        side = int(round(marker.size * td.px_per_mm))
        cells = 6 if "4X4" in layout.marker_dictionary else 7 if "5X5" in layout.marker_dictionary else 8
        img = marker_image(layout, marker.id, cells * 20)
        img = cv2.resize(img, (side, side), interpolation=cv2.INTER_NEAREST)
        td.image[by0:by0 + side, bx0:bx0 + side] = img[..., None]


def draw_tiles(td: TopDown, layout: Layout, tiles: dict[str, tuple[str, float, tuple[float, float]]],
               board_style: str, drawing: Drawing | None = None) -> None:
    """Paste tiles: slot → (tile name, rotation degrees, centre mm), drawn as the game's ``drawing`` says."""
    for slot, (name, angle, center) in tiles.items():
        region = layout.region(slot)
        side_mm = min(region.size) * 0.94 if region.shape == "rect" else region.radius * 1.4
        side = td.length(side_mm)
        face = tile_image(name, side, board_style, drawing)
        cx, cy = td.px(np.array(center))
        M = cv2.getRotationMatrix2D(((side - 1) / 2, (side - 1) / 2), -angle, 1.0)
        M[:, 2] += [cx - (side - 1) / 2, cy - (side - 1) / 2]
        h, w = td.image.shape[:2]
        mask = np.full((side, side), 255, np.uint8)
        # a dark edge line gives tiles their cardboard thickness from above
        warped = cv2.warpAffine(face, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT,
                                dst=td.image.copy())
        m = cv2.warpAffine(mask, M, (w, h), flags=cv2.INTER_LINEAR)
        sel = m > 127
        td.image[sel] = warped[sel]


def table_topdown(layout: Layout, board_style: str, background: str, seed: int, px_per_mm: float = 2.0) -> TopDown:
    """The empty table (background, board, markers) for one episode."""
    bounds = layout.table_bounds(margin=60.0)
    w = int(math.ceil((bounds[2] - bounds[0]) * px_per_mm))
    h = int(math.ceil((bounds[3] - bounds[1]) * px_per_mm))
    td = TopDown(np.zeros((h, w, 3), np.uint8), bounds, px_per_mm)
    rng = np.random.default_rng([seed, 11])
    draw_background(td, background, rng)
    table = td.image.copy()
    td.table = table
    if not layout.board_printed:      # a card game on the bare table: no board, only the markers
        draw_markers(td, layout)
        return td
    draw_board(td, layout, board_style, rng)
    # rivers and roads may overshoot the board edge: keep the table outside it untouched
    (bx0, by0), (bx1, by1) = td.ipx(np.array([[0.0, 0.0], layout.board_size]))
    inside = np.zeros(td.image.shape[:2], bool)
    inside[max(by0, 0):by1 + 1, max(bx0, 0):bx1 + 1] = True
    td.image[~inside] = table[~inside]
    if "table_panels" in layout.decor:
        draw_panels(td, layout, board_style, rng)
    draw_markers(td, layout)
    return td
