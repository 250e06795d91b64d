"""Polling for tests that watch a background thread (serial links, live loops)."""

import time


def wait_until(condition, timeout: float = 4.0) -> bool:
    """True as soon as ``condition()`` holds, else its value once ``timeout`` seconds have passed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return condition()
