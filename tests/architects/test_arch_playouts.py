"""Random complete games for 2 to 5 players: every invariant holds at every step, the game ends with a score for
every seat, a replay of the same actions is the same game, and no secret shows on the camera's view."""

import json

import pytest

from companion.games import load_state
from companion.games.architects import invariants, new_game
from companion.games.playout import random_playout

COLOURS = ["red", "blue", "green", "yellow", "purple"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_game_keeps_every_invariant_and_replays_exactly(players):
    broken = []

    def check(before, action, after):
        broken.extend(f"{action}: {v}" for v in invariants.violations(after)
                      + invariants.transition_violations(before, after))

    start = new_game(COLOURS[:players], seed=100 + players)
    game = random_playout(start, seed=100 + players, on_step=check)
    assert broken == []
    assert game.final.is_over and len(game.final.scores()) == players
    assert start.apply_all(game.actions) == game.final
    assert load_state(json.loads(json.dumps(game.final.to_json()))) == game.final


def test_the_camera_never_sees_a_card_in_a_hand():
    game = random_playout(new_game(COLOURS[:3], seed=5), seed=5)
    for state in game.states[::25]:
        public = state.view(None).to_json()
        names = {piece.get("name") for pieces in public["slots"].values() for piece in pieces}
        hands = {f"building:{c}" for me in state.data["players"] for c in me["hand"]}
        assert not names & hands
        assert all("cards" in supply for supply in public["supplies"].values())


def test_the_guildhall_ends_the_game_at_its_player_count():
    from companion.games.architects.data import guildhall_spaces
    for players in (2, 5):
        final = random_playout(new_game(COLOURS[:players], seed=9), seed=9).final
        assert len(final.data["guildhall"]) == guildhall_spaces(players)
