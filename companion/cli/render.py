"""``companion render caylus``: frames of the simulated table with exact ground truth.

Stills: ``--frames N`` random legal mid-game states (one random playout each), one JPEG and one
truth JSON per frame. Whole game: ``--game`` lets bots play a complete game (or its first ``--decisions``)
and writes the frames (the empty board first, as a real recording starts with the setup; then hands
reaching in and leaving), ``truth.jsonl``, ``game.json`` (final scores and state) and ``answers.json``
(the bots' decisions in order, as ``companion replay --answers`` reads them).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.games import GameState, RuleError, TableView, new_game

GAMES = ("caylus",)
COLOURS = ("red", "blue", "green", "yellow", "black")
SETUP_FRAMES = 4      # a whole-game render opens with this many frames of the empty board
PACING = {"reach_in": 4, "reach_out": 4, "still": 8}    # frames per move; the table rests long enough to be read


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("render", help="render simulated-table frames with ground truth",
                                   description=__doc__)
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--seed", type=int, default=1, help="seed of games and render styles (default 1)")
    parser.add_argument("--frames", type=int, default=10, help="stills: how many frames (default 10)")
    parser.add_argument("--out", required=True, help="output directory")
    parser.add_argument("--domain", choices=("train", "holdout"), default="train", help="randomisation domain")
    parser.add_argument("--size", default=None, help="frame size WxH (default 1280x720 stills, 640x360 games)")
    parser.add_argument("--layout", default="caylus-2005", help="layout name or JSON file")
    parser.add_argument("--players", type=int, default=3, help="number of players, 2 to 5 (default 3)")
    parser.add_argument("--game", dest="whole_game", action="store_true", help="render one whole bot-played game")
    parser.add_argument("--fps", type=float, default=10.0, help="video frame rate for --game (default 10)")
    parser.add_argument("--no-video", action="store_true", help="--game: skip the AVI file")
    parser.add_argument("--decisions", type=int, default=None,
                        help="--game: stop after this many decisions (a short opening; default the whole game)")
    parser.set_defaults(func=run)


def _size(text: str | None, default: tuple[int, int]) -> tuple[int, int]:
    if text is None:
        return default
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size must look like 1280x720, not {text!r}") from None
    if not (32 <= w <= 8192 and 32 <= h <= 8192):
        raise ValueError(f"--size {text} is out of range (32..8192 per side)")
    return w, h


def bot_choice(state: GameState, rng: random.Random) -> Any:
    """A simple bot: mostly acts rather than passes, otherwise any legal option (games look busy)."""
    decision = state.pending()
    options = list(decision.options)
    active = [o for o in options if o.action.kind != "pass" and o.action.arg("choice") != "pass"]
    pool = active if active and rng.random() < 0.8 else options
    return rng.choice(pool).action


def random_midgame(players: list[str], seed: int) -> GameState:
    """A legal position somewhere in a bot-played game (between 10 % and 90 % of its decisions)."""
    rng = random.Random(seed)
    state = new_game("caylus", players, seed)
    history = [state]
    while not state.is_over and len(history) < 5000:
        state = state.apply(bot_choice(state, rng))
        history.append(state)
    lo, hi = len(history) // 10, max(len(history) * 9 // 10, len(history) // 10 + 1)
    return history[rng.randrange(lo, hi)]


def _stills(args: argparse.Namespace, out: Path) -> int:
    from vision.layout import load_layout
    from vision.render.domains import sample_style
    from vision.render.hands import Hand
    from vision.render.renderer import SimulatedTable

    layout = load_layout(args.layout)
    size = _size(args.size, (1280, 720))
    out.mkdir(parents=True, exist_ok=True)
    for i in range(args.frames):
        seed = args.seed * 100_003 + i
        rng = np.random.default_rng(seed)
        players = list(COLOURS[:int(rng.integers(2, 6))])
        state = random_midgame(players, seed)
        view = state.table_view()
        style = sample_style(args.domain, seed)
        table = SimulatedTable(layout, style, size)
        hands = ()
        if rng.random() < style.hand_probability and view.slots:
            slot = sorted(view.slots)[int(rng.integers(len(view.slots)))]
            hands = (Hand(layout.region(slot).center, float(rng.uniform(0, 360)), float(rng.uniform(35, 80)),
                          float(rng.uniform(0.6, 1.0)), float(rng.uniform(0, 0.4)), style.skin_tone),)
        frame, truth = table.render(view, hands, frame_seed=i)
        truth["view"] = view.to_json()
        truth["state"] = state.to_json()
        name = f"frame_{i:04d}"
        cv2.imwrite(str(out / f"{name}.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 95])
        (out / f"{name}.json").write_text(json.dumps(truth, separators=(",", ":")), encoding="utf-8")
    print(f"wrote {args.frames} frames with truth to {out} (domain {args.domain})")
    return 0


def play_game(players: list[str], seed: int, max_decisions: int | None = None
              ) -> tuple[list[tuple[TableView, int | None]], list[dict], GameState]:
    """Bots play a whole game (or its first ``max_decisions``): the view after each decision, the answers
    given, the final state."""
    rng = random.Random(seed)
    state = new_game("caylus", players, seed)
    steps: list[tuple[TableView, int | None]] = [(state.table_view(), None)]
    answers = []
    while not state.is_over and (max_decisions is None or len(answers) < max_decisions):
        action = bot_choice(state, rng)
        answers.append(action.to_json())
        state = state.apply(action)
        steps.append((state.table_view(), action.player))
    return steps, answers, state


def _whole_game(args: argparse.Namespace, out: Path) -> int:
    from vision.layout import load_layout
    from vision.render.domains import sample_style
    from vision.render.renderer import SimulatedTable
    from vision.render.video import Pacing, game_frames, write_video

    if not 2 <= args.players <= 5:
        raise ValueError("--players must be between 2 and 5")
    if args.decisions is not None and args.decisions < 1:
        raise ValueError("--decisions must be 1 or more")
    layout = load_layout(args.layout)
    size = _size(args.size, (640, 360))
    players = list(COLOURS[:args.players])
    steps, answers, final = play_game(players, args.seed, args.decisions)
    out.mkdir(parents=True, exist_ok=True)
    (out / "answers.json").write_text(json.dumps(answers, indent=1), encoding="utf-8")
    table = SimulatedTable(layout, sample_style(args.domain, args.seed), size)
    # The recording starts with the empty board, as a real one does (the setup picture), then the start position.
    count = write_video(game_frames(table, steps, Pacing(**PACING), setup_frames=SETUP_FRAMES), out, fps=args.fps,
                        video_name=None if args.no_video else "game.avi")
    game = {"game": "caylus", "players": players, "seed": args.seed, "decisions": len(answers), "frames": count,
            "setup_frames": SETUP_FRAMES, "over": final.is_over,
            "scores": [s.to_json() for s in final.scores()], "winners": final.winners(),
            "final_view": final.table_view().to_json(), "final_state": final.to_json()}
    (out / "game.json").write_text(json.dumps(game, indent=1), encoding="utf-8")
    totals = ", ".join(f"{p} {s.total}" for p, s in zip(players, final.scores()))
    print(f"wrote a {len(answers)}-decision game as {count} frames to {out}; final scores: {totals}")
    return 0


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    try:
        if args.frames < 0:
            raise ValueError("--frames must be 0 or more")
        return _whole_game(args, out) if args.whole_game else _stills(args, out)
    except (ValueError, RuleError, OSError) as err:
        print(f"companion render: {err}", file=sys.stderr)
        return 2
