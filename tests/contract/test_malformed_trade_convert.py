"""Caylus' ``trade`` and ``convert`` decisions, which the games of ``test_malformed_actions`` never reach, refuse a
float, a bool or a word for a number with a RuleError and the state unchanged (issue 71: "floats in `trade`,
`convert`, `build`, `favour_building` raise `TypeError`")."""

import json

import pytest

from .test_malformed_actions import _busy_states, _malformed, _refuses


@pytest.mark.parametrize("kind", ["trade", "convert"])
def test_caylus_trade_and_convert_refuse_malformed_arguments(kind):
    checked = 0
    for state in _busy_states("caylus", range(1, 61), ["red", "blue"]):
        decision = state.pending()
        offered = {json.dumps(option.action.to_json(), sort_keys=True) for option in decision.options}
        for option in decision.options:
            if option.action.kind == kind and option.action.args and not option.action.arg("skip"):
                for action in _malformed(option.action):
                    if json.dumps(action.to_json(), sort_keys=True) not in offered:    # 1.0 and true are not 1
                        _refuses(state, action)
                        checked += 1
        if checked >= 20:
            break
    assert checked >= 5, f"only {checked} malformed {kind} decisions were tried"
