"""The live loop on the simulated table: frame rate, and how long a move takes to reach the session.

Bots play a game on the rendered table (a whole game unless DECISIONS is given); the real vision
pipeline and reconciler watch it, and bots answer the camera's questions with what they really did.
Printed: frames per second of the whole loop (render + vision + reconciler), vision and reconciler
time per frame, and per committed move the latency from the first frame where the table is at rest
again (the hand gone) to the commit — in frames and in milliseconds — plus wrong commits, alerts, and
the decisions asked on the tablet, split into hidden choices (the camera cannot see them) and others.

    .venv/bin/python tests/benchmarks/bench_live.py [DECISIONS] [--size 960x540] [--domain train] [--seed 5] [--players 2]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time


# Choices whose only trace is a few cubes or coins changing hands (or a building never seen before): the
# issue's "hidden choices" (food or cloth at the farm, the favour's row and column, what the carpenter builds).
# Worker placements, the provost, the guild, the gate, the joust, the inn and the lawyer are visible, except when
# the choice leaves the table as it was (leave the provost where it is, stay at the inn): that is a hidden choice too.
HIDDEN_KINDS = {"produce", "owner_bonus", "sell", "buy", "trade", "castle", "favour", "favour_resources",
                "favour_building", "build"}
STALL_FRAMES = 600


def leaves_no_trace(before, after) -> bool:
    """A choice the camera can't see: the table looks the same after it (pass the provost, stay at the inn)."""
    from companion.reconciler.evidence import VisibleView
    return VisibleView.of(before.table_view()) == VisibleView.of(after.table_view())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    from companion.live import TableLoop, watching_pipeline
    from companion.live.prompt_bots import PromptBots
    from companion.live.simulated_table import SimulatedWorld
    from companion.session import Journal
    from companion.web.desk import Desk
    from vision.layout import load_layout

    parser = argparse.ArgumentParser()
    parser.add_argument("decisions", type=int, nargs="?", default=0, help="stop after this many (0: the whole game)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--size", default="960x540")
    parser.add_argument("--domain", default="train")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    players = ("red", "blue", "green", "yellow", "black")[:args.players]
    enough = args.decisions or 10_000

    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=list(players), seed=args.seed, variants={}, guided=False)
    world = SimulatedWorld(lambda: desk.session, bots=set(players), seed=args.seed, size=size, domain=args.domain)
    loop = TableLoop(desk, world, watching_pipeline(load_layout(), players), keep_timings=True,
                     after_frame=[PromptBots(world, bots=players, delay_frames=3)])
    loop.set_reference(world.setup_pictures())

    rest_started: dict[int, tuple[int, float]] = {}      # world decision count → (frame, time) the table came to rest
    latencies_frames, latencies_ms = [], []
    was_occluded = True
    started = time.perf_counter()
    frames = 0
    stuck = 0          # frames since the last commit: a game stalled on an alert or a misread ends the run
    while len(desk.session.actions) < enough and not desk.session.state.is_over and stuck < STALL_FRAMES:
        before = len(desk.session.actions)
        loop.step()
        frames += 1
        observation = loop.last_observation
        if observation is not None and was_occluded and not observation.occluded:
            rest_started[len(world.actions)] = (frames, time.perf_counter())
        was_occluded = observation is None or observation.occluded
        after = len(desk.session.actions)
        stuck = 0 if after > before else stuck + 1
        if after > before and after in rest_started:
            frame_at, time_at = rest_started.pop(after)
            latencies_frames.append(frames - frame_at)
            latencies_ms.append((time.perf_counter() - time_at) * 1000)
    elapsed = time.perf_counter() - started
    session = desk.session
    wrong = next((i for i, (a, b) in enumerate(zip(session.actions, world.actions)) if a != b), None)
    timings = loop.timings or []
    states = session.history()
    asked = {True: 0, False: 0}
    answered_by_kind: dict[str, int] = {}
    for number, source in enumerate(session.sources):
        if source == "prompt":
            kind = states[number].pending().kind
            asked[kind in HIDDEN_KINDS or leaves_no_trace(states[number], states[number + 1])] += 1
            answered_by_kind[kind] = answered_by_kind.get(kind, 0) + 1
    questions: dict[str, int] = {}
    for outcome in loop.outcomes:
        if outcome.kind == "prompt" and outcome.decision is not None:
            key = f"{outcome.reason} {states[outcome.decision].pending().kind}"
            questions[key] = questions.get(key, 0) + 1
    print(json.dumps({
        "size": args.size, "domain": args.domain, "seed": args.seed,
        "decisions_committed": len(session.actions), "world_decisions": len(world.actions), "frames": frames,
        "loop_fps": round(frames / elapsed, 2),
        "observe_ms_median": round(statistics.median(t.observe_ms for t in timings), 1) if timings else None,
        "reconcile_ms_median": round(statistics.median(t.reconcile_ms for t in timings), 1) if timings else None,
        "reconcile_ms_p95": round(percentile([t.reconcile_ms for t in timings], 0.95), 1) if timings else None,
        "rest_to_commit_frames_median": statistics.median(latencies_frames) if latencies_frames else None,
        "rest_to_commit_ms_median": round(statistics.median(latencies_ms), 1) if latencies_ms else None,
        "rest_to_commit_ms_p95": round(percentile(latencies_ms, 0.95), 1) if latencies_ms else None,
        "sources": {s: session.sources.count(s) for s in sorted(set(session.sources))},
        "game_over": session.state.is_over,
        "prompts_for_hidden_choices": asked[True], "prompts_beyond_hidden_choices": asked[False],
        "committed_without_prompt_beyond_hidden_pct": round(
            100 * (len(session.actions) - asked[False]) / max(1, len(world.actions)), 1),
        "answered_by_kind": answered_by_kind, "questions_by_reason_and_kind": questions,
        "first_wrong_commit": wrong,
        "alerts": [{"kind": a.kind, "place": a.place, "message": a.message} for a in session.alerts],
    }, indent=1))


if __name__ == "__main__":
    main()
