"""A worker put beside its own player's house, on a circle whose reference holds the house: read as the worker."""

import pytest

from companion.games.table_view import Piece, TableView
from companion.live import watching_pipeline

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start  # noqa: E402


def _built_and_learned():
    """The held-out live table of 2-player seed 265 (960×540): blue's house on road.9, confirmed with the circle bare
    (so the circle's reference holds the house, as after any move once the house stands)."""
    simulated, pipeline, start = confirmed_start("holdout", 265, ("red", "blue"), (960, 540), watching_pipeline)
    built = TableView.from_json(start.to_json())
    built.put("road.9.tile", Piece("tile", None, "wood_marketplace"))
    built.put("road.9.owner", Piece("house", "blue"))
    for frame_seed in (6, 7):
        frame = simulated.render(built, frame_seed=frame_seed)[0]
        pipeline.observe(frame, still=True)
        pipeline.confirm(frame, built)
    return simulated, pipeline, built


def test_a_worker_beside_its_own_house_is_read_not_hidden():
    """Decision 80 of that game: blue put a worker on road.9. Read worker:blue at p 0.96-0.98, the house's lean halved
    it and explained the rest, so the circle was called hidden and the placement asked: a fifth of the placements
    beside the placer's own house were asked, in the 66 held-out games of sessions 21-22."""
    simulated, pipeline, built = _built_and_learned()
    occupied = TableView.from_json(built.to_json())
    occupied.put("road.9.worker", Piece("worker", "blue"))
    for frame_seed in (8, 9):
        seen = pipeline.observe(simulated.render(occupied, frame_seed=frame_seed)[0], still=True)
        assert "road.9.worker" not in seen.occluded_slots
        label, probability = seen.best("road.9.worker")
        assert (label, probability >= 0.7) == ("worker:blue", True), seen.slots["road.9.worker"]   # the rules' 0.7


def test_the_bare_circle_beside_the_house_does_not_read_a_worker():
    """The guard: with nobody on the circle, the learned house is not taken for a worker of its colour."""
    simulated, pipeline, built = _built_and_learned()
    for frame_seed in (8, 9):
        seen = pipeline.observe(simulated.render(built, frame_seed=frame_seed)[0], still=True)
        assert seen.slots["road.9.worker"].get("worker:blue", 0.0) < 0.5, seen.slots["road.9.worker"]
