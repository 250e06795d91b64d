"""``companion eval-vision [GAME] DIR``: score the camera pipeline against a rendered set's ground truth.

Make a set with ``companion render GAME --frames 200 --out DIR --domain holdout --seed S`` (seeds and
domain never used in training), then run this; it prints one JSON object: per_slot_accuracy,
board_accuracy, cube_zone_accuracy, occluded_false_reports, median_ms and the commonest confusions.
The protocol (setup capture, placement learning, then the frame) is in vision/evaluation.py.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .game_argument import add_game_argument, pack_of


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("eval-vision", help="score recognition on a rendered set (JSON)",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_argument(parser)
    parser.add_argument("folder", help="folder written by `companion render GAME --frames N`")
    parser.add_argument("--layout", default=None, help="board layout name or JSON file (default: the game's own)")
    parser.add_argument("--model", help="slot model .onnx (default: the committed models/slots.onnx)")
    parser.add_argument("--limit", type=int, help="score only the first N frames")
    parser.add_argument("--hand-trials", action="store_true",
                        help="also render each table with a hand over it (counts stable reports under a hand)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from vision.evaluation import EvaluationError, evaluate
    from vision.layout import LayoutError
    from vision.recognizer import ModelError

    try:
        layout = args.layout or pack_of(args).table.default_layout
        if not layout:
            raise EvaluationError(f"{pack_of(args).title} ships no board layout: give --layout")
        result = evaluate(Path(args.folder), layout, args.model, args.limit, args.hand_trials)
    except (EvaluationError, LayoutError, ModelError) as error:
        print(f"companion eval-vision: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, indent=1))
    return 0
