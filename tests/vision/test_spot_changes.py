"""How far the picture of each provost and bailiff spot and each worker circle is from the one the rules last
confirmed (``Observation.changes``): a pale provost the slot model misses still changes its square's picture
(held-out 3 players, seed 253, decision 17: square 3 read no provost at 0.98, its picture 59-60 from the confirmed
one)."""

import pytest

from companion.games.table_view import Piece
from companion.reconciler.picture_changes import CHANGED_FROM, CHANGED_TO
from companion.reconciler.placement_rises import CIRCLE_CHANGED_TO

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start, read_with  # noqa: E402

PLAYERS = ("red", "blue", "green")


@pytest.mark.parametrize("seed", [253, 264])
def test_a_moved_provost_changes_its_new_square_only(seed):
    table = confirmed_start("holdout", seed, PLAYERS, (960, 540))
    start = table[2]
    assert start.pieces("road.6.provost"), "the provost starts on square 6"
    still = read_with(table, {})
    spots = [slot for slot in still.changes if slot.endswith(".provost")]
    assert len(spots) >= 20 and max(still.changes[slot] for slot in spots) < CHANGED_FROM
    moved = read_with(table, {"road.3.provost": Piece("provost")}, removed=("road.6.provost",))
    assert moved.changes["road.3.provost"] >= CHANGED_TO
    assert max(level for slot, level in moved.changes.items()
               if slot.endswith(".provost") and slot not in ("road.3.provost", "road.6.provost")) < CHANGED_FROM


@pytest.mark.parametrize("seed", [253, 264])
def test_a_worker_put_down_changes_its_circle_only(seed):
    """The worker circles are watched too (a worker read at even odds, held-out 2 players, seed 250, decision 102):
    a worker put down moves its circle's picture past ``CIRCLE_CHANGED_TO``, and no other place's circle."""
    table = confirmed_start("holdout", seed, PLAYERS, (960, 540))
    circles = [slot for slot in read_with(table, {}).changes if not slot.endswith((".provost", ".bailiff"))]
    assert len(circles) >= 40
    put = read_with(table, {"road.3.worker": Piece("worker", "red")})
    assert put.changes["road.3.worker"] >= CIRCLE_CHANGED_TO
    assert max(put.changes[slot] for slot in circles if slot != "road.3.worker") < CIRCLE_CHANGED_TO
