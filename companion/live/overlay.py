"""The camera picture for the tablet, with what the vision pipeline recognised drawn over it.

Players can check at a glance that the companion sees what they see: every slot read as holding
something gets a ring in the piece's colour with a mark of its kind inside (a dot, a square, a diamond …: no
letters, so the picture reads the same in every language; the live screen's legend names each mark in the
reader's language, :func:`piece_marks`); a doubtful reading a question mark beside it; a hand over the board is
an amber frame round the picture (the live screen's status line says it in words). Encoding is downscaled and
done at most a few times a second (see ``TableLoop``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

import cv2
import numpy as np

from vision.observation import Observation

PIECE_BGR: Mapping[str, tuple[int, int, int]] = {
    "red": (40, 40, 220), "blue": (220, 110, 30), "green": (60, 170, 40), "yellow": (30, 210, 230),
    "black": (40, 40, 40), "provost": (250, 250, 250), "bailiff": (0, 170, 255), "tile": (200, 200, 200),
}
MARKS = ("dot", "square", "diamond", "triangle", "cross", "x", "star", "triangle_down")
"""The marks of piece kinds, given in the order of a pack's pieces (``table.json``); the tablet's legend draws
the same shapes (``static/live.js``)."""
_CV_MARKERS = {"square": cv2.MARKER_SQUARE, "diamond": cv2.MARKER_DIAMOND, "triangle": cv2.MARKER_TRIANGLE_UP,
               "cross": cv2.MARKER_CROSS, "x": cv2.MARKER_TILTED_CROSS, "star": cv2.MARKER_STAR,
               "triangle_down": cv2.MARKER_TRIANGLE_DOWN}


def piece_marks(game: str | None) -> dict[str, str]:
    """Each piece kind of ``game``'s pack → its mark on the camera picture (``{}`` for a game with no pack).

    >>> piece_marks("caylus")["worker"], piece_marks("caylus")["house"]
    ('dot', 'square')
    """
    return dict(_marks(game))


@lru_cache(maxsize=None)
def _marks(game: str | None) -> tuple[tuple[str, str], ...]:
    from companion.games import RuleError
    from companion.games.registry import get_pack

    try:
        kinds = [piece.name for piece in get_pack(game).table.pieces] if game else []
    except RuleError:
        return ()
    return tuple(zip(kinds, MARKS))


def label_colour(label: str) -> tuple[int, int, int]:
    first = label.split("+")[0]
    kind, _, detail = first.partition(":")
    return PIECE_BGR.get(detail) or PIECE_BGR.get(kind) or (255, 0, 255)


def draw_overlay(image: np.ndarray, observation: Observation | None, slot_pixels: Mapping[str, tuple[float, float]],
                 marks: Mapping[str, str] | None = None) -> np.ndarray:
    """A copy of ``image`` with the recognised pieces marked at their slots (``slot_pixels``: slot → x, y), each
    kind by its mark (``marks``: kind → one of :data:`MARKS`; a kind without one gets the ring only)."""
    picture = image.copy()
    if observation is None or not observation.registered:
        return picture
    scale = max(1, picture.shape[1] // 640)
    for slot, (x, y) in slot_pixels.items():
        label, probability = observation.best(slot)
        if not label or slot in observation.occluded_slots:
            continue
        centre = (int(round(x)), int(round(y)))
        colour = label_colour(label)
        cv2.circle(picture, centre, 7 * scale, (0, 0, 0), 3 * scale, cv2.LINE_AA)
        cv2.circle(picture, centre, 7 * scale, colour, 2 * scale, cv2.LINE_AA)
        if probability < 0.8:           # doubtful readings get a question mark
            cv2.putText(picture, "?", (centre[0] + 8 * scale, centre[1]), cv2.FONT_HERSHEY_SIMPLEX,
                        0.4 * scale, (0, 0, 255), scale, cv2.LINE_AA)
        _draw_mark(picture, centre, (marks or {}).get(label.split(":")[0]), colour, scale)
    if observation.occluded:
        border = 6 * scale
        cv2.rectangle(picture, (border // 2, border // 2),
                      (picture.shape[1] - 1 - border // 2, picture.shape[0] - 1 - border // 2), (0, 200, 255), border)
    return picture


def _draw_mark(picture: np.ndarray, centre: tuple[int, int], mark: str | None, colour: tuple[int, int, int],
               scale: int) -> None:
    """One of :data:`MARKS` inside a slot's ring (nothing for None)."""
    if mark == "dot":
        cv2.circle(picture, centre, 3 * scale, colour, -1, cv2.LINE_AA)
    elif mark in _CV_MARKERS:
        cv2.drawMarker(picture, centre, colour, _CV_MARKERS[mark], 8 * scale, max(1, scale), cv2.LINE_AA)
