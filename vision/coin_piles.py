"""A seat's coins counted, in a zone that holds nothing but them (a game with no goods: Citadels' gold).

The coins lie in a few stacks side by side (the pack's ``coin_pile``: how many ``stacks``, a coin's
``thickness_mm``), one coin on each stack before the next layer (docs/citadels-table.md). From above, how many
stacks stand says the count up to ``stacks``; beyond, a coin more only raises a stack by its thickness, which a
camera at 32-45° sees as the stack's top moving a pixel or two, and a camera overhead not at all. So a pile is read
as one of:

* **by its tops**: the zone's change against the empty table of the setup capture, in coins' tops (one top's
  area learned from the piles of 1 … ``stacks`` coins the rules confirmed): a pile reading clearly fewer than
  ``stacks`` tops holds that many coins;
* **as confirmed**: a pile of ``stacks`` or more tops whose picture has not changed since the rules confirmed it
  (the coins' strip of :mod:`vision.coins`, the whole zone, averaged over the still frames) holds the confirmed
  count, if a coin more moves a stack's top by at least :data:`MIN_LAYER_PX` in the zone's picture here;
* **unsure** (a count of None) otherwise: the rules decide.

The probabilities are measured, not assumed: ``coin_pile_odds.json`` (``tests/benchmarks/bench_gold.py --write``,
on rendered tables) holds how a still pile's strip reads if 0, 1 or 2+ coins came or went (the format of
``coin_odds.json``), and the share of readings by tops that were exact.

>>> pile = CoinPile(np.full((100, 180, 3), 90, np.uint8), layer_px=3.0, stacks=3)
>>> pile.read(np.full((100, 180, 3), 90, np.uint8)).count         # nothing confirmed, nothing learned: unsure
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from .coins import COIN_EDGES, StillStrips, coin_odds, coin_strip, strip_change
from .cubes import light_gain, relight

ODDS_FILE = Path(__file__).with_name("coin_pile_odds.json")
WHOLE_ZONE = (0.0, 1.0)       # the coins' strip of a zone of coins alone: all of it
TOP_LEVEL = 60.0              # summed B+G+R change against the empty table above which a pixel is a coin's
TOP_MARGIN = 0.3              # a reading by tops counts only within this many tops of a whole number
MIN_LAYER_PX = 1.5            # a coin more must move a stack's top this far in the zone's picture to be seen
UNCHANGED_PRIOR = 0.5         # before looking, a pile as likely to have changed since the confirm as not
UNIT_OF_STRIP = 3.0           # the strip's change is in thirds of a top (about a cube's area, as coin_odds' bins)

__all__ = ["CoinCount", "CoinPile", "PileSeen", "layer_shift_px"]


@dataclass(frozen=True)
class CoinCount:
    """A pile read: the count (None when the camera can't say) and the probability that it is exact."""

    count: int | None
    probability: float


@dataclass(frozen=True)
class PileSeen:
    """What the last picture showed, before any decision (for measuring): coins' tops against the empty table
    (None until one top's area is learned) and the strip's change since the confirmed picture."""

    tops: float | None
    change: float | None


def layer_shift_px(thickness_mm: float, camera_mm: np.ndarray, centre_mm: tuple[float, float],
                   px_per_mm: float) -> float:
    """How far, in a top-down picture at ``px_per_mm``, a stack's top moves when one coin of ``thickness_mm`` is
    put on it, seen from a camera at ``camera_mm`` (x, y, height)."""
    away = float(np.hypot(centre_mm[0] - camera_mm[0], centre_mm[1] - camera_mm[1]))
    return thickness_mm * away / max(1.0, float(camera_mm[2]) - thickness_mm) * px_per_mm


@lru_cache(maxsize=None)
def _top_exact(path: Path) -> float:
    return float(json.loads(path.read_text())["tops_exact"])


class CoinPile:
    """One seat's coins in a zone of their own: :meth:`confirm` with the rules' count, :meth:`read` on still
    frames, :meth:`moved` when the table moved."""

    def __init__(self, empty: np.ndarray, layer_px: float, stacks: int, odds_file: Path = ODDS_FILE) -> None:
        self.empty_strip = coin_strip(empty, WHOLE_ZONE)
        self.layer_px = layer_px
        self.stacks = stacks
        self.odds_file = odds_file
        self.still_strips = StillStrips()
        self.coins: int | None = None                 # the count the rules last confirmed
        self._confirmed_strip: np.ndarray | None = None
        self._tops_px: list[float] = []               # one top's area, from each confirmed pile of 1 … stacks coins
        self.seen = PileSeen(None, None)

    def set_empty(self, empty: np.ndarray) -> None:
        """The empty table's picture of the zone again (cut through another pose): what was confirmed in the
        old cut is compared with no new picture (until the next :meth:`confirm`, the pile reads unsure)."""
        self.empty_strip = coin_strip(empty, WHOLE_ZONE)
        self._confirmed_strip = None
        self.still_strips.clear()

    @property
    def top_px(self) -> float | None:
        """One coin's top in the zone's picture (pixels changed against the empty table), once learned."""
        return float(np.median(self._tops_px)) if self._tops_px else None

    def confirm(self, picture: np.ndarray, coins: int) -> None:
        """The rules say the zone holds ``coins`` in ``picture``."""
        strip = self.still_strips.mean_if_last(coin_strip(picture, WHOLE_ZONE))
        if 1 <= coins <= self.stacks:
            self._tops_px.append(self._changed_px(strip) / coins)
        self.coins, self._confirmed_strip = int(coins), strip

    def moved(self) -> None:
        """The table moved (a hand, the camera): the strip is averaged afresh from the next still frame."""
        self.still_strips.clear()

    def read(self, picture: np.ndarray) -> CoinCount:
        """The count in ``picture`` of a still table (the strip joins the still frames' mean)."""
        strip = coin_strip(picture, WHOLE_ZONE)
        self.still_strips.add(strip)
        strip = self.still_strips.mean_if_last(strip)
        top = self.top_px
        tops = self._changed_px(strip) / top if top else None
        change = (strip_change(self._confirmed_strip, strip, top / UNIT_OF_STRIP)
                  if top and self._confirmed_strip is not None else None)
        self.seen = PileSeen(tops, change)
        if tops is None or not self.odds_file.is_file():     # nothing learned, or the odds not measured yet
            return CoinCount(None, 0.0)
        whole = int(round(tops))
        if whole < self.stacks and abs(tops - whole) <= TOP_MARGIN:
            return CoinCount(whole, _top_exact(self.odds_file))
        if (change is not None and self.coins is not None and self.coins >= self.stacks
                and tops >= self.stacks - TOP_MARGIN and change < COIN_EDGES[0] and self.layer_px >= MIN_LAYER_PX):
            still, one, _more = coin_odds(change, self.odds_file)
            unchanged = still * UNCHANGED_PRIOR
            return CoinCount(self.coins, round(unchanged / (unchanged + one * (1 - UNCHANGED_PRIOR)), 4))
        return CoinCount(None, 0.0)

    def _changed_px(self, strip: np.ndarray) -> float:
        """How many pixels of ``strip`` changed by more than :data:`TOP_LEVEL` against the empty table."""
        gain = light_gain(self.empty_strip, strip)
        change = cv2.transform(cv2.absdiff(strip.astype(np.float32), relight(self.empty_strip, gain)),
                               np.ones((1, 3), np.float32))
        return float(cv2.countNonZero((change > TOP_LEVEL).astype(np.uint8)))
