"""Gold counted per seat on the simulated Citadels table (``vision/coin_piles.py``): exact, unsure, confidently wrong.

    .venv/bin/python tests/benchmarks/bench_gold.py [--tables 8] [--moves 6] [--frames 3] [--domain holdout]
                                                    [--size 1280x720] [--seeds S,S,...] [--write --seed 7100000]

Table seeds are drawn at random now (printed first), unless ``--seeds`` names them; each seed draws the player count
(2-7), the table's look (``--domain``) and a mid-game position of a bot game (its cities, and each seat's gold to
start from). Per table, as a game goes: the empty table is the setup capture, every card face is shown as at setup
(the card places' refitted pose, which the gold zones are read through); the game's start (2 gold each) and then the
position are confirmed as the rules confirm them; then ``--moves`` moves each change one seat's gold as
Citadels does (2 gold taken, 1-4 of taxes, a district of 1-6 paid; or everything robbed by the thief, who gains it). Each
new position is seen once moving (the move: the motion gate holds the reading) and then in ``--frames`` still frames
(``VisionPipeline.observe``, as live); every seat's ``Observation.coin_counts`` after the last is
scored against the truth; then the position is confirmed. Once per table a hand reaching into a random seat's gold
zone is drawn over the last position (still frames, so only the hand detector stands between it and a count).

A count is *sure* at probability ≥ 0.9 (:data:`SURE`); a seat is *exact* when its count is sure and right,
*unsure* when its count is None or below 0.9, *confidently wrong* when sure and wrong. Prints one JSON object per
table, then the totals.

``--write`` measures ``vision/coin_pile_odds.json`` instead (use fixed seeds from ``--seed``, never the ones a
headline comes from): how the strip of a still-looking pile of 3+ coins reads when 0, 1 or 2+ coins came or went
(only piles where a coin more is visible, as the reader uses them), and the share of counts by tops that are exact.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from companion.games.playout import random_midgame  # noqa: E402
from companion.games.registry import get_pack  # noqa: E402
from companion.games.table_view import TableView  # noqa: E402
from vision.coin_piles import MIN_LAYER_PX, ODDS_FILE, TOP_MARGIN  # noqa: E402
from vision.coins import COIN_EDGES  # noqa: E402
from vision.evaluation import enrol_rendered_cards  # noqa: E402
from vision.pipeline import VisionPipeline  # noqa: E402
from vision.render.renderer import Hand, SimulatedTable  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fresh_tables import add_table_options, frame_size, fresh_table, ratio, table_seeds  # noqa: E402

PACK = get_pack("citadels")
COIN = PACK.table.coin
SURE = 0.9
SMOOTHING = 0.5          # added to every bin's count when writing the odds: no reading is ever impossible


def next_gold(gold: dict[str, int], rng: random.Random) -> dict[str, int]:
    """The gold one Citadels move later: one seat takes 2 gold, collects 1-4 of taxes or pays 1-6 for a district it
    can afford; or the thief robs a seat of everything."""
    after = dict(gold)
    seat = rng.choice(sorted(after))
    move = rng.choice(("income", "income", "taxes", "build", "build", "robbed"))
    if move == "income":
        after[seat] += 2
    elif move == "taxes":
        after[seat] += rng.randint(1, 4)
    elif move == "build" and after[seat] >= 1:
        after[seat] -= rng.randint(1, min(6, after[seat]))
    elif move == "robbed":
        thief = rng.choice([other for other in sorted(after) if other != seat])
        after[thief] += after[seat]
        after[seat] = 0
    return after


def with_gold(view: TableView, gold: dict[str, int]) -> TableView:
    out = TableView.from_json(view.to_json())
    for colour, coins in gold.items():
        out.supplies[colour] = {**out.supplies.get(colour, {}), COIN: coins}
    return out


def bench_table(seed: int, domain: str, moves: int, frames: int, size: tuple[int, int]) -> dict:
    """One table played ``moves`` gold moves; every seat's count scored after each, plus one hand trial."""
    fresh = fresh_table(PACK, seed, domain, size)
    rng, colours, layout, table, pipeline = fresh.rng, fresh.colours, fresh.layout, fresh.table, fresh.pipeline
    out = {"seed": seed, "players": len(colours), "registered": True, "seats": 0, "exact": 0, "unsure": 0,
           "sure_wrong": 0, "unsure_right": 0, "by_truth": {}, "hands": 0, "hand_sure_wrong": 0, "hand_unsure": 0,
           "wrong": [], "fit": []}
    empty, _ = table.render(TableView("citadels", tuple(colours)), frame_seed=10_001)
    try:
        pipeline.set_reference(empty)
    except ValueError as error:
        out["registered"], out["error"] = False, str(error)
        return out
    enrol_rendered_cards(pipeline, table, "citadels", tuple(colours))      # the setup's cards: the refitted pose
    start = PACK.new_game(colours, seed).table_view()      # the game's start, confirmed at setup: 2 gold each
    frame = table.render(start, frame_seed=199)[0]
    pipeline.observe(frame, still=False)           # hands set the table out: the motion gate sees it
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, start)
    cities = random_midgame(PACK, colours, seed).table_view()
    gold = {colour: int(cities.supplies[colour][COIN]) for colour in colours}
    view = with_gold(cities, gold)
    frame = table.render(view, frame_seed=200)[0]
    pipeline.observe(frame, still=False)
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, view)
    for move in range(moves):
        before = dict(gold)
        gold = next_gold(gold, rng)
        view = with_gold(cities, gold)
        pipeline.observe(table.render(view, frame_seed=1000 * move + 999)[0], still=False)    # the move itself
        for k in range(frames):
            frame = table.render(view, frame_seed=1000 * move + k)[0]
            observation = pipeline.observe(frame, still=True)
        for seat, colour in enumerate(colours):
            count, p = observation.coin_counts[colour]
            truth = gold[colour]
            _score(out, truth, count, p, changed=truth != before[colour])
            if count != truth and p >= SURE:
                out["wrong"].append([move, colour, before[colour], truth, count, p])
            pile = pipeline.reference.piles[seat]
            out["fit"].append({"before": before[colour], "truth": truth, "tops": pile.seen.tops,
                               "change": pile.seen.change, "layer_px": round(pile.layer_px, 2)})
        pipeline.confirm(frame, view)
    _hand_trial(out, pipeline, table, layout, view, colours, rng)
    return out


