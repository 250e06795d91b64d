"""What the light and the camera do to a clean render: colour temperature, light falloff, glare,
white balance, lens distortion, blur, sensor noise and JPEG artefacts.

Everything that depends only on the episode (gain maps, glare, distortion maps, a noise tile) is
prepared once by :class:`Sensor`, so each frame costs a handful of whole-image OpenCV calls.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from .camera import Camera
from .domains import RenderStyle


def kelvin_to_bgr(kelvin: float) -> np.ndarray:
    """Approximate light colour of a black body (Tanner Helland's fit), normalised so green is 1."""
    t = kelvin / 100.0
    r = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
    g = 99.47 * math.log(t) - 161.1 if t <= 66 else 288.1 * (t - 60) ** -0.0755
    b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5 * math.log(t - 10) - 305.0)
    bgr = np.clip(np.array([b, g, r]), 1, 255)
    return bgr / bgr[1]


class Sensor:
    """Per-episode light and camera effects, applied to each frame by :meth:`develop`."""

    def __init__(self, camera: Camera, style: RenderStyle) -> None:
        w, h = camera.size
        rng = np.random.default_rng([style.seed, 23])
        self.style = style
        colour = kelvin_to_bgr(style.light_kelvin) * np.array(style.white_balance)
        colour = colour / colour.mean() * style.light_gain
        # light falls off across the table along the light's direction, plus a vignette
        a = math.radians(style.light_azimuth_deg)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        ramp = ((xx / w - 0.5) * math.cos(a) + (yy / h - 0.5) * math.sin(a)) * style.light_gradient
        vignette = 1.0 - 0.35 * (((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2) * 2.0)
        falloff = (1.0 + ramp) * vignette
        gain = falloff[..., None] * colour[None, None, :].astype(np.float32)
        self.gain = np.clip(gain * 128, 0, 255).astype(np.uint8)   # fixed point: 128 = ×1
        # glare: a soft bright patch where the lamp reflects off the board
        gx, gy = rng.uniform(0.25, 0.75) * w, rng.uniform(0.25, 0.75) * h
        sigma = rng.uniform(0.08, 0.18) * w
        glare = np.exp(-(((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * sigma ** 2))) * style.glare * 255
        self.glare = np.repeat(glare[..., None], 3, axis=2).astype(np.uint8)
        self.maps = camera.distortion_maps()
        # sensor noise: a tile larger than the frame; each frame takes a random window of it
        self.noise_pos = self.noise_neg = None
        if style.noise_sigma > 0:
            noise = rng.normal(0, style.noise_sigma, (h + 32, w + 32, 3))
            self.noise_pos = np.clip(noise, 0, 255).astype(np.uint8)
            self.noise_neg = np.clip(-noise, 0, 255).astype(np.uint8)

    def develop(self, clean: np.ndarray, frame_rng: np.random.Generator) -> np.ndarray:
        """Light, lens and sensor applied to a clean undistorted render (BGR uint8 in, BGR uint8 out)."""
        style = self.style
        img = cv2.multiply(clean, self.gain, scale=1 / 128)
        if style.glare > 0:
            img = cv2.add(img, self.glare)
        if self.maps is not None:
            img = cv2.remap(img, self.maps[0], self.maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        if style.blur_sigma > 0.25:
            img = cv2.GaussianBlur(img, (0, 0), style.blur_sigma)
        if self.noise_pos is not None:
            h, w = img.shape[:2]
            oy, ox = frame_rng.integers(0, 32, 2)
            img = cv2.add(img, self.noise_pos[oy:oy + h, ox:ox + w])
            img = cv2.subtract(img, self.noise_neg[oy:oy + h, ox:ox + w])
        if style.jpeg_quality < 100:
            ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, style.jpeg_quality])
            img = cv2.imdecode(data, cv2.IMREAD_COLOR)
        return img
