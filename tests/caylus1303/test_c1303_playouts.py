"""Random complete games of 2–5 players: every invariant at every step, exact JSON, deterministic replay, refusals."""

import json
import random

import pytest

from companion.cli import main
from companion.games import CHANCE, Action, RuleError, load_state, new_game
from companion.games.caylus1303.invariants import transition_violations, violations
from companion.games.playout import choose, random_playout

COLOURS = ["blue", "red", "green", "yellow", "black"]


def _eager(chooser, decision):
    """A random player that seldom passes or skips, to reach the late rules (landmarks, journeyman, full road …)."""
    if decision.is_chance:
        return choose(decision, chooser)
    doing = [o for o in decision.options if not (o.action.arg("skip") or o.action.arg("stop")
                                                 or o.action.arg("place") == "pass" or o.action.arg("steps") == 0)]
    if doing and chooser.random() < 0.9:
        return chooser.choice(doing).action
    return chooser.choice(decision.options).action


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_uniform_random_games_keep_every_invariant_end_after_round_nine_and_replay_exactly(players):
    for seed in range(12):
        colours = COLOURS[:players]
        broken = []

        def check(before, action, after):
            broken.extend(f"{action}: {v}" for v in violations(after) + transition_violations(before, after))

        game = random_playout(new_game("caylus1303", colours, seed), seed, on_step=check)
        assert broken == [], broken[:3]
        final = game.final
        assert final.is_over and final.round == 9 and final.phase == "over"
        assert new_game("caylus1303", colours, seed).apply_all(game.actions) == final
        for score in final.scores():
            assert sum(score.breakdown.values()) == score.total >= 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_eager_games_round_trip_through_json_and_never_change_the_state_they_are_applied_to(players):
    seen_kinds = set()
    for game in range(6):
        seed = 100 + game * 5 + players
        chooser = random.Random(seed)
        state = new_game("caylus1303", COLOURS[:players], seed, first_game_characters=bool(game % 2))
        while not state.is_over:
            decision = state.pending()
            seen_kinds.add(decision.kind)
            assert decision.options and len(set(decision.actions)) == len(decision.options)
            assert len(decision.options) > 1, "single-option decisions are taken at once"
            again = load_state(json.loads(json.dumps(state.to_json())))
            assert again == state and again.pending().actions == decision.actions
            action = _eager(chooser, decision)
            before = state.to_json()
            after = state.apply(action)
            assert state.to_json() == before
            assert violations(after) == [] and transition_violations(state, after) == []
            state = after
        assert all(score.total >= 0 for score in state.scores())
    assert {"place", "bridge", "trade", "build", "deliver", "favour", "setup_tile",
            "draw_character", "choose_character"} <= seen_kinds


def test_eager_games_reach_the_full_set_of_rules():
    """Over a few eager games every kind of event happens at least once (landmarks, journeyman, owner bonus …)."""
    events = set()
    for seed in range(30):
        chooser = random.Random(seed)
        state = new_game("caylus1303", COLOURS[:4], seed)
        while not state.is_over:
            state = state.apply(_eager(chooser, state.pending()))
            events |= {e["type"] for e in state.events} | {"journeyman" for e in state.events if e.get("journeyman")}
    assert {"built", "landmark_built", "house_placed", "residence", "owner_bonus", "delivered", "most_bundles",
            "character_taken", "favour_worksite", "traded", "beyond_provost", "journeyman", "game_over"} <= events


def test_refusals_name_the_player_and_change_nothing():
    state = new_game("caylus1303", COLOURS[:3], 4)
    while state.pending().kind != "place":
        state = state.apply(choose(state.pending(), random.Random(1)))
    before = state.to_json()
    seat = state.pending().player
    other = (seat + 1) % 3
    with pytest.raises(RuleError, match="can't act now") as wrong_turn:
        state.apply(Action(other, "place", {"place": "fair"}))
    assert wrong_turn.value.rule == "not your turn" and wrong_turn.value.player == COLOURS[other]
    with pytest.raises(RuleError, match="must place a worker"):
        state.apply(Action(seat, "deliver", {"stop": True}))
    with pytest.raises(RuleError):
        state.apply(Action(CHANCE, "place", {"place": "fair"}))
    with pytest.raises(RuleError, match="no space 40"):
        state.apply(Action(seat, "place", {"place": "road.40"}))
    assert state.to_json() == before
    final = random_playout(state, 3).final
    with pytest.raises(RuleError, match="game is over"):
        final.apply(Action(0, "place", {"place": "fair"}))


def test_a_saved_game_of_another_kind_is_refused():
    state = new_game("caylus1303", COLOURS[:2], 1)
    with pytest.raises(ValueError, match="not a saved Caylus 1303 game"):
        type(state).from_json({"game": "caylus"})
    with pytest.raises(ValueError, match="incomplete or malformed"):
        load_state({"game": "caylus1303", "format": 1, "colours": ["blue", "red"]})


@pytest.mark.parametrize("players", [2, 5])
def test_companion_simulate_plays_the_pack_with_its_invariants(players, capsys):
    assert main(["simulate", "caylus1303", "--players", str(players), "--games", "4", "--seed", "9"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["finished"] == 4 and report["invariant_violations"] == 0 and report["crashes"] == 0
    assert report["mean_turns"] == 9 and report["checked"]
