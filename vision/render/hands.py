"""Hands and arms reaching over the table: skin-coloured capsules (arm, palm, fingers) in 3D.

A hand is a little skeleton in board millimetres: the shoulder far outside the table on the
player's side and the arm drawn on from there out of the picture (to the body), the palm over ``target``
a few centimetres above the board. It is projected with
the scene's camera (so it is bigger nearer the lens) and casts a soft shadow. ``reach`` in [0, 1]
slides the whole arm from out of the frame (0) to the target (1) for animations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .camera import Camera
from .pieces import shadow_points

BODY_MM = 1500.0       # the arm drawn on from the shoulder towards the player, beyond any picture's edge
BODY_RISE_MM = 300.0   # … rising as it goes (the player sits above the table)
NEAR_MM = 40.0         # capsules are clipped this close to the camera


@dataclass(frozen=True)
class Hand:
    target: tuple[float, float]        # board mm the fingertips point at
    from_direction: float              # degrees: where the arm comes from (0 = board bottom, 90 = right…)
    height: float = 55.0               # palm height above the board, mm
    reach: float = 1.0                 # 0 = out of the picture, 1 = at the target
    spread: float = 0.0                # finger fan, radians
    skin: tuple[int, int, int] = (150, 180, 225)

    def segments(self) -> list[tuple[np.ndarray, np.ndarray, float, float]]:
        """Capsules (start, end, start radius, end radius) in world mm; z negative is up."""
        a = math.radians(self.from_direction)
        toward = np.array([math.sin(a), math.cos(a)])        # from the target toward the player
        side = np.array([-toward[1], toward[0]])
        back = 700.0 * (1.0 - self.reach)
        tip = np.array(self.target) + toward * back
        palm = tip + toward * 45
        wrist = palm + toward * 40
        elbow = wrist + toward * 260
        shoulder = elbow + toward * 280

        def p3(xy: np.ndarray, h: float) -> np.ndarray:
            return np.array([xy[0], xy[1], -h])

        h = self.height
        # the arm goes on to the player's body, out of the picture: a camera that sees the table's edge never
        # sees an arm end in mid-air (a forearm ending inside the picture, with only its shadow crossing the edge,
        # would point the side reader at the wrong seat)
        body = shoulder + toward * BODY_MM
        segs = [(p3(body, h + 260 + BODY_RISE_MM), p3(shoulder, h + 260), 60.0, 48.0),
                (p3(shoulder, h + 260), p3(elbow, h + 120), 48.0, 38.0),
                (p3(elbow, h + 120), p3(wrist, h + 15), 38.0, 26.0),
                (p3(wrist, h + 15), p3(palm, h), 28.0, 34.0)]
        for k, offset in enumerate((-16.0, -5.0, 6.0, 16.0)):
            fan = offset / 16.0 * self.spread
            direction = -toward * math.cos(fan) + side * math.sin(fan)
            base = palm + side * offset - toward * 18
            length = (38.0, 46.0, 44.0, 34.0)[k]
            segs.append((p3(base, h), p3(base + direction * length, h - 12), 7.0, 6.0))
        thumb_base = palm + side * 26 + toward * 10
        segs.append((p3(thumb_base, h + 5), p3(thumb_base + side * 18 - toward * 26, h - 8), 9.0, 7.0))
        return segs


def _capsule(img: np.ndarray, camera: Camera, p: np.ndarray, q: np.ndarray, rp: float, rq: float,
             colour: tuple | float) -> None:
    clipped = _in_front(camera, p, q, rp, rq)
    if clipped is None:
        return
    p, q, rp, rq = clipped
    pts = camera.project(np.array([p, q]))
    depth = camera.depth(np.array([p, q]))
    f = camera.K[0, 0]
    r_img = np.array([rp, rq]) * f / depth
    d = pts[1] - pts[0]
    n = np.array([-d[1], d[0]]) / max(np.linalg.norm(d), 1e-6)
    quad = np.array([pts[0] + n * r_img[0], pts[1] + n * r_img[1], pts[1] - n * r_img[1], pts[0] - n * r_img[0]])
    cv2.fillConvexPoly(img, np.round(quad * 16).astype(np.int32), colour, cv2.LINE_AA, shift=4)
    for c, r in zip(pts, r_img):
        cv2.circle(img, tuple(np.round(c * 16).astype(int)), int(round(r * 16)), colour, -1, cv2.LINE_AA, shift=4)


def _in_front(camera: Camera, p: np.ndarray, q: np.ndarray, rp: float,
              rq: float) -> tuple[np.ndarray, np.ndarray, float, float] | None:
    """The part of the capsule ``p``–``q`` at least ``NEAR_MM`` in front of the camera (an arm reaching in from
    under a low camera passes beside it), or None when none is."""
    dp, dq = camera.depth(np.array([p, q]))
    if dp < NEAR_MM and dq < NEAR_MM:
        return None
    if dp < NEAR_MM or dq < NEAR_MM:
        t = (NEAR_MM - dp) / (dq - dp)           # where the depth along the segment reaches NEAR_MM
        cut, r_cut = p + (q - p) * t, rp + (rq - rp) * t
        return (cut, q, r_cut, rq) if dp < NEAR_MM else (p, cut, rp, r_cut)
    return p, q, rp, rq


def draw_hand(image: np.ndarray, mask: np.ndarray, camera: Camera, hand: Hand) -> None:
    """Paint the hand over ``image`` and mark its pixels (255) in ``mask``."""
    layer = np.zeros(image.shape[:2], np.uint8)
    for p, q, rp, rq in hand.segments():
        _capsule(layer, camera, p, q, rp, rq, 255)
    if not layer.any():
        return
    skin = np.array(hand.skin, np.float32)
    # shading: darker toward the silhouette (a cheap rounded look) via a blurred copy of the mask
    soft = cv2.GaussianBlur(layer, (0, 0), 6).astype(np.float32) / 255.0
    shade = (0.55 + 0.5 * np.clip(soft * 1.4, 0, 1))[..., None]
    sel = layer > 0
    image[sel] = np.clip(skin * shade[sel], 0, 255).astype(np.uint8)
    mask[sel] = 255


def draw_hand_shadow(shadow: np.ndarray, camera: Camera, hand: Hand, light: np.ndarray) -> None:
    """Add the hand's cast shadow to a float shadow mask (blurred by the caller)."""
    for p, q, rp, rq in hand.segments():
        ps, qs = shadow_points(np.array([p, q]), light)
        _capsule(shadow, camera, ps, qs, rp, rq, 0.45)
