"""Security for a tablet on a home network: PIN pairing, attempt limits, CSRF tokens, trusted hosts, headers.

* Anyone who can reach the server may *watch* the game; *controlling* it (every POST) needs a
  browser paired once with the PIN printed on the host's console.
* A paired browser holds a pairing token that the server keeps (:class:`Pairings`): unpairing revokes it
  on the server, so a saved cookie no longer works.
* Every POST carries the per-browser CSRF token (``X-CSRF-Token`` header) so another web page open
  on the tablet cannot drive the game.
* Wrong PINs are limited per client (five in five minutes). Past twenty wrong PINs from everyone
  together the PIN is replaced by a new one, printed on the host's console: guessing from many addresses
  gains nothing, and nobody on the LAN can lock out a player who types the PIN shown on the table.
* Requests whose ``Host`` header is not this server are refused (DNS rebinding) by Flask's
  ``TRUSTED_HOSTS``; JSON nested deeper than :data:`MAX_JSON_DEPTH` is a 400.
* Every answer carries a Content-Security-Policy (scripts only from this server, or inline with the
  page's nonce), ``X-Frame-Options: DENY`` and ``X-Content-Type-Options: nosniff``.
"""

from __future__ import annotations

import hmac
import json
import secrets
import socket
import threading
import time
from collections import deque
from typing import Any, Callable, Iterable

from flask.json.provider import DefaultJSONProvider

PIN_DIGITS = 6


def new_pin() -> str:
    return "".join(str(secrets.randbelow(10)) for _ in range(PIN_DIGITS))


def pin_matches(expected: str, offered: str) -> bool:
    return hmac.compare_digest(expected.encode(), offered.encode())


def new_csrf_token() -> str:
    return secrets.token_urlsafe(24)


def csrf_matches(expected: str | None, offered: str | None) -> bool:
    return bool(expected) and bool(offered) and hmac.compare_digest(str(expected), str(offered))


