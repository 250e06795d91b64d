"""Finding and opening serial ports: by path, by /dev/serial/by-id name, or any pyserial URL
(``hwgrep://VID:PID``, ``loop://``, ``socket://``, ``rfc2217://``).

Ports are opened exclusively where the platform allows it, so a second program (or a second
companion) cannot interleave bytes with ours.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import serial
from serial.tools import list_ports

BY_ID_DIR = Path("/dev/serial/by-id")


class PortError(Exception):
    """A port that cannot be opened; the message is meant for a player."""


@dataclass(frozen=True)
class PortInfo:
    device: str
    description: str
    hwid: str
    by_id: str | None

    def line(self) -> str:
        parts = [self.device, self.description or "-", self.hwid or "-"]
        if self.by_id:
            parts.append(self.by_id)
        return "  ".join(parts)


def list_serial_ports() -> list[PortInfo]:
    """Serial ports present now, with their stable /dev/serial/by-id names when the system has them."""
    by_id = _by_id_names()
    return [PortInfo(p.device, p.description or "", p.hwid or "", by_id.get(os.path.realpath(p.device)))
            for p in sorted(list_ports.comports(), key=lambda p: p.device)]


def _by_id_names() -> dict[str, str]:
    if not BY_ID_DIR.is_dir():
        return {}
    return {os.path.realpath(link): str(link) for link in BY_ID_DIR.iterdir()}


def open_port(url: str, baudrate: int, *, read_timeout: float = 0.05, write_timeout: float = 1.0) -> serial.SerialBase:
    """Open ``url`` (a path or a pyserial URL) exclusively; PortError with a readable reason otherwise."""
    try:
        return serial.serial_for_url(url, baudrate=baudrate, timeout=read_timeout,
                                     write_timeout=write_timeout, exclusive=True)
    except serial.SerialException as error:
        raise PortError(_explain(url, error)) from None
    except (ValueError, OSError) as error:
        raise PortError(f"cannot open {url}: {error}") from None


def _explain(url: str, error: serial.SerialException) -> str:
    text = str(error)
    if "No such file" in text or "could not open port" in text and "Errno 2" in text:
        return f"{url}: no such port (unplugged? see `companion leds --list`)"
    if "exclusively lock" in text or "Errno 16" in text or "busy" in text.lower():
        return f"{url}: the port is in use by another program"
    if "Permission denied" in text or "Errno 13" in text:
        return f"{url}: permission denied (on Linux add yourself to the 'dialout' group)"
    if "no ports found" in text:
        return f"{url}: no connected device matches"
    return f"{url}: {text}"
