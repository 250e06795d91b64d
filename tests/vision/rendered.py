"""A rendered table at a game's start, its pipeline set up on the empty board and the start confirmed
(the turn-order discs teach the discs' colours, as at a real table)."""

from typing import Callable, Sequence

import pytest

from companion.games import new_game
from companion.games.table_view import TableView
from vision.layout import Layout, load_layout
from vision.pipeline import VisionPipeline

pytest.importorskip("vision.render.renderer")
from vision.render.domains import sample_style  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402


def confirmed_start(domain: str, seed: int, players: Sequence[str], size: tuple[int, int] = (1280, 720),
                    make_pipeline: Callable[[Layout, Sequence[str]], VisionPipeline] = VisionPipeline,
                    references: int = 3):
    """(simulated table, pipeline, the start's table view)."""
    layout = load_layout()
    simulated = SimulatedTable(layout, sample_style(domain, seed), size)
    pipeline = make_pipeline(layout, players)
    empty = TableView("caylus", tuple(players))
    pipeline.set_reference([simulated.render(empty, frame_seed=s)[0] for s in range(references)])
    start = new_game("caylus", list(players), seed=seed).table_view()
    frame = simulated.render(start, frame_seed=5)[0]
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, start)
    return simulated, pipeline, start
