"""Which seat's side an arm reached in from, read from the hand detector's masks frame to frame.

Players reach in from their own side of the table. Each seat's side is the direction of its supply zone
from the board's centre. An arm over the board is followed from one frame to the next (:class:`ArmTracker`):
it moves along its own length, towards the player when drawing back, so the direction of its shift,
taken in the sense of the blob's end that crosses the edge of the picture (or of the camera's view), is
the direction of the player's side. A frame names a seat only when that direction is near the seat's side
and clearly nearer than any other seat's, and when the shift is sure (a strong correlation peak, or one that
agrees with an earlier frame of the same reach); otherwise (first hand frame, a hand at rest, a weak or lone
shift, a "shift" that does not move the earlier hand onto the later one) it is unsure. Measured with
``tests/benchmarks/bench_hand_side.py`` on its default tables (the bots' games, held-out look, 960x540 and
1280x720, 2-5 seats): of 320 rendered reaches 263 were named in two frames or more, and none of 913 naming frames
named a wrong seat; on two harder tables (4-5 seats, 160 reaches) 2 of 346 naming frames did.

Angles follow :class:`vision.render.hands.Hand`: degrees, 0 = towards the board's bottom (+y), 90 =
towards its right (+x).

>>> sides = SeatSides({"red": 63.3, "blue": 116.7, "green": -116.7})
>>> sides.seat_of(70.0), sides.seat_of(90.0), sides.seat_of(-120.0)
('red', None, 'green')
>>> sorted(sides.near(90.0)), sorted(sides.near(-120.0)), sorted(sides.near(0.0))
(['blue', 'red'], ['green'], [])
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Mapping, Sequence

import cv2
import numpy as np

from .layout import Layout

NEAR_SIDE_DEG = 40.0     # an arm further than this from every seat's side comes from no seat known
CLEAR_MARGIN_DEG = 12.0  # … and it must be this much nearer its seat's side than any other seat's
SHIFT_STEP = 2           # the masks are compared at half the hand picture's resolution (fast, shifts of ≥ 2 px)
MIN_SHIFT_PX = 4.0       # a shift shorter than this (≈ 11 mm in the pipeline's picture) gives no direction
MIN_RESPONSE = 0.15      # phase correlation peak below this: the two masks don't match by a shift
MAX_HAND_SHARE = 0.4     # a mask covering more of the picture than this is no arm (a bumped camera)
END_SHARE = 0.15         # the ends of a hand blob along its shift: this share of its length
AGREE_DEG = 10.0         # a frame names a seat when its direction is this near an earlier one of the same reach
                         # that names the same seat,
SURE_RESPONSE = 0.5      # … or its correlation peak is this strong (on rendered reaches: then within 10° of the arm),
PLAIN_RESPONSE = 0.2     # … or this strong with one end of the hand's mask crossing the edge,
MIN_HAND_SHARE = 0.03    # … in two frames whose hands cover this share of the picture (not a hand half gone)
SENSE_OFF_DEG = 60.0     # a shift this near the reach's direction (or its opposite) takes the reach's sense
MIN_OVERLAP = 0.5        # the earlier hand moved by the shift must lie this much on the later one, or it is no shift
COMING_IN_FRAMES = 3     # a reach's first shift measured within its first this many hand frames is the arm coming in


@dataclass(frozen=True)
class SeatSides:
    """Per player colour, the direction (degrees) of that seat's side of the table from the board's centre."""

    angles: Mapping[str, float]

    @classmethod
    def of(cls, layout: Layout, players: Sequence[str]) -> "SeatSides":
        centre = np.array(layout.board_size, float) / 2
        angles = {}
        for seat, colour in enumerate(players):
            try:
                side = layout.supply(seat).polygon().mean(axis=0) - centre
            except KeyError:        # a seat without a supply zone: its side is unknown
                continue
            angles[colour] = math.degrees(math.atan2(side[0], side[1]))
        return cls(angles)

    def seat_of(self, direction: float) -> str | None:
        """The colour whose side ``direction`` points at, or None when it is not clearly one seat's."""
        near = self.near(direction)
        return next(iter(near)) if len(near) == 1 else None

    def near(self, direction: float) -> frozenset[str]:
        """The colours whose sides ``direction`` may point at: the nearest side's (within ``NEAR_SIDE_DEG``) and any
        other side not clearly (``CLEAR_MARGIN_DEG``) further. One colour: that seat's; several: an arm between
        their sides (one of them reached in, the seats further off did not); none: no seat's side is near."""
        apart = {colour: _angle_between(direction, angle) for colour, angle in self.angles.items()}
        best = min(apart.values(), default=math.inf)
        if best > NEAR_SIDE_DEG:
            return frozenset()
        return frozenset(colour for colour, off in apart.items() if off - best < CLEAR_MARGIN_DEG)


