"""``companion replay DIR [--answers FILE]``: the reconciler over a recorded game, one JSON summary printed.

DIR holds ``game.json`` + ``observations.jsonl`` (written by ``companion.reconciler.synthetic`` or by the
camera pipeline); hidden choices are answered from ``--answers`` (default ``DIR/answers.json`` if present).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("replay", help="run the reconciler over a recorded game and print a JSON summary")
    parser.add_argument("source", help="a directory with game.json and observations.jsonl (or a video)")
    parser.add_argument("--layout", default="caylus-2005", help="board layout (used when reading images)")
    parser.add_argument("--answers", help="JSON list of the game's decisions, to answer hidden choices")
    parser.add_argument("--journal", default=":memory:", help="SQLite journal to record the replayed game in")
    parser.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    from companion.reconciler.replay import load_answers, new_session, run, summary
    from companion.reconciler.synthetic import load_recording
    from companion.session import Journal, JournalError

    source = Path(args.source)
    if source.is_file():
        print(f"companion replay: {source} is a file; reading videos needs the camera pipeline, which this "
              "version cannot run on a file yet. Give a directory of observations.", file=sys.stderr)
        return 2
    try:
        recording = load_recording(source)
        answers_path = args.answers or (source / "answers.json" if (source / "answers.json").exists() else None)
        answers = load_answers(answers_path) if answers_path else []
        session = new_session(Journal(args.journal), recording.setup())
    except (ValueError, JournalError) as problem:
        print(f"companion replay: {problem}", file=sys.stderr)
        return 2
    result = run(session, recording.observations, answers=answers)
    print(json.dumps(summary(result, answers)))
    return 0
