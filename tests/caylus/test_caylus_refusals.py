"""Garbage and out-of-turn decisions are refused with a readable error and leave the state unchanged."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import Action, RuleError, new_game
from companion.games.caylus.playout import random_game

COLOURS = ["red", "blue", "green", "yellow"]


def _positions():
    """A handful of positions from different phases of random games (built once)."""
    found = []
    for seed in range(6):
        rnd = random.Random(seed)
        state = new_game("caylus", COLOURS[: 2 + seed % 3], seed)
        step = 0
        while not state.is_over:
            if step % 23 == 0:
                found.append(state)
            state = state.apply(rnd.choice(state.pending().options).action)
            step += 1
    return found


POSITIONS = _positions()
scalars = st.one_of(st.none(), st.booleans(), st.integers(-50, 50), st.text(max_size=12),
                    st.sampled_from(["pass", "castle", "stables", "inn", "gate", "road.7", "road.99", "food",
                                     "prestige", "statue"]))
arg_values = st.one_of(scalars, st.lists(st.sampled_from(["food", "wood", "stone", "cloth", "gold", "x"]),
                                         max_size=5))
garbage_actions = st.builds(
    Action,
    player=st.integers(-2, 6),
    kind=st.sampled_from(["place", "provost", "gate", "castle", "favour", "build", "produce", "trade", "sell",
                          "inn", "joust", "convert", "owner_bonus", "favour_resources", "favour_building", "x"]),
    args=st.dictionaries(st.sampled_from(["place", "steps", "cubes", "row", "building", "square", "pay",
                                          "trade", "cube", "column", "give", "take", "stay", "skip"]),
                         arg_values, max_size=3),
)


@settings(max_examples=300, deadline=None)
@given(index=st.integers(0, len(POSITIONS) - 1), action=garbage_actions)
def test_garbage_is_refused_or_legal_and_never_changes_the_state(index, action):
    state = POSITIONS[index]
    before = state.to_json()
    legal = action in set(state.legal_actions())
    try:
        state.apply(action)
    except RuleError as refusal:
        assert not legal and refusal.message and refusal.rule
    except ValueError:
        assert not legal
    else:
        assert legal
    assert state.to_json() == before


@settings(max_examples=100, deadline=None)
@given(index=st.integers(0, len(POSITIONS) - 1), data=st.data())
def test_someone_elses_legal_move_is_refused_as_out_of_turn(index, data):
    state = POSITIONS[index]
    decision = state.pending()
    others = [seat for seat in range(state.player_count) if seat != decision.player]
    option = data.draw(st.sampled_from(decision.options))
    intruder = data.draw(st.sampled_from(others))
    action = Action(intruder, option.action.kind, option.action.arg_dict)
    before = state.to_json()
    with pytest.raises(RuleError) as refusal:
        state.apply(action)
    assert refusal.value.rule == "not your turn" and refusal.value.player == state.colours[intruder]
    assert state.colours[decision.player].capitalize() in str(refusal.value)
    assert state.to_json() == before


def test_a_finished_game_refuses_everything():
    final = random_game(COLOURS[:3], 3).final
    with pytest.raises(RuleError, match="over"):
        final.apply(Action(0, "place", {"place": "pass"}))


def test_bad_setup_is_refused_clearly():
    with pytest.raises(RuleError, match="2 to 5 players"):
        new_game("caylus", ["red"], 1)
    with pytest.raises(RuleError, match="no 'purple' pieces"):
        new_game("caylus", ["red", "purple"], 1)
    with pytest.raises(RuleError, match="no option"):
        new_game("caylus", ["red", "blue"], 1, expansion=True)
    with pytest.raises(RuleError, match="tailor_trade"):
        new_game("caylus", ["red", "blue"], 1, tailor_trade="cheap")
