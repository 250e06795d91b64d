"""``companion simulate GAME``: play complete games with random legal decisions and check every invariant.

Seats choose uniformly among their options and chance outcomes come by their weights. The pack's
``invariants`` part, when it has one (``violations(state)``, ``transition_violations(before, after)``),
is checked at every step. Prints one JSON object (games, invariant_violations, crashes, games_per_second,
means …); exits 1 if any game broke an invariant, crashed or did not end.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from typing import Any

from companion.games import Action, GamePack, GameState, RuleError
from companion.games.playout import MAX_DECISIONS, random_playout

from .game_argument import add_game_argument, pack_of


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("simulate", help="play random legal games and check the rules engine",
                                   description=__doc__)
    add_game_argument(parser)
    parser.add_argument("--players", type=int, default=None, help="how many seats (default 4, or the nearest count the game takes)")
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


def checked_game(pack: GamePack, colours: list[str], seed: int, check: bool,
                 variants: dict[str, Any]) -> tuple[GameState, int, list[str]]:
    """One random game: its final state, how many decisions it took, and every invariant it broke."""
    checker = pack.part("invariants") if check and pack.has_part("invariants") else None
    state = pack.new_game(colours, seed, **variants)
    found: list[str] = list(checker.violations(state)) if checker else []

    def on_step(before: GameState, action: Action, after: GameState) -> None:
        if checker:
            found.extend(f"after {action}: {v}"
                         for v in checker.violations(after) + checker.transition_violations(before, after))

    game = random_playout(state, seed, on_step=on_step)
    if not game.final.is_over:
        found.append(f"game did not end within {MAX_DECISIONS} decisions")
    return game.final, len(game.actions), found


def run(args: argparse.Namespace) -> int:
    pack = pack_of(args)
    info = pack.info
    players = args.players if args.players is not None else min(max(4, info.min_players), info.max_players)
    try:
        variants = parse_variants(args.variant)
        if not info.min_players <= players <= info.max_players:
            raise ValueError(f"--players must be {info.min_players} to {info.max_players}, not {players}")
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        pack.new_game(list(info.colours[:players]), 0, **variants)  # reject bad options before playing
    except (ValueError, RuleError) as problem:
        print(f"companion simulate: {problem}", file=sys.stderr)
        return 2
    colours = list(info.colours[:players])
    violations: list[dict[str, Any]] = []
    crashes: list[dict[str, Any]] = []
    finished, turns, decisions, winning, scores = 0, 0, 0, 0, 0
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed + index
        try:
            final, taken, broken = checked_game(pack, colours, seed, not args.no_check, variants)
        except Exception as crash:  # a crash is a finding to report, not a reason to stop
            crashes.append({"seed": seed, "error": repr(crash), "where": traceback.format_exc(limit=3)[-400:]})
            continue
        if broken:
            violations.append({"seed": seed, "first": broken[:5], "count": len(broken)})
        if final.is_over:
            finished += 1
        totals = [score.total for score in final.scores()]
        turns += final.turn_number
        decisions += taken
        scores += sum(totals)
        winning += max(totals)
    elapsed = time.perf_counter() - started
    played = max(args.games - len(crashes), 1)
    report = {
        "game": args.game, "players": players, "games": args.games, "seed": args.seed, "variants": variants,
        "finished": finished, "invariant_violations": sum(v["count"] for v in violations),
        "crashes": len(crashes), "games_per_second": round(args.games / elapsed, 2) if elapsed else None,
        "mean_turns": round(turns / played, 2), "mean_decisions": round(decisions / played, 1),
        "mean_final_score": round(scores / played / players, 2),
        "mean_winning_score": round(winning / played, 2), "checked": not args.no_check,
        "violation_samples": violations[:5], "crash_samples": crashes[:5],
    }
    print(json.dumps(report))
    return 0 if not violations and not crashes and finished == args.games else 1
