"""Slot crops: a small square picture of every slot, straight from the camera frame, warped top-down.

Each slot's crop is one ``warpPerspective`` into a ``CROP_PX`` square whose board-mm window is fixed
by the slot's region (with a margin, so a piece set down a little off-centre is still inside). Crops
live in board coordinates, so a crop taken at setup (the empty board) and one taken an hour later
after the camera was bumped still show the same patch of board: that is what lets the recogniser
compare "now" with "then".

>>> from vision.layout import load_layout
>>> windows = slot_windows(load_layout())
>>> windows["road.7.worker"].side_mm > 17
True
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Mapping, Sequence

import cv2
import numpy as np

from .layout import Layout, Region
from .registration import Pose

CROP_PX = 32
# Window side / region extent: room for a piece set down off-centre, and for the top of a tall piece seen
# by a steeply tilted camera (projected away from its footprint). 1.7 measured better than 1.25 on the
# held-out domain (models/MODEL_CARD.md); the slot model must be trained at the same margin.
MARGIN = 1.7


@dataclass(frozen=True)
class SlotWindow:
    """The board-mm square a slot's crop shows: centre, side and rotation (degrees, as the region)."""

    center: tuple[float, float]
    side_mm: float
    angle: float = 0.0

    def board_from_crop(self, crop_px: int = CROP_PX) -> np.ndarray:
        """3×3 map from crop pixel coordinates to board mm."""
        scale = self.side_mm / crop_px
        a = np.radians(self.angle)
        rotation = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]) * scale
        half = (crop_px - 1) / 2.0
        offset = np.array(self.center) - rotation @ np.array([half, half])
        return np.array([[*rotation[0], offset[0]], [*rotation[1], offset[1]], [0, 0, 1]])


def window_for(region: Region, margin: float | None = None) -> SlotWindow:
    """The crop window of one region; ``margin`` (window side / region extent) defaults to :data:`MARGIN`."""
    margin = MARGIN if margin is None else margin
    if region.shape == "circle":
        return SlotWindow(region.center, 2 * region.radius * margin)
    if region.shape == "rect":
        return SlotWindow(region.center, max(region.size) * margin * 0.92, region.angle)
    points = region.polygon()
    extent = float((points.max(axis=0) - points.min(axis=0)).max())
    return SlotWindow(region.center, extent * margin)


def slot_windows(layout: Layout, slots: Sequence[str] | None = None,
                 margin: float | None = None) -> dict[str, SlotWindow]:
    names = layout.slot_names() if slots is None else slots
    return {name: window_for(layout.region(name), margin) for name in names}


def own_space(window: SlotWindow, region: Region, crop_px: int = CROP_PX, scale: float = 1.0) -> np.ndarray:
    """(crop_px, crop_px) bool: the pixels of a slot's crop that lie on the slot's own space (``scale``: the
    space shrunk or grown about its centre).

    The window is wider than the space (:data:`MARGIN`), so on a grid of spaces (the favour tracks) a crop
    also shows the edge of the next row's space and the disc standing there."""
    to_crop = np.linalg.inv(window.board_from_crop(crop_px))
    points = (region.polygon() - region.center) * scale + region.center
    outline = np.hstack([points, np.ones((len(points), 1))]) @ to_crop.T
    mask = np.zeros((crop_px, crop_px), np.uint8)
    cv2.fillPoly(mask, [np.round(outline[:, :2]).astype(np.int32)], 1)
    return mask.astype(bool)


def crop_slots(image: np.ndarray, pose: Pose, windows: Mapping[str, SlotWindow], crop_px: int = CROP_PX) -> np.ndarray:
    """All slots' crops, in the windows' order: uint8 array (N, crop_px, crop_px, 3).

    Every crop pixel's board position goes through the full pose (homography and lens), so a crop is
    exact even where the lens bows the board. All crops come from one ``remap`` over a map of
    N·crop_px rows, remembered for the last poses (the camera is still most of the time).
    """
    maps = _slot_maps(_pose_key(pose), pose, windows, crop_px)
    strip = cv2.remap(image, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return strip.reshape(len(windows), crop_px, crop_px, 3)


def _pose_key(pose: Pose) -> tuple:
    lens = pose.lens
    return (pose.image_from_board.tobytes(), None if lens is None else (lens.center, lens.focal_px, float(lens.k1)))


_warp_cache: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
_map_cache: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
_board_cache: dict[tuple, np.ndarray] = {}
CACHE_SIZE = 16
BOARD_CACHE_SIZE = 4        # a slot set's board positions: 5 MB each, one or two sets per process


_cache_lock = threading.Lock()          # the supply zones are rectified on a thread of their own (vision.pipeline)


def _remember(cache: dict, key: tuple, value, size: int = CACHE_SIZE):
    with _cache_lock:
        if len(cache) >= size:
            cache.pop(next(iter(cache)))
        cache[key] = value
    return value


def _slot_maps(key: tuple, pose: Pose, windows: Mapping[str, SlotWindow], crop_px: int) -> tuple[np.ndarray, np.ndarray]:
    geometry = (tuple(windows.items()), crop_px)          # the windows' geometry, not only their names
    full_key = (key, geometry)
    if full_key in _warp_cache:
        return _warp_cache[full_key]
    board = _board_cache.get(geometry)
    if board is None:           # every crop pixel's board position: the same whatever the pose
        ys, xs = np.mgrid[0:crop_px, 0:crop_px]
        pixels = np.column_stack([xs.ravel(), ys.ravel()]).astype(np.float64)
        board = _remember(_board_cache, geometry,
                          np.concatenate([_apply(w.board_from_crop(crop_px), pixels) for w in windows.values()]),
                          BOARD_CACHE_SIZE)
    points = pose.to_image(board).astype(np.float32).reshape(len(windows) * crop_px, crop_px, 2)
    maps = cv2.convertMaps(points[..., 0], points[..., 1], cv2.CV_16SC2)
    return _remember(_warp_cache, full_key, maps)


def _apply(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    homogeneous = np.c_[points, np.ones(len(points))] @ matrix.T
    return homogeneous[:, :2] / homogeneous[:, 2:]


def rectify(image: np.ndarray, pose: Pose, bounds_mm: tuple[float, float, float, float],
            px_per_mm: float) -> np.ndarray:
    """A top-down picture of the board-mm rectangle ``bounds_mm`` (x0, y0, x1, y1) at ``px_per_mm``."""
    key = (_pose_key(pose), tuple(bounds_mm), px_per_mm)
    maps = _map_cache.get(key)
    if maps is None:
        x0, y0, x1, y1 = bounds_mm
        width, height = max(1, round((x1 - x0) * px_per_mm)), max(1, round((y1 - y0) * px_per_mm))
        xs = x0 + (np.arange(width) + 0.5) / px_per_mm
        ys = y0 + (np.arange(height) + 0.5) / px_per_mm
        grid = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 2)
        points = pose.to_image(grid).astype(np.float32).reshape(height, width, 2)
        maps = _remember(_map_cache, key, cv2.convertMaps(points[..., 0], points[..., 1], cv2.CV_16SC2))
    return cv2.remap(image, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
