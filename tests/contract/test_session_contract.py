"""The journal half of the contract: chance outcomes and secret choices are kept exactly, and shown to no one else."""

import json

from companion.games.playout import choose
from companion.session import Journal, Session, replay_record

import random

from .conftest import seat_colours


def _play(session, decisions, seed=3):
    chooser = random.Random(seed)
    for _ in range(decisions):
        decision = session.state.pending()
        if decision is None:
            break
        source = "table" if decision.is_chance else "tablet"
        session.decide(choose(decision, chooser), source=source)


def test_a_resumed_game_is_the_same_game_chance_and_secrets_included(pack, tmp_path):
    path = tmp_path / "journal.sqlite3"
    session = Session.new(Journal(path), game=pack.name, players=seat_colours(pack), seed=5)
    _play(session, 60)
    resumed = Session.resume(Journal(path), session.game_id)
    assert resumed.state.position() == session.state.position()
    assert resumed.actions == session.actions
    assert resumed.export_record() == session.export_record()


def test_a_shared_screen_never_shows_a_secret(pack):
    session = Session.new(Journal(":memory:"), game=pack.name, players=seat_colours(pack), seed=6)
    chooser = random.Random(6)
    for _ in range(400):
        decision = session.state.pending()
        if decision is None:
            break
        shared = session.snapshot()
        if decision.is_secret:
            assert shared["pending"]["options"] == [] and shared["pending"]["context"] == {}
            owner = session.snapshot(seat=decision.private_to)
            assert len(owner["pending"]["options"]) == len(decision.options)
        assert all("private_to" not in event for event in shared["events"])
        assert "private" not in shared["table_view"]
        session.decide(choose(decision, chooser))


def test_a_record_exported_mid_game_hides_secrets_and_a_finished_one_replays(pack):
    session = Session.new(Journal(":memory:"), game=pack.name, players=seat_colours(pack), seed=8)
    _play(session, 30, seed=8)
    record = json.loads(json.dumps(session.export_record()))
    secret = [entry for entry in record["actions"] if entry.get("secret")]
    assert all(set(entry) == {"player", "kind", "secret"} for entry in secret)
    assert record["complete"] == (not secret)
    _play(session, 100_000, seed=8)
    final = json.loads(json.dumps(session.export_record()))
    assert final["over"] and final["complete"]
    assert replay_record(final).position() == session.state.position()
