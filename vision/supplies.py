"""A player's supply zone, read relative to the last supply the rules confirmed.

Cubes at the table's edge are a few pixels wide, touch, pile and change colour under the room's
lamp, so an absolute count from a picture is fragile. The rules, however, know every supply
exactly after each commit (the start fixes every supply), and a move changes a supply by
a few cubes. So each zone keeps the picture of its last confirmed state and reads a new picture as
*what came and went since then*:

1. Both pictures are blurred by about a cube's width and compared (light matched on the unchanged
   background): pieces nudged or turned a little, sensor noise and JPEG fade, a cube added or taken
   stays a blob. The board's pose jitters by 1–5 pixels at the zones between fits, which would make
   every edge a blob, so a changed picture is shifted onto the confirmed one and compared again. No
   blob: the confirmed counts, sure (``UNCHANGED_CONFIDENCE``).
2. Otherwise the zone model (:mod:`vision.zone_model`) reads the pair of pictures with the confirmed
   counts: per cube type the most likely change, none leaving fewer than no cubes. Its confidence is
   the chance that all five changes are right (the product of their probabilities), calibrated on
   train-domain validation tables so that readings from 0.9 on are exact there (``zones.calibration.json``
   beside the model), and at most ``CHANGED_CONFIDENCE_CAP``: below what the reconciler takes for a
   disagreement worth an alert, because on unseen tables they were not exact often enough (docs/vision.md,
   "Supply zones"). Only an unchanged zone is reported sure.
3. Without the model file (or before any supply was confirmed) the zone is counted absolutely
   (:func:`vision.cubes.count_cubes`), never as sure (``UNCONFIRMED_CONFIDENCE``).
4. **The cube band.** Cubes lie in a band across the zone's middle (``CUBE_BAND``), workers and houses above it, coins
   below. A zone changed only outside the band (a worker come home, a coin paid) has the same cubes: once this seat's
   cubes were seen in the band (a change of cubes the rules confirmed showed there, ``band_seen``), such a zone
   reads its confirmed counts, sure, if the model (step 2) reads no cube changed either. The band only ever makes a zone read unchanged: read as changed when step 1
   saw nothing, its finer level would take 3 % of unchanged zones' sureness on held-out tables for the few cube
   changes step 1 misses (tests/benchmarks/bench_zone_band.py).
5. The coins are never counted, only seen come or go: the strip where they lie is compared with the confirmed
   picture, and the reading given as measured odds of 0, 1, or 2+ coins changed (:mod:`vision.coins`, :meth:`coins`).

>>> empty = np.full((60, 120, 3), 200, np.uint8)
>>> zone = SupplyZone(empty, cube_colour_model(), nominal_unit_px=100.0)
>>> confirmed = empty.copy(); confirmed[10:20, 10:20] = (30, 195, 235)       # one gold cube
>>> zone.confirm(confirmed, {"gold": 1})
>>> zone.read(confirmed)                    # unchanged: the confirmed counts, with confidence
({'food': 0, 'wood': 0, 'stone': 0, 'cloth': 0, 'gold': 1}, 0.97)
>>> later = confirmed.copy(); later[10:20, 30:40] = (30, 195, 235)           # a second one
>>> _, confidence = zone.read(later)       # changed: read from the pair, never more sure than the cap
>>> confidence <= CHANGED_CONFIDENCE_CAP
True
>>> zone.read_by_type(confirmed)[2], sorted(zone.read_by_type(later)[2])       # each type's own, for a changed zone
({}, ['cloth', 'food', 'gold', 'stone', 'wood'])
"""

from __future__ import annotations

from typing import Mapping

import cv2
import numpy as np

from .coins import COIN_EDGES, StillStrips, coin_odds, coin_strip, strip_change
from .colours import ColourModel
from .cubes import count_cubes, cube_colour_model, light_gain, relight
from .vocabulary import Vocabulary, default_vocabulary
from .zone_model import DELTAS, ZoneModel, default_zone_model, zone_input

