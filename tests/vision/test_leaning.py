"""A tall piece seen at an angle shows in its neighbour's window: the neighbour is not read as confidently holding it."""

import numpy as np
import pytest

from companion.games.table_view import Piece
from companion.live import watching_pipeline
from vision.leaning import shadows
from vision.registration import camera_position_mm

pytest.importorskip("vision.render.renderer")
from vision.render.camera import Camera  # noqa: E402

from tests.vision.rendered import confirmed_start, read_with  # noqa: E402

PLAYERS = ("red", "blue", "green")


@pytest.mark.parametrize("azimuth", [0, 30, 90, 180, 270])
@pytest.mark.parametrize("tilt", [15, 45])
def test_the_camera_stands_where_the_homography_says(azimuth, tilt):
    camera = Camera.look_at((1280, 720), 70.0, (200.0, 280.0), 900.0, tilt_deg=tilt, azimuth_deg=azimuth)
    # the renderer's world has z pointing down into the table; the position's height is its distance above
    x, y, z = camera.position
    assert np.allclose(camera_position_mm(camera.homography(), (1280, 720)), (x, y, abs(z)), atol=1.0)


def test_a_piece_leans_away_from_the_camera_only():
    centres = [(100.0, 100.0), (100.0, 85.0), (100.0, 115.0)]      # a worker circle, one north, one south
    accepts = [("worker",), ("house",), ("house",)]
    from_the_south = np.array([100.0, 900.0, 700.0])             # about 50° from straight down
    # the worker covers the spot north of it (away from the camera), the southern house the worker's circle
    assert shadows(centres, [8.0, 6.5, 6.5], accepts, from_the_south) == {1: (0,), 0: (2,)}
    straight_above = np.array([100.0, 100.0, 900.0])
    assert shadows(centres, [8.0, 6.5, 6.5], accepts, straight_above) == {}


@pytest.fixture(scope="module")
def table():
    """A held-out table whose camera looks at the board steeply (seed 7: the live game that found this)."""
    return confirmed_start("holdout", 7, PLAYERS, (1280, 720), watching_pipeline, references=4)


def test_a_worker_is_not_also_read_as_a_house_on_the_owner_spot_next_to_it(table):
    seen = read_with(table, {"road.1.worker": Piece("worker", "blue")})
    assert seen.best("road.1.worker")[0] == "worker:blue"
    label, probability = seen.best("road.1.owner")
    assert label == "" or probability < 0.7          # not sure enough to contradict the rules (without: p 0.996)


def test_a_worker_in_the_inn_is_not_read_in_both_places(table):
    seen = read_with(table, {"inn.left": Piece("worker", "green")})
    # without the lean, the empty place reads as a green worker (p 0.52-0.55 with either committed model)
    assert seen.best("inn.right")[0] == ""


def test_a_house_alone_on_the_owner_spot_is_still_read(table):
    seen = read_with(table, {"road.1.owner": Piece("house", "blue")})
    label, probability = seen.best("road.1.owner")
    assert label == "house:blue" and probability >= 0.7


def test_a_worker_behind_the_provost_and_the_bailiff_is_hidden_not_absent():
    """Seen in a 4-player game: blue's worker on square 6, behind both officials, read as nothing (p 0.83-0.89)
    and the rules raised a false alert. What the camera cannot see is reported hidden, as under a hand."""
    start_table = confirmed_start("train", 8, PLAYERS, (960, 540), watching_pipeline, references=4)
    start = start_table[2]
    assert start.pieces("road.6.provost") and start.pieces("road.6.bailiff")
    seen = read_with(start_table, {"road.6.worker": Piece("worker", "blue")})
    label, _ = seen.best("road.6.worker")
    assert label == "worker:blue" or "road.6.worker" in seen.occluded_slots
    assert seen.best("road.6.provost")[0] == "provost" and "road.6.provost" not in seen.occluded_slots
