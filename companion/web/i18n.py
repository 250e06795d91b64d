"""Translations: the tablet's own strings in ``translations/<lang>.json``, a game's in its pack, flat dotted keys.

The tablet's files hold what every game shares (navigation, errors, setup, the live screen's frame); a game's
pack holds its own words in ``companion/games/<game>/tablet/i18n/<lang>.json`` (its places, pieces, decisions,
phases, rule texts). A page is drawn with :func:`texts` of its language and game: the pack's strings merged over
the tablet's, so a pack may also reword one of the tablet's (its title, the name of its points). Each catalogue
is complete in every language or visibly not (tests/web/test_i18n.py, tests/contract/test_tablet_contract.py).

>>> translate("en", "nav.live")
'Live'
>>> translate("ja", "nav.live") != translate("en", "nav.live")
True
>>> translate("en", "errors.rate_limited", seconds=30)
'Too many wrong PINs. Try again in 30 s.'
>>> texts("en", "no-such-game")("nav.live")
'Live'
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

TRANSLATIONS_DIR = Path(__file__).parent / "translations"
LANGUAGES = {"en": "English", "zh-Hant": "繁體中文", "ja": "日本語"}
DEFAULT_LANGUAGE = "en"


def _language(lang: str) -> str:
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


@lru_cache(maxsize=None)
def catalogue(lang: str) -> Mapping[str, str]:
    """The tablet's own strings in ``lang``."""
    with open(TRANSLATIONS_DIR / f"{lang}.json", encoding="utf-8") as file:
        return json.load(file)


@lru_cache(maxsize=None)
def pack_catalogue(lang: str, game: str) -> Mapping[str, str]:
    """The strings of ``game``'s pack in ``lang`` (empty when the game is unknown or ships none)."""
    from .tablet import pack_of

    pack = pack_of(game)
    return pack.translations(lang) if pack is not None else {}


@lru_cache(maxsize=None)
def full_catalogue(lang: str, game: str | None = None) -> Mapping[str, str]:
    """Every key, in ``lang`` where translated and in English otherwise (what the browser receives): the
    tablet's strings, with ``game``'s pack's merged over them when a game is given."""
    lang = _language(lang)
    layers = [catalogue(DEFAULT_LANGUAGE)]
    if game is not None:
        layers.append(pack_catalogue(DEFAULT_LANGUAGE, game))
    layers.append(catalogue(lang))
    if game is not None:
        layers.append(pack_catalogue(lang, game))
    merged: dict[str, str] = {}
    for layer in layers:
        merged.update(layer)
    return merged


class Texts:
    """The strings of one language for one game (None: the tablet's own only), as ``t(key, **values)``."""

    def __init__(self, lang: str, game: str | None = None) -> None:
        self.lang, self.game = _language(lang), game
        self.catalogue = full_catalogue(self.lang, game)

    def has(self, key: str) -> bool:
        return key in self.catalogue

    def __call__(self, key: str, **values: Any) -> str:
        """The text for ``key`` (English if missing in the language, the key itself if missing everywhere)."""
        text = self.catalogue.get(key, key)
        try:
            return text.format(**values) if values else text
        except (KeyError, IndexError, ValueError):
            return text


@lru_cache(maxsize=None)
def texts(lang: str, game: str | None = None) -> Texts:
    return Texts(lang, game)


def has_key(key: str) -> bool:
    """Whether the tablet's own strings have ``key``."""
    return key in catalogue(DEFAULT_LANGUAGE)


def translate(lang: str, key: str, **values: Any) -> str:
    """One of the tablet's own strings in ``lang`` (see :class:`Texts` for a game's)."""
    return texts(lang)(key, **values)


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
