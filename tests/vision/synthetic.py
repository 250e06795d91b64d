"""Test pictures made with cv2: a textured board with ArUco markers, seen through a known homography.

Used by the vision tests before (and besides) the simulated-table renderer: everything about the
picture is known exactly, so registration and crops can be checked to the pixel.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.layout import Layout, load_layout
from vision.markers import marker_image

PX_PER_MM = 2.0


def table_picture(layout: Layout, seed: int = 0, hidden_markers: tuple[int, ...] = ()) -> tuple[np.ndarray, np.ndarray]:
    """A top-down table picture (board art = smooth random blobs, markers on white) and its board-mm → px map."""
    x0, y0, x1, y1 = layout.table_bounds(margin=20)
    width, height = round((x1 - x0) * PX_PER_MM), round((y1 - y0) * PX_PER_MM)
    rng = np.random.default_rng(seed)
    table = np.full((height, width, 3), (90, 110, 130), np.uint8)
    art = cv2.resize(rng.integers(40, 220, (12, 9, 3), dtype=np.uint8),
                     (round(layout.board_size[0] * PX_PER_MM), round(layout.board_size[1] * PX_PER_MM)),
                     interpolation=cv2.INTER_CUBIC)
    bx, by = round(-x0 * PX_PER_MM), round(-y0 * PX_PER_MM)
    table[by:by + art.shape[0], bx:bx + art.shape[1]] = art
    for marker in layout.markers:
        if marker.id in hidden_markers:
            continue
        side = round(marker.size * PX_PER_MM)
        quiet = round(6 * PX_PER_MM)
        cx, cy = (np.array(marker.center) - (x0, y0)) * PX_PER_MM
        left, top = round(cx - side / 2), round(cy - side / 2)
        table[top - quiet:top + side + quiet, left - quiet:left + side + quiet] = 255
        table[top:top + side, left:left + side] = cv2.cvtColor(marker_image(layout, marker.id, side), cv2.COLOR_GRAY2BGR)
    picture_from_board = np.array([[PX_PER_MM, 0, -x0 * PX_PER_MM - 0.5], [0, PX_PER_MM, -y0 * PX_PER_MM - 0.5],
                                   [0, 0, 1]])
    return table, picture_from_board


def camera_view(table: np.ndarray, picture_from_board: np.ndarray, camera_from_picture: np.ndarray,
                size: tuple[int, int] = (1280, 720)) -> tuple[np.ndarray, np.ndarray]:
    """The table seen by a camera (a homography of the top-down picture) and the true board-mm → camera map."""
    frame = cv2.warpPerspective(table, camera_from_picture, size, flags=cv2.INTER_LINEAR,
                                borderValue=(60, 60, 60))
    return frame, camera_from_picture @ picture_from_board


def tilted_camera(table_shape: tuple[int, ...], size: tuple[int, int] = (1280, 720), shift: float = 0.0) -> np.ndarray:
    """A homography that fits the table into a 1280×720 frame as a tilted camera would (a trapezoid)."""
    h, w = table_shape[:2]
    width, height = size
    source = np.float32([(0, 0), (w, 0), (w, h), (0, h)])
    target = np.float32([(width * 0.30 + shift, 20), (width * 0.70 + shift, 20),
                         (width * 0.85 + shift, height - 20), (width * 0.15 + shift, height - 20)])
    return cv2.getPerspectiveTransform(source, target)


def default_layout() -> Layout:
    return load_layout("caylus-2005")