def _score(out: dict, truth: int, count: int | None, p: float, changed: bool) -> None:
    group = "0" if truth == 0 else "1-2" if truth <= 2 else "3+ changed" if changed else "3+ unchanged"
    tally = out["by_truth"].setdefault(group, {"seats": 0, "exact": 0, "unsure": 0, "sure_wrong": 0})
    out["seats"] += 1
    tally["seats"] += 1
    sure = count is not None and p >= SURE
    key = ("exact" if count == truth else "sure_wrong") if sure else "unsure"
    out[key] += 1
    tally[key] += 1
    out["unsure_right"] += not sure and count == truth


def _hand_trial(out: dict, pipeline: VisionPipeline, table: SimulatedTable, layout, view: TableView,
                colours: list[str], rng: random.Random) -> None:
    """A hand reaching into one seat's gold zone over the last position: its count must not be surely wrong."""
    seat = rng.randrange(len(colours))
    zone = layout.supply(seat)
    target = (zone.origin[0] + zone.size[0] * rng.uniform(0.2, 0.8),
              zone.origin[1] + zone.size[1] * rng.uniform(0.2, 0.8))
    hand = Hand(target, rng.uniform(0, 360), rng.uniform(35, 80), rng.uniform(0.6, 1.0), rng.uniform(0, 0.4),
                table.style.skin_tone)
    frame = table.render(view, (hand,), frame_seed=10_003)[0]
    count, p = pipeline.observe(frame, still=True).coin_counts[colours[seat]]
    out["hands"] += 1
    out["hand_unsure"] += count is None or p < SURE
    out["hand_sure_wrong"] += count != view.supplies[colours[seat]][COIN] and count is not None and p >= SURE


