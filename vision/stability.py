"""Stability and occlusion: never report a state while a hand is over the board or the picture moves.

Two independent gates, both cheap:

* :class:`MotionGate` — frame differencing on a small grey copy of the raw frame: the picture is
  *moving* when more than ``changed_fraction`` of its pixels change by more than ``threshold`` grey
  levels from the previous frame; it is *still* after ``quiet_frames`` calm frames in a row.
* :class:`HandDetector` — on a top-down picture of the play area (the board with a margin round it
  that holds the markers and the supply zones), compared with the last picture accepted as a resting
  state: a large blob of change that reaches in from the picture's edge is an arm; one wholly inside
  must also look like skin. Pieces are small, so the blob-size test keeps them apart; nothing set down
  on the table crosses the play area's edge. The margin is what sees a hand whose fingertips only just
  reach over the board: most of its arm lies beside it.

>>> gate = MotionGate(quiet_frames=2)
>>> still = np.zeros((90, 160, 3), np.uint8)
>>> [gate.update(still) for _ in range(3)]
[False, True, True]
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .blobs import label_blobs

MOTION_WIDTH = 160
SKIN_SHARE = 0.35        # a hand blob is largely skin-coloured (under warm light much of the board is too)
FAINT_DIFFERENCE = 36.0  # summed B+G+R change of 5×5-blurred pictures that a skin-toned arm makes on warm art
INSIDE_FACTOR = 10.0     # a blob wholly inside must be this many times the minimum (an arm's worth) to be a hand
VIEW_EDGE_PX = 7         # the edge of the camera's view: a band this wide is not judged (its border shifts)
HIDDEN_AROUND_PX = 5     # slots this close to a hand found are hidden too (5 px ≈ 14 mm in the pipeline's picture)
FOLLOW_SHARE = 0.5       # share of FAINT_DIFFERENCE through which a hand found is followed (arm on like-coloured art)
STILL_DIFFERENCE = 6.0   # mean change of the 5×5-blurred picture between two reads under which a blob has not moved
SETTLE_READS = 15        # reads a blob must lie still (and not look like skin) to be taken as pieces set down
SKIN_SETTLE_FACTOR = 3   # … and how many times longer when it looks like skin


class MotionGate:
    def __init__(self, threshold: int = 25, changed_fraction: float = 0.004, quiet_frames: int = 3) -> None:
        self.threshold = threshold
        self.changed_fraction = changed_fraction
        self.quiet_frames = quiet_frames
        self._previous: np.ndarray | None = None
        self._calm = 0
        self.moving = False

    def update(self, image: np.ndarray) -> bool:
        """Feed a frame; True when the picture has been still for ``quiet_frames`` frames."""
        small = _small_grey(image)
        if self._previous is None or self._previous.shape != small.shape:
            self._previous = small
            self._calm = 1
            self.moving = False
            return self._calm >= self.quiet_frames
        changed = np.count_nonzero(cv2.absdiff(small, self._previous) > self.threshold) / small.size
        self._previous = small
        self.moving = changed > self.changed_fraction
        self._calm = 0 if self.moving else self._calm + 1
        return self._calm >= self.quiet_frames

    def reset(self) -> None:
        self._previous, self._calm, self.moving = None, 0, False


def _small_grey(image: np.ndarray) -> np.ndarray:
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    height = max(1, round(grey.shape[0] * MOTION_WIDTH / grey.shape[1]))
    return cv2.GaussianBlur(cv2.resize(grey, (MOTION_WIDTH, height), interpolation=cv2.INTER_AREA), (3, 3), 0)


def _judged_and_edge(shape: tuple[int, ...], seen: np.ndarray | None,
                     resting: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Where change is judged (what the camera sees, away from the edge of its view, where the pose's
    jitter shifts the black border) and the band an arm comes in over: the picture's border, and the
    judged region's own border where no pieces rest (a view that ends across a supply zone cuts its
    pile of cubes: that is no arm)."""
    edge = np.ones(shape[:2], bool)
    edge[2:-2, 2:-2] = False
    if seen is None:
        return np.ones(shape[:2], np.uint8), edge
    judged = cv2.erode(seen, np.ones((VIEW_EDGE_PX, VIEW_EDGE_PX), np.uint8))
    view_edge = cv2.erode(judged, np.ones((5, 5), np.uint8)) == 0
    edge |= view_edge if resting is None else view_edge & (resting == 0)
    return (judged > 0).astype(np.uint8), edge


