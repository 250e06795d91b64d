"""The tablet UI: a Flask app showing the game live and taking the players' decisions.

>>> from companion.web import create_app
>>> from companion.web.desk import Desk
>>> app = create_app(Desk(journal=None), pin="123456")
>>> app.debug
False

Build it with :func:`create_app` around a :class:`~companion.web.desk.Desk`; ``companion serve``
and ``companion demo`` run it (docs/tablet-ui.md).
"""

from __future__ import annotations

import logging
import secrets
from typing import Any, Callable, Mapping

from flask import Flask, current_app, g, jsonify, request, session
from werkzeug.exceptions import HTTPException

from . import i18n
from .desk import Desk
from .tablet import current_game
from .security import (GuardedJSONProvider, Pairings, StreamLimit, add_security_headers, csrf_matches,
                       new_csrf_token, new_pin)

log = logging.getLogger(__name__)


def create_app(desk: Desk, *, pin: str | None = None, frame_source: Any | None = None,
               trusted_hosts: list[str] | None = None, config: Mapping[str, Any] | None = None,
               live: Any | None = None, leds: Any | None = None,
               on_new_pin: Callable[[str], None] | None = None, max_streams: int = 16) -> Flask:
    """The tablet app for ``desk``.

    ``frame_source`` (optional) has ``latest_jpeg() -> bytes | None``: the camera picture shown on the
    live screen. ``trusted_hosts`` are the Host header values accepted (loopback by default).
    ``live`` (optional, a :class:`companion.live.TableLoop`) adds the camera's status and questions;
    ``leds`` (optional, a :class:`companion.live.leds.LedSync`) the LED board's link status.
    ``on_new_pin`` (or ``app.extensions["on_new_pin"]``) is told the new PIN when too many wrong ones replaced it
    (``companion serve`` and ``demo`` print it; without one it is logged as a warning);
    ``max_streams`` caps the event streams open at once.
    """
    app = Flask(__name__)
    app.json = GuardedJSONProvider(app)
    app.config.update(
        SECRET_KEY=secrets.token_hex(32),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        MAX_CONTENT_LENGTH=256 * 1024,
        TRUSTED_HOSTS=trusted_hosts or ["localhost", "127.0.0.1", "::1", "[::1]"],
        JSON_SORT_KEYS=False,
    )
    app.config.update(config or {})
    app.debug = False  # never: Werkzeug's debugger runs code sent from the browser
    app.extensions["desk"] = desk
    app.extensions["pin"] = pin or new_pin()

    app.extensions["on_new_pin"] = on_new_pin

    def pin_replaced(new: str) -> None:
        app.extensions["pin"] = new
        listener = app.extensions.get("on_new_pin")
        if listener is not None:
            listener(new)
        else:
            log.warning("too many wrong PINs: the pairing PIN is now %s", new)

    app.extensions["pairings"] = Pairings(app.extensions["pin"], on_new_pin=pin_replaced)
    app.extensions["streams"] = StreamLimit(max_streams)
    app.extensions["frame_source"] = frame_source
    app.extensions["live"] = live
    app.extensions["leds"] = leds
    app.extensions["setup"] = {}

    from . import live, pack_files, pairing, records, setup, translations_api
    for blueprint in (pairing.bp, live.bp, records.bp, setup.bp, translations_api.bp, pack_files.bp):
        app.register_blueprint(blueprint)

    app.before_request(_check_host_and_csrf)
    app.after_request(_security_headers)
    app.context_processor(_template_globals)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected_error)
    return app


def _check_host_and_csrf() -> Any:
    request.host  # raises SecurityError (400) when the Host header is not trusted
    if "csrf" not in session:
        session["csrf"] = new_csrf_token()
    g.lang = i18n.choose_language(request)
    g.game = current_game(current_app.extensions["desk"], current_app.config.get("GAME"))
    if request.method in ("POST", "PUT", "PATCH", "DELETE"):
        offered = request.headers.get("X-CSRF-Token") or request.form.get("csrf_token")
        if not csrf_matches(session.get("csrf"), offered):
            # an unpaired page holding a token this session never gave: opened before a restart, it must pair again
            return error_response(403, "errors.pair_again" if offered and not is_paired() else "errors.csrf")
        if request.is_json and request.get_data(cache=True):
            request.get_json()  # malformed, or nested deeper than security.MAX_JSON_DEPTH: a 400 for every endpoint
    return None


def _template_globals() -> dict[str, Any]:
    lang = getattr(g, "lang", i18n.DEFAULT_LANGUAGE)
    game = getattr(g, "game", None)
    return {
        "lang": lang,
        "game": game,
        "t": i18n.texts(lang, game),
        "languages": i18n.LANGUAGES,
        "catalogue": i18n.full_catalogue(lang, game),
        "csrf_token": session.get("csrf", ""),
        "paired": is_paired(),
        "csp_nonce": _csp_nonce(),
    }


def is_paired() -> bool:
    """Whether this browser holds a pairing the server still knows (unpairing revokes it)."""
    return current_app.extensions["pairings"].is_paired(session.get("paired"))


def _csp_nonce() -> str:
    """This answer's nonce: an inline ``<script nonce="{{ csp_nonce }}">`` runs, any other inline script does not."""
    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(16)
    return g.csp_nonce


def _security_headers(response):
    return add_security_headers(response, _csp_nonce())


def error_response(status: int, key: str, **values: Any):
    """A JSON error a tablet can show: the message in the reader's language, plus its key."""
    text = i18n.texts(getattr(g, "lang", i18n.DEFAULT_LANGUAGE), getattr(g, "game", None))
    body = {"error": text(key, **values), "error_key": key}
    body.update({k: v for k, v in values.items() if isinstance(v, (str, int, float, bool)) or v is None})
    return jsonify(body), status


def _http_error(error: HTTPException):
    key = f"errors.http_{error.code}"
    if not i18n.has_key(key):
        key = "errors.http_other"
    response, status = error_response(error.code or 400, key, code=error.code)
    return response, status


def _unexpected_error(error: Exception):
    log.exception("unexpected error while answering %s %s", request.method, request.path)
    return error_response(500, "errors.unexpected")
