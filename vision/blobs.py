"""Connected blobs of a mask, with only the measures the readers use.

``cv2.connectedComponentsWithStats`` costs some 40× the labelling itself (1.7 ms against 0.04 ms on the
hand detector's 328×261 picture): its per-pixel statistics pass is slow. The labels are the same as
its own; areas come from one ``bincount``.

>>> mask = np.zeros((6, 8), np.uint8); mask[1:3, 1:4] = 1; mask[4, 6] = 1
>>> count, labels, areas = label_blobs(mask)
>>> count, areas.tolist()
(3, [41, 6, 1])
"""

from __future__ import annotations

import cv2
import numpy as np


def label_blobs(mask: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """(count, label image, area per label) of a uint8 mask's 8-connected blobs; label 0 is the background."""
    count, labels = cv2.connectedComponents(mask, connectivity=8)
    return count, labels, np.bincount(labels.ravel(), minlength=count)

