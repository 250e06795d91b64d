"""Blueprint: the live screen, its server-sent events, and the commands a paired tablet sends."""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

from flask import Blueprint, Response, current_app, g, jsonify, render_template, stream_with_context

from companion.games import CHANCE, Action, Piece, RuleError

from . import error_response, guide, i18n, messages, reveal, seats, tablet, validation
from .desk import Desk
from .live_view import live_payload
from .pairing import json_body, paired_required

bp = Blueprint("live", __name__)
SLOT_NAME = re.compile(r"^[a-z_]+(\.[a-z0-9_]+){0,3}$")
ALERT_RESOLUTIONS = ("fixed", "override")
SEAT_REFUSALS = ("errors.bot_seat", "errors.not_your_seat", "errors.seat_has_device")


def desk() -> Desk:
    return current_app.extensions["desk"]


def _payload(lang: str | None = None) -> dict[str, Any]:
    return _payload_for(current_app, lang or g.lang, seats.device_id())


def _payload_for(app: Any, lang: str, device: str | None = None) -> dict[str, Any]:
    extensions = app.extensions
    return live_payload(extensions["desk"], lang, has_camera=extensions["frame_source"] is not None,
                        live=extensions.get("live"), leds=extensions.get("leds"), device=device)


def _refused(status: int, refusal: tuple[str, dict[str, Any]], session: Any):
    """A refusal of :mod:`seats` as an error response, the colours in it named as the players are."""
    key, values = refusal
    text = i18n.texts(g.lang, session.game)
    names = session.setup.get("names", {})
    readable = seats.named(values, names, lambda c: text(f"colours.{c}") if text.has(f"colours.{c}") else str(c))
    return error_response(status, key, **readable)


def _session_or_409():
    session = desk().session
    if session is None:
        return None, error_response(409, "errors.no_game")
    return session, None


@bp.get("/")
def live_page():
    session = desk().session
    view = session.snapshot().get("table_view") if session is not None else None
    seats.device_id()      # this browser's device id, in its cookie before its event stream opens
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
    device = seats.device_id()
    streams = app.extensions["streams"]
    if not streams.acquire():           # each open stream holds a server thread
        return error_response(503, "errors.too_many_streams", limit=streams.limit)
    changes = the_desk.watch()          # watching before the first payload is read: no change between is missed

    def stream() -> Iterator[str]:
        yield "retry: 2000\n\n"
        with app.app_context():
            yield _event(_payload_for(app, lang, device))
        for change in changes:
            if change is None:
                yield ": keep-alive\n\n"
                continue
            with app.app_context():
                yield _event(_payload_for(app, lang, device))

    response = Response(stream_with_context(stream()), mimetype="text/event-stream",
                        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
    response.call_on_close(streams.release)
    response.call_on_close(changes.close)
    return response


def _event(payload: dict[str, Any]) -> str:
    seq = (payload.get("snapshot") or {}).get("change", "")
    return f"id: {seq}\nevent: live\ndata: {json.dumps(payload, separators=(',', ':'))}\n\n"


@bp.get("/api/history/<int:number>")
def table_then(number: int):
    """The table as it was after move ``number`` (0: the start), as a shared screen sees it (no secret)."""
    session, problem = _session_or_409()
    if problem:
        return problem
    states = session.history()
    if not 0 <= number < len(states):
        return error_response(404, "errors.no_such_move", number=number)
    return jsonify({"number": number, "table_view": states[number].view(None).to_json()})


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
    refusal = seats.decide_refusal(desk(), session, action.player, seats.device_id())
    if refusal is not None:
        return _refused(403, refusal, session)
    secret = reveal.decide_refusal(desk(), session, seats.device_id())
    if secret is not None:
        return _refused(403, secret, session)
    if action.player != CHANCE and guide.lessons_due(session):
        return error_response(409, "errors.lesson_first")
    try:
        session.decide(action, source=_source_of_tablet_decision(session))
    except RuleError as refused:
        text = i18n.texts(g.lang, session.game)
        said = (messages.say(text, refused.key, refused.values, session.setup.get("names", {}), seats=session.players)
                if g.lang != i18n.DEFAULT_LANGUAGE else None)      # in English, the engine's own words
        return error_response(422, "errors.rule", message=said or refused.message, rule=refused.rule,
                              place=refused.place, player=refused.player)
    desk().end_reveal(session.game_id)
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
    back_to, refusal = seats.undo_refusal(desk(), session, seats.device_id())
    if refusal is not None:
        return _refused(403 if refusal[0] in SEAT_REFUSALS else 409, refusal, session)
    undone = session.undo(back_to=back_to)
    desk().end_reveal(session.game_id)
    if undone is None:
        return error_response(409, "errors.nothing_to_undo")
    return jsonify({"undone": undone.to_json(), "decisions": len(session.actions)})


@bp.post("/api/seat")
@paired_required
def choose_seat():
    """This device plays one seat (``{"colour": "red"}``) or is the table's device (``{"colour": null}``)."""
    session, problem = _session_or_409()
    if problem:
        return problem
    colour = json_body().get("colour")
    if colour is not None and colour not in session.players:
        return error_response(400, "errors.bad_seat", colours=", ".join(session.players))
    if colour in session.bots:
        return _refused(409, ("errors.bot_seat", {"player": colour}), session)
    desk().claim_seat(session.game_id, seats.device_id(), colour)
    return jsonify({"seat": colour})


@bp.post("/api/reveal")
@paired_required
def reveal_secret():
    """The table's device shows ``seat``'s secret for decision number ``decision`` (``{"seat": "red", "decision":
    12}``), or hides it (``{"seat": null}``); the secret is shown until the game moves on."""
    session, problem = _session_or_409()
    if problem:
        return problem
    body = json_body()
    colour, device, position = body.get("seat"), seats.device_id(), session.position_seq
    if colour is None:
        shown = desk().revealed(session.game_id)
        if shown is not None and shown.device == device:
            desk().end_reveal(session.game_id)
        return jsonify({"revealed": None})
    if colour not in session.players:
        return error_response(400, "errors.bad_seat", colours=", ".join(session.players))
    refused = reveal.reveal_refusal(desk(), session, device, colour, body.get("decision"))
    if refused is not None:
        return _refused(refused[0], refused[1], session)
    desk().reveal(session.game_id, reveal.Reveal(device, session.players.index(colour), position))
    return jsonify({"revealed": colour, "decision": len(session.actions)})


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
    problem = validation.override_problem(session.game, session.players, session.state.view().to_json(), slot, pieces)
    if problem:
        return error_response(400, problem[0], **problem[1])
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
