"""Citadels' refusals in the reader's language (issue 71): the engine names each by key and values, the tablet says
it from the pack's strings."""

from __future__ import annotations

import re

import pytest

from companion.games import Action
from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from tests.web.tablet_client import PIN, Tablet


@pytest.mark.parametrize("lang, expected", [("ja", "最初の手札を配っている"), ("zh-Hant", "正在發起始手牌"),
                                             ("en", "dealing the starting hands")])
def test_building_while_the_table_deals_is_refused_in_the_readers_language(lang, expected):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="citadels", players=["red", "blue", "green", "yellow"], seed=3, variants={}, guided=False)
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    tablet.client.set_cookie("lang", lang)
    shown = tablet.post("/api/reveal", {"seat": "red", "decision": len(desk.session.actions)})   # red's card, dealt
    assert shown.status_code == 200, shown.get_json()
    refused = tablet.post("/api/decide", {"action": Action(1, "build", {"district": "castle"}).to_json()})
    assert refused.status_code == 422, refused.get_json()
    message = refused.get_json()["error"]
    assert expected in message, message
    if lang != "en":
        assert not re.search(r"[A-Za-z]{4}", message), message
