"""Render speed of the simulated table at 1280×720 on this machine (prints figures; not a test).

Run: .venv/bin/python tests/benchmarks/bench_render.py
"""

from __future__ import annotations

import random
import time


def main() -> None:
    from companion.games import new_game
    from vision.layout import load_layout
    from vision.render.domains import sample_style
    from vision.render.renderer import SimulatedTable
    from vision.render.video import game_frames

    layout = load_layout()
    rng = random.Random(1)
    state = new_game("caylus", ["red", "blue", "green", "yellow"], 1)
    steps = [(state.table_view(), None)]
    while not state.is_over and len(steps) < 60:
        decision = state.pending()
        active = [o for o in decision.options if o.action.kind != "pass"]
        action = rng.choice(active if active and rng.random() < 0.8 else decision.options).action
        state = state.apply(action)
        steps.append((state.table_view(), action.player))
    for domain in ("train", "holdout"):
        t0 = time.perf_counter()
        table = SimulatedTable(layout, sample_style(domain, 3), (1280, 720))
        t1 = time.perf_counter()
        count = 0
        for _frame, _truth in game_frames(table, steps):
            count += 1
        t2 = time.perf_counter()
        still_t = time.perf_counter()
        for k in range(20):
            table.render(steps[-1][0], frame_seed=k)
        still = (time.perf_counter() - still_t) / 20
        print(f"{domain:8s} 1280x720: episode setup {t1 - t0:.2f} s; whole-game video {count} frames "
              f"at {count / (t2 - t1):.1f} fps (hands, piece changes, truth included); "
              f"still frame {1000 * still:.1f} ms ({1 / still:.1f} fps)")


if __name__ == "__main__":
    main()
