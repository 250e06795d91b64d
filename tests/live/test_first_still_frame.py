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
