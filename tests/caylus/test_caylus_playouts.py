"""Random-playout invariants in the style of OpenSpiel's basic tests, over 240 seeded games of 2–5 players."""

import json
import random

import pytest

from companion.games import Action, load_state, new_game
from companion.games.caylus import CaylusState
from companion.games.caylus.invariants import transition_violations, violations
from companion.games.caylus.playout import random_game

COLOURS = ["red", "blue", "green", "yellow", "black"]
MAX_TURNS = 40  # the bailiff walks at least one square a turn from 6 to the towers count at 24


def _eager(rnd, decision):
    """A random player that rarely passes or skips, to reach the late-game rules (lawyer, architect …)."""
    doing = [o for o in decision.options if not o.action.arg("skip") and o.action.arg("place") != "pass"]
    if doing and rnd.random() < 0.9:
        return rnd.choice(doing).action
    return rnd.choice(decision.options).action


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_uniform_random_games_keep_every_invariant_and_replay_exactly(players):
    for seed in range(40):
        colours = COLOURS[:players]
        result = random_game(colours, seed * 7 + players, check=True)
        assert result.violations == [], (seed, result.violations[:3])
        final = result.final
        assert final.is_over and final.turn <= MAX_TURNS and final.section == 3
        assert new_game("caylus", colours, seed * 7 + players).apply_all(result.actions) == final
        for score in final.scores():
            assert sum(score.breakdown.values()) == score.total >= 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_eager_games_check_json_round_trip_and_offered_options_at_every_step(players):
    for game in range(20):
        seed = 1000 + game * 5 + players
        rnd = random.Random(seed)
        state = new_game("caylus", COLOURS[:players], seed, jeweller=bool(game % 2))
        actions: list[Action] = []
        while not state.is_over:
            decision = state.pending()
            assert decision.options and len(set(decision.actions)) == len(decision.options)
            assert len(decision.options) > 1, "single-option decisions are taken automatically"
            again = load_state(json.loads(json.dumps(state.to_json())))
            assert again == state and again.pending().actions == decision.actions
            if rnd.random() < 0.05:  # now and then, every offered option must apply cleanly
                for option in decision.options:
                    assert violations(state.apply(option.action)) == []
            action = _eager(rnd, decision)
            before = state.to_json()
            after = state.apply(action)
            assert state.to_json() == before, "apply must not change the state it is called on"
            assert violations(after) == [] and transition_violations(state, after) == []
            actions.append(action)
            state = after
            assert state.turn <= MAX_TURNS
        assert new_game("caylus", COLOURS[:players], seed, jeweller=bool(game % 2)).apply_all(actions) == state


def test_eager_play_reaches_the_late_rules():
    seen = set()
    for seed in range(60):
        rnd = random.Random(seed)
        state = new_game("caylus", COLOURS[:4], seed)
        while not state.is_over:
            state = state.apply(_eager(rnd, state.pending()))
            seen.update(e["type"] for e in state.events)
    assert {"converted", "castle_batch", "best_builder", "inn_evicted", "owner_cube", "favour_row",
            "traded", "gate_moved", "beyond_provost", "section_scored", "end_game_conversion"} <= seen


def test_saved_state_text_survives_and_bad_saves_are_refused_clearly():
    state = random_game(COLOURS[:3], 5).final
    assert CaylusState.from_json(json.loads(json.dumps(state.to_json()))) == state
    broken = state.to_json()
    del broken["road_tile"]
    with pytest.raises(ValueError, match="incomplete or malformed"):
        load_state(broken)
    with pytest.raises(ValueError, match="not a saved Caylus game"):
        CaylusState.from_json({"game": "chess"})
