"""A building a worker stood on from the first still frame the rules confirmed it in: the worker circle's reference
still shows the bare road, so the building's art must not read as a worker once the worker leaves."""

import pytest

from companion.games.table_view import Piece, TableView
from companion.live import watching_pipeline

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start  # noqa: E402


def test_a_building_confirmed_under_a_worker_does_not_read_as_a_worker_once_the_worker_leaves():
    """The held-out live table of 2-player seed 176 (960×540), decisions 98–106: blue built the wood peddler on road.11
    (answered on the tablet: no still frame taught the circle the building's look), red put a worker there; when it
    went home, the circle read a red worker (p 0.82-0.88): "road.11.worker should now show nothing"."""
    simulated, pipeline, start = confirmed_start("holdout", 176, ("red", "blue"), (960, 540), watching_pipeline)
    built = TableView.from_json(start.to_json())
    built.put("road.11.tile", Piece("tile", None, "wood_peddler"))
    built.put("road.11.owner", Piece("house", "blue"))
    occupied = TableView.from_json(built.to_json())
    occupied.put("road.11.worker", Piece("worker", "red"))
    frame = simulated.render(occupied, frame_seed=7)[0]
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, occupied)
    for seed in (8, 9, 10):
        seen = pipeline.observe(simulated.render(built, frame_seed=seed)[0], still=True)
        reading = seen.slots["road.11.worker"]
        assert "road.11.worker" in seen.occluded_slots or seen.best("road.11.worker")[0] == "", reading
    # once the rules confirm the square without the worker, the circle reads empty, and a worker put there reads as
    # itself
    frame = simulated.render(built, frame_seed=11)[0]
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, built)
    seen = pipeline.observe(simulated.render(built, frame_seed=12)[0], still=True)
    assert "road.11.worker" not in seen.occluded_slots and seen.best("road.11.worker")[0] == ""
    placed = TableView.from_json(built.to_json())
    placed.put("road.11.worker", Piece("worker", "red"))
    seen = pipeline.observe(simulated.render(placed, frame_seed=13)[0], still=True)
    assert seen.best("road.11.worker")[0] == "worker:red", seen.slots["road.11.worker"]
