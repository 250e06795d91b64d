"""``companion markers [GAME] --out FILE``: the printable sheet of fiducial markers to stick round the game's board."""

from __future__ import annotations

import argparse
import sys

from vision.layout import LayoutError, load_layout
from vision.markers import write_sheet

from .game_argument import add_game_argument, pack_of


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("markers", help="write the printable ArUco marker sheet (PNG, A4, 300 dpi)",
                                   description=__doc__)
    add_game_argument(parser)
    parser.add_argument("--out", required=True, help="PNG file to write, e.g. markers.png")
    parser.add_argument("--layout", default=None, help="layout name or JSON file (default: the game's own)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        name = args.layout or pack_of(args).table.default_layout
        if not name:
            raise ValueError(f"{pack_of(args).title} ships no board layout: give --layout")
        layout = load_layout(name)
        path = write_sheet(layout, args.out)
    except (LayoutError, ValueError, OSError) as err:
        print(f"companion markers: {err}", file=sys.stderr)
        return 2
    print(f"wrote {path}: {len(layout.markers)} markers of {layout.markers[0].size:g} mm "
          f"({layout.marker_dictionary}); print at 100% on A4")
    return 0
