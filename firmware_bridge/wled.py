"""WLED's serial commands besides Adalight: the version query and JSON state requests.

WLED reads them only between frames (its idle state): ``v`` answers ``WLED <version>``; a JSON object
starting with ``{`` changes the state and answers only when it contains ``"v":true``.

>>> json_command({"on": True, "bri": 255})
b'{"on":true,"bri":255}\\n'
>>> parse_version_line(b"WLED 0.15.0\\r")
'0.15.0'
"""

from __future__ import annotations

import json
from typing import Any

VERSION_QUERY = b"v"
REALTIME_TIMEOUT_S = 2.5   # WLED's default: after this without frames it returns to its own effect


def json_command(state: dict[str, Any]) -> bytes:
    """Compact JSON (WLED needs the whole object with <100 ms gaps) and a harmless newline."""
    return json.dumps(state, separators=(",", ":")).encode("ascii") + b"\n"


def parse_version_line(line: bytes) -> str | None:
    text = line.strip().decode("ascii", "replace")
    return text[5:].strip() if text.startswith("WLED ") else None
