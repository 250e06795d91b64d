"""Cubes in a player's supply zone: how many of each resource, even when they touch or pile up.

Works on a top-down picture of the zone and the same zone photographed empty at setup:

1. what changed since then is "stuff" (cubes, coins, spare pieces);
2. each changed pixel takes the nearest known colour — the five cube colours, and "other" colours
   (player pieces, coins) so that a red worker lying there is not counted as food;
3. per cube colour, the area is divided by one cube's area. Touching cubes make one blob of two
   cubes' area, so counting by area (not by blobs) is what survives contact. One cube's area is
   learned from the zone itself when some cubes lie alone (the tilt of the camera makes cubes look
   bigger than their top face), else taken from the nominal size.

>>> zone = np.full((100, 100, 3), 200, np.uint8)
>>> empty = zone.copy()
>>> zone[10:30, 10:30] = (30, 195, 235); zone[10:30, 30:50] = (30, 195, 235)   # two touching gold cubes
>>> counts, _ = count_cubes(empty, zone, unit_area_px=400)
>>> counts["gold"], counts["food"]
(2, 0)
"""

from __future__ import annotations

import cv2
import numpy as np

from .colours import ColourModel, load_palette

CUBE_TYPES = ("food", "wood", "stone", "cloth", "gold")
OTHER_COLOURS = ("red", "blue", "green", "yellow", "black", "orange", "purple", "white")


def cube_colour_model() -> ColourModel:
    palette = load_palette()
    colours = {name: palette["cube_colours"][name] for name in CUBE_TYPES}
    colours.update({f"other:{name}": palette["player_colours"][name] for name in OTHER_COLOURS})
    return ColourModel(colours)


def changed_mask(reference: np.ndarray, current: np.ndarray, threshold: float = 45.0) -> np.ndarray:
    gain = (current.reshape(-1, 3).mean(axis=0) + 1) / (reference.reshape(-1, 3).mean(axis=0) + 1)
    difference = np.abs(current.astype(np.float32) - reference.astype(np.float32) * gain).sum(axis=2)
    mask = (difference > threshold).astype(np.uint8)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def count_cubes(reference: np.ndarray, current: np.ndarray, unit_area_px: float,
                colours: ColourModel | None = None) -> tuple[dict[str, int], float]:
    """Cube counts by type in a zone, and the probability that all counts are exactly right."""
    colours = colours or cube_colour_model()
    mask = changed_mask(reference, current)
    counts = {name: 0 for name in CUBE_TYPES}
    if not mask.any():
        return counts, 1.0
    labels = np.full(mask.shape, -1, np.int32)
    labels[mask > 0] = colours.nearest(current[mask > 0])
    doubts = []
    areas_by_type: dict[str, list[int]] = {}
    for index, name in enumerate(colours.names):
        if name not in CUBE_TYPES:
            continue
        layer = cv2.morphologyEx((labels == index).astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        count, _, stats, _ = cv2.connectedComponentsWithStats(layer, connectivity=4)
        areas_by_type[name] = [int(a) for a in stats[1:count, cv2.CC_STAT_AREA] if a >= 0.3 * unit_area_px]
    unit = _learned_unit(areas_by_type, unit_area_px)
    for name, areas in areas_by_type.items():
        for area in areas:
            ratio = area / unit
            cubes = max(1, int(round(ratio)))
            counts[name] += cubes
            doubts.append(abs(ratio - cubes))
    worst = max(doubts, default=0.0)
    confidence = float(np.clip(1.0 - 2.0 * max(0.0, worst - 0.15), 0.0, 1.0))
    return counts, confidence


def _learned_unit(areas_by_type: dict[str, list[int]], nominal: float) -> float:
    """One cube's area: the median of blobs that look like single cubes, when there are enough."""
    singles = [a for areas in areas_by_type.values() for a in areas if 0.6 * nominal <= a <= 1.45 * nominal]
    if len(singles) >= 3:
        return float(np.median(singles))
    return nominal
