"""Malformed actions (a float or a bool where the rules take a whole number, a word for a number, an object for a
list) are refused with a RuleError and the state unchanged, in every pack: options match on type and value."""

import json
import random

import pytest

from companion.games import Action, RuleError, new_game
from companion.games.playout import random_playout

from .conftest import seat_colours


def _malformed_values(value):
    """Values a JSON client could send instead of ``value`` that no option of its type takes."""
    if isinstance(value, bool):
        return [int(value), "yes"]
    if isinstance(value, int):
        return [float(value), value == 1, str(value), [value], {"n": value}]
    if isinstance(value, str):
        return [7, None, [value], {"place": value}]
    if isinstance(value, (tuple, list)):
        items = list(value)
        swapped = [float(item) if isinstance(item, int) and not isinstance(item, bool) else 1.5 for item in items]
        return [{"items": items}, [[item] for item in items] or [[1]], (swapped or [1.5]), "x"]
    return []


def _malformed(action):
    for name, value in action.args:
        for bad in _malformed_values(value):
            yield Action(action.player, action.kind, {**action.arg_dict, name: bad})


def _refuses(state, action):
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(RuleError) as refusal:
        state.apply(action)
    assert str(refusal.value)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_a_malformed_action_is_refused_and_changes_nothing(pack):
    chooser = random.Random(3)
    for count in sorted({pack.info.min_players, pack.info.max_players}):
        game = random_playout(pack.new_game(seat_colours(pack, count), 5), 5)
        seen_kinds: dict[str, int] = {}
        for state in game.states[:-1]:
            decision = state.pending()
            if decision.open_outcomes:
                continue
            for option in decision.options:
                if seen_kinds.get(option.action.kind, 0) >= 3:
                    continue
                seen_kinds[option.action.kind] = seen_kinds.get(option.action.kind, 0) + 1
                for action in _malformed(option.action):
                    if not decision.offers(action):
                        _refuses(state, action)
                break
            chooser.random()


def test_three_passes_then_a_provost_move_of_one_point_zero_is_refused():
    """The issue's reproduction: it used to store ``provost = 7.0`` and crash at the next activation."""
    state = new_game("caylus", ["red", "blue", "green"], seed=1)
    while state.pending().kind != "provost":
        passing = [o.action for o in state.pending().options if o.action.kind == "pass"]
        state = state.apply(passing[0] if passing else state.pending().options[0].action)
    offered = [o.action for o in state.pending().options]
    assert Action(state.pending().player, "provost", {"steps": 1}) in offered
    for steps in (1.0, True, "1"):
        action = Action.from_json({"player": state.pending().player, "kind": "provost", "args": {"steps": steps}})
        _refuses(state, action)


def _busy_states(game, seeds, players):
    """Positions of games where everyone prefers doing something to passing, so that rarer decisions come up."""
    for seed in seeds:
        chooser = random.Random(seed)
        state = new_game(game, players, seed=seed)
        while state.pending() is not None:
            yield state
            options = state.pending().options
            busy = [o for o in options if o.action.kind != "pass" and not o.action.arg("skip")]
            state = state.apply(chooser.choice(busy or options).action)


@pytest.mark.parametrize("game", ["caylus", "caylus1303"])
@pytest.mark.parametrize("kind", ["trade", "convert", "build", "favour_building", "favour", "guild", "bridge",
                                  "provost", "place", "first_player", "buy", "sell", "castle", "lawyer", "deliver"])
def test_every_argument_of_a_kind_is_checked_for_its_type(game, kind):
    found = 0
    for state in _busy_states(game, range(1, 9), ["red", "blue"]):
        decision = state.pending()
        for option in decision.options:
            if option.action.kind == kind and option.action.args and found < 12:
                found += 1
                for action in _malformed(option.action):
                    if not decision.offers(action):
                        _refuses(state, action)
        if found >= 12:
            break
    if not found:
        pytest.skip(f"{game} has no {kind} decision with arguments in these games")
