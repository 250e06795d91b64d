"""Blueprint: the live screen, its server-sent events, and the commands a paired tablet sends."""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

from flask import Blueprint, Response, current_app, g, jsonify, render_template, stream_with_context

from companion.games import Action, Piece, RuleError

from . import error_response, guide, tablet
from .desk import Desk
from .live_view import live_payload
from .pairing import json_body, paired_required

bp = Blueprint("live", __name__)
SLOT_NAME = re.compile(r"^[a-z_]+(\.[a-z0-9_]+){0,3}$")
ALERT_RESOLUTIONS = ("fixed", "override")


def desk() -> Desk:
    return current_app.extensions["desk"]


def _payload(lang: str | None = None) -> dict[str, Any]:
    return _payload_for(current_app, lang or g.lang)


def _payload_for(app: Any, lang: str) -> dict[str, Any]:
    extensions = app.extensions
    return live_payload(extensions["desk"], lang, has_camera=extensions["frame_source"] is not None,
                        live=extensions.get("live"), leds=extensions.get("leds"))


def _session_or_409():
    session = desk().session
    if session is None:
        return None, error_response(409, "errors.no_game")
    return session, None


@bp.get("/")
def live_page():
    session = desk().session
    view = session.snapshot().get("table_view") if session is not None else None
    game_data = {**tablet.page_data(g.game, view), "start_lesson": guide.triggers(g.game).get("start")}
    return render_template("live.html", game_data=game_data, slot_example=tablet.slot_example(g.game, view),
                           piece_kinds=tablet.piece_kinds(g.game, view))


@bp.get("/api/live")
def live_state():
    return jsonify(_payload())


@bp.get("/api/events")
def events():
    """Server-sent events: the whole live payload after every change, ``: keep-alive`` when quiet."""
    lang = g.lang
    app = current_app._get_current_object()
    the_desk = desk()

    def stream() -> Iterator[str]:
        yield "retry: 2000\n\n"
        with app.app_context():
            yield _event(_payload_for(app, lang))
        for change in the_desk.watch():
            if change is None:
                yield ": keep-alive\n\n"
                continue
            with app.app_context():
                yield _event(_payload_for(app, lang))

    return Response(stream_with_context(stream()), mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def _event(payload: dict[str, Any]) -> str:
    seq = (payload.get("snapshot") or {}).get("change", "")
    return f"id: {seq}\nevent: live\ndata: {json.dumps(payload, separators=(',', ':'))}\n\n"


@bp.post("/api/decide")
@paired_required
def decide():
    session, problem = _session_or_409()
    if problem:
        return problem
    body = json_body()
    try:
        action = Action.from_json(body.get("action"))
    except ValueError as bad:
        return error_response(400, "errors.bad_action", detail=str(bad))
    try:
        session.decide(action, source=_source_of_tablet_decision(session))
    except RuleError as refused:
        return error_response(422, "errors.rule", message=refused.message, rule=refused.rule,
                              place=refused.place, player=refused.player)
    return jsonify({"ok": True, "change": session.snapshot().get("change")})


def _source_of_tablet_decision(session: Any) -> str:
    """``prompt`` when the camera asked about this very decision (the journal tells answers from moves)."""
    live = current_app.extensions.get("live")
    asked = live.open_prompt_decision() if live is not None else None
    return "prompt" if asked is not None and asked == len(session.actions) else "tablet"


@bp.post("/api/undo")
@paired_required
def undo():
    session, problem = _session_or_409()
    if problem:
        return problem
    undone = session.undo()
    if undone is None:
        return error_response(409, "errors.nothing_to_undo")
    return jsonify({"undone": undone.to_json()})


@bp.post("/api/alerts/<alert_id>/resolve")
@paired_required
def resolve_alert(alert_id: str):
    session, problem = _session_or_409()
    if problem:
        return problem
    how = json_body().get("how", "fixed")
    if how not in ALERT_RESOLUTIONS:
        return error_response(400, "errors.bad_resolution", how=str(how))
    known = {str(alert.id): alert for alert in session.alerts}
    if alert_id not in known or known[alert_id].resolved is not None:
        return error_response(404, "errors.unknown_alert", alert=alert_id)
    session.resolve_alert(known[alert_id].id, how=how)
    return jsonify({"resolved": alert_id, "how": how})


@bp.post("/api/override")
@paired_required
def override_slot():
    session, problem = _session_or_409()
    if problem:
        return problem
    body = json_body()
    slot, pieces = body.get("slot"), body.get("pieces")
    if not isinstance(slot, str) or not SLOT_NAME.match(slot):
        return error_response(400, "errors.bad_slot", slot=str(slot)[:60], example=tablet.slot_example(session.game))
    if not isinstance(pieces, list) or not all(isinstance(p, dict) and isinstance(p.get("kind"), str)
                                               for p in pieces):
        return error_response(400, "errors.bad_pieces")
    cleaned = [Piece.from_json(p).to_json() for p in pieces]
    session.override_slot(slot, cleaned)
    return jsonify({"slot": slot, "pieces": cleaned})


@bp.post("/api/lessons/<path:key>/done")
@paired_required
def lesson_done(key: str):
    session, problem = _session_or_409()
    if problem:
        return problem
    if not guide.known_lesson(session.game, key):
        return error_response(404, "errors.unknown_lesson", lesson=key[:60])
    desk().mark_taught(session.game_id, key)
    return jsonify({"taught": key})


@bp.get("/camera.jpg")
@paired_required
def camera_picture():
    source = current_app.extensions["frame_source"]
    picture = source.latest_jpeg() if source is not None else None
    if not picture:
        return error_response(404, "errors.no_camera_picture")
    return Response(picture, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})
