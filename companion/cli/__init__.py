"""The ``companion`` command. Each subcommand lives in its own module here and registers itself.

A subcommand module defines ``register(subparsers)`` which adds its parser and sets ``func`` — a
function taking the parsed arguments and returning the process exit code.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

# Subcommand modules in the order ``companion --help`` lists them.
SUBCOMMAND_MODULES = (
    "demo", "serve", "simulate", "render", "markers", "recognize", "eval_vision", "replay", "leds",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="Table companion for the architect family of board games.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in SUBCOMMAND_MODULES:
        importlib.import_module(f"companion.cli.{module_name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
