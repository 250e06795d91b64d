"""A player's supply zone, counted relative to the last supply the rules confirmed.

Cubes at the table's edge are a few pixels wide, touch, pile and change colour under the room's
lamp, so an absolute count from a picture is fragile. The rules, however, know every supply
exactly after each commit (everyone starts with 1 wood and 2 food), and a move changes a supply by
a few cubes. So each zone keeps the picture of its last confirmed state and learns from it:

* each cube type's real colour under this light (the confirmed counts say which types lie there);
* one cube's pixel area (the cube pixels seen ÷ the cubes the rules say are there).

A new picture is compared with the confirmed one: an unchanged zone keeps its confirmed counts;
otherwise the pixels that appeared and vanished are given cube colours and turned into a signed
number of cubes per type. Such a count is reported with a confidence of at most 0.6 (measured on the
held-out domain, changed zones are read right about half the time), lower still when it does not
come out near a whole number of cubes: the reconciler should lean on the rules there.

>>> empty = np.full((60, 120, 3), 200, np.uint8)
>>> zone = SupplyZone(empty, cube_colour_model(), nominal_unit_px=100.0)
>>> confirmed = empty.copy(); confirmed[10:20, 10:20] = (30, 195, 235)       # one gold cube
>>> zone.confirm(confirmed, {"gold": 1})
>>> later = confirmed.copy(); later[10:20, 30:40] = (30, 195, 235)           # a second one
>>> zone.read(confirmed)                    # unchanged: the confirmed counts, with confidence
({'food': 0, 'wood': 0, 'stone': 0, 'cloth': 0, 'gold': 1}, 0.97)
>>> counts, confidence = zone.read(later)  # changed: counted, but never reported as sure
>>> counts["gold"], confidence <= 0.6
(2, True)
"""

from __future__ import annotations

from typing import Mapping

import cv2
import numpy as np

from .colours import ColourModel, to_lab
from .cubes import CUBE_TYPES, changed_mask, count_cubes, cube_colour_model

UNCONFIRMED_CONFIDENCE = 0.3    # an absolute count, before any confirmed supply: never "sure"
MOVED_LEVEL = 28.0              # summed B+G+R change of the blurred pictures that is something moving
MOVED_AREA = 0.4                # …over at least this many cubes' area
LEARNED_COLOUR_RANGE = 30.0     # Lab distance from the expected colour beyond which a "cube" is something else
UNCHANGED_CONFIDENCE = 0.97
CHANGED_CONFIDENCE_CAP = 0.6         # measured: a changed zone's count is right about half the time on the holdout
MAX_CUBES_PER_MOVE = 4          # more cubes changing at once than a move does: something else moved
LEARN_ITERATIONS = 3

__all__ = ["SupplyZone", "cube_colour_model"]


class SupplyZone:
    """One seat's supply zone: its empty look, its last confirmed look and counts, the cube unit."""

    def __init__(self, empty: np.ndarray, colours: ColourModel, nominal_unit_px: float,
                 owner: str | None = None) -> None:
        self.empty = empty
        # colours that may come and go here without being cubes: the owner's spare pieces, coins
        self.expected_others = {f"other:{owner}", *(n for n in colours.names if n.startswith("other:denier"))}
        self.colours = colours                  # shared by all zones: one lamp over the table
        self.nominal_unit_px = nominal_unit_px
        self.confirmed: np.ndarray | None = None
        self.counts: dict[str, int] = {}
        self.unit_px = nominal_unit_px

    def confirm(self, picture: np.ndarray, counts: Mapping[str, int]) -> None:
        """The rules say this zone holds ``counts`` (cube type → number) in ``picture``."""
        self.confirmed = picture.copy()
        self.counts = {name: int(counts.get(name, 0)) for name in CUBE_TYPES}
        stuff = changed_mask(self.empty, picture) > 0
        self.confirmed_stuff = stuff
        self._confirmed_blurred: np.ndarray | None = None
        pixels = picture[stuff]
        if len(pixels) == 0 or not any(self.counts.values()):
                return
        present = [name for name in CUBE_TYPES if self.counts[name]]
        cube_index = {self.colours.names.index(name): name for name in CUBE_TYPES}
        for _ in range(LEARN_ITERATIONS):
            nearest = self.colours.nearest(pixels)
            for name in present:
                mine = pixels[nearest == self.colours.names.index(name)]
                # a type is learned only from a fair share of its expected area (not from stray pixels)
                index = self.colours.names.index(name)
                if len(mine) >= 0.4 * self.unit_px * self.counts[name]:
                    guess = np.median(to_lab(mine), axis=0)
                    if np.linalg.norm(guess - self.colours.lab[index]) <= LEARNED_COLOUR_RANGE:
                        self.colours.learn(name, mine)
        nearest = self.colours.nearest(pixels)
        cube_pixels = sum(int(np.count_nonzero(nearest == index)) for index in cube_index)
        total = sum(self.counts.values())
        unit = cube_pixels / total
        if 0.4 * self.nominal_unit_px <= unit <= 2.5 * self.nominal_unit_px:
            self.unit_px = unit

    def _something_moved(self, picture: np.ndarray) -> bool:
        """Whether a cube-sized thing came or went since the confirmed picture. Both are blurred by
        about a cube's width first: pieces nudged or turned a little, sensor noise and JPEG fade,
        a cube added or taken stays a blob."""
        side = max(3, int(np.sqrt(self.unit_px) * 0.6) | 1)
        if self._confirmed_blurred is None:
            self._confirmed_blurred = cv2.GaussianBlur(self.confirmed, (side, side), 0)
        moved = changed_mask(self._confirmed_blurred, cv2.GaussianBlur(picture, (side, side), 0), MOVED_LEVEL)
        count, _, stats, _ = cv2.connectedComponentsWithStats(moved, connectivity=8)
        return bool(count > 1 and stats[1:, cv2.CC_STAT_AREA].max() >= MOVED_AREA * self.unit_px)

    def read(self, picture: np.ndarray) -> tuple[dict[str, int], float]:
        """Cube counts by type now, and the probability that they are all exactly right."""
        if self.confirmed is None:
            counts, sure = count_cubes(self.empty, picture, self.nominal_unit_px, self.colours)
            return counts, min(sure, UNCONFIRMED_CONFIDENCE)
        if not self._something_moved(picture):
            return dict(self.counts), UNCHANGED_CONFIDENCE
        changed = changed_mask(self.confirmed, picture) > 0
        appeared = changed & (changed_mask(self.empty, picture) > 0)
        vanished = changed & self.confirmed_stuff
        now_colours = self.colours.nearest(picture[appeared])
        then_colours = self.colours.nearest(self.confirmed[vanished])
        counts, doubts, moved = {}, [], 0
        for name in CUBE_TYPES:
            index = self.colours.names.index(name)
            delta = (np.count_nonzero(now_colours == index) - np.count_nonzero(then_colours == index)) / self.unit_px
            cubes = int(round(delta))
            counts[name] = max(0, self.counts[name] + cubes)
            doubts.append(abs(delta - cubes) + (1.0 if self.counts[name] + cubes < 0 else 0.0))
            moved += abs(cubes)
        confidence = float(np.clip(1.0 - 2.5 * max(0.0, max(doubts) - 0.15), 0.0, CHANGED_CONFIDENCE_CAP))
        if moved > MAX_CUBES_PER_MOVE:
            confidence = min(confidence, 0.2)
        return counts, round(confidence, 3)
