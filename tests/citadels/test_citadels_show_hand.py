"""During a person's turn in the open (no phone of their own), the table's tablet can show what only they know (their
hand) for that decision only: the tablet's API, and in headless chromium."""

from __future__ import annotations


import pytest

from companion.cli.demo import build_demo
from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from companion.web.server import LiveServer
from tests.waiting import wait_until
from tests.web.tablet_client import PIN, Tablet
from tests.chromium import pair_page

PLAYERS = ["red", "blue", "green", "yellow"]


def _table_device(app) -> Tablet:
    tablet = Tablet(app.test_client())
    assert tablet.pair().status_code == 200
    return tablet


def _to_a_turn(session, seat: int) -> None:
    while not (session.state.pending().kind == "turn" and session.state.pending().player == seat):
        session.decide(session.state.pending().options[0].action, source="camera")


def test_the_table_device_shows_the_deciding_players_hand_for_that_decision_only():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="citadels", players=PLAYERS, seed=5, variants={}, guided=False)
    app = create_app(desk, pin=PIN)
    table, other = _table_device(app), _table_device(app)
    session = desk.session
    seat = 0
    _to_a_turn(session, seat)
    colour = PLAYERS[seat]
    payload = table.get("/api/live").get_json()
    assert payload["show_hand"] == {"to": colour, "decision": len(session.actions), "revealed": False}
    assert "private" not in payload["snapshot"]["table_view"]
    assert table.post("/api/reveal", {"seat": "blue", "decision": len(session.actions)}).status_code == 409
    assert table.post("/api/reveal", {"seat": colour, "decision": len(session.actions)}).status_code == 200
    shown = table.get("/api/live").get_json()
    assert shown["snapshot"]["table_view"]["private"]["hand"] == sorted(session.state.hands[seat])
    assert shown["show_hand"]["revealed"] is True and shown["hand_over"] is None
    assert "private" not in other.get("/api/live").get_json()["snapshot"]["table_view"], "another screen still shared"
    gold = next(o for o in session.state.pending().options if o.action.kind == "gather")
    assert table.post("/api/decide", {"action": gold.action.to_json()}).status_code == 200
    after = table.get("/api/live").get_json()
    assert "private" not in after["snapshot"]["table_view"], "the hand is hidden again once the player has decided"


def test_a_game_where_nobody_knows_anything_alone_offers_nothing_to_show():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue"], seed=5, variants={}, guided=False)
    app = create_app(desk, pin=PIN)
    assert _table_device(app).get("/api/live").get_json()["show_hand"] is None


@pytest.mark.browser
def test_a_player_taps_to_see_their_hand_during_their_turn_on_the_table_tablet(browser):
    app, desk, bots = build_demo(game="citadels", players=PLAYERS, humans=["red"], seed=5, pin=PIN)
    session = desk.session
    while not (session.state.pending().kind == "turn" and session.state.pending().player == 0):
        if not bots.play_one():
            session.decide(session.state.pending().options[0].action, source="tablet")
    hand = sorted(session.state.hands[0])
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        pair_page(page, server.url, PIN)
        says = lambda expression: page.evaluate(expression)
        assert wait_until(lambda: says("!document.getElementById('show-private').hidden"), 15.0)
        assert page.locator(".own-cards").count() == 0
        assert page.inner_text("#show-private") == "Show what only Red knows (only Red looks)"
        page.click("#show-private")
        assert wait_until(lambda: says("document.querySelectorAll('.own-cards .district').length") == len(hand), 15.0)
        assert sorted(page.evaluate("[...document.querySelectorAll('.own-cards .district')].map((c) => c.dataset.district)")) == hand
        assert page.inner_text("#secret-banner-text") == "Only Red looks"
        made = len(session.actions)
        page.evaluate("document.querySelector('#options button.option:not([disabled])').click()")
        assert wait_until(lambda: len(session.actions) > made, 15.0)
        assert wait_until(lambda: says("document.querySelectorAll('.own-cards').length === 0"), 15.0)
        page.close()
