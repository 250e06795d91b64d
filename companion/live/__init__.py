"""The live table: camera → vision → reconciler → session → tablet and LEDs (docs/live-loop.md).

* :mod:`.loop`            — :class:`TableLoop`, the background thread that watches the table
* :mod:`.camera_watch`    — camera drops as alerts, recovery as their resolution
* :mod:`.overlay`         — the tablet's camera picture with the recognised pieces drawn on it
* :mod:`.leds`            — :class:`LedSync`, the LED strip following every session change
* :mod:`.simulated_table` — the demo's physical table: bots moving pieces on the rendered board
* :mod:`.prompt_bots`     — demo bots answering the camera's questions for their seats
"""

from .loop import LiveStatus, TableLoop, watching_pipeline

__all__ = ["LiveStatus", "TableLoop", "watching_pipeline"]
