"""``companion demo``: a bot-played game shown on the tablet.

By default the bots decide directly through the session (no rendering), so the whole game runs.
``--camera`` puts the simulated table in front of the real camera pipeline instead: bots play on a
rendered board, vision and the reconciler watch it like a camera over a real table, and moves appear
as the camera sees them. That mode is experimental: whole games play through, but a misread the rules
refuse raises an alert a player overrides on the tablet, and what the camera can't see is asked there
(see docs/live-loop.md). ``--human red`` leaves a seat to you.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from typing import Any, Sequence

from companion.games import GamePack
from companion.games.registry import default_pack, get_pack

from .game_argument import add_game_argument, pack_of
from .serve import (add_layout_argument, add_led_arguments, add_server_arguments, announce_new_pin, layout_name,
                    run_until_interrupted, say_where, start_leds)

DEFAULT_SEATS = 3
DEFAULT_CAMERA_SIZE = "960x540"


def default_players(pack: GamePack) -> tuple[str, ...]:
    """The demo's seats: the game's first colours, three of them where the game allows."""
    info = pack.info
    return tuple(info.colours[:min(max(DEFAULT_SEATS, info.min_players), info.max_players)])


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("demo", help="watch bots play a game on the tablet (--camera: read by the camera pipeline)",
                                   description=__doc__.split("\n\n")[0])
    add_game_argument(parser)
    add_server_arguments(parser)
    parser.add_argument("--players", default=None,
                        help="colours in seat order (default: the game's first three colours)")
    parser.add_argument("--human", action="append", default=[], metavar="COLOUR",
                        help="a seat you play from the tablet (repeatable); the others are bots")
    parser.add_argument("--pace", type=float, default=1.5,
                        help="without --camera: seconds between bot decisions (default %(default)s)")
    parser.add_argument("--seed", type=int, help="seed of the game and the bots (default: random)")
    parser.add_argument("--guided", action="store_true", help="guided first play: teach each rule when it first applies")
    parser.add_argument("--camera", action="store_true",
                        help="experimental: read the simulated table with the camera pipeline and reconciler "
                             "(a misread raises an alert a player overrides; see docs/live-loop.md)")
    parser.add_argument("--camera-size", default=DEFAULT_CAMERA_SIZE, metavar="WxH",
                        help="simulated camera resolution (default %(default)s)")
    parser.add_argument("--fps", type=float, default=8.0, help="simulated camera frames per second (default %(default)s)")
    parser.add_argument("--domain", choices=("demo", "train", "holdout"), default="demo",
                        help="look of the simulated table (default %(default)s)")
    add_layout_argument(parser, "of the simulated board, with --camera")
    add_led_arguments(parser)
    parser.set_defaults(func=run)


def build_demo(*, game: str | None = None, players: Sequence[str] | None = None, humans: Sequence[str] = (),
               seed: int = 1, guided: bool = False, pace: float = 1.5, pin: str | None = None,
               trusted: list[str] | None = None) -> tuple[Any, Any, Any]:
    """The no-camera demo's app, desk and (not yet started) bots, for the CLI and for the browser tests.

    ``game`` is a pack's name (the default game when None); ``players`` its colours (its first three by default)."""
    from companion.session import Journal
    from companion.web import create_app
    from companion.web.autoplay import Autoplayer
    from companion.web.desk import Desk

    pack = get_pack(game) if game else default_pack()
    players = list(players or default_players(pack))
    desk = Desk(Journal(":memory:"))
    bots = [c for c in players if c not in humans]
    desk.new_game(game=pack.name, players=players, seed=seed, variants={}, guided=guided, bots=bots)
    bots = Autoplayer(desk, bots=bots, pace=pace, seed=seed)
    app = create_app(desk, pin=pin, trusted_hosts=trusted)
    return app, desk, bots


