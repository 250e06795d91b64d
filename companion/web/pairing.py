"""Blueprint: pairing a tablet with the PIN shown on the host, and the ``paired_required`` guard."""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable

from flask import Blueprint, current_app, jsonify, render_template, request, session


bp = Blueprint("pairing", __name__)


def paired_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """Only a paired browser may control the game (watching needs no PIN)."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        from . import error_response, is_paired
        if not is_paired():
            return error_response(401, "errors.not_paired")
        return view(*args, **kwargs)

    return guarded


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400 with a readable message (nested too deep: a 400 too)."""
    from werkzeug.exceptions import BadRequest
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise BadRequest()
    return data


@bp.get("/pair")
def pair_page():
    return render_template("pair.html")


@bp.get("/api/session")
def browser_session():
    """Is this browser paired, and its CSRF token (readable only by pages of this origin); a paired browser also
    gets the current PIN, so the table's device can show it to a player pairing another one (after too many wrong
    PINs it changes)."""
    from . import is_paired
    answer = {"paired": is_paired(), "csrf": session["csrf"]}
    if answer["paired"]:
        answer["pin"] = current_app.extensions["pairings"].pin
    return jsonify(answer)


@bp.post("/api/pair")
def pair():
    """Pair with the PIN: a wrong one counts against this client (five in five minutes, then it waits);
    twenty wrong ones from everyone together replace the PIN by a new one shown on the host."""
    from . import error_response
    offered = json_body().get("pin")
    if not isinstance(offered, str) or not offered.strip():
        return error_response(400, "errors.pin_missing")
    token, wait = current_app.extensions["pairings"].try_pin(request.remote_addr or "unknown", offered.strip())
    if wait:
        response, status = error_response(429, "errors.rate_limited", seconds=wait)
        response.headers["Retry-After"] = str(wait)
        return response, status
    if token is None:
        return error_response(403, "errors.pin_wrong")
    session["paired"] = token
    session.permanent = True
    return jsonify({"paired": True})


@bp.post("/api/unpair")
def unpair():
    """Unpair this browser: its pairing is revoked on the server, so a copy of the cookie no longer works."""
    current_app.extensions["pairings"].revoke(session.pop("paired", None))
    return jsonify({"paired": False})
