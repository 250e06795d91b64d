"""A piece put behind a neighbour's piece that its reference took in is reported hidden, not read as nothing."""

import pytest

from companion.games.table_view import Piece, TableView
from companion.live import watching_pipeline

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start  # noqa: E402

PLAYERS = ("red", "blue", "green")
GREEN = Piece("worker", "green")


def confirmed(simulated, pipeline, view: TableView, frame_seed: int) -> None:
    frame = simulated.render(view, frame_seed=frame_seed)[0]
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, view)


def test_a_worker_staying_on_inn_right_is_hidden_once_another_stands_on_inn_left():
    """The held-out live table of 3-player seed 274 (960×540), decision 84. Green's worker on inn.left leans into
    inn.right's window, and inn.right's reference was taken with it. The worker moved on to inn.right and stayed
    there; green then put another worker on inn.left. inn.left looked as it did when inn.right's reference was
    taken, so inn.right was read against that reference and its worker read as nothing (p 0.98), while the new
    worker itself read at p 0.35-0.47 only: the camera then offered "Green took the worker back" against the
    answer given."""
    simulated, pipeline, start = confirmed_start("holdout", 274, PLAYERS, (960, 540), watching_pipeline)
    on_left = TableView.from_json(start.to_json())
    on_left.put("inn.left", GREEN)
    confirmed(simulated, pipeline, on_left, 1)
    on_right = TableView.from_json(start.to_json())
    on_right.put("inn.right", GREEN)
    confirmed(simulated, pipeline, on_right, 2)
    seen = pipeline.observe(simulated.render(on_right, frame_seed=3)[0], still=True)
    assert seen.best("inn.right")[0] == "worker:green", seen.slots["inn.right"]
    both = TableView.from_json(on_right.to_json())
    both.put("inn.left", GREEN)
    for frame_seed in range(4):
        seen = pipeline.observe(simulated.render(both, frame_seed=frame_seed)[0], still=True)
        assert "inn.right" in seen.occluded_slots or seen.best("inn.right")[0] == "worker:green", \
            (frame_seed, seen.slots["inn.right"])
