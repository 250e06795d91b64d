"""``companion serve``: the tablet UI for a game at the table.

Binds to 127.0.0.1 unless ``--host`` says otherwise (``--host 0.0.0.0`` for a tablet on the LAN),
prints the address and the pairing PIN, and never runs in debug mode. What the setup wizard saved in
the data folder is used: the camera (unless ``--camera`` names one), the board corners, the empty-board
picture and the calibrated piece colours.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path
from typing import Any, Mapping

from .game_argument import add_game_argument, pack_of

DEFAULT_PORT = 5000
EMPTY_BOARD_FILE = "empty-board.png"     # full resolution, written by Setup's empty-board step
CARDS_FILE = "cards.npz"                 # the card faces enrolled at setup (vision.cards.CardLibrary.save)


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "architect-companion"


def add_server_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 lets a tablet on the LAN connect)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="another Host name browsers may use to reach this server (repeatable)")


def add_layout_argument(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--layout", default=None,
                        help=f"board layout name or JSON file {what} (default: the game's own board; "
                             "docs/layout-format.md)")


def layout_name(args: argparse.Namespace) -> str | None:
    """The layout ``--layout`` names, else the game's default layout (None for a game with no board)."""
    return args.layout or pack_of(args).table.default_layout


def load_board_layout(name: str | None, command: str) -> Any:
    """The layout called ``name``, or None after printing why it can't be used."""
    from vision.layout import LayoutError, load_layout

    if name is None:
        print(f"companion {command}: this game has no board layout to read", file=sys.stderr)
        return None
    try:
        return load_layout(name)
    except LayoutError as problem:
        print(f"companion {command}: {problem}", file=sys.stderr)
        return None


def add_led_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--leds", metavar="PORT",
                        help="LED strip's serial port (path, /dev/serial/by-id name or pyserial URL), or 'virtual' "
                             "for a board emulated in this process (try the LEDs without hardware)")
    parser.add_argument("--led-protocol", choices=("own", "wled", "adalight"), default="own",
                        help="LED board protocol: own (reference firmware, default), wled, adalight")
    parser.add_argument("--led-mapping", "--mapping", dest="led_mapping", metavar="FILE",
                        help="LED mapping JSON file for your wiring (default: the game pack's own mapping; "
                             "try it with 'companion leds --mapping FILE --test')")
    parser.add_argument("--led-brightness", "--brightness", dest="led_brightness", type=float, metavar="0..1",
                        help="LED brightness, 0..1 (default 0.4)")


def led_settings(args: argparse.Namespace) -> tuple[Any, float | None]:
    """The mapping and brightness the LED options ask for; ValueError (in words) when they can't be used."""
    from firmware_bridge.mapping import load_mapping

    if not args.leds and (args.led_mapping or args.led_brightness is not None):
        raise ValueError("--led-mapping and --led-brightness are for the strip given with --leds PORT")
    if args.led_brightness is not None and not 0 <= args.led_brightness <= 1:
        raise ValueError(f"--led-brightness must be between 0 and 1, not {args.led_brightness}")
    return (load_mapping(args.led_mapping) if args.led_mapping else None), args.led_brightness


def _strip_length(args: argparse.Namespace, mapping: Any) -> int:
    """The LED count of ``--led-mapping``'s wiring, else of the game's own mapping."""
    if mapping is None:
        pack = pack_of(args)
        if not pack.has_part("lights"):
            raise ValueError(f"{pack.title} has no LED mapping of its own: give --led-mapping FILE")
        mapping = pack.part("lights").default_mapping()
    return mapping.led_count


def start_leds(args: argparse.Namespace, desk: Any, app: Any, command: str) -> Any:
    """Start the LED strip following the game when ``--leds`` is given: the sync, None, or False when the
    port or the LED options can't be used."""
    try:
        mapping, brightness = led_settings(args)
    except ValueError as problem:           # a MappingError too
        print(f"companion {command}: {problem}", file=sys.stderr)
        return False
    if not args.leds:
        return None
    from companion.live.leds import LedSync, open_led_link

    from .virtual_leds import is_virtual, start_virtual_board

    port = args.leds
    try:
        if is_virtual(port):
            port = start_virtual_board(args.led_protocol, _strip_length(args, mapping))
            print("LED board: emulated in this process (firmware_bridge.virtual_device), no hardware needed", flush=True)
        link = open_led_link(port, args.led_protocol, game=args.game, mapping=mapping, brightness=brightness,
                             on_status=lambda _status: desk.notify("leds"))
    except (OSError, ValueError) as problem:
        print(f"companion {command}: cannot drive the LEDs on {args.leds}: {problem}", file=sys.stderr)
        return False
    sync = LedSync(desk, link).start()
    app.extensions["leds"] = sync
    print(f"LED board: {args.led_protocol} on {port} (the game goes on if it is unplugged)", flush=True)
    return sync


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="serve the tablet UI for a game at the table",
                                   description=__doc__.split("\n\n")[0])
    add_game_argument(parser)
    add_server_arguments(parser)
    parser.add_argument("--camera", help="camera above the table: webcam index, stream URL, video, image folder or "
                                         "sim (default: the one chosen in Setup, if any)")
    parser.add_argument("--data-dir", type=Path, default=default_data_dir(),
                        help="where the game journal and the setup are kept (default %(default)s)")
    parser.add_argument("--resume", action="store_true", help="continue the last unfinished game")
    add_layout_argument(parser, "of the board the camera reads")
    add_led_arguments(parser)
    parser.set_defaults(func=run)


