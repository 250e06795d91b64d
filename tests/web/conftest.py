"""Fixtures for the tablet UI: the real Caylus engine and the real session, over a Flask test client."""

from __future__ import annotations

import pytest

from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from tablet_client import PIN, Tablet

@pytest.fixture
def desk() -> Desk:
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue", "green"], seed=7, variants={}, guided=False,
                  names={"red": "Ann"})
    return desk


@pytest.fixture
def app(desk):
    return create_app(desk, pin=PIN)


@pytest.fixture
def tablet(app) -> Tablet:
    return Tablet(app.test_client())


@pytest.fixture
def paired(tablet) -> Tablet:
    assert tablet.pair().status_code == 200
    return tablet
