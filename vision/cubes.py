"""Cubes in a player's supply zone: how many of each good, even when they touch or pile up.

The goods and their nominal colours are the game's (:class:`~vision.vocabulary.Vocabulary`, from its pack's
``table.json``). Works on a top-down picture of the zone and the same zone photographed empty at setup:

1. what changed since then is "stuff" (cubes, coins, spare pieces);
2. each changed pixel takes the nearest known colour — the goods' colours, and "other" colours
   (player pieces, coins) so that a player's spare piece lying there is not counted as a good;
3. per cube colour, the area is divided by one cube's area. Touching cubes make one blob of two
   cubes' area, so counting by area (not by blobs) is what survives contact. One cube's area is
   learned from the zone itself when some cubes lie alone (the tilt of the camera makes cubes look
   bigger than their top face), else taken from the nominal size.

A supply zone counts this way only until the rules first confirm its supply, or without the zone
model's file; afterwards it reads what changed since the confirmed picture (:mod:`vision.supplies`).

>>> terms = Vocabulary(goods=("gold", "coal"), goods_colours={"gold": (30, 195, 235), "coal": (40, 40, 40)})
>>> zone = np.full((100, 100, 3), 200, np.uint8)
>>> empty = zone.copy()
>>> zone[10:30, 10:30] = (30, 195, 235); zone[10:30, 30:50] = (30, 195, 235)   # two touching gold cubes
>>> counts, _ = count_cubes(empty, zone, unit_area_px=400, colours=cube_colour_model(terms), goods=terms.goods)
>>> counts
{'gold': 2, 'coal': 0}
"""

from __future__ import annotations

import cv2
import numpy as np

from .blobs import label_blobs
from .colours import ColourModel, load_palette
from .registration import camera_position_mm
from .vocabulary import Vocabulary, default_vocabulary

GAIN_SAMPLE_STEP = 7
ONES3 = np.ones(3, np.float32)


def cube_colour_model(terms: Vocabulary | None = None) -> ColourModel:
    """The goods' nominal colours, then as "other" every player colour and each coin's (``other:<coin>_<value>``)."""
    terms = terms if terms is not None else default_vocabulary()
    colours: dict[str, object] = {name: list(terms.goods_colours[name]) for name in terms.goods}
    colours.update({f"other:{name}": bgr for name, bgr in load_palette()["player_colours"].items()})
    colours.update({f"other:{terms.coin}_{value}": list(bgr) for value, bgr in terms.coin_colours.items()})
    return ColourModel(colours)


def light_gain(reference: np.ndarray, current: np.ndarray) -> np.ndarray:
    """Per-channel (B, G, R) factor from ``reference`` to ``current`` light, measured on what did not change.

    The ratio of the two pictures' means is skewed by their content (a zone full of dark pieces is
    darker than the empty table under the same lamp). The most common brightness ratio is the
    unchanged background's, whatever share of the picture the pieces cover; the channels' gains are
    then taken from the pixels near that ratio.
    """
    ref = reference.reshape(-1, 3)[::GAIN_SAMPLE_STEP].astype(np.float32) + 4.0    # a sample is plenty
    cur = current.reshape(-1, 3)[::GAIN_SAMPLE_STEP].astype(np.float32) + 4.0
    log_ratio = np.log(cur @ ONES3 / (ref @ ONES3))
    bins = np.clip(((log_ratio + 1.2) * 50).astype(np.int32), 0, 119)       # 0.02 wide, -1.2…1.2
    histogram = np.bincount(bins, minlength=120).astype(np.float32)
    peak = int(np.argmax(np.convolve(histogram, [1, 2, 3, 2, 1], mode="same")))
    centre = (peak + 0.5) / 50 - 1.2
    near = np.abs(log_ratio - centre) <= 0.06
    if near.sum() < 0.05 * len(log_ratio):
        return np.ones(3, np.float32)
    return (cur[near].mean(axis=0) / ref[near].mean(axis=0)).astype(np.float32)


