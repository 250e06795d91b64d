"""Fit the card reader's naming test (``vision/card_odds.json``) on tuning tables of the simulated Citadels table.

    .venv/bin/python tests/benchmarks/fit_card_odds.py [--seeds 7200000-7200011] [--domains holdout,demo]
                                                       [--frames 3] [--leave-out 0.25] [--write]

Per tuning table (seed, look): the empty table, every face shown at setup but a share ``--leave-out`` of each card
kind's faces (drawn from the seed), then ``--frames`` mid-game positions read. Every card place holding a card gives
one sample: the best enrolled face's score, the runner-up's, and whether the best is the card (never, for a card
whose face was left out). The fit (:func:`vision.card_odds.fit_odds`) then sets the floor and margin a named face must
pass; ``--write`` stores them with how they were fitted. Prints the samples' summary and the fit as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "benchmarks"))

from companion.games.playout import random_midgame  # noqa: E402
from companion.games.registry import get_pack  # noqa: E402
from fresh_tables import fresh_table, frame_size, left_out_faces  # noqa: E402
from vision.card_odds import ODDS_FILE, Sample, fit_odds, odds_group  # noqa: E402
from vision.cards import BACK, place_scale, read_place, rectify_place  # noqa: E402
from vision.evaluation import enrol_rendered_cards  # noqa: E402
from companion.games.table_view import TableView  # noqa: E402

PACK = get_pack("citadels")


def table_samples(seed: int, domain: str, frames: int, share: float, size: tuple[int, int]) -> list[Sample]:
    """One tuning table's samples (see the module docstring)."""
    fresh = fresh_table(PACK, seed, domain, size)
    pipeline, table = fresh.pipeline, fresh.table
    empty, _ = table.render(TableView("citadels", tuple(fresh.colours)), frame_seed=10_001)
    try:
        pipeline.set_reference(empty)
    except ValueError:
        return []
    enrol_rendered_cards(pipeline, table, "citadels", tuple(fresh.colours))
    left_out = left_out_faces(pipeline.terms.cards, share, random.Random(seed * 7 + 1))
    for face in left_out:
        pipeline.cards.forget(*face)
    pose = pipeline._card_pose or pipeline._crop_pose
    samples = []
    for i in range(frames):
        view = random_midgame(PACK, fresh.colours, seed * 1000 + i).table_view()
        frame, _ = table.render(view, frame_seed=i)
        for name, place in pipeline.card_places.items():
            pieces = view.pieces(name)
            if len(pieces) != 1:
                continue
            truth = (pieces[0].kind, pieces[0].name or BACK)
            reading = read_place(rectify_place(frame, pose, place), pipeline._empty_cards[name], place,
                                 pipeline.cards, place.region.accepts, place_scale(pose, place))
            if not reading.scores:
                continue
            ranked = sorted(reading.scores.items(), key=lambda item: -item[1])
            best, second = ranked[0], (ranked[1] if len(ranked) > 1 else (None, -1.0))
            samples.append(Sample(best=best[1], runner_up=second[1], right=best[0] == truth,
                                  enrolled=truth not in left_out, group=odds_group(best[0]),
                                  truth=f"{truth[0]}:{truth[1]}",
                                  place=name, seed=seed, domain=domain))
    return samples


def _seeds(text: str) -> list[int]:
    if "-" in text:
        lo, hi = (int(v) for v in text.split("-"))
        return list(range(lo, hi + 1))
    return [int(v) for v in text.split(",")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", default="7200000-7200011", help="tuning table seeds: A-B or S,S,...")
    parser.add_argument("--domains", default="holdout,demo")
    parser.add_argument("--frames", type=int, default=3)
    parser.add_argument("--leave-out", type=float, default=0.25)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--samples", default=None, help="JSON file of samples to fit (skip rendering)")
    parser.add_argument("--dump", default=None, help="write the samples to this JSON file")
    parser.add_argument("--write", action="store_true", help=f"store the fit in vision/{ODDS_FILE}")
    args = parser.parse_args()
    seeds, domains = _seeds(args.seeds), args.domains.split(",")
    if args.samples:
        samples = [Sample(**s) for s in json.loads(Path(args.samples).read_text())]
    else:
        samples = []
        for k, seed in enumerate(seeds):
            domain = domains[k % len(domains)]
            got = table_samples(seed, domain, args.frames, args.leave_out, frame_size(args.size))
            samples += got
            print(json.dumps({"seed": seed, "domain": domain, "samples": len(got)}), flush=True)
    if args.dump:
        Path(args.dump).write_text(json.dumps([s.__dict__ for s in samples]))
    how = (f"tests/benchmarks/fit_card_odds.py --seeds {args.seeds} --domains {args.domains} --frames {args.frames} "
           f"--leave-out {args.leave_out} --size {args.size}")
    odds = fit_odds(samples, how)
    print(json.dumps(odds, indent=1))
    if args.write:
        (REPO / "vision" / ODDS_FILE).write_text(json.dumps(odds, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
