"""Reconciler benchmark: complete simulated Caylus games with a noisy synthetic camera.

Run: ``.venv/bin/python tests/benchmarks/bench_reconciler.py [GAMES] [--blocked RATE]``. Prints wrong commits,
false alerts, the share of decisions committed without a prompt beyond the hidden choices, and the median
latency from the hand leaving the board to the commit.
"""

import statistics
import sys
import time

HIDDEN_KINDS = {"provost", "guild", "produce", "favour", "favour_resources", "favour_building", "build"}


def main(games: int, blocked: float) -> None:
    from companion.reconciler.replay import run
    from companion.reconciler.synthetic import Noise, record_game
    from companion.session import Journal, Session

    wrong = false_alerts = decisions = beyond_hidden = unfinished = 0
    latencies, frames_to_commit, seconds_per_game = [], [], []
    started = time.time()
    for number in range(games):
        players = ["red", "blue", "green", "yellow", "black"][:2 + number % 4]
        recording = record_game("caylus", players, seed=1000 + number, noise=Noise(), blocked_rate=blocked)
        session = Session.new(Journal(":memory:"), game="caylus", players=players, seed=recording.seed)
        clock = time.process_time()
        result = run(session, recording.observations, answers=recording.actions)
        seconds_per_game.append((len(players), time.process_time() - clock))
        made = session.actions
        wrong += sum(a != b for a, b in zip(made, recording.actions))
        false_alerts += sum(alert.kind == "illegal" for alert in session.alerts)
        decisions += len(recording.actions)
        unfinished += len(made) != len(recording.actions)
        states = session.history()
        for index, source in enumerate(session.sources):
            if source == "prompt" and states[index].pending().kind not in HIDDEN_KINDS:
                beyond_hidden += 1
        print(f"game {number + 1}: {len(players)} players, {len(made)}/{len(recording.actions)} decisions, "
              f"wrong {sum(a != b for a, b in zip(made, recording.actions))}, "
              f"alerts {sum(alert.kind == 'illegal' for alert in session.alerts)}, "
              f"{seconds_per_game[-1][1]:.0f} CPU-s", flush=True)
        for visit in recording.visits:
            last = visit.decisions[-1]
            if visit.hand_left >= 0 and last in result.commit_frames:
                frames_to_commit.append(result.commit_frames[last] - visit.hand_left + 1)
                latencies.append(frames_to_commit[-1] / recording.fps)
    print(f"games: {games} (2-5 players, blocked-camera rate {blocked}), decisions: {decisions}, "
          f"time {time.time() - started:.0f} s")
    print(f"wrong commits: {wrong}")
    print(f"false alerts: {false_alerts}")
    print(f"games not completed: {unfinished}")
    print(f"committed without a prompt beyond hidden choices: {100 * (1 - beyond_hidden / decisions):.2f} %")
    for count in sorted({n for n, _ in seconds_per_game}):
        times = [t for n, t in seconds_per_game if n == count]
        print(f"{count} players: median {statistics.median(times):.1f} CPU-s per complete game")
    if latencies:
        print(f"frames from hand leaving to commit: median {statistics.median(frames_to_commit)}")
        print(f"latency hand-leaves -> commit: median {statistics.median(latencies):.3f} s, "
              f"90th pct {sorted(latencies)[int(0.9 * len(latencies))]:.3f} s")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    blocked_rate = 0.1
    if "--blocked" in arguments:
        at = arguments.index("--blocked")
        blocked_rate = float(arguments[at + 1])
        del arguments[at:at + 2]
    main(int(arguments[0]) if arguments else 50, blocked_rate)
