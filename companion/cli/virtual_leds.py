"""``--leds virtual`` / ``--port virtual``: an LED board emulated in this process, to try the LEDs without hardware.

The emulated device (:mod:`firmware_bridge.virtual_device`) sits behind a pseudo-terminal that the host opens with
pyserial like a real board, and answers as the chosen protocol's device does: the reference firmware (``own``),
WLED or the Adalight sketch. It lives as long as the command; the tablet's virtual LEDs show what it shows.
"""

from __future__ import annotations

import atexit
import tempfile
from pathlib import Path

VIRTUAL_PORT = "virtual"


def is_virtual(port: str | None) -> bool:
    return port == VIRTUAL_PORT


def start_virtual_board(protocol: str, led_count: int) -> str:
    """Plug in an emulated board speaking ``protocol`` with ``led_count`` LEDs; the port path to open."""
    from firmware_bridge.virtual_device import AdalightSketchEngine, OwnFirmwareEngine, VirtualDevice, WledEngine

    engines = {"own": OwnFirmwareEngine, "wled": WledEngine, "adalight": AdalightSketchEngine}
    if protocol not in engines:
        raise ValueError(f"no emulated board speaks {protocol!r} (own, wled, adalight)")
    folder = Path(tempfile.mkdtemp(prefix="companion-leds-"))
    device = VirtualDevice(engines[protocol](led_count), folder / "led-board").plug()

    def unplug() -> None:
        device.unplug()
        folder.rmdir()

    atexit.register(unplug)
    return str(device.path)
