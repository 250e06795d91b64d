"""``companion serve``: the tablet UI for a game at the table.

Binds to 127.0.0.1 unless ``--host`` says otherwise (``--host 0.0.0.0`` for a tablet on the LAN),
prints the address and the pairing PIN, and never runs in debug mode.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

DEFAULT_PORT = 5000


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "architect-companion"


def add_server_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 lets a tablet on the LAN connect)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="another Host name browsers may use to reach this server (repeatable)")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="serve the tablet UI for a game at the table",
                                   description=__doc__.split("\n\n")[0])
    add_server_arguments(parser)
    parser.add_argument("--camera", help="camera above the table: webcam index, stream URL, video, image folder or sim")
    parser.add_argument("--data-dir", type=Path, default=default_data_dir(),
                        help="where the game journal and the setup are kept (default %(default)s)")
    parser.add_argument("--resume", action="store_true", help="continue the last unfinished game")
    parser.set_defaults(func=run)


def say_where(server: Any, pin: str, host: str) -> None:
    print(f"Tablet UI: {server.url}", flush=True)
    if host in ("0.0.0.0", "::"):
        print("  (listening on every network interface: open this port's address from the tablet)", flush=True)
    print(f"Pairing PIN: {pin}", flush=True)
    print("Press Ctrl+C to stop.", flush=True)


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
    desk = Desk(journal)
    if args.resume:
        try:
            desk.resume()
        except JournalError as problem:
            print(f"companion serve: {problem}", file=sys.stderr)
            return 2
    feed = None
    if args.camera:
        try:
            from vision.sources import CameraError, open_camera
            from companion.web.camera_feed import CameraFeed
            feed = CameraFeed(open_camera(args.camera)).start()
        except (ImportError, OSError, CameraError) as problem:
            print(f"companion serve: cannot open camera {args.camera!r}: {problem}", file=sys.stderr)
            return 2
    pin = new_pin()
    app = create_app(desk, pin=pin, frame_source=feed, trusted_hosts=trusted_hosts(args.host, args.allow_host),
                     config={"DATA_DIR": str(args.data_dir)})
    try:
        server = LiveServer(app, args.host, args.port).start()
    except OSError as problem:
        print(f"companion serve: cannot listen on {args.host}:{args.port}: {problem.strerror or problem}",
              file=sys.stderr)
        return 2
    say_where(server, pin, args.host)
    return run_until_interrupted(server, *([feed] if feed else []))
