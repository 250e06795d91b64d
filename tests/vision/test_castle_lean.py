"""A house built behind another in the castle: the camera can't see it, and its top read on the next place is doubted."""

import pytest

from companion.games.table_view import Piece, TableView
from companion.live import watching_pipeline
from companion.reconciler.evidence import CONFIDENT

pytest.importorskip("vision.render.renderer")

from tests.vision.rendered import confirmed_start  # noqa: E402


def test_a_house_built_behind_another_is_unseen_not_read_on_the_next_place():
    """The held-out live table of 2-player seed 64 (960×540), decision 99: blue had just built on castle.towers.1, red
    built on towers.2. Seen from this camera a house covers the next place's centre: red's house read as blue's
    leaning in on towers.2 and as a red house on towers.3 (p 1.0), so "house red on castle.towers.3, which no legal
    move explains" was alerted, and the build, read against towers.2, lost to "skip" (a wrong commit)."""
    simulated, pipeline, start = confirmed_start("holdout", 64, ("red", "blue"), (960, 540), watching_pipeline)
    view = TableView.from_json(start.to_json())
    view.put("castle.towers.1", Piece("house", "blue"))
    view.put("castle.towers.2", Piece("house", "red"))
    seen = pipeline.observe(simulated.render(view, frame_seed=11)[0], still=True)
    towers_2 = seen.slots["castle.towers.2"]
    assert "castle.towers.2" in seen.occluded_slots or seen.best("castle.towers.2")[0] == "house:red", towers_2
    label, p = seen.best("castle.towers.3")
    assert not (label == "house:red" and p >= CONFIDENT), seen.slots["castle.towers.3"]
    assert seen.best("castle.towers.1")[0] == "house:blue"


@pytest.mark.parametrize("players, seed, front, beyond", [
    (4, 173, "castle.walls.1", "castle.dungeon.3"),     # the camera beyond the board's right edge: tops lean left
    (5, 175, "castle.towers.1", "castle.towers.2"),     # … beyond its left edge: tops lean right
])
def test_each_frame_says_which_castle_places_a_house_in_front_covers(players, seed, front, beyond):
    """The reconciler takes a house read on a place a house in front covers, in any colour, as that house's top
    (``companion.reconciler.fixtures.top_of_a_piece_in_front``): the observation carries, from this camera, what covers
    what. Held-out tables of the live batches where it was so (4 players seed 173, 5 players seed 175)."""
    colours = ("red", "blue", "green", "yellow", "black")[:players]
    simulated, pipeline, start = confirmed_start("holdout", seed, colours, (960, 540), watching_pipeline)
    seen = pipeline.observe(simulated.render(start, frame_seed=7)[0], still=True)
    assert front in seen.leaning_in[beyond]
    assert beyond not in seen.leaning_in.get(front, ())
