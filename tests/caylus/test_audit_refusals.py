"""Audit of refusals: every kind of illegal decision gets a sentence a player can read ("Red can't …: …")
with the specific reason, and malformed input (nested lists, objects) is refused, never a crash."""

import pytest

from caylus_scenarios import act, adjust, everyone_passes, give, nobody_moves_provost, place, seat, start
from companion.games import Action, RuleError


def refusal(state, colour, kind, **args):
    before = state.to_json()
    with pytest.raises(RuleError) as caught:
        act(state, colour, kind, **args)
    assert state.to_json() == before
    return caught.value


@pytest.mark.parametrize("args", [{"place": {"square": 7}}, {"place": [["road.7"]]}, {"cubes": [{"food": 1}]}])
def test_unhashable_arguments_are_refused_with_a_message_not_a_crash(args):
    state = start("red", "blue", "green")
    with pytest.raises(RuleError) as caught:
        state.apply(Action(0, "place", args))
    assert str(caught.value).startswith("Red can't place")
    castle = nobody_moves_provost(everyone_passes(place(give(state, "red", stone=1), "red", "castle")))
    with pytest.raises(RuleError, match="Red can't give"):
        castle.apply(Action(0, "castle", {"cubes": [["food"], "wood", "stone"]}))