def relight(picture: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """``picture`` as it would look under a lamp with these per-channel gains (float32)."""
    # the conversion inside cv2 (dtype): the same values, ~10× faster than multiplying a float32 copy
    return cv2.multiply(picture, tuple(float(g) for g in gain) + (0.0,), dtype=cv2.CV_32F)


def relit_difference(reference: np.ndarray, current: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The B+G+R change of every pixel from ``reference`` matched to the current picture's light
    (:func:`light_gain`), and that relit reference (both float32)."""
    relit = relight(reference, light_gain(reference, current))
    difference = cv2.transform(cv2.absdiff(current.astype(np.float32), relit), np.ones((1, 3), np.float32))
    return difference, relit


def changed_mask(reference: np.ndarray, current: np.ndarray, threshold: float = 45.0,
                 difference: np.ndarray | None = None) -> np.ndarray:
    """0/1 mask of pixels whose B+G+R changed by more than ``threshold`` once the reference is matched
    to the current picture's light (:func:`relit_difference`, or ``difference`` when already measured; cv2
    throughout: it runs on every zone of every frame)."""
    if difference is None:
        difference, _ = relit_difference(reference, current)
    mask = (difference > threshold).astype(np.uint8)
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def count_cubes(reference: np.ndarray, current: np.ndarray, unit_area_px: float,
                colours: ColourModel | None = None, goods: tuple[str, ...] | None = None) -> tuple[dict[str, int], float]:
    """Cube counts by good in a zone, and the probability that all counts are exactly right (``goods`` and
    ``colours`` the default game's when left out).

    Blob by blob: a blob whose pixels are mostly a player's colour is a spare piece (with its shadow) and is
    skipped; otherwise each good's colour holding a fair share of the blob counts its area in cubes.
    """
    goods = goods if goods is not None else default_vocabulary().goods
    colours = colours or cube_colour_model()
    mask = changed_mask(reference, current)
    counts = {name: 0 for name in goods}
    if not mask.any():
        return counts, 1.0
    nearest = np.full(mask.shape, -1, np.int32)
    nearest[mask > 0] = colours.nearest(current[mask > 0])
    cube_index = {colours.names.index(name): name for name in goods if name in colours.names}
    blob_count, blobs, areas = label_blobs(mask)
    areas_by_type: dict[str, list[float]] = {name: [] for name in goods}
    for blob in range(1, blob_count):
        if areas[blob] < 0.3 * unit_area_px:
            continue
        labels = nearest[blobs == blob]
        shares = np.bincount(labels, minlength=len(colours.names)) / len(labels)
        cube_share = sum(shares[i] for i in cube_index)
        if cube_share < 0.5:
            continue                      # a spare piece, a coin, a shadow
        for index, name in cube_index.items():
            if shares[index] >= 0.2:
                areas_by_type[name].append(float(shares[index] * len(labels)))
    unit = _learned_unit(areas_by_type, unit_area_px)
    doubts = []
    for name, areas in areas_by_type.items():
        for area in areas:
            ratio = area / unit
            cubes = max(1, int(round(ratio)))
            counts[name] += cubes
            doubts.append(abs(ratio - cubes))
    worst = max(doubts, default=0.0)
    confidence = float(np.clip(1.0 - 2.0 * max(0.0, worst - 0.15), 0.0, 1.0))
    return counts, confidence


def cube_footprint_mm2(pose_image_from_board: np.ndarray, image_size: tuple[int, int], at_mm: tuple[float, float],
                       side_mm: float) -> float:
    """How much board area one cube covers in a top-down picture made from this camera's view.

    A tilted camera sees the cube's sides too; rectified onto the board plane they stretch the cube
    away from the camera by ``side × tan(view angle)``, the camera being where the pose puts it.
    """
    camera = camera_position_mm(pose_image_from_board, image_size)
    horizontal = float(np.hypot(camera[0] - at_mm[0], camera[1] - at_mm[1]))
    tangent = horizontal / max(float(camera[2]), 1.0)
    return side_mm * side_mm * (1.0 + min(tangent, 3.0) * 4 / np.pi)


def _learned_unit(areas_by_type: dict[str, list[float]], nominal: float) -> float:
    """One cube's area: the median of blobs that look like single cubes, when there are enough."""
    singles = [a for areas in areas_by_type.values() for a in areas if 0.6 * nominal <= a <= 1.45 * nominal]
    if len(singles) >= 3:
        return float(np.median(singles))
    return nominal
