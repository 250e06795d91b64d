"""A piece's colour is its own, not that of the piece standing in front of it: seen at an angle, the piece in
front fills much of the crop of the one behind (held-out stills: a red worker behind a blue one read blue, then
doubted as the blue one leaning in; 10 such slots of 17 733)."""

import pytest

from companion.games.table_view import Piece
from vision.pipeline import VisionPipeline

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start, read_with  # noqa: E402


# Held-out tables of the benchmark's frames 11, 18 and 43, with the pieces those frames have there.
@pytest.mark.parametrize("seed, players, placed", [
    (424212737, ("red", "blue", "green", "yellow", "black"), {"castle.worker.1": "blue", "castle.worker.2": "red"}),
    (424212744, ("red", "blue", "green", "yellow"), {"castle.worker.1": "blue", "castle.worker.2": "green"}),
    (424212769, ("red", "blue"), {"castle.worker.1": "red", "castle.worker.2": "blue"}),
])
def test_a_piece_behind_another_colour_is_read_in_its_own(seed, players, placed):
    table = confirmed_start("holdout", seed, players, (1280, 720), VisionPipeline, references=3)
    seen = read_with(table, {slot: Piece("worker", colour) for slot, colour in placed.items()})
    assert {slot: seen.best(slot)[0] for slot in placed} == {slot: f"worker:{colour}" for slot, colour in placed.items()}