def _angle_between(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


class ArmTracker:
    """Per frame, the seat whose side the arm over the board reached in from (None when unsure).

    An arm reaches in and draws back along its own length, so the hand blob's shift from one frame to the
    next lies along the arm. Unlike the blob's shape, the shift is not bent by the camera's tilt (a raised
    arm seen from a slanted camera lies across the board at another angle than it has; moved level, it
    moves on the picture in the direction it moves on the table) nor by its shadow (moved with it).
    The shift is measured by phase correlation of the two frames' hand masks (a Hanning window fades the
    picture's border, where an arm cut by the edge looks the same whatever its shift); of its two senses,
    the player's is the one whose end of the blob crosses the edge. The arm is followed over one reach (the
    frames with a hand in a row): when neither end or both ends cross an edge (an arm and its shadow from two
    edges, an arm along the view's edge), the sense is the reach's so far, and the first shift within its first three
    frames is the arm coming in. A frame names a seat only when its shift matched well (a strong correlation peak) or
    its direction agrees with an earlier one of the same reach that names the same seat: a single frame's shift
    thrown off (the hand half gone, the mask grown over the board) names no one.
    """

    def __init__(self, sides: SeatSides) -> None:
        self.sides = sides
        self._previous: tuple[np.ndarray, np.ndarray] | None = None   # the last frame's (hand, arm) masks
        self._directions: list[float] = []     # the player's direction read in each frame of this reach
        self._frames = 0                       # hand frames in this reach so far
        self._coming_in: float | None = None   # the direction of this reach's first shift: the arm coming in

    def read(self, mask: np.ndarray, edge: np.ndarray | None, arm: np.ndarray | None = None) -> frozenset[str]:
        """The seats the arm in this frame's hand ``mask`` (uint8, 0 where no hand) may have reached in from
        (:meth:`SeatSides.near`): one seat named, several when it lies between their sides, none when unsure.
        ``arm`` (bool): the hand's own blobs, used when the mask has grown over much of the picture (faint change
        followed)."""
        current = (_halved(mask), _halved(mask if arm is None else arm))
        previous, self._previous = self._previous, current if current[0].any() else None
        if self._previous is None or previous is None or previous[0].shape != current[0].shape:
            self._directions, self._frames, self._coming_in = [], int(self._previous is not None), None
            return frozenset()
        self._frames += 1
        if edge is None:
            return frozenset()
        pair = _comparable(previous, current)
        if pair is None:
            return frozenset()
        before, now, whole = pair
        (dx, dy), response = cv2.phaseCorrelate(before, now, _window(now.shape))
        if response < MIN_RESPONSE:        # a small hand well inside the picture: the window fades too much of it
            (dx, dy), response = cv2.phaseCorrelate(before, now)
        if response < MIN_RESPONSE or math.hypot(dx, dy) * SHIFT_STEP < MIN_SHIFT_PX:
            return frozenset()
        if _overlap(before, now, dx, dy) < MIN_OVERLAP:
            return frozenset()
        hand = (mask if whole else arm) > 0
        ends = _player_end(hand, edge, dx, dy)
        shift = math.degrees(math.atan2(dx, dy))
        self._coming_in = shift if self._coming_in is None else self._coming_in
        toward = self._sense(ends, shift, self._coming_in)
        if toward is None:
            return frozenset()
        direction = math.degrees(math.atan2(toward * dx, toward * dy))
        seats = self.sides.near(direction)
        plain = ends is not None and whole and response >= PLAIN_RESPONSE and min(before.mean(), now.mean()) >= MIN_HAND_SHARE
        sure = response >= SURE_RESPONSE or plain or any(_angle_between(direction, earlier) <= AGREE_DEG
                                                 and self.sides.near(earlier) == seats for earlier in self._directions)
        self._directions.append(direction)
        return seats if sure else frozenset()

    def _sense(self, ends: int | None, shift: float, coming_in: float) -> int | None:
        """+1 when the player is in the shift's direction, −1 when behind it: from the blob's ends, else from
        this reach's direction so far, else (its first shift, measured within its first three frames) the arm coming
        in; None if they disagree.
        Ends that put the player ahead of the arm coming in (or behind it drawing back) are the far end of its
        shadow, not the arm: under a low lamp an arm's shadow can reach across the board to the picture's far edge,
        and read from its ends it would name the seat opposite: None. ``coming_in``: the direction of the reach's
        first shift."""
        off_in = _angle_between(shift, coming_in)
        coming = -1 if off_in < SENSE_OFF_DEG else 1 if off_in > 180.0 - SENSE_OFF_DEG else None
        if ends is not None and coming is not None and ends != coming:
            return None
        if not self._directions:
            return ends if ends is not None or self._frames > COMING_IN_FRAMES else -1
        off = _angle_between(shift, self._directions[-1])
        tracked = 1 if off < SENSE_OFF_DEG else -1 if off > 180.0 - SENSE_OFF_DEG else None
        if ends is None or tracked is None:
            return ends if tracked is None else tracked
        return ends if ends == tracked else None


def _halved(mask: np.ndarray) -> np.ndarray:
    return (mask[::SHIFT_STEP, ::SHIFT_STEP] > 0).astype(np.float32)


def _comparable(previous: tuple[np.ndarray, np.ndarray],
                current: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray, bool] | None:
    """The two frames' masks to compare: the hand masks, or the arm's own blobs when a hand mask covers much
    of the picture (followed over faint change: the whole board "changed"); None when those do too."""
    if max(previous[0].mean(), current[0].mean()) <= MAX_HAND_SHARE:
        return previous[0], current[0], True
    if max(previous[1].mean(), current[1].mean()) <= MAX_HAND_SHARE and current[1].any() and previous[1].any():
        return previous[1], current[1], False
    return None


def _overlap(before: np.ndarray, now: np.ndarray, dx: float, dy: float) -> float:
    """The share of ``before``'s mask that, moved by (dx, dy), lands on ``now``'s (of what stays in the picture).
    A hand that grew from a corner into a whole arm between two frames has a correlation peak but no true shift:
    taken for the arm coming in, it would turn the sense of every later frame of the reach round and name the seat
    across the board. Such a "shift" moves little of the earlier mask onto the later one."""
    moved = cv2.warpAffine(before, np.float32([[1, 0, dx], [0, 1, dy]]), (before.shape[1], before.shape[0]),
                           flags=cv2.INTER_NEAREST, borderValue=0.0)
    kept = float(moved.sum())
    return float((moved * now).sum()) / kept if kept else 0.0


@functools.cache
def _window(shape: tuple[int, ...]) -> np.ndarray:
    return cv2.createHanningWindow((shape[1], shape[0]), cv2.CV_32F)


def _player_end(hand: np.ndarray, edge: np.ndarray, dx: float, dy: float) -> int | None:
    """+1 when the hand's end along (dx, dy) crosses the edge (the arm comes from there), −1 when the other
    end does, None when both or neither do (two arms, an arm and its shadow at two edges, no arm)."""
    ys, xs = np.nonzero(hand)
    along = (xs * dx + ys * dy) / math.hypot(dx, dy)
    low, high = float(along.min()), float(along.max())
    reach = max(high - low, 1.0) * END_SHARE
    at_edge = along[edge[ys, xs]]
    ends = (bool((at_edge >= high - reach).any()), bool((at_edge <= low + reach).any()))
    return {(True, False): 1, (False, True): -1}.get(ends)