def _channel_max(image: np.ndarray) -> np.ndarray:
    """The largest of B, G, R per pixel (numpy's max over the last axis is many times slower)."""
    blue, green, red = cv2.split(image)
    return cv2.max(cv2.max(blue, green), red)


def _followed_into_faint_change(hand: np.ndarray, faint: np.ndarray) -> np.ndarray:
    """The hand's blobs grown through the fainter change connected to them: an arm the colour of the
    board art is found where it crosses the table, and followed from there over the art (so the slots
    under it are hidden), without fainter change anywhere else calling anything a hand."""
    count, labels = cv2.connectedComponents((faint | (hand > 0)).astype(np.uint8), connectivity=8)
    touched = np.bincount(labels[hand > 0], minlength=count) > 0
    touched[0] = False
    return np.where(touched[labels], 255, 0).astype(np.uint8)


def skin_mask(image: np.ndarray) -> np.ndarray:
    """Pixels whose chroma is skin-like (YCrCb box that holds light to dark skin under warm/cool light)."""
    ycrcb = cv2.cvtColor(image, cv2.COLOR_BGR2YCrCb)
    return cv2.inRange(ycrcb, (30, 135, 80), (255, 178, 130))


@dataclass
class HandReading:
    occluded: bool
    mask: np.ndarray          # uint8 0/255, same size as the board picture: where the hand is
    edge: np.ndarray | None = None   # bool: the band an arm comes in over (the picture's or the view's edge)
    arm: np.ndarray | None = None    # bool: the hand's own blobs, before they are followed through faint change


