"""A building a worker stood on from the first still frame the rules confirmed it in: the worker circle's reference
still shows the bare road, so the building's art must not read as a worker once the worker leaves."""

import pytest

from companion.games.table_view import Piece, TableView
from companion.live import watching_pipeline

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start, worker_leaves_then_learned  # noqa: E402


def test_a_building_confirmed_under_a_worker_does_not_read_as_a_worker_once_the_worker_leaves():
    """The held-out live table of 2-player seed 176 (960×540), decisions 98–106: blue built the wood peddler on road.11
    (answered on the tablet: no still frame taught the circle the building's look), red put a worker there; when it
    went home, the circle read a red worker (p 0.82-0.88): "road.11.worker should now show nothing"."""
    simulated, pipeline, start = confirmed_start("holdout", 176, ("red", "blue"), (960, 540), watching_pipeline)
    built = TableView.from_json(start.to_json())
    built.put("road.11.tile", Piece("tile", None, "wood_peddler"))
    built.put("road.11.owner", Piece("house", "blue"))
    worker_leaves_then_learned(simulated, pipeline, built, "road.11.worker", Piece("worker", "red"))
