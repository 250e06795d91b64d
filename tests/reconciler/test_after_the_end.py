"""A piece that no legal move explains once the game is over is named as such, not "the game is over" (held-out
look, 4 players seed 199, decision 256: the alert said "The game is over: no more decisions can be taken")."""

from companion.games import new_game
from companion.reconciler.evidence import VisibleView, ViewDiff
from companion.reconciler.explain import explain_illegal

import companion.reconciler  # noqa: F401  (registers the Caylus explainer)

PLAYERS = ["red", "blue"]


def _finished_game():
    state = new_game("caylus", PLAYERS, seed=4)
    while not state.over:
        state = state.apply(state.pending().options[0].action)
    return state


def test_a_worker_read_after_the_game_ended_is_named_with_its_place():
    over = _finished_game()
    residual = ViewDiff({"road.9.worker": "worker:blue"}, {})
    finding = explain_illegal("caylus", over, residual, PLAYERS, VisibleView.of(over.table_view()))
    assert "game is over" not in finding.message
    assert finding.message == "The table shows worker blue on road.9.worker, which no legal move explains"
