"""``companion render GAME``: frames of the simulated table with exact ground truth.

The game's pack must ship a board layout and the drawing data (``render.json``); its layout is the default.
Stills: ``--frames N`` random legal mid-game states (one random playout each; ``--players N`` with N players, else a
random count per frame), one JPEG and one truth JSON per frame. Whole game: ``--game`` lets bots play a complete
game (or its first ``--decisions``) and writes the frames (the empty board first, as a real recording starts with the setup; then hands
reaching in and leaving), ``truth.jsonl``, ``game.json`` (final scores and state) and ``answers.json``
(the bots' decisions in order, as ``companion replay --answers`` reads them).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

from companion.games import GamePack, PackError, RuleError
from companion.games.playout import bot_game, random_midgame

from .layout_choice import layout_for
from .game_argument import add_game_argument, pack_of

SETUP_FRAMES = 4      # a whole-game render opens with this many frames of the empty board
PACING = {"reach_in": 4, "reach_out": 4, "still": 8}    # frames per move; the table rests long enough to be read


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("render", help="render simulated-table frames with ground truth",
                                   description=__doc__)
    add_game_argument(parser)
    parser.add_argument("--seed", type=int, default=1, help="seed of games and render styles (default 1)")
    parser.add_argument("--frames", type=int, default=10, help="stills: how many frames (default 10)")
    parser.add_argument("--out", required=True, help="output directory")
    parser.add_argument("--domain", choices=("train", "holdout", "holdout-printed"), default="train",
                        help="randomisation domain (holdout-printed: each board printed otherwise than its layout)")
    parser.add_argument("--size", default=None, help="frame size WxH (default 1280x720 stills, 640x360 games)")
    parser.add_argument("--layout", default=None, help="layout name or JSON file (default: the game's own)")
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (--game: default 3, or the nearest count the game takes; "
                             "stills: default a random count per frame)")
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


def _stills(args: argparse.Namespace, out: Path) -> int:
    from vision.render.domains import sample_style
    from vision.render.hands import Hand
    from vision.render.renderer import SimulatedTable

    pack = pack_of(args)
    info = pack.info
    size = _size(args.size, (1280, 720))
    layout_for(pack, args.layout)          # refuse a game with no layout before writing anything
    if args.players is not None and not info.min_players <= args.players <= info.max_players:
        raise ValueError(f"--players must be between {info.min_players} and {info.max_players}")
    out.mkdir(parents=True, exist_ok=True)
    for i in range(args.frames):
        seed = args.seed * 100_003 + i
        rng = np.random.default_rng(seed)
        drawn = int(rng.integers(info.min_players, info.max_players + 1))
        players = list(info.colours[:args.players or drawn])
        layout = layout_for(pack, args.layout, len(players))
        state = random_midgame(pack, players, seed)
        view = state.table_view()
        style = sample_style(args.domain, seed)
        table = SimulatedTable(layout, style, size, pack=pack)
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


def game_frame_size(pack: GamePack) -> tuple[int, int]:
    """A whole game's default frame size: the pack's ``render.json`` ``game_size`` (a table wider than a board needs
    more pixels for its markers and cards to be read), else 640x360."""
    try:
        width, height = pack.data_json("render.json").get("game_size", (640, 360))
        return int(width), int(height)
    except (PackError, TypeError, ValueError):
        return 640, 360


def _whole_game(args: argparse.Namespace, out: Path) -> int:
    from vision.render.domains import sample_style
    from vision.render.renderer import SimulatedTable
    from vision.render.video import Pacing, game_frames, write_video

    pack = pack_of(args)
    info = pack.info
    count = args.players if args.players is not None else min(max(3, info.min_players), info.max_players)
    if not info.min_players <= count <= info.max_players:
        raise ValueError(f"--players must be between {info.min_players} and {info.max_players}")
    if args.decisions is not None and args.decisions < 1:
        raise ValueError("--decisions must be 1 or more")
    layout = layout_for(pack, args.layout, count)
    size = _size(args.size, game_frame_size(pack))
    players = list(info.colours[:count])
    steps, answers, final = bot_game(pack, players, args.seed, args.decisions)
    out.mkdir(parents=True, exist_ok=True)
    (out / "answers.json").write_text(json.dumps(answers, indent=1), encoding="utf-8")
    table = SimulatedTable(layout, sample_style(args.domain, args.seed), size, pack=pack)
    # The recording starts with the empty board, as a real one does (the setup picture), then the start position.
    count = write_video(game_frames(table, steps, Pacing(**PACING), setup_frames=SETUP_FRAMES), out, fps=args.fps,
                        video_name=None if args.no_video else "game.avi")
    game = {"game": pack.name, "players": players, "seed": args.seed, "decisions": len(answers), "frames": count,
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
    except (ValueError, RuleError, PackError, OSError) as err:
        print(f"companion render: {err}", file=sys.stderr)
        return 2
