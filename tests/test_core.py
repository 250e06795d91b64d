"""The game-neutral vocabulary: values compare by value, survive JSON, and reject malformed input clearly."""

import json

import pytest

from companion.cli import main as cli_main
from companion.games import Action, Piece, RuleError, Score, SeededRng, TableView, winners


def test_action_round_trips_through_json_text():
    action = Action(2, "castle", {"batch": ["food", "wood", "stone"], "final": False})
    again = Action.from_json(json.loads(json.dumps(action.to_json())))
    assert again == action and hash(again) == hash(action)


@pytest.mark.parametrize("bad", [None, [], {"kind": "pass"}, {"player": "red", "kind": "pass"},
                                 {"player": 0, "kind": 3}, {"player": 0, "kind": "x", "args": [1]}])
def test_malformed_action_json_is_refused_with_a_message(bad):
    with pytest.raises(ValueError) as refusal:
        Action.from_json(bad)
    assert "action" in str(refusal.value)


def test_rule_error_keeps_player_place_and_rule():
    err = RuleError("Red can't place on the Inn: the Inn's left circle is taken", player="red",
                    place="inn", rule="one worker per space")
    assert err.to_json()["place"] == "inn" and "Inn" in str(err)


def test_winners_share_a_tie_and_tiebreak_separates():
    assert winners([Score(0, 30), Score(1, 30)]) == [0, 1]
    assert winners([Score(0, 30, tiebreak=(2,)), Score(1, 30, tiebreak=(5,))]) == [1]


def test_seeded_rng_is_reproducible_and_shuffles_every_permutation():
    seen = set()
    for seed in range(200):
        items = [1, 2, 3]
        SeededRng(seed).shuffle(items)
        seen.add(tuple(items))
    assert len(seen) == 6
    a, b = SeededRng(99), SeededRng(99)
    assert [a.randrange(1000) for _ in range(50)] == [b.randrange(1000) for _ in range(50)]


def test_table_view_round_trip():
    view = TableView("caylus", ("red", "blue"))
    view.put("favour.prestige.0", Piece("disc", "red"))
    view.put("favour.prestige.0", Piece("disc", "blue"))
    view.supplies["red"] = {"food": 2, "denier": 5}
    view.tracks["score"] = {"red": 3, "blue": 0}
    assert TableView.from_json(json.loads(json.dumps(view.to_json()))) == view


def test_cli_without_command_prints_help(capsys):
    assert cli_main([]) == 2
    assert "companion" in capsys.readouterr().out
