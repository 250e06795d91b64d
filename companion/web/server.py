"""Running the app: Werkzeug's threaded server in a background thread (one thread per open stream).

Used by ``companion serve``, ``companion demo``, the browser tests and the latency benchmark, so all
of them exercise the same server. Never in debug mode.
"""

from __future__ import annotations

import threading

from flask import Flask
from werkzeug.serving import make_server


class LiveServer:
    """``with LiveServer(app, "127.0.0.1", 0) as server: server.url`` — port 0 picks a free port."""

    def __init__(self, app: Flask, host: str = "127.0.0.1", port: int = 5000) -> None:
        app.debug = False
        self.app = app
        self._server = make_server(host, port, app, threaded=True)
        self._server.daemon_threads = True
        self.host, self.port = host, self._server.server_port
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
        self._thread.join(timeout=5)

    def __enter__(self) -> "LiveServer":
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()
