"""``companion leds [GAME]``: list serial ports, or light a test pattern on an LED board (docs/leds.md).

The strip's length comes from ``--leds``, else from ``--mapping``, else from GAME's default mapping (its
pack's ``lights`` part; the default game when GAME is left out)."""

from __future__ import annotations

import argparse
import sys

from firmware_bridge.device_check import run_device_check
from firmware_bridge.mapping import LedMapping, MappingError, load_mapping
from firmware_bridge.ports import list_serial_ports
from firmware_bridge.protocols import PROTOCOLS, make_protocol
from firmware_bridge.render import DEFAULT_BRIGHTNESS, calibration_pattern

from .game_argument import add_game_argument, pack_of
from .virtual_leds import is_virtual, start_virtual_board


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "leds", help="LED board: list serial ports, test a device",
        description="List serial ports or light a test pattern on the LED board. PORT may be a path, "
                    "a /dev/serial/by-id name or a pyserial URL such as hwgrep://2e8a:0005; 'virtual' is a board "
                    "emulated in this process (no hardware needed). loop:// only echoes, so no protocol accepts it.")
    add_game_argument(parser)
    parser.add_argument("--list", action="store_true", help="list serial ports and exit")
    parser.add_argument("--port", help="serial port, pyserial URL, or 'virtual' (an emulated board)")
    parser.add_argument("--protocol", choices=sorted(PROTOCOLS), default="own",
                        help="own (reference firmware, default), wled, or adalight (classic sketch)")
    parser.add_argument("--test", action="store_true", help="light a test pattern; exit 0 if the device accepted it")
    parser.add_argument("--leds", type=int, help="number of LEDs on the strip (default: the mapping's)")
    parser.add_argument("--baud", type=int, default=115200, help="baud rate (default 115200)")
    parser.add_argument("--mapping", help="LED mapping JSON file (default: the game pack's own mapping)")
    parser.add_argument("--brightness", type=float, default=DEFAULT_BRIGHTNESS, help="0..1 (default %(default)s)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.list:
        return list_ports()
    if not args.port or not args.test:
        print("companion leds: give --list, or --port PORT --test", file=sys.stderr)
        return 2
    try:
        mapping = strip_mapping(args) if args.mapping or args.leds is None else None
        led_count = args.leds if args.leds is not None else mapping.led_count  # type: ignore[union-attr]
        if not 1 <= led_count <= 1500:
            raise ValueError(f"--leds must be between 1 and 1500, not {led_count}")
        pattern = calibration_pattern(led_count, args.brightness)
    except (MappingError, ValueError) as error:
        print(f"companion leds: {error}", file=sys.stderr)
        return 2
    port = start_virtual_board(args.protocol, led_count) if is_virtual(args.port) else args.port
    result = run_device_check(port, make_protocol(args.protocol, led_count), pattern, baudrate=args.baud)
    print(("ok: " if result.accepted else "failed: ") + result.message, file=sys.stdout if result.accepted else sys.stderr)
    return 0 if result.accepted else 1


def strip_mapping(args: argparse.Namespace) -> LedMapping:
    """``--mapping``'s file, else the game pack's default mapping; MappingError when the game has none."""
    if args.mapping:
        return load_mapping(args.mapping)
    pack = pack_of(args)
    if not pack.has_part("lights"):
        raise MappingError(f"{pack.title} has no LED mapping of its own: give --leds N or --mapping FILE")
    return pack.part("lights").default_mapping()


def list_ports() -> int:
    ports = list_serial_ports()
    if not ports:
        print("no serial ports found (plug the LED board in, or try the LEDs on an emulated board: --port virtual)")
        return 0
    for port in ports:
        print(port.line())
    return 0
