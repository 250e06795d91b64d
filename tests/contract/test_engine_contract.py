"""The engine half of the pack contract: what every game's rules must do for the layers above to trust them."""

import json
import random

import pytest

from companion.games import CHANCE, Action, RuleError, load_state
from companion.games.playout import random_playout

from .conftest import seat_colours

SEEDS = (1, 2)


def _games(pack):
    info = pack.info
    for count in sorted({info.min_players, info.max_players}):
        for seed in SEEDS:
            yield random_playout(pack.new_game(seat_colours(pack, count), seed), seed)


def test_every_random_game_ends_with_a_score_for_every_seat(pack):
    for game in _games(pack):
        final = game.final
        assert final.is_over and final.pending() is None and final.current_player is None
        seats = len(final.view().players)
        assert sorted(score.player for score in final.scores()) == list(range(seats))
        assert set(final.winners()) <= set(range(seats)) and final.winners()


def test_every_position_survives_json_exactly(pack):
    for game in _games(pack):
        for state in game.states[:: max(1, len(game.states) // 60)] + [game.final]:
            again = load_state(json.loads(json.dumps(state.to_json())))
            assert again.position() == state.position()
            assert again.legal_actions() == state.legal_actions()


def _illegal_actions(state, chooser):
    decision = state.pending()
    legal = set(decision.actions)
    wrong_seat = (decision.player + 1) % max(2, len(state.view().players)) if not decision.is_chance else 0
    some = chooser.choice(decision.options).action
    candidates = [Action(wrong_seat, some.kind, dict(some.args)),
                  Action(decision.player, "no_such_decision", {}),
                  Action(decision.player, some.kind, {**dict(some.args), "unheard_of": 999})]
    if not decision.is_chance:
        candidates.append(Action(CHANCE, some.kind, dict(some.args)))
    return [action for action in candidates if action not in legal]


def test_an_illegal_action_is_refused_with_a_rule_error_and_changes_nothing(pack):
    chooser = random.Random(7)
    for game in _games(pack):
        for state in game.states[:-1][:: max(1, len(game.states) // 25)]:
            before = json.dumps(state.to_json(), sort_keys=True)
            for action in _illegal_actions(state, chooser):
                with pytest.raises(RuleError) as refusal:
                    state.apply(action)
                assert str(refusal.value)
                assert json.dumps(state.to_json(), sort_keys=True) == before


def test_chance_outcomes_have_probabilities_that_sum_to_one(pack):
    for game in _games(pack):
        for state in game.states:
            decision = state.pending()
            if decision is not None and decision.is_chance and not decision.open_outcomes:
                assert decision.options and abs(sum(p for _, p in decision.probabilities()) - 1.0) < 1e-9
                assert all(option.action.player == CHANCE for option in decision.options)


def test_a_secret_choice_never_changes_what_the_camera_sees(pack):
    """All the options of a secret decision lead to the same ``view(None)``: nothing on the table gives it away."""
    for game in _games(pack):
        for state in game.states:
            decision = state.pending()
            if decision is None or not decision.is_secret:
                continue
            seen = {json.dumps(state.apply(action).view(None).to_json(), sort_keys=True)
                    for action in decision.actions}
            assert len(seen) == 1, f"{pack.title}: the secret {decision.kind} shows on the table"


def test_a_seat_view_adds_to_the_camera_view_and_names_the_seat(pack):
    for game in _games(pack):
        state = game.states[len(game.states) // 2]
        public = state.view(None).to_json()
        assert "private" not in public and "seat" not in public
        for seat in range(len(public["players"])):
            own = state.view(seat).to_json()
            assert own["seat"] == seat
            assert {k: v for k, v in own.items() if k not in ("seat", "private")} == public


def test_the_summary_is_json(pack):
    for game in _games(pack):
        for state in (game.states[0], game.final):
            assert json.loads(json.dumps(state.summary())) == state.summary()


def test_a_bad_setup_is_refused_in_words(pack):
    info = pack.info
    with pytest.raises(RuleError):
        pack.new_game(seat_colours(pack, info.min_players), 1, no_such_option=True)
    if info.max_players < len(info.colours):
        with pytest.raises(RuleError):
            pack.new_game(list(info.colours[: info.max_players + 1]), 1)
