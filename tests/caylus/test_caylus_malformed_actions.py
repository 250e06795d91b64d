"""Caylus' trade, convert, build and favour decisions refuse floats, bools, words and objects in their
arguments with a RuleError and leave the state unchanged (they used to raise TypeError or store 7.0)."""

import json

import pytest

from caylus_scenarios import adjust, everyone_passes, give, nobody_moves_provost, place, seat, start, with_tile
from companion.games import RuleError
from tests.contract.test_malformed_actions import _malformed


def _activate(state, *placements):
    for colour, square in placements:
        state = place(state, colour, square)
    return nobody_moves_provost(everyone_passes(state))


def _all_malformed_refused(state, kind):
    decision = state.pending()
    options = [o.action for o in decision.options if o.action.kind == kind and o.action.args]
    assert options, f"no {kind} decision pending: {decision.kind}"
    before = json.dumps(state.to_json(), sort_keys=True)
    tried = 0
    for option in options:
        for action in _malformed(option):
            if decision.offers(action):
                continue
            tried += 1
            with pytest.raises(RuleError):
                state.apply(action)
            assert json.dumps(state.to_json(), sort_keys=True) == before
    assert tried


def test_bank_and_alchemist_trades():
    state = start("red", "blue", "green")
    state = with_tile(state, 9, "bank", seat(state, "blue"))
    state = adjust(state, provost=9)
    _all_malformed_refused(_activate(state, ("red", 9)), "trade")
    state = with_tile(start("red", "blue", "green"), 9, "alchemist", seat(state, "blue"))
    _all_malformed_refused(_activate(adjust(state, provost=9), ("red", 9)), "trade")


def test_carpenter_build():
    state = start("red", "blue", "green")
    square = state.road_tile.index("neutral_carpenter")
    state = adjust(state, provost=8)
    _all_malformed_refused(_activate(state, ("red", square)), "build")


def test_lawyer_convert():
    state = start("red", "blue", "green")
    square = state.road_tile.index("lawyer") if "lawyer" in state.road_tile else None
    if square is None:
        state = with_tile(state, 9, "lawyer")
        square = 9
    state = give(adjust(state, provost=square), "red", cloth=1)
    _all_malformed_refused(_activate(state, ("red", square)), "convert")
