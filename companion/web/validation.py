"""Checks on what a tablet sends before anything is saved: a slot correction, a camera choice.

Every check answers ``None`` (fine) or an error key of the tablet's translations with its values.

>>> camera_problem("0"), camera_problem("rtsp://10.0.0.2/live"), camera_problem("/no/such/file.mp4")[0]
(None, None, 'errors.camera_not_found')
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Mapping, Sequence
from urllib.parse import urlsplit

from companion.games.registry import get_pack

STREAM_SCHEMES = ("rtsp", "rtsps", "http", "https", "udp", "tcp")
MAX_CAMERA_INDEX = 63
MAX_PIECES_IN_A_SLOT = 64
Problem = tuple[str, dict[str, Any]] | None


def camera_problem(camera: Any) -> Problem:
    """A camera is a webcam index (``0``, ``/dev/video0``), a stream URL with a host, ``sim`` (the simulated
    table), or a video file, image or folder that exists on this computer."""
    if not isinstance(camera, str) or not camera.strip() or len(camera) > 200 or "\x00" in camera:
        return "errors.bad_camera", {}
    spec = camera.strip()
    index = re.fullmatch(r"(?:/dev/video)?(\d{1,3})", spec)
    if index:
        return None if int(index.group(1)) <= MAX_CAMERA_INDEX else ("errors.camera_not_found", {"camera": spec})
    if spec == "sim" or spec.startswith("sim:"):
        return None
    if "://" in spec:
        parts = urlsplit(spec)
        if parts.scheme.lower() in STREAM_SCHEMES and parts.hostname:
            return None
        return "errors.camera_not_found", {"camera": spec[:80]}
    if Path(spec).expanduser().exists():
        return None
    return "errors.camera_not_found", {"camera": spec[:80]}


def override_problem(game: str, players: Sequence[str], view: Mapping[str, Any], slot: Any,
                     pieces: Any) -> Problem:
    """A correction names a slot of the game's board (or one on the table now) and pieces of the pack's kinds,
    in a player's colour, a good's colour, or none."""
    pack = get_pack(game)
    if not isinstance(slot, str) or slot not in known_slots(game, view):
        return "errors.unknown_slot", {"slot": str(slot)[:60]}
    if not isinstance(pieces, list) or len(pieces) > MAX_PIECES_IN_A_SLOT:
        return "errors.bad_pieces", {}
    kinds = {piece.name for piece in pack.table.pieces} or {
        p.get("kind") for ps in (view.get("slots") or {}).values() for p in ps}
    colours = {*pack.info.colours, *players, *pack.table.counted}
    for piece in pieces:
        if not isinstance(piece, dict) or not isinstance(piece.get("kind"), str) or set(piece) - {"kind", "colour", "name"}:
            return "errors.bad_pieces", {}
        if piece["kind"] not in kinds:
            return "errors.bad_piece_kind", {"kind": piece["kind"][:40], "kinds": ", ".join(sorted(kinds))}
        colour = piece.get("colour")
        if colour is not None and colour not in colours:
            return "errors.bad_piece_colour", {"colour": str(colour)[:40], "colours": ", ".join(sorted(colours))}
        if piece.get("name") is not None and not (isinstance(piece["name"], str) and len(piece["name"]) <= 60):
            return "errors.bad_pieces", {}
    return None


def known_slots(game: str, view: Mapping[str, Any]) -> set[str]:
    """The slots of the pack's board layouts, and those occupied in the game's view now."""
    pack = get_pack(game)
    slots = set((view.get("slots") or {}).keys())
    for name in getattr(pack.table, "layouts", ()) or ((pack.table.default_layout,) if pack.table.default_layout
                                                       else ()):
        try:
            slots.update(pack.data_json(f"layouts/{name}.json").get("slots", {}))
        except (OSError, ValueError, AttributeError):
            continue
    return slots