UNCONFIRMED_CONFIDENCE = 0.3    # an absolute count (before any confirmed supply, or without the model): never "sure"
MOVED_LEVEL = 15.0              # summed B+G+R change of the blurred pictures above which something may have moved
# One blob's change above MOVED_LEVEL, summed, from which it is something that came or went: half a cube's area
# 20 levels above. Its mass, not its area: a dark cube taken from a dark cloth under a warm lamp changes a small
# blob strongly, a lamp's glare a broad one faintly: a gate on the area alone misses such a cube, and the zone reads
# unchanged (tests/vision/test_supplies.py). On train-domain sets a changed zone's blob is ≥ 1.3 of these units, an
# unchanged one's ≤ 0.3. The gate is step 1 of docs/vision.md, "Supply zones".
MOVED_MASS = 0.5 * 20.0
UNCHANGED_CONFIDENCE = 0.97
# A changed zone read by the model stays below 0.7, where the reconciler takes a reading that disagrees with the
# rules for an alert or a reminder (companion/reconciler/evidence.py CONFIDENT): on unseen tables its readings at
# 0.5-0.85 were 86 % exact (75 of 87, on tests/benchmarks/bench_vision.py's default held-out set), from 0.9 on
# 93-97 %. A higher cap would let misread cubes raise "supply not up to date" reminders.
CHANGED_CONFIDENCE_CAP = 0.65
# One type's count in a changed zone is never reported surer than an unchanged zone is. These per-type confidences
# are measured (tests/benchmarks/bench_zone_types.py), not used by the reconciler: at 0.97 a type's count was wrong
# 0.73 % of the time on held-out tables, and one such count decided a wrong move in a held-out game (docs/vision.md).
TYPE_CONFIDENCE_CAP = UNCHANGED_CONFIDENCE
UNIT_SHARE = 0.8                # one cube's object area ÷ the pose's footprint estimate (measured, train domain)
# A confirmed change of the coins whose strip changed this much (the top bin of vision/coin_odds.json, where 88 % of
# one-coin changes and 1.3 % of unchanged coins read) shows that the coins lie on the strip.
COINS_SEEN = COIN_EDGES[-1]
ALIGN_PX = 8                    # largest shift (px) searched between the confirmed and the new picture
CUBE_BAND = (64.0 / 170.0, 112.0 / 170.0)   # rows of a zone's picture where its cubes lie, as shares of its depth
# The largest blob of change inside the band (its mass summed as step 1 sums one), as a share of one cube's blob
# mass, from which cubes came or went there (measured: tests/benchmarks/bench_zone_band.py).
BAND_MASS_SHARE = 0.5

__all__ = ["SupplyZone", "cube_colour_model"]


