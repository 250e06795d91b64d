"""Blueprint: pairing a tablet with the PIN shown on the host, and the ``paired_required`` guard."""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable

from flask import Blueprint, current_app, jsonify, render_template, request, session

from .security import pin_matches

bp = Blueprint("pairing", __name__)


def paired_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """Only a paired browser may control the game (watching needs no PIN)."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if not session.get("paired"):
            from . import error_response
            return error_response(401, "errors.not_paired")
        return view(*args, **kwargs)

    return guarded


def json_body() -> dict[str, Any]:
    """The request's JSON object, or a 400 with a readable message."""
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
    """Is this browser paired, and its CSRF token (readable only by pages of this origin)."""
    return jsonify({"paired": bool(session.get("paired")), "csrf": session["csrf"]})


@bp.post("/api/pair")
def pair():
    from . import error_response
    limiter = current_app.extensions["pin_limiter"]
    client = request.remote_addr or "unknown"
    wait = limiter.wait_seconds(client)
    if wait:
        response, status = error_response(429, "errors.rate_limited", seconds=wait)
        response.headers["Retry-After"] = str(wait)
        return response, status
    offered = json_body().get("pin")
    if not isinstance(offered, str) or not offered.strip():
        return error_response(400, "errors.pin_missing")
    if not pin_matches(current_app.extensions["pin"], offered.strip()):
        limiter.failed(client)
        return error_response(403, "errors.pin_wrong")
    session["paired"] = True
    session.permanent = True
    return jsonify({"paired": True})


@bp.post("/api/unpair")
def unpair():
    session.pop("paired", None)
    return jsonify({"paired": False})
