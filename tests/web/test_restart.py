"""After a restart (issue 71): ``companion serve`` says where its data lives and what comes next (Setup, or the
unfinished game, which the tablet offers too), and a tablet left open across the restart is told to pair again
rather than about "the page's security token"."""

from __future__ import annotations


from companion.session import Journal, Session
from companion.web import create_app
from companion.web.desk import Desk
from tablet_client import PIN, Tablet
from tests.served import served_lines


def _served_lines(data_dir) -> list[str]:
    """What ``companion serve`` prints until it is ready, then it is stopped."""
    return served_lines(["--port", "0", "--data-dir", str(data_dir)], until=("Next:", "Unfinished game"))


def test_serve_says_where_its_data_lives_and_that_setup_comes_next_then_offers_the_unfinished_game(tmp_path):
    first = _served_lines(tmp_path)
    assert f"Data: {tmp_path} (the game journal and what Setup saves)" in first, first
    assert any(line.startswith("Next:") and "Setup" in line for line in first), first
    journal = Journal(tmp_path / "companion.sqlite3")
    session = Session.new(journal, game="caylus", players=["red", "blue"], seed=2)
    session.decide(session.state.pending().options[0].action, source="tablet")
    journal.close()
    again = _served_lines(tmp_path)
    offer = [line for line in again if line.startswith("Unfinished game")]
    assert offer and session.game_id in offer[0] and "--resume" in offer[0], again
    assert not any(line.startswith("Next:") for line in again)


def test_the_tablet_offers_the_unfinished_game_after_a_restart(tmp_path):
    journal = Journal(tmp_path / "companion.sqlite3")
    session = Session.new(journal, game="caylus", players=["red", "blue"], seed=2)
    session.decide(session.state.pending().options[0].action, source="tablet")
    restarted = Tablet(create_app(Desk(journal), pin=PIN).test_client())
    payload = restarted.get("/api/live").get_json()
    assert payload["game_id"] is None and payload["unfinished"] == session.game_id
    assert Tablet(create_app(Desk(Journal(":memory:")), pin=PIN).test_client()).get(
        "/api/live").get_json()["unfinished"] is None


def test_a_tablet_left_open_across_a_restart_is_told_to_pair_again():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue"], seed=2, variants={}, guided=False)
    before = Tablet(create_app(desk, pin=PIN).test_client())
    assert before.pair().status_code == 200
    token = before.csrf
    after = create_app(desk, pin=PIN).test_client()      # the server restarted: a new secret, the old cookie void
    for name in ("session",):
        cookie = before.client.get_cookie(name)
        if cookie is not None:
            after.set_cookie(name, cookie.value)
    refused = after.post("/api/undo", json={}, headers={"X-CSRF-Token": token})
    assert refused.status_code == 403
    body = refused.get_json()
    assert body["error_key"] == "errors.pair_again" and "pair this tablet again" in body["error"], body
    assert "security token" not in body["error"]
    after.set_cookie("lang", "ja")
    japanese = after.post("/api/undo", json={}, headers={"X-CSRF-Token": token}).get_json()
    assert "ペアリング" in japanese["error"], japanese
