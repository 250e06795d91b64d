"""A new house beside a road square's worker circle that a worker stood on since it was built: the circle's reference
never saw the house, so the house showing in its window must not read as a worker of its colour."""

import pytest

from companion.games.table_view import Piece, TableView
from companion.live import watching_pipeline

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start, worker_leaves_then_learned  # noqa: E402


def test_a_house_built_under_a_worker_does_not_read_as_a_worker_once_the_worker_leaves():
    """The held-out live table of 3-player seed 137 (960×540), decisions 58–72: red built the wood marketplace on
    road.11 (its house on road.11.owner), blue put a worker there at once; when the worker went home, the circle read
    a red worker (p 0.78–0.91) and the camera alerted "Red can't place a worker now"."""
    simulated, pipeline, start = confirmed_start("holdout", 137, ("red", "blue", "green"), (960, 540),
                                                 watching_pipeline)
    built = TableView.from_json(start.to_json())
    built.put("road.11.tile", Piece("tile", None, "wood_marketplace"))
    built.put("road.11.owner", Piece("house", "red"))
    occupied = worker_leaves_then_learned(simulated, pipeline, built, "road.11.worker", Piece("worker", "blue"))
    assert occupied.best("road.11.worker")[0] == "worker:blue"
