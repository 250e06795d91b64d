"""Board registration: where the board lies in the camera picture, as a homography board-mm → image px.

Two ways to find it:

* **markers** — ArUco markers printed round the board (``cv2.aruco.ArucoDetector``, the class API that
  OpenCV ≥ 4.7 keeps); every visible marker corner is one correspondence and the homography is fitted
  by RANSAC over all of them, so a few hidden or misread markers do not matter;
* **four corners** tapped by the user at setup, for a board without markers.

:class:`RegistrationTracker` follows the pose from frame to frame: it keeps the last good pose while a
hand hides markers (camera and board are normally still), refines it from every marker's corners
averaged over the still frames, and when the markers agree on a clearly different pose for a few
frames running, it takes it — the camera or the board was bumped.

>>> pose = Pose.from_corners([(0, 0), (200, 0), (200, 100), (0, 100)], (400.0, 200.0))
>>> [round(float(v), 1) for v in pose.to_image([(400.0, 200.0)])[0]]
[200.0, 100.0]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

import cv2
import numpy as np

DEFAULT_DICTIONARY = cv2.aruco.DICT_4X4_50
MIN_MARKERS = 2                 # one marker's 4 corners span too little of the board for a stable fit
MAX_REPROJECTION_PX = 3.0       # mean error of a believable fit
STEADY_PX = 0.75                # a refined fit this close to the pose in use is the same pose (what is left of the noise)
BUMP_THRESHOLD_PX = 6.0         # board corners moving further than this mean a new pose
BUMP_CONFIRM_FRAMES = 2         # consecutive frames agreeing on the new pose before it is taken
FULL_SEARCH_EVERY = 5           # while markers are missing, search the whole frame every N frames
LENS_K1_STEPS = tuple(round(k, 3) for k in np.arange(-0.40, 0.101, 0.02))
AVERAGE_FRAMES = 60             # a marker's corners are averaged over at most this many frames
STILL_MARKER_PX = 3.0           # a marker this close to where it has been seen has not moved (corner noise)


@dataclass
class Lens:
    """Radial lens distortion (OpenCV's k1 model) about the picture centre.

    Phone and webcam lenses bow straight lines (barrel distortion); a plain homography would then
    miss slots near the board's middle by several pixels. ``focal_px`` only sets the unit of ``k1``.
    """

    center: tuple[float, float]
    focal_px: float
    k1: float = 0.0

    @classmethod
    def for_image(cls, size: tuple[int, int], k1: float = 0.0) -> "Lens":
        width, height = size
        return cls(((width - 1) / 2.0, (height - 1) / 2.0), 0.8 * width, k1)

    def distort(self, pixels: np.ndarray) -> np.ndarray:
        if self.k1 == 0.0:
            return pixels
        centre = np.asarray(self.center)
        normalised = (pixels - centre) / self.focal_px
        squared = normalised ** 2
        factor = squared[..., :1] + squared[..., 1:]      # r² = .sum(axis=-1), without numpy's slow 2-wide reduction
        factor *= self.k1
        factor += 1
        # normalised · (1 + k1 r²) · focal + centre, in place: the slot maps of a pose distort 650 000 values
        normalised *= factor
        normalised *= self.focal_px
        normalised += centre
        return normalised

    def undistort(self, pixels: np.ndarray) -> np.ndarray:
        if self.k1 == 0.0:
            return pixels
        camera = np.array([[self.focal_px, 0, self.center[0]], [0, self.focal_px, self.center[1]], [0, 0, 1]])
        points = np.asarray(pixels, dtype=np.float64).reshape(-1, 1, 2)
        coefficients = np.array([self.k1, 0, 0, 0, 0], dtype=np.float64)
        return cv2.undistortPoints(points, camera, coefficients, P=camera).reshape(np.shape(pixels))


@dataclass
class Pose:
    """Homography from board millimetres to (undistorted) image pixels, the lens, and how it was found."""

    image_from_board: np.ndarray
    board_size_mm: tuple[float, float]
    method: str = "markers"        # "markers", "corners" or "kept" (last good pose, markers hidden)
    markers_seen: int = 0
    reprojection_px: float = 0.0
    lens: Lens | None = None

    @classmethod
    def from_corners(cls, corners_px: Sequence[Sequence[float]], board_size_mm: tuple[float, float]) -> "Pose":
        """The pose from the board's four corners tapped in the picture: top-left, top-right, bottom-right,
        bottom-left (as the board is read, the castle at the top)."""
        image = np.asarray(corners_px, dtype=np.float32).reshape(4, 2)
        width, height = board_size_mm
        board = np.array([(0, 0), (width, 0), (width, height), (0, height)], dtype=np.float32)
        if abs(cv2.contourArea(image)) < 100:
            raise ValueError("the four corners enclose (almost) no area; tap the board's corners in order")
        return cls(cv2.getPerspectiveTransform(board, image), board_size_mm, method="corners")

    def to_image(self, points_mm: Sequence[Sequence[float]] | np.ndarray) -> np.ndarray:
        """Board mm → pixels of the camera picture (lens distortion included)."""
        points = np.asarray(points_mm, dtype=np.float64).reshape(-1, 1, 2)
        pixels = cv2.perspectiveTransform(points, self.image_from_board).reshape(-1, 2)
        return self.lens.distort(pixels) if self.lens is not None else pixels

    def board_corners_px(self) -> np.ndarray:
        width, height = self.board_size_mm
        return self.to_image([(0, 0), (width, 0), (width, height), (0, height)])

    def distance_px(self, other: "Pose") -> float:
        """Mean displacement of the board's corners between two poses, in image pixels."""
        return float(np.linalg.norm(self.board_corners_px() - other.board_corners_px(), axis=1).mean())

    def kept(self) -> "Pose":
        return Pose(self.image_from_board, self.board_size_mm, "kept", 0, self.reprojection_px, self.lens)


@dataclass
class MarkerBoard:
    """The markers printed on (or round) a board: id → its four corners in board mm."""

    corners_mm: Mapping[int, np.ndarray]
    board_size_mm: tuple[float, float]
    dictionary: int = DEFAULT_DICTIONARY
    _detector: cv2.aruco.ArucoDetector = field(init=False, repr=False)

    def __post_init__(self) -> None:
        parameters = cv2.aruco.DetectorParameters()
        parameters.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        # Read each cell from 8×8 samples away from its edges: markers are 20–40 px here, blurred and JPEG'd.
        parameters.perspectiveRemovePixelPerCell = 8
        # A dim or glared marker's border is barely darker than its surround: threshold closer to the local mean.
        parameters.adaptiveThreshConstant = 2
        parameters.perspectiveRemoveIgnoredMarginPerCell = 0.25
        parameters.errorCorrectionRate = 1.0
        self._ids = sorted(self.corners_mm)
        printed = printed_dictionary(self.dictionary, self._ids)
        self._detector = cv2.aruco.ArucoDetector(printed, parameters)
        flat = [np.c_[self.corners_mm[i], np.zeros(4)].astype(np.float32) for i in self._ids]
        self._board = cv2.aruco.Board(flat, printed, np.arange(len(self._ids)))

    def detect(self, image: np.ndarray, near: Pose | None = None) -> dict[int, np.ndarray]:
        """Known markers visible in the picture: id → 4×2 image corners.

        With ``near`` (the last pose), only small windows round where each marker was are searched,
        pasted side by side into one strip: a fraction of the pixels, so a fraction of the time.
        A marker that moved out of its window (a bump) is then simply not seen there.
        """
        if near is None:
            grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            return self._detect_in(grey, whole_board=True)
        height, width = image.shape[:2]
        windows = []
        for corners_mm in self.corners_mm.values():
            corners = near.to_image(corners_mm)
            side = float(np.ptp(corners, axis=0).max())
            margin = max(24.0, 0.6 * side)
            x0, y0 = np.floor(corners.min(axis=0) - margin).astype(int)
            x1, y1 = np.ceil(corners.max(axis=0) + margin).astype(int)
            x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
            if x1 - x0 > 8 and y1 - y0 > 8:
                windows.append((x0, y0, x1, y1))
        if not windows:
            return {}
        strip_height = max(y1 - y0 for _, y0, _, y1 in windows)
        # the windows are cut from the colour picture and only the strip made grey (not the whole frame)
        strip = np.full((strip_height, sum(x1 - x0 + 8 for x0, _, x1, _ in windows)) + image.shape[2:], 255, np.uint8)
        offsets, x = [], 0
        for x0, y0, x1, y1 in windows:
            strip[: y1 - y0, x: x + x1 - x0] = image[y0:y1, x0:x1]
            offsets.append((x, x + x1 - x0, np.array([x0 - x, y0], np.float32)))
            x += x1 - x0 + 8
        found = self._detect_in(strip if strip.ndim == 2 else cv2.cvtColor(strip, cv2.COLOR_BGR2GRAY))
        placed = {}
        for marker_id, corners in found.items():
            centre_x = corners[:, 0].mean()
            for start, end, shift in offsets:
                if start <= centre_x < end:
                    placed[marker_id] = corners + shift
        return placed

    def _detect_in(self, grey: np.ndarray, whole_board: bool = False) -> dict[int, np.ndarray]:
        corners, indices, rejected = self._detector.detectMarkers(grey)
        if indices is None:
            return {}
        if whole_board and MIN_MARKERS <= len(indices) < len(self._ids):
            # The markers found show where the missing ones must be; a square found there whose bits are
            # nearly right is taken (small far markers of a blurred picture: with the threshold above, held-out at 960×540 85 → 96 of 96)
            corners, indices, _, _ = self._detector.refineDetectedMarkers(grey, self._board, corners, indices, rejected)
        return {self._ids[int(k)]: c.reshape(4, 2) for k, c in zip(indices.ravel(), corners)}

    def locate(self, image: np.ndarray, near: Pose | None = None) -> Pose | None:
        """The pose from all visible markers, or None when too few are seen or the fit is not believable."""
        return self.fit(self.detect(image, near), (image.shape[1], image.shape[0]), near)

    def fit(self, seen: Mapping[int, np.ndarray], size: tuple[int, int], near: Pose | None = None) -> Pose | None:
        """The pose from markers' image corners (id → 4×2), or None when too few or not believable."""
        if len(seen) < MIN_MARKERS:
            return None
        board = np.concatenate([self.corners_mm[i] for i in seen]).astype(np.float32)
        picture = np.concatenate([seen[i] for i in seen]).astype(np.float64)
        best: Pose | None = None
        # Lens distortion is found by trying k1 values: each gives undistorted corners, a homography
        # and an error; the straightest (smallest error) wins. With markers all round the board the
        # bowing of their rows makes k1 clear; with two markers only, k1 = 0 is as good as any.
        candidates = LENS_K1_STEPS if len(seen) >= 4 else (0.0,)
        if near is not None and len(seen) >= 4:
            # The lens does not change between frames: look only next to the last value.
            last = near.lens.k1 if near.lens is not None else 0.0
            candidates = tuple(k for k in LENS_K1_STEPS if abs(k - last) <= 0.021)
        for k1 in candidates:
            lens = Lens.for_image(size, k1)
            undistorted = lens.undistort(picture).astype(np.float32)
            homography, inliers = cv2.findHomography(board, undistorted, cv2.RANSAC, 3.0)
            if homography is None or inliers is None or int(inliers.sum()) < 8:
                continue
            mask = inliers.ravel().astype(bool)
            pose = Pose(homography, self.board_size_mm, "markers", len(seen), 0.0, lens if k1 else None)
            error = float(np.linalg.norm(pose.to_image(board[mask]) - picture[mask], axis=1).mean())
            if best is None or error < best.reprojection_px:
                pose.reprojection_px = error
                best = pose
        if best is None or best.reprojection_px > MAX_REPROJECTION_PX:
            return None
        return best


def printed_dictionary(dictionary: int, ids: Sequence[int]) -> cv2.aruco.Dictionary:
    """A dictionary of only the markers printed round the board (index k is ``ids[k]``).

    The full 50-marker dictionary corrects only 1 wrong bit (its closest two markers differ in 4); the
    eight printed ones differ from each other, and from their own turns, in at least 6 bits, so up to 2
    wrong bits are still read safely. On held-out frames (markers 25–40 px, blurred, JPEG'd) that takes
    marker recall from 85 % to 99 %.
    """
    full = cv2.aruco.getPredefinedDictionary(dictionary)
    patterns = [cv2.aruco.Dictionary.getBitsFromByteList(full.bytesList[i: i + 1], full.markerSize) for i in ids]
    closest = min((int((np.rot90(a, turn) != b).sum()) for n, a in enumerate(patterns) for b in patterns[n:]
                   for turn in range(4) if b is not a or turn), default=full.markerSize ** 2)
    return cv2.aruco.Dictionary(full.bytesList[list(ids)], full.markerSize, max(0, (closest - 1) // 2))


class MarkerAverage:
    """Each marker's image corners averaged over the frames since the pose was taken.

    Camera and board are still between bumps, so averaging takes the sensor noise out of the corners,
    and a marker a hand hides now (or that a noisy frame fails to decode) still counts with where it
    was seen before. On a noisy camera single frames find different subsets of the markers, and fits
    from four or five of them differ by several pixels; the average of all of them does not.
    """

    def __init__(self, limit: int = AVERAGE_FRAMES) -> None:
        self.limit = limit
        self._means: dict[int, np.ndarray] = {}
        self._counts: dict[int, int] = {}

    def add(self, seen: Mapping[int, np.ndarray]) -> None:
        for marker_id, corners in seen.items():
            count = min(self._counts.get(marker_id, 0) + 1, self.limit)
            mean = self._means.get(marker_id, corners)
            self._means[marker_id] = mean + (np.asarray(corners, np.float64) - mean) / count
            self._counts[marker_id] = count

    def offset_px(self, marker_id: int, corners: np.ndarray) -> float | None:
        """How far a marker's corners lie from where it has been seen (None: never seen)."""
        if marker_id not in self._means:
            return None
        return float(np.linalg.norm(np.asarray(corners) - self._means[marker_id], axis=1).max())

    def means(self) -> dict[int, np.ndarray]:
        return dict(self._means)

    def __contains__(self, marker_id: int) -> bool:
        return marker_id in self._means


class RegistrationTracker:
    """Follows the board's pose across frames: average the markers while still, re-register after a bump.

    ``update`` returns the pose to use for this frame (None until the board was found once) and
    sets ``bumped`` on the frame where a new pose was taken after a bump. Between bumps the pose is
    fitted to every marker's averaged corners (:class:`MarkerAverage`) and only replaced when that
    fit moves the board by more than ``STEADY_PX``: a still table keeps identical crops.
    A pose from four tapped corners (a board without markers) is kept as it is.
    """

    def __init__(self, markers: MarkerBoard | None = None, initial: Pose | None = None) -> None:
        self.markers = markers
        self.pose = initial
        self.bumped = False
        self.average = MarkerAverage()
        self._candidate: Pose | None = None
        self._candidate_frames = 0
        self._misses = 0

    def update(self, image: np.ndarray) -> Pose | None:
        self.bumped = False
        if self.markers is None or (self.pose is not None and self.pose.method == "corners"):
            return self.pose
        size = (image.shape[1], image.shape[0])
        seen = self._detect(image)
        if self.pose is None:
            self.pose = self.markers.fit(seen, size)
            if self.pose is not None:
                self._restart_average(seen)
            return self.pose
        offsets = {marker_id: self._offset_px(marker_id, corners) for marker_id, corners in seen.items()}
        # a marker seen before must be where it was; one seen for the first time only roughly where the
        # pose puts it (a fit from a few markers is pixels off away from them)
        still = {i: c for i, c in seen.items()
                 if offsets[i] <= (STILL_MARKER_PX if i in self.average else BUMP_THRESHOLD_PX)}
        moved = {i: c for i, c in seen.items() if offsets[i] > BUMP_THRESHOLD_PX}
        if len(moved) >= MIN_MARKERS and len(moved) > len(still):
            return self._bump_candidate(moved, size)
        self._candidate, self._candidate_frames = None, 0
        if not still:
            return self.pose.kept()
        self.average.add(still)
        refined = self.markers.fit(self.average.means(), size, self.pose)
        if refined is not None and refined.distance_px(self.pose) > STEADY_PX:
            self.pose = refined
        return self.pose

    def spread(self) -> float:
        """How much of the board the markers seen so far enclose (1 = as much as the board itself): a
        pose from markers bunched on one side is pixels off on the other."""
        if self.markers is None or len(self.average.means()) < 3:
            return 0.0
        centres = np.array([self.markers.corners_mm[i].mean(axis=0) for i in self.average.means()], np.float32)
        width, height = self.markers.board_size_mm
        return float(cv2.contourArea(cv2.convexHull(centres))) / (width * height)

    def _detect(self, image: np.ndarray) -> dict[int, np.ndarray]:
        """Markers near where they were; the whole picture when some are missing (hidden by a hand, or
        the board moved), but only once in a while, not every frame while a hand stays."""
        seen = self.markers.detect(image, self.pose) if self.pose is not None else {}
        if self.pose is not None and len(seen) == len(self.markers.corners_mm):
            self._misses = 0
            return seen
        self._misses += 1
        moving = self.pose is not None and any(self._offset_px(i, c) > BUMP_THRESHOLD_PX for i, c in seen.items())
        if self.pose is None or moving or self._candidate is not None or self._misses % FULL_SEARCH_EVERY == 1:
            everywhere = self.markers.detect(image)
            if len(everywhere) > len(seen):
                return everywhere
        return seen

    def _offset_px(self, marker_id: int, corners: np.ndarray) -> float:
        """How far a marker lies from where it was seen (or, never seen yet, from where the pose puts it)."""
        offset = self.average.offset_px(marker_id, corners)
        if offset is None:
            expected = self.pose.to_image(self.markers.corners_mm[marker_id])
            offset = float(np.linalg.norm(expected - corners, axis=1).max())
        return offset

    def _bump_candidate(self, moved: dict[int, np.ndarray], size: tuple[int, int]) -> Pose:
        """Markers agree on a clearly different pose: believe it only once it repeats (a misread would not)."""
        found = self.markers.fit(moved, size)
        if found is None:
            return self.pose.kept()
        if self._candidate is not None and found.distance_px(self._candidate) <= BUMP_THRESHOLD_PX:
            self._candidate_frames += 1
        else:
            self._candidate, self._candidate_frames = found, 1
        if self._candidate_frames < BUMP_CONFIRM_FRAMES:
            return self.pose.kept()
        self.pose, self.bumped = found, True
        self._candidate, self._candidate_frames = None, 0
        self._restart_average(moved)
        return found

    def _restart_average(self, seen: Mapping[int, np.ndarray]) -> None:
        self.average, self._misses = MarkerAverage(), 0
        self.average.add(seen)

    def set_corners(self, corners_px: Sequence[Sequence[float]], board_size_mm: tuple[float, float]) -> Pose:
        """Register from four tapped corners (setup wizard, board without markers)."""
        self.pose = Pose.from_corners(corners_px, board_size_mm)
        return self.pose


def camera_position_mm(image_from_board: np.ndarray, image_size: tuple[int, int]) -> np.ndarray:
    """Where the camera stands, in board mm (x, y, height above the board), from the board's homography.

    The principal point is taken at the picture's centre (a phone or webcam is close enough to that);
    the focal length comes from the board's axes being at right angles and of equal scale, whichever
    of the two conditions the view determines better (one of them vanishes when the camera looks
    along an axis of the board).
    """
    width, height = image_size
    centre = np.array([[1, 0, -(width - 1) / 2], [0, 1, -(height - 1) / 2], [0, 0, 1]])
    h = centre @ image_from_board
    right_angle = (-(h[0, 0] * h[0, 1] + h[1, 0] * h[1, 1]), h[2, 0] * h[2, 1])
    equal_scale = (h[0, 0] ** 2 + h[1, 0] ** 2 - h[0, 1] ** 2 - h[1, 1] ** 2, h[2, 1] ** 2 - h[2, 0] ** 2)
    numerator, denominator = max(right_angle, equal_scale, key=lambda pair: abs(pair[1]))
    focal2 = numerator / denominator if abs(denominator) > 1e-15 else -1.0
    focal = float(np.sqrt(focal2)) if focal2 > 0 else 0.8 * width
    focal = float(np.clip(focal, 0.4 * width, 3.0 * width))
    columns = np.diag([1 / focal, 1 / focal, 1.0]) @ h
    scale = 1.0 / np.linalg.norm(columns[:, 0])
    r1, r2, t = columns[:, 0] * scale, columns[:, 1] * scale, columns[:, 2] * scale
    rotation = np.column_stack([r1, r2, np.cross(r1, r2)])
    camera = -rotation.T @ t
    return np.array([camera[0], camera[1], abs(camera[2])])


def parse_corners(text: str) -> list[tuple[float, float]]:
    """``"x1,y1,x2,y2,x3,y3,x4,y4"`` → four points; a clear error otherwise.

    >>> parse_corners("0,0, 10,0, 10,5, 0,5")
    [(0.0, 0.0), (10.0, 0.0), (10.0, 5.0), (0.0, 5.0)]
    """
    try:
        values = [float(v) for v in text.replace(";", ",").split(",") if v.strip()]
    except ValueError:
        raise ValueError(f"corners must be 8 numbers x1,y1,…,x4,y4; got {text!r}") from None
    if len(values) != 8:
        raise ValueError(f"corners must be 8 numbers x1,y1,…,x4,y4; got {len(values)}")
    return [(values[i], values[i + 1]) for i in range(0, 8, 2)]
