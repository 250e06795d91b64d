"""``companion markers --out FILE``: the printable sheet of fiducial markers to stick round the board."""

from __future__ import annotations

import argparse
import sys

from vision.layout import LayoutError, load_layout
from vision.markers import write_sheet


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("markers", help="write the printable ArUco marker sheet (PNG, A4, 300 dpi)",
                                   description=__doc__)
    parser.add_argument("--out", required=True, help="PNG file to write, e.g. markers.png")
    parser.add_argument("--layout", default="caylus-2005", help="layout name or JSON file (default caylus-2005)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        layout = load_layout(args.layout)
        path = write_sheet(layout, args.out)
    except (LayoutError, ValueError, OSError) as err:
        print(f"companion markers: {err}", file=sys.stderr)
        return 2
    print(f"wrote {path}: {len(layout.markers)} markers of {layout.markers[0].size:g} mm "
          f"({layout.marker_dictionary}); print at 100% on A4")
    return 0
