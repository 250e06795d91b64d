"""How often a supply zone's per-type confidence is right, on rendered tables (``SupplyZone.read_by_type``).

Each table (its own art, light and camera; ``--domain``) starts from a supply per seat, confirmed as the rules would
confirm it; then ``--moves`` moves each change every zone as a move of the game does — one cube type by 1 or 2 (the
farm, the market, a build's payment), 0–2 coins, and half the time a worker coming home into the zone — and each
change is confirmed in turn. For every zone the model read (a changed zone), each cube type's confidence is binned
and checked against the truth: per bin, readings, how many were exact, the share wrong. Zones reported unchanged
(their confidence 0.97, no model) are counted apart, with how many had cubes changed all the same.

    .venv/bin/python tests/benchmarks/bench_zone_types.py [--tables 30] [--moves 6] [--domain holdout] [--seed 9100000]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.games.table_view import Piece, TableView  # noqa: E402
from vision.layout import load_layout  # noqa: E402
from vision.observation import CUBE_TYPES  # noqa: E402
from vision.pipeline import VisionPipeline  # noqa: E402
from vision.render.domains import sample_style  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402
from vision.supplies import SupplyZone  # noqa: E402

COLOURS = ("red", "blue", "green", "yellow", "black")
BINS = (0.5, 0.8, 0.9, 0.95, 0.97)


def view_with(players: tuple[str, ...], supplies: dict[str, dict[str, int]]) -> TableView:
    view = TableView("caylus", players)
    view.supplies = {colour: dict(counts) for colour, counts in supplies.items()}
    for position, colour in enumerate(players, start=1):
        view.put(f"turn_order.{position}", Piece("disc", colour))
    return view


def zones_moved(tables: int, moves: int, domain: str, seed: int,
                move: Callable[[dict[str, int], np.random.Generator], dict[str, int]],
                most_deniers: int, frames: int = 1
                ) -> Iterator[tuple[SupplyZone, np.ndarray, dict[str, int], dict[str, int]]]:
    """Every seat's zone after every move on every table: the zone, its picture now, the seat's supply before and after.

    Each table (its look drawn from ``seed`` + its index, 2–5 seats) starts from a random supply per seat, seen and
    confirmed as the rules would confirm it; ``move`` then changes every seat's supply, the table is seen again, its
    zones are yielded, and the change is confirmed. With ``frames`` > 1 each state is seen in that many still frames
    (each its own sensor noise), as the live loop sees a table at rest, and the zones are yielded after each."""
    layout = load_layout()
    for table_index in range(tables):
        rng = np.random.default_rng(seed + table_index)
        players = COLOURS[:2 + table_index % 4]
        table = SimulatedTable(layout, sample_style(domain, seed + table_index))
        pipeline = VisionPipeline(layout, players, model=None)
        empty, _ = table.render(TableView("caylus", players), frame_seed=1)
        pipeline.set_reference(empty)
        supplies = {colour: {"food": int(rng.integers(0, 4)), "wood": int(rng.integers(0, 4)),
                             "stone": int(rng.integers(0, 3)), "cloth": int(rng.integers(0, 3)),
                             "gold": int(rng.integers(0, 2)), "denier": int(rng.integers(2, most_deniers + 1)),
                             "worker": int(rng.integers(1, 5)), "house": 20} for colour in players}
        confirmed = view_with(players, supplies)
        for still in range(frames):
            frame, _ = table.render(confirmed, frame_seed=2 + 1000 * still)
            pipeline.observe(frame, still=True)
        pipeline.confirm(frame, confirmed)
        for index in range(moves):
            before = supplies
            supplies = {colour: move(supply, rng) for colour, supply in supplies.items()}
            now = view_with(players, supplies)
            for zone in pipeline.reference.supplies.values():
                zone.moved()                # the hands that made the move
            for still in range(frames):
                frame, _ = table.render(now, frame_seed=3 + index + 1000 * still)
                pipeline.observe(frame, still=True)
                for seat, zone in pipeline.reference.supplies.items():
                    picture = pipeline._supply_picture(frame, pipeline.tracker.pose, seat)
                    yield zone, picture, before[players[seat]], supplies[players[seat]]
            pipeline.confirm(frame, now)


def a_move(supply: dict[str, int], rng: np.random.Generator) -> dict[str, int]:
    """One move's change of one seat's supply: a cube type by ±1–2, coins by 0–2, maybe a worker home."""
    after = dict(supply)
    cube = CUBE_TYPES[int(rng.integers(len(CUBE_TYPES)))]
    after[cube] = max(0, after[cube] + int(rng.choice([-2, -1, 1, 1, 2])))
    after["denier"] = max(0, after["denier"] + int(rng.integers(-2, 3)))
    if rng.random() < 0.5 and after["worker"] < 6:
        after["worker"] += 1
    return after


def bin_of(confidence: float) -> float | None:
    below = [edge for edge in BINS if confidence >= edge]
    return below[-1] if below else None


def run(tables: int, moves: int, domain: str, seed: int) -> dict[str, dict[str, float]]:
    tally: dict[float, list[int]] = {edge: [0, 0] for edge in BINS}
    zones_read = unchanged = unchanged_wrong = 0
    for zone, picture, _before, after in zones_moved(tables, moves, domain, seed, a_move, most_deniers=11):
        counts, _sure, by_type = zone.read_by_type(picture)
        if not by_type:            # reported unchanged (or counted without the model)
            unchanged += 1
            unchanged_wrong += any(counts[cube] != after[cube] for cube in CUBE_TYPES)
            continue
        zones_read += 1
        for cube in CUBE_TYPES:
            edge = bin_of(by_type[cube])
            if edge is not None:
                tally[edge][0] += 1
                tally[edge][1] += counts[cube] == after[cube]
    return {"zones_read": {"count": zones_read},
            "zones_reported_unchanged": {"count": unchanged, "cubes_wrong": unchanged_wrong},
            **{f">= {edge}": {"readings": n, "exact": right, "wrong_share": round(1 - right / n, 4) if n else None}
               for edge, (n, right) in tally.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--domain", default="holdout")
    parser.add_argument("--seed", type=int, default=9_100_000)
    args = parser.parse_args()
    print(json.dumps(run(args.tables, args.moves, args.domain, args.seed), indent=1))


if __name__ == "__main__":
    main()
