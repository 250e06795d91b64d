"""The layout fitted to the board on the table: from the empty-board capture, where this copy of the board prints
what its layout says.

A user's board is another printing than the one the layout was measured on: a few millimetres shorter or
wider, laid a little shifted and turned against the markers (or the corners tapped), printed a millimetre or
two off here and there. Scaled from the markers alone, slot windows then land up to a quarter of a square off.
So at setup :func:`fit_board` looks for the board's own printed features where the layout puts them — the
outline of every region on the board (road squares, building frames, track spaces, the board's edge) — and
fits a correction, layout mm → where this board prints it (still in the markers' frame):

1. **Template.** The outlines of every on-board region and the board's edge are drawn from the layout into a
   top-down picture (:data:`PX_PER_MM`); the capture is rectified through the pose to the same frame and turned
   into lines (the magnitude of its Laplacian, so the art's colours and the lamp count little).
2. **Places.** The board is cut into overlapping patches (:data:`PATCH_MM`, every :data:`SPACING_MM`) that hold
   enough outline; each patch's template is searched for in the edges (normalised cross-correlation), first
   round one shift of the whole board, then again, finer, in the picture rectified through the first fit.
3. **Fit.** A homography (RANSAC) over the patches' matches, plus a small smooth warp (Gaussian-kernel ridge
   regression of what the homography leaves), the correction of this board's own print.
4. **Residual.** Each match's leave-one-out error of the warp, mm: the residual reported in Setup.

A fit is refused, and the layout kept as shipped, when too few places match (something lies on the board, a
hand over it, or it is another board than the layout's), when the residual is too large, or when it would move
a slot implausibly far: :attr:`BoardFit.message` says which, in words for the user.

Regions whose centre lies off the board (supply rows, a player's spots before them) and the markers are the
table's, not the print's: the fit never moves them.

>>> from vision.layout import load_layout
>>> fit = BoardFit.identity(load_layout())
>>> fit.apply(load_layout()).region("road.7.tile").center == load_layout().region("road.7.tile").center
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence

import cv2
import numpy as np

from .layout import Layout, Region
from .registration import Pose

PX_PER_MM = 1.5            # the frame the board is compared in (finer than any camera sees it at the table's edge)
PATCH_MM = 70.0            # a place: a patch of board this wide
SPACING_MM = 45.0          # … every this many mm
COARSE_PATCH_MM = 130.0    # the first, coarse search's patches: wide enough that a grid of like squares is not
COARSE_SPACING_MM = 60.0   # mistaken for itself one square over
PLACE_SEARCH_MM = 7.0      # how far a place may lie from where the board's edge puts it
FINE_SEARCH_MM = 4.0       # … and from the first fit
MIN_OUTLINE_MM = 120.0     # a patch needs this much outline to be a place
MIN_MATCH_SCORE = 0.3      # a place's correlation must reach this to count as matched
CORRECTION_STEP_MM = 4.0   # the correction is smooth: worked out on a grid this fine when a picture is resampled
PRINTED_SLACK_MM = 1.5     # an outline's printed line is looked for this far either side of where the fit puts it
PRINTED_CONTRAST = 1.15    # … and is printed where the lines along it are this much stronger than round it
EDGE_SEARCH_MM = 22.0      # how far the board's edge may lie from the layout's
EDGE_ALONE_MM = 60.0       # a point of the board's edge holds the fit where no matched place lies this near
EDGE_NEAR_MM = 5.0         # … and each point of a side from where the whole side steps
INLIER_MM = 2.5            # a match this close to the fit agrees with it
WARP_SIGMA_MM = 110.0      # the smooth warp's reach
WARP_RIDGE = 0.5           # … and how much it is held back (relative to one place's weight)
AS_SHIPPED_MM = 1.8        # matches this close (RMS) to where the layout puts them: the board is printed as it
MIN_MATCHED_SHARE = 0.5   # a fit needs this share of the places matched and agreeing
MAX_RESIDUAL_MM = 1.5      # … a residual (RMS, leave-one-out) this small
MAX_MOVE_MM = 25.0         # … and moves no slot further than this
ON_BOARD_MARGIN_MM = 2.0   # a region whose centre lies this far outside the board's edge, or closer, is printed


@dataclass(frozen=True)
class BoardFit:
    """A correction of a layout to one board: layout mm → where the board prints it, and how well it fits.

    ``accepted`` False: the layout is used as shipped and ``message`` says why."""

    layout: str
    board_size: tuple[float, float]
    accepted: bool
    message: str
    homography: tuple[tuple[float, ...], ...] = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
    warp_centres: tuple[tuple[float, float], ...] = ()
    warp_weights: tuple[tuple[float, float], ...] = ()
    warp_sigma_mm: float = WARP_SIGMA_MM
    places: int = 0                  # patches of board with enough outline to look for
    matched: int = 0                 # … found, and agreeing with the fit
    residual_mm: float = 0.0         # RMS leave-one-out error of the matches
    worst_mm: float = 0.0            # … the largest
    moved_mm: float = 0.0            # the mean distance the fit moves a slot's centre
    moved_worst_mm: float = 0.0      # … the largest

    @classmethod
    def identity(cls, layout: Layout, message: str = "") -> "BoardFit":
        return cls(layout.name, tuple(layout.board_size), False, message)

    # -- the correction ---------------------------------------------------------------------------------------
    def to_printed(self, points_mm: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
        """Layout mm → where this board prints it (the markers' frame). Identity for a refused fit."""
        points = np.asarray(points_mm, dtype=np.float64).reshape(-1, 2)
        if not self.accepted:
            return points.copy()
        return _correction(points, np.array(self.homography), np.array(self.warp_centres).reshape(-1, 2),
                           np.array(self.warp_weights).reshape(-1, 2), self.warp_sigma_mm)

    @property
    def corrects(self) -> bool:
        """Whether the fit moves anything: accepted, and the board not found printed as its layout."""
        return self.accepted and (bool(self.warp_centres) or
                                  not np.allclose(self.homography, np.eye(3)))

    def on_board(self, point_mm: Sequence[float]) -> bool:
        return _on_board(point_mm, self.board_size)

    def apply(self, layout: Layout) -> Layout:
        """``layout`` with every on-board region and score space where this board prints it (markers, supply zones
        and regions off the board unchanged); ``layout`` itself when the fit was refused."""
        if not self.corrects:
            return layout
        regions = {name: self._moved(region) for name, region in layout.regions.items()}
        spaces = tuple(tuple(float(v) for v in self.to_printed([p])[0]) if self.on_board(p) else p
                       for p in layout.score_spaces)
        return replace(layout, regions=regions, score_spaces=spaces)

    def _moved(self, region: Region) -> Region:
        if not self.on_board(region.center):
            return region
        centre = tuple(float(v) for v in self.to_printed([region.center])[0])
        if region.shape == "polygon":
            points = tuple(tuple(float(v) for v in p) for p in self.to_printed(region.points))
            return replace(region, center=centre, points=points)
        if region.shape == "rect":
            return replace(region, center=centre, angle=region.angle + self._turn_deg(region.center))
        return replace(region, center=centre)

    def _turn_deg(self, point: Sequence[float]) -> float:
        p = np.array([point, [point[0] + 1.0, point[1]]], dtype=float)
        q = self.to_printed(p)
        return round(math.degrees(math.atan2(q[1, 1] - q[0, 1], q[1, 0] - q[0, 0])), 3)

    # -- JSON ----------------------------------------------------------------------------------------------------
    def summary(self) -> str:
        """One line for Setup."""
        return self.message

    def to_json(self) -> dict[str, Any]:
        return {"layout": self.layout, "board_size": list(self.board_size), "accepted": self.accepted,
                "message": self.message, "homography": [list(r) for r in self.homography],
                "warp": {"centres": [list(c) for c in self.warp_centres], "weights": [list(w) for w in self.warp_weights],
                         "sigma_mm": self.warp_sigma_mm},
                "places": self.places, "matched": self.matched, "residual_mm": self.residual_mm,
                "worst_mm": self.worst_mm, "moved_mm": self.moved_mm, "moved_worst_mm": self.moved_worst_mm}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "BoardFit":
        warp = data.get("warp", {})
        return cls(str(data["layout"]), tuple(float(v) for v in data["board_size"]), bool(data["accepted"]),
                   str(data.get("message", "")), tuple(tuple(float(v) for v in r) for r in data["homography"]),
                   tuple(tuple(float(v) for v in c) for c in warp.get("centres", ())),
                   tuple(tuple(float(v) for v in w) for w in warp.get("weights", ())),
                   float(warp.get("sigma_mm", WARP_SIGMA_MM)), int(data.get("places", 0)), int(data.get("matched", 0)),
                   float(data.get("residual_mm", 0.0)), float(data.get("worst_mm", 0.0)),
                   float(data.get("moved_mm", 0.0)), float(data.get("moved_worst_mm", 0.0)))


def _on_board(point: Sequence[float], board_size: Sequence[float]) -> bool:
    x, y = point
    width, height = board_size
    m = ON_BOARD_MARGIN_MM
    return -m <= x <= width + m and -m <= y <= height + m


def _homography_apply(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    h = np.c_[points, np.ones(len(points))] @ matrix.T
    return h[:, :2] / h[:, 2:]


def _kernel(a: np.ndarray, b: np.ndarray, sigma: float) -> np.ndarray:
    d2 = (a * a).sum(axis=1)[:, None] + (b * b).sum(axis=1)[None, :] - 2 * a @ b.T
    return np.exp(-np.maximum(d2, 0.0) / (2 * sigma * sigma))


def _correction(points: np.ndarray, homography: np.ndarray, centres: np.ndarray, weights: np.ndarray,
                sigma: float) -> np.ndarray:
    out = _homography_apply(homography, points)
    if len(centres):
        out = out + _kernel(points, centres, sigma) @ weights
    return out


# -- finding the board's features --------------------------------------------------------------------------------

def _board_regions(layout: Layout) -> list[Region]:
    regions = [layout.region(name) for name in layout.slot_names()]
    return [r for r in regions if _on_board(r.center, layout.board_size)]


def outline_template(layout: Layout, bounds: tuple[float, float, float, float], px_per_mm: float,
                     regions: Sequence[Region] | None = None) -> np.ndarray:
    """The outlines the layout says the board prints (every on-board region, or ``regions``, and the board's edge),
    float32, blurred."""
    x0, y0, x1, y1 = bounds
    size = (int(round((y1 - y0) * px_per_mm)), int(round((x1 - x0) * px_per_mm)))
    template = np.zeros(size, np.float32)
    shift = 3

    def px(points: np.ndarray) -> np.ndarray:
        return np.round(((np.asarray(points) - (x0, y0)) * px_per_mm - 0.5) * (1 << shift)).astype(np.int32)

    for region in _board_regions(layout) if regions is None else regions:
        cv2.polylines(template, [px(region.polygon(segments=32))], True, 1.0, 1, cv2.LINE_AA, shift)
    width, height = layout.board_size
    cv2.polylines(template, [px(np.array([[0, 0], [width, 0], [width, height], [0, height]]))], True, 1.0, 2,
                  cv2.LINE_AA, shift)
    return cv2.GaussianBlur(template, (0, 0), 1.2)


def edge_picture(picture: np.ndarray) -> np.ndarray:
    """Where a top-down picture has lines: the magnitude of its Laplacian, float32, blurred as the template is. A
    printed line answers on itself (a gradient would answer on both its sides), whatever its colour and the lamp's."""
    grey = cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY).astype(np.float32) if picture.ndim == 3 else picture.astype(np.float32)
    lines = np.abs(cv2.Laplacian(cv2.GaussianBlur(grey, (0, 0), 1.2), cv2.CV_32F, ksize=3))
    return cv2.GaussianBlur(lines, (0, 0), 1.2)


def _sample(picture: np.ndarray, pose: Pose, bounds: tuple[float, float, float, float], px_per_mm: float,
            correction: Any = None) -> np.ndarray:
    """The picture seen top-down over ``bounds`` (layout mm): each pixel shows where the pose puts the layout point,
    moved by ``correction`` (layout mm → printed mm) first when given."""
    x0, y0, x1, y1 = bounds
    width, height = int(round((x1 - x0) * px_per_mm)), int(round((y1 - y0) * px_per_mm))
    xs = x0 + (np.arange(width) + 0.5) / px_per_mm
    ys = y0 + (np.arange(height) + 0.5) / px_per_mm
    grid = np.stack(np.meshgrid(xs, ys), axis=-1)
    if correction is not None:           # smooth: worked out every few mm, interpolated in between
        step = CORRECTION_STEP_MM
        coarse = np.stack(np.meshgrid(np.arange(x0, x1 + step, step), np.arange(y0, y1 + step, step)), axis=-1)
        moved = (correction(coarse.reshape(-1, 2)) - coarse.reshape(-1, 2)).reshape(coarse.shape).astype(np.float32)
        u = ((xs - x0) / step).astype(np.float32)
        v = ((ys - y0) / step).astype(np.float32)
        map_u, map_v = np.meshgrid(u, v)
        grid = grid + np.dstack([cv2.remap(moved[..., k], map_u, map_v, cv2.INTER_LINEAR,
                                           borderMode=cv2.BORDER_REPLICATE) for k in range(2)])
    points = pose.to_image(grid.reshape(-1, 2)).astype(np.float32).reshape(height, width, 2)
    return cv2.remap(picture, points[..., 0], points[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)


def printed_regions(layout: Layout, lines: np.ndarray, bounds: tuple[float, float, float, float],
                    px_per_mm: float) -> list[Region]:
    """The on-board regions whose outline this board prints. A layout names every place a piece goes; a board need
    not draw each one's outline (a worker's spot inside a printed square). ``lines`` (:func:`edge_picture`) must
    line up with the layout to a couple of mm: an outline counts as printed when the lines along it, allowed that
    much, are clearly stronger than the lines round it."""
    height, width = lines.shape
    reach = int(round(PRINTED_SLACK_MM * px_per_mm))
    near = cv2.dilate(lines, np.ones((2 * reach + 1, 2 * reach + 1), np.uint8))
    kept = []
    for region in _board_regions(layout):
        outline = region.polygon(segments=48)
        closed = np.vstack([outline, outline[:1]])
        points = np.vstack([np.linspace(a, b, max(2, int(np.linalg.norm(b - a))), endpoint=False)
                            for a, b in zip(closed[:-1], closed[1:])])
        px = np.round((points - bounds[:2]) * px_per_mm - 0.5).astype(int)
        inside = (px[:, 0] >= 0) & (px[:, 0] < width) & (px[:, 1] >= 0) & (px[:, 1] < height)
        if not inside.all():
            continue
        along = float(near[px[:, 1], px[:, 0]].mean())
        lo = px.min(axis=0) - 2 * reach
        hi = px.max(axis=0) + 2 * reach + 1
        around = float(near[max(lo[1], 0):hi[1], max(lo[0], 0):hi[0]].mean())
        if along > PRINTED_CONTRAST * max(around, 1e-3):
            kept.append(region)
    return kept


def _board_outline(picture: np.ndarray, bounds: tuple[float, float, float, float], px_per_mm: float,
                   board_size: tuple[float, float]) -> np.ndarray | None:
    """Where the board's own edge lies in a top-down ``picture`` over ``bounds``: a homography from the layout's
    board corners to the four corners found (None when a side is not found).

    Each side is the line across which the picture steps from board to table: the step's sign is the same all
    along the side, so the profiles across it are summed first (a checked cloth's lines change sign cell by cell
    and cancel), then each profile's step near that sum's is taken and a line fitted through them."""
    grey = cv2.GaussianBlur(cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY).astype(np.float32), (0, 0), 1.0)
    gx = cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)
    width, height = board_size
    reach, near = EDGE_SEARCH_MM, EDGE_NEAR_MM
    offsets = np.arange(-reach, reach + 1e-6, 1 / px_per_mm)
    lines = []
    for along, across, fixed, gradient in (("x", "y", 0.0, gy), ("y", "x", width, gx),
                                           ("x", "y", height, gy), ("y", "x", 0.0, gx)):
        length = width if along == "x" else height
        positions = np.linspace(0.08 * length, 0.92 * length, 40)
        grid_along, grid_across = np.meshgrid(positions, fixed + offsets, indexing="ij")
        xs, ys = (grid_along, grid_across) if along == "x" else (grid_across, grid_along)
        u = np.clip(np.round((xs - bounds[0]) * px_per_mm - 0.5).astype(int), 0, picture.shape[1] - 1)
        v = np.clip(np.round((ys - bounds[1]) * px_per_mm - 0.5).astype(int), 0, picture.shape[0] - 1)
        profiles = gradient[v, u]                                   # (positions, offsets)
        mean = profiles.mean(axis=0)
        centre = int(np.argmax(np.abs(mean)))
        sign = np.sign(mean[centre])
        window = np.abs(offsets - offsets[centre]) <= near
        signed = np.where(window[None, :], profiles * sign, -np.inf)
        found = fixed + offsets[np.argmax(signed, axis=1)]
        strong = np.max(signed, axis=1) > 0
        if strong.sum() < 10:
            return None
        keep = strong.copy()
        for _ in range(2):                       # a straight side: fit, drop what lies off it, fit again
            slope, intercept = np.polyfit(positions[keep], found[keep], 1)
            off = np.abs(found - (slope * positions + intercept))
            keep = strong & (off <= max(1.5, 2.5 * np.median(off[keep])))
            if keep.sum() < 10:
                return None
        lines.append((along, slope, intercept))
    corners = []
    for first, second in ((3, 0), (0, 1), (1, 2), (2, 3)):     # top-left, top-right, bottom-right, bottom-left
        corners.append(_intersect(lines[first], lines[second]))
    layout_corners = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    return cv2.getPerspectiveTransform(layout_corners, np.array(corners, np.float32))


