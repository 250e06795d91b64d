"""The whole pipeline on the simulated table (held-out domain), with the committed model."""

import json

import numpy as np
import pytest

from companion.games.table_view import Piece, TableView
from vision.evaluation import Scores, calibration_view, score_frame, setup_pipeline
from vision.layout import load_layout
from vision.observation import Observation
from vision.recognizer import SlotModel

pytest.importorskip("vision.render.renderer")
from vision.render.domains import sample_style  # noqa: E402
from vision.render.hands import Hand  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402

SEED = 777_001          # a held-out style nobody trained on


@pytest.fixture(scope="module")
def layout():
    return load_layout()


@pytest.fixture(scope="module")
def scene(layout):
    view = TableView("caylus", ("red", "blue", "green"))
    view.put("road.9.tile", Piece("tile", name="mason"))
    view.put("road.9.worker", Piece("worker", "blue"))
    view.put("road.9.owner", Piece("house", "red"))
    view.put("road.4.provost", Piece("provost"))
    view.put("road.12.bailiff", Piece("bailiff"))
    view.put("castle.worker.1", Piece("worker", "green"))
    view.put("bridge.1", Piece("disc", "red"))
    view.put("stables.2", Piece("worker", "red"))
    view.supplies = {"red": {"food": 2, "wood": 1, "stone": 0, "cloth": 0, "gold": 0},
                     "blue": {"food": 0, "wood": 0, "stone": 2, "cloth": 1, "gold": 0},
                     "green": {"food": 1, "wood": 0, "stone": 0, "cloth": 0, "gold": 1}}
    table = SimulatedTable(layout, sample_style("holdout", SEED))
    frame, truth = table.render(view, frame_seed=1)
    truth["view"] = view.to_json()
    return table, view, frame, truth


@pytest.fixture(scope="module")
def pipeline(layout, scene):
    _table, _view, _frame, truth = scene
    return setup_pipeline(truth, layout, SlotModel())


def test_a_resting_table_is_read_slot_by_slot(pipeline, scene, layout):
    _table, view, frame, truth = scene
    observation = pipeline.observe(frame, still=True)
    assert observation.registered and observation.stable and not observation.occluded
    assert set(observation.slots) == set(layout.slot_names())
    assert all(abs(sum(p.values()) - 1) < 1e-3 for p in observation.slots.values())
    scores = Scores()
    score_frame(scores, observation, truth, layout)
    # The committed model reads ~96 % of held-out slots right (models/MODEL_CARD.md), short of the
    # 99.9 % target; this guards the level reached, with some room for one frame's luck.
    assert scores.slots_right >= 0.93 * scores.slots_total
    # Pieces are the weak point (most misreads are pieces read as empty): at least the model must
    # see more "something here" on occupied slots than on empty ones.
    occupied = list(view.slots)
    empty = [slot for slot in layout.slot_names(with_score=False) if slot not in view.slots]
    present = lambda slot: 1.0 - observation.slots[slot].get("", 0.0)  # noqa: E731
    assert np.mean([present(s) for s in occupied]) > 5 * np.mean([present(s) for s in empty])
    restored = Observation.from_json(json.loads(json.dumps(observation.to_json())))
    assert restored.slots == observation.slots


def test_a_reading_says_where_its_time_went(pipeline, scene):
    """``stage_ms`` (``bench_vision.py --stages``): every stage of a full reading, together within its time."""
    _table, _view, frame, _truth = scene
    observation = pipeline.observe(frame, still=True)
    stages = {"registration", "motion", "hands", "crops", "change levels", "slot model", "piece pixels", "stacks", "labels",
              "leaning", "supplies"}
    assert set(pipeline.stage_ms) == stages
    assert all(ms >= 0 for ms in pipeline.stage_ms.values())
    assert 0 < sum(pipeline.stage_ms.values()) <= observation.elapsed_ms + 0.01


def _label(piece):
    from vision.observation import piece_label
    return piece_label(piece)


def test_a_hand_over_the_board_is_never_a_stable_state(pipeline, scene, layout):
    table, view, _frame, _truth = scene
    hand = Hand(layout.region("road.9.tile").center, 200.0, 60.0, 1.0, 0.2, table.style.skin_tone)
    frame, truth = table.render(view, (hand,), frame_seed=2)
    observation = pipeline.observe(frame, still=True)
    assert observation.occluded and not observation.stable
    hidden = {s for s, e in truth["slots"].items() if e["occluded"]}
    assert hidden & observation.occluded_slots, "the slots under the hand are reported hidden"


def test_calibration_view_holds_tiles_and_one_disc_per_player(scene):
    _table, view, _frame, _truth = scene
    calibration = calibration_view(view)
    assert calibration.pieces("road.9.tile") == (Piece("tile", name="mason"),)
    assert calibration.pieces("road.9.worker") == ()
    assert [calibration.pieces(f"turn_order.{k}")[0].colour for k in (1, 2, 3)] == ["red", "blue", "green"]