class HandDetector:
    """Finds hands and arms on the top-down board picture, relative to the last resting picture.

    ``min_area_px`` is the smallest blob called a hand: pick it larger than the largest piece (a tile)
    at the picture's scale. ``reference`` is replaced by :meth:`accept` whenever a frame is taken as a
    resting state, so pieces set down since setup are part of "what was there".
    """

    def __init__(self, reference: np.ndarray, min_area_px: int, difference: int = 40,
                 resting: np.ndarray | None = None) -> None:
        self.reference = reference.copy()
        self.resting = resting                       # uint8, nonzero where pieces rest (board, supply zones)
        self.min_area_px = min_area_px
        self.difference = difference
        self._previous: np.ndarray | None = None     # the (blurred) board picture of the last read
        self._still_reads = 0                        # reads in a row the hand blobs have not moved
        self._average: np.ndarray | None = None      # running average of the board pictures read (grain fades)
        self._then: np.ndarray | None = None         # the reference, 5×5-blurred (kept until it changes)

    def accept(self, board_picture: np.ndarray) -> None:
        self.reference = board_picture.copy()
        self._then = None
        self._still_reads = 0

    def read(self, board_picture: np.ndarray, seen: np.ndarray | None = None) -> HandReading:
        """A hand is a large blob of change that reaches in from outside, or is mostly skin-coloured.
        Judging the whole changed blob (not only its skin pixels) keeps a crowd of new pieces on
        warm-coloured art apart. ``seen`` (uint8, nonzero where the camera sees the picture) makes the
        edge of the camera's view count as the picture's edge: an arm can come in from there too."""
        changed = (_channel_max(cv2.absdiff(board_picture, self.reference)) > self.difference).astype(np.uint8)
        # A hand the colour of the board art barely changes any pixel much, but it changes a large
        # connected area a little: the blurred pictures' difference, summed over B, G, R, finds it.
        now = cv2.blur(board_picture, (5, 5)).astype(np.float32)
        if self._then is None:
            self._then = cv2.blur(self.reference, (5, 5)).astype(np.float32)
        then = self._then
        gain = (np.array(cv2.mean(now)[:3]) + 1) / (np.array(cv2.mean(then)[:3]) + 1)
        faint_change = cv2.transform(cv2.absdiff(now, then * gain.astype(np.float32)), np.ones((1, 3), np.float32))
        faint = (faint_change > FAINT_DIFFERENCE).astype(np.uint8)
        judged, edge = _judged_and_edge(changed.shape, seen, self.resting)
        changed = cv2.morphologyEx((changed | faint) & judged, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        grown = cv2.dilate(changed, np.ones((5, 5), np.uint8))
        skin = skin_mask(board_picture) > 0
        count, labels, area = label_blobs(grown)
        # Per blob: its changed pixels, how many of them look like skin, whether it touches the edge.
        inside = changed > 0
        changed_px = np.bincount(labels[inside], minlength=count)
        skin_px = np.bincount(labels[inside & skin], minlength=count)
        reaching_in = np.bincount(labels[edge], minlength=count) > 0
        # An arm reaches in from outside the play area: its blob crosses the picture's edge (or the edge
        # of the camera's view), whatever its colour. Nothing set down on the table does. A blob wholly
        # inside must be an arm's size, far larger than any group of pieces (a row of workers on warm
        # art looks like skin), and look like skin.
        large_skin = (area >= INSIDE_FACTOR * self.min_area_px) & (skin_px >= SKIN_SHARE * changed_px)
        is_hand = (area >= self.min_area_px) & (reaching_in | large_skin)
        is_hand[0] = False
        hand = np.where(is_hand[labels], 255, 0).astype(np.uint8)
        if self._average is None or self._average.shape != now.shape:
            self._average = board_picture.astype(np.float32)
        else:
            cv2.accumulateWeighted(board_picture, self._average, 0.2)
        if hand.any() and self._settled(now, hand > 0, skin):
            # Hands move and look like skin: a blob that has lain still for a while and doesn't is
            # pieces set down or taken away (a house in the castle at the board's edge, say). The still
            # frames' average goes in, so the sensor's grain of one frame does not.
            self.reference[hand > 0] = np.clip(self._average[hand > 0] + 0.5, 0, 255).astype(np.uint8)
            self._then = None
            hand[:] = 0
        self._previous = now
        arm = hand > 0
        if hand.any():
            hand = _followed_into_faint_change(hand, (faint_change > FAINT_DIFFERENCE * FOLLOW_SHARE) & (judged > 0))
            # The fingers' shadow, the wrist's edges and fingertips the colour of the art still hide pieces.
            hand = cv2.dilate(hand, np.ones((HIDDEN_AROUND_PX * 2 + 1,) * 2, np.uint8))
        return HandReading(bool(hand.any()), hand, edge, arm)

    def _settled(self, blurred: np.ndarray, blob: np.ndarray, skin: np.ndarray) -> bool:
        """Count the reads in a row the blob has lain still; True once it has long enough (longer for skin).
        Stillness is judged on the blurred pictures, against the flicker of the rest of the picture (a noisy,
        heavily compressed camera flickers everywhere)."""
        still = False
        if self._previous is not None and self._previous.shape == blurred.shape and not blob.all():
            change = _channel_max(cv2.absdiff(blurred, self._previous))
            # relative to the sensor's own flicker, measured where nothing was found
            still = float(change[blob].mean()) < float(change[~blob].mean()) + STILL_DIFFERENCE
        self._still_reads = self._still_reads + 1 if still else 0
        skin_like = np.count_nonzero(skin & blob) >= SKIN_SHARE * np.count_nonzero(blob)
        # Skin-coloured board art (a castle under a warm lamp) settles too, only later: no hand lies that still.
        return self._still_reads >= SETTLE_READS * (SKIN_SETTLE_FACTOR if skin_like else 1)
