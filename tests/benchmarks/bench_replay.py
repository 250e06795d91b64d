"""Recorded games through ``companion replay``: the players never wait for the companion.

For each game a bot-played game is rendered as a recording (``companion render GAME --game``: the empty board, then
each move's hands reaching in and out and a few still frames), then replayed through the camera pipeline and a
reconciler (``companion replay``), exactly as a user would try a recorded game. Printed, one JSON line per game and
reconciler, then the totals per reconciler: decisions committed of those played, by the camera and by a question,
wrong commits, alerts (every one is false: the rendered table is always right), whether the game was followed to
its end with the scores equal to the played game's.

Seeds are drawn at random when the run starts (``--fresh N``, printed first) unless ``--seeds`` names them: figures
count only on seeds nothing was tuned on.

    .venv/bin/python tests/benchmarks/bench_replay.py --fresh 4 [--players 2,3,4,5] [--size 960x540]
        [--reconciler rules,model] [--domain holdout] [--game caylus] [--decisions N] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Sequence


def companion(*args: str) -> subprocess.CompletedProcess:
    """Run the companion's CLI from this checkout, as a user would (``python -m companion``)."""
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True)


def render(game: str, players: int, seed: int, domain: str, size: str, out: Path,
           decisions: int | None = None) -> dict[str, Any]:
    """Render one bot-played game (whole, or its first ``decisions``) into ``out``; its ``game.json``."""
    first = ("--decisions", str(decisions)) if decisions else ()
    done = companion("render", game, "--game", "--players", str(players), "--seed", str(seed), "--domain", domain,
                     "--size", size, "--no-video", "--out", str(out), *first)
    if done.returncode != 0:
        raise RuntimeError(f"render of seed {seed} failed: {done.stderr.strip()[-400:]}")
    return json.loads((out / "game.json").read_text())


def final_totals(game: dict[str, Any]) -> dict[str, int]:
    """The played game's final score per colour."""
    return {game["players"][score["player"]]: score["total"] for score in game["scores"]}


def replay(out: Path, reconciler: str) -> dict[str, Any]:
    """``companion replay`` of the rendered game with ``reconciler``: its JSON summary."""
    done = companion("replay", str(out), "--reconciler", reconciler)
    if done.returncode != 0:
        return {"error": done.stderr.strip()[-400:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def game_line(seed: int, players: int, reconciler: str, game: dict[str, Any], result: dict[str, Any]) -> dict:
    """What one replay did, against the game that was played."""
    if "error" in result:
        return {"seed": seed, "players": players, "reconciler": reconciler, "error": result["error"]}
    return {"seed": seed, "players": players, "reconciler": reconciler,
            "decisions": game["decisions"], "committed": result["moves_committed"],
            "by_camera": result["by_camera"], "by_prompt": result["by_prompt"],
            "wrong": result.get("wrong_commits"), "first_wrong": result.get("first_wrong"),
            "alerts": len(result["alerts"]), "to_the_end": bool(result["over"]),
            "scores_equal": bool(result["over"]) and game.get("over", True)
            and result["final_scores"] == final_totals(game)}


def totals(lines: Sequence[dict]) -> dict[str, Any]:
    """The per-reconciler sums the issue's targets are stated in."""
    done = [line for line in lines if "error" not in line]
    decisions = sum(line["decisions"] for line in done)
    return {"games": len(lines), "failed_to_run": len(lines) - len(done),
            "to_the_end_scores_equal": sum(line["scores_equal"] for line in done),
            "games_with_wrong_commit": sum(bool(line["wrong"]) for line in done),
            "alerts": sum(line["alerts"] for line in done),
            "decisions": decisions, "committed": sum(line["committed"] for line in done),
            "committed_share": round(sum(line["committed"] for line in done) / decisions, 4) if decisions else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fresh", type=int, default=0, metavar="N", help="N games on seeds drawn now")
    parser.add_argument("--seeds", default="", help="comma-separated seeds instead (tuning/regression seeds)")
    parser.add_argument("--players", default="2,3,4,5", help="player counts, taken in turn game by game")
    parser.add_argument("--size", default="960x540", help="frame size WxH of the recording")
    parser.add_argument("--domain", default="holdout", choices=("train", "holdout", "holdout-printed"))
    parser.add_argument("--reconciler", default="rules,model", help="rules, model or both (comma-separated)")
    parser.add_argument("--game", default="caylus")
    parser.add_argument("--decisions", type=int, help="only each game's first N decisions (a quick check)")
    parser.add_argument("--keep", help="directory to keep the recordings in (default: a temporary one)")
    args = parser.parse_args()

    counts = [int(n) for n in args.players.split(",")]
    if args.seeds:
        seeds = [int(s) for s in args.seeds.split(",")]
    else:
        draw = random.SystemRandom()
        seeds = [draw.randrange(100_000, 1_000_000) for _ in range(max(args.fresh, 1))]
    plan = [(seed, counts[i % len(counts)]) for i, seed in enumerate(seeds)]
    reconcilers = [name.strip() for name in args.reconciler.split(",") if name.strip()]
    print(json.dumps({"seeds": plan, "fresh": not args.seeds, "size": args.size, "domain": args.domain}),
          flush=True)
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench_replay_"))
    lines: dict[str, list[dict]] = {name: [] for name in reconcilers}
    for seed, players in plan:
        out = root / f"{args.game}_{players}p_{seed}"
        game = render(args.game, players, seed, args.domain, args.size, out, args.decisions)
        for name in reconcilers:
            line = game_line(seed, players, name, game, replay(out, name))
            lines[name].append(line)
            print(json.dumps(line), flush=True)
    for name in reconcilers:
        print(json.dumps({"reconciler": name, **totals(lines[name])}), flush=True)


if __name__ == "__main__":
    main()
