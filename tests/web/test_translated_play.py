"""Move buttons and rule refusals in the reader's language: the pack names them by key and values, the tablet
says them from the translations (issue 71); English keeps the engine's own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games import Action
from companion.games.caylus import labels
from companion.session import Journal, Session
from companion.web import create_app, i18n
from companion.web.desk import Desk
from tablet_client import PIN, Tablet
from tests.web.gate_refusal import raise_second_worker_on_the_gate

EXPLAIN = Path(labels.__file__).with_name("explain.py")


@pytest.fixture
def tablet():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue", "green"], seed=7, variants={}, guided=False)
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    tablet.desk = desk
    return tablet


def options(tablet, lang):
    return tablet.get("/api/live", headers={"Accept-Language": lang}).get_json()["snapshot"]["pending"]["options"]


@pytest.mark.parametrize("lang, stables, passing, road", [("ja", "厩舎", "パス", "マス目"), ("zh-Hant", "馬廄", "放棄", "第")])
def test_move_buttons_come_from_the_translations(tablet, lang, stables, passing, road):
    shown = options(tablet, lang)
    by_place = {o["action"]["args"].get("place"): o for o in shown}
    assert by_place["stables"]["text"] == stables and by_place["pass"]["text"] == passing
    assert road in by_place["road.1"]["text"]
    assert all(o.get("text") and not re.search(r"[A-Za-z]{3}", o["text"]) for o in shown), \
        [o.get("text") for o in shown]


def test_english_keeps_the_engines_words(tablet):
    assert all("text" not in o and o["label"] for o in options(tablet, "en"))


@pytest.mark.parametrize("lang, expected", [("ja", "城門"), ("zh-Hant", "城門"), ("en", "Gate")])
def test_a_rule_refusal_is_said_in_the_readers_language(tablet, lang, expected):
    session = tablet.desk.session
    gate = next(o.action for o in session.state.pending().options if o.action.arg("place") == "gate")
    session.decide(gate, source="camera")
    again = Action(session.state.pending().player, "place", {"place": "gate"})
    tablet.client.set_cookie("lang", lang)
    refused = tablet.post("/api/decide", {"action": again.to_json()})
    assert refused.status_code == 422
    message = refused.get_json()["error"]
    assert expected in message
    if lang != "en":
        assert not re.search(r"[A-Za-z]{4}", message), message


@pytest.mark.parametrize("lang, expected", [("ja", "何も建っていません"), ("zh-Hant", "那裡沒有建築"),
                                             ("en", "nothing is built there")])
def test_a_rarer_refusal_is_said_in_the_readers_language_too(tablet, lang, expected):
    """Placing on an empty road square, and a decision of the wrong kind: no longer English in 日本語 or 中文."""
    session = tablet.desk.session
    seat = session.state.pending().player
    tablet.client.set_cookie("lang", lang)
    empty = Action(seat, "place", {"place": "road.20"})
    message = tablet.post("/api/decide", {"action": empty.to_json()}).get_json()["error"]
    assert expected in message, message
    wrong_kind = tablet.post("/api/decide", {"action": Action(seat, "provost", {"steps": 1}).to_json()})
    assert wrong_kind.status_code == 422
    for said in (message, wrong_kind.get_json()["error"]):
        if lang != "en":
            assert not re.search(r"[A-Za-z]{4}", said), said


def test_every_refusal_key_the_caylus_engine_names_is_translated():
    source = EXPLAIN.read_text(encoding="utf-8")
    named = set(re.findall(r'key="refusals\.([a-z_]+)"', source))
    named |= set(re.findall(r'"(taken|taken_own|no_worker|cost|stables_two_players|stables_full|provost_far|'
                            r'provost_cost|favour_row_again|castle_batch|castle_lacks|build_none_left|build_lacks|'
                            r'sell_none|produce_other)"', source))
    named |= {f"{k}_road" for k in ("taken", "taken_own", "no_worker", "cost")}    # built as key + "_road"
    assert len(named) >= 19
    for lang in i18n.LANGUAGES:
        text = i18n.texts(lang, "caylus")
        assert not [k for k in named if not text.has(f"refusals.{k}")], lang


def test_every_label_key_a_caylus_game_uses_is_translated():
    import random
    from companion.games import new_game

    used = set()
    for seed in range(3):
        state, rng = new_game("caylus", ["red", "blue", "green"], seed=seed), random.Random(seed)
        while (decision := state.pending()) is not None:
            used |= {m[0] for o in decision.options if (m := labels.option_message(state, decision, o))}
            state = state.apply(rng.choice(decision.options).action)
    assert len(used) > 15
    for lang in i18n.LANGUAGES:
        assert not [k for k in used if not i18n.texts(lang, "caylus").has(k)], lang


def test_an_alert_the_engine_names_is_shown_in_the_readers_language(tablet):
    session = tablet.desk.session
    finding = raise_second_worker_on_the_gate(session)
    assert finding.key == "refusals.taken"
    for lang, words in (("ja", "城門"), ("zh-Hant", "城門"), ("en", "can't place on the Gate")):
        tablet.client.set_cookie("lang", lang)
        alert = tablet.get("/api/live").get_json()["snapshot"]["alerts"][0]
        assert words in alert["message"], (lang, alert["message"])
        if lang != "en":
            assert not re.search(r"[A-Za-z]{4}", alert["message"])
    resumed = Session.resume(session.journal, session.game_id)
    assert resumed.alerts[0].key == "refusals.taken"


@pytest.mark.parametrize("lang, passing", [("ja", "パス"), ("zh-Hant", "跳過")])
def test_caylus1303s_move_buttons_come_from_the_translations_too(lang, passing):
    import random
    from companion.games.caylus1303 import labels as labels_1303

    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus1303", players=["red", "blue", "green"], seed=3, variants={}, guided=False)
    session, rng = desk.session, random.Random(3)
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    tablet.client.set_cookie("lang", lang)
    seen = set()
    while len(session.actions) < 60 and session.state.pending() is not None:
        decision = session.state.pending()
        shown = tablet.get("/api/live").get_json()["snapshot"]["pending"]["options"]
        for option, real in zip(shown, decision.options):
            if labels_1303.option_message(session.state, decision, real) is not None:
                assert option.get("text") and not re.search(r"[A-Za-z]{4}", option["text"]), option
                seen.add(option["text"])
        session.decide(rng.choice(decision.options).action, source="camera")
    assert passing in seen
