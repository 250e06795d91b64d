"""What the benchmarks on fresh simulated tables share: their command-line options, the table seeds drawn at random at
run time (or named), the frame size and the ratios they print.

>>> parser = argparse.ArgumentParser()
>>> add_table_options(parser, tables=4)
>>> args = parser.parse_args(["--seeds", "5,7", "--size", "640x360"])
>>> table_seeds(args), frame_size(args.size), ratio(1, 3), ratio(1, 0)
([5, 7], (640, 360), 0.33333, None)
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from typing import Any

from companion.games.table_view import TableView
from vision.layout import Layout, load_layout
from vision.observation import Observation
from vision.pipeline import VisionPipeline
from vision.render.domains import sample_style
from vision.render.renderer import SimulatedTable


def add_table_options(parser: argparse.ArgumentParser, tables: int, frames: int = 3) -> None:
    """``--tables``, ``--frames``, ``--domain`` (default the held-out look), ``--size`` and ``--seeds``."""
    parser.add_argument("--tables", type=int, default=tables)
    parser.add_argument("--frames", type=int, default=frames)
    parser.add_argument("--domain", default="holdout")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--seeds", default=None, help="comma-separated table seeds (default: drawn at random now)")


def table_seeds(args: argparse.Namespace) -> list[int]:
    """The seeds ``--seeds`` names, else ``--tables`` seeds drawn at random now (from the system's entropy)."""
    if args.seeds:
        return [int(seed) for seed in args.seeds.split(",")]
    return [random.SystemRandom().randrange(100_000, 1_000_000) for _ in range(args.tables)]


def frame_size(text: str) -> tuple[int, int]:
    """``"1280x720"`` → (1280, 720)."""
    width, height = (int(v) for v in text.lower().split("x"))
    return width, height


def ratio(a: float, b: float) -> float | None:
    """``a / b`` to five places, None when ``b`` is 0."""
    return round(a / b, 5) if b else None


@dataclass
class FreshTable:
    """One simulated table drawn from a seed: its random stream (after the player count), colours, layout, the
    rendered table and a pipeline for it (not set up yet)."""

    rng: random.Random
    colours: list[str]
    layout: Layout
    table: SimulatedTable
    pipeline: VisionPipeline


def fresh_table(pack: Any, seed: int, domain: str, size: tuple[int, int]) -> FreshTable:
    """The table ``seed`` draws: a player count within the pack's, the pack's layout for it (``<game>-<players>``),
    the look of ``domain``."""
    rng = random.Random(seed)
    players = rng.randint(pack.info.min_players, pack.info.max_players)
    colours = list(pack.info.colours[:players])
    layout = load_layout(f"{pack.name}-{players}")
    table = SimulatedTable(layout, sample_style(domain, seed), size, pack=pack)
    return FreshTable(rng, colours, layout, table, VisionPipeline(layout, colours, fit_board=False))


def left_out_faces(cards: dict[str, Any], share: float, rng: random.Random) -> set[tuple[str, str]]:
    """A ``share`` of each card kind's faces (``cards``: kind → face names; backs never), drawn from ``rng``: the
    faces a benchmark leaves out of enrolment on purpose.

    >>> sorted(left_out_faces({"district": ["a", "b", "c", "d"]}, 0.5, random.Random(1)))
    [('district', 'b'), ('district', 'c')]
    """
    out: set[tuple[str, str]] = set()
    for kind, names in sorted(cards.items()):
        names = sorted(names)
        out |= {(kind, name) for name in rng.sample(names, int(round(share * len(names))))}
    return out


def read_after_confirming(fresh: FreshTable, before: TableView, view: TableView, frame_seed: int,
                          stage: str) -> tuple[Observation, float, float]:
    """``before`` rendered, read and confirmed (as the rules confirm each move), then ``view`` rendered and read: its
    observation, the milliseconds of that read and of its ``stage``."""
    frame, _ = fresh.table.render(before, frame_seed=100 + frame_seed)
    fresh.pipeline.observe(frame, still=True)
    fresh.pipeline.confirm(frame, before)
    frame, _ = fresh.table.render(view, frame_seed=frame_seed)
    started = time.perf_counter()
    observation = fresh.pipeline.observe(frame, still=True)
    return observation, (time.perf_counter() - started) * 1000, fresh.pipeline.stage_ms.get(stage, 0.0)
