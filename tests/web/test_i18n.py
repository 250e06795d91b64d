"""The tablet's own strings in three complete languages: every key in every catalogue, every key the pages use exists,
none of them a game's (each pack's strings and lessons are checked in tests/contract/test_tablet_contract.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.web import i18n

WEB = Path(i18n.__file__).parent
USED_KEY = re.compile(r"""\bt\(\s*["']([a-z_]+(?:\.[a-zA-Z_]+)+)["']""")


def keys_used_in_pages() -> set[str]:
    used = set()
    for path in list((WEB / "templates").glob("*.html")) + list((WEB / "static").glob("*.js")):
        used.update(USED_KEY.findall(path.read_text(encoding="utf-8")))
    for path in (WEB).glob("*.py"):
        used.update(re.findall(r'"(errors\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    return used


def test_every_language_has_every_key_and_translates_it():
    english = i18n.catalogue("en")
    for lang in i18n.LANGUAGES:
        catalogue = i18n.catalogue(lang)
        assert set(catalogue) == set(english), lang
        if lang != "en":
            same = [k for k in english if catalogue[k] == english[k] and re.search(r"[a-z]{4}", english[k])
                    and not english[k].startswith("{")]
            assert not same, f"{lang} leaves these in English: {same[:5]}"


def test_placeholders_match_across_languages():
    english = i18n.catalogue("en")
    for lang in i18n.LANGUAGES:
        for key, text in i18n.catalogue(lang).items():
            assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", english[key])), (lang, key)


def test_every_key_used_by_the_pages_exists():
    missing = sorted(key for key in keys_used_in_pages() if not i18n.has_key(key))
    assert not missing


def test_caylus_building_ids_of_the_engine_all_have_names():
    import json
    from companion.games import caylus
    data = json.loads((Path(caylus.__file__).parent / "buildings.json").read_text(encoding="utf-8"))
    ids = set(re.findall(r'"id":\s*"([a-z_]+)"', json.dumps(data)))
    assert len(ids) > 20
    for lang in i18n.LANGUAGES:
        text = i18n.texts(lang, "caylus")
        assert not sorted(b for b in ids if not text.has(f"buildings.{b}")), lang


def test_the_tablets_own_strings_name_no_game():
    english = " ".join(i18n.catalogue("en").values()).lower()
    for word in ("caylus", "denier", "provost", "castle", "road"):
        assert word not in english, word


def test_browser_language_is_chosen_from_the_accept_language_header():
    from companion.web import create_app
    from companion.web.desk import Desk
    app = create_app(Desk(journal=None))
    for header, expected in [("zh-TW,zh;q=0.9", "zh-Hant"), ("ja-JP", "ja"), ("fr-FR, en;q=0.5", "en"), ("", "en")]:
        page = app.test_client().get("/pair", headers={"Accept-Language": header}).get_data(as_text=True)
        assert f'<html lang="{expected}">' in page, header
