"""The ArUco fiducials stuck round the board, and the printable sheet that carries them.

Several markers (6–8) go round the board edge so a hand never hides them all; the layout says
which id goes where. The sheet is a PNG at print size (A4, 300 dpi): printed at 100 % each
marker has exactly the side length the layout gives.

>>> from vision.layout import load_layout
>>> image = marker_image(load_layout(), 0, 60)
>>> image.shape
(60, 60)
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from .layout import Layout

DPI = 300
A4_MM = (210.0, 297.0)
QUIET_MM = 6.0   # white margin the detector needs round each marker


def dictionary(layout: Layout) -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.marker_dictionary))


def detector(layout: Layout) -> cv2.aruco.ArucoDetector:
    """A detector for the layout's markers with sub-pixel corner refinement."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(dictionary(layout), params)


def marker_image(layout: Layout, marker_id: int, side_px: int) -> np.ndarray:
    """The marker (black border included, no white margin) as a grey image ``side_px`` wide."""
    return cv2.aruco.generateImageMarker(dictionary(layout), marker_id, side_px)


def _where(layout: Layout, marker_id: int) -> str:
    """Words for where a marker goes, read off the layout (e.g. "top-left corner")."""
    m = layout.marker(marker_id)
    w, h = layout.board_size
    col = "left" if m.center[0] < w * 0.25 else "right" if m.center[0] > w * 0.75 else "middle"
    row = "top" if m.center[1] < h * 0.25 else "bottom" if m.center[1] > h * 0.75 else "middle"
    if row == "middle" and col == "middle":
        return "on the board"
    if row == "middle":
        return f"{col} edge, middle"
    if col == "middle":
        return f"{row} edge, middle"
    return f"{row}-{col} corner"


def _gap(layout: Layout, marker_id: int) -> float:
    """How far (mm) the marker's centre lies outside the board edge it belongs to."""
    m = layout.marker(marker_id)
    w, h = layout.board_size
    return float(max(-m.center[0], m.center[0] - w, -m.center[1], m.center[1] - h, 0.0))


