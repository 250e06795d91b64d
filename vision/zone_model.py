"""The zone model: how many cubes of each good came or went in a supply zone since its confirmed picture.

A small CNN (``models/zones.onnx``, trained by ``python -m models.train_zones`` on train-domain renders
only) sees the zone now and the zone as it was when the rules last confirmed its supply, both shrunk
to ``INPUT_HEIGHT × INPUT_WIDTH`` (≈ 0.65 px/mm: the camera gives ≈ 0.7 px/mm at the table's edge, and
blurs it), stacked as 6 channels, plus the confirmed counts. The goods it counts, in order, are the model's own
(``"goods"`` in its calibration file, written when it is trained): a game whose goods differ is counted without
it (:meth:`ZoneModel.counts`). It answers, per good, the change in
count as a class of ``DELTAS`` (−3…+3). A change that would leave fewer than no cubes is impossible and
takes no probability (:func:`possible`). Like the slot model it learns "what came and went", never a
user's table or lamp: the type of a cube is its colour relative to the cubes the confirmed picture
shows (the counts say which types lie there).

>>> possible(np.array([[0, 2, 0, 0, 5]]))[0, 0].tolist()      # no food confirmed: none can be taken
[False, False, False, True, True, True, True]
>>> zone_input(np.zeros((204, 180, 3), np.uint8)).shape
(112, 96, 3)
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

DELTAS = tuple(range(-3, 4))            # the change in one type's count that the model can say
INPUT_HEIGHT, INPUT_WIDTH = 112, 96
COUNT_SCALE = 9.0                       # confirmed counts enter as min(count, 9) / 9
DEFAULT_MODEL = Path(__file__).resolve().parents[1] / "models" / "zones.onnx"


def zone_input(picture: np.ndarray) -> np.ndarray:
    """A zone's top-down picture (any size) at the model's input size, uint8."""
    return cv2.resize(picture, (INPUT_WIDTH, INPUT_HEIGHT), interpolation=cv2.INTER_AREA)


def pair_input(confirmed: np.ndarray, now: np.ndarray) -> np.ndarray:
    """(N, H, W, 3) uint8 pictures then and now → (N, 6, H, W) float32 0…1 (now first, as trained)."""
    return np.concatenate([now, confirmed], axis=-1).transpose(0, 3, 1, 2).astype(np.float32) / 255.0


def count_input(counts: np.ndarray) -> np.ndarray:
    """(N, goods) confirmed counts → (N, goods) float32 as the model takes them."""
    return np.minimum(np.asarray(counts, np.float32), COUNT_SCALE) / COUNT_SCALE


def calibration_path(model_path: str | Path) -> Path:
    """Where the model's confidence calibration lies: ``zones.onnx`` → ``zones.calibration.json``."""
    return Path(model_path).with_suffix(".calibration.json")


def possible(counts: np.ndarray) -> np.ndarray:
    """(N, goods, len(DELTAS)) bool: which changes leave a count of at least zero."""
    return np.asarray(counts)[..., None] + np.array(DELTAS) >= 0


class ZoneModel:
    """onnxruntime session over the zone CNN; :meth:`changes` is the one call."""

    def __init__(self, path: str | Path = DEFAULT_MODEL) -> None:
        import onnxruntime

        # The chance that all five changes are right, raised to this, is the confidence reported: fitted on
        # train-domain validation tables so that readings from 0.9 on are exact (models/train_zones.py).
        calibration = calibration_path(path)
        fitted = json.loads(calibration.read_text()) if calibration.is_file() else {}
        self.confidence_exponent = float(fitted.get("confidence_exponent", 1.0))
        self.goods: tuple[str, ...] = tuple(fitted.get("goods", ()))     # the goods it was trained on, in order

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1          # one small picture pair at a time: a second thread only waits
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])

    def counts(self, goods: tuple[str, ...]) -> bool:
        """Whether the model counts these goods, in this order (a model that names none is taken to)."""
        return not self.goods or self.goods == tuple(goods)

    def changes(self, confirmed: np.ndarray, now: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """(N, goods, len(DELTAS)) probabilities of each change per good, impossible changes at 0, for
        pictures at the input size (:func:`zone_input`) and the confirmed ``counts`` (N, goods)."""
        counts = np.asarray(counts)
        logits = self._session.run(None, {"pairs": pair_input(confirmed, now), "counts": count_input(counts)})[0]
        logits = logits.reshape(len(now), counts.shape[-1], len(DELTAS)).astype(np.float64)
        logits[~possible(counts)] = -np.inf
        odds = np.exp(logits - logits.max(axis=-1, keepdims=True))
        return odds / odds.sum(axis=-1, keepdims=True)


@lru_cache(maxsize=1)
def default_zone_model() -> ZoneModel | None:
    """The committed zone model, loaded once for every zone; None when its file is missing (the zones
    then count absolutely, never as sure)."""
    return ZoneModel() if DEFAULT_MODEL.is_file() else None
