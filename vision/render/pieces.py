"""Raised wooden pieces as small 3D solids, drawn in true perspective with shading and soft shadows.

Every piece is a convex solid (cylinder, box, box with a roof), so back-face culling alone gives
a correct picture of one piece, and painting pieces far-to-near gives the picture of the table.
Each kind's solid and size, in millimetres of the real pieces, is the game pack's (``render.json``,
:mod:`vision.render.drawing`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .camera import Camera

SEGMENTS = 20


@dataclass
class Solid:
    """A piece placed in the world: faces in world mm (z negative is up) and its base colour."""

    faces: list[np.ndarray]
    normals: np.ndarray
    colour: tuple[float, float, float]
    centre: np.ndarray       # 3D centre (for depth ordering and truth)
    footprint: np.ndarray    # all vertices (for shadow and bounding box)


def _cylinder(cx: float, cy: float, z0: float, r: float, h: float) -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray]:
    t = np.linspace(0, 2 * np.pi, SEGMENTS, endpoint=False)
    ring = np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1)
    bottom = np.column_stack([ring, np.full(SEGMENTS, -z0)])
    top = np.column_stack([ring, np.full(SEGMENTS, -(z0 + h))])
    faces, normals = [top], [np.array([0, 0, -1.0])]
    for i in range(SEGMENTS):
        j = (i + 1) % SEGMENTS
        faces.append(np.array([bottom[i], bottom[j], top[j], top[i]]))
        mid = (t[i] + t[j]) / 2 + (np.pi if j == 0 else 0)
        normals.append(np.array([math.cos(mid), math.sin(mid), 0.0]))
    return faces, normals, np.vstack([bottom, top])


def _box(cx: float, cy: float, z0: float, half: float, h: float, angle: float,
         roof: float = 0.0) -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray]:
    c, s = math.cos(angle), math.sin(angle)
    corners = np.array([[-half, -half], [half, -half], [half, half], [-half, half]]) @ np.array([[c, s], [-s, c]])
    corners += [cx, cy]
    bottom = np.column_stack([corners, np.full(4, -z0)])
    top = np.column_stack([corners, np.full(4, -(z0 + h))])
    faces, normals = [], []
    for i in range(4):
        j = (i + 1) % 4
        faces.append(np.array([bottom[i], bottom[j], top[j], top[i]]))
        edge = corners[j] - corners[i]
        n = np.array([edge[1], -edge[0], 0.0])
        normals.append(n / np.linalg.norm(n))
    verts = [bottom, top]
    if roof <= 0:
        faces.append(top)
        normals.append(np.array([0, 0, -1.0]))
    else:
        # ridge along edge 0→1 direction, centred: two slopes over edges 0-1 and 2-3, gables over 1-2 and 3-0
        mid_a = (top[0] + top[3]) / 2 + [0, 0, -roof]
        mid_b = (top[1] + top[2]) / 2 + [0, 0, -roof]
        slopes = [np.array([top[0], top[1], mid_b, mid_a]), np.array([top[2], top[3], mid_a, mid_b])]
        gables = [np.array([top[1], top[2], mid_b]), np.array([top[3], top[0], mid_a])]
        for face in slopes + gables:
            n = np.cross(face[1] - face[0], face[2] - face[0])
            centre = face.mean(axis=0)
            body = np.array([cx, cy, -(z0 + h / 2)])
            if np.dot(n, centre - body) < 0:
                n = -n
            faces.append(face)
            normals.append(n / np.linalg.norm(n))
        verts.append(np.array([mid_a, mid_b]))
    return faces, normals, np.vstack(verts)


def make_solid(solid: tuple[str, float, float], x: float, y: float, z0: float, angle: float,
               colour: tuple[float, float, float]) -> Solid:
    """A solid ``(shape, radius or half side mm, height mm)`` standing at (x, y), its base ``z0`` mm up."""
    shape, size, height = solid
    if shape == "cylinder":
        faces, normals, verts = _cylinder(x, y, z0, size, height)
    elif shape == "box":
        faces, normals, verts = _box(x, y, z0, size, height, angle)
    else:
        faces, normals, verts = _box(x, y, z0, size, height, angle, roof=height * 0.6)
        height *= 1.6
    centre = np.array([x, y, -(z0 + height / 2)])
    return Solid(faces, np.array(normals), colour, centre, verts)


def light_vector(azimuth_deg: float, elevation_deg: float) -> np.ndarray:
    """Unit vector from the table toward the light (world frame, z negative is up)."""
    a, e = math.radians(azimuth_deg), math.radians(elevation_deg)
    return np.array([math.cos(e) * math.cos(a), math.cos(e) * math.sin(a), -math.sin(e)])


def shadow_points(points: np.ndarray, light: np.ndarray) -> np.ndarray:
    """Where the light casts 3D points onto the table (z = 0)."""
    s = -points[:, 2] / light[2]
    return points - s[:, None] * light


def draw_solids(image: np.ndarray, camera: Camera, solids: list[Solid], light: np.ndarray) -> None:
    """Paint solids far-to-near with Lambert shading and a thin dark edge."""
    eye = camera.position
    order = np.argsort(-camera.depth(np.array([s.centre for s in solids]))) if solids else []
    for idx in order:
        solid = solids[idx]
        base = np.array(solid.colour, dtype=float)
        for face, normal in zip(solid.faces, solid.normals):
            if np.dot(normal, face.mean(axis=0) - eye) >= 0:
                continue   # facing away from the camera
            lambert = max(0.0, float(np.dot(normal, light)))
            shade = 0.42 + 0.62 * lambert
            colour = tuple(float(v) for v in np.clip(base * shade, 0, 255))
            pts = np.round(camera.project(face) * 16).astype(np.int32)
            cv2.fillConvexPoly(image, pts, colour, cv2.LINE_AA, shift=4)
            if len(face) != 4 or normal[2] != 0:   # outline caps and roofs, not every cylinder strip
                cv2.polylines(image, [pts], True, tuple(v * 0.55 for v in colour), 1, cv2.LINE_AA, shift=4)


def draw_shadows(mask: np.ndarray, camera: Camera, solids: list[Solid], light: np.ndarray) -> None:
    """Accumulate each solid's cast shadow and a contact shadow into a float mask (0..1)."""
    for solid in solids:
        cast = shadow_points(solid.footprint, light)
        hull = cv2.convexHull(np.round(camera.project(cast) * 16).astype(np.int32))
        cv2.fillConvexPoly(mask, hull, 0.55, cv2.LINE_AA, shift=4)
        base = solid.footprint[np.isclose(solid.footprint[:, 2], solid.footprint[:, 2].max())]
        contact = cv2.convexHull(np.round(camera.project(base) * 16).astype(np.int32))
        cv2.fillConvexPoly(mask, contact, 0.75, cv2.LINE_AA, shift=4)


def image_box(camera: Camera, solid: Solid) -> tuple[np.ndarray, np.ndarray]:
    """The solid's projected centre and bounding box [x0, y0, x1, y1] (undistorted pixels)."""
    uv = camera.project(solid.footprint)
    return camera.project(solid.centre[None])[0], np.array([*uv.min(axis=0), *uv.max(axis=0)])
