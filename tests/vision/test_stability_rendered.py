"""Hands on the simulated table (held-out domain): never a stable state under a hand, and the slots
under it hidden, for skin tones, tables and light the detector was never tuned on."""

import numpy as np
import pytest

from companion.games.table_view import Piece, TableView
from vision.layout import load_layout
from vision.pipeline import VisionPipeline

pytest.importorskip("vision.render.renderer")
from vision.render.domains import DOMAINS, sample_style  # noqa: E402
from vision.render.hands import Hand  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402

# A held-out table under warm light (2 800 K) on a red-and-white checked cloth: the board art is
# skin-coloured, the cloth is the busiest pattern an arm reaches in over.
SEED = 4242 * 100_003 + 57
PLAYERS = ("red", "blue", "green")
UNSEEN_SKIN_TONES = [tuple(tone) for tone in DOMAINS["holdout"]["skin_tones"]]


@pytest.fixture(scope="module")
def layout():
    return load_layout()


@pytest.fixture(scope="module")
def scene(layout):
    """The table, a midgame view on it, and a pipeline set up and confirmed on that view (no slot
    model: hands are the hand detector's business)."""
    view = TableView("caylus", PLAYERS)
    view.put("road.9.tile", Piece("tile", name="mason"))
    view.put("road.9.worker", Piece("worker", "blue"))
    view.put("castle.worker.1", Piece("worker", "green"))
    view.put("turn_order.1", Piece("disc", "red"))
    view.supplies = {c: {"food": 2, "wood": 1, "stone": 0, "cloth": 0, "gold": 0, "denier": 5} for c in PLAYERS}
    table = SimulatedTable(layout, sample_style("holdout", SEED))
    pipeline = VisionPipeline(layout, PLAYERS, model=None)
    pipeline.set_reference(table.render(TableView("caylus", PLAYERS), frame_seed=1)[0])
    confirmed, _ = table.render(view, frame_seed=2)
    pipeline.observe(confirmed, still=True)
    pipeline.confirm(confirmed, view)
    return table, view, pipeline


def look(scene, *hands):
    """A fresh frame of the table (pieces re-jittered) with ``hands``: (observation, slots under a hand)."""
    table, view, pipeline = scene
    frame, truth = table.render(view, hands, frame_seed=3 + len(hands))
    observation = pipeline.observe(frame, still=True)
    return observation, {slot for slot, entry in truth["slots"].items() if entry["occluded"]}


def test_a_resting_table_is_reported_stable(scene):
    observation, _ = look(scene)
    assert observation.stable and not observation.occluded and not observation.occluded_slots


@pytest.mark.parametrize("skin", UNSEEN_SKIN_TONES)
def test_a_hand_of_an_unseen_skin_tone_over_the_board(scene, layout, skin):
    hand = Hand(layout.region("road.9.tile").center, 200.0, 60.0, 1.0, 0.2, skin)
    observation, under = look(scene, hand)
    assert observation.occluded and not observation.stable
    assert len(under - observation.occluded_slots) <= 0.1 * len(under), "the slots under the hand are hidden"


@pytest.mark.parametrize("skin", UNSEEN_SKIN_TONES)
def test_a_hand_mostly_off_the_board(scene, layout, skin):
    # The arm lies on the table beside the board; only the fingers reach over its right edge.
    observation, under = look(scene, Hand((410.0, 300.0), 90.0, 50.0, 1.0, 0.1, skin))
    assert 0 < len(under) <= 12
    assert not observation.stable
    assert under <= observation.occluded_slots


def test_fingertips_over_the_score_track_at_a_corner(scene, layout):
    tip = (30.0, 540.0)
    observation, under = look(scene, Hand(tip, 315.0, 50.0, 1.0, 0.1, UNSEEN_SKIN_TONES[0]))
    assert 0 < len(under) <= 4 and all(slot.startswith("score.") for slot in under)
    assert not observation.stable
    assert under <= observation.occluded_slots
    # only the slots near the corner are hidden: the rest of the board is still read
    far = [slot for slot in observation.occluded_slots if np.hypot(*np.subtract(layout.region(slot).center, tip)) > 80]
    assert not far


@pytest.mark.parametrize("seat", [0, 2])
def test_a_hand_over_a_supply_zone_only(scene, layout, seat):
    zone = layout.supply(seat)
    centre = (zone.origin[0] + zone.size[0] / 2, zone.origin[1] + zone.size[1] / 2)
    from_side = 90.0 if centre[0] > layout.board_size[0] else 270.0
    observation, under = look(scene, Hand(centre, from_side, 50.0, 1.0, 0.1, UNSEEN_SKIN_TONES[1]))
    assert not under, "the hand is over no slot"
    assert observation.occluded and not observation.stable, "cubes are being taken: no resting state"
    assert not observation.occluded_slots, "every slot of the board is still read"


def test_a_hand_reaching_in_then_gone(scene, layout):
    # the arm slides in over the table and the board, then leaves: never stable until it has gone
    table, view, pipeline = scene
    for reach in (0.8, 0.9, 1.0):
        hand = Hand(layout.region("castle.worker.1").center, 180.0, 55.0, reach, 0.2, UNSEEN_SKIN_TONES[2])
        frame, _ = table.render(view, (hand,), frame_seed=10)
        assert not pipeline.observe(frame, still=True).stable, f"reach {reach}"
    observation, _ = look(scene)
    assert observation.stable
