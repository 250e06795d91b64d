"""``companion demo``: the tablet UI with a game played by bots at a human pace, and the virtual LED board.

Nothing to connect: the game lives in a journal in memory, the bots decide through the session like
a player would, and the LED board is drawn on the screen. ``--human red`` leaves a seat to you.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import Any, Sequence

from .serve import add_server_arguments, run_until_interrupted, say_where

DEFAULT_PLAYERS = ("red", "blue", "green")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("demo", help="watch bots play Caylus on the tablet UI (no camera needed)",
                                   description=__doc__.split("\n\n")[0])
    add_server_arguments(parser)
    parser.add_argument("--players", default=",".join(DEFAULT_PLAYERS), help="colours in seat order (default %(default)s)")
    parser.add_argument("--human", action="append", default=[], metavar="COLOUR",
                        help="a seat you play from the tablet (repeatable); the others are bots")
    parser.add_argument("--pace", type=float, default=1.5, help="seconds between bot decisions (default %(default)s)")
    parser.add_argument("--seed", type=int, help="seed of the game and the bots (default: random)")
    parser.add_argument("--guided", action="store_true", help="guided first play: teach each rule when it first applies")
    parser.set_defaults(func=run)


def build_demo(*, players: Sequence[str] = DEFAULT_PLAYERS, humans: Sequence[str] = (), seed: int = 1,
               guided: bool = False, pace: float = 1.5, pin: str | None = None,
               trusted: list[str] | None = None) -> tuple[Any, Any, Any]:
    """The demo's app, desk and (not yet started) bots, for the CLI and for the browser tests."""
    from companion.session import Journal
    from companion.web import create_app
    from companion.web.autoplay import Autoplayer
    from companion.web.desk import Desk

    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=list(players), seed=seed, variants={}, guided=guided)
    bots = Autoplayer(desk, bots=[c for c in players if c not in humans], pace=pace, seed=seed)
    app = create_app(desk, pin=pin, trusted_hosts=trusted)
    return app, desk, bots


def run(args: argparse.Namespace) -> int:
    from companion.games import RuleError
    from companion.web.security import trusted_hosts
    from companion.web.server import LiveServer

    players = [p.strip() for p in args.players.split(",") if p.strip()]
    unknown = [h for h in args.human if h not in players]
    if unknown:
        print(f"companion demo: --human {unknown[0]} is not one of the players ({', '.join(players)})", file=sys.stderr)
        return 2
    if args.pace < 0:
        print("companion demo: --pace must be zero or more seconds", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        app, _desk, bots = build_demo(players=players, humans=args.human, seed=seed, guided=args.guided,
                                      pace=args.pace, trusted=trusted_hosts(args.host, args.allow_host))
    except RuleError as refused:
        print(f"companion demo: {refused.message}", file=sys.stderr)
        return 2
    try:
        server = LiveServer(app, args.host, args.port).start()
    except OSError as problem:
        print(f"companion demo: cannot listen on {args.host}:{args.port}: {problem.strerror or problem}", file=sys.stderr)
        return 2
    bots.start()
    print(f"Demo game (seed {seed}): bots play {', '.join(c for c in players if c not in args.human) or 'no seat'}.")
    say_where(server, app.extensions["pin"], args.host)
    return run_until_interrupted(server, bots)
