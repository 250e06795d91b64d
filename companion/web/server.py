"""Running the app: the waitress WSGI server in a background thread.

Used by ``companion serve``, ``companion demo``, the browser tests and the latency benchmark, so all
of them exercise the same server. Never in debug mode.

waitress is a production WSGI server (Werkzeug's own is documented as a development server, not for a server
facing a network). Connections are read and written by one event loop; a request is answered by one of a fixed
pool of worker threads, and an open event stream holds its worker for as long as it is open. The pool is therefore
the app's event-stream cap (``create_app(max_streams=…)``) plus :data:`SPARE_THREADS` for the other requests,
so screens left open cannot starve the buttons. The socket is bound here before waitress sees it (a port in use
is an ``OSError`` the command reports); a connection idle for :data:`IDLE_SECONDS` between requests is closed;
request bodies are capped at the app's ``MAX_CONTENT_LENGTH``; each chunk of an event stream is sent as it is
written (waitress sends at once what a task writes). It is meant for a network you trust
(docs/tablet-ui.md#security).
"""

from __future__ import annotations

import socket
import threading

from flask import Flask
from waitress.server import create_server

IDLE_SECONDS = 60
"""A connection with no request running that sends nothing for this long is closed."""

SPARE_THREADS = 8
"""Worker threads kept for requests other than event streams."""

MAX_CONNECTIONS = 200
"""Connections open at once; beyond it new ones wait in the listen queue."""


class LiveServer:
    """``with LiveServer(app, "127.0.0.1", 0) as server: server.url`` — port 0 picks a free port.

    A port in use raises ``OSError`` (``errno.EADDRINUSE``) from the constructor.
    """

    def __init__(self, app: Flask, host: str = "127.0.0.1", port: int = 5000) -> None:
        app.debug = False
        self.app = app
        self._socket = _listening_socket(host, port)
        try:
            self._server = create_server(
                app, sockets=[self._socket], threads=worker_threads(app), channel_timeout=IDLE_SECONDS,
                cleanup_interval=max(1, IDLE_SECONDS // 4), connection_limit=MAX_CONNECTIONS,
                max_request_body_size=int(app.config.get("MAX_CONTENT_LENGTH") or 1 << 20),
                asyncore_use_poll=True, ident="companion", expose_tracebacks=False)
        except BaseException:
            self._socket.close()
            raise
        self.host, self.port = host, self._socket.getsockname()[1]
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="companion-web", daemon=True)

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{host}:{self.port}/"

    def start(self) -> "LiveServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop accepting, close every connection (open event streams end at their next write) and return."""
        self._stopping.set()
        if self._thread.is_alive():
            self._server.pull_trigger()
            self._thread.join(timeout=5)
        else:
            self._close_all()
        self._server.task_dispatcher.set_thread_count(0)
        self._socket.close()

    def __enter__(self) -> "LiveServer":
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()

    def _serve(self) -> None:
        from waitress import wasyncore

        try:
            while not self._stopping.is_set() and self._server._map:
                wasyncore.loop(timeout=1.0, use_poll=True, map=self._server._map, count=1)
        finally:
            self._close_all()

    def _close_all(self) -> None:
        from waitress.channel import HTTPChannel

        for dispatcher in list(self._server._map.values()):
            try:
                if isinstance(dispatcher, HTTPChannel):
                    dispatcher.handle_close()       # marks it disconnected: its stream's next write ends it
                else:
                    dispatcher.close()
            except OSError:
                pass
        self._server._map.clear()


def worker_threads(app: Flask) -> int:
    """Threads enough for every event stream the app allows open at once and :data:`SPARE_THREADS` more."""
    streams = app.extensions.get("streams")
    return (streams.limit if streams is not None else 0) + SPARE_THREADS


def _listening_socket(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(128)
    except BaseException:
        listener.close()
        raise
    return listener
