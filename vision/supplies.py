"""A player's supply zone, counted relative to the last supply the rules confirmed.

Cubes at the table's edge are a few pixels wide, touch, pile and change colour under the room's
lamp, so an absolute count from a picture is fragile. The rules, however, know every supply
exactly after each commit (everyone starts with 1 wood and 2 food), and a move changes a supply by
a few cubes. So each zone keeps the picture of its last confirmed state and reads a new picture as
*what came and went since then*:

1. Both pictures are blurred by about a cube's width and compared: pieces nudged or turned a little,
   sensor noise and JPEG fade, a cube added or taken stays a blob. No blob: the confirmed counts,
   sure (``UNCHANGED_CONFIDENCE``).
2. Otherwise the new picture is first shifted onto the confirmed one (the board's pose jitters by 1-5
   pixels at the zones between fits, which would make every edge a blob), and each blob is read on its own:
   its sign (did things appear or vanish there), its size in cubes (the area of what stands there now
   minus then — shadows left out, see :func:`vision.cubes.object_mask` — over one cube's area), and
   its colour (the most changed pixels' median, nearest among the cube types, the owner's spare pieces
   and the coins; a vanished cube must be of a type the rules said was there, and a thing smaller than
   ``PIECE_MIN_CUBES`` cubes is a cube, not a coin or a worker). A blob of several cubes is shared
   among types by its pixels (touching cubes of two types).
3. Each cube type's colour under this lamp is learned from the confirmed picture: among the pixels of
   things in the zone, those nearest each type the rules say lies there (types absent cannot take
   them), if their colour stays near the expected one.

A changed zone is read right far less often than an unchanged one (measured, docs/vision.md), so
its confidence is at most ``CHANGED_CONFIDENCE_CAP``, lower when a blob is not near a whole number of
cubes: the reconciler should lean on the rules there.

>>> empty = np.full((60, 120, 3), 200, np.uint8)
>>> zone = SupplyZone(empty, cube_colour_model(), nominal_unit_px=100.0)
>>> confirmed = empty.copy(); confirmed[10:20, 10:20] = (30, 195, 235)       # one gold cube
>>> zone.confirm(confirmed, {"gold": 1})
>>> later = confirmed.copy(); later[10:20, 30:40] = (30, 195, 235)           # a second one
>>> zone.read(confirmed)                    # unchanged: the confirmed counts, with confidence
({'food': 0, 'wood': 0, 'stone': 0, 'cloth': 0, 'gold': 1}, 0.97)
>>> counts, confidence = zone.read(later)  # changed: counted, but never reported as sure
>>> counts["gold"], confidence <= 0.5
(2, True)
"""

from __future__ import annotations

from typing import Mapping

import cv2
import numpy as np

from .blobs import blob_box, label_blobs
from .colours import ColourModel, median_rows, to_lab
from .cubes import CUBE_TYPES, count_cubes, cube_colour_model, light_gain, object_mask, relight

UNCONFIRMED_CONFIDENCE = 0.3    # an absolute count, before any confirmed supply: never "sure"
MOVED_LEVEL = 20.0              # summed B+G+R change of the blurred pictures that is something moving
MOVED_AREA = 0.4                # …over at least this many cubes' area
UNCHANGED_CONFIDENCE = 0.97
CHANGED_CONFIDENCE_CAP = 0.5    # measured: changed zones whose blobs are whole cubes are right 45-67 % (docs/vision.md)
CHANGED_CONFIDENCE_FLOOR = 0.15  # …and those with a blob far from a whole number of cubes 18-52 %
ONE_CUBE_FROM = 0.4             # a blob's net change (in cubes) from which it is one cube (a jittered pile nets ~0)
UNIT_SHARE = 0.8                # one cube's object area ÷ the pose's footprint estimate (measured, train domain)
MAX_CUBES_PER_BLOB = 4          # a bigger change in one place is something else (a hand's shadow, a pile of coins)
PIECE_MIN_CUBES = 1.5           # a coin or a spare worker covers at least this many cubes' area
ALIGN_PX = 8                    # largest shift (px) searched between the confirmed and the new picture
STRONGEST_SHARE = 0.4           # share of a blob's changed pixels (the most changed) that gives its colour
LEARNED_COLOUR_RANGE = 25.0     # weighted Lab distance from the expected colour beyond which no colour is learned
LEARNED_SHARE = 0.3             # pixels learned per cube type: this many cubes' area per cube the rules say is there
LIGHTNESS_WEIGHT = 1.0          # not ColourModel's 0.45: lightness tells a silver coin from a stone (measured)