def totals(tables: list[dict]) -> dict:
    keys = ("seats", "exact", "unsure", "sure_wrong", "unsure_right", "hands", "hand_unsure", "hand_sure_wrong")
    total = {key: sum(t[key] for t in tables) for key in keys}
    groups: dict[str, dict[str, int]] = {}
    for t in tables:
        for group, tally in t["by_truth"].items():
            for key, value in tally.items():
                groups.setdefault(group, {}).setdefault(key, 0)
                groups[group][key] += value
    return {"tables": len(tables), "tables_registered": sum(t["registered"] for t in tables),
            "seats_scored": total["seats"], "exact_rate": ratio(total["exact"], total["seats"]),
            "unsure_rate": ratio(total["unsure"], total["seats"]),
            "confident_wrong_rate": ratio(total["sure_wrong"], total["seats"]),
            "unsure_but_right": total["unsure_right"],
            "hand_trials": total["hands"], "hand_unsure": total["hand_unsure"],
            "hand_confident_wrong": total["hand_sure_wrong"], "by_truth": dict(sorted(groups.items()))}


def write_odds(tables: list[dict], command: str) -> dict:
    """``coin_pile_odds.json`` from the tables' raw pile readings."""
    counts = np.zeros((3, len(COIN_EDGES) + 1))
    tops_read = tops_exact = 0
    for reading in (r for t in tables for r in t["fit"]):
        if reading["tops"] is None:
            continue
        whole = int(round(reading["tops"]))
        if whole < 3 and abs(reading["tops"] - whole) <= TOP_MARGIN:
            tops_read += 1
            tops_exact += whole == reading["truth"]
        elif reading["before"] >= 3 and reading["tops"] >= 3 - TOP_MARGIN and reading["layer_px"] >= MIN_LAYER_PX \
                and reading["change"] is not None:
            changed = min(2, abs(reading["truth"] - reading["before"]))
            counts[changed, int(np.searchsorted(COIN_EDGES, reading["change"], side="right"))] += 1
    smoothed = counts + SMOOTHING
    odds = smoothed / smoothed.sum(axis=1, keepdims=True)
    data = {"what": "piles of coins in a zone of their own (vision/coin_piles.py): per coins changed (0, 1, 2 or more),"
                    " the share of still-looking piles of 3+ coins whose strip reads in each bin; and the share of "
                    "counts by tops (fewer tops than stacks) that were exact",
            "made_by": command, "edges": list(COIN_EDGES),
            "odds": [[round(float(v), 4) for v in row] for row in odds], "piles": counts.astype(int).tolist(),
            "tops_read": tops_read, "tops_exact": round((tops_exact + SMOOTHING) / (tops_read + 2 * SMOOTHING), 4)}
    ODDS_FILE.write_text(json.dumps(data, indent=1) + "\n")
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_table_options(parser, tables=8)
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--write", action="store_true", help="write vision/coin_pile_odds.json (fixed seeds)")
    parser.add_argument("--seed", type=int, default=7_100_000, help="with --write: the first table seed")
    args = parser.parse_args()
    seeds = list(range(args.seed, args.seed + args.tables)) if args.write else table_seeds(args)
    print(json.dumps({"seeds": seeds, "domain": args.domain, "size": args.size, "moves": args.moves,
                      "frames": args.frames}), flush=True)
    tables = []
    for seed in seeds:
        result = bench_table(seed, args.domain, args.moves, args.frames, frame_size(args.size))
        tables.append(result)
        print(json.dumps({k: v for k, v in result.items() if k != "fit"}), flush=True)
    if args.write:
        command = (f"tests/benchmarks/bench_gold.py --write --seed {args.seed} --tables {args.tables} "
                   f"--moves {args.moves} --frames {args.frames} --domain {args.domain}")
        print(json.dumps(write_odds(tables, command)))
    print(json.dumps({**totals(tables), "seeds": seeds, "domain": args.domain, "size": args.size}))


if __name__ == "__main__":
    main()
