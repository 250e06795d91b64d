"""The real server the commands run (issue 71: "serve with a production WSGI server ... instead of Werkzeug's
development server"): a move reaches an open event stream at once, every allowed stream can be open while the
buttons still answer, and the server answering is not Werkzeug's development server."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import time
import urllib.request

from companion.web import create_app
from companion.web.server import LiveServer
from tablet_client import PIN


class HttpTablet:
    """A tablet over real HTTP: its cookies, the page's CSRF token, paired with the PIN."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.cookies = http.cookiejar.CookieJar()
        self._opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.csrf = self.get("api/session")["csrf"]
        assert self.post("api/pair", {"pin": PIN})["paired"] is True

    def get(self, path: str) -> dict:
        with self._opener.open(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json", "X-CSRF-Token": self.csrf})
        with self._opener.open(request, timeout=10) as response:
            return json.loads(response.read())

    def cookie_header(self) -> str:
        return "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.cookies)


def _open_stream(server: LiveServer, cookie: str = "") -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", "/api/events", headers={"Cookie": cookie} if cookie else {})
    return connection, connection.getresponse()


def _next_event(stream: http.client.HTTPResponse) -> dict:
    """The next ``live`` event's payload (keep-alives and ``retry:`` skipped)."""
    data = None
    while True:
        line = stream.readline().decode().rstrip("\n")
        if line.startswith("data: "):
            data = json.loads(line[len("data: "):])
        elif line == "" and data is not None:
            return data


def test_a_move_made_through_the_api_reaches_an_open_event_stream_within_two_seconds(desk):
    with LiveServer(create_app(desk, pin=PIN), "127.0.0.1", 0) as server:
        tablet = HttpTablet(server.url)
        connection, stream = _open_stream(server, tablet.cookie_header())
        try:
            assert stream.status == 200 and stream.getheader("Content-Type").startswith("text/event-stream")
            assert _next_event(stream)["snapshot"]["decisions_made"] == 0
            option = tablet.get("api/live")["snapshot"]["pending"]["options"][0]
            moved = time.monotonic()
            assert tablet.post("api/decide", {"action": option["action"]})["ok"] is True
            seen = _next_event(stream)
            waited = time.monotonic() - moved
            assert seen["snapshot"]["decisions_made"] == 1
            assert waited < 2.0, f"the move reached the open stream after {waited:.2f} s"
        finally:
            stream.close()
            connection.close()


def test_with_every_allowed_stream_open_the_buttons_still_answer(desk):
    app = create_app(desk, pin=PIN, max_streams=16)
    with LiveServer(app, "127.0.0.1", 0) as server:
        streams = [_open_stream(server) for _ in range(16)]
        try:
            assert all(stream.status == 200 for _, stream in streams)
            for _, stream in streams:
                _next_event(stream)
            started = time.monotonic()
            tablet = HttpTablet(server.url)
            option = tablet.get("api/live")["snapshot"]["pending"]["options"][0]
            assert tablet.post("api/decide", {"action": option["action"]})["ok"] is True
            assert time.monotonic() - started < 2.0
            for _, stream in streams:
                assert _next_event(stream)["snapshot"]["decisions_made"] == 1
        finally:
            for connection, stream in streams:
                stream.close()
                connection.close()


def test_the_server_answering_is_not_werkzeugs_development_server(desk):
    with LiveServer(create_app(desk, pin=PIN), "127.0.0.1", 0) as server:
        with urllib.request.urlopen(server.url + "api/session", timeout=10) as response:
            assert response.status == 200
            assert "Werkzeug" not in (response.headers.get("Server") or "")


def test_stopping_returns_promptly_with_a_stream_still_open(desk):
    server = LiveServer(create_app(desk, pin=PIN), "127.0.0.1", 0).start()
    connection, stream = _open_stream(server)
    _next_event(stream)
    started = time.monotonic()
    server.stop()
    assert time.monotonic() - started < 3.0
    connection.close()


def test_slow_clients_sending_half_a_request_do_not_keep_the_buttons_from_answering(desk):
    import socket

    from companion.web.server import worker_threads

    app = create_app(desk, pin=PIN)
    with LiveServer(app, "127.0.0.1", 0) as server:
        slow = []
        try:
            for _ in range(worker_threads(app) + 10):        # more than there are worker threads
                client = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                client.sendall(b"GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\n")   # and never the blank line
                slow.append(client)
            started = time.monotonic()
            tablet = HttpTablet(server.url)
            assert tablet.get("api/live")["snapshot"]["decisions_made"] == 0
            assert time.monotonic() - started < 2.0
        finally:
            for client in slow:
                client.close()
