"""``companion replay [GAME] DIR_OR_VIDEO [--answers FILE]``: a recorded game through the reconciler, one JSON summary printed.

The source is one of:

* a directory of observations (``game.json`` + ``observations.jsonl``, from ``companion.reconciler.synthetic``);
* a directory written by ``companion render GAME --game --out DIR``: its pictures (``frames/*.jpg``) go
  through the live table loop as a camera's frames would (``companion.live.recorded``), the first one being the
  empty board;
* a video file of such a game (game, players and seed from ``game.json`` beside it, or ``GAME``, ``--players`` and
  ``--seed``).

Hidden choices are answered from ``--answers`` (default ``answers.json`` in / beside the source, if present).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.games.registry import default_pack, game_names, get_pack


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("replay", help="run the reconciler over a recorded game and print a JSON summary",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", default=None, choices=game_names(), metavar="GAME",
                        help="which game the recording is of (default: its game.json's, else "
                             f"{default_pack().name})")
    parser.add_argument("source", help="a directory of observations, a rendered game's directory, or a video file")
    parser.add_argument("--layout", default=None,
                        help="board layout, used when reading pictures (default: the game's own)")
    parser.add_argument("--answers", help="JSON list of the game's decisions, to answer hidden choices")
    parser.add_argument("--journal", default=":memory:", help="SQLite journal to record the replayed game in")
    parser.add_argument("--players", help="pictures: the colours in seat order, e.g. red,blue (default: game.json)")
    parser.add_argument("--seed", type=int, help="pictures: the game's seed (default: game.json)")
    parser.add_argument("--reconciler", choices=("rules", "model"), default="rules",
                        help="the rule-based reconciler or the one weighing stories by the measured observation "
                             "model (needs the game's reliability.json)")
    parser.set_defaults(func=main)


def _reconciler(args: argparse.Namespace) -> Any:
    if getattr(args, "reconciler", "rules") != "model":
        return None
    from companion.reconciler.model_reconciler import ModelReconciler
    return ModelReconciler


def main(args: argparse.Namespace) -> int:
    from companion.session import JournalError

    source = Path(args.source)
    try:
        if not source.exists():
            raise ValueError(f"{source} does not exist")
        if source.is_file() or ((source / "frames").is_dir() and not (source / "observations.jsonl").exists()):
            data = _replay_pictures(source, args)
        else:
            data = _replay_observations(source, args)      # says what is missing or damaged
    except (ValueError, JournalError) as problem:
        print(f"companion replay: {problem}", file=sys.stderr)
        return 2
    print(json.dumps(data))
    return 0


def _answers(source: Path, args: argparse.Namespace) -> list:
    from companion.reconciler.replay import load_answers

    beside = (source if source.is_dir() else source.parent) / "answers.json"
    path = args.answers or (beside if beside.exists() else None)
    return load_answers(path) if path else []


def _replay_observations(source: Path, args: argparse.Namespace) -> dict[str, Any]:
    from companion.reconciler.replay import new_session, run, summary
    from companion.reconciler.synthetic import load_recording
    from companion.session import Journal

    recording = load_recording(source)
    answers = _answers(source, args)
    session = new_session(Journal(args.journal), recording.setup())
    return summary(run(session, recording.observations, answers=answers, reconciler=_reconciler(args)), answers)


def _replay_pictures(source: Path, args: argparse.Namespace) -> dict[str, Any]:
    from companion.live import watching_pipeline
    from companion.live.recorded import game_setup, pictures, replay_pictures
    from companion.reconciler.replay import new_session, summary
    from companion.session import Journal

    from .layout_choice import layout_for

    setup = game_setup(source) or {"game": args.game or default_pack().name, "variants": {}}
    if args.game and setup["game"] != args.game:
        raise ValueError(f"{source} is a game of {setup['game']}, not of {args.game}")
    if args.players:
        setup["players"] = [colour.strip() for colour in args.players.split(",") if colour.strip()]
    if args.seed is not None:
        setup["seed"] = args.seed
    missing = [name for name in ("players", "seed") if name not in setup]
    if missing:
        raise ValueError(f"no game.json beside {source}: give --{' and --'.join(missing)}")
    frames = pictures(source)                   # ValueError when it is not a readable video / has no frames
    answers = _answers(source, args)
    session = new_session(Journal(args.journal), setup)
    layout = layout_for(get_pack(setup["game"]), args.layout, len(setup["players"]))
    pipeline = watching_pipeline(layout, setup["players"])
    result = replay_pictures(frames, pipeline, session, answers=answers, reconciler=_reconciler(args))
    data = summary(result, answers)
    data["frames_reconciled"] = len(result.seconds)     # after the setup pictures
    return data
