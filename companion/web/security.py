"""Security for a tablet on a home network: PIN pairing, attempt limits, CSRF tokens, trusted hosts.

* Anyone who can reach the server may *watch* the game; *controlling* it (every POST) needs a
  browser paired once with the PIN printed on the host's console.
* Every POST carries the per-browser CSRF token (``X-CSRF-Token`` header) so another web page open
  on the tablet cannot drive the game.
* Wrong PINs are limited per client and overall, so a six-digit PIN cannot be guessed in time.
* Requests whose ``Host`` header is not this server are refused (DNS rebinding) by Flask's
  ``TRUSTED_HOSTS``.
"""

from __future__ import annotations

import hmac
import secrets
import socket
import threading
import time
from collections import deque
from typing import Callable, Iterable

PIN_DIGITS = 6


def new_pin() -> str:
    return "".join(str(secrets.randbelow(10)) for _ in range(PIN_DIGITS))


def pin_matches(expected: str, offered: str) -> bool:
    return hmac.compare_digest(expected.encode(), offered.encode())


def new_csrf_token() -> str:
    return secrets.token_urlsafe(24)


def csrf_matches(expected: str | None, offered: str | None) -> bool:
    return bool(expected) and bool(offered) and hmac.compare_digest(str(expected), str(offered))


class AttemptLimiter:
    """Counts failed PIN attempts in a sliding window, per client and for everyone together.

    >>> clock = iter(range(100)).__next__
    >>> limiter = AttemptLimiter(per_client=2, overall=10, window=60, clock=clock)
    >>> limiter.failed("a"); limiter.failed("a")
    >>> limiter.wait_seconds("a") > 0, limiter.wait_seconds("b") == 0
    (True, True)
    """

    def __init__(self, *, per_client: int = 5, overall: int = 20, window: float = 300.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_client = per_client
        self.overall = overall
        self.window = window
        self._clock = clock
        self._failures: deque[tuple[float, str]] = deque()
        self._lock = threading.Lock()

    def _forget_old(self, now: float) -> None:
        while self._failures and now - self._failures[0][0] >= self.window:
            self._failures.popleft()

    def failed(self, client: str) -> None:
        with self._lock:
            now = self._clock()
            self._forget_old(now)
            self._failures.append((now, client))

    def wait_seconds(self, client: str) -> int:
        """Seconds this client must wait before trying again (0 = may try now)."""
        with self._lock:
            now = self._clock()
            self._forget_old(now)
            mine = [t for t, who in self._failures if who == client]
            blocking: list[float] = []
            if len(mine) >= self.per_client:
                blocking.append(mine[-self.per_client])
            if len(self._failures) >= self.overall:
                blocking.append(self._failures[-self.overall][0])
            if not blocking:
                return 0
            return max(1, int(max(blocking) + self.window - now + 0.999))


def trusted_hosts(bind_host: str, extra: Iterable[str] = ()) -> list[str]:
    """The host names a browser may use to reach us: loopback always, LAN names when listening wider."""
    hosts = {"localhost", "127.0.0.1", "::1", "[::1]", *extra}
    if bind_host not in ("127.0.0.1", "localhost", "::1"):
        if bind_host not in ("0.0.0.0", "::", ""):
            hosts.add(bind_host)
        hostname = socket.gethostname()
        hosts.update({hostname, f"{hostname}.local"})
        hosts.update(_local_addresses(hostname))
    return sorted(hosts)


def _local_addresses(hostname: str) -> set[str]:
    addresses: set[str] = set()
    try:
        addresses.update(socket.gethostbyname_ex(hostname)[2])
    except OSError:
        pass
    try:  # the address of the interface that would route outwards (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            addresses.add(probe.getsockname()[0])
    except OSError:
        pass
    return addresses
