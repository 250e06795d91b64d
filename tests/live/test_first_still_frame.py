"""The camera's first still frame may already show a move (the first player placed a worker while the companion was
starting). That frame must not be learned as the game's starting state: the worker would become part of the
"empty" square's look and the move would never be seen. It is read as the move it is and committed."""

import pytest

from companion.live import TableLoop, watching_pipeline
from companion.live.prompt_bots import PromptBots
from companion.session import Journal
from companion.web.desk import Desk
from vision.layout import load_layout

pytest.importorskip("vision.render.renderer")
from companion.live.simulated_table import SimulatedWorld  # noqa: E402

PLAYERS = ("red", "blue")


def test_a_move_made_before_the_first_still_frame_is_committed_from_the_camera():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=list(PLAYERS), seed=5, variants={}, guided=False)
    world = SimulatedWorld(lambda: desk.session, bots=set(PLAYERS), seed=5, size=(960, 540), domain="train",
                           rest_frames=0)
    loop = TableLoop(desk, world, watching_pipeline(load_layout(), PLAYERS),
                     after_frame=[PromptBots(world, bots=PLAYERS, delay_frames=3)])
    loop.set_reference(world.setup_pictures())
    frames = 0
    while len(desk.session.actions) < 2 and frames < 80 and not desk.session.open_alerts():
        loop.step()
        frames += 1
    assert desk.session.actions[:2] == world.actions[:2]
    assert desk.session.sources[:2] == ["camera", "camera"], "seen by the camera, not asked"
    assert not desk.session.alerts