def say_where(server: Any, pin: str, host: str) -> None:
    """The address to open (on a LAN, the one a tablet can reach), the PIN, and on a LAN a one-line warning."""
    print(f"Tablet UI: {server.url}", flush=True)
    if host not in ("127.0.0.1", "localhost", "::1"):
        from companion.web.security import lan_addresses

        addresses = [host] if host not in ("0.0.0.0", "::", "") else lan_addresses()
        for address in addresses:
            print(f"On the tablet: http://{f'[{address}]' if ':' in address else address}:{server.port}/", flush=True)
        if not addresses:
            print(f"On the tablet: this computer's network address, port {server.port} (none found here)", flush=True)
        print("Warning: anyone on this network can watch the game and try PINs; serve only on a network you trust.",
              flush=True)
    print(f"Pairing PIN: {pin}", flush=True)
    print("Press Ctrl+C to stop.", flush=True)


def announce_new_pin(pin: str) -> None:
    """Printed when too many wrong PINs replaced the PIN (the old one no longer pairs)."""
    print(f"Too many wrong PINs were tried: the pairing PIN is now {pin}", flush=True)


def run_until_interrupted(server: Any, *stoppables: Any) -> int:
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        print("\nStopping.", flush=True)
    finally:
        for stoppable in stoppables:
            stoppable.stop()
        server.stop()
    return 0


def run(args: argparse.Namespace) -> int:
    from companion.session import Journal, JournalError
    from companion.web import create_app
    from companion.web.desk import Desk
    from companion.web.security import new_pin, trusted_hosts
    from companion.web.server import LiveServer

    try:
        args.data_dir.mkdir(parents=True, exist_ok=True)
        journal = Journal(args.data_dir / "companion.sqlite3")
    except (OSError, JournalError) as problem:
        print(f"companion serve: {problem}", file=sys.stderr)
        return 2
    layout = load_board_layout(layout_name(args), "serve")
    if layout is None:
        return 2
    try:
        led_settings(args)                   # said before a camera opens; start_leds uses them
    except ValueError as problem:
        print(f"companion serve: {problem}", file=sys.stderr)
        return 2
    desk = Desk(journal)
    if args.resume:
        try:
            desk.resume()
        except JournalError as problem:
            print(f"companion serve: {problem}", file=sys.stderr)
            return 2
    setup = saved_setup(args.data_dir)
    pin = new_pin()
    loop = None
    camera = args.camera or setup.get("camera")
    if camera:
        if not args.camera:
            print(f"Camera: {camera} (chosen in Setup; --camera chooses another)", flush=True)
        loop = open_table_loop(camera, desk, args.data_dir, layout=layout, setup=setup)
        if loop is None and args.camera:
            return 2
        if loop is None:
            print("Camera: starting without a camera (choose another in Setup and restart, or give --camera)",
                  flush=True)
    app = create_app(desk, pin=pin, frame_source=loop, live=loop,
                     trusted_hosts=trusted_hosts(args.host, args.allow_host),
                     config={"DATA_DIR": str(args.data_dir), "GAME": pack_of(args).name},
                     on_new_pin=announce_new_pin)
    app.extensions["setup"].update(setup)          # the wizard shows, and keeps, what was saved before
    leds = start_leds(args, desk, app, "serve")
    if leds is False:
        return 2
    try:
        server = LiveServer(app, args.host, args.port).start()
    except OSError as problem:
        print(f"companion serve: cannot listen on {args.host}:{args.port}: {problem.strerror or problem}",
              file=sys.stderr)
        return 2
    if loop is not None:
        loop.start()
        if loop.status.camera == "no_reference" or loop.pipeline.reference is None:
            print("Camera: take the empty-board picture in Setup before the game starts.", flush=True)
    say_where(server, pin, args.host)
    say_next_step(desk, args.data_dir)
    return run_until_interrupted(server, *[part for part in (loop, leds) if part])


def say_next_step(desk: Any, data_dir: Path) -> None:
    """Where the games and the setup are kept, and what to do next: go on with the game being played, continue
    the unfinished game a restart left (the tablet offers it too), or start one in the tablet's Setup."""
    print(f"Data: {data_dir} (the game journal and what Setup saves)", flush=True)
    if desk.session is not None:
        print(f"Game: continuing {desk.session.game_id}", flush=True)
        return
    unfinished = desk.journal.latest_unfinished()
    if unfinished:
        print(f"Unfinished game {unfinished}: continue it on the tablet (Live, or Records → Continue this game), "
              "or restart with --resume", flush=True)
    else:
        print("Next: open the tablet and start a game in Setup", flush=True)