class SupplyZone:
    """One seat's supply zone: its empty look, its last confirmed look and counts.

    ``terms`` names the goods it counts and the coin it watches (the game's :class:`~vision.vocabulary.Vocabulary`;
    the default game's when left out). A zone model trained on other goods than the game's is not used.
    """

    def __init__(self, empty: np.ndarray, colours: ColourModel, nominal_unit_px: float,
                 model: ZoneModel | None = None, *, terms: Vocabulary | None = None) -> None:
        self.terms = terms if terms is not None else default_vocabulary()
        self.goods = self.terms.goods
        self.empty = empty
        self.colours = colours                  # shared by all zones: one lamp over the table
        self.nominal_unit_px = nominal_unit_px
        self.unit_px = nominal_unit_px * UNIT_SHARE
        self.model = model or default_zone_model()
        if self.model is not None and not self.model.counts(self.goods):
            self.model = None
        self.confirmed: np.ndarray | None = None
        self.counts: dict[str, int] = {}
        self.coins_held: int | None = None      # the coins the rules last confirmed here
        self.coins_seen = False         # its strip was seen to change when the rules said coins came or went
        self.band_seen = False          # its cube band was seen to change when the rules said cubes came or went
        self.still_strips = StillStrips()
        self._blur_side = max(3, int(np.sqrt(self.unit_px) * 0.6) | 1)

    def confirm(self, picture: np.ndarray, counts: Mapping[str, int]) -> None:
        """The rules say this zone holds ``counts`` (good → number, and the coin's name → coins) in ``picture``.

        The first confirmation is a change too: from the empty zone of the setup capture, nothing in it, to the
        starting supply (or a resumed game's). Its cubes showing in the band and its coins on the strip tell, as any
        later change does, that this seat keeps them there (``band_seen``, ``coins_seen``)."""
        coin = self.terms.coin
        coins = int(counts[coin]) if coin in counts else None
        if self.confirmed is None:
            self._take(self.empty, {name: 0 for name in self.goods}, 0 if coins is not None else None,
                       coin_strip(self.empty))
        if not self.coins_seen and None not in (self.coins_held, coins) and coins != self.coins_held:
            change = self.coin_change(picture)      # against the picture confirmed before this one
            self.coins_seen = change is not None and change >= COINS_SEEN
        new_counts = {name: int(counts.get(name, 0)) for name in self.goods}
        if new_counts != self.counts and not self.band_seen:
            self.band_seen = self._band_change(_Seen(self, picture)) >= BAND_MASS_SHARE
        elif new_counts == self.counts and self.band_seen \
                and self._band_change(_Seen(self, picture)) >= BAND_MASS_SHARE:
            # Cubes came or went in the band though the rules say none did: a change not committed yet. The picture
            # these counts belong to stays; the coins' strip is confirmed alone.
            self.coins_held = coins
            self._confirmed_strip = self.still_strips.mean_if_last(coin_strip(picture))
            return
        self._take(picture, new_counts, coins, self.still_strips.mean_if_last(coin_strip(picture)))

    def _take(self, picture: np.ndarray, counts: dict[str, int], coins: int | None, strip: np.ndarray) -> None:
        """Make ``picture``, holding ``counts`` and ``coins`` (its coins' strip ``strip``), the confirmed one."""
        self.confirmed = picture.copy()
        self.counts = counts
        self.coins_held = coins
        self._confirmed_blurred = self._blur(picture)
        self._confirmed_strip = strip
        self._confirmed_input = zone_input(picture)
        self._confirmed_grey: np.ndarray | None = None      # for the shift search, made when first needed
        self._confirmed_small: np.ndarray | None = None

    def read(self, picture: np.ndarray) -> tuple[dict[str, int], float]:
        """Cube counts by type now, and the probability that they are all exactly right."""
        counts, sure, _by_type = self.read_by_type(picture)
        return counts, sure

    def read_by_type(self, picture: np.ndarray) -> tuple[dict[str, int], float, dict[str, float]]:
        """:meth:`read`, and for a zone the model read, each type's own confidence that its count is exact
        (empty otherwise: the zone's confidence is every type's)."""
        return self._read_by_type(_Seen(self, picture))

    def read_with_coins(self, picture: np.ndarray) -> tuple[dict[str, int], float,
                                                            tuple[int, tuple[float, float, float]] | None]:
        """:meth:`read` and :meth:`coins` of one picture of a still table, blurred and aligned once for both; its
        coins' strip joins the still frames' mean (:meth:`moved` starts a new one)."""
        seen = _Seen(self, picture)
        self.still_strips.add(seen.strip)
        counts, sure, _by_type = self._read_by_type(seen)
        return counts, sure, self._coins(seen)

    def coins(self, picture: np.ndarray) -> tuple[int, tuple[float, float, float]] | None:
        """The coins the rules last confirmed here, and how likely the coins' strip looks as it does now if 0, 1, or 2
        or more came or went since (:mod:`vision.coins`). None until the strip was once seen to change when the rules
        said this seat's coins changed: players who keep their coins off the zone's strip leave it still whatever they
        pay, and a still strip would then speak against every payment."""
        return self._coins(_Seen(self, picture))

    def moved(self) -> None:
        """The table moved (a hand, the camera): the coins' strip is averaged afresh from the next still frame."""
        self.still_strips.clear()

    def coin_change(self, picture: np.ndarray) -> float | None:
        """How much the coins' strip changed since the confirmed picture (:func:`vision.coins.strip_change`)."""
        return self._coin_change(_Seen(self, picture))

    def _read_by_type(self, seen: "_Seen") -> tuple[dict[str, int], float, dict[str, float]]:
        if self.confirmed is not None:
            if self._unchanged(seen):
                return dict(self.counts), UNCHANGED_CONFIDENCE, {}
            if self.model is None:
                if self._band_still(seen):
                    return dict(self.counts), UNCHANGED_CONFIDENCE, {}
            else:
                read = self._read_changes(seen.picture)
                if read[0] == self.counts and self._band_still(seen):
                    return dict(self.counts), UNCHANGED_CONFIDENCE, {}
                return read
        counts, sure = count_cubes(self.empty, seen.picture, self.nominal_unit_px, self.colours, goods=self.goods)
        return counts, min(sure, UNCONFIRMED_CONFIDENCE), {}

    def _coins(self, seen: "_Seen") -> tuple[int, tuple[float, float, float]] | None:
        change = self._coin_change(seen) if self.coins_seen else None
        return None if change is None or self.coins_held is None else (self.coins_held, coin_odds(change))

    def _coin_change(self, seen: "_Seen") -> float | None:
        if self.confirmed is None:
            return None
        change = strip_change(self._confirmed_strip, self.still_strips.mean_if_last(seen.strip), self.unit_px)
        if change >= COIN_EDGES[0]:      # the pose jitters by a few pixels between fits: the strip as the zone aligns
            dx, dy = seen.shift
            if dx or dy:
                change = min(change, strip_change(self._confirmed_strip, coin_strip(_shifted(seen.picture, dx, dy)),
                                                  self.unit_px))
        return change

    # -- reading -------------------------------------------------------------------------------------
    def _read_changes(self, picture: np.ndarray) -> tuple[dict[str, int], float, dict[str, float]]:
        """The confirmed counts plus the model's most likely change of each type, its confidence, and each type's.

        The zone's confidence is the product of the types' best probabilities raised to the calibration exponent;
        a type's own is its best probability raised to it (so the zone's is the product of the types'), at most
        ``TYPE_CONFIDENCE_CAP``."""
        confirmed = np.array([[self.counts[name] for name in self.goods]])
        odds = self.model.changes(self._confirmed_input[None], zone_input(picture)[None], confirmed)[0]
        best = odds.argmax(axis=1)
        counts = {name: self.counts[name] + DELTAS[k] for name, k in zip(self.goods, best)}
        each = odds[np.arange(len(self.goods)), best] ** self.model.confidence_exponent
        by_type = {name: round(min(float(p), TYPE_CONFIDENCE_CAP), 3) for name, p in zip(self.goods, each)}
        return counts, round(min(float(np.prod(each)), CHANGED_CONFIDENCE_CAP), 3), by_type

    def _unchanged(self, seen: "_Seen") -> bool:
        """Whether nothing in the zone came or went: no blob (step 1), as seen or as aligned."""
        if not self._moved(seen.excess):
            return True
        dx, dy = seen.shift
        return bool(dx or dy) and not self._moved(seen.excess_aligned)

    def _band_still(self, seen: "_Seen") -> bool:
        """Whether no cube came or went in the band, once the band was seen (step 4). A cube of nearly the table's
        colour may change the band by less than ``BAND_MASS_SHARE``: with the model, the band is believed only where
        the model too reads no cube changed. The band alone would read such a zone (a brown cube on a brown cloth)
        unchanged, sure, and speak against the move that gave the cube."""
        return self.band_seen and self._band_change(seen) < BAND_MASS_SHARE

    def band_change(self, picture: np.ndarray) -> float:
        """How much the cube band changed since the confirmed picture, in shares of one cube's blob mass (the least
        of the picture as seen and as aligned onto the confirmed one)."""
        return self._band_change(_Seen(self, picture))

    def _band_change(self, seen: "_Seen") -> float:
        if seen.band is None:
            rows = slice(*_band_rows(seen.picture.shape[0]))
            needed = MOVED_MASS * self.unit_px
            mass = _largest_blob(seen.excess[rows])
            if mass >= BAND_MASS_SHARE * needed and any(seen.shift):
                mass = min(mass, _largest_blob(seen.excess_aligned[rows]))
            seen.band = mass / needed
        return seen.band

    def _blur(self, picture: np.ndarray) -> np.ndarray:
        return cv2.GaussianBlur(picture, (self._blur_side, self._blur_side), 0)

    def _excess(self, blurred: np.ndarray, gain: np.ndarray) -> np.ndarray:
        """Each pixel's summed B+G+R change above ``MOVED_LEVEL`` since the confirmed picture (both blurred; ``gain``
        from its light to the new one's), 0 below it."""
        change = cv2.transform(cv2.absdiff(blurred.astype(np.float32), relight(self._confirmed_blurred, gain)),
                               np.ones((1, 3), np.float32))
        excess = cv2.subtract(change, MOVED_LEVEL)            # float32: below the level → negative
        return cv2.threshold(excess, 0.0, 0.0, cv2.THRESH_TOZERO)[1]

    def _moved(self, above: np.ndarray) -> bool:
        """Whether a cube-sized thing came or went: one blob of the change above the level (:meth:`_excess`) holds
        ``MOVED_MASS`` of it."""
        needed = MOVED_MASS * self.unit_px
        if cv2.sumElems(above)[0] < needed:
            return False            # too little change all told for any blob to be enough (the unchanged zone: most frames)
        return _largest_blob(above) >= needed

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


