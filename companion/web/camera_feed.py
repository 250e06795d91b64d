"""The latest camera picture as JPEG, read in a background thread from a ``vision.sources`` source.

The tablet polls ``/camera.jpg`` about once a second; encoding once per frame here (downscaled)
keeps that cheap and never slows the reader.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import cv2

MAX_WIDTH = 960
JPEG_QUALITY = 70


def encode_jpeg(image: Any, max_width: int = MAX_WIDTH) -> bytes:
    height, width = image.shape[:2]
    if width > max_width:
        image = cv2.resize(image, (max_width, int(height * max_width / width)), interpolation=cv2.INTER_AREA)
    ok, buffer = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    return buffer.tobytes() if ok else b""


class CameraFeed:
    """Reads ``source`` (``read() -> Frame | None``) at most ``fps`` times a second; ``latest_jpeg()`` for the app."""

    def __init__(self, source: Any, fps: float = 5.0) -> None:
        self.source = source
        self.interval = 1.0 / fps
        self._latest: bytes | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="camera-feed", daemon=True)

    def latest_jpeg(self) -> bytes | None:
        return self._latest

    def start(self) -> "CameraFeed":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        close = getattr(self.source, "close", None)
        if close:
            close()

    def _run(self) -> None:
        while not self._stop.is_set():
            started = time.monotonic()
            frame = self.source.read()
            if frame is not None:
                self._latest = encode_jpeg(frame.image)
            self._stop.wait(max(0.0, self.interval - (time.monotonic() - started)))
