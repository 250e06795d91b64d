"""Running the app: Werkzeug's threaded server in a background thread (one thread per open stream).

Used by ``companion serve``, ``companion demo``, the browser tests and the latency benchmark, so all
of them exercise the same server. Never in debug mode.

Why not a "production" WSGI server such as waitress: the runtime dependencies are kept to what the camera and the
LEDs need, and a table companion serves a handful of tablets on a home network. What a production server would add
is kept here instead: the socket is bound before Werkzeug sees it (a port in use is an ``OSError`` the command
reports, not Werkzeug's message and exit), a connection idle for :data:`IDLE_SECONDS` is closed so slow clients
cannot hold threads, request bodies are capped (``MAX_CONTENT_LENGTH``) and event streams counted
(``create_app(max_streams=…)``). It is meant for a network you trust (docs/tablet-ui.md#security).
"""

from __future__ import annotations

import socket
import threading

from flask import Flask
from werkzeug.serving import WSGIRequestHandler, make_server

IDLE_SECONDS = 60.0
"""A connection that sends nothing for this long is closed (an event stream writes a keep-alive well within it)."""


class _RequestHandler(WSGIRequestHandler):
    timeout = IDLE_SECONDS


class LiveServer:
    """``with LiveServer(app, "127.0.0.1", 0) as server: server.url`` — port 0 picks a free port.

    A port in use raises ``OSError`` (``errno.EADDRINUSE``) from the constructor.
    """

    def __init__(self, app: Flask, host: str = "127.0.0.1", port: int = 5000) -> None:
        app.debug = False
        self.app = app
        self._socket = _listening_socket(host, port)
        try:
            self._server = make_server(host, port, app, threaded=True, request_handler=_RequestHandler,
                                       fd=self._socket.fileno())
        except BaseException:
            self._socket.close()
            raise
        self._server.daemon_threads = True
        self.host, self.port = host, self._socket.getsockname()[1]
        self._thread = threading.Thread(target=self._server.serve_forever, name="companion-web", daemon=True)

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        return f"http://{host}:{self.port}/"

    def start(self) -> "LiveServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._socket.close()
        self._thread.join(timeout=5)

    def __enter__(self) -> "LiveServer":
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


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
