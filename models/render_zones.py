"""Supply-zone pictures from the simulated table (train domain only), for the zone model.

One train-domain table per seed: a random mid-game position, its empty-table setup capture, then
``RENDERS`` frames of the same table whose supplies each differ from the position's by the evaluation's
"one move earlier" changes (:func:`vision.evaluation.previous_supplies`: 0–3 goods, 0–2 coins), and
sometimes a spare piece (the first two ``armed`` kinds) more or less (every piece after it in the zone then lies
elsewhere: the re-jitter of a touched pile). The game is the default pack's: the committed zone model counts its
goods (``zones.calibration.json`` names them). Each frame is registered by the pipeline's own tracker and every seat's
zone rectified as the pipeline rectifies it, then shrunk to the model's input (:func:`zone_input`).
Any two frames of one table then make a (confirmed, now) training pair per seat: ``RENDERS`` frames
give ``RENDERS × (RENDERS − 1)`` ordered pairs of each zone for the cost of one frame each (≈ 0.1–0.2 s
once the table is made).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from companion.games.playout import random_midgame
from companion.games.registry import default_pack
from companion.games.table_view import TableView
from vision.evaluation import previous_supplies
from vision.layout import Layout, layout_pack, load_layout
from vision.pipeline import VisionPipeline
from vision.vocabulary import Vocabulary
from vision.zone_model import INPUT_HEIGHT, INPUT_WIDTH, zone_input

RENDERS = 8                     # frames per table (each a possible "confirmed" and "now" of the others)
PIECE_CHANGE = 0.4              # share of frames where a worker or house also comes or goes
Zones = tuple[np.ndarray, np.ndarray, np.ndarray]     # pictures (N, H, W, 3), counts (N, goods), group (N,)


def perturbed(view: TableView, rng: np.random.Generator, terms: Vocabulary) -> TableView:
    """``view`` with every supply as it may have been one move earlier (and maybe a piece moved)."""
    supplies = previous_supplies(view, rng, terms)
    spare = terms.armed
    for counts in supplies.values():
        if spare and rng.random() < PIECE_CHANGE:
            piece = spare[0] if len(spare) < 2 or rng.random() < 0.6 else spare[1]
            counts[piece] = max(0, counts.get(piece, 0) + int(rng.choice([-1, 1])))
    changed = TableView.from_json(view.to_json())
    changed.supplies = supplies
    return changed


def harvest(seed: int, layout: Layout, heaps: bool = False, renders: int = RENDERS,
            size: tuple[int, int] = (1280, 720)) -> Zones:
    """Every seat's zone in ``renders`` frames of the train-domain table ``seed`` (its cubes in rows unless
    ``heaps`` and the style heaps them); the group of a picture is ``seed × 8 + seat`` (pairs are made
    within a group)."""
    from vision.render.domains import sample_style
    from vision.render.renderer import SimulatedTable

    pack = layout_pack(layout)
    info = pack.info
    rng = np.random.default_rng([seed, 11])
    players = list(info.colours[:int(rng.integers(info.min_players, info.max_players + 1))])
    view = random_midgame(pack, players, seed).table_view()
    style = sample_style("train", seed)
    table = SimulatedTable(layout, replace(style, heaped_supplies=heaps and style.heaped_supplies), size)
    pipeline = VisionPipeline(layout, players, model=None)
    goods = pipeline.terms.goods
    empty, _ = table.render(TableView(view.game, view.players), frame_seed=1)
    nothing: Zones = (np.empty((0, INPUT_HEIGHT, INPUT_WIDTH, 3), np.uint8), np.empty((0, len(goods)), np.int8),
                      np.empty(0, np.int64))
    try:
        pipeline.set_reference(empty)
    except ValueError:
        return nothing              # setup refuses this camera (markers on one side): no user would play so
    pictures, counts, groups = [], [], []
    for k in range(renders):
        shown = view if k == 0 else perturbed(view, rng, pipeline.terms)
        frame, _ = table.render(shown, frame_seed=2 + k)
        pose = pipeline.tracker.update(frame)
        if pose is None:
            continue
        for seat in pipeline.reference.supplies:
            supply = shown.supplies.get(players[seat])
            if supply is None:
                continue
            pictures.append(zone_input(pipeline._supply_picture(frame, pose, seat)))
            counts.append([supply.get(name, 0) for name in goods])
            groups.append(seed * 8 + seat)
    if not pictures:
        return nothing
    return np.stack(pictures), np.array(counts, np.int8), np.array(groups, np.int64)


def make_zone_dataset(seeds: range, heaps: bool = False,
                      progress: Callable[[int, int], None] | None = None) -> Zones:
    """The zone pictures of every seed's table (the default game's layout), concatenated."""
    layout = load_layout(default_pack().table.default_layout)
    parts = []
    for n, seed in enumerate(seeds):
        parts.append(harvest(seed, layout, heaps))
        if progress:
            progress(n + 1, len(seeds))
    return tuple(np.concatenate(p) for p in zip(*parts))
