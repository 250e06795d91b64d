"""Caylus 1303 on the tablet: ``companion serve caylus1303`` starts 1303 games from the Setup page, and the demo's bot
game is drawn and followed live in headless chromium in English, 繁體中文 and 日本語."""

from __future__ import annotations

import json

import pytest

from companion.cli.demo import build_demo
from companion.games.registry import get_pack
from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from companion.web.server import LiveServer
from tests.waiting import wait_until
from tests.chromium import pair_page, says


PIN = "246810"
ROAD_SPACES = 23
MOVES = 25          # the setup's tiles, the first player, characters drawn and chosen; then until a worker is out


def test_a_server_started_for_caylus1303_offers_it_first_and_starts_it_from_the_setup_page():
    app = create_app(Desk(Journal(":memory:")), pin=PIN, config={"GAME": "caylus1303"})
    client = app.test_client()
    csrf = client.get("/api/session").get_json()["csrf"]
    assert client.post("/api/pair", json={"pin": PIN}, headers={"X-CSRF-Token": csrf}).status_code == 200
    games = client.get("/api/setup").get_json()["games"]
    assert games[0]["name"] == "caylus1303" and {"caylus", "caylus1303"} <= {game["name"] for game in games}
    started = client.post("/api/games", json={"players": ["blue", "red", "green"]}, headers={"X-CSRF-Token": csrf})
    assert started.status_code == 200
    assert app.extensions["desk"].session.game == "caylus1303"


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "zh-Hant", "ja"])
def test_the_caylus1303_demo_draws_its_board_and_follows_the_bots_moves_in_every_language(browser, language):
    title = get_pack("caylus1303").translations(language)["app.title"]
    app, desk, bots = build_demo(game="caylus1303", seed=4, pin=PIN)
    errors: list[str] = []
    with LiveServer(app, "127.0.0.1", 0) as server:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.on("pageerror", lambda error: errors.append(str(error)))
        pair_page(page, server.url, PIN)
        page.select_option("#language", language)
        assert wait_until(lambda: says(page, f"document.body.innerText.includes({json.dumps(title)})"), 5.0)
        road_drawn = f"document.querySelectorAll('.square-number').length === {ROAD_SPACES}"
        assert wait_until(lambda: says(page, road_drawn), 5.0)
        assert page.locator("circle.provost").count() == 1
        state = desk.session.state
        while len(desk.session.actions) < MOVES or not any(state.road_workers + state.front_workers):
            assert bots.play_one()
            state = desk.session.state
        shown = f"document.body.dataset.decisions === '{len(desk.session.actions)}'"
        assert wait_until(lambda: says(page, shown), 5.0)
        workers = sum(len(on) for on in (*state.road_workers, *state.front_workers))     # the worksite's are chips
        assert workers > 0
        drawn = f"document.querySelectorAll('circle.worker').length === {workers}"
        assert wait_until(lambda: says(page, drawn), 5.0)
        assert page.locator("#whose-turn").inner_text().strip()
        page.close()
    assert errors == []
