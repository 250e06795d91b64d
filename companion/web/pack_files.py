"""Blueprint: the files a game's pack gives the tablet (its board drawing and styles, :data:`tablet.FILES`)."""

from __future__ import annotations

from flask import Blueprint, Response

from . import error_response
from .tablet import FILES, pack_file

bp = Blueprint("pack_files", __name__)


@bp.get("/pack/<game>/<name>")
def pack_asset(game: str, name: str):
    text = pack_file(game, name)
    if text is None:
        return error_response(404, "errors.http_404", code=404)
    response = Response(text, mimetype=FILES[name])
    response.cache_control.max_age = 300
    return response