Box = tuple[int, ...]                # x, y, width, height

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
        self.unit_px = nominal_unit_px * UNIT_SHARE
        self.confirmed: np.ndarray | None = None
        self.counts: dict[str, int] = {}
        self._blur_side = max(3, int(np.sqrt(self.unit_px) * 0.6) | 1)

    def confirm(self, picture: np.ndarray, counts: Mapping[str, int]) -> None:
        """The rules say this zone holds ``counts`` (cube type → number) in ``picture``."""
        self.confirmed = picture.copy()
        self.counts = {name: int(counts.get(name, 0)) for name in CUBE_TYPES}
        self._empty_gain = light_gain(self.empty, picture)
        self.confirmed_stuff = object_mask(self.empty, picture, self._empty_gain)
        self._confirmed_blurred = self._blur(picture)
        self._confirmed_grey: np.ndarray | None = None      # for the shift search, made when first needed
        self._confirmed_small: np.ndarray | None = None
        self._learn_colours(picture[self.confirmed_stuff])

    def read(self, picture: np.ndarray) -> tuple[dict[str, int], float]:
        """Cube counts by type now, and the probability that they are all exactly right."""
        if self.confirmed is None:
            counts, sure = count_cubes(self.empty, picture, self.nominal_unit_px, self.colours)
            return counts, min(sure, UNCONFIRMED_CONFIDENCE)
        blurred = self._blur(picture)
        gain = light_gain(self._confirmed_blurred, blurred)
        blobs = self._moved_blobs(blurred, gain)
        if blobs is None:
            return dict(self.counts), UNCHANGED_CONFIDENCE
        dx, dy = self._shift(blurred)
        if dx or dy:
            picture, blurred = _shifted(picture, dx, dy), _shifted(blurred, dx, dy)
            blobs = self._moved_blobs(blurred, gain)
            if blobs is None:
                return dict(self.counts), UNCHANGED_CONFIDENCE
        labels, boxes = blobs
        gain = self._empty_gain * gain          # empty → confirmed → now
        delta = {name: 0 for name in CUBE_TYPES}
        doubts = [0.0]
        for label, (x, y, w, h) in boxes:
            window = (slice(y, y + h), slice(x, x + w))
            stuff_now = object_mask(self.empty[window], picture[window], gain)
            change, doubt = self._read_blob(labels[window] == label, picture[window], stuff_now, window, delta)
            doubts.append(doubt)
            for name, cubes in change.items():
                delta[name] += cubes
        counts = {name: max(0, self.counts[name] + delta[name]) for name in CUBE_TYPES}
        doubts += [1.0 for name in CUBE_TYPES if self.counts[name] + delta[name] < 0]
        fit = float(np.clip(1.0 - 2.5 * max(0.0, max(doubts) - 0.15), 0.0, 1.0))
        confidence = CHANGED_CONFIDENCE_FLOOR + (CHANGED_CONFIDENCE_CAP - CHANGED_CONFIDENCE_FLOOR) * fit
        return counts, round(confidence, 3)

    # -- reading -------------------------------------------------------------------------------------
    def _blur(self, picture: np.ndarray) -> np.ndarray:
        return cv2.GaussianBlur(picture, (self._blur_side, self._blur_side), 0)

    def _moved_blobs(self, blurred: np.ndarray, gain: np.ndarray) -> tuple[np.ndarray, list[tuple[int, Box]]] | None:
        """Blobs (label image, [(label, bounding box)]) where a cube-sized thing came or went since the
        confirmed picture (both blurred; ``gain`` from its light to the new one's); None when nothing did."""
        change = cv2.transform(cv2.absdiff(blurred.astype(np.float32), relight(self._confirmed_blurred, gain)),
                               np.ones((1, 3), np.float32))
        moved = cv2.morphologyEx((change > MOVED_LEVEL).astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        if cv2.countNonZero(moved) < MOVED_AREA * self.unit_px:
            return None             # too little change for any blob to be big enough (the unchanged zone: most frames)
        count, labels, areas = label_blobs(moved)
        boxes = [(label, blob_box(labels, label)) for label in range(1, count)
                 if areas[label] >= MOVED_AREA * self.unit_px]
        return (labels, boxes) if boxes else None

    def _shift(self, blurred: np.ndarray) -> tuple[int, int]:
        """The whole-pixel shift (within ``ALIGN_PX``) that best puts the new (blurred) picture onto the
        confirmed one, searched at half size first, then refined."""
        if self._confirmed_grey is None:
            self._confirmed_grey = cv2.cvtColor(self._confirmed_blurred, cv2.COLOR_BGR2GRAY)
            self._confirmed_small = cv2.pyrDown(self._confirmed_grey)
        now = cv2.cvtColor(blurred, cv2.COLOR_BGR2GRAY)
        dx, dy = _best_shift(self._confirmed_small, cv2.pyrDown(now), ALIGN_PX // 2)
        fx, fy = _best_shift(self._confirmed_grey, _shifted(now, 2 * dx, 2 * dy), 1)
        return 2 * dx + fx, 2 * dy + fy

    def _read_blob(self, inside: np.ndarray, now: np.ndarray, stuff_now: np.ndarray, window: tuple[slice, slice],
                   delta: Mapping[str, int]) -> tuple[dict[str, int], float]:
        """({cube type: signed cubes}, doubt) for one blob (its mask and pictures cut to its box)."""
        then_stuff = self.confirmed_stuff[window] & inside
        now_stuff = stuff_now & inside
        net = (int(np.count_nonzero(now_stuff)) - int(np.count_nonzero(then_stuff))) / self.unit_px
        cubes = int(np.sign(net)) * max(1, int(round(abs(net)))) if abs(net) >= ONE_CUBE_FROM else 0
        doubt = abs(net - cubes) if cubes else abs(net) * 0.5 / ONE_CUBE_FROM
        if cubes == 0:
            return {}, doubt
        if abs(cubes) > MAX_CUBES_PER_BLOB:
            return {}, 1.0
        others = [n for n in self.colours.names if n in self.expected_others]
        if cubes > 0:
            picture, chosen, candidates = now, now_stuff & ~then_stuff, list(CUBE_TYPES)
        else:
            picture, chosen = self.confirmed[window], then_stuff & ~now_stuff
            candidates = [n for n in CUBE_TYPES if self.counts[n] + delta[n] > 0]
        if abs(net) >= PIECE_MIN_CUBES or not candidates:
            candidates = candidates + others
        if not chosen.any() or not candidates:
            return {}, 1.0
        strength = cv2.absdiff(picture, self.empty[window]).astype(np.float32).sum(axis=2)[chosen]
        rank = int(len(strength) * (1 - STRONGEST_SHARE))
        cut = np.partition(strength, rank)[rank]
        lab = to_lab(picture[chosen][strength >= cut])
        sign = 1 if cubes > 0 else -1
        if abs(cubes) == 1:
            name = candidates[int(np.argmin(self._distances(median_rows(lab)[None], candidates)[0]))]
            return ({name: sign} if name in CUBE_TYPES else {}), doubt
        # Several cubes' worth: touching cubes of several types (or a coin beside a cube) share it by
        # their pixels, largest remainders first.
        nearest = self._distances(lab, candidates).argmin(axis=1)
        shares = np.bincount(nearest, minlength=len(candidates)) / len(nearest) * abs(cubes)
        given = np.floor(shares).astype(int)
        for k in np.argsort(-(shares - given))[:abs(cubes) - int(given.sum())]:
            given[k] += 1
        return {name: sign * int(n) for name, n in zip(candidates, given) if n and name in CUBE_TYPES}, doubt

    # -- colours -------------------------------------------------------------------------------------
    def _distances(self, lab: np.ndarray, candidates: list[str]) -> np.ndarray:
        """(N, candidates) weighted Lab distances from ``lab`` (N, 3) to the candidates' colours."""
        indices = [self.colours.names.index(n) for n in candidates]
        weights = np.array([LIGHTNESS_WEIGHT, 1.0, 1.0])
        return np.linalg.norm((lab[:, None, :] - self.colours.lab[indices][None]) * weights, axis=2)

    def _learn_colours(self, pixels: np.ndarray) -> None:
        """Each present cube type's colour under this lamp, from the pixels of things in the confirmed
        zone nearest it among what may lie there (see the module docstring)."""
        present = [n for n in CUBE_TYPES if self.counts[n]]
        if not present or len(pixels) == 0:
            return
        names = present + [n for n in self.colours.names if n in self.expected_others]
        lab = to_lab(pixels)
        for _ in range(2):
            distances = self._distances(lab, names)
            nearest = distances.argmin(axis=1)
            for k, name in enumerate(present):
                mine = np.flatnonzero(nearest == k)
                wanted = int(LEARNED_SHARE * self.unit_px * self.counts[name])
                if wanted < 1 or len(mine) < wanted:
                    continue
                guess = np.median(lab[mine[np.argsort(distances[mine, k])[:wanted]]], axis=0)
                if np.linalg.norm(guess - self.colours.lab[self.colours.names.index(name)]) <= LEARNED_COLOUR_RANGE:
                    self.colours.set_lab(name, guess)


def _shifted(picture: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """``picture`` moved by (-dx, -dy): what sits at (x + dx, y + dy) comes to (x, y)."""
    matrix = np.float32([[1, 0, -dx], [0, 1, -dy]])
    return cv2.warpAffine(picture, matrix, picture.shape[1::-1], flags=cv2.INTER_NEAREST,
                          borderMode=cv2.BORDER_REPLICATE)


def _best_shift(reference: np.ndarray, picture: np.ndarray, radius: int) -> tuple[int, int]:
    """The whole-pixel shift (dx, dy), |d| ≤ radius, under which ``picture`` matches ``reference`` best
    (least sum of squared differences; the first such shift, row by row, on a tie)."""
    h, w = reference.shape[:2]
    if radius < 1 or h <= 2 * radius or w <= 2 * radius:
        return 0, 0
    template = reference[radius:h - radius, radius:w - radius]
    # One exact sum per shift: for these few shifts, ~50× cheaper than matchTemplate's DFT on the refinement.
    scores = [cv2.norm(picture[dy:dy + h - 2 * radius, dx:dx + w - 2 * radius], template, cv2.NORM_L2SQR)
              for dy in range(2 * radius + 1) for dx in range(2 * radius + 1)]
    y, x = divmod(int(np.argmin(scores)), 2 * radius + 1)
    return x - radius, y - radius
