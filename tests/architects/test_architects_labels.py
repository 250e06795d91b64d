"""Architects' options in the reader's language: every option met in random games has words in English, 繁體中文 and
日本語 with every value said, and the tablet's buttons show them (a placement names the location as the seed does)."""

from __future__ import annotations

import random
import re

import pytest

from companion.games import new_game
from companion.session import Journal
from companion.web import create_app, i18n, messages
from companion.web.desk import Desk
from tests.web.tablet_client import PIN, Tablet

LANGUAGES = ("zh-Hant", "ja")


def _positions(seed: int, players: int):
    state = new_game("architects", ["red", "blue", "green", "yellow"][:players], seed=seed)
    chooser = random.Random(seed)
    while state.pending() is not None:
        yield state
        state = state.apply(chooser.choice(state.pending().options).action)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_option_met_in_random_games_is_said_in_the_readers_language(lang):
    text = i18n.texts(lang, "architects")
    said_kinds: set[str] = set()
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        for state in _positions(seed, players):
            decision = state.pending()
            words = messages.option_words("architects", state, decision, text, {})
            for option, said in zip(decision.options, words):
                assert said, (decision.kind, option.action.kind, option.label)
                assert not re.search(r"[{}]", said), said
                assert not re.search(r"[a-z]{4,}", said.replace("Black Market", "")), (option.label, said)
            said_kinds.add(decision.kind)
    assert {"place", "capture", "hire", "trade", "guard", "guildhall", "construct"} <= said_kinds


def test_the_buttons_on_a_japanese_tablet_name_the_locations_in_the_seeds_words():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="architects", players=["red", "blue"], seed=2, variants={}, guided=False, names={})
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    session = desk.session
    while session.state.pending().kind != "place":
        session.decide(session.state.pending().options[0].action)
    options = tablet.get("/api/live", headers={"Accept-Language": "ja"}).get_json()["snapshot"]["pending"]["options"]
    words = {option["action"]["args"]["location"]: option["text"] for option in options}
    assert words["quarry"] == "採石場" and words["town_centre"] == "中央広場" and words["workshop"] == "集会所"


@pytest.mark.parametrize("lang, words", [("en", "take the Acolyte"), ("zh-Hant", "拿取 侍祭"), ("ja", "侍祭を取る")])
def test_the_first_apprentice_is_offered_by_its_name(lang, words):
    state = new_game("architects", ["red", "blue"], seed=1)
    while state.pending().kind != "hire":
        state = state.apply(state.pending().options[0].action)
    decision = state.pending()
    said = [option.label for option in decision.options] if lang == "en" else messages.option_words(
        "architects", state, decision, i18n.texts(lang, "architects"), {})
    assert said[0] == words