def _intersect(a: tuple[str, float, float], b: tuple[str, float, float]) -> tuple[float, float]:
    """Where a near-horizontal line (y = s·x + c) meets a near-vertical one (x = s·y + c)."""
    horizontal, vertical = (a, b) if a[0] == "x" else (b, a)
    sh, ch = horizontal[1:]
    sv, cv = vertical[1:]
    y = (sh * cv + ch) / (1 - sh * sv)
    return sv * y + cv, y


def _peak(scores: np.ndarray) -> tuple[float, float, float]:
    """The best match's position, refined to a fraction of a pixel, and its score."""
    _, best, _, (u, v) = cv2.minMaxLoc(scores)
    du = dv = 0.0
    if 0 < u < scores.shape[1] - 1:
        left, mid, right = scores[v, u - 1], scores[v, u], scores[v, u + 1]
        denominator = left - 2 * mid + right
        du = 0.5 * (left - right) / denominator if denominator < 0 else 0.0
    if 0 < v < scores.shape[0] - 1:
        up, mid, down = scores[v - 1, u], scores[v, u], scores[v + 1, u]
        denominator = up - 2 * mid + down
        dv = 0.5 * (up - down) / denominator if denominator < 0 else 0.0
    return u + float(np.clip(du, -0.5, 0.5)), v + float(np.clip(dv, -0.5, 0.5)), float(best)


