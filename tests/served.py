"""``companion serve`` run as a user runs it, for tests of what it prints before it serves."""

from __future__ import annotations

import subprocess
import sys
import time
from typing import Sequence


def served_lines(arguments: Sequence[str], until: tuple[str, ...], timeout: float = 60.0) -> list[str]:
    """What ``companion serve ARGUMENTS`` prints until a line starts with one of ``until`` (or it exits, or
    ``timeout`` seconds pass); the server is stopped then."""
    server = subprocess.Popen([sys.executable, "-m", "companion", "serve", *arguments],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = server.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip())
            if line.startswith(until):
                break
    finally:
        server.terminate()
        server.wait(timeout=10)
    return lines