def saved_setup(data_dir: Path) -> dict[str, Any]:
    """What the setup wizard saved, after saying which parts of it can't be used (the game starts anyway)."""
    from companion.web.setup import read_setup

    setup, problems = read_setup(data_dir)
    for problem in problems:
        print(f"Setup: {problem}", flush=True)
    return setup


def camera_spec(camera: str) -> str:
    """``/dev/videoN`` (as the wizard lists cameras) as the webcam index N: a webcam reconnects after a drop."""
    device = re.fullmatch(r"/dev/video(\d+)", camera.strip())
    return device.group(1) if device else camera


def open_table_loop(camera: str, desk: Any, data_dir: Path, *, layout: Any = None,
                    setup: Mapping[str, Any] | None = None) -> Any:
    """The live loop on ``camera`` (None after printing why it can't open); the saved empty board, corners
    and piece colours are reused."""
    import cv2

    from companion.live import TableLoop, watching_pipeline
    from vision.layout import load_layout
    from vision.sources import CameraError, describe_camera, open_camera

    setup = setup or {}
    spec = camera_spec(camera)
    try:
        source = open_camera(spec)
    except (OSError, CameraError) as problem:
        print(f"companion serve: cannot open camera {camera!r}: {problem}", file=sys.stderr)
        return None
    players = desk.session.players if desk.session is not None else ("red", "blue", "green", "yellow", "black")
    try:
        pipeline = watching_pipeline(layout if layout is not None else load_layout(), players)
    except (OSError, ValueError, RuntimeError) as problem:
        print(f"companion serve: the camera pipeline cannot start: {problem}", file=sys.stderr)
        return None
    seeded = pipeline.seed_colours({name: tuple(reversed(sample["rgb"]))
                                    for name, sample in setup.get("colours", {}).items()})
    if seeded:
        print(f"Camera: piece colours calibrated in Setup for {', '.join(seeded)}", flush=True)
    loop = TableLoop(desk, source, pipeline, fps=10.0, live_source=describe_camera(spec) in ("webcam", "stream"))
    saved = data_dir / EMPTY_BOARD_FILE
    if saved.exists():
        picture = cv2.imread(str(saved), cv2.IMREAD_COLOR)
        try:
            if picture is None:
                raise ValueError(f"{saved} is not a readable picture")
            loop.set_reference(picture, saved_corners(setup, picture.shape), saved_board_fit(setup, loop.pipeline))
            print(f"Camera: using the empty-board picture {saved}", flush=True)
            if loop.board_fit is not None:
                print(f"Camera: {loop.board_fit.message}", flush=True)
        except ValueError as problem:
            print(f"Camera: the saved empty board can't be used ({problem}); take it again in Setup", flush=True)
    faces = saved_cards(data_dir, loop.pipeline)
    if faces:
        print(f"Camera: {faces} card faces enrolled at setup ({data_dir / CARDS_FILE})", flush=True)
    return loop


def saved_cards(data_dir: Path, pipeline: Any) -> int:
    """Read the card places against the faces saved in the data folder (``cards.npz``, written with
    ``CardLibrary.save`` when the cards were shown at setup); returns how many faces, 0 when none or unreadable."""
    from vision.cards import CardLibrary

    path = Path(data_dir) / CARDS_FILE
    if not getattr(pipeline, "card_places", None) or not path.exists():
        return 0
    try:
        library = CardLibrary.load(path)
    except (OSError, ValueError, KeyError) as problem:
        print(f"Camera: the saved card faces can't be used ({problem}); show the cards again", flush=True)
        return 0
    pipeline.use_cards(library)
    return len(library.faces)


def saved_board_fit(setup: Mapping[str, Any], pipeline: Any) -> Any:
    """The layout's fit to the board that Setup saved with the empty board (None when there is none, or it was made
    for another layout: the saved picture is then fitted again)."""
    from vision.board_fit import BoardFit

    saved = setup.get("empty_board", {}).get("board_fit") if isinstance(setup.get("empty_board"), Mapping) else None
    layout = getattr(pipeline, "shipped_layout", None)
    if not isinstance(saved, Mapping) or layout is None or saved.get("layout") != layout.name:
        return None
    try:
        return BoardFit.from_json(saved)
    except (KeyError, TypeError, ValueError):
        return None


def saved_corners(setup: Mapping[str, Any], shape: tuple[int, ...]) -> list[tuple[float, float]] | None:
    """The corners tapped in Setup (fractions of the picture), in pixels of a picture of ``shape``."""
    corners = setup.get("corners")
    if corners is None:
        return None
    return [(float(x) * shape[1], float(y) * shape[0]) for x, y in corners]
