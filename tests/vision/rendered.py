"""A rendered table at a game's start, its pipeline set up on the empty board and the start confirmed
(the turn-order discs teach the discs' colours, as at a real table)."""

from typing import Callable, Mapping, Sequence

import pytest

from companion.games import new_game
from companion.games.table_view import Piece, TableView
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


def read_with(table, placed: Mapping[str, Piece], removed: Sequence[str] = ()):
    """The observation of ``table`` (from :func:`confirmed_start`) with its start's pieces on the slots ending
    in ``removed`` taken off and ``placed`` put down."""
    simulated, pipeline, start = table
    view = TableView.from_json(start.to_json())
    view.slots = {slot: pieces for slot, pieces in view.slots.items() if not slot.endswith(tuple(removed))}
    for slot, piece in placed.items():
        view.put(slot, piece)
    return pipeline.observe(simulated.render(view, frame_seed=6)[0], still=True)


def worker_leaves_then_learned(simulated, pipeline, built: TableView, circle: str, worker: Piece):
    """A worker circle whose reference never saw what ``built`` has on its square: the rules confirm the square with
    ``worker`` on the circle; once the worker has gone the circle must read hidden or empty (not the square's new
    look as a worker), and after the rules confirm it empty it reads empty, and a red worker put there reads red.
    Returns the observation of the occupied square."""
    occupied = TableView.from_json(built.to_json())
    occupied.put(circle, worker)
    frame = simulated.render(occupied, frame_seed=7)[0]
    first = pipeline.observe(frame, still=True)
    pipeline.confirm(frame, occupied)
    for seed in (8, 9, 10):
        seen = pipeline.observe(simulated.render(built, frame_seed=seed)[0], still=True)
        assert circle in seen.occluded_slots or seen.best(circle)[0] == "", seen.slots[circle]
    frame = simulated.render(built, frame_seed=11)[0]
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, built)
    seen = pipeline.observe(simulated.render(built, frame_seed=12)[0], still=True)
    assert circle not in seen.occluded_slots and seen.best(circle)[0] == ""
    placed = TableView.from_json(built.to_json())
    placed.put(circle, Piece("worker", "red"))
    seen = pipeline.observe(simulated.render(placed, frame_seed=13)[0], still=True)
    assert seen.best(circle)[0] == "worker:red", seen.slots[circle]
    return first
