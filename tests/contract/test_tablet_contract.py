"""The tablet half of the contract: every pack's game can be watched and played on the tablet, in every language,
with its own strings complete, its lessons written, and its board drawing served when it ships one."""

import random
import re

import pytest

from companion.session import Journal
from companion.web import create_app, guide, i18n
from companion.web.desk import Desk
from companion.web.tablet import pack_file
from tests.web.tablet_client import PIN, Tablet

from .conftest import seat_colours

USED_KEY = re.compile(r"""\bt\(\s*["']([a-z_]+(?:\.[a-zA-Z_]+)+)["']""")


def _tablet_for(pack, seed=3):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game=pack.name, players=seat_colours(pack), seed=seed, variants={}, guided=True, names={})
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    return desk, tablet


def test_the_packs_strings_are_complete_in_every_language(pack):
    english = pack.translations("en")
    for lang in i18n.LANGUAGES:
        own = pack.translations(lang)
        assert set(own) == set(english), f"{pack.title}: {lang} misses {sorted(set(english) - set(own))[:5]}"
        for key, text in own.items():
            assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", english[key])), (lang, key)


def test_every_string_the_packs_board_drawing_uses_exists(pack):
    drawing = pack_file(pack.name, "board.js")
    if drawing is None:
        pytest.skip(f"{pack.title} ships no board drawing: the tablet draws its places")
    missing = sorted(k for k in USED_KEY.findall(drawing) if not i18n.texts("en", pack.name).has(k))
    assert not missing


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_lesson_of_the_packs_guide_has_a_title_and_a_text(pack, lang):
    table = guide.triggers(pack.name)
    explained = table["explained"]
    lessons = {*table["phases"].values(), *table["decision_kinds"].values(), *table["event_types"].values()}
    lessons |= {table[k] for k in ("start", "over") if table.get(k)}
    lessons |= {f"{explained['lesson']}.{thing}" for thing in explained["ids"]}
    for key in lessons:
        assert guide.known_lesson(pack.name, key), key
        text = guide.lesson(pack.name, key, lang)
        assert text["title"] and len(text["text"]) > 5 and not text["text"].startswith("rules."), (lang, key)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_live_page_is_the_packs_game_in_the_readers_language(pack, lang):
    _desk, tablet = _tablet_for(pack)
    page = tablet.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in page
    assert i18n.texts(lang, pack.name)("live.board") in page
    ships_drawing = pack_file(pack.name, "board.js") is not None
    assert (f"/pack/{pack.name}/board.js" in page) == ships_drawing
    served = tablet.get(f"/pack/{pack.name}/board.js")
    assert served.status_code == (200 if ships_drawing else 404)


def test_a_game_of_the_pack_is_played_through_the_tablet(pack):
    desk, tablet = _tablet_for(pack, seed=4)
    chooser = random.Random(4)
    for _ in range(80):
        live = tablet.get("/api/live").get_json()
        pending = live["snapshot"]["pending"]
        if pending is None:
            break
        if live["lesson"] is not None:     # guided play holds the decision until the lesson is read
            assert tablet.post(f"/api/lessons/{live['lesson']['key']}/done").status_code == 200
            continue
        decision = desk.session.state.pending()
        if decision.is_secret:           # the shared tablet shows a secret only once handed to its seat
            colour, number = desk.session.players[decision.private_to], len(desk.session.actions)
            assert pending["options"] == []
            assert live["hand_over"] == {"to": colour, "decision": number, "revealed": False}
            assert tablet.post("/api/reveal", {"seat": colour, "decision": number}).status_code == 200
            pending = tablet.get("/api/live").get_json()["snapshot"]["pending"]
            assert [o["action"] for o in pending["options"]] == [o.action.to_json() for o in decision.options]
        option = chooser.choice(pending["options"])
        answer = tablet.post("/api/decide", {"action": option["action"]})
        assert answer.status_code == 200, answer.get_json()
    assert desk.session.actions
    assert tablet.get("/api/live").get_json()["snapshot"]["decisions_made"] == len(desk.session.actions)
