"""Supply-zone pictures from the simulated table (train domain only), for the zone model.

One train-domain table per seed: a random mid-game position, its empty-table setup capture, then
``RENDERS`` frames of the same table whose supplies each differ from the position's by the evaluation's
"one move earlier" changes (:func:`vision.evaluation.previous_supplies`: 0–3 cubes, 0–2 deniers), and
sometimes a worker or house more or less (every piece after it in the zone then lies elsewhere: the
re-jitter of a touched pile). Each frame is registered by the pipeline's own tracker and every seat's
zone rectified as the pipeline rectifies it, then shrunk to the model's input (:func:`zone_input`).
Any two frames of one table then make a (confirmed, now) training pair per seat: ``RENDERS`` frames
give ``RENDERS × (RENDERS − 1)`` ordered pairs of each zone for the cost of one frame each (≈ 0.1–0.2 s
once the table is made).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from companion.games.table_view import TableView
from vision.evaluation import previous_supplies
from vision.layout import Layout, load_layout
from vision.observation import CUBE_TYPES
from vision.pipeline import VisionPipeline
from vision.zone_model import INPUT_HEIGHT, INPUT_WIDTH, zone_input

RENDERS = 8                     # frames per table (each a possible "confirmed" and "now" of the others)
PIECE_CHANGE = 0.4              # share of frames where a worker or house also comes or goes
Zones = tuple[np.ndarray, np.ndarray, np.ndarray]     # pictures (N, H, W, 3), counts (N, 5), group (N,)


def perturbed(view: TableView, rng: np.random.Generator) -> TableView:
    """``view`` with every supply as it may have been one move earlier (and maybe a piece moved)."""
    supplies = previous_supplies(view, rng)
    for counts in supplies.values():
        if rng.random() < PIECE_CHANGE:
            piece = "worker" if rng.random() < 0.6 else "house"
            counts[piece] = max(0, counts.get(piece, 0) + int(rng.choice([-1, 1])))
    changed = TableView.from_json(view.to_json())
    changed.supplies = supplies
    return changed


def harvest(seed: int, layout: Layout, heaps: bool = False, renders: int = RENDERS,
            size: tuple[int, int] = (1280, 720)) -> Zones:
    """Every seat's zone in ``renders`` frames of the train-domain table ``seed`` (its cubes in rows unless
    ``heaps`` and the style heaps them); the group of a picture is ``seed × 8 + seat`` (pairs are made
    within a group)."""
    from companion.cli.render import COLOURS, random_midgame
    from vision.render.domains import sample_style
    from vision.render.renderer import SimulatedTable

    rng = np.random.default_rng([seed, 11])
    players = list(COLOURS[:int(rng.integers(2, 6))])
    view = random_midgame(players, seed).table_view()
    style = sample_style("train", seed)
    table = SimulatedTable(layout, replace(style, heaped_supplies=heaps and style.heaped_supplies), size)
    pipeline = VisionPipeline(layout, players, model=None)
    empty, _ = table.render(TableView(view.game, view.players), frame_seed=1)
    nothing: Zones = (np.empty((0, INPUT_HEIGHT, INPUT_WIDTH, 3), np.uint8), np.empty((0, len(CUBE_TYPES)), np.int8),
                      np.empty(0, np.int64))
    try:
        pipeline.set_reference(empty)
    except ValueError:
        return nothing              # setup refuses this camera (markers on one side): no user would play so
    pictures, counts, groups = [], [], []
    for k in range(renders):
        shown = view if k == 0 else perturbed(view, rng)
        frame, _ = table.render(shown, frame_seed=2 + k)
        pose = pipeline.tracker.update(frame)
        if pose is None:
            continue
        for seat in pipeline.reference.supplies:
            supply = shown.supplies.get(players[seat])
            if supply is None:
                continue
            pictures.append(zone_input(pipeline._supply_picture(frame, pose, seat)))
            counts.append([supply.get(name, 0) for name in CUBE_TYPES])
            groups.append(seed * 8 + seat)
    if not pictures:
        return nothing
    return np.stack(pictures), np.array(counts, np.int8), np.array(groups, np.int64)


def make_zone_dataset(seeds: range, heaps: bool = False,
                      progress: Callable[[int, int], None] | None = None) -> Zones:
    """The zone pictures of every seed's table, concatenated."""
    layout = load_layout()
    parts = []
    for n, seed in enumerate(seeds):
        parts.append(harvest(seed, layout, heaps))
        if progress:
            progress(n + 1, len(seeds))
    return tuple(np.concatenate(p) for p in zip(*parts))
