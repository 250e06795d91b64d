"""The camera's own alerts, the reminders of a forgotten step and Setup's refusals of a game's options are said in
English, 繁體中文 and 日本語 (issue 71), like the engine's refusals (test_refusals_translated.py).

Two walks, so that a new message without words fails here: the source, where each alert is raised
(``Session.raise_alert``), each finding of the reconciler made (``Finding``) and each refusal of Setup's checks
written, must name a key that has words in all three languages (or hand on a key named where it was made: a
refusal's, a finding's, a pack's perception data); then the messages themselves, made by the code that makes them
from a real game's table, said in each language with every value named in that language.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from companion.games import RuleError
from companion.games.registry import get_pack
from companion.live.camera_watch import CameraWatch
from companion.reconciler import Reconciler
from companion.reconciler.evidence import ViewDiff, VisibleView
from companion.reconciler.explain import explain_illegal, split_forgotten
from companion.reconciler.synthetic import layout_slots
from companion.web import create_app, i18n
from companion.web.desk import Desk
from companion.web.messages import pieces, say, slot_name
from companion.session import Journal
from tablet_client import PIN, Tablet
from tests.reconciler.table import show, stale_table

from tests.contract.test_refusals_translated import _refusals_in

ROOT = Path(__file__).parents[2] / "companion"
RAISING = [*sorted((ROOT / "reconciler").glob("*.py")), *sorted((ROOT / "live").glob("*.py"))]
PERCEPTION = {game: ROOT / "games" / game / "perception.py" for game in ("caylus", "caylus1303")}
SETUP_CHECKS = [(ROOT / "games" / "setup_checks.py", None), (ROOT / "games" / "game.py", "check_variants")]
# keys handed on from where the message was made: a refusal's, a finding's, a correction's, a pack's data
HANDED_ON = {"refusal.key", "finding.key", "correction.details['key']", "rule['key']"}
FINDING_KEY = 5                                  # Finding(kind, message, player, place, rule, key, values)
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT_LANGUAGE]


def _keys_named(path: Path, call: str, position: int | None) -> list[tuple[str, str | None]]:
    """Each call of ``call`` in ``path``: where it is, and its key (a string, the source of a key handed on, or
    None when it names none)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or getattr(node.func, "id", getattr(node.func, "attr", None)) != call:
            continue
        given = {keyword.arg: keyword.value for keyword in node.keywords}
        key = given.get("key", node.args[position] if position is not None and len(node.args) > position else None)
        where = f"{path.name}:{node.lineno}"
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            found.append((where, key.value))
        else:
            found.append((where, ast.unparse(key) if key is not None else None))
    return found


def _has_words(key: str, lang: str, games: tuple[str, ...]) -> bool:
    """``key`` has words of ``lang`` itself: the tablet's, or those of every game that can raise it."""
    return key in i18n.catalogue(lang) or all(key in i18n.pack_catalogue(lang, game) for game in games)


def test_every_alert_and_finding_names_a_key_said_in_every_language():
    named = [*(k for path in RAISING for k in _keys_named(path, "raise_alert", None)),
             *(k for path in RAISING for k in _keys_named(path, "Finding", FINDING_KEY))]
    assert len(named) >= 12, named
    unnamed = [where for where, key in named if key is None or (key not in HANDED_ON and "." not in key)]
    assert not unnamed, f"alerts or findings with no key: {unnamed}"
    for lang in i18n.LANGUAGES:
        missing = [(where, key) for where, key in named if key not in HANDED_ON
                   and not _has_words(key, lang, ("caylus",))]
        assert not missing, (lang, missing)


@pytest.mark.parametrize("game", sorted(PERCEPTION))
def test_a_packs_own_findings_name_keys_said_in_every_language(game):
    named = _keys_named(PERCEPTION[game], "Finding", FINDING_KEY)
    assert named and all(key == "rule['key']" for _where, key in named), named
    data = json.loads(PERCEPTION[game].with_suffix(".json").read_text(encoding="utf-8"))
    keys = [rule["key"] for rule in data.values() if isinstance(rule, dict) and "message" in rule]
    assert keys, "the pack's findings' sentences are data, each with its key"
    for lang in i18n.LANGUAGES:
        assert all(key in i18n.pack_catalogue(lang, game) for key in keys), (lang, keys)