@dataclass
class _Places:
    centres: np.ndarray                       # (N, 2) layout mm
    boxes: list[tuple[int, int, int, int]]    # template pixel boxes (x0, y0, x1, y1)
    shifts: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))
    scores: np.ndarray = field(default_factory=lambda: np.zeros(0))


def _places(template: np.ndarray, layout: Layout, bounds: tuple[float, float, float, float],
            px_per_mm: float, patch_mm: float = PATCH_MM, spacing_mm: float = SPACING_MM) -> _Places:
    width, height = layout.board_size
    half = patch_mm / 2
    xs = np.arange(half - 10, width - half + 10 + 1e-6, spacing_mm)
    ys = np.arange(half - 10, height - half + 10 + 1e-6, spacing_mm)
    xs += (width - (xs[-1] + xs[0])) / 2            # centred on the board
    ys += (height - (ys[-1] + ys[0])) / 2
    centres, boxes = [], []
    for cy in ys:
        for cx in xs:
            bx0 = int(round((cx - half - bounds[0]) * px_per_mm))
            by0 = int(round((cy - half - bounds[1]) * px_per_mm))
            side = int(round(patch_mm * px_per_mm))
            patch = template[by0:by0 + side, bx0:bx0 + side]
            if patch.shape != (side, side):
                continue
            if _outline_mm(patch, px_per_mm) < MIN_OUTLINE_MM:
                continue
            centres.append((cx, cy))
            boxes.append((bx0, by0, bx0 + side, by0 + side))
    return _Places(np.array(centres, dtype=float).reshape(-1, 2), boxes)


