"""On the page, in 繁體中文 and 日本語, the move buttons (place, cost) and a rule refusal the camera raised are in the
reader's language (issue 71: "in 繁體中文 and 日本語 the move buttons and every rule refusal stay English"), in
headless chromium."""

from __future__ import annotations

import re

import pytest

from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from companion.web.server import LiveServer

from tests.chromium import MISSING, chromium_missing, pair_page
from tests.web.gate_refusal import raise_second_worker_on_the_gate
from tests.web.test_browser import TABLET

PIN = "975312"
LATIN_WORD = re.compile(r"[A-Za-z]{4}")

pytestmark = [pytest.mark.browser, pytest.mark.skipif(chromium_missing(), reason=MISSING)]


def _desk_with_a_refusal() -> Desk:
    """A Caylus game where a worker went on the Gate, then the camera saw the next player's worker there too."""
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue", "green"], seed=7, variants={}, guided=False)
    raise_second_worker_on_the_gate(desk.session)
    return desk


@pytest.mark.parametrize("lang, stables, money", [("ja", "厩舎", "ドゥニエ"), ("zh-Hant", "馬廄", None)])
def test_the_move_buttons_and_a_refusal_are_in_the_readers_language_on_the_page(browser, lang, stables, money):
    desk = _desk_with_a_refusal()
    with LiveServer(create_app(desk, pin=PIN), "127.0.0.1", 0) as server:
        context = browser.new_context(viewport=TABLET)
        context.add_cookies([{"name": "lang", "value": lang, "url": server.url}])
        page = context.new_page()
        pair_page(page, server.url, PIN)
        page.wait_for_selector("#options button.option")
        page.wait_for_selector("#alerts .alert-message")
        buttons = page.locator("#options button.option").all_inner_texts()
        assert any(stables in text for text in buttons), buttons
        if money:
            assert any(money in text for text in buttons), buttons
        assert not [text for text in buttons if LATIN_WORD.search(text)], buttons
        refusal = page.inner_text("#alerts .alert-message")
        assert "城門" in refusal and not LATIN_WORD.search(refusal), refusal
        context.close()
