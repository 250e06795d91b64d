"""Card places fitted to where the enrolment shows the cards: the markers' pose can be 10-40 px off across a large
table with no board (a 7-seat Citadels table), since the markers ring the table and the lens's bowing inside it is
guessed from them alone; the cards shown at setup fill the table and say where the places really lie.

At setup each card shown lies alone on a known place (:func:`vision.cards.enrolment_places`). Its picture, rectified
with a wide margin round the place, is compared with the empty table's: the card is the run of rows and columns that
changed (:func:`card_offset`), which gives where the picture shows its centre. The pose is then refitted to the
markers' corners and these centres together (:func:`refit_pose`: homography and k1, as the markers' fit does), and
what the refitted pose still leaves, place by place, is a **shift**: every card place is read shifted by the
Gaussian-weighted median of the shifts measured near it (:class:`PlaceShifts`). A card laid off its place by a few mm
moves its own centre by as much, a misread one by more: the fit's RANSAC and the median keep both from mattering.

>>> shifts = PlaceShifts()
>>> shifts.at((0.0, 0.0))
(0.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from .cards import PX_PER_MM, CardPlace, rectify_place
from .registration import LENS_K1_STEPS, Lens, Pose

FIT_MARGIN_MM = 20.0        # round the place: a card up to this far off is still in the picture
RING_MM = 6.0               # the lamp's change is measured on this much table at the picture's edges
CHANGED = 40.0              # a pixel's colour change (0..765, blurred) at which it is the card's
RUN_SHARE = 0.4             # a column (row) is the card's when this share of its pixels changed
SIZE_TOLERANCE = 0.25       # a measured card more than this share longer or shorter than the place is not believed
REACH_MM = 150.0            # the Gaussian's sigma: how far a measured shift speaks for other places
MOST_MM = 30.0              # a shift larger than this is not believed (another card, a hand)


def _longest_run(flags: np.ndarray) -> tuple[int, int]:
    """(start, end) of the longest run of True in ``flags`` ((0, 0) when none)."""
    best, start = (0, 0), None
    for k, flag in enumerate(list(flags) + [False]):
        if flag and start is None:
            start = k
        elif not flag and start is not None:
            if k - start > best[1] - best[0]:
                best = (start, k)
            start = None
    return best


def card_offset(frame: np.ndarray, empty: np.ndarray, pose: Pose, place: CardPlace) -> tuple[float, float] | None:
    """Where the card lying alone on ``place`` is, against where the place is: (du, dv) mm along the card's width and
    height; None when no card-sized change is found there."""
    now = rectify_place(frame, pose, place, margin_mm=FIT_MARGIN_MM).astype(np.float32)
    then = rectify_place(empty, pose, place, margin_mm=FIT_MARGIN_MM).astype(np.float32)
    ring = np.ones(now.shape[:2], bool)         # the lamp's change, from the table round the place
    edge = int(RING_MM * PX_PER_MM)
    ring[edge:-edge, edge:-edge] = False
    gain = (now[ring].mean(axis=0) + 1) / (then[ring].mean(axis=0) + 1)
    change = np.abs(cv2.blur(now, (3, 3)) - cv2.blur(then, (3, 3)) * gain).sum(axis=2) > CHANGED
    w, h = place.region.size
    offsets = []
    for axis, size in ((0, w), (1, h)):
        start, end = _longest_run(change.mean(axis=axis) > RUN_SHARE)    # axis 0: per column (u)
        length = (end - start) / PX_PER_MM
        if abs(length - size) > SIZE_TOLERANCE * size:
            return None
        offsets.append((start + end) / 2 / PX_PER_MM - (FIT_MARGIN_MM + size / 2))
    if np.hypot(*offsets) > MOST_MM:
        return None
    return float(offsets[0]), float(offsets[1])


def table_shift(place: CardPlace, offset: tuple[float, float]) -> tuple[float, float]:
    """A shift along the card's width and height as table mm."""
    a = np.radians(place.region.angle)
    du, dv = offset
    return float(du * np.cos(a) - dv * np.sin(a)), float(du * np.sin(a) + dv * np.cos(a))


@dataclass
class PlaceShifts:
    """The shifts measured at setup: table mm position → (dx, dy) table mm."""

    measured: dict[tuple[float, float], tuple[float, float]] = field(default_factory=dict)

    def add(self, centre: tuple[float, float], shift: tuple[float, float]) -> None:
        self.measured[tuple(centre)] = shift

    def at(self, centre: tuple[float, float]) -> tuple[float, float]:
        """The shift to read a place at ``centre`` with (none measured: no shift)."""
        if not self.measured:
            return 0.0, 0.0
        points = np.array(list(self.measured))
        shifts = np.array(list(self.measured.values()))
        weights = np.exp(-((points - np.asarray(centre)) ** 2).sum(axis=1) / (2 * REACH_MM ** 2)) + 1e-12
        return _weighted_median(shifts[:, 0], weights), _weighted_median(shifts[:, 1], weights)


def _weighted_median(values: np.ndarray, weights: np.ndarray) -> float:
    """The value half the weight lies below: one card laid off its place, or misread, moves it little."""
    order = np.argsort(values)
    cumulative = np.cumsum(weights[order])
    return float(values[order][np.searchsorted(cumulative, cumulative[-1] / 2)])


def shifted(place: CardPlace, shift: tuple[float, float]) -> CardPlace:
    """``place`` read ``shift`` table mm further."""
    x, y = place.region.center
    return replace(place, region=replace(place.region, center=(x + shift[0], y + shift[1])))


REFIT_INLIER_PX = 3.0       # a card centre or marker corner farther than this from the refitted pose is left out


def refit_pose(pose: Pose, image_size: tuple[int, int], table_mm: np.ndarray, image_px: np.ndarray) -> Pose | None:
    """The pose (homography and the lens's k1) fitted to the markers' corners and the centres of the cards shown at
    setup (``table_mm`` where each lies, ``image_px`` where the picture shows it): the markers ring the table, the
    cards fill it, so the lens's bowing inside is seen. None when no fit is better than ``pose`` on these points."""
    board = np.asarray(table_mm, np.float32)
    picture = np.asarray(image_px, np.float64)
    best, best_error = None, float(np.linalg.norm(pose.to_image(board) - picture, axis=1).mean())
    for k1 in LENS_K1_STEPS:
        lens = Lens.for_image(image_size, k1)
        homography, inliers = cv2.findHomography(board, lens.undistort(picture).astype(np.float32), cv2.RANSAC,
                                                 REFIT_INLIER_PX)
        if homography is None:
            continue
        fitted = Pose(homography, pose.board_size_mm, "cards", pose.markers_seen, 0.0, lens if k1 else None)
        error = float(np.linalg.norm(fitted.to_image(board) - picture, axis=1).mean())
        if error < best_error:
            best, best_error = fitted, error
    if best is not None:
        best.reprojection_px = best_error
    return best
