"""The camera picture for the tablet, with what the vision pipeline recognised drawn over it.

Players can check at a glance that the companion sees what they see: every slot read as holding
something gets a ring in the piece's colour and a short label; a hand over the board is an amber frame
round the picture (no words: the live screen's status line says it in the reader's language). Encoding is
downscaled and done at most a few times a second (see ``TableLoop``).
"""

from __future__ import annotations

from typing import Mapping

import cv2
import numpy as np

from vision.observation import Observation

PIECE_BGR: Mapping[str, tuple[int, int, int]] = {
    "red": (40, 40, 220), "blue": (220, 110, 30), "green": (60, 170, 40), "yellow": (30, 210, 230),
    "black": (40, 40, 40), "provost": (250, 250, 250), "bailiff": (0, 170, 255), "tile": (200, 200, 200),
}
SHORT_KIND = {"worker": "W", "house": "H", "disc": "D", "provost": "P", "bailiff": "B", "tile": "T"}


def label_colour(label: str) -> tuple[int, int, int]:
    first = label.split("+")[0]
    kind, _, detail = first.partition(":")
    return PIECE_BGR.get(detail) or PIECE_BGR.get(kind) or (255, 0, 255)


def draw_overlay(image: np.ndarray, observation: Observation | None, slot_pixels: Mapping[str, tuple[float, float]]
                 ) -> np.ndarray:
    """A copy of ``image`` with the recognised pieces marked at their slots (``slot_pixels``: slot → x, y)."""
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
        short = SHORT_KIND.get(label.split(":")[0], "")
        if short:
            cv2.putText(picture, short, (centre[0] - 4 * scale, centre[1] + 4 * scale), cv2.FONT_HERSHEY_SIMPLEX,
                        0.35 * scale, colour, scale, cv2.LINE_AA)
    if observation.occluded:
        border = 6 * scale
        cv2.rectangle(picture, (border // 2, border // 2),
                      (picture.shape[1] - 1 - border // 2, picture.shape[0] - 1 - border // 2), (0, 200, 255), border)
    return picture
