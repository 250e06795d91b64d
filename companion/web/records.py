"""Blueprint: past games — listed, opened, exported as JSON and for BG Stats."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, render_template

from . import error_response
from .bgstats import bgstats_link, bgstats_play, duration_min
from .tablet import pack_of

bp = Blueprint("records", __name__)


def _journal():
    return current_app.extensions["desk"].journal


def _load(game_id: str) -> tuple[dict[str, Any] | None, Any]:
    """The record of a journaled game, or an error response (unknown id → 404, damaged → 409)."""
    from companion.session import JournalError, Session
    known = {str(entry["id"]): entry for entry in _journal().list_games()}
    if game_id not in known:
        return None, error_response(404, "errors.unknown_game", game=game_id[:40])
    try:
        if hasattr(_journal(), "load_record"):
            record = dict(_journal().load_record(game_id))
        else:
            record = Session.resume(_journal(), game_id).export_record()
    except (JournalError, ValueError) as damage:
        return None, error_response(409, "errors.damaged_record", detail=str(damage))
    record["id"] = game_id
    record["started"] = known[game_id].get("started")
    record["finished"] = known[game_id].get("finished")
    record["duration_min"] = duration_min(record["started"], record["finished"])
    record["title"] = game_title(record.get("game"))
    return record, None


def game_title(game: Any) -> str:
    """The game's title as its pack gives it (``Citadels``), else its name as journaled."""
    pack = pack_of(game) if isinstance(game, str) else None
    return pack.title if pack is not None else str(game)


def _bgstats(record: dict[str, Any]) -> dict[str, Any]:
    return bgstats_play(record, game_id=record["id"], started=record.get("started"), finished=record.get("finished"),
                        lang=getattr(g, "lang", "en"))


@bp.get("/records")
def records_page():
    return render_template("records.html")


@bp.get("/records/<game_id>")
def record_page(game_id: str):
    return render_template("record.html", game_id=game_id)


@bp.get("/api/records")
def list_records():
    """Every journaled game, newest first; a game whose entries can't be read (a damaged entry or database page)
    is marked ``damaged``."""
    from companion.session import JournalError
    try:
        games = _journal().list_games()
    except JournalError as damage:
        return error_response(409, "errors.damaged_record", detail=str(damage))
    for entry in games:
        if not entry.get("damaged") and _entries_damaged(str(entry["id"]), entry.get("finished")):
            entry["damaged"] = True
        entry["title"] = game_title(entry.get("game"))
        entry["duration_min"] = duration_min(entry.get("started"), entry.get("finished"))
    return jsonify({"games": games})


def _entries_damaged(game_id: str, finished: Any) -> bool:
    """Whether the game's entries can't be read; kept for a finished game (its entries no longer change)."""
    from companion.session import JournalError
    known = current_app.extensions.setdefault("records_readable", {})
    key = (game_id, finished)
    if finished is not None and key in known:
        return not known[key]
    try:
        _journal().entries(game_id)
        readable = True
    except JournalError:
        readable = False
    if finished is not None:
        known[key] = readable
    return not readable


@bp.get("/api/records/<game_id>")
def open_record(game_id: str):
    record, problem = _load(game_id)
    if problem:
        return problem
    return jsonify({"record": record, "bgstats_link": bgstats_link(_bgstats(record))})


@bp.get("/api/records/<game_id>/export.json")
def export_record(game_id: str):
    record, problem = _load(game_id)
    if problem:
        return problem
    return _download(record, f"{record.get('game', 'game')}-{game_id}.json")


@bp.get("/api/records/<game_id>/bgstats.json")
def export_bgstats(game_id: str):
    record, problem = _load(game_id)
    if problem:
        return problem
    return _download(_bgstats(record), f"{record.get('game', 'game')}-{game_id}-bgstats.json")


def _download(data: dict, filename: str) -> Response:
    return Response(json.dumps(data, ensure_ascii=False, indent=2), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})