def render_sheet(layout: Layout) -> np.ndarray:
    """The A4 sheet at 300 dpi: each marker at true size with its id and place, plus a small map."""
    px = DPI / 25.4
    sheet = np.full((round(A4_MM[1] * px), round(A4_MM[0] * px)), 255, np.uint8)
    font = cv2.FONT_HERSHEY_SIMPLEX
    lines = [
        f"Fiducial markers for the {layout.title}",
        "Print at 100% (no 'fit to page'). Check: each black square is "
        f"{layout.markers[0].size:g} mm wide.",
        "Cut along the dotted boxes; stick each marker flat on the table, outside the board,",
        "where its label and the map say, edges parallel to the board. Keep them uncovered.",
    ]
    for i, text in enumerate(lines):
        cv2.putText(sheet, text, (round(12 * px), round((14 + 7 * i) * px)), font, 1.15 if i else 1.5, 0, 2 if i else 3,
                    cv2.LINE_AA)
    cols = 3
    top = 46.0
    cell_w, cell_h = (A4_MM[0] - 24) / cols, 68.0
    for k, marker in enumerate(layout.markers):
        col, row = k % cols, k // cols
        x0, y0 = 12 + col * cell_w, top + row * cell_h
        side = round(marker.size * px)
        mx, my = round((x0 + (cell_w - marker.size) / 2) * px), round((y0 + QUIET_MM) * px)
        sheet[my:my + side, mx:mx + side] = marker_image(layout, marker.id, side)
        q = round(QUIET_MM * px)
        for a, b in [((mx - q, my - q), (mx + side + q, my - q)), ((mx + side + q, my - q), (mx + side + q, my + side + q)),
                     ((mx + side + q, my + side + q), (mx - q, my + side + q)), ((mx - q, my + side + q), (mx - q, my - q))]:
            _dotted(sheet, a, b)
        label = f"#{marker.id}: {_where(layout, marker.id)}"
        detail = f"centre {_gap(layout, marker.id):g} mm outside the board edge"
        ty = my + side + q + round(6 * px)
        cv2.putText(sheet, label, (mx - q, ty), font, 1.0, 0, 2, cv2.LINE_AA)
        cv2.putText(sheet, detail, (mx - q, ty + round(5 * px)), font, 0.75, 0, 1, cv2.LINE_AA)
    _draw_map(sheet, layout, top + ((len(layout.markers) + cols - 1) // cols) * cell_h + 4, px)
    return sheet


def _dotted(sheet: np.ndarray, a: tuple[int, int], b: tuple[int, int], step: int = 18) -> None:
    length = int(np.hypot(b[0] - a[0], b[1] - a[1]))
    for s in range(0, length, step * 2):
        t0, t1 = s / max(length, 1), min(s + step, length) / max(length, 1)
        p = (round(a[0] + (b[0] - a[0]) * t0), round(a[1] + (b[1] - a[1]) * t0))
        q = (round(a[0] + (b[0] - a[0]) * t1), round(a[1] + (b[1] - a[1]) * t1))
        cv2.line(sheet, p, q, 150, 2)


def _draw_map(sheet: np.ndarray, layout: Layout, top_mm: float, px: float) -> None:
    """A small plan of the board with each marker's id where it goes."""
    x0, y0, x1, y1 = layout.table_bounds(margin=10)
    avail_h = A4_MM[1] - top_mm - 10
    scale = min((A4_MM[0] - 24) / (x1 - x0), avail_h / (y1 - y0)) * px
    ox = 12 * px + ((A4_MM[0] - 24) * px - (x1 - x0) * scale) / 2
    oy = top_mm * px

    def to_px(pt: np.ndarray) -> np.ndarray:
        return np.round((np.asarray(pt) - [x0, y0]) * scale + [ox, oy]).astype(np.int32)

    w, h = layout.board_size
    cv2.rectangle(sheet, tuple(to_px([0, 0])), tuple(to_px([w, h])), 0, 3)
    cv2.putText(sheet, "board", tuple(to_px([w * 0.3, h * 0.5])), cv2.FONT_HERSHEY_SIMPLEX, 1.0, 0, 2,
                cv2.LINE_AA)
    for zone in layout.supplies:
        cv2.polylines(sheet, [to_px(zone.polygon())], True, 170, 2)
        cv2.putText(sheet, f"seat {zone.seat + 1} supply", tuple(to_px(zone.polygon()[0] + [4, 14])),
                    cv2.FONT_HERSHEY_SIMPLEX, 0.7, 120, 1, cv2.LINE_AA)
    for marker in layout.markers:
        corners = to_px(marker.corners())
        cv2.fillConvexPoly(sheet, corners, 0)
        cv2.putText(sheet, str(marker.id), tuple(corners[0] + [4, int((corners[2] - corners[0])[1] * 0.7)]),
                    cv2.FONT_HERSHEY_SIMPLEX, 1.1, 255, 2, cv2.LINE_AA)


def write_sheet(layout: Layout, out: str | Path) -> Path:
    """Write the sheet as PNG (300 dpi recorded in the file) and return the path."""
    out = Path(out)
    if out.suffix.lower() != ".png":
        raise ValueError(f"the marker sheet is written as PNG; give a file name ending in .png, not {out.name!r}")
    out.parent.mkdir(parents=True, exist_ok=True)
    ok, data = cv2.imencode(".png", render_sheet(layout))
    if not ok:
        raise OSError(f"could not encode the marker sheet for {out}")
    out.write_bytes(_with_dpi(data.tobytes(), DPI))
    return out


def _with_dpi(png: bytes, dpi: int) -> bytes:
    """Insert a pHYs chunk so printing programs know the sheet's true size."""
    import struct
    import zlib
    ppm = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    ihdr_end = 8 + 4 + 4 + 13 + 4
    return png[:ihdr_end] + chunk + png[ihdr_end:]