def _outline_mm(patch: np.ndarray, px_per_mm: float) -> float:
    """About how many mm of outline a template patch holds (a blurred 1-px line sums to about 1 a pixel)."""
    return float(patch.sum()) / px_per_mm


def _match(places: _Places, patches: Sequence[np.ndarray], edges: np.ndarray, guess_px: np.ndarray,
           search_mm: float, px_per_mm: float) -> None:
    """Each place's shift (mm, the printed feature minus the layout's) and score: its template patch searched for
    in ``edges`` round ``guess_px``."""
    search = int(math.ceil(search_mm * px_per_mm))
    shifts, scores = [], []
    for k, (x0, y0, x1, y1) in enumerate(places.boxes):
        gx, gy = (int(round(v)) for v in guess_px[k])
        window = edges[max(0, y0 + gy - search):y1 + gy + search, max(0, x0 + gx - search):x1 + gx + search]
        ox, oy = max(0, x0 + gx - search) - (x0 + gx - search), max(0, y0 + gy - search) - (y0 + gy - search)
        patch = patches[k]
        if window.shape[0] < patch.shape[0] + 2 or window.shape[1] < patch.shape[1] + 2 or window.std() < 1e-3:
            shifts.append((0.0, 0.0))
            scores.append(-1.0)
            continue
        result = cv2.matchTemplate(window, patch, cv2.TM_CCOEFF_NORMED)
        u, v, best = _peak(result)
        shifts.append(((u + ox - search + gx) / px_per_mm, (v + oy - search + gy) / px_per_mm))
        scores.append(best)
    places.shifts = np.array(shifts, dtype=float).reshape(-1, 2)
    places.scores = np.array(scores, dtype=float)


