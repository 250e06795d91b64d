"""Issue 71 through the API: a finished game stays finished, seats belong to devices (bots' to nobody), undo goes
back to a person's last decision, and guided play holds the decision until the lesson is read (kept in the journal)."""

from __future__ import annotations

import pytest

from companion.session import Journal, Session
from companion.web import create_app
from companion.web.desk import Desk
from tablet_client import PIN, Tablet


def pending(tablet: Tablet) -> dict:
    return tablet.get("/api/live").get_json()["snapshot"]["pending"]


def device(app) -> Tablet:
    tablet = Tablet(app.test_client())
    assert tablet.pair().status_code == 200
    return tablet


@pytest.fixture
def table():
    """Caylus with red and blue played by people and green by a bot, and its app."""
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue", "green"], seed=7, variants={}, guided=False, bots=["green"])
    return desk, create_app(desk, pin=PIN)


def seat_of_pending(desk) -> str:
    session = desk.session
    return session.players[session.state.pending().player]


def play_until(desk, colour: str) -> None:
    """Everyone plays their first option (as the camera would commit) until ``colour`` is to decide."""
    while seat_of_pending(desk) != colour:
        desk.session.decide(desk.session.state.pending().options[0].action, source="camera")


# -- 2. a finished game stays finished ----------------------------------------------------------------------

def finish(session: Session) -> None:
    while not session.state.is_over:
        session.decide(session.state.pending().options[-1].action, source="camera")


def test_undo_is_refused_once_the_game_is_over_and_the_record_stays_finished(paired, desk):
    finish(desk.session)
    refused = paired.post("/api/undo")
    assert refused.status_code == 409 and "over" in refused.get_json()["error"]
    assert desk.session.state.is_over
    listed = {g["id"]: g for g in paired.get("/api/records").get_json()["games"]}
    assert listed[desk.session.game_id]["finished"] is not None
    assert paired.get("/api/live").get_json()["device"]["undo"]


def test_a_finished_game_can_not_be_continued(paired, desk):
    finished_id = desk.session.game_id
    finish(desk.session)
    refused = paired.post("/api/games/resume", {"game_id": finished_id})
    assert refused.status_code == 409 and "finished" in refused.get_json()["error"]


# -- 3. seats ------------------------------------------------------------------------------------------------

def test_a_bots_seat_is_never_played_from_a_device(table):
    desk, app = table
    play_until(desk, "green")
    tablet = device(app)
    before = len(desk.session.actions)
    refused = tablet.post("/api/decide", {"action": pending(tablet)["options"][0]["action"]})
    assert refused.status_code == 403
    assert refused.get_json()["error"] == "Green is played by a bot: no device decides for a bot."
    assert len(desk.session.actions) == before
    assert tablet.get("/api/live").get_json()["device"]["decide"].startswith("Green is played by a bot")
    assert tablet.post("/api/seat", {"colour": "green"}).status_code == 409


def test_a_seat_device_decides_for_its_seat_only_and_the_table_device_for_the_others(table):
    desk, app = table
    table_device, blues_device = device(app), device(app)
    assert blues_device.post("/api/seat", {"colour": "blue"}).get_json() == {"seat": "blue"}
    assert blues_device.get("/api/live").get_json()["device"]["seat"] == "blue"
    play_until(desk, "blue")
    refused = table_device.post("/api/decide", {"action": pending(table_device)["options"][0]["action"]})
    assert refused.status_code == 403 and refused.get_json()["error"] == "Blue decides on their own device."
    assert blues_device.post("/api/decide", {"action": pending(blues_device)["options"][0]["action"]}).status_code == 200
    play_until(desk, "red")
    refused = blues_device.post("/api/decide", {"action": pending(blues_device)["options"][0]["action"]})
    assert refused.status_code == 403 and "This device plays Blue" in refused.get_json()["error"]
    assert table_device.post("/api/decide", {"action": pending(table_device)["options"][0]["action"]}).status_code == 200
    # undo follows the same rule: blue's device can't take back red's move
    assert blues_device.post("/api/undo").status_code == 403
    assert table_device.post("/api/undo").status_code == 200


