"""Workers counted by colour in the Architects counted zones, on fresh simulated tables: zones exact, unsure, confidently
wrong, time per frame.

    .venv/bin/python tests/benchmarks/bench_workers.py [--tables 8] [--frames 3] [--domain holdout]
                                                       [--size 1280x720] [--seeds S,S,...]

Table seeds are drawn at random now (printed first), unless ``--seeds`` names them; each seed draws the player count
(2-5) and the table's look (camera, lamp, cloth, sensor) from ``--domain`` (default the held-out look). Per table, as
a game goes: the empty table is the setup capture; a first position with each player's workers in a zone of their own
is confirmed (the players' colours are learned there); then for each of ``--frames`` positions of random piles (each zone
0-12 workers of one to all the players' colours), the position one move earlier (one worker fewer) is confirmed, as
the rules confirm every state (zones holding one colour refine that colour), and the position is
rendered and read by ``VisionPipeline.observe`` (slot model included, as live).

Per counted zone of workers (the locations, the Prison, the Guildhall's side, each seat's captured workers) the best
label is scored against the truth: *exact* (every colour's count right), *unsure* (best below :data:`SURE`, or the zone
not read: out of the camera's view), *confidently wrong* (sure and wrong). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion.games.registry import get_pack  # noqa: E402
from fresh_tables import (add_table_options, fresh_table, frame_size, ratio, read_after_confirming,  # noqa: E402
                          table_seeds)
from companion.games.table_view import Piece, TableView  # noqa: E402
from vision.observation import label_for  # noqa: E402

PACK = get_pack("architects")
SURE = 0.9
MOST = 12          # workers in one zone, at most
COLOUR_STEP = 3    # workers of each colour in a zone of their own, confirmed first (the colours are learned there)


def random_piles(colours: list[str], zones: list[str], rng: random.Random) -> TableView:
    """A table whose counted zones each hold 0-12 workers of a random mix of the players' colours."""
    view = TableView(PACK.name, tuple(colours))
    for zone in zones:
        mix = rng.sample(colours, rng.randint(1, len(colours)))
        for _ in range(rng.randint(0, MOST)):
            view.put(zone, Piece("worker", rng.choice(mix)))
    return view


def _one_move_earlier(view: TableView, rng: random.Random) -> TableView:
    """``view`` with one worker taken back off a zone holding some (chosen at random)."""
    before = TableView.from_json(view.to_json())
    held = [zone for zone, pieces in view.slots.items() if pieces]
    if held:
        zone = rng.choice(held)
        before.slots[zone] = tuple(view.slots[zone][:-1])
    return before


def bench_table(seed: int, domain: str, frames: int, size: tuple[int, int]) -> dict:
    """One table: set up, the colour step, then ``frames`` positions each read after the one before it was
    confirmed; the counts of every outcome."""
    fresh = fresh_table(PACK, seed, domain, size)
    rng, colours, pipeline = fresh.rng, fresh.colours, fresh.pipeline
    out = {"seed": seed, "players": len(colours), "registered": True, "zones": 0, "exact": 0, "unsure": 0,
           "sure_wrong": 0, "sure_right": 0, "unseen": 0, "ms": [], "piles_ms": [], "wrong": []}
    empty, _ = fresh.table.render(TableView(PACK.name, tuple(colours)), frame_seed=10_001)
    try:
        pipeline.set_reference(empty)
    except ValueError as error:
        out["registered"] = False
        out["error"] = str(error)
        return out
    zones = list(pipeline.worker_piles.zones)
    colour_step = TableView(PACK.name, tuple(colours))       # each player's workers in a zone of their own
    for colour, zone in zip(colours, zones):
        for _ in range(COLOUR_STEP):
            colour_step.put(zone, Piece("worker", colour))
    frame, _ = fresh.table.render(colour_step, frame_seed=10_002)
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, colour_step)
    for i in range(frames):
        view = random_piles(colours, zones, rng)
        observation, ms, piles_ms = read_after_confirming(fresh, _one_move_earlier(view, rng), view, i, "piles")
        out["ms"].append(ms)
        out["piles_ms"].append(piles_ms)
        for zone in zones:
            truth = label_for(view.pieces(zone))
            label, p = observation.best(zone)
            out["zones"] += 1
            if zone not in observation.slots:
                out["unsure"] += 1
                out["unseen"] += 1
                continue
            out["exact"] += label == truth
            out["unsure"] += p < SURE
            out["sure_right"] += label == truth and p >= SURE
            if label != truth:
                out["sure_wrong"] += p >= SURE
                out["wrong"].append([i, zone, _counts(truth), _counts(label), round(p, 3)])
    return out


def _counts(label: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for part in filter(None, label.split("+")):
        colour = part.partition(":")[2]
        counts[colour] = counts.get(colour, 0) + 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_table_options(parser, tables=8)
    parser.add_argument("--wrong", action="store_true", help="list every zone read wrong")
    args = parser.parse_args()
    seeds = table_seeds(args)
    print(json.dumps({"seeds": seeds, "domain": args.domain, "size": args.size, "frames": args.frames}), flush=True)
    tables = []
    for seed in seeds:
        result = bench_table(seed, args.domain, args.frames, frame_size(args.size))
        tables.append(result)
        line = {key: value for key, value in result.items() if key not in ("ms", "piles_ms", "wrong")}
        print(json.dumps({**line, "wrong": result["wrong"] if args.wrong else len(result["wrong"])}), flush=True)
    read = [t for t in tables if t["registered"]]
    total = sum(t["zones"] for t in read)
    ms = sorted(m for t in read for m in t["ms"])
    piles_ms = sorted(m for t in read for m in t["piles_ms"])
    print(json.dumps({
        "tables": len(tables), "registered": len(read), "zones": total,
        "exact": ratio(sum(t["exact"] for t in read), total),
        "unsure": ratio(sum(t["unsure"] for t in read), total),
        "confidently_wrong": ratio(sum(t["sure_wrong"] for t in read), total),
        "not_in_view": sum(t["unseen"] for t in read),
        "right_when_sure": ratio(sum(t["sure_right"] for t in read),
                                 sum(t["sure_right"] + t["sure_wrong"] for t in read)),
        "median_ms": round(ms[len(ms) // 2], 1) if ms else None,
        "median_piles_ms": round(piles_ms[len(piles_ms) // 2], 1) if piles_ms else None,
    }))


if __name__ == "__main__":
    main()
