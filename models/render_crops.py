"""Training pairs cut from the simulated table (train domain only), as the pipeline would see them.

For each seed: a random mid-game state is rendered in a train-domain style, together with the same
table empty and with only its tiles (the evaluation's setup protocol, vision/evaluation.py), and every
slot gives one (reference crop, current crop, kind) triple. Slots under a hand are skipped; empty
slots are subsampled (they are most of the board). One render can be cut at several crop-window margins
(``margins``), each through its own pipeline, so crop geometries are compared on the same frames.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from companion.games.playout import random_midgame
from companion.games.registry import default_pack
from companion.games.table_view import TableView
from vision.crops import MARGIN, crop_slots, slot_windows
from vision.evaluation import calibration_view
from vision.layout import Layout, layout_pack, load_layout
from vision.pipeline import VisionPipeline
from vision.recognizer import KINDS
from vision.vocabulary import Vocabulary

EMPTY_KEEP = 0.25
Triples = tuple[np.ndarray, np.ndarray, np.ndarray]


def slot_kind(pieces: list[dict]) -> str:
    """The slot model's class (:data:`vision.recognizer.KINDS`) of a slot holding ``pieces``: a tile first, then the
    model's kinds in their order."""
    kinds = {p["kind"] for p in pieces}
    if not kinds:
        return "empty"
    for kind in ("tile", *(k for k in KINDS if k not in ("empty", "tile"))):
        if kind in kinds:
            return kind
    return "empty"


def harvest(seed: int, layout: Layout, rng: np.random.Generator, margins: Sequence[float] = (MARGIN,),
            size: tuple[int, int] = (1280, 720)) -> list[Triples]:
    """One train-domain table at ``seed``: (references, currents, kinds) per margin in ``margins``."""
    from vision.render.domains import sample_style
    from vision.render.hands import Hand
    from vision.render.renderer import SimulatedTable

    pack = layout_pack(layout)
    info = pack.info
    players = list(info.colours[:int(rng.integers(info.min_players, info.max_players + 1))])
    view = random_midgame(pack, players, seed).table_view()
    style = sample_style("train", seed)
    table = SimulatedTable(layout, style, size)
    hands = ()
    if rng.random() < 0.3 and view.slots:
        slot = sorted(view.slots)[int(rng.integers(len(view.slots)))]
        hands = (Hand(layout.region(slot).center, float(rng.uniform(0, 360)), float(rng.uniform(35, 80)),
                      float(rng.uniform(0.6, 1.0)), float(rng.uniform(0, 0.4)), style.skin_tone),)
    frame, truth = table.render(view, hands, frame_seed=1)
    empty, _ = table.render(TableView(view.game, view.players), frame_seed=2)
    calibration = calibration_view(view, terms=Vocabulary.of(pack.table))
    calibration_frame, _ = table.render(calibration, frame_seed=3)
    nothing: Triples = (np.empty((0, 32, 32, 3), np.uint8),) * 2 + (np.empty(0, np.int64),)
    cut = []
    for margin in margins:
        pipeline = VisionPipeline(layout, players, model=None)
        pipeline.windows = slot_windows(layout, pipeline.slot_names, margin)
        try:
            pipeline.set_reference(empty)
        except ValueError:
            return [nothing] * len(margins)
        pipeline.tracker.update(calibration_frame)
        pipeline.confirm(calibration_frame, calibration)
        pose = pipeline.tracker.update(frame)
        if pose is None:
            return [nothing] * len(margins)
        cut.append((pipeline.reference.crops, crop_slots(frame, pose, pipeline.windows)))
    keep, kinds = [], []
    for i, name in enumerate(pipeline.slot_names):
        entry = truth["slots"].get(name, {"pieces": [], "occluded": False})
        if entry.get("occluded"):
            continue
        kind = slot_kind(entry["pieces"])
        if kind == "empty" and rng.random() > EMPTY_KEEP:
            continue
        keep.append(i)
        kinds.append(KINDS.index(kind))
    return [(references[keep].copy(), currents[keep], np.array(kinds, np.int64)) for references, currents in cut]


def make_render_dataset(seeds: range, progress=None, margins: Sequence[float] = (MARGIN,)) -> list[Triples]:
    """The crops of every seed's table (the default game's layout), one (references, currents, kinds) per margin."""
    layout = load_layout(default_pack().table.default_layout)
    parts = []
    for n, seed in enumerate(seeds):
        parts.append(harvest(seed, layout, np.random.default_rng(seed), margins))
        if progress:
            progress(n + 1, len(seeds))
    return [tuple(np.concatenate(p) for p in zip(*(frame[m] for frame in parts))) for m in range(len(margins))]
