"""A building keeps its name while a provost or bailiff its learned looks never had stands next door."""

import pytest

from companion.games.table_view import Piece, TableView
from companion.live import watching_pipeline

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start  # noqa: E402


def test_the_carpenter_beside_the_newly_arrived_bailiff_still_reads_the_carpenter():
    """The held-out live table of 3-player seed 289 (960×540), decision 25. The turn's end put
    the provost and the bailiff on road.7; the 20 mm bailiff leans into road.8's picture, whose carpenter was learned
    with nobody next door, and the carpenter read as the peddler (p 0.75-0.86): "Red can't build now"."""
    simulated, pipeline, start = confirmed_start("holdout", 289, ("red", "blue", "green"), (960, 540),
                                                 watching_pipeline)
    assert [piece.name for piece in start.pieces("road.8.tile")] == ["fixed_carpenter"]
    moved = TableView.from_json(start.to_json())
    for slot in ("road.6.provost", "road.6.bailiff"):
        moved.slots.pop(slot)
    moved.put("road.7.provost", Piece("provost"))
    moved.put("road.7.bailiff", Piece("bailiff"))
    for frame_seed in range(2):
        seen = pipeline.observe(simulated.render(moved, frame_seed=frame_seed)[0], still=True)
        assert seen.best("road.8.tile")[0] == "tile:fixed_carpenter", seen.slots["road.8.tile"]
    # once the rules confirm the square's look with them there, it is learned: the reading is the look's own again
    frame = simulated.render(moved, frame_seed=2)[0]
    pipeline.confirm(frame, moved)
    seen = pipeline.observe(simulated.render(moved, frame_seed=3)[0], still=True)
    assert seen.slots["road.8.tile"].get("tile:fixed_carpenter", 0.0) >= 0.95, seen.slots["road.8.tile"]
