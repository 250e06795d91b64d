"""A worker behind the owner's house on a road square: hidden from the camera, yet glimpsed (the reconciler's
``glimpsed_behind`` counts on that)."""

import pytest

from companion.games.table_view import Piece, TableView
from companion.live import watching_pipeline
from companion.reconciler.actors import GLIMPSE, GLIMPSE_BEFORE

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start  # noqa: E402


def test_a_worker_behind_a_house_is_reported_behind_and_glimpsed_where_the_empty_slot_was_not():
    """The held-out live table of 2-player seed 112 (960×540), decision 15: red's worker on road.9, behind blue's
    house on its mason; the camera sees it from the side the house stands on."""
    simulated, pipeline, start = confirmed_start("holdout", 112, ("red", "blue"), (960, 540), watching_pipeline)
    built = TableView.from_json(start.to_json())
    built.put("road.9.tile", Piece("tile", None, "mason"))
    built.put("road.9.owner", Piece("house", "blue"))
    frame = simulated.render(built, frame_seed=7)[0]
    first = pipeline.observe(frame, still=True)
    pipeline.confirm(frame, built)
    placed = TableView.from_json(built.to_json())
    placed.put("road.9.worker", Piece("worker", "red"))
    seen = [pipeline.observe(simulated.render(view, frame_seed=s)[0], still=True)
            for view, s in ((built, 8), (placed, 9), (placed, 10), (placed, 11), (placed, 12))]
    assert first.best("road.9.owner")[0] == "house:blue"
    before, after = seen[0], seen[1:]
    assert before.slots["road.9.worker"].get("worker:red", 0.0) < GLIMPSE_BEFORE, before.slots["road.9.worker"]
    glimpsed = 0
    for observation in after:
        reading = observation.slots["road.9.worker"]
        assert observation.behind <= observation.occluded_slots
        if "road.9.worker" in observation.behind:
            assert reading.get("worker:red", 0.0) >= GLIMPSE, reading
            glimpsed += 1
        else:       # seen over the house: then read as itself
            assert observation.best("road.9.worker")[0] == "worker:red", reading
    assert glimpsed, "the house hides the worker in some frame"