class _Seen:
    """One picture of a zone as it is read: blurred, and aligned onto the confirmed one, once, when first needed."""

    def __init__(self, zone: SupplyZone, picture: np.ndarray) -> None:
        self.zone, self.picture = zone, picture
        self._blurred: np.ndarray | None = None
        self._shift: tuple[int, int] | None = None
        self._strip: np.ndarray | None = None
        self._gain: np.ndarray | None = None
        self._excess: np.ndarray | None = None
        self._excess_aligned: np.ndarray | None = None
        self.band: float | None = None          # the cube band's change, once measured

    @property
    def blurred(self) -> np.ndarray:
        if self._blurred is None:
            self._blurred = self.zone._blur(self.picture)
        return self._blurred

    @property
    def strip(self) -> np.ndarray:
        """The coins' strip (:func:`vision.coins.coin_strip`), cut and blurred once."""
        if self._strip is None:
            self._strip = coin_strip(self.picture)
        return self._strip

    @property
    def shift(self) -> tuple[int, int]:
        if self._shift is None:
            self._shift = self.zone._shift(self.blurred)
        return self._shift

    @property
    def gain(self) -> np.ndarray:
        """From the confirmed picture's light to this one's."""
        if self._gain is None:
            self._gain = light_gain(self.zone._confirmed_blurred, self.blurred)
        return self._gain

    @property
    def excess(self) -> np.ndarray:
        """The change above the level since the confirmed picture (:meth:`SupplyZone._excess`)."""
        if self._excess is None:
            self._excess = self.zone._excess(self.blurred, self.gain)
        return self._excess

    @property
    def excess_aligned(self) -> np.ndarray:
        """:attr:`excess` of this picture aligned onto the confirmed one (:attr:`shift`)."""
        if self._excess_aligned is None:
            dx, dy = self.shift
            self._excess_aligned = self.zone._excess(_shifted(self.blurred, dx, dy), self.gain)
        return self._excess_aligned


def _shifted(picture: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """``picture`` moved by (-dx, -dy): what sits at (x + dx, y + dy) comes to (x, y)."""
    matrix = np.float32([[1, 0, -dx], [0, 1, -dy]])
    return cv2.warpAffine(picture, matrix, picture.shape[1::-1], flags=cv2.INTER_NEAREST,
                          borderMode=cv2.BORDER_REPLICATE)


def _largest_blob(above: np.ndarray) -> float:
    """The summed change of the largest-mass blob (8-connected pixels above the level) of ``above``."""
    mask = (above > 0).astype(np.uint8)
    if not mask.any():
        return 0.0
    count, labels = cv2.connectedComponents(mask, connectivity=8)
    inside = mask.ravel().nonzero()[0]         # the few pixels in a blob: summing only these is ~4× cheaper
    return float(np.bincount(labels.ravel()[inside], weights=above.ravel()[inside], minlength=count).max())


def _band_rows(rows: int) -> tuple[int, int]:
    return int(rows * CUBE_BAND[0]), int(rows * CUBE_BAND[1])


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
