"""Blueprint: the translation catalogues for the browser (the page's script renders live texts with them).

``/api/i18n/<lang>`` is the tablet's own strings; ``?game=NAME`` merges that game's pack strings over them."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from . import i18n

bp = Blueprint("translations", __name__)


@bp.get("/api/i18n/<lang>")
def catalogue(lang: str):
    if lang not in i18n.LANGUAGES:
        from . import error_response
        return error_response(404, "errors.unknown_language", language=lang)
    game = request.args.get("game")
    if game is not None and i18n.pack_catalogue(i18n.DEFAULT_LANGUAGE, game) == {} and not _is_pack(game):
        from . import error_response
        return error_response(404, "errors.unknown_game_kind", game=game[:40])
    response = jsonify(dict(i18n.full_catalogue(lang, game)) if game is not None else i18n.catalogue(lang))
    response.cache_control.max_age = 300
    return response


def _is_pack(game: str) -> bool:
    from .tablet import pack_of
    return pack_of(game) is not None
