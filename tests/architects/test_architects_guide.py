"""Guided first play of Architects of the West Kingdom: each rule is taught, in the player's language, the first time
it applies (setup, the draft, placing a worker, each location the first time a worker goes there, a capture), and the
game waits for "Got it" before the players may decide."""

from __future__ import annotations

import random

import pytest

from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from tests.web.tablet_client import PIN, Tablet


def _guided_tablet(seed: int) -> tuple[Desk, Tablet]:
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="architects", players=["red", "blue", "green"], seed=seed, variants={}, guided=True, names={})
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    return desk, tablet


def _play(desk: Desk, tablet: Tablet, decisions: int, lang: str = "en") -> list[dict]:
    """Plays ``decisions`` decisions from the tablet (reading every lesson first); the lessons shown, in order."""
    chooser, shown = random.Random(2), []
    headers = {"Accept-Language": lang}
    while len(desk.session.actions) < decisions:
        live = tablet.get("/api/live", headers=headers).get_json()
        if live["lesson"] is not None:
            decision = desk.session.state.pending()
            if not decision.is_chance and not decision.is_secret:     # a player's choice waits for "Got it"
                refused = tablet.post("/api/decide", {"action": decision.options[0].action.to_json()})
                assert refused.status_code == 409
            shown.append(live["lesson"])
            assert tablet.post(f"/api/lessons/{live['lesson']['key']}/done").status_code == 200
            continue
        decision = desk.session.state.pending()
        if decision.is_secret:
            colour = desk.session.players[decision.private_to]
            assert tablet.post("/api/reveal", {"seat": colour, "decision": len(desk.session.actions)}).status_code == 200
        option = chooser.choice(decision.options)
        assert tablet.post("/api/decide", {"action": option.action.to_json()}).status_code == 200
    return shown


def test_the_rules_are_taught_the_first_time_they_apply_and_hold_the_game_until_read():
    desk, tablet = _guided_tablet(seed=5)
    shown = _play(desk, tablet, 160)
    keys = [lesson["key"] for lesson in shown]
    assert keys[0] == "setup"
    assert keys.index("draft") < keys.index("placing")
    assert len(keys) == len(set(keys))                      # each lesson once
    placed = [e["location"] for state in desk.session.history() for e in state.events if e.get("type") == "placed"]
    first = placed[0]
    assert f"location.{first}" in keys                       # the first location a worker went to is explained
    quarry = next((lesson for lesson in shown if lesson["key"] == "location.quarry"), None)
    if quarry is not None:
        assert quarry["title"] == "Quarry" and "stone" in quarry["text"]
    if any(e.get("type") == "captured" for state in desk.session.history() for e in state.events):
        assert "capture" in keys


@pytest.mark.parametrize("lang, title", [("zh-Hant", "放置工人"), ("ja", "ワーカーの配置")])
def test_a_lesson_is_said_in_the_readers_language(lang, title):
    desk, tablet = _guided_tablet(seed=5)
    shown = _play(desk, tablet, 40, lang)
    assert title in [lesson["title"] for lesson in shown]
