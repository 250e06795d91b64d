"""Shared fixtures. ``nim`` is a tiny real game used to test the game-neutral layers on their own."""

import pytest

from companion import games


@pytest.fixture
def nim_game(monkeypatch):
    monkeypatch.setitem(games.GAME_PACKAGES, "nim", "tests.nim_game")
    return "nim"
