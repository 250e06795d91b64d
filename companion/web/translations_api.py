"""Blueprint: the translation catalogues for the browser (the page's script renders live texts with them)."""

from __future__ import annotations

from flask import Blueprint, jsonify

from . import i18n

bp = Blueprint("translations", __name__)


@bp.get("/api/i18n/<lang>")
def catalogue(lang: str):
    if lang not in i18n.LANGUAGES:
        from . import error_response
        return error_response(404, "errors.unknown_language", language=lang)
    response = jsonify(i18n.catalogue(lang))
    response.cache_control.max_age = 300
    return response
