"""A record says how long the game took, and its BG Stats play carries the duration and each player's points by
category (issue 71: "Records: duration, per-category scores in the BG Stats export")."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from companion.session import Journal
from companion.web import create_app, i18n
from companion.web.bgstats import bgstats_play
from companion.web.desk import Desk
from companion.web.server import LiveServer
from tablet_client import PIN, Tablet

from tests.chromium import CHROMIUM, pair_page
from tests.web.test_browser import TABLET


def _finished_record_tablet(tmp_path, minutes: float):
    journal = Journal(tmp_path / "journal.sqlite3")
    desk = Desk(journal)
    desk.new_game(game="caylus", players=["red", "blue"], seed=4, variants={}, guided=False,
                  names={"red": "Ann", "blue": "Bob"})
    session = desk.session
    while not session.state.is_over:
        session.decide(session.state.pending().options[-1].action, source="camera")
    with journal._lock:                              # the game started ``minutes`` before it finished
        journal._db.execute("UPDATE games SET started = finished - ? WHERE id = ?", (minutes * 60, session.game_id))
        journal._db.commit()
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    return tablet, session


def test_the_bgstats_play_carries_the_duration_and_the_points_by_category(tmp_path):
    tablet, session = _finished_record_tablet(tmp_path, minutes=94.4)
    play = tablet.get(f"/api/records/{session.game_id}/bgstats.json").get_json()
    assert play["durationMin"] == 94
    comments = play["comments"]
    scores = session.state.scores()
    for seat, name in enumerate(["Ann", "Bob"]):
        line = next(line for line in comments.splitlines() if line.startswith(name + ":"))
        breakdown = scores[seat].breakdown
        for category, points in breakdown.items():
            if points:
                assert f"{i18n.texts('en', 'caylus')(f'scores.{category}')} {points}" in line, (line, category)
    link = tablet.get(f"/api/records/{session.game_id}").get_json()["bgstats_link"]
    assert "durationMin" in link


def test_the_records_say_how_long_each_game_took(tmp_path):
    tablet, session = _finished_record_tablet(tmp_path, minutes=61)
    games = tablet.get("/api/records").get_json()["games"]
    assert games[0]["duration_min"] == 61
    assert tablet.get(f"/api/records/{session.game_id}").get_json()["record"]["duration_min"] == 61


def test_an_unfinished_game_has_no_duration_yet():
    play = bgstats_play({"game": "caylus", "players": ["red"], "scores": []}, started=time.time())
    assert "durationMin" not in play
    assert json.dumps(play)


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing: apt-get install chromium")
def test_the_records_pages_show_the_duration_in_the_readers_language(tmp_path, browser):
    _tablet, session = _finished_record_tablet(tmp_path, minutes=61)
    desk = Desk(session.journal)
    with LiveServer(create_app(desk, pin=PIN), "127.0.0.1", 0) as server:
        page = browser.new_page(viewport=TABLET)
        pair_page(page, server.url, PIN)
        page.context.add_cookies([{"name": "lang", "value": "ja", "url": server.url}])
        page.goto(server.url + "records")
        page.wait_for_selector("#records td.duration")
        assert page.inner_text("#records td.duration").strip() == "61 分"
        page.goto(server.url + f"records/{session.game_id}")
        page.wait_for_selector("#record-duration:not([hidden])")
        assert "61 分" in page.inner_text("#record-duration")
        page.close()
