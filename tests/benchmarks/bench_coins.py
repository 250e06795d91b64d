"""How the coins' strip of a supply zone reads when 0, 1, or 2 or more coins came or went (``vision/coins.py``).

Each table (its own art, light and camera; ``--domain``) starts from a supply per seat, confirmed as the rules would
confirm it; then ``--moves`` moves each change every zone as a game does — 0–3 coins paid or taken, half the time a
cube type by 1 or 2, a third of the time a worker coming home — and each change is confirmed in turn. Each state is
seen in ``--frames`` still frames, as the live loop sees a table at rest, and the coins' strip is averaged over them
(``vision.coins.StillStrips``). Every zone's strip reading (``SupplyZone.coin_change``) after each of those frames is
binned by how many coins changed: the reconciler weighs the readings of the first still frame as of the later ones.

The first ``--tables`` tables (from ``--seed``) are the fit: with ``--write`` their shares become
``vision/coin_odds.json``. The next ``--tables`` tables are the check: for each pair of coin changes, how often a
zone's reading favours the wrong one by 2.5 nats or more (the most the reconciler lets a changed strip speak for a
payment) — and, the other way, by 3 nats or more (the reconciler's margin).

    .venv/bin/python tests/benchmarks/bench_coins.py [--tables 40] [--moves 8] [--frames 4] [--domain holdout] [--write]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.reconciler.evidence import COIN_FOR_PAYMENT  # noqa: E402
from companion.reconciler.reconciler import Policy  # noqa: E402
from vision.coins import COIN_EDGES as EDGES, ODDS_FILE  # noqa: E402
from vision.observation import CUBE_TYPES  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_zone_types import zones_moved  # noqa: E402

CLASSES = ("0 coins", "1 coin", "2 or more")
SMOOTHING = 0.5                       # added to every bin's count: no reading is ever impossible
MARGIN = Policy().margin             # a rival that pays less must lead by the reconciler's margin


def a_move(supply: dict[str, int], rng: np.random.Generator) -> dict[str, int]:
    after = dict(supply)
    after["denier"] = max(0, after["denier"] + int(rng.choice([-3, -2, -1, -1, 0, 0, 0, 1, 1, 2, 3])))
    if rng.random() < 0.5:
        cube = CUBE_TYPES[int(rng.integers(len(CUBE_TYPES)))]
        after[cube] = max(0, after[cube] + int(rng.choice([-2, -1, 1, 2])))
    if rng.random() < 0.3 and after["worker"] < 6:
        after["worker"] += 1
    return after


def counts(tables: int, moves: int, frames: int, domain: str, seed: int) -> np.ndarray:
    """Zones by coins changed (row: 0, 1, 2+) and strip reading's bin (column)."""
    table_counts = np.zeros((len(CLASSES), len(EDGES) + 1), int)
    for zone, picture, before, after in zones_moved(tables, moves, domain, seed, a_move, most_deniers=15,
                                                    frames=frames):
        moved = min(abs(after["denier"] - before["denier"]), 2)
        table_counts[moved, int(np.searchsorted(EDGES, zone.coin_change(picture), side="right"))] += 1
    return table_counts


def shares(table_counts: np.ndarray) -> np.ndarray:
    smoothed = table_counts + SMOOTHING
    return smoothed / smoothed.sum(axis=1, keepdims=True)


def check(odds: np.ndarray, table_counts: np.ndarray) -> dict[str, dict[str, float]]:
    """For each truth and each rival coin change: the share of zones whose reading favours the rival by at least
    ``COIN_FOR_PAYMENT`` (a rival that pays more) or ``MARGIN`` (a rival that pays less)."""
    logs = np.log(odds)
    out = {}
    for truth, name in enumerate(CLASSES):
        for rival, rival_name in enumerate(CLASSES):
            if rival == truth:
                continue
            lead = logs[rival] - logs[truth]
            limit = COIN_FOR_PAYMENT if rival > truth else MARGIN
            zones = table_counts[truth].sum()
            out[f"truth {name}, rival {rival_name}"] = {
                "zones": int(zones), "rival ahead by the limit": round(float(table_counts[truth][lead >= limit].sum()
                                                                              / max(1, zones)), 4),
                "limit": limit}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--frames", type=int, default=4, help="still frames per state, the strip averaged over them")
    parser.add_argument("--domain", default="holdout")
    parser.add_argument("--seed", type=int, default=9_300_000)
    parser.add_argument("--write", action="store_true", help=f"write the fit's shares to {ODDS_FILE}")
    args = parser.parse_args()
    fit = counts(args.tables, args.moves, args.frames, args.domain, args.seed)
    held_out = counts(args.tables, args.moves, args.frames, args.domain, args.seed + args.tables)
    odds = shares(fit)
    if args.write:
        ODDS_FILE.write_text(json.dumps({
            "what": "share of supply zones whose coins' strip reads in each bin, by coins changed (0, 1, 2 or more)",
            "made_by": f"tests/benchmarks/bench_coins.py --tables {args.tables} --moves {args.moves} "
                       f"--frames {args.frames} --domain {args.domain} --seed {args.seed} --write",
            "edges": list(EDGES), "odds": [[round(float(p), 4) for p in row] for row in odds]}, indent=1) + "\n")
    print(json.dumps({"edges": EDGES, "fit": fit.tolist(), "held_out": held_out.tolist(),
                      "odds": np.round(odds, 4).tolist(), "check": check(odds, held_out)}, indent=1))


if __name__ == "__main__":
    main()
