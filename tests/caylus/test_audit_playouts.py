"""Audit playouts: a smart-ish random player over many seeds, every step judged by an independent
referee (``caylus_referee``) and the engine's invariants; every prestige tile gets built somewhere."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caylus_players import smart_choice
from caylus_referee import Referee
from companion.games import new_game
from companion.games.caylus.invariants import transition_violations, violations

COLOURS = ["red", "blue", "green", "yellow", "black"]
PRESTIGE = {"statue", "theater", "college", "monument", "granary", "weaver", "cathedral", "library", "hotel"}


def play(seed: int, players: int, wishlist=frozenset(), **variants):
    """One smart-ish game judged at every step; returns (final state, disagreements, event types, built tiles)."""
    rnd, referee = random.Random(seed), Referee()
    state = new_game("caylus", COLOURS[:players], seed, **variants)
    problems, seen, built = [], set(), set()
    while not state.is_over:
        action = smart_choice(rnd, state, state.pending(), wishlist)
        after = state.apply(action)
        problems += referee.check(state, action, after)
        problems += violations(after) + transition_violations(state, after)
        seen.update(e["type"] for e in after.events)
        built.update(e["building"] for e in after.events if e["type"] == "built")
        state = after
    return state, problems, seen, built


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_smart_games_agree_with_the_second_referee(players):
    for seed in range(6):
        final, problems, _, _ = play(100 * players + seed, players)
        assert problems == [], (seed, problems[:3])
        assert final.is_over and final.section_under_construction is None


def test_every_prestige_building_is_built_in_some_game_and_the_late_rules_happen():
    built, seen = set(), set()
    for seed in range(300):
        _, problems, events, tiles = play(seed, 2 + seed % 2, frozenset(PRESTIGE - built),
                                          jeweller=bool(seed % 3 == 0))
        assert problems == [], (seed, problems[:3])
        built |= tiles
        seen |= events
        if PRESTIGE <= built and {"favour_cubes", "castle_penalty"} <= seen:
            break
    assert PRESTIGE - built == set()
    assert {"converted", "best_builder", "owner_cube", "favour_cubes", "traded", "sold", "bought", "inn_evicted",
            "beyond_provost", "castle_penalty"} <= seen


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), beginner=st.booleans(),
       tailor=st.sampled_from(["tile", "rulebook"]), farm=st.sampled_from(["cloth", "food"]))
def test_any_seed_and_options_keep_the_rules(seed, players, beginner, tailor, farm):
    final, problems, _, _ = play(seed, players, beginner_favours=beginner, tailor_trade=tailor,
                                 second_wood_farm=farm)
    assert problems == []
    assert final.is_over and sum(s.total for s in final.scores()) >= 0
