"""What the live screen shows: the session's snapshot plus what the tablet works out from it.

The session's snapshot is the truth; this adds the places to highlight, the virtual LEDs and the
lesson due in guided play, so the browser only draws.
"""

from __future__ import annotations

from typing import Any, Mapping

from . import guide
from .desk import Desk
from .led_board import led_scene, virtual_leds

PLACE_ARGS = ("place", "building", "square", "space")
NOT_PLACES = ("pass",)


def legal_places(pending: Mapping[str, Any] | None) -> list[str]:
    """Places named by the pending decision's options (where the player may put a worker now)."""
    places: list[str] = []
    for option in (pending or {}).get("options", []):
        args = option.get("action", {}).get("args", {})
        for name in PLACE_ARGS:
            value = args.get(name)
            if isinstance(value, str) and value not in NOT_PLACES:
                places.append(value)
    return list(dict.fromkeys(places))


def open_alerts(snapshot: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [a for a in snapshot.get("alerts") or [] if isinstance(a, Mapping) and not a.get("resolved")]


def current_colour(snapshot: Mapping[str, Any]) -> str | None:
    pending = snapshot.get("pending") or {}
    seat = pending.get("player")
    players = snapshot.get("players") or []
    if isinstance(seat, int) and 0 <= seat < len(players):
        player = players[seat]
        return player.get("colour") if isinstance(player, Mapping) else str(player)
    return None


def led_scene_of(snapshot: Mapping[str, Any], *, guided: bool) -> Any:
    """The one LED scene of a session's snapshot: the strip shows it and the tablet's virtual LEDs preview it."""
    return led_scene(snapshot.get("table_view"), guided=guided, current_colour=current_colour(snapshot),
                     legal_places=legal_places(snapshot.get("pending")),
                     alert_places=[a["place"] for a in open_alerts(snapshot) if isinstance(a.get("place"), str)])


def live_payload(desk: Desk, lang: str, *, has_camera: bool, live: Any | None = None,
                 leds: Any | None = None) -> dict[str, Any]:
    """``live``: the table loop (camera status, the question asked); ``leds``: the LED board's sync (link status)."""
    devices = {"live": live.status.to_json() if live is not None else None,
               "leds_link": leds.status_json() if leds is not None else None}
    session = desk.session
    if session is None:
        return {"game_id": None, "camera": has_camera, **devices}
    snapshot = session.snapshot()
    snapshot.setdefault("summary", _summary(session.state, snapshot))
    payload = {
        "game_id": session.game_id,
        "guided": bool(session.guided),
        "camera": has_camera,
        "snapshot": snapshot,
        "legal_places": legal_places(snapshot.get("pending")),
        "leds": virtual_leds(led_scene_of(snapshot, guided=bool(session.guided)), session.game),
        "lesson": None,
        **devices,
    }
    if session.guided:
        payload["lesson"] = guide.next_lesson(session.game, snapshot, desk.taught(session.game_id), lang)
    return payload


def _summary(state: Any, snapshot: Mapping[str, Any]) -> dict[str, Any]:
    """Turn and phase for the status line, from the engine state when it has them."""
    pending_phase = ((snapshot.get("pending") or {}).get("context") or {}).get("phase")
    summary = {"phase": pending_phase or getattr(state, "phase", None)}
    if getattr(state, "turn", None) is not None:
        summary["turn"] = state.turn
    return summary
