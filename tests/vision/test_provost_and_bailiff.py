"""The provost and the bailiff are white cylinders, one of each: the bailiff's top seen over the provost spot
beside it is not a second provost (held-out stills: 13 provosts read where only the bailiff stood next door,
p 0.6-0.98, and the reconciler had to ask where the provost was)."""

import pytest

from companion.games.table_view import Piece
from vision.pipeline import VisionPipeline

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start, read_with  # noqa: E402


# Held-out tables of the benchmark's set (frames 42 and 2): a camera on the board's right side, the bailiff
# on square 6, leaning over its own square's provost spot; one on the left, the bailiff on square 11 leaning
# over square 10's provost spot.
@pytest.mark.parametrize("seed, players, provost, bailiff, watched", [
    (424212768, ("red", "blue", "green", "yellow", "black"), 11, 6, "road.6.provost"),
    (424212728, ("red", "blue"), 11, 11, "road.10.provost"),
])
def test_the_bailiff_leaning_over_a_provost_spot_is_not_a_second_provost(seed, players, provost, bailiff, watched):
    table = confirmed_start("holdout", seed, players, (1280, 720), VisionPipeline, references=3)
    seen = read_with(table, {f"road.{provost}.provost": Piece("provost"), f"road.{bailiff}.bailiff": Piece("bailiff")},
                     removed=(".provost", ".bailiff"))
    assert seen.best(f"road.{bailiff}.bailiff")[0] == "bailiff"
    assert seen.best(f"road.{provost}.provost")[0] == "provost"
    assert seen.best(watched)[0] == ""

