"""Shared fixtures. ``nim`` is a tiny real game used to test the game-neutral layers on their own."""

import pytest

from companion import games


@pytest.fixture
def nim_game(monkeypatch):
    monkeypatch.setitem(games.GAME_PACKAGES, "nim", "tests.nim_game")
    return "nim"


# Whole-game tests take minutes; started last they run one after another while the other worker idles.
# Starting them first lets pytest-xdist spread them over both workers.
SLOW_TEST_PATHS = ("tests/reconciler/", "tests/render/test_cli.py", "tests/live/")


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: 0 if item.nodeid.startswith(SLOW_TEST_PATHS) else 1)
