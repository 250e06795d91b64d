"""Benchmark: random complete 4-player Caylus games per second on one core (target ≥ 25).

Run: ``.venv/bin/python tests/benchmarks/bench_caylus_engine.py [--games 200] [--players 4]``.
Each decision is chosen uniformly among the legal options through the public API
(``pending()`` → ``apply()``), so the figure includes option generation, validation and cloning.
"""

from __future__ import annotations

import argparse
import json
import time


def measure(games: int, players: int, seed: int) -> dict[str, float]:
    from companion.games.caylus import INFO
    from companion.games.caylus.playout import random_game

    colours = list(INFO.colours[:players])
    decisions = 0
    started = time.perf_counter()
    for index in range(games):
        result = random_game(colours, seed + index)
        assert result.final.is_over, f"game {seed + index} did not finish"
        decisions += len(result.actions)
    elapsed = time.perf_counter() - started
    return {"players": players, "games": games, "seconds": round(elapsed, 3),
            "games_per_second": round(games / elapsed, 1),
            "decisions_per_second": round(decisions / elapsed), "mean_decisions": round(decisions / games, 1)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    print(json.dumps(measure(options.games, options.players, options.seed)))
