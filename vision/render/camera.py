"""A pinhole camera over the table: intrinsics, pose, lens distortion, and the projections they imply.

World coordinates are board millimetres: x right and y down as the board is read, z into the
table (so a point ``h`` mm above the board has ``z = -h``); that keeps the frame right-handed
and makes an overhead camera an identity rotation.

>>> cam = Camera.look_at((640, 360), hfov_deg=60, target=(200, 280), distance=800, tilt_deg=0)
>>> np.round(cam.project([[200, 280, 0]])[0], 3).tolist()
[319.5, 179.5]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

import cv2
import numpy as np


@dataclass
class Camera:
    size: tuple[int, int]               # image width, height
    K: np.ndarray                       # 3×3 intrinsics (pixel centres at integers)
    R: np.ndarray                       # world → camera rotation
    t: np.ndarray                       # world → camera translation (mm)
    distortion: tuple[float, float] = (0.0, 0.0)   # radial k1, k2 (OpenCV model)

    @classmethod
    def look_at(cls, size: tuple[int, int], hfov_deg: float, target: Iterable[float], distance: float,
                tilt_deg: float, azimuth_deg: float = 0.0, roll_deg: float = 0.0,
                distortion: tuple[float, float] = (0.0, 0.0)) -> "Camera":
        """A camera ``distance`` mm from ``target`` on the table, tilted ``tilt_deg`` from straight down.

        ``azimuth_deg`` says which side it leans from: 0 = the board's bottom edge (its reader's
        seat), 90 = the right edge, and so on; that side appears at the bottom of the image.
        """
        w, h = size
        f = (w / 2) / math.tan(math.radians(hfov_deg) / 2)
        K = np.array([[f, 0, (w - 1) / 2], [0, f, (h - 1) / 2], [0, 0, 1]])
        tilt, az = math.radians(tilt_deg), math.radians(azimuth_deg)
        toward_viewer = np.array([math.sin(az), math.cos(az), 0.0])   # board direction of the camera's side
        target = np.array([*target, 0.0][:3], dtype=float)
        eye = target + distance * (math.sin(tilt) * toward_viewer + np.array([0, 0, -math.cos(tilt)]))
        forward = (target - eye) / np.linalg.norm(target - eye)
        right = np.cross(toward_viewer, forward)
        right /= np.linalg.norm(right)
        down = np.cross(forward, right)
        R = np.stack([right, down, forward])
        roll = math.radians(roll_deg)
        Rz = np.array([[math.cos(roll), -math.sin(roll), 0], [math.sin(roll), math.cos(roll), 0], [0, 0, 1]])
        R = Rz @ R
        return cls(size=(w, h), K=K, R=R, t=-R @ eye, distortion=distortion)

    @property
    def position(self) -> np.ndarray:
        return -self.R.T @ self.t

    def to_camera(self, points: np.ndarray) -> np.ndarray:
        return np.asarray(points, dtype=float) @ self.R.T + self.t

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points (N, 3) → undistorted image pixels (N, 2)."""
        pc = self.to_camera(points)
        uv = pc[:, :2] / pc[:, 2:3]
        return uv @ self.K[:2, :2].T + self.K[:2, 2]

    def depth(self, points: np.ndarray) -> np.ndarray:
        return self.to_camera(points)[:, 2]

    def homography(self) -> np.ndarray:
        """Board-mm plane (z = 0) → undistorted image pixels."""
        H = self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], self.t])
        return H / H[2, 2]

    @property
    def dist_coeffs(self) -> np.ndarray:
        return np.array([self.distortion[0], self.distortion[1], 0.0, 0.0, 0.0])

    @property
    def distorted(self) -> bool:
        return any(abs(k) > 1e-9 for k in self.distortion)

    def distort_pixels(self, pixels: np.ndarray) -> np.ndarray:
        """Undistorted image pixels → where the lens puts them (identity without distortion)."""
        pixels = np.asarray(pixels, dtype=float).reshape(-1, 2)
        if not self.distorted:
            return pixels
        norm = (pixels - self.K[:2, 2]) / [self.K[0, 0], self.K[1, 1]]
        pts3 = np.column_stack([norm, np.ones(len(norm))])
        out, _ = cv2.projectPoints(pts3, np.zeros(3), np.zeros(3), self.K, self.dist_coeffs)
        return out.reshape(-1, 2)

    def distortion_maps(self) -> tuple[np.ndarray, np.ndarray] | None:
        """remap() tables turning an undistorted render into the lens's image (``None`` if no distortion)."""
        if not self.distorted:
            return None
        w, h = self.size
        step = 8
        gx, gy = np.meshgrid(np.arange(0, w + step, step, dtype=np.float32), np.arange(0, h + step, step, dtype=np.float32))
        grid = np.stack([gx.ravel(), gy.ravel()], axis=1).reshape(-1, 1, 2)
        und = cv2.undistortPoints(grid, self.K, self.dist_coeffs, P=self.K).reshape(gx.shape + (2,))
        full_w, full_h = gx.shape[1] * step, gx.shape[0] * step
        # resize maps a coarse sample k to pixel k*step + (step-1)/2: shift back to sample centres
        shift = (step - 1) / 2
        M = np.float32([[1, 0, -shift], [0, 1, -shift]])
        mx = cv2.warpAffine(cv2.resize(und[..., 0], (full_w, full_h), interpolation=cv2.INTER_LINEAR), M, (w, h),
                            borderMode=cv2.BORDER_REPLICATE)
        my = cv2.warpAffine(cv2.resize(und[..., 1], (full_w, full_h), interpolation=cv2.INTER_LINEAR), M, (w, h),
                            borderMode=cv2.BORDER_REPLICATE)
        return cv2.convertMaps(mx, my, cv2.CV_16SC2)

    def to_json(self) -> dict[str, object]:
        return {"size": list(self.size), "K": self.K.round(4).tolist(), "R": self.R.round(6).tolist(),
                "t": self.t.round(3).tolist(), "distortion": list(self.distortion)}


def fit_camera(size: tuple[int, int], hfov_deg: float, scene_mm: np.ndarray, tilt_deg: float, azimuth_deg: float,
               roll_deg: float, fill: float, distortion: tuple[float, float]) -> Camera:
    """A camera aimed at the scene's centre, backed off until the scene's outline fills ``fill`` of the frame."""
    scene_mm = np.asarray(scene_mm, dtype=float)
    target = scene_mm.mean(axis=0)
    pts = np.column_stack([scene_mm, np.zeros(len(scene_mm))])
    distance = 1000.0
    for _ in range(6):
        cam = Camera.look_at(size, hfov_deg, target, distance, tilt_deg, azimuth_deg, roll_deg, distortion)
        uv = cam.project(pts) - cam.K[:2, 2]
        extent = max(np.abs(uv[:, 0]).max() / (size[0] / 2), np.abs(uv[:, 1]).max() / (size[1] / 2))
        distance *= extent / fill
    return Camera.look_at(size, hfov_deg, target, distance, tilt_deg, azimuth_deg, roll_deg, distortion)
