"""Random complete games for 2 to 7 players: every invariant at every step, exact JSON and replay, the game ending
with the round a city is completed, and nothing secret on the camera's view, the summary or the public events."""

import json

import pytest
from citadels_helpers import COLOURS

from companion.games import load_state
from companion.games.citadels import new_game
from companion.games.citadels import invariants
from companion.games.playout import random_playout

SECRET_KINDS = {"draw", "facedown", "pick", "discard_character", "keep", "discard"}


def _played(players, seed, **variants):
    return random_playout(new_game(list(COLOURS[:players]), seed=seed, **variants), seed=seed)


def _public_names(state):
    return {d for city in state.cities for d in city} | set(state.faceup) | _shown(state)


def _shown(state):
    from companion.games.citadels.view import shown_characters
    return {c for seat in range(state.player_count) for c in shown_characters(state, seat)}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_a_random_game_keeps_every_invariant_and_no_secret_shows(players):
    game = _played(players, seed=100 + players)
    final = game.final
    assert final.is_over and final.completed
    assert any(len(city) == final.complete_at for city in final.cities)
    first_complete_round = None
    for before, action, after in zip(game.states, game.actions, game.states[1:]):
        assert not invariants.violations(after), invariants.violations(after)
        assert not invariants.transition_violations(before, after)
        decision = before.pending()
        if decision.kind in SECRET_KINDS:
            assert decision.is_secret, decision.kind
        public = after.view(None)
        names = {p.name for _, pieces in public.occupied() for p in pieces if p.name}
        assert names <= _public_names(after) | {None}
        assert all(set(counts) == {"gold", "hand"} for counts in public.supplies.values())
        assert all("private_to" in e for e in after.events if e["type"] in ("drew", "picked", "kept_card",
                                                                            "discarded_card", "put_aside",
                                                                            "facedown_aside"))
        if after.completed and first_complete_round is None:
            first_complete_round = after.round
    assert final.round == first_complete_round                  # the game ends with the round a city completes


def test_positions_survive_json_and_a_replay_is_the_same_game():
    game = _played(4, seed=9)
    for state in game.states[::37] + [game.final]:
        again = load_state(json.loads(json.dumps(state.to_json())))
        assert again.position() == state.position() and again.legal_actions() == state.legal_actions()
    replayed = new_game(list(COLOURS[:4]), seed=9).apply_all(game.actions)
    assert replayed.position() == game.final.position()
    assert [s.to_json() for s in replayed.scores()] == [s.to_json() for s in game.final.scores()]


@pytest.mark.parametrize("players, complete_at", [(2, 8), (3, 8), (4, 7), (7, 7)])
def test_a_city_is_complete_at_seven_or_at_eight_with_two_or_three_players(players, complete_at):
    assert new_game(list(COLOURS[:players]), seed=1).complete_at == complete_at


def test_the_classic_variant_plays_to_eight_districts():
    game = _played(5, seed=4, classic_city=True)
    assert game.final.complete_at == 8 and max(len(city) for city in game.final.cities) == 8
    assert not invariants.violations(game.final)


def test_the_tie_break_is_the_highest_rank_chosen_last_round_and_only_once_over():
    game = _played(4, seed=12)
    final = game.final
    for score in final.scores():
        ranks = [final.all_characters().index(c) + 1 for c in final.picks[score.player]]
        assert score.tiebreak == (max(ranks),)
    midgame = game.states[len(game.states) // 2]
    assert all(score.tiebreak == () for score in midgame.scores())


def test_a_bad_option_is_refused_in_words():
    from companion.games import RuleError
    with pytest.raises(RuleError, match="option classic_city"):
        new_game(["red", "blue", "green", "yellow"], seed=1, classic_city="yes")
    with pytest.raises(RuleError, match="2 to 7 players"):
        new_game(["red"], seed=1)
