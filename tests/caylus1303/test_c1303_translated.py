"""Caylus 1303's trade and favour buttons and its placement refusals in the reader's language (issue 71): the pack
names them by key and values (labels.py, RuleError.key/.values), the strings say them in English, 繁體中文 and 日本語."""

from __future__ import annotations

import random
import re

import pytest

from companion.games import Action
from companion.games.caylus1303 import labels, new_game
from companion.session import Journal
from companion.web import create_app, i18n
from companion.web.desk import Desk
from companion.web.messages import say
from tests.web.tablet_client import PIN, Tablet

WORDS = {"en": ("already stands there", "→"), "zh-Hant": ("已經在那裡", "獲得"), "ja": ("すでにいます", "恩恵")}


def _until(state, kind: str, seed: int = 1):
    rng = random.Random(seed)
    for _ in range(5000):
        decision = state.pending()
        if decision is None:
            break
        if decision.kind == kind:
            return state
        state = state.apply(rng.choice(decision.options).action)
    raise AssertionError(f"no {kind} decision came")


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "ja"])
def test_a_trade_and_a_favour_button_are_translated(lang):
    text = i18n.texts(lang, "caylus1303")
    state = _until(new_game(["red", "blue"], seed=3), "trade")
    decision = state.pending()
    said = [say(text, *labels.option_message(state, decision, o)) for o in decision.options]
    assert all(said) and any(WORDS[lang][1] in s for s in said if "fair" in decision.context["place"]), said
    if lang != "en":
        assert not [s for s in said if re.search(r"[A-Za-z]{3}", s)], said
    state = _until(state, "favour")
    decision = state.pending()
    said = [say(text, *labels.option_message(state, decision, o)) for o in decision.options]
    assert all(said), said
    if lang != "en":
        assert not [s for s in said if re.search(r"[A-Za-z]{3}", s)], said


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "ja"])
def test_a_placement_refusal_is_said_in_the_readers_language(lang):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus1303", players=["red", "blue"], seed=7, variants={}, guided=False)
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    session = desk.session
    while session.state.pending().kind != "place":
        session.decide(session.state.pending().options[0].action, source="camera")
    first = next(o.action for o in session.state.pending().options if o.action.arg("place") not in ("pass",
                                                                                                     "worksite"))
    session.decide(first, source="camera")
    again = Action(session.state.pending().player, "place", {"place": first.arg("place")})
    tablet.client.set_cookie("lang", lang)
    refused = tablet.post("/api/decide", {"action": again.to_json()})
    assert refused.status_code == 422
    message = refused.get_json()["error"]
    assert WORDS[lang][0] in message, message
    if lang != "en":
        assert not re.search(r"[A-Za-z]{4}", message), message


@pytest.mark.parametrize("lang, expected", [("ja", "最大 2 マス"), ("zh-Hant", "最多 2 格"), ("en", "at most 2")])
def test_a_provost_refusal_is_said_in_the_readers_language(lang, expected):
    """The Recall moves the provost at most 2 spaces: refused in the reader's language, not in English."""
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus1303", players=["red", "blue"], seed=3, variants={}, guided=False)
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    session, rng = desk.session, random.Random(3)
    while session.state.pending().kind != "provost":
        session.decide(rng.choice(session.state.pending().options).action, source="camera")
    tablet.client.set_cookie("lang", lang)
    far = Action(session.state.pending().player, "provost", {"steps": 3})
    refused = tablet.post("/api/decide", {"action": far.to_json()})
    assert refused.status_code == 422
    message = refused.get_json()["error"]
    assert expected in message, message
    if lang != "en":
        assert not re.search(r"[A-Za-z]{4}", message), message


def test_every_refusal_key_the_1303_engine_names_is_translated():
    source = (labels.__file__.replace("labels.py", "explain.py"))
    with open(source, encoding="utf-8") as file:
        code = file.read()
    named = set(re.findall(r'key="refusals\.([a-z_]+)"', code)) | set(re.findall(
        r'"(occupied|occupied_own|workers_short|workers_short_worksite)"', code)) | {
        "no_worker_on_residence", "no_worker_on_landmark"}
    for lang in i18n.LANGUAGES:
        text = i18n.texts(lang, "caylus1303")
        assert not [k for k in named if not text.has(f"refusals.{k}")], lang
