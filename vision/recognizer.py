"""The slot model: which kind of piece was added to a slot since the reference picture of it.

A tiny CNN (exported to ONNX, run by onnxruntime on one batch of all slots) sees two 32×32 crops
of a slot stacked as 6 channels: the crop *now* and the crop of the same patch of board taken at
setup (or at the last confirmed state). It answers a probability per piece kind. It never sees
colours as classes: which player a piece belongs to is decided afterwards from the calibrated real
piece colours (:mod:`vision.colours`), and which building a tile is from its enrolled look
(:mod:`vision.tiles`). Both keep the model independent of the user's copy of the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Sequence

import numpy as np

KINDS = ("empty", "worker", "house", "disc", "tile", "provost", "bailiff")
DEFAULT_MODEL = Path(__file__).resolve().parents[1] / "models" / "slots.onnx"
# Chosen on train-domain renders (seeds 7 000 000+, 30 frames, seen from above) with the third-pass model: 1 (all
# of it follows the model's odds, i.e. mostly "empty") 0.64 % per-slot error, 0.5: 0.63 %, 0: 0.67 %.
WRONG_KIND_IS_EMPTY = 0.5
CALIBRATION_SUFFIX = ".calibration.json"    # beside the model: {"empty_logit_bias": b, ...}


class ModelError(Exception):
    """The slot model file is missing or unusable; the message says what to do."""


def model_input(references: np.ndarray, currents: np.ndarray) -> np.ndarray:
    """(N, 32, 32, 3) uint8 pairs → (N, 6, 32, 32) float32, each scaled to 0…1."""
    stacked = np.empty((len(currents), 6) + currents.shape[1:3], np.float32)    # written once, in place
    stacked[:, :3] = currents.transpose(0, 3, 1, 2)
    stacked[:, 3:] = references.transpose(0, 3, 1, 2)
    stacked *= 1.0 / 255.0
    return stacked


def softmax(logits: np.ndarray) -> np.ndarray:
    shifted = np.exp(logits - logits.max(axis=-1, keepdims=True))
    return shifted / shifted.sum(axis=-1, keepdims=True)


class SlotModel:
    """onnxruntime session over the slot CNN; :meth:`kind_probabilities` is the one call."""

    def __init__(self, path: str | Path = DEFAULT_MODEL, threads: int = 2, empty_bias: float | None = None) -> None:
        import onnxruntime

        path = Path(path)
        # Training weighs "empty" down and repeats rare kinds, so the raw model sees pieces too readily;
        # a logit bias fitted on train-domain renders (models/calibrate_slots.py) puts it back.
        self.empty_bias = read_empty_bias(path) if empty_bias is None else empty_bias
        if not path.is_file():
            raise ModelError(f"slot model {path} not found; train one with "
                             "`python -m models.train_slots --out models/slots.onnx`")
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        # No busy-waiting between runs: on a shared 2-core machine a spinning pool thread takes the core the
        # rest of the frame (and the other jobs) need. Interleaved at load ≈ 13, held-out frames' batches
        # (40–265 slots): median 8.1 ms without spinning, 17.3 ms with it (CPU time 4.6 vs 9.0 ms).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        try:
            self._session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        except Exception as error:  # onnxruntime raises its own exception types for corrupt files
            raise ModelError(f"slot model {path} could not be loaded: {error}") from None
        self._input = self._session.get_inputs()[0].name

    def kind_probabilities(self, references: np.ndarray, currents: np.ndarray,
                           accepted: Sequence[Sequence[str]] | None = None,
                           leaning: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None) -> np.ndarray:
        """(N, len(KINDS)) probabilities. ``accepted[i]`` lists the kinds slot i can hold: the others
        get probability 0 (empty is always possible). ``leaning(probabilities, allowed)``: the share of
        each kind's belief that a neighbour's piece leaning in explains (see :func:`restricted`)."""
        if len(currents) == 0:
            return np.zeros((0, len(KINDS)), np.float32)
        logits = self._session.run(None, {self._input: model_input(references, currents)})[0]
        logits[:, 0] += self.empty_bias
        probabilities = softmax(logits.astype(np.float64))
        if accepted is None:
            return probabilities
        allowed = np.array([[k == "empty" or k in kinds for k in KINDS] for kinds in accepted])
        return restricted(probabilities, allowed, None if leaning is None else leaning(probabilities, allowed))


def restricted(probabilities: np.ndarray, allowed: np.ndarray, leaning: np.ndarray | None = None) -> np.ndarray:
    """Probabilities moved off the kinds a slot cannot hold.

    Belief in a kind the slot cannot hold means either a piece of another kind seen wrong (a disc
    at a steep camera reads as a worker) or something leaning in from next door. ``leaning[i, k]``
    is the share of the belief in kind k on slot i that a neighbour's piece leaning in explains
    (:func:`vision.leaning.leaning_in`): it goes to "empty".
    Of the rest, ``WRONG_KIND_IS_EMPTY`` follows the model's own odds between the kinds allowed,
    empty included, and the remainder goes to the pieces the slot can hold.

    >>> probabilities = np.array([[0.04, 0.94, 0.02]])          # empty, worker, disc: a disc-only slot
    >>> restricted(probabilities, np.array([[True, False, True]])).round(2)
    array([[0.35, 0.  , 0.65]])
    >>> restricted(probabilities, np.array([[True, False, True]]), np.array([[0.0, 1.0, 0.0]])).round(2)
    array([[0.98, 0.  , 0.02]])
    """
    kept = np.where(allowed, probabilities, 0.0)
    explained = np.zeros((len(kept), 1)) if leaning is None else \
        np.where(allowed, 0.0, probabilities * leaning).sum(axis=1, keepdims=True)
    lost = 1.0 - kept.sum(axis=1, keepdims=True) - explained
    as_allowed = kept / np.maximum(kept.sum(axis=1, keepdims=True), 1e-12)
    pieces = kept[:, 1:] + 1e-6 * allowed[:, 1:]
    as_pieces = np.column_stack([np.zeros(len(kept)), pieces / pieces.sum(axis=1, keepdims=True)])
    result = kept + lost * (WRONG_KIND_IS_EMPTY * as_allowed + (1 - WRONG_KIND_IS_EMPTY) * as_pieces)
    result[:, 0] += explained[:, 0]
    return result


def read_empty_bias(model_path: Path) -> float:
    """The calibrated "empty" logit bias stored beside the model (0 when there is none)."""
    import json

    calibration = model_path.with_name(model_path.stem + CALIBRATION_SUFFIX)
    if not calibration.is_file():
        return 0.0
    try:
        return float(json.loads(calibration.read_text(encoding="utf-8"))["empty_logit_bias"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ModelError(f"{calibration}: unreadable calibration ({error}); delete it or re-run "
                         "`python -m models.calibrate_slots`") from None
