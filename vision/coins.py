"""A seat's coins seen as a change: how likely the coins' strip looks as it does if 0, 1, or 2 or more came or went.

Deniers lie in flat stacks along the far edge of a supply zone (the layout's convention: the strip
``COIN_STRIP`` of the zone's depth; ``vision.render.scene.place_supply`` lays them there). From above they
can't be counted: a coin taken off a stack of three moves the stack's rim by a pixel. But the strip's
*change* since the picture the rules last confirmed is a fair witness of whether coins came or went,
and paying is what tells who moved the provost, and whether the guild moved it alone. The strip is
compared as the zone is (``vision.supplies``), with a lighter blur and a higher level (a rim moving
shows as a thin ring): the largest blob's change, in cube areas, is the reading.

The sensor's noise changes the strip from frame to frame by about as much as a coin's rim moving does, so a still
table's strip is averaged over the still frames of one rest (:class:`StillStrips`), for the confirmed picture and
the picture now alike: on held-out tables an unchanged strip read below the first bin in 79 % of zones after four still
frames, against 61 % frame by frame before (docs/vision.md, "Coins seen as a change").

Its meaning is measured, not assumed: ``coin_odds.json`` (written by
``tests/benchmarks/bench_coins.py --write`` from held-out rendered tables) gives, for bins of the
reading, the share of zones with 0, 1, and 2 or more coins changed that read in that bin.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from .cubes import light_gain, relight

COIN_STRIP = (125.0 / 170.0, 1.0)     # the rows of a zone's picture where the coins lie, as shares of its depth
COIN_BLUR = 3                         # px: sensor noise off, a moved rim kept
COIN_LEVEL = 20.0                     # summed B+G+R change above which a pixel counts (strips averaged)
ODDS_FILE = Path(__file__).with_name("coin_odds.json")
COIN_EDGES = (0.3, 1.0, 2.0, 4.0)    # the readings' bins (cube areas): the odds file is measured on these

__all__ = ["COIN_EDGES", "COIN_STRIP", "StillStrips", "coin_strip", "strip_change", "coin_odds"]


def coin_strip(picture: np.ndarray, rows: tuple[float, float] = COIN_STRIP) -> np.ndarray:
    """The coins' strip of a zone's picture, blurred: the ``rows`` of it (shares of its depth) where coins lie
    (a zone that holds nothing but coins is all strip: ``(0.0, 1.0)``)."""
    depth = picture.shape[0]
    strip = picture[int(depth * rows[0]):int(depth * rows[1])]
    return cv2.GaussianBlur(strip, (COIN_BLUR, COIN_BLUR), 0)


class StillStrips:
    """One zone's coins' strip averaged over the still frames since the table last moved.

    >>> strips = StillStrips()
    >>> a, b = np.full((4, 4, 3), 100, np.uint8), np.full((4, 4, 3), 110, np.uint8)
    >>> strips.add(a); strips.add(b)
    >>> float(strips.mean_if_last(b)[0, 0, 0]), int(strips.mean_if_last(a)[0, 0, 0])      # a is not the last frame
    (105.0, 100)
    >>> strips.clear(); strips.add(b); float(strips.mean_if_last(b)[0, 0, 0])
    110.0
    """

    def __init__(self) -> None:
        self._sum: np.ndarray | None = None
        self._frames = 0
        self._last: np.ndarray | None = None

    def add(self, strip: np.ndarray) -> None:
        """Take one still frame's (blurred) strip.

        No frame is judged against the mean: one frame's noise differs from it as a coin moving does (held-out
        2 players 408, red's strip in one frame of four, 6 cube areas), and a mean restarted there is that frame."""
        if self._sum is None:
            self._sum, self._frames = strip.astype(np.float32), 1
        else:
            self._sum += strip
            self._frames += 1
        self._last = strip

    def mean_if_last(self, strip: np.ndarray) -> np.ndarray:
        """The mean, if ``strip`` is the last frame's taken; else ``strip`` itself."""
        if self._last is not None and (self._last is strip or np.array_equal(self._last, strip)):
            return self._sum / self._frames
        return strip

    def clear(self) -> None:
        """The table moved: the next still frame starts a new mean."""
        self._sum, self._frames, self._last = None, 0, None


def strip_change(confirmed: np.ndarray, now: np.ndarray, unit_px: float) -> float:
    """How much the (blurred) strip changed: its largest blob's change above ``COIN_LEVEL``, in cube areas of
    ``unit_px`` pixels (light matched on the strip)."""
    gain = light_gain(confirmed, now)
    change = cv2.transform(cv2.absdiff(now.astype(np.float32), relight(confirmed, gain)), np.ones((1, 3), np.float32))
    above = cv2.threshold(cv2.subtract(change, COIN_LEVEL), 0.0, 0.0, cv2.THRESH_TOZERO)[1]
    mask = (above > 0).astype(np.uint8)
    if not mask.any():
        return 0.0
    count, labels = cv2.connectedComponents(mask, connectivity=8)
    return float(np.bincount(labels.ravel(), weights=above.ravel(), minlength=count)[1:].max()) / unit_px


@lru_cache(maxsize=None)
def _odds(path: Path) -> tuple[tuple[float, float, float], ...]:
    data = json.loads(path.read_text())        # one row per coins changed (0, 1, 2+), one column per bin
    if tuple(data["edges"]) != COIN_EDGES:
        raise ValueError(f"{path} was measured on other bins than {COIN_EDGES}: run the benchmark named in its "
                         "\"made_by\" with --write")
    return tuple(zip(*data["odds"]))


def coin_odds(change: float, odds_file: Path = ODDS_FILE) -> tuple[float, float, float]:
    """How likely a strip reading ``change`` is if 0, 1, or 2 or more coins came or went, as measured in
    ``odds_file`` (a zone's coins' strip by default; ``vision/coin_pile_odds.json`` for coins counted in a zone
    of their own, :mod:`vision.coin_piles`).

    >>> still, one, more = coin_odds(0.0)
    >>> still > 10 * one and still > 10 * more
    True
    >>> still, one, more = coin_odds(50.0)
    >>> one > 4 * still and more > 4 * still          # weaker: a cube taken beside them may nudge the coins
    True
    """
    return _odds(Path(odds_file))[int(np.searchsorted(COIN_EDGES, change, side="right"))]
