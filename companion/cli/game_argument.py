"""The ``GAME`` argument every subcommand takes: a registered pack's name, the default game when left out."""

from __future__ import annotations

import argparse

from companion.games import GamePack
from companion.games.registry import default_pack, game_names, get_pack


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    """Add the positional ``game`` (optional: the default pack's game when not given)."""
    default = default_pack().name
    parser.add_argument("game", nargs="?", default=default, choices=game_names(), metavar="GAME",
                        help=f"which game: {', '.join(game_names())} (default {default})")


def pack_of(args: argparse.Namespace) -> GamePack:
    return get_pack(args.game)
