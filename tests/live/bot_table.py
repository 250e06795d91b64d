"""A game of bots at the simulated table, followed by the real live loop: the desk, the world and the loop."""

from typing import Any, Sequence

import pytest

from companion.live import TableLoop, watching_pipeline
from companion.live.prompt_bots import PromptBots
from companion.session import Journal
from companion.web.desk import Desk
from vision.layout import load_layout

pytest.importorskip("vision.render.renderer")
from companion.live.simulated_table import SimulatedWorld  # noqa: E402


def bot_table(players: Sequence[str], seed: int, domain: str, size: tuple[int, int] = (960, 540),
              game: str = "caylus", **world_options: Any) -> tuple[Desk, SimulatedWorld, TableLoop]:
    """Bots play every seat of ``game`` (a pack with a board layout) and answer the camera's questions with what
    they did; the loop is set up on the empty board."""
    from companion.games.registry import get_pack

    desk = Desk(Journal(":memory:"))
    desk.new_game(game=game, players=list(players), seed=seed, variants={}, guided=False)
    world = SimulatedWorld(lambda: desk.session, bots=set(players), seed=seed, size=size, domain=domain,
                           adopt_bot_decisions=False, **world_options)
    loop = TableLoop(desk, world, watching_pipeline(load_layout(get_pack(game).table.default_layout), players),
                     after_frame=[PromptBots(world, bots=players, delay_frames=3)])
    loop.set_reference(world.setup_pictures())
    world.start_cue = lambda: loop.start_seen
    return desk, world, loop