def _fit_warp(points: np.ndarray, residuals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Kernel ridge regression of ``residuals`` over ``points``: the weights and each point's leave-one-out error."""
    kernel = _kernel(points, points, WARP_SIGMA_MM)
    system = kernel + WARP_RIDGE * np.eye(len(points))
    weights = np.linalg.solve(system, residuals)
    hat = kernel @ np.linalg.inv(system)
    fitted = hat @ residuals
    loo = (residuals - fitted) / np.maximum(1 - np.diag(hat), 1e-6)[:, None]
    return weights, np.linalg.norm(loo, axis=1)


def _affine(source: np.ndarray, target: np.ndarray, ransac_mm: float | None = None
            ) -> tuple[np.ndarray | None, np.ndarray]:
    """The affine map (as a 3×3 homography) from ``source`` to ``target``, by RANSAC when ``ransac_mm`` is given.
    No perspective terms: the pose already holds the camera's, and they would swing the board's far corners
    on a few matches."""
    if ransac_mm is None:
        design = np.c_[source, np.ones(len(source))]
        matrix = np.linalg.lstsq(design, target, rcond=None)[0].T          # least squares over every match
        mask = np.ones((len(source), 1), np.uint8)
    else:
        matrix, mask = cv2.estimateAffine2D(source, target, method=cv2.RANSAC, ransacReprojThreshold=ransac_mm,
                                            maxIters=4000, confidence=0.999)
    if matrix is None:
        return None, np.zeros((len(source), 1), np.uint8)
    return np.vstack([matrix, [0.0, 0.0, 1.0]]), mask


def _fit(centres: np.ndarray, printed: np.ndarray, good: np.ndarray, threshold_mm: float,
         edge: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """An affine map by RANSAC over the good matches, then the warp over those it keeps, then every good match
    within ``INLIER_MM`` of the fit made without it, again. ``edge`` (layout points, where the board's edge puts
    them) counts where no agreeing place lies within ``EDGE_ALONE_MM``: where no place matched (a hand, faint art),
    the board's edge still holds the fit.
    Returns (affine as 3×3, warp centres, warp weights, inlier mask, each inlier's leave-one-out error)."""
    if good.sum() < 8:
        return None
    homography, mask = _affine(centres[good], printed[good], threshold_mm)
    if homography is None:
        return None
    inliers = np.zeros(len(centres), bool)
    inliers[np.flatnonzero(good)[mask.ravel().astype(bool)]] = True

    def solve(chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        # the edge (found less surely than a place) only where no place that agrees lies near
        distance = np.linalg.norm(edge[0][:, None, :] - centres[chosen][None, :, :], axis=-1).min(axis=1)
        lonely = distance > EDGE_ALONE_MM
        source = np.vstack([centres[chosen], edge[0][lonely]])
        target = np.vstack([printed[chosen], edge[1][lonely]])
        affine, _ = _affine(source, target)
        weights, loo = _fit_warp(source, target - _homography_apply(affine, source))
        return affine, source, weights, loo[:int(chosen.sum())]

    for _ in range(3):
        if inliers.sum() < 8:
            return None
        homography, anchors, weights, loo = solve(inliers)
        # how far each match lies from the fit made without it: a cluster of wrong matches can't vouch for itself
        error = np.linalg.norm(printed - _correction(centres, homography, anchors, weights, WARP_SIGMA_MM), axis=1)
        error[inliers] = loo
        agreeing = good & (error <= INLIER_MM)
        if np.array_equal(agreeing, inliers):
            break
        inliers = agreeing
    if inliers.sum() < 8:
        return None
    homography, anchors, weights, loo = solve(inliers)
    return homography, anchors, weights, inliers, loo


def fit_board(layout: Layout, picture: np.ndarray, pose: Pose) -> BoardFit:
    """Fit ``layout`` to the board in ``picture`` (the empty-board capture) registered by ``pose``.

    Always returns a :class:`BoardFit`; a refused one (``accepted`` False) says why in ``message``."""
    width, height = layout.board_size
    margin = EDGE_SEARCH_MM + PLACE_SEARCH_MM
    bounds = (-margin, -margin, width + margin, height + margin)
    ppm = PX_PER_MM
    template = outline_template(layout, bounds, ppm)
    places = _places(template, layout, bounds, ppm)
    title = layout.title or layout.name
    if len(places.centres) < 8:
        return BoardFit.identity(layout, f"the layout {title!r} has too few printed outlines to fit the board to; "
                                         "the layout is used as shipped")
    # the board's own edge first: where the whole board lies, to a few mm
    outline = _board_outline(_sample(picture, pose, bounds, ppm), bounds, ppm, layout.board_size)
    if outline is None:
        return replace(BoardFit.identity(layout, (
            f"the edge of the board {title!r} was not found in the empty board's picture: is the whole board in view "
            "and nothing lying across its edge? The layout is used as shipped")), places=len(places.centres))

    def board_only(points: np.ndarray) -> np.ndarray:
        return _homography_apply(outline, points)

    # then every place of the board, coarse (wide patches), round where the edge puts it
    coarse = _places(template, layout, bounds, ppm, COARSE_PATCH_MM, COARSE_SPACING_MM)
    edges = edge_picture(_sample(picture, pose, bounds, ppm, board_only))
    _match(coarse, [template[y0:y1, x0:x1] for x0, y0, x1, y1 in coarse.boxes], edges,
           np.zeros((len(coarse.centres), 2)), PLACE_SEARCH_MM, ppm)
    width, height = layout.board_size
    perimeter = np.vstack([np.column_stack([np.linspace(0, width, 9), np.zeros(9)]),
                           np.column_stack([np.linspace(0, width, 9), np.full(9, height)]),
                           np.column_stack([np.zeros(11), np.linspace(0, height, 13)[1:-1]]),
                           np.column_stack([np.full(11, width), np.linspace(0, height, 13)[1:-1]])])
    edge = (perimeter, board_only(perimeter))
    first = _fit(coarse.centres, board_only(coarse.centres + coarse.shifts), coarse.scores >= MIN_MATCH_SCORE,
                 3.0, edge)
    centres = places.centres
    patches = [template[y0:y1, x0:x1] for x0, y0, x1, y1 in places.boxes]
    result = None
    if first is not None:
        homography, anchors, weights, _, _ = first

        def correction(points: np.ndarray) -> np.ndarray:
            return _correction(points, homography, anchors, weights, WARP_SIGMA_MM)

        # again, finer, in the picture rectified through the first fit, where each patch nearly lines up
        fine_edges = edge_picture(_sample(picture, pose, bounds, ppm, correction))
        printed_only = outline_template(layout, bounds, ppm, printed_regions(layout, fine_edges, bounds, ppm))
        for k, (x0, y0, x1, y1) in enumerate(places.boxes):      # the outlines this board prints, where enough
            if _outline_mm(printed_only[y0:y1, x0:x1], ppm) >= MIN_OUTLINE_MM:
                patches[k] = printed_only[y0:y1, x0:x1]
        _match(places, patches, fine_edges, np.zeros((len(centres), 2)), FINE_SEARCH_MM, ppm)
        printed = correction(centres + places.shifts)
        good = places.scores >= MIN_MATCH_SCORE
        result = _fit(centres, printed, good, INLIER_MM, edge)
    if result is None:
        return replace(BoardFit.identity(layout, _refusal_few(0, len(centres), title)), places=len(centres))
    homography, anchors, weights, inliers, loo = result
    fit = BoardFit(layout.name, tuple(layout.board_size), True, "", tuple(tuple(float(v) for v in r) for r in homography),
                   tuple(tuple(float(v) for v in c) for c in anchors),
                   tuple(tuple(float(v) for v in w) for w in weights), WARP_SIGMA_MM, len(centres), int(inliers.sum()),
                   float(np.sqrt(np.mean(loo ** 2))), float(loo.max()))
    slots = np.array([r.center for r in _board_regions(layout)], dtype=float)
    moved = np.linalg.norm(fit.to_printed(slots) - slots, axis=1)
    fit = replace(fit, moved_mm=float(moved.mean()), moved_worst_mm=float(moved.max()))
    share = fit.matched / fit.places
    if share < MIN_MATCHED_SHARE:
        return replace(fit, accepted=False, message=_refusal_few(fit.matched, fit.places, title))
    if fit.residual_mm > MAX_RESIDUAL_MM:
        return replace(fit, accepted=False, message=(
            f"the board matches the layout {title!r} only to {fit.residual_mm:.1f} mm (at most {MAX_RESIDUAL_MM} mm): "
            "is the board flat, and is it the board of this layout? The layout is used as shipped"))
    if fit.moved_worst_mm > MAX_MOVE_MM:
        return replace(fit, accepted=False, message=(
            f"fitting the layout {title!r} would move a slot by {fit.moved_worst_mm:.0f} mm: the board or the markers "
            "are not where the layout expects them. The layout is used as shipped"))
    as_shipped = float(np.sqrt(np.mean(np.sum((printed[inliers] - centres[inliers]) ** 2, axis=1))))
    if as_shipped <= AS_SHIPPED_MM:       # the matches lie where the layout says, within their own noise
        return replace(fit, homography=BoardFit.identity(layout).homography, warp_centres=(), warp_weights=(),
                       moved_mm=0.0, moved_worst_mm=0.0, message=(
                           f"the board is printed as its layout: {fit.matched} of {fit.places} places matched, "
                           f"{as_shipped:.1f} mm from where the layout puts them; the layout is used as shipped"))
    return replace(fit, message=(
        f"board fitted: {fit.matched} of {fit.places} places matched, residual {fit.residual_mm:.1f} mm "
        f"(worst {fit.worst_mm:.1f} mm); the slots moved by {fit.moved_mm:.1f} mm on average "
        f"(up to {fit.moved_worst_mm:.1f} mm) to this board"))


def _refusal_few(matched: int, places: int, title: str) -> str:
    return (f"only {matched} of {places} places on the board match the layout {title!r}: is something lying on the "
            "board (a hand, a box, pieces), or is it another board? Clear the board and take the empty board again; "
            "until then the layout is used as shipped")

