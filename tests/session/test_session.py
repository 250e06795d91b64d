"""The session journals every change; killing the process loses nothing; records replay exactly."""

import json
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from companion.games import Action, RuleError
from companion.session import Journal, JournalError, Session, replay_record


def take(session, n):
    return session.decide(Action(session.state.pending().player, "take", {"n": n}))


def test_decisions_undo_and_alerts_survive_a_restart(tmp_path, nim_game):
    path = tmp_path / "journal.sqlite3"
    session = Session.new(Journal(path), game=nim_game, players=["red", "blue"], seed=1)
    take(session, 3)
    take(session, 2)
    take(session, 1)
    assert session.undo() == Action(0, "take", {"n": 1})
    alert = session.raise_alert("Blue moved two workers", player="blue", place="road.9", rule="one worker a turn")
    session.override_slot("road.9.worker", [])

    resumed = Session.resume(Journal(path))
    assert resumed.game_id == session.game_id
    assert resumed.state == session.state and resumed.actions == session.actions
    assert [a.message for a in resumed.open_alerts()] == ["Blue moved two workers"]
    assert resumed.overrides == {"road.9.worker": []}
    resumed.resolve_alert(alert.id, "fixed")
    assert Session.resume(Journal(path)).open_alerts() == []


def test_an_illegal_decision_changes_nothing_and_journals_nothing(tmp_path, nim_game):
    journal = Journal(tmp_path / "j.sqlite3")
    session = Session.new(journal, game=nim_game, players=["red", "blue"], seed=1)
    before = session.state
    with pytest.raises(RuleError, match="Blue can't play"):
        session.decide(Action(1, "take", {"n": 1}))
    assert session.state is before and journal.entries(session.game_id) == []


def test_finished_game_is_listed_with_winner_and_its_record_replays(tmp_path, nim_game):
    journal = Journal(tmp_path / "j.sqlite3")
    session = Session.new(journal, game=nim_game, players=["red", "blue"], seed=1, names={"red": "Ann"})
    while not session.state.is_over:
        take(session, 3 if session.state.heap >= 3 else session.state.heap)
    listed = journal.list_games()
    assert listed[0]["id"] == session.game_id and listed[0]["winners"] == ["red"]
    record = json.loads(json.dumps(session.export_record()))
    assert replay_record(record) == session.state
    assert journal.latest_unfinished() is None
    session.undo()
    assert journal.latest_unfinished() == session.game_id, "undoing the last move reopens the game"


def test_subscribers_hear_every_change(tmp_path, nim_game):
    session = Session.new(Journal(":memory:"), game=nim_game, players=["red", "blue"], seed=1)
    inbox = session.subscribe()
    take(session, 1)
    session.undo()
    assert [inbox.get_nowait()["type"] for _ in range(2)] == ["decision", "undo"]
    snapshot = session.snapshot()
    assert snapshot["pending"]["player"] == 0 and snapshot["decisions_made"] == 0
    json.dumps(snapshot)


def test_a_damaged_journal_file_gives_a_clear_error_and_is_left_alone(tmp_path):
    path = tmp_path / "broken.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(JournalError, match="not a companion journal or is damaged"):
        Journal(path)
    assert path.read_bytes() == b"this is not a database" * 100


def test_a_damaged_entry_spoils_only_its_own_game(tmp_path, nim_game):
    path = tmp_path / "j.sqlite3"
    journal = Journal(path)
    good = Session.new(journal, game=nim_game, players=["red", "blue"], seed=1)
    take(good, 2)
    bad = Session.new(journal, game=nim_game, players=["red", "blue"], seed=2)
    take(bad, 1)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE entries SET payload = '{\"action\": {trunc' WHERE game_id = ?", (bad.game_id,))
    with pytest.raises(JournalError, match="damaged"):
        Session.resume(Journal(path), bad.game_id)
    assert Session.resume(Journal(path), good.game_id).state == good.state


def test_killed_mid_game_the_journal_still_has_every_acknowledged_decision(tmp_path, nim_game):
    """A child process plays and is killed with SIGKILL; everything it printed as done must be back."""
    path = tmp_path / "j.sqlite3"
    script = textwrap.dedent(f"""
        import sys
        from companion.games import registry
        from tests.games.nim import PACK
        registry.register(PACK)
        from companion.games import Action
        from companion.session import Journal, Session
        s = Session.new(Journal({str(path)!r}), game="nim", players=["red", "blue"], seed=5)
        for i in range(4):
            s.decide(Action(s.state.pending().player, "take", {{"n": 1}}))
            print(i + 1, flush=True)
        import time; time.sleep(60)
    """)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    acknowledged = [child.stdout.readline() for _ in range(4)]
    child.kill()
    child.wait()
    assert acknowledged[-1].strip() == "4"
    resumed = Session.resume(Journal(path))
    assert resumed.state.heap == 11