def test_undo_after_a_bots_move_gives_the_person_their_decision_back():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "green"], seed=3, variants={}, guided=False, bots=["green"])
    app = create_app(desk, pin=PIN)
    tablet = device(app)
    play_until(desk, "red")
    kept = len(desk.session.actions)
    assert tablet.post("/api/decide", {"action": pending(tablet)["options"][0]["action"]}).status_code == 200
    play_until(desk, "red")                                   # the bot answered
    assert len(desk.session.actions) > kept + 1
    assert tablet.post("/api/undo").get_json()["decisions"] == kept
    assert seat_of_pending(desk) == "red" and len(desk.session.actions) == kept


def test_undo_with_only_bots_moves_is_refused():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "green"], seed=3, variants={}, guided=False, bots=["red", "green"])
    desk.session.decide(desk.session.state.pending().options[0].action, source="bot")
    tablet = device(create_app(desk, pin=PIN))
    assert tablet.post("/api/undo").status_code == 409
    assert len(desk.session.actions) == 1


# -- 4. guided play waits --------------------------------------------------------------------------------------

def test_a_lesson_holds_the_decision_until_got_it_and_is_kept_in_the_journal(tmp_path):
    journal = Journal(tmp_path / "companion.sqlite3")
    desk = Desk(journal)
    desk.new_game(game="caylus", players=["red", "blue"], seed=5, variants={}, guided=True)
    tablet = device(create_app(desk, pin=PIN))
    live = tablet.get("/api/live").get_json()
    assert live["lesson"]["key"] == "setup"
    held = tablet.post("/api/decide", {"action": live["snapshot"]["pending"]["options"][0]["action"]})
    assert held.status_code == 409 and "Got it" in held.get_json()["error"]
    assert live["device"]["decide"]
    read = []
    while (lesson := tablet.get("/api/live").get_json()["lesson"]) is not None:
        assert tablet.post(f"/api/lessons/{lesson['key']}/done").status_code == 200
        read.append(lesson["key"])
    assert read[0] == "setup" and len(read) >= 2
    live = tablet.get("/api/live").get_json()
    assert [lesson["key"] for lesson in live["lessons_seen"]] == read
    assert live["lessons_seen"][0]["text"]
    assert tablet.post("/api/decide", {"action": live["snapshot"]["pending"]["options"][0]["action"]}).status_code == 200
    game_id = desk.session.game_id

    # a restart: the same journal, a new desk; the lessons read stay read
    again = Desk(Journal(tmp_path / "companion.sqlite3"))
    again.resume(game_id)
    assert again.session.lessons_read == read
    later = device(create_app(again, pin=PIN)).get("/api/live").get_json()
    assert [lesson["key"] for lesson in later["lessons_seen"]] == read
    assert later["lesson"] is None or later["lesson"]["key"] not in read


def test_a_lesson_called_for_during_a_bots_turn_is_still_due_afterwards():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue"], seed=5, variants={}, guided=True, bots=["blue"])
    tablet = device(create_app(desk, pin=PIN))
    while (lesson := tablet.get("/api/live").get_json()["lesson"]) is not None:
        tablet.post(f"/api/lessons/{lesson['key']}/done")
    # many moves happen with nobody reading; the lessons they called for wait, oldest first
    for _ in range(12):
        desk.session.decide(desk.session.state.pending().options[0].action, source="camera")
    from companion.web import guide
    due = guide.lessons_due(desk.session)
    assert due and tablet.get("/api/live").get_json()["lesson"]["key"] == due[0]


def test_choosing_a_seat_takes_it_over_and_the_table_gives_it_back(table):
    desk, app = table
    first, second = device(app), device(app)
    first.post("/api/seat", {"colour": "blue"})
    second.post("/api/seat", {"colour": "blue"})
    assert first.get("/api/live").get_json()["device"]["seat"] is None
    assert second.get("/api/live").get_json()["device"]["seat"] == "blue"
    assert second.post("/api/seat", {"colour": None}).get_json() == {"seat": None}
    assert desk.seat_devices(desk.session.game_id) == {}
    assert second.post("/api/seat", {"colour": "purple"}).status_code == 400
