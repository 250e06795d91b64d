"""Players' names, not only their colours, in the turn order, the passing order (the bridge) and the log (issue 71:
"Players' names in turn order, passing order and the log, not only colours"), in headless chromium."""

from __future__ import annotations

import pytest

from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from companion.web.server import LiveServer

from tests.chromium import CHROMIUM_ARGS, chromium_missing, pair_page, MISSING
from tests.web.test_browser import TABLET

PIN = "246813"

pytestmark = [pytest.mark.browser, pytest.mark.skipif(chromium_missing(), reason=MISSING)]


def _chips(page, heading: str) -> list[str]:
    """The names listed under the board's ``heading`` (a turn order or the passing order), in their order."""
    box = page.locator(".board-info > div", has=page.locator("h3", has_text=heading))
    return [text.strip() for text in box.locator("li.chip").all_inner_texts()]


def test_named_players_appear_by_name_in_the_turn_order_the_passing_order_and_the_log(browser):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue", "green"], seed=7, variants={}, guided=False,
                  names={"red": "Ann", "blue": "Bob"})
    session = desk.session
    name = {"red": "Ann", "blue": "Bob", "green": "Green"}
    turn_order = [name[piece["colour"]] for _, pieces in sorted(
        (slot, pieces) for slot, pieces in session.state.view(None).to_json()["slots"].items()
        if slot.startswith("turn_order.")) for piece in pieces]
    passed = []
    while len(passed) < 2:                       # Ann and Bob pass in turn; Green places workers meanwhile
        options = session.state.pending().options
        seat = session.players[options[0].action.player]
        option = next(o for o in options if (o.action.arg("place") == "pass") == (seat != "green"))
        if seat != "green":
            passed.append(name[seat])
        session.decide(option.action, source="camera")
    assert sorted(passed) == ["Ann", "Bob"]
    assert "Ann" in turn_order and "Bob" in turn_order
    with LiveServer(create_app(desk, pin=PIN), "127.0.0.1", 0) as server:
        page = browser.new_page(viewport=TABLET)
        pair_page(page, server.url, PIN)
        page.wait_for_selector(f"#move-log li[data-number='{len(session.actions)}']")
        assert _chips(page, "Passing order") == passed
        assert _chips(page, "Turn order") == turn_order
        log = page.locator("#move-log li").all_inner_texts()
        assert any("Ann" in line for line in log) and any("Bob" in line for line in log), log
        page.close()
