"""Piece colours: which player's piece is on a slot, from the real pieces' colours learned at setup.

A colour is kept as a CIE Lab mean. Until the real pieces are shown, the nominal colours of
``vision/palette.json`` stand in; :meth:`ColourModel.learn` replaces one from pixels of a piece the
rules say is that player's (a setup photo of the discs on the score track, or any confirmed state).
Lightness counts for less than hue: a lamp or a shadow moves L a lot and a/b little.

>>> model = ColourModel.nominal(["red", "blue"])
>>> patch = np.full((6, 6, 3), (40, 40, 190), np.uint8)
>>> max(model.probabilities(patch.reshape(-1, 3)).items(), key=lambda kv: kv[1])[0]
'red'
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Mapping

import cv2
import numpy as np

PALETTE_FILE = Path(__file__).with_name("palette.json")
LIGHTNESS_WEIGHT = 0.45
LUT_SHIFT = 3
LUT_LEVELS = 256 >> LUT_SHIFT
TEMPERATURE = 4.0         # Lab distance by which a colour is e× less likely than the nearest one


def load_palette() -> dict:
    return json.loads(PALETTE_FILE.read_text(encoding="utf-8"))


def to_lab(bgr_pixels: np.ndarray) -> np.ndarray:
    """(N, 3) uint8 BGR → (N, 3) float Lab (L 0…100, a/b about -128…127)."""
    pixels = np.asarray(bgr_pixels, dtype=np.float32).reshape(-1, 1, 3) / 255.0
    return cv2.cvtColor(pixels, cv2.COLOR_BGR2Lab).reshape(-1, 3)


class ColourModel:
    def __init__(self, colours_bgr: Mapping[str, Iterable[float]]) -> None:
        self.names = list(colours_bgr)
        self.nominal_bgr = np.array([list(c) for c in colours_bgr.values()], np.float32)
        self.seen_bgr: dict[str, np.ndarray] = {}
        self.lab = to_lab(self.nominal_bgr)
        self._lut: np.ndarray | None = None

    def light_gains(self) -> np.ndarray:
        """Per-channel (B, G, R) factor from nominal to seen colours, from the colours learned so far:
        the lamp's colour and level, measured on the real pieces (1, 1, 1 before any is learned). Each
        channel is measured on the colours that are bright in it (red's blue channel says little), so
        a warm lamp is seen even when every learned colour is saturated in some channel."""
        learned = [n for n in self.seen_bgr if n in self.names]
        gains = np.ones(3, np.float32)
        for channel in range(3):
            ratios = [self.seen_bgr[n][channel] / self.nominal_bgr[self.names.index(n)][channel] for n in learned
                      if self.nominal_bgr[self.names.index(n)][channel] >= 60]
            if ratios:
                gains[channel] = np.median(ratios)
        return np.clip(gains, 0.6, 1.6)

    def relight(self, gains: np.ndarray) -> None:
        """Move every colour not learned yet to how it looks under a lamp with these gains."""
        for index, name in enumerate(self.names):
            if name not in self.seen_bgr:
                self.lab[index] = to_lab(np.clip(self.nominal_bgr[index] * gains, 0, 255)[None])[0]
        self._lut = None

    @classmethod
    def nominal(cls, names: Iterable[str], group: str = "player_colours") -> "ColourModel":
        palette = load_palette()[group]
        names = list(names)
        unknown = [n for n in names if n not in palette]
        if unknown:
            raise ValueError(f"no nominal colour for {', '.join(unknown)}; known: {', '.join(palette)}")
        return cls({name: palette[name] for name in names})

    def learn(self, name: str, bgr_pixels: np.ndarray) -> None:
        """Take ``name``'s colour from pixels of a real piece (the median resists stray background)."""
        if len(bgr_pixels) == 0:
            return
        lab = np.median(to_lab(bgr_pixels), axis=0)
        self._lut = None
        self.seen_bgr[name] = np.median(np.asarray(bgr_pixels, np.float32).reshape(-1, 3), axis=0)
        if name in self.names:
            self.lab[self.names.index(name)] = lab
        else:
            self.names.append(name)
            self.nominal_bgr = np.vstack([self.nominal_bgr, self.seen_bgr[name][None]])
            self.lab = np.vstack([self.lab, lab])
        self.relight(self.light_gains())

    def set_lab(self, name: str, lab: np.ndarray) -> None:
        """Take ``name``'s colour as this Lab value (measured elsewhere, e.g. a supply zone's cubes)."""
        self.lab[self.names.index(name)] = lab
        self._lut = None

    def distances(self, lab_pixels: np.ndarray) -> np.ndarray:
        """(N, colours) weighted Lab distances."""
        weights = np.array([LIGHTNESS_WEIGHT, 1.0, 1.0])
        return np.linalg.norm((lab_pixels[:, None, :] - self.lab[None, :, :]) * weights, axis=2)

    def nearest(self, bgr_pixels: np.ndarray) -> np.ndarray:
        """Index of the nearest colour for every pixel (through a 32-level-per-channel lookup table,
        so a whole supply zone costs one indexing operation)."""
        if self._lut is None:
            levels = (np.arange(LUT_LEVELS) + 0.5) * (256 / LUT_LEVELS)
            grid = np.stack(np.meshgrid(levels, levels, levels, indexing="ij"), axis=-1).reshape(-1, 3)
            self._lut = self.distances(to_lab(grid)).argmin(axis=1).astype(np.uint8)
        q = np.asarray(bgr_pixels, dtype=np.uint8).reshape(-1, 3) >> LUT_SHIFT
        return self._lut[(q[:, 0].astype(np.int32) * LUT_LEVELS + q[:, 1]) * LUT_LEVELS + q[:, 2]]

    def probabilities(self, bgr_pixels: np.ndarray) -> dict[str, float]:
        """How likely the piece these pixels show has each colour (median colour vs. each reference)."""
        if len(bgr_pixels) == 0:
            return {name: 1.0 / len(self.names) for name in self.names}
        lab = median_rows(to_lab(bgr_pixels))[None]
        d = self.distances(lab)[0]
        score = np.exp(-(d - d.min()) / TEMPERATURE)
        score /= score.sum()
        return dict(zip(self.names, score.tolist()))


def median_rows(values: np.ndarray) -> np.ndarray:
    """(N, C) → (C,): each column's median, the same values as ``np.median(values, axis=0)`` without its
    overhead (most of the time of reading one slot's colour)."""
    ordered = np.sort(values, axis=0)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def added_pixels(reference: np.ndarray, current: np.ndarray, keep: float = 0.35,
                 min_difference: float = 30.0) -> np.ndarray:
    """The pixels of ``current`` that changed most from ``reference`` near the crop's centre: the piece.

    The reference is first matched to the current crop's overall brightness, so a dimmer lamp does
    not count as change. Returns (N, 3) BGR pixels (possibly empty).
    """
    size = current.shape[0]
    yy, xx = np.mgrid[0:size, 0:size]
    central = (xx - (size - 1) / 2) ** 2 + (yy - (size - 1) / 2) ** 2 <= (size * 0.42) ** 2
    ring = ~central
    gain = (current[ring].mean(axis=0) + 1.0) / (reference[ring].mean(axis=0) + 1.0)
    change = np.abs(current.astype(np.float32) - reference.astype(np.float32) * gain).sum(axis=2)
    change[~central] = 0
    values = change[central]
    cut = max(np.quantile(values, 1 - keep), min_difference)
    return current[change >= cut]


def added_pixels_batch(references: np.ndarray, currents: np.ndarray, keep: float = 0.35,
                       min_difference: float = 30.0, within: np.ndarray | None = None) -> list[np.ndarray]:
    """:func:`added_pixels` for a batch of crop pairs at once (N, S, S, 3) → N pixel arrays; ``within``
    ((N, S, S) bool) narrows each crop's centre to the pixels it marks."""
    if len(currents) == 0:
        return []
    count, size = len(currents), currents.shape[1]
    yy, xx = np.mgrid[0:size, 0:size]
    central = (xx - (size - 1) / 2) ** 2 + (yy - (size - 1) / 2) ** 2 <= (size * 0.42) ** 2
    ring = ~central
    gains = (row_means(currents[:, ring]) + 1.0) / (row_means(references[:, ring]) + 1.0)
    change = relit_change(references, currents, gains)
    area = np.broadcast_to(central, change.shape) if within is None else central[None] & within
    cut = np.maximum(quantile_within(change, area, 1 - keep), min_difference)
    chosen = (change >= cut[:, None, None]) & area
    return [currents[i][chosen[i]] for i in range(count)]


# Batches of crops are handled as one tall strip picture by cv2: numpy's reductions and broadcasts over a
# small trailing axis (3 channels) cost about ten times more, and these run on every frame.

def row_means(pixels: np.ndarray) -> np.ndarray:
    """(N, K, 3) pixels → (N, 3) float32: each row's mean colour (an area resize to one column is exact)."""
    rows = pixels.reshape(len(pixels), -1, 3).astype(np.float32)
    return cv2.resize(rows, (1, len(rows)), interpolation=cv2.INTER_AREA).reshape(-1, 3)


def relit_change(references: np.ndarray, currents: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """(N, S, S) float32: |B| + |G| + |R| change of each current crop (N, S, S, 3) from its reference
    multiplied by that crop's per-channel ``gains`` (N, 3)."""
    count, side = currents.shape[:2]
    strip = (count * side, currents.shape[2], 3)
    spread = cv2.resize(gains.reshape(count, 1, 3).astype(np.float32), (strip[1], strip[0]),
                        interpolation=cv2.INTER_NEAREST)
    relit = cv2.multiply(references.reshape(strip).astype(np.float32), spread)
    change = cv2.absdiff(currents.reshape(strip).astype(np.float32), relit)
    return cv2.transform(change, np.ones((1, 3), np.float32)).reshape(currents.shape[:3])


def quantile_within(values: np.ndarray, within: np.ndarray | None, q: float) -> np.ndarray:
    """Per row of ``values`` (N, ...): the ``q`` quantile (linear, as numpy's) of the entries ``within``
    marks (None: all of them); inf for a row with none. All rows sorted at once, not one ``nanquantile``
    per row."""
    if within is None:
        ordered = np.sort(values.reshape(len(values), -1), axis=1)
        n = np.full(len(values), ordered.shape[1])
    else:
        ordered = np.sort(np.where(within, values, np.nan).reshape(len(values), -1), axis=1)   # NaN (outside) last
        n = within.reshape(len(values), -1).sum(axis=1)
    position = q * (np.maximum(n, 1) - 1)
    low = np.floor(position).astype(int)
    high = np.minimum(low + 1, np.maximum(n - 1, 0))
    rows = np.arange(len(values))
    a, b = ordered[rows, low].astype(np.float64), ordered[rows, high].astype(np.float64)
    t = position - low
    # numpy's own two-sided form of the linear interpolation, so the values are numpy's to the last bit
    return np.where(n > 0, np.where(t >= 0.5, b - (b - a) * (1 - t), a + (b - a) * t), np.inf)
