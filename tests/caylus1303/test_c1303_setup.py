"""Setup: the table lays out the tiles, draws the first player and players + 3 characters; the draft runs backwards."""

import pytest

from c1303_helpers import goods_of, start
from companion.games import CHANCE, Action, RuleError
from companion.games.caylus1303 import INFO, new_game
from companion.games.caylus1303.data import first_game_characters

COLOURS = ["blue", "red", "green", "yellow", "black"]


def test_the_table_lays_out_the_tiles_in_the_seeds_order_as_chance_decisions():
    state = new_game(COLOURS[:3], seed=1)
    slots = []
    while state.pending().kind == "setup_tile":
        decision = state.pending()
        assert decision.is_chance and abs(sum(p for _, p in decision.probabilities()) - 1) < 1e-9
        slots.append(decision.context["slot"])
        state = state.apply(decision.options[0].action)
    # the last starting tile left is the only outcome for road.8: taken at once
    assert slots == ["worksite.1"] + [f"road.{i}" for i in range(1, 8)] + ["worksite.2", "road.9", "worksite.3",
                                                                          "road.14"]
    assert state.road_tile[7] is not None and all(state.road_side[i] == "start" for i in (0, 7, 8, 13))
    assert len(state.wood_supply) == len(state.stone_supply) == 7 and state.start_pool == []


def test_two_farms_among_the_starting_tiles_make_a_farm_twice_as_likely():
    decision = new_game(COLOURS[:2], seed=1).pending()
    odds = dict((action.arg("tile"), p) for action, p in decision.probabilities())
    assert odds["start_farm"] == pytest.approx(2 / 9) and odds["start_quarry"] == pytest.approx(1 / 9)


def test_the_stonemason_never_goes_on_the_road_at_setup_but_may_go_on_the_worksite():
    state = new_game(COLOURS[:2], seed=1)
    while state.pending().context.get("slot") != "worksite.2":
        state = state.apply(state.pending().options[0].action)
    assert "stonemason" in {a.arg("tile") for a in state.pending().actions}
    on_road = state.apply(Action(CHANCE, "setup_tile", {"slot": "worksite.2", "tile": "manor"}))
    assert on_road.pending().context["slot"] == "road.9"
    assert "stonemason" not in {a.arg("tile") for a in on_road.pending().actions}
    with pytest.raises(RuleError):
        on_road.apply(Action(CHANCE, "setup_tile", {"slot": "road.9", "tile": "stonemason"}))


@pytest.mark.parametrize("players, workers, camp", [(2, 10, 5), (3, 6, 9), (4, 6, 9), (5, 10, 5)])
def test_workers_by_player_count_the_rest_in_the_camp(players, workers, camp):
    state = start(COLOURS[:players])
    assert state.workers == [workers] * players and state.camp == [camp] * players


def test_each_player_starts_with_2_1_1_goods_9_houses_to_build_and_no_prestige():
    state = start(COLOURS[:4])
    assert all(goods_of(state, seat) == {"food": 1, "wood": 2, "stone": 1, "cloth": 0, "gold": 0} for seat in range(4))
    assert state.houses == [9] * 4 and state.pp == [0] * 4
    assert state.provost == 8, "the provost starts just before the wood building, past the 8 starting buildings"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_players_plus_three_characters_drafted_from_the_last_player_backwards_three_left_on_the_board(players):
    state = new_game(COLOURS[:players], seed=1)
    while state.pending().kind == "setup_tile":
        state = state.apply(state.pending().options[0].action)
    first = 1
    state = state.apply(Action(CHANCE, "first_player", {"seat": first}))
    draws = 0
    while state.pending().kind == "draw_character":
        state = state.apply(state.pending().options[0].action)
        draws += 1
    assert draws == players + 3 and len(state.drawn) == players + 3
    pickers = []
    while state.phase == "setup":
        decision = state.pending()
        assert decision.kind == "choose_character" and not decision.is_secret
        pickers.append(decision.player)
        state = state.apply(decision.options[0].action)
    assert pickers == [(first - k) % players for k in range(1, players + 1)]
    assert pickers[-1] == first
    assert len(state.board_characters) == 3 and all(len(held) == 1 for held in state.characters)
    assert state.phase == "planning" and state.turn_seat == first


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_first_game_variant_uses_the_recommended_characters(players):
    state = new_game(COLOURS[:players], seed=2, first_game_characters=True)
    while state.pending().kind == "setup_tile":
        state = state.apply(state.pending().options[0].action)
    state = state.apply(Action(CHANCE, "first_player", {"seat": 0}))
    assert state.pending().kind == "choose_character"
    assert sorted(a.arg("character") for a in state.pending().actions) == sorted(first_game_characters(players))
    assert len(first_game_characters(players)) == players + 3


def test_a_bad_setup_is_refused_in_words():
    with pytest.raises(RuleError, match="2 to 5 players"):
        new_game(["blue"], seed=1)
    with pytest.raises(RuleError, match="no 'purple' pieces"):
        new_game(["blue", "purple"], seed=1)
    with pytest.raises(RuleError, match="different colour"):
        new_game(["blue", "blue"], seed=1)
    with pytest.raises(RuleError, match="no option"):
        new_game(["blue", "red"], seed=1, castle=True)
    with pytest.raises(RuleError, match="first_game_characters"):
        new_game(["blue", "red"], seed=1, first_game_characters="yes")
    assert INFO.min_players == 2 and INFO.max_players == 5
