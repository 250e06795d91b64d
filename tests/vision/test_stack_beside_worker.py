"""The provost and the bailiff on a road square show in that square's worker window (the wide provost's body, and
both pieces' shadows under a low lamp): until the rules confirm them there, a worker read in it is not believed
(the window is reported hidden); once confirmed, their look is part of its reference and a worker put there is read."""

import pytest

from companion.games.table_view import Piece, TableView
from companion.live import watching_pipeline
from companion.live.loop import AGREEMENT_DOUBT
from companion.reconciler.evidence import CONFIDENT, VisibleView, confident_mismatches

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start  # noqa: E402


@pytest.mark.parametrize("seed, players", [(131, ("red", "blue", "green")), (109, ("red", "blue"))])
def test_the_provost_and_bailiff_on_a_square_are_no_worker_and_a_worker_put_there_is(seed, players):
    """Held-out live tables (960×540): the end of a turn moved the provost and the bailiff onto road square 16, and
    its worker window read a red worker (p 0.67-0.91, 3 players seed 131; 2 players seed 109 alike) in every frame:
    the frame never agreed with the state, so vision never learned that look, and red's worker put in the merchants'
    guild was committed as "red to road 16" (seed 131, decision 86; seed 109: "Red can't place a worker now")."""
    simulated, pipeline, start = confirmed_start("holdout", seed, players, (960, 540), watching_pipeline)
    view = TableView.from_json(start.to_json())
    view.slots = {slot: pieces for slot, pieces in view.slots.items() if not slot.endswith((".provost", ".bailiff"))}
    view.put("road.16.provost", Piece("provost"))
    view.put("road.16.bailiff", Piece("bailiff"))
    frame = simulated.render(view, frame_seed=6)[0]
    seen = pipeline.observe(frame, still=True)
    assert seen.best("road.16.provost")[0] == "provost" and seen.best("road.16.bailiff")[0] == "bailiff"
    # the frame agrees with the state (the live loop then teaches vision its look), and shows no worker to the rules
    assert not confident_mismatches(seen, VisibleView.of(view), AGREEMENT_DOUBT).slots, seen.slots["road.16.worker"]

    pipeline.confirm(frame, view)
    seen = pipeline.observe(simulated.render(view, frame_seed=7)[0], still=True)
    assert seen.best("road.16.worker") == ("", pytest.approx(1.0, abs=0.05)), seen.slots["road.16.worker"]
    assert "road.16.worker" not in seen.occluded_slots
    for seat, colour in enumerate(players[:2]):
        placed = TableView.from_json(view.to_json())
        placed.put("road.16.worker", Piece("worker", colour))
        seen = pipeline.observe(simulated.render(placed, frame_seed=8 + seat)[0], still=True)
        label, p = seen.best("road.16.worker")
        assert label == f"worker:{colour}" and p >= CONFIDENT, seen.slots["road.16.worker"]
        assert "road.16.worker" not in seen.occluded_slots