def build_camera_demo(*, game: str | None = None, players: Sequence[str] | None = None, humans: Sequence[str] = (),
                      seed: int = 1, guided: bool = False, size: tuple[int, int] = (960, 540), fps: float = 8.0,
                      domain: str = "demo", layout: str | None = None, pin: str | None = None,
                      trusted: list[str] | None = None, leds: Any | None = None) -> tuple[Any, Any, Any]:
    """The camera demo's app, desk and (not yet started) table loop: simulated table → vision → reconciler.

    ``layout`` is the board drawn and read (the game's own layout when None)."""
    from companion.live import TableLoop, watching_pipeline
    from companion.live.prompt_bots import PromptBots
    from companion.live.simulated_table import SimulatedWorld
    from companion.session import Journal
    from companion.web import create_app
    from companion.web.desk import Desk
    from vision.layout import load_layout

    pack = get_pack(game) if game else default_pack()
    players = list(players or default_players(pack))
    layout = layout or pack.table.default_layout
    if layout is None:
        raise ValueError(f"{pack.title} has no board for the camera to read")
    desk = Desk(Journal(":memory:"))
    bots = [c for c in players if c not in humans]
    desk.new_game(game=pack.name, players=players, seed=seed, variants={}, guided=guided, bots=bots)
    world = SimulatedWorld(lambda: desk.session, bots=bots, seed=seed, size=size, domain=domain, layout=layout)
    pipeline = watching_pipeline(load_layout(layout), players)
    loop = TableLoop(desk, world, pipeline, fps=fps,
                     after_frame=[PromptBots(world, bots=bots, delay_frames=max(1, round(fps * 0.8)))])
    loop.set_reference(world.setup_pictures())      # the setup step: the empty board, before the pieces go on
    world.start_cue = lambda: loop.start_seen       # the bots wait for the camera to take in the start
    app = create_app(desk, pin=pin, frame_source=loop, trusted_hosts=trusted, live=loop, leds=leds)
    return app, desk, loop


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--camera-size must look like 960x540, not {text!r}") from None
    if not (160 <= width <= 3840 and 90 <= height <= 2160):
        raise ValueError(f"--camera-size {text} is out of range (160x90 to 3840x2160)")
    return width, height


def run(args: argparse.Namespace) -> int:
    from companion.games import RuleError
    from companion.web.security import trusted_hosts
    from companion.web.server import LiveServer

    pack = pack_of(args)
    players = ([p.strip() for p in args.players.split(",") if p.strip()] if args.players
               else list(default_players(pack)))
    unknown = [h for h in args.human if h not in players]
    if unknown:
        print(f"companion demo: --human {unknown[0]} is not one of the players ({', '.join(players)})", file=sys.stderr)
        return 2
    if args.pace < 0 or args.fps <= 0:
        print("companion demo: --pace must be zero or more seconds and --fps more than zero", file=sys.stderr)
        return 2
    if args.layout is not None and not args.camera:
        print("companion demo: --layout is for --camera (without it no board is drawn or read)", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    trusted = trusted_hosts(args.host, args.allow_host)
    try:
        if not args.camera:
            app, desk, runner = build_demo(game=pack.name, players=players, humans=args.human, seed=seed,
                                           guided=args.guided, pace=args.pace, trusted=trusted)
        else:
            app, desk, runner = build_camera_demo(game=pack.name, players=players, humans=args.human, seed=seed,
                                                  guided=args.guided, size=parse_size(args.camera_size),
                                                  fps=args.fps, domain=args.domain, layout=layout_name(args),
                                                  trusted=trusted)
    except RuleError as refused:
        print(f"companion demo: {refused.message}", file=sys.stderr)
        return 2
    except ValueError as problem:
        print(f"companion demo: {problem}", file=sys.stderr)
        return 2
    app.extensions["on_new_pin"] = announce_new_pin
    leds = start_leds(args, desk, app, "demo")
    if leds is False:
        return 2
    try:
        server = LiveServer(app, args.host, args.port).start()
    except OSError as problem:
        print(f"companion demo: cannot listen on {args.host}:{args.port}: {problem.strerror or problem}", file=sys.stderr)
        return 2
    runner.start()
    bots = ", ".join(c for c in players if c not in args.human) or "no seat"
    how = "deciding directly (no camera)" if not args.camera else "on the simulated table, read by the camera pipeline"
    print(f"Demo game (seed {seed}): bots play {bots}, {how}.")
    say_where(server, app.extensions["pin"], args.host)
    return run_until_interrupted(server, runner, *([leds] if leds else []))