class Pairings:
    """The PIN, the wrong-PIN limits and the browsers paired with it.

    >>> shown = []
    >>> pairings = Pairings("123456", on_new_pin=shown.append, overall=2)
    >>> pairings.try_pin("a", "000000"), pairings.try_pin("b", "111111")
    ((None, 0), (None, 0))
    >>> len(shown), pairings.pin != "123456"       # twenty (here two) wrong PINs: a new PIN, shown on the host
    (1, True)
    >>> token, _ = pairings.try_pin("c", pairings.pin)
    >>> pairings.is_paired(token), pairings.revoke(token), pairings.is_paired(token)
    (True, None, False)
    """

    def __init__(self, pin: str, *, on_new_pin: Callable[[str], None] | None = None, per_client: int = 5,
                 overall: int = 20, window: float = 300.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.pin = pin
        self.on_new_pin = on_new_pin
        self.limiter = AttemptLimiter(per_client=per_client, overall=overall, window=window, clock=clock)
        self._tokens: set[str] = set()
        self._lock = threading.Lock()

    def try_pin(self, client: str, offered: str) -> tuple[str | None, int]:
        """``(token, 0)`` when ``offered`` is the PIN; ``(None, 0)`` when wrong; ``(None, seconds)`` when this client
        must wait first."""
        wait = self.limiter.wait_seconds(client)
        if wait:
            return None, wait
        with self._lock:
            if pin_matches(self.pin, offered):
                token = secrets.token_urlsafe(24)
                self._tokens.add(token)
                return token, 0
        if self.limiter.failed(client):
            self.new_pin()
        return None, 0

    def new_pin(self) -> str:
        with self._lock:
            self.pin = new_pin()
        self.limiter.forget_overall()
        if self.on_new_pin is not None:
            self.on_new_pin(self.pin)
        return self.pin

    def is_paired(self, token: Any) -> bool:
        return isinstance(token, str) and token in self._tokens

    def revoke(self, token: Any) -> None:
        with self._lock:
            self._tokens.discard(token)


class AttemptLimiter:
    """Counts failed PIN attempts in a sliding window, per client and for everyone together.

    A client past its limit waits; everyone together past the overall limit makes :meth:`failed` say so (the
    caller changes the PIN) but blocks nobody.

    >>> clock = iter(range(100)).__next__
    >>> limiter = AttemptLimiter(per_client=2, overall=3, window=60, clock=clock)
    >>> limiter.failed("a"), limiter.failed("a"), limiter.failed("b")
    (False, False, True)
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
        self._overall_count = 0
        self._lock = threading.Lock()

    def _forget_old(self, now: float) -> None:
        while self._failures and now - self._failures[0][0] >= self.window:
            self._failures.popleft()

    def failed(self, client: str) -> bool:
        """Count a wrong PIN; True once everyone together reached the overall limit."""
        with self._lock:
            now = self._clock()
            self._forget_old(now)
            self._failures.append((now, client))
            self._overall_count += 1
            return self._overall_count >= self.overall

    def forget_overall(self) -> None:
        """A new PIN: the overall count starts again (each client's own count stays)."""
        with self._lock:
            self._overall_count = 0

    def wait_seconds(self, client: str) -> int:
        """Seconds this client must wait before trying again (0 = may try now)."""
        with self._lock:
            now = self._clock()
            self._forget_old(now)
            mine = [t for t, who in self._failures if who == client]
            if len(mine) < self.per_client:
                return 0
            return max(1, int(mine[-self.per_client] + self.window - now + 0.999))


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


MAX_JSON_DEPTH = 32
"""Deeper JSON than any request needs is refused before anything walks it (Python's parser recurses)."""


class JsonTooDeep(ValueError):
    pass


class GuardedJSONProvider(DefaultJSONProvider):
    """Flask's JSON, refusing bodies nested deeper than :data:`MAX_JSON_DEPTH` as malformed (a 400, never a
    ``RecursionError``)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        text = s.decode("utf-8", "replace") if isinstance(s, (bytes, bytearray)) else s
        if nesting_depth(text) > MAX_JSON_DEPTH:
            raise JsonTooDeep(f"JSON nested deeper than {MAX_JSON_DEPTH} levels")
        try:
            return json.loads(text, **kwargs)
        except RecursionError:
            raise JsonTooDeep("JSON nested too deeply") from None


def nesting_depth(text: str) -> int:
    """How deep brackets nest in JSON text, outside strings (a scan, no recursion).

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


class StreamLimit:
    """At most ``limit`` event streams open at once (each holds a server thread).

    >>> streams = StreamLimit(1)
    >>> streams.acquire(), streams.acquire()
    (True, False)
    >>> streams.release(); streams.acquire()
    True
    """

    def __init__(self, limit: int = 16) -> None:
        self.limit = limit
        self.open = 0
        self._lock = threading.Lock()

    def acquire(self) -> bool:
        with self._lock:
            if self.open >= self.limit:
                return False
            self.open += 1
            return True

    def release(self) -> None:
        with self._lock:
            self.open = max(0, self.open - 1)


def content_security_policy(nonce: str) -> str:
    """Scripts, styles, pictures and connections from this server only; inline scripts only with the page's
    nonce; style attributes allowed (the board drawing sets colours per piece); never inside a frame."""
    return "; ".join([
        "default-src 'self'",
        f"script-src 'self' 'nonce-{nonce}'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


def add_security_headers(response: Any, nonce: str) -> Any:
    response.headers.setdefault("Content-Security-Policy", content_security_policy(nonce))
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def lan_addresses() -> list[str]:
    """This host's addresses a tablet on the LAN could open (no loopback), the outward one first."""
    addresses = _local_addresses(socket.gethostname())
    return sorted((a for a in addresses if not a.startswith("127.")), key=lambda a: (not _outward(a), a))


def _outward(address: str) -> bool:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0] == address
    except OSError:
        return False
