"""Translations: one JSON file per language in ``translations/``, flat dotted keys.

UI strings and the guided-play rule texts live in the same files, so a language is complete or
visibly not (the test suite checks that every language has every key).

>>> translate("en", "nav.live")
'Live'
>>> translate("ja", "nav.live") != translate("en", "nav.live")
True
>>> translate("en", "errors.rate_limited", seconds=30)
'Too many wrong PINs. Try again in 30 s.'
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

TRANSLATIONS_DIR = Path(__file__).parent / "translations"
LANGUAGES = {"en": "English", "zh-Hant": "繁體中文", "ja": "日本語"}
DEFAULT_LANGUAGE = "en"


@lru_cache(maxsize=None)
def catalogue(lang: str) -> Mapping[str, str]:
    with open(TRANSLATIONS_DIR / f"{lang}.json", encoding="utf-8") as file:
        return json.load(file)


@lru_cache(maxsize=None)
def full_catalogue(lang: str) -> Mapping[str, str]:
    """Every key, in ``lang`` where translated and in English otherwise (what the browser receives)."""
    return {**catalogue(DEFAULT_LANGUAGE), **catalogue(lang if lang in LANGUAGES else DEFAULT_LANGUAGE)}


def has_key(key: str) -> bool:
    return key in catalogue(DEFAULT_LANGUAGE)


def translate(lang: str, key: str, **values: Any) -> str:
    """The text for ``key`` in ``lang`` (English if missing there, the key itself if missing everywhere)."""
    text = catalogue(lang if lang in LANGUAGES else DEFAULT_LANGUAGE).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANGUAGE).get(key, key)
    try:
        return text.format(**values) if values else text
    except (KeyError, IndexError, ValueError):
        return text


def choose_language(request: Any) -> str:
    """The ``lang`` cookie if it names a language we have, else the browser's first match, else English."""
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    for offered, _quality in request.accept_languages:
        offered = offered.lower()
        if offered.startswith("zh") and offered not in ("zh-cn", "zh-sg", "zh-hans"):
            return "zh-Hant"
        if offered.startswith("ja"):
            return "ja"
        if offered.startswith("en"):
            return "en"
    return DEFAULT_LANGUAGE
