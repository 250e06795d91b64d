"""``companion recognize [GAME] IMAGE``: read one photo of the table and print the Observation as JSON.

The slot model compares every slot with the empty board, so give the setup photo of the empty board
with ``--reference``; without it the photo is read against itself (only the board's registration and
hand check are meaningful then). A board without markers is registered from its four corners,
top-left first, clockwise: ``--corners x1,y1,x2,y2,x3,y3,x4,y4`` (pixels of the photo).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .game_argument import add_game_argument, pack_of


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("recognize", help="print what the camera pipeline reads in a photo (JSON)",
                                   description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_argument(parser)
    parser.add_argument("image", help="photo or rendered frame of the table")
    parser.add_argument("--layout", default=None, help="board layout name or JSON file (default: the game's own)")
    parser.add_argument("--reference", help="photo of the empty board from the same camera (setup capture)")
    parser.add_argument("--corners", help="board corners in the photo(s): x1,y1,…,x4,y4 (no markers)")
    parser.add_argument("--players", default=None, help="player colours, comma-separated (default: all the game's)")
    parser.add_argument("--model", help="slot model .onnx (default: the committed models/slots.onnx)")
    parser.set_defaults(func=run)


def _read(path: str):
    import cv2

    if not Path(path).is_file():
        raise ValueError(f"{path}: no such file")
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError(f"{path}: not a readable image")
    return image


def run(args: argparse.Namespace) -> int:
    from vision.layout import LayoutError, load_layout
    from vision.pipeline import VisionPipeline
    from vision.recognizer import ModelError
    from vision.registration import parse_corners

    try:
        pack = pack_of(args)
        if not (args.layout or pack.table.default_layout):
            raise ValueError(f"{pack.title} ships no board layout: give --layout")
        layout = load_layout(args.layout or pack.table.default_layout)
        image = _read(args.image)
        reference = _read(args.reference) if args.reference else image
        corners = parse_corners(args.corners) if args.corners else None
        players = [p.strip() for p in args.players.split(",") if p.strip()] if args.players else list(pack.info.colours)
        pipeline = VisionPipeline(layout, players, model=args.model or "default", use_markers=corners is None,
                                  spec=pack.table)
        try:
            pipeline.set_reference(reference, corners)
        except ValueError as error:
            print(f"companion recognize: {error} (or give --corners)", file=sys.stderr)
            return 1
        observation = pipeline.observe(image, still=True)
    except (ValueError, LayoutError, ModelError) as error:
        print(f"companion recognize: {error}", file=sys.stderr)
        return 2
    print(json.dumps(observation.to_json(), indent=1, sort_keys=True))
    return 0
