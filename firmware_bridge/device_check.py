"""``companion leds --test``: light a test pattern once and say whether the device accepted it.

Acceptance per protocol is defined in ``protocols`` (ACK for ``own``, an answer to ``v`` for
``wled``, a fresh ``Ada`` for the Adalight sketch).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .link import LINK_ERRORS, Connection
from .ports import PortError, open_port
from .protocols import LedProtocol
from .render import RGB


@dataclass(frozen=True)
class DeviceCheck:
    accepted: bool
    message: str


def run_device_check(port_url: str, protocol: LedProtocol, pattern: list[RGB], *, baudrate: int = 115200,
                    greeting_timeout_s: float = 3.0, confirm_timeout_s: float = 2.5) -> DeviceCheck:
    try:
        port = open_port(port_url, baudrate)
    except PortError as error:
        return DeviceCheck(False, str(error))
    with Connection(port, protocol) as connection:
        try:
            device = protocol.handshake(greeting_timeout_s)
            deadline = time.monotonic() + confirm_timeout_s
            while not protocol.show(pattern):
                if time.monotonic() > deadline:
                    return DeviceCheck(False, f"{device} on {port_url} did not accept the test pattern")
            if protocol.confirm(max(0.1, deadline - time.monotonic())):
                return DeviceCheck(True, f"{device} on {port_url} shows the test pattern ({len(pattern)} LEDs)")
            return DeviceCheck(False, f"{device} on {port_url} went silent after the test pattern")
        except LINK_ERRORS as error:
            return DeviceCheck(False, f"{port_url}: {connection.error or error}")
