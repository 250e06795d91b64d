"""A damaged database page inside a good journal spoils only the game whose entries it holds: opening that game
is a 409 as for a damaged entry, the records list marks it damaged, and the other games open."""

from __future__ import annotations

import shutil

import pytest

from companion.session import Journal, Session
from companion.web import create_app
from companion.web.desk import Desk
from tablet_client import PIN, Tablet

PAGE = 4096


def _play(journal, seed, decisions):
    session = Session.new(journal, game="caylus", players=["red", "blue"], seed=seed)
    for _ in range(decisions):
        if session.state.pending() is None:
            break
        session.decide(session.state.pending().options[0].action)
    return session.game_id


@pytest.fixture(scope="module")
def good_journal(tmp_path_factory):
    path = tmp_path_factory.mktemp("journal") / "companion.sqlite3"
    journal = Journal(path)
    small = _play(journal, 1, 3)
    big = _play(journal, 2, 2000)          # its entries fill many pages after the small game's
    journal.close()
    return path, small, big


def _damaged_copy(good, tmp_path, page):
    path = tmp_path / f"damaged-{page}.sqlite3"
    shutil.copy(good, path)
    with open(path, "r+b") as file:
        file.seek(page * PAGE)
        file.write(b"\xa5" * PAGE)
    return path


def _a_page_spoiling_only(good_journal, tmp_path):
    """The first page from the end whose damage breaks the big game's entries but nothing else."""
    good, small, big = good_journal
    pages = good.stat().st_size // PAGE
    for page in range(pages - 2, 2, -1):
        path = _damaged_copy(good, tmp_path, page)
        try:
            journal = Journal(path)
            journal.list_games()
            journal.entries(small)
        except Exception:
            continue
        try:
            journal.entries(big)
        except Exception:
            return journal
    pytest.skip("no page of this journal spoils one game alone")


def test_a_damaged_page_is_a_409_for_its_game_and_marked_in_the_list(good_journal, tmp_path):
    _, small, big = good_journal
    journal = _a_page_spoiling_only(good_journal, tmp_path)
    tablet = Tablet(create_app(Desk(journal), pin=PIN).test_client())
    opened = tablet.get(f"/api/records/{big}")
    assert opened.status_code == 409 and "damaged" in opened.get_json()["error"]
    assert tablet.get(f"/api/records/{big}/export.json").status_code == 409
    listed = {game["id"]: game for game in tablet.get("/api/records").get_json()["games"]}
    assert listed[big].get("damaged") is True and not listed[small].get("damaged")
    assert tablet.get(f"/api/records/{small}").status_code == 200
