"""Caylus 1303 on the live simulated table: the table's own decisions (tiles laid, first player, characters drawn)
are made by a hand that comes from no seat, and the real pipeline and reconciler follow the setup with no wrong
commit (the tiles and characters the camera has never seen are asked, as hidden choices)."""

import pytest

pytest.importorskip("vision.render.renderer")

DECISIONS = 8
FRAME_CAP = 400


def test_the_setup_is_laid_out_by_the_table_and_followed_by_the_camera():
    from companion.games import CHANCE
    from tests.live.bot_table import bot_table

    players = ("blue", "red")
    desk, world, loop = bot_table(players, 11, "train", (640, 360), game="caylus1303")
    frames = 0
    while len(desk.session.actions) < DECISIONS and frames < FRAME_CAP:
        loop.step()
        frames += 1
    assert len(desk.session.actions) >= DECISIONS, f"{len(desk.session.actions)} decisions in {frames} frames"
    assert all(action.player == CHANCE for action in world.actions[:DECISIONS])
    assert desk.session.actions == world.actions[:len(desk.session.actions)]
    assert desk.session.alerts == [], "no alert, not even the camera dropping out"
