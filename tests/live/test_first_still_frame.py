"""The camera's first still frame may already show a move (the first player placed a worker while the companion was
starting). That frame must not be learned as the game's starting state: the worker would become part of the
"empty" square's look and the move would never be seen. It is read as the move it is and committed."""

import pytest


pytest.importorskip("vision.render.renderer")
from tests.live.bot_table import bot_table  # noqa: E402

PLAYERS = ("red", "blue")


def test_a_move_made_before_the_first_still_frame_is_committed_from_the_camera():
    desk, world, loop = bot_table(PLAYERS, 5, "train", rest_frames=0)
    frames = 0
    while len(desk.session.actions) < 2 and frames < 80 and not desk.session.open_alerts():
        loop.step()
        frames += 1
    assert desk.session.actions[:2] == world.actions[:2]
    assert desk.session.sources[:2] == ["camera", "camera"], "seen by the camera, not asked"
    assert not desk.session.alerts


def test_a_start_building_read_as_a_worker_before_any_hand_is_not_a_move():
    """Held-out 4 players, seed 199: on the first still frames, before any hand, the worker circle of the start
    building on road.16 read as a yellow worker (p 0.5-0.9); held back as a move already made, it was committed as
    yellow's first placement, and yellow's real one (road.6) alerted. With no hand seen, the first frames are the
    start."""
    desk, world, loop = bot_table(("red", "blue", "green", "yellow"), 199, "holdout")
    frames = 0
    while len(desk.session.actions) < 2 and frames < 120 and not desk.session.open_alerts():
        loop.step()
        frames += 1
    assert desk.session.actions[:2] == world.actions[:2]
    assert not desk.session.alerts