def test_setups_refusals_of_seats_and_options_name_keys_said_in_every_language():
    written = [refusal for path, within in SETUP_CHECKS for refusal in _refusals_in(path, within)]
    assert len(written) == 5 and all(keys for _where, keys in written), written
    for lang in i18n.LANGUAGES:
        missing = [key for _where, keys in written for key in keys if key not in i18n.catalogue(lang)]
        assert not missing, (lang, missing)


@pytest.mark.parametrize("game", sorted(PERCEPTION))
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_slot_the_camera_reads_is_named_in_the_readers_language(game, lang):
    text = i18n.texts(lang, game)
    english = [slot for slot in layout_slots(game) if LATIN_WORD.search(slot_name(text, slot))]
    assert not english, english[:10]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_reminders_and_the_tables_unexplained_changes_are_said_with_every_value_named(lang):
    """A worker left at the gate and a supply not paid (the table as it was a moment ago), a house and a worker
    where no move puts them, food from nowhere, and nothing to say at all."""
    session, _view, _stale = stale_table()
    expected = VisibleView.of(session.state.table_view())
    red = dict(expected.supplies["red"])
    unpaid = {**red, "food": red["food"] + 1, "wood": red["wood"] - 1}
    earlier = VisibleView({**expected.labels, "gate.worker": "worker:red"}, {**expected.supplies, "red": unpaid})
    reminders, rest = split_forgotten(ViewDiff({"gate.worker": "worker:red"}, {"red": unpaid}), expected, [earlier])
    assert not rest.slots and not rest.supplies
    unexplained = [explain_illegal("no-such-game", session.state, diff, session.players, expected)
                   for diff in (ViewDiff({"road.20.worker": "house:blue+worker:red"}, {}),
                                ViewDiff({}, {"red": {**red, "food": red["food"] + 9}}), ViewDiff({}, {}))]
    findings = [*reminders, *unexplained]
    assert [f.key for f in findings] == ["reminders.slot", "reminders.supply", "alerts.unexplained_slot",
                                         "alerts.unexplained_supply", "alerts.unexplained"], findings
    text = i18n.texts(lang, "caylus")
    for finding in findings:
        said = say(text, finding.key, finding.values or {})
        assert said and "{" not in said and not LATIN_WORD.search(said), (finding.message, said)
    gate = say(text, "reminders.slot", reminders[0].values)
    assert text("places.gate") in gate and text("colours.red") in gate and text("pieces.worker") in gate


@pytest.fixture
def watched_tablet():
    """The tablet of a Caylus game where the camera reminded a forgotten step and then dropped."""
    session, view, stale = stale_table()
    desk = Desk(session.journal, session)
    outcomes = show(Reconciler(session), view)
    assert [o.kind for o in outcomes] == ["reminder"] and stale in outcomes[0].message
    CameraWatch(lambda: session, "webcam 0").frame_missing()
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    return tablet


def test_a_reminder_and_a_camera_alert_are_in_japanese_on_the_tablet(watched_tablet):
    watched_tablet.client.set_cookie("lang", "ja")
    alerts = {a["kind"]: a for a in watched_tablet.get("/api/live").get_json()["snapshot"]["alerts"]}
    assert set(alerts) == {"forgotten", "camera"}
    reminder, camera = alerts["forgotten"], alerts["camera"]
    assert "のはずです" in reminder["message"] and not LATIN_WORD.search(reminder["message"]), reminder
    assert reminder["rule"] == "忘れた手順"
    assert camera["message"].startswith("カメラから映像が届かなくなりました（webcam 0）"), camera
    assert not LATIN_WORD.search(camera["message"].replace("webcam 0", "")), camera
    watched_tablet.client.set_cookie("lang", "en")
    english = {a["kind"]: a for a in watched_tablet.get("/api/live").get_json()["snapshot"]["alerts"]}
    assert "should now show" in english["forgotten"]["message"] and english["forgotten"]["rule"] == "forgotten step"
    assert "camera stopped sending pictures" in english["camera"]["message"]


@pytest.mark.parametrize("variants, english", [({"no_such_option": 1}, "has no option"),
                                                ({"tailor_trade": True}, "can be")])
