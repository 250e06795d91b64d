"""What the live screen shows: the session's snapshot plus what the tablet works out from it.

The session's snapshot is the truth, as the device may see it (its seat's, the seat it was handed to for a secret
choice, else the shared one: :mod:`reveal`); this adds the places to highlight, the virtual LEDs, the lesson due in
guided play and whom to hand the table's tablet to, so the browser only draws.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from . import guide, i18n, messages, reveal, seats
from .move_log import move_log
from .desk import Desk
from .led_board import led_scene, virtual_leds

PLACE_ARGS = ("place", "location", "building", "square", "space")
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
                     alert_places=[a["place"] for a in open_alerts(snapshot) if isinstance(a.get("place"), str)],
                     decision=snapshot.get("pending"))


def live_payload(desk: Desk, lang: str, *, has_camera: bool, live: Any | None = None,
                 leds: Any | None = None, device: str | None = None) -> dict[str, Any]:
    """``live``: the table loop (camera status, the question asked); ``leds``: the LED board's sync (link status);
    ``device``: the device the payload is for (what it sees and may do: its seat, decide, undo, hand over)."""
    devices = {"live": live.status.to_json() if live is not None else None,
               "leds_link": leds.status_json() if leds is not None else None}
    session = desk.session
    if session is None:              # after a restart, the unfinished game is offered (its record continues it)
        return {"game_id": None, "camera": has_camera, "unfinished": _unfinished(desk), **devices}
    snapshot = reveal.snapshot_for(desk, session, device)
    devices["live"] = reveal.camera_status_for(devices["live"], snapshot)
    snapshot.setdefault("summary", _summary(session.state, snapshot))
    _translate_options(session, snapshot, lang)
    _translate_alerts(session, snapshot, lang)
    payload = {
        "game_id": session.game_id,
        "guided": bool(session.guided),
        "camera": has_camera,
        "camera_marks": camera_marks(session.game, lang) if has_camera else [],
        "snapshot": snapshot,
        "legal_places": legal_places(snapshot.get("pending")),
        "leds": virtual_leds(led_scene_of(snapshot, guided=bool(session.guided)), session.game),
        "lesson": None,
        "lessons_seen": [],
        "log": move_log(session, lang, seat=snapshot.get("seat")),
        "hand_over": hand_over(desk, session, snapshot, device),
        "show_hand": show_hand(desk, session, snapshot, device),
        **devices,
    }
    due = guide.lessons_due(session)
    if due:
        payload["lesson"] = guide.lesson(session.game, due[0], lang)
    if session.guided:
        payload["lessons_seen"] = [guide.lesson(session.game, key, lang) for key in session.lessons_read]
    payload["device"] = device_controls(desk, session, snapshot, device, lang, lesson_due=bool(due))
    return payload


def _unfinished(desk: Desk) -> str | None:
    """The id of the latest unfinished game in the journal (None when there is none or the journal can't say)."""
    import sqlite3

    from companion.session import JournalError

    try:
        return desk.journal.latest_unfinished()
    except (JournalError, sqlite3.DatabaseError):   # a damaged journal: the records page says so
        return None


def camera_marks(game: str, lang: str) -> list[dict[str, str]]:
    """The camera picture's legend: each piece kind's mark (:func:`companion.live.overlay.piece_marks`) and the
    kind's name in ``lang`` (``pieces.<kind>``)."""
    from companion.live.overlay import piece_marks

    text = i18n.texts(lang, game)
    return [{"kind": kind, "mark": mark, "name": text(f"pieces.{kind}") if text.has(f"pieces.{kind}") else kind}
            for kind, mark in piece_marks(game).items()]


def _translate_alerts(session: Any, snapshot: Mapping[str, Any], lang: str) -> None:
    """Each alert in ``lang``: its message from its key (a refusal of the pack's, a reminder, the camera's own
    alerts) and its rule from ``alert_rules.<rule>`` (a rule the strings do not name is left out: the message says
    it). In English, the words the alert was raised with, except where they name a slot (the camera's alerts name
    it by its id, ``seat.0.city.3``): those are said from the strings too, the slot in players' words."""
    english = lang == i18n.DEFAULT_LANGUAGE
    text = i18n.texts(lang, session.game)
    names = snapshot.get("names") or {}
    for alert in snapshot.get("alerts") or []:
        if not isinstance(alert, dict) or (english and "slot" not in (alert.get("values") or {})):
            continue
        if alert.get("key"):
            values = _actions_said(session, text, alert.get("values") or {}, names)
            said = messages.say(text, alert["key"], values, names, seats=session.players)
            if said:
                alert["message"] = said
        if english:
            continue
        if alert.get("rule"):
            rule_key = "alert_rules." + re.sub(r"[^a-z0-9]+", "_", str(alert["rule"]).lower()).strip("_")
            alert["rule"] = text(rule_key) if text.has(rule_key) else None


def _actions_said(session: Any, text: Any, values: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """``values`` with each ``*_action`` (an action's JSON, an option of decision number ``values["decision"]``)
    replaced by that option's words in ``text``'s language (the engine's label where the pack names none)."""
    said = dict(values)
    actions = {name: value for name, value in values.items() if name.endswith("_action")}
    if not actions:
        return said
    states = session.history()
    number = values.get("decision")
    state = states[number] if isinstance(number, int) and 0 <= number < len(states) else None
    decision = state.pending() if state is not None else None
    options = list(decision.options) if decision is not None else []
    words = messages.option_words(session.game, state, decision, text, names) if options else []
    for name, action in actions.items():
        index = next((i for i, option in enumerate(options) if option.action.to_json() == action), None)
        said[name] = (words[index] or options[index].label) if index is not None else str(action)
    return said


def _translate_options(session: Any, snapshot: Mapping[str, Any], lang: str) -> None:
    """Each pending option's words in ``lang`` as its ``text`` (the pack names them by key; ``label`` stays English).
    In English the engine's own label is the text."""
    pending = snapshot.get("pending")
    if not pending or not pending.get("options") or lang == i18n.DEFAULT_LANGUAGE:
        return
    states = session.history()               # the position the snapshot shows, even if a move came since
    made = snapshot.get("decisions_made", len(states) - 1)
    state = states[made] if 0 <= made < len(states) else None
    decision = state.pending() if state is not None else None
    if decision is None or [o.action.to_json() for o in decision.options] != [o["action"] for o in pending["options"]]:
        return
    words = messages.option_words(session.game, state, decision, i18n.texts(lang, session.game),
                                  snapshot.get("names") or {})
    if len(words) == len(pending["options"]):
        for option, text in zip(pending["options"], words):
            if text:
                option["text"] = text


def hand_over(desk: Desk, session: Any, snapshot: Mapping[str, Any], device: str | None) -> dict[str, Any] | None:
    """On the table's device, for a decision secret to a seat without a device of its own: whom to hand the tablet
    to (``to``), the decision's number (to reveal it) and whether it shows the secret now (``revealed``)."""
    pending = snapshot.get("pending") or {}
    colour = reveal.handed_to(desk, session, device, pending.get("private_to"))
    if colour is None:
        return None
    return {"to": colour, "decision": snapshot.get("decisions_made"), "revealed": snapshot.get("seat") is not None}


def show_hand(desk: Desk, session: Any, snapshot: Mapping[str, Any], device: str | None) -> dict[str, Any] | None:
    """On the table's device, while a person without a device of their own decides in the open and knows something
    the others do not (their hand): whose it is (``to``), the decision's number (to show it) and whether this device
    shows it now (``revealed``)."""
    pending = snapshot.get("pending") or {}
    if pending.get("private_to") is not None:
        return None
    seat = reveal.revealable_seat(session)
    if seat is None or seat != pending.get("player"):
        return None
    colour = reveal.handed_to(desk, session, device, seat)
    if colour is None:
        return None
    return {"to": colour, "decision": snapshot.get("decisions_made"), "revealed": snapshot.get("seat") is not None}


def device_controls(desk: Desk, session: Any, snapshot: Mapping[str, Any], device: str | None, lang: str, *,
                    lesson_due: bool) -> dict[str, Any]:
    """What this device may do now: its seat, and why it may not decide or undo (``None``: it may)."""
    text = i18n.texts(lang, session.game)
    names = snapshot.get("names") or {}
    colour_name = lambda colour: text(f"colours.{colour}") if text.has(f"colours.{colour}") else str(colour)

    def said(refusal: Any) -> str | None:
        return text(refusal[0], **seats.named(refusal[1], names, colour_name)) if refusal else None

    pending = snapshot.get("pending")
    decide = None
    if pending is not None and device is not None:
        decide = seats.decide_refusal(desk, session, int(pending["player"]), device)
        if decide is None:
            decide = reveal.decide_refusal(desk, session, device)
        if decide is None and lesson_due and pending["player"] >= 0:
            decide = ("errors.lesson_first", {})
    undo = seats.undo_refusal(desk, session, device)[1] if device is not None else None
    return {"seat": desk.seat_of(session.game_id, device) if device is not None else None,
            "bots": session.bots, "seats_with_device": sorted(desk.seat_devices(session.game_id)),
            "decide": said(decide), "undo": said(undo)}


def _summary(state: Any, snapshot: Mapping[str, Any]) -> dict[str, Any]:
    """Turn and phase for the status line, from the engine state when it has them."""
    pending_phase = ((snapshot.get("pending") or {}).get("context") or {}).get("phase")
    summary = {"phase": pending_phase or getattr(state, "phase", None)}
    if getattr(state, "turn", None) is not None:
        summary["turn"] = state.turn
    return summary
