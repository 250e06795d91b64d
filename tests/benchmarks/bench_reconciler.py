"""Reconciler benchmark: complete simulated Caylus games (2–5 players), hidden choices answered by a script.

Run: ``.venv/bin/python tests/benchmarks/bench_reconciler.py [GAMES] [--blocked RATE] [--noise holdout|mild]
[--rendered N [--decisions D] [--domain holdout] [--size 960x540]]``.

GAMES games (default 50) are filmed by the synthetic camera (``companion.reconciler.synthetic``; ``--noise holdout``,
the default, is calibrated on the slot model's held-out confusions, see ``Noise``); with ``--rendered N`` N more games
are rendered on the simulated table and read by the real ``VisionPipeline`` (``companion.live.recorded``), the first
D decisions of each. One line per game as it ends, then one JSON object with the totals:

* ``wrong_commits``: the camera's commits that lead the game off the bots' one (a wrong move; a route to one of its
  positions, such as two workers put under one hand in the other order, is right: ``TrueGame``);
* ``false_alerts``: every alert raised (the bots play legally), by kind (illegal, forgotten step, camera);
* ``share_without_prompt_beyond_hidden``: decisions committed by the camera, or asked because they leave no trace
  on the table (a hidden choice), over all decisions of the game (decisions never reached count against it);
  prompts about visible moves (look-alike stories) are counted apart;
* latency from the hand leaving the board (first frame without it) to the commit of the last move it made:
  median frames, the same in seconds at the camera's frame rate, and the reconciler's own CPU time per frame
  (median over frames, and on the committing frames), added to give the median seconds to commit.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

COLOURS = ["red", "blue", "green", "yellow", "black"]


def percentile(values: list[float], q: float) -> float | None:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else None


def score_game(session: Any, result: Any, truth: list, visits: list, fps: float) -> dict[str, Any]:
    """The figures of one replayed game (see the module docstring)."""
    from companion.reconciler.evidence import VisibleView
    from companion.reconciler.replay import TrueGame, wrong_commits

    made = session.actions
    states = session.history()
    asked = {o.decision: o.reason for o in result.outcomes if o.kind == "prompt"}
    invisible = lookalike = 0
    for number, source in enumerate(session.sources):
        if source != "prompt":
            continue
        same = VisibleView.of(states[number].table_view()).key() == VisibleView.of(states[number + 1].table_view()).key()
        invisible += same
        lookalike += not same
    frames, seconds = [], []
    for last, hand_left in visits:
        if hand_left >= 0 and last in result.commit_frames:
            frame = result.commit_frames[last]
            frames.append(frame - hand_left + 1)
            seconds.append(frames[-1] / fps + result.seconds.get(frame, 0.0))
    alerts: dict[str, int] = {}
    for alert in session.alerts:
        alerts[alert.kind] = alerts.get(alert.kind, 0) + 1
    return {
        "players": len(session.players), "decisions": len(truth), "committed": len(made),
        "wrong": len(wrong_commits(session, result.outcomes, TrueGame(states[0], truth))), "camera": session.sources.count("camera"),
        "prompt_invisible": invisible, "prompt_lookalike": lookalike, "prompts_asked": len(asked),
        "alerts": alerts, "alert_messages": [a.message for a in session.alerts][:5],
        "frames_to_commit": frames, "seconds_to_commit": seconds,
        "frame_cpu": list(result.seconds.values()),
        "commit_cpu": [result.seconds[f] for f in set(result.commit_frames.values()) if f in result.seconds],
        "cpu": sum(result.seconds.values()), "over": session.state.is_over,
    }


def synthetic_game(number: int, blocked: float, noise_name: str) -> dict[str, Any]:
    from companion.reconciler.replay import run
    from companion.reconciler.synthetic import Noise, record_game
    from companion.session import Journal, Session

    players = COLOURS[:2 + number % 4]
    noise = Noise.mild() if noise_name == "mild" else Noise()
    recording = record_game("caylus", players, seed=1000 + number, noise=noise, blocked_rate=blocked)
    session = Session.new(Journal(":memory:"), game="caylus", players=players, seed=recording.seed)
    result = run(session, recording.observations, answers=recording.actions)
    visits = [(v.decisions[-1], v.hand_left) for v in recording.visits]
    return {"seed": recording.seed, **score_game(session, result, recording.actions, visits, recording.fps)}


def rendered_game(number: int, decisions: int, domain: str, size: tuple[int, int], fps: float) -> dict[str, Any]:
    """A bot game rendered frame by frame and read by the real pipeline (the first ``decisions`` decisions)."""
    from companion.cli.render import PACING, SETUP_FRAMES
    from companion.games.playout import bot_game
    from companion.games.registry import default_pack
    from companion.games import Action
    from companion.live import watching_pipeline
    from companion.live.recorded import replay_pictures
    from companion.session import Journal, Session
    from vision.layout import load_layout
    from vision.render.domains import sample_style
    from vision.render.renderer import SimulatedTable
    from vision.render.video import Pacing, game_frames

    players = COLOURS[:2 + number % 4]
    seed = 2000 + number
    steps, answers, _final = bot_game(default_pack(), list(players), seed, decisions)
    truth = [Action.from_json(a) for a in answers]
    layout = load_layout()
    table = SimulatedTable(layout, sample_style(domain, seed), size)
    moves: list[int] = []           # truth "move" (decisions applied) per frame
    hand: list[bool] = []

    def pictures():
        for image, frame_truth in game_frames(table, steps, Pacing(**PACING), setup_frames=SETUP_FRAMES):
            moves.append(frame_truth["move"])
            hand.append(bool(frame_truth["hands"]))
            yield image

    session = Session.new(Journal(":memory:"), game="caylus", players=players, seed=seed)
    pipeline = watching_pipeline(layout, players)
    result = replay_pictures(pictures(), pipeline, session, answers=truth)
    # A visit: the frames of one step with a hand; it left at the first handless frame after them.
    visits = []
    for index in range(1, len(moves)):
        if hand[index - 1] and not hand[index] and moves[index] >= 1:
            visits.append((moves[index] - 1, index))
    return {"seed": seed, "rendered": f"{domain} {size[0]}x{size[1]}",
            **score_game(session, result, truth, visits, fps)}


def totals(games: list[dict[str, Any]], fps: float) -> dict[str, Any]:
    decisions = sum(g["decisions"] for g in games)
    alerts: dict[str, int] = {}
    for game in games:
        for kind, count in game["alerts"].items():
            alerts[kind] = alerts.get(kind, 0) + count
    frames = [f for g in games for f in g["frames_to_commit"]]
    seconds = [s for g in games for s in g["seconds_to_commit"]]
    frame_cpu = [c for g in games for c in g["frame_cpu"]]
    commit_cpu = [c for g in games for c in g["commit_cpu"]]
    cpu_by_players: dict[int, list[float]] = {}
    for game in games:
        cpu_by_players.setdefault(game["players"], []).append(game["cpu"])
    return {
        "games": len(games), "decisions": decisions,
        "games_completed": sum(g["over"] for g in games),
        "decisions_committed": sum(g["committed"] for g in games),
        "wrong_commits": sum(g["wrong"] for g in games),
        "false_alerts": sum(alerts.values()), "false_alerts_by_kind": alerts,
        "games_with_an_alert": sum(bool(g["alerts"]) for g in games),
        "by_camera": sum(g["camera"] for g in games),
        "by_prompt_invisible": sum(g["prompt_invisible"] for g in games),
        "by_prompt_lookalike": sum(g["prompt_lookalike"] for g in games),
        "share_without_prompt_beyond_hidden": round(
            sum(g["camera"] + g["prompt_invisible"] for g in games) / decisions, 5) if decisions else None,
        "median_frames_hand_left_to_commit": statistics.median(frames) if frames else None,
        "median_seconds_frames_over_fps": round(statistics.median(frames) / fps, 3) if frames else None,
        "median_reconciler_ms_per_frame": round(1000 * statistics.median(frame_cpu), 2) if frame_cpu else None,
        "p90_reconciler_ms_per_frame": round(1000 * percentile(frame_cpu, 0.9), 2) if frame_cpu else None,
        "median_reconciler_ms_on_commit_frames": round(1000 * statistics.median(commit_cpu), 2) if commit_cpu else None,
        "median_seconds_hand_left_to_commit": round(statistics.median(seconds), 3) if seconds else None,
        "p90_seconds_hand_left_to_commit": round(percentile(seconds, 0.9), 3) if seconds else None,
        "median_cpu_s_per_game_by_players": {n: round(statistics.median(c), 1)
                                             for n, c in sorted(cpu_by_players.items())},
    }


def line(number: int, game: dict[str, Any]) -> str:
    kind = game.get("rendered", "synthetic")
    return (f"game {number}: {kind}, {game['players']} players, seed {game['seed']}, {game['committed']}/"
            f"{game['decisions']} decisions, wrong {game['wrong']}, camera {game['camera']}, prompts: invisible "
            f"{game['prompt_invisible']} look-alike {game['prompt_lookalike']}, alerts {game['alerts'] or 0}, "
            f"{game['cpu']:.0f} CPU-s" + (f" — first alert: {game['alert_messages'][0]}" if game['alert_messages']
                                          else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", type=int, nargs="?", default=50, help="synthetic-camera games (default 50)")
    parser.add_argument("--blocked", type=float, default=0.1, help="share of hands making several moves")
    parser.add_argument("--noise", choices=("holdout", "mild"), default="holdout")
    parser.add_argument("--rendered", type=int, default=0, help="games rendered and read by the real pipeline")
    parser.add_argument("--decisions", type=int, default=30, help="--rendered: decisions per rendered game")
    parser.add_argument("--domain", default="holdout", help="--rendered: rendering domain")
    parser.add_argument("--size", default="960x540", help="--rendered: frame size")
    parser.add_argument("--json", help="also write the final JSON (with every game) to this file")
    args = parser.parse_args()
    started = time.time()
    synthetic: list[dict[str, Any]] = []
    rendered: list[dict[str, Any]] = []

    def summary() -> dict[str, Any]:
        """The totals so far; with --json also written after every game, so a run cut short still has them."""
        data = {"synthetic": {"noise": args.noise, "blocked_rate": args.blocked, "fps": 15.0,
                              **totals(synthetic, 15.0)} if synthetic else None,
                "rendered": {"domain": args.domain, "size": args.size, "decisions_per_game": args.decisions,
                             "fps": 10.0, **totals(rendered, 10.0)} if rendered else None,
                "wall_s": round(time.time() - started)}
        if args.json:
            with open(args.json, "w") as out:
                json.dump({**data, "games": [{k: v for k, v in g.items() if k != "frame_cpu"}
                                             for g in synthetic + rendered]}, out)
        return data

    for number in range(args.games):
        synthetic.append(synthetic_game(number, args.blocked, args.noise))
        print(line(number + 1, synthetic[-1]), flush=True)
        summary()
    size = tuple(int(v) for v in args.size.split("x"))
    for number in range(args.rendered):
        rendered.append(rendered_game(number, args.decisions, args.domain, size, 10.0))
        print(line(number + 1, rendered[-1]), flush=True)
        summary()
    print(json.dumps(summary()))


if __name__ == "__main__":
    main()
