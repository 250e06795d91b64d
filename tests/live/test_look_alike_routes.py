"""The live benchmark's hidden choices: a question whose answer another route by the same hand would leave on the
table just as well, only coins apart, is a hidden choice; one another seat's hand would tell apart is not.

Seed 284's two-player bot game (held-out look, session 20), played again by the rules alone: the bots' choices depend
only on the seed.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_live.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_live", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def game_284(bench):
    return bench.bots_game(["red", "blue"], 284, 70)


def test_a_guild_move_the_chooser_could_also_have_paid_for_is_a_hidden_choice(bench, game_284):
    states, actions = game_284
    # red's guild: "guild 0, blue passes, red pays for −1" looks the same
    assert str(actions[12]) == "guild[0](steps=-1)"
    assert bench.looks_like_another_route(states[12], actions[12])
    assert not bench.looks_like_another_option(states[12], actions[12])    # no single other option does


def test_a_paid_provost_move_that_ends_the_turn_as_passing_would_is_a_hidden_choice(bench, game_284):
    states, actions = game_284
    # red's −3 ends the turn; "0, then no building" ends it the same
    assert str(actions[6]) == "provost[0](steps=-3)"
    assert bench.looks_like_another_route(states[6], actions[6])


def test_a_provost_move_another_seat_could_have_made_is_not(bench, game_284):
    states, actions = game_284
    # red's −1: "red passes, blue moves it −1" leaves the same table, but blue's arm would have come, not red's
    assert str(actions[40]) == "provost[0](steps=-1)"
    assert not bench.looks_like_another_route(states[40], actions[40])
    assert not bench.looks_like_another_route(states[40], actions[40], depth=0)


def test_a_worker_placement_is_not(bench, game_284):
    states, actions = game_284
    number = next(n for n, action in enumerate(actions) if action.kind == "place" and action.arg("place") != "pass")
    assert not bench.looks_like_another_route(states[number], actions[number])


def test_the_last_placement_the_gate_could_have_sent_on_is_a_hidden_choice(bench):
    # held-out 3 players, seed 268, decision 88: green's last worker to its own peddler on road.10 (1 denier); put on
    # the gate (2 deniers, blue and green then out of workers) and sent on to road.10 at once, it ends as the same
    # table, one denier apart: the camera can't tell them (session 58, the gate as a route's passing point)
    states, actions = bench.bots_game(["red", "blue", "green"], 268, 89)
    assert str(actions[88]) == "place[2](place='road.10')"
    assert bench.looks_like_another_route(states[88], actions[88])
    assert not bench.looks_like_another_option(states[88], actions[88])


def test_a_placement_the_gate_could_only_send_on_after_another_seat_moved_is_not(bench, game_284):
    states, actions = game_284
    # red's first worker of the game: sent on from the gate only once blue has placed too, and blue's arm would show
    assert str(actions[0]).startswith("place[0]")
    assert states[1].pending().player == 1
    assert not bench.looks_like_another_route(states[0], actions[0])
