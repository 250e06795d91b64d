"""How a supply zone's cube band reads when cubes came or went, and when only other pieces did
(``SupplyZone.band_change``, ``vision/supplies.py`` step 4).

Each table (its own art, light and camera; ``--domain``) starts from a supply per seat, confirmed as the rules would
confirm it; then ``--moves`` moves each change every zone, in turn one of: one cube type by ±1 (half the cubes heaped
on half the tables, as the domain draws them), a worker coming home, coins paid or taken, or nothing; each change is
confirmed. Every zone's band reading is binned by what changed, with the share at or above ``BAND_MASS_SHARE`` (read
as cubes changed) and how the whole zone read (``SupplyZone.read``: unchanged-sure or read by the model). A one-cube
change on a pile of its kind is also binned by the pile (the smaller side: "pile of 1" is one cube becoming two or two
becoming one), with how many of those zones read unchanged, sure: the share a pile hides a cube (``PILE_HIDES``).

    .venv/bin/python tests/benchmarks/bench_zone_band.py [--tables 30] [--moves 8] [--domain holdout] [--seed 9400000]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from vision.observation import CUBE_TYPES  # noqa: E402
from vision.supplies import BAND_MASS_SHARE, UNCHANGED_CONFIDENCE  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_zone_types import zones_moved  # noqa: E402

KINDS = ("a cube", "a worker home", "coins", "nothing")


def a_move(supply: dict[str, int], rng: np.random.Generator) -> dict[str, int]:
    """One change of one kind (``KINDS``), drawn evenly."""
    after = dict(supply)
    kind = KINDS[int(rng.integers(len(KINDS)))]
    if kind == "a cube":
        cube = CUBE_TYPES[int(rng.integers(len(CUBE_TYPES)))]
        after[cube] = after[cube] + 1 if after[cube] == 0 or rng.random() < 0.5 else after[cube] - 1
    elif kind == "a worker home" and after["worker"] < 6:
        after["worker"] += 1
    elif kind == "coins":
        after["denier"] = max(0, after["denier"] + int(rng.choice([-2, -1, 1, 2])))
    return after


def kind_of(before: dict[str, int], after: dict[str, int]) -> str:
    if any(before[cube] != after[cube] for cube in CUBE_TYPES):
        return "a cube"
    if before["worker"] != after["worker"]:
        return "a worker home"
    return "coins" if before["denier"] != after["denier"] else "nothing"


def pile_size(before: dict[str, int], after: dict[str, int]) -> int:
    """The pile a one-cube change lies on (the smaller side: 1 for one cube becoming two), or 0 for any other change."""
    changed = [cube for cube in CUBE_TYPES if before[cube] != after[cube]]
    if len(changed) != 1:
        return 0
    return min(before[changed[0]], after[changed[0]])


def run(tables: int, moves: int, domain: str, seed: int) -> dict[str, dict[str, float]]:
    readings: dict[str, list[float]] = {kind: [] for kind in KINDS}
    sure: dict[str, int] = {kind: 0 for kind in KINDS}
    on_a_pile: dict[int, list[int]] = {}     # the smaller side of a one-cube change on a pile → [zones, read sure]
    wrong_sure = 0
    for zone, picture, before, after in zones_moved(tables, moves, domain, seed, a_move, most_deniers=11):
        kind = kind_of(before, after)
        readings[kind].append(zone.band_change(picture))
        counts, confidence = zone.read(picture)
        pile = pile_size(before, after)
        if pile:
            on_a_pile.setdefault(pile, [0, 0])[0] += 1
        if confidence >= UNCHANGED_CONFIDENCE:
            sure[kind] += 1
            wrong_sure += any(counts[cube] != after[cube] for cube in CUBE_TYPES)
            if pile:
                on_a_pile[pile][1] += 1
    report = {}
    for kind, values in readings.items():
        if values:
            report[kind] = {"zones": len(values),
                            "band_changed_share": round(float(np.mean(np.array(values) >= BAND_MASS_SHARE)), 4),
                            "band_p5_p50_p95": [round(float(q), 3) for q in np.percentile(values, [5, 50, 95])],
                            "band_min_max": [round(min(values), 3), round(max(values), 3)],
                            "read_unchanged_sure_share": round(sure[kind] / len(values), 4)}
    report["sure_but_cubes_wrong"] = {"zones": wrong_sure}
    report["a cube on a pile, read unchanged sure"] = {
        f"pile of {pile}": f"{hidden} of {zones}" for pile, (zones, hidden) in sorted(on_a_pile.items())}
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--domain", default="holdout")
    parser.add_argument("--seed", type=int, default=9_400_000)
    args = parser.parse_args()
    print(json.dumps(run(args.tables, args.moves, args.domain, args.seed), indent=1))


if __name__ == "__main__":
    main()
