"""``companion recognize [GAME] IMAGE``: read one photo of the table and print the Observation as JSON.

The slot model compares every slot with the empty board, so give the setup photo of the empty board
with ``--reference``; without it the photo is read against itself (only the board's registration and
hand check are meaningful then). A board without markers is registered from its four corners,
top-left first, clockwise: ``--corners x1,y1,x2,y2,x3,y3,x4,y4`` (pixels of the photo).

The players' colours at this table are needed (a piece is read as one of them: with every colour of the game
allowed, a blue worker can read as black): ``--players red,blue``, or taken from the JSON beside the reference or
the photo (a rendered frame's ``NAME.json``, or ``game.json`` in its folder).
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
    parser.add_argument("--players", default=None,
                        help="the colours at this table, comma-separated, e.g. red,blue (required unless the JSON "
                             "beside the reference or photo names them)")
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


def table_colours(args: argparse.Namespace, pack) -> list[str]:
    """The colours at this table: ``--players``, else those the reference's or the photo's JSON names."""
    if args.players:
        players = [p.strip() for p in args.players.split(",") if p.strip()]
    else:
        players = next(filter(None, (_named_players(path) for path in (args.reference, args.image) if path)), [])
    if not players:
        raise ValueError("which colours play at this table? give --players, e.g. "
                         f"--players {','.join(pack.info.colours[:2])} (with all of the game's colours allowed a "
                         "piece can be read as a colour nobody plays)")
    unknown = [p for p in players if p not in pack.info.colours]
    if unknown:
        raise ValueError(f"--players: {', '.join(unknown)} is not a colour of {pack.title} "
                         f"({', '.join(pack.info.colours)})")
    return players


def _named_players(photo: str) -> list[str]:
    """The players a rendered frame's ``NAME.json`` (its view) or its folder's ``game.json`` names, if any."""
    path = Path(photo)
    for candidate in (path.with_suffix(".json"), path.parent / "game.json", path.parent.parent / "game.json"):
        try:
            data = json.loads(candidate.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        players = (data.get("view") or {}).get("players") or data.get("players") if isinstance(data, dict) else None
        if isinstance(players, list) and players and all(isinstance(p, str) for p in players):
            return players
    return []


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
        players = table_colours(args, pack)
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
