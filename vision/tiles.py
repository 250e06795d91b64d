"""Tile identity: which building stands on a road square, by its look learned when it was placed.

The companion never saw the user's tile art. When the rules confirm "the mason was built on road
square 12", the crop of that square is enrolled as the mason's look; later crops are matched against
the enrolled looks (restricted to what the rules allow there, when the caller says). A tile's crop is
reduced to a small, lighting-normalised descriptor: a 16×16 Lab thumbnail with L standardised.

>>> library = TileLibrary()
>>> library.identify(np.zeros((32, 32, 3), np.uint8))
{}
"""

from __future__ import annotations

from typing import Iterable

import cv2
import numpy as np

THUMB = 16
SHARPNESS = 60.0      # softmax temperature on cosine similarity: 0.017 apart ≈ e× as likely
SAME_SQUARE_PRIOR = 0.8   # belief that a tile seen on a square is the one confirmed there


def descriptor(crop: np.ndarray) -> np.ndarray:
    """A unit vector describing a tile crop, insensitive to overall light level."""
    inner = crop[4:-4, 4:-4]
    thumb = cv2.resize(inner, (THUMB, THUMB), interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    lab = cv2.cvtColor(thumb, cv2.COLOR_BGR2Lab).reshape(-1, 3)
    lightness = (lab[:, 0] - lab[:, 0].mean()) / (lab[:, 0].std() + 5.0)
    chroma = lab[:, 1:] / 30.0
    vector = np.concatenate([lightness, chroma.ravel()])
    return vector / (np.linalg.norm(vector) + 1e-9)


class TileLibrary:
    """Enrolled tile looks: building name → descriptors (several per name: seen in different light)."""

    def __init__(self) -> None:
        self._looks: dict[str, list[np.ndarray]] = {}

    def __contains__(self, name: str) -> bool:
        return name in self._looks

    @property
    def names(self) -> list[str]:
        return sorted(self._looks)

    def enrol(self, name: str, crop: np.ndarray, keep: int = 6) -> None:
        looks = self._looks.setdefault(name, [])
        looks.append(descriptor(crop))
        del looks[:-keep]

    def identify(self, crop: np.ndarray, allowed: Iterable[str] | None = None,
                 expected: str | None = None) -> dict[str, float]:
        """Probability of each enrolled building (among ``allowed``); {} when none is enrolled.

        ``expected`` is the building confirmed on this square before: history says it is most likely
        still there, the look decides when it was replaced (a residence becoming a prestige building).
        """
        names = [n for n in self._looks if allowed is None or n in set(allowed)]
        if not names:
            return {}
        query = descriptor(crop)
        similarity = np.array([max(float(query @ look) for look in self._looks[n]) for n in names])
        score = np.exp(SHARPNESS * (similarity - similarity.max()))
        if expected in names and len(names) > 1:
            prior = np.full(len(names), (1 - SAME_SQUARE_PRIOR) / (len(names) - 1))
            prior[names.index(expected)] = SAME_SQUARE_PRIOR
            score *= prior
        score /= score.sum()
        return dict(zip(names, score.tolist()))
