"""Which seat's side each reach came from (``Observation.hand_from``), on the bots' games as the live table films them.

For each table (look, frame size, number of seats, seed) the bots play a game; each move that changes the table is
filmed as the live simulated table does (``HAND_PACING``: 4 frames reaching in, 4 drawing back, the arm turned up to
±15° off its seat's side), then two frames at rest, after which the pipeline confirms the new table (as the live loop
does after a commit). Printed per table and in total: reaches, how many were named in 0, 1 and ≥ 2 frames (the
reconciler's arm rules need 2), the naming frames and how many named a wrong seat, reaches with a wrong seat named in
≥ 2 frames, in all its naming frames or in its only one; the frames whose arm lay between seats' sides (two or more
near) and those that left out the seat reaching in; the reaches named in no frame but between sides in ≥ 2 (the
reconciler's arm rules keep those seats' stories) and those whose seats left out the one reaching in; and the side
reader's time per hand frame (median, ms).

    .venv/bin/python tests/benchmarks/bench_hand_side.py [--reaches 40] [--domain holdout] [--sizes 960x540,1280x720]
        [--players 2,3,4,5] [--seeds 51,52]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field

COLOURS = ("red", "blue", "green", "yellow", "black")


@dataclass
class Tally:
    reaches: int = 0
    named_in: Counter = field(default_factory=Counter)     # 0, 1, 2 (≥ 2) → reaches
    naming_frames: int = 0
    wrong_frames: int = 0
    wrong_reaches: int = 0                                 # a wrong seat named in ≥ 2 frames of one reach
    mixed_reaches: int = 0                                 # a wrong seat named in any frame of the reach
    only_wrong: int = 0                                    # every naming frame of the reach named a wrong seat
    lone_wrong: int = 0                                    # named in exactly one frame, and that a wrong seat
    among: int = 0                                         # named in no frame, between seats' sides in >= 2 frames
    among_wrong: int = 0                                   # … and those seats leave out the one that reached in
    among_frames: int = 0                                  # frames between seats' sides (two or more near)
    among_wrong_frames: int = 0                            # … that leave out the one that reached in
    read_ms: list = field(default_factory=list)

    def add(self, other: "Tally") -> None:
        self.reaches += other.reaches
        self.named_in.update(other.named_in)
        self.naming_frames += other.naming_frames
        self.wrong_frames += other.wrong_frames
        self.wrong_reaches += other.wrong_reaches
        self.mixed_reaches += other.mixed_reaches
        self.only_wrong += other.only_wrong
        self.lone_wrong += other.lone_wrong
        self.among += other.among
        self.among_wrong += other.among_wrong
        self.among_frames += other.among_frames
        self.among_wrong_frames += other.among_wrong_frames
        self.read_ms += other.read_ms

    def line(self) -> str:
        share = 100 * self.named_in[2] / max(self.reaches, 1)
        ms = statistics.median(self.read_ms) if self.read_ms else float("nan")
        return (f"reaches {self.reaches:4d}  named in 0/1/>=2 frames {self.named_in[0]:3d}/{self.named_in[1]:3d}/"
                f"{self.named_in[2]:4d} ({share:5.1f} % in >=2)  naming frames {self.naming_frames:5d}, wrong "
                f"{self.wrong_frames:2d}  reaches with a wrong seat: in any frame {self.mixed_reaches}, in >=2 "
                f"{self.wrong_reaches}, in all {self.only_wrong}, in its only one {self.lone_wrong}  "
                f"between sides: frames {self.among_frames} (seat left out {self.among_wrong_frames}), unnamed "
                f"reaches told in >=2 {self.among} (seat left out {self.among_wrong})  side read {ms:.2f} ms/hand frame")


def table_tally(domain: str, size: tuple[int, int], players: tuple[str, ...], seed: int, reaches: int) -> Tally:
    """Film the first ``reaches`` visible moves of the bots' game on one table; tally what the side reader named."""
    from companion.games import new_game
    from companion.live import watching_pipeline
    from companion.live.simulated_table import HAND_PACING, bot_choice
    from companion.games.table_view import TableView
    from vision.layout import load_layout
    from vision.render.domains import sample_style
    from vision.render.renderer import SimulatedTable
    from vision.render.video import changed_slots, game_frames

    layout = load_layout()
    table = SimulatedTable(layout, sample_style(domain, seed), size)
    pipeline = watching_pipeline(layout, players, model=None)
    pipeline.set_reference([table.render(TableView("caylus", players), frame_seed=k)[0] for k in range(4)])
    tally = Tally()
    read = pipeline.arms.read

    def timed(*args):
        started = time.perf_counter()
        named = read(*args)
        if args[0].any():
            tally.read_ms.append((time.perf_counter() - started) * 1000)
        return named

    pipeline.arms.read = timed
    rng = random.Random(seed)
    state = new_game("caylus", list(players), seed)
    view = state.table_view()
    rest = table.render(view, frame_seed=0)[0]
    pipeline.observe(rest, still=True)
    pipeline.confirm(rest, view)
    while tally.reaches < reaches and not state.is_over:
        action = bot_choice(state, rng)
        state = state.apply(action)
        after = state.table_view()
        if not changed_slots(view, after) and view.supplies == after.supplies:
            continue
        frames = [image for image, _ in game_frames(table, [(view, None), (after, action.player)], HAND_PACING)]
        if frames:
            near = [o.hand_near for o in (pipeline.observe(image, still=False) for image in frames) if o.hand_near]
            named = [next(iter(seats)) for seats in near if len(seats) == 1]
            between = [seats for seats in near if len(seats) > 1]
            wrong = [colour for colour in named if colour != players[action.player]]
            tally.among_frames += len(between)
            tally.among_wrong_frames += sum(players[action.player] not in seats for seats in between)
            if not named and len(between) >= 2:
                tally.among += 1
                tally.among_wrong += players[action.player] not in frozenset().union(*between)
            tally.reaches += 1
            tally.named_in[min(len(named), 2)] += 1
            tally.naming_frames += len(named)
            tally.wrong_frames += len(wrong)
            tally.mixed_reaches += bool(wrong)
            tally.wrong_reaches += any(n >= 2 for n in Counter(wrong).values())
            tally.only_wrong += bool(wrong) and len(wrong) == len(named)
            tally.lone_wrong += len(named) == 1 and bool(wrong)
        view = after
        for k in range(2):
            rest = table.render(view, frame_seed=k)[0]
            pipeline.observe(rest, still=True)
        pipeline.confirm(rest, view)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reaches", type=int, default=40, help="reaches filmed per table")
    parser.add_argument("--domain", default="holdout")
    parser.add_argument("--sizes", default="960x540,1280x720")
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--seeds", default="51,52")
    args = parser.parse_args()
    total = Tally()
    by_seats: dict[int, Tally] = {}
    for size_text in args.sizes.split(","):
        size = tuple(int(v) for v in size_text.split("x"))
        for count in (int(v) for v in args.players.split(",")):
            for seed in (int(v) for v in args.seeds.split(",")):
                tally = table_tally(args.domain, size, COLOURS[:count], seed, args.reaches)
                print(f"{args.domain} {size_text} {count} seats seed {seed}: {tally.line()}", flush=True)
                total.add(tally)
                by_seats.setdefault(count, Tally()).add(tally)
    for count, tally in sorted(by_seats.items()):
        print(f"{count} seats: {tally.line()}")
    print(f"total: {total.line()}")


if __name__ == "__main__":
    main()