def test_setup_refuses_an_unknown_option_or_value_in_the_readers_language(variants, english):
    desk = Desk(Journal(":memory:"))
    tablet = Tablet(create_app(desk, pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    body = {"game": "caylus", "players": ["red", "blue"], "variants": variants}
    for lang in ("en", "ja", "zh-Hant"):
        tablet.client.set_cookie("lang", lang)
        refused = tablet.post("/api/games", body)
        assert refused.status_code == 400
        message = refused.get_json()["error"]
        if lang == "en":
            assert english in message
        else:
            assert "{" not in message and not re.search(r"\b(has|option|can be|not)\b", message), message
    with pytest.raises(RuleError) as refusal:
        get_pack("caylus").new_game(["red", "blue"], 1, **variants)
    assert refusal.value.key in i18n.catalogue("ja")


# The packs whose tables have places in front of each seat: their slots are named by the seat's player.
SEATED = ("citadels", "architects")
NAMES = {"red": "Anna", "blue": "Bo"}


def _played_labels(game: str, players: list[str], seed: int = 3, decisions: int = 80) -> set[str]:
    """Every table-view label (``district:docks``, ``tile:apprentice:9`` …) a bot game of ``game`` shows."""
    from companion.reconciler.synthetic import random_actions
    from companion.session import Session
    from vision.observation import label_for

    actions, _ = random_actions(game, players, seed)
    session = Session.new(Journal(":memory:"), game=game, players=players, seed=seed)
    labels = set()
    for action in actions[:decisions]:
        session.decide(action, source="tablet")
        labels |= {label_for(pieces) for pieces in session.state.table_view().slots.values()}
    return {part for label in labels for part in label.split("+") if part}


@pytest.mark.parametrize("game", sorted(PERCEPTION) + list(SEATED))
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_slot_is_named_in_players_words_with_the_seats_player(game, lang):
    """No slot is said by its id ("seat 0 city 3", "deck"); a place in front of a seat names that seat's player."""
    text = i18n.texts(lang, game)
    seats = ["red", "blue", "green", "yellow", "black"]
    raw = []
    for slot in layout_slots(game):
        said = slot_name(text, slot, seats, NAMES)
        if said == " ".join(slot.split(".")) or "_" in said or (lang != "en" and LATIN_WORD.search(
                said.replace("Anna", "").replace("Bo", ""))):
            raw.append((slot, said))
        if slot.startswith("seat.0."):
            assert "Anna" in said, (slot, said)
        if slot.startswith("seat.2."):
            assert text("colours.green") in said, (slot, said)
    assert not raw, raw[:10]


@pytest.mark.parametrize("game, players", [("citadels", ["red", "blue", "green", "yellow"]),
                                           ("architects", ["red", "blue", "green"])])
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_piece_a_seated_packs_camera_sees_is_said_in_words(game, players, lang):
    text = i18n.texts(lang, game)
    labels = _played_labels(game, players)
    assert len(labels) >= 8, labels
    said = {label: pieces(text, label) for label in sorted(labels)}
    unsaid = [(label, words) for label, words in said.items()
              if ":" in words or "_" in words or (lang != "en" and LATIN_WORD.search(words))]
    assert not unsaid, unsaid[:10]


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_citadels_reminder_on_the_tablet_names_the_players_city(lang):
    """A district the warlord destroyed still lies in Bo's city: the tablet names Bo's city, the district's place
    in it and the Docks, in the reader's language (English included)."""
    from companion.session import Session

    session = Session.new(Journal(":memory:"), game="citadels", players=["red", "blue", "green"], seed=1,
                          names={"red": "Anna", "blue": "Bo", "green": "Chen"})
    expected = VisibleView({"seat.1.city.2": ""}, {})
    earlier = VisibleView({"seat.1.city.2": "district:docks"}, {})
    reminders, _rest = split_forgotten(ViewDiff({"seat.1.city.2": "district:docks"}, {}), expected, [earlier])
    assert reminders and reminders[0].values["slot"] == "seat.1.city.2"
    finding = reminders[0]
    session.raise_alert(finding.message, player=finding.player, place=finding.place, rule=finding.rule,
                        kind="forgotten", key=finding.key, values=finding.values)
    tablet = Tablet(create_app(Desk(session.journal, session), pin=PIN).test_client())
    assert tablet.pair().status_code == 200
    tablet.client.set_cookie("lang", lang)
    alert = tablet.get("/api/live").get_json()["snapshot"]["alerts"][0]
    text = i18n.texts(lang, "citadels")
    assert "Bo" in alert["message"] and text("tiles.docks") in alert["message"], alert
    assert "seat" not in alert["message"] and "." not in alert["message"].rstrip("."), alert
    assert {"en": "district 3", "ja": "3", "zh-Hant": "3"}[lang] in alert["message"], alert
