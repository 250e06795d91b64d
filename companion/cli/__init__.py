"""The ``companion`` command. Each subcommand lives in its own module here and registers itself.

A subcommand module defines ``register(subparsers)`` which adds its parser and sets ``func`` — a
function taking the parsed arguments and returning the process exit code.
"""

from __future__ import annotations

import argparse
import importlib
import re
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
    for subparser in subparsers.choices.values():
        _plain_help(subparser)
    return parser


def plain_text(text: str | None) -> str | None:
    """A docstring as a terminal shows it: reStructuredText's ````literal```` and ```text``` marks taken off.

    >>> plain_text("``companion serve``: see `docs/leds.md`")
    'companion serve: see docs/leds.md'
    """
    if text is None:
        return None
    return re.sub(r"`{1,2}([^`]+?)`{1,2}", r"\1", text)


def _plain_help(parser: argparse.ArgumentParser) -> None:
    """Every description and help text of a subcommand, the module docstrings they come from included, in plain text."""
    parser.description = plain_text(parser.description)
    parser.epilog = plain_text(parser.epilog)
    for action in parser._actions:
        if isinstance(action.help, str):
            action.help = plain_text(action.help)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
