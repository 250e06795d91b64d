"""``companion simulate caylus``: play complete games with random legal decisions and check every invariant.

Prints one JSON object (games, invariant_violations, crashes, games_per_second, means …); exits 1 if
any game broke an invariant or crashed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from typing import Any

from companion.games import RuleError

GAMES = ("caylus",)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("simulate", help="play random legal games and check the rules engine",
                                   description=__doc__)
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--players", type=int, default=4, help="2 to 5 (default 4)")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=VALUE",
                        help="a rules option, e.g. beginner_favours=true (repeatable)")
    parser.add_argument("--no-check", action="store_true", help="skip the per-step invariant checks (speed only)")
    parser.set_defaults(func=run)


def parse_variants(pairs: list[str]) -> dict[str, Any]:
    variants: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"--variant needs NAME=VALUE, got {pair!r}")
        lowered = text.strip().lower()
        if lowered in ("true", "yes", "on"):
            value: Any = True
        elif lowered in ("false", "no", "off"):
            value = False
        elif lowered.lstrip("-").isdigit():
            value = int(lowered)
        else:
            value = text.strip()
        variants[name.strip()] = value
    return variants


def run(args: argparse.Namespace) -> int:
    from companion.games.caylus import INFO, new_game
    from companion.games.caylus.playout import random_game

    try:
        variants = parse_variants(args.variant)
        if not INFO.min_players <= args.players <= INFO.max_players:
            raise ValueError(f"--players must be {INFO.min_players} to {INFO.max_players}, not {args.players}")
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        new_game(list(INFO.colours[:args.players]), 0, **variants)  # reject bad options before playing
    except (ValueError, RuleError) as problem:
        print(f"companion simulate: {problem}", file=sys.stderr)
        return 2
    colours = list(INFO.colours[:args.players])
    violations: list[dict[str, Any]] = []
    crashes: list[dict[str, Any]] = []
    finished, turns, decisions, winning, scores = 0, 0, 0, 0, 0
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        try:
            result = random_game(colours, seed, check=not args.no_check, **variants)
        except Exception as crash:  # a crash is a finding to report, not a reason to stop
            crashes.append({"seed": seed, "error": repr(crash), "where": traceback.format_exc(limit=3)[-400:]})
            continue
        if result.violations:
            violations.append({"seed": seed, "first": result.violations[:5], "count": len(result.violations)})
        if result.final.is_over:
            finished += 1
        turns += result.final.turn
        decisions += len(result.actions)
        scores += sum(result.final.pp)
        winning += max(result.final.pp)
    elapsed = time.perf_counter() - started
    played = max(args.games - len(crashes), 1)
    report = {
        "game": args.game, "players": args.players, "games": args.games, "seed": args.seed, "variants": variants,
        "finished": finished, "invariant_violations": sum(v["count"] for v in violations),
        "crashes": len(crashes), "games_per_second": round(args.games / elapsed, 2) if elapsed else None,
        "mean_turns": round(turns / played, 2), "mean_decisions": round(decisions / played, 1),
        "mean_final_score": round(scores / played / args.players, 2),
        "mean_winning_score": round(winning / played, 2), "checked": not args.no_check,
        "violation_samples": violations[:5], "crash_samples": crashes[:5],
    }
    print(json.dumps(report))
    return 0 if not violations and not crashes and finished == args.games else 1
