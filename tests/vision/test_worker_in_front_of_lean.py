"""A worker put in front of a piece that leans into a neighbour's window leaves that neighbour's reference as it was."""

import pytest

from companion.games.table_view import Piece
from companion.live import watching_pipeline
from tests.reconciler.table import live_bots_at

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start  # noqa: E402

PLAYERS = ("red", "blue")


def test_the_bailiffs_top_is_not_read_as_the_provost_when_a_worker_stands_in_front():
    """The held-out live table of 2-player seed 159 (960×540), decision 40: the provost and the bailiff stand on road
    square 8, and the bailiff's top leans into road.9.provost's window, whose reference holds it. Blue's worker put
    on square 8 stands in front of the bailiff and changes its crop; road.9.provost was then read against its bare
    crop, where the bailiff's top read as the provost (0.65-0.8 after the lean doubt; in the live game 0.74-0.91 in
    every still frame, and the camera alerted "Red can't move the provost now")."""
    simulated, pipeline, _start = confirmed_start("holdout", 159, PLAYERS, (960, 540), watching_pipeline)
    session, move = live_bots_at(PLAYERS, 159, 40)
    views = [state.table_view() for state in session.history()]
    for number in range(1, len(views)):       # the camera confirms each state it sees, as in the live game
        if views[number].to_json() != views[number - 1].to_json():
            frame = simulated.render(views[number], frame_seed=number % 4)[0]
            pipeline.observe(frame, still=True)
            pipeline.confirm(frame, views[number])
    before, after = views[-1], session.state.apply(move).table_view()
    assert before.pieces("road.8.bailiff") and before.pieces("road.8.provost") and not before.pieces("road.8.worker")
    assert after.pieces("road.8.worker") == (Piece("worker", "blue"),) and not after.pieces("road.9.provost")
    for seed in range(4):
        seen = pipeline.observe(simulated.render(after, frame_seed=seed)[0], still=True)
        assert seen.best("road.8.worker")[0] == "worker:blue"
        assert seen.slots["road.9.provost"].get("provost", 0.0) < 0.5, (seed, seen.slots["road.9.provost"])

