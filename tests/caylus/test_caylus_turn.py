"""Phase 4–7 scenarios with exact numbers: provost, activation, lawyer, castle, counts, favours, the end."""

import pytest

from caylus_scenarios import act, adjust, everyone_passes, give, kinds, nobody_moves_provost, place, seat, start
from companion.games import RuleError


def _with_tile(state, square, tile, owner=None):
    tiles, owners = list(state.road_tile), list(state.road_owner)
    tiles[square], owners[square] = tile, owner
    stock = dict(state.stock)
    if tile in stock:
        stock[tile] -= 1
    houses = list(state.houses)
    if owner is not None:
        houses[owner] -= 1
    return adjust(state, road_tile=tiles, road_owner=owners, stock=stock, houses=houses)


def test_provost_moves_in_passing_order_at_a_denier_per_square():
    # Rulebook example: Blue passes, Orange −2, Red +2, Green −1: the provost ends one square back.
    state = start("red", "green", "yellow", "blue")
    state = act(state, "red", "place", place="road.7")
    state = act(state, "green", "place", place="road.8")
    state = act(state, "yellow", "place", place="pass")
    state = act(state, "blue", "place", place="pass")
    state = act(state, "red", "place", place="pass")
    state = act(state, "green", "place", place="pass")
    money = {c: state.resources(seat(state, c))["denier"] for c in state.colours}
    assert state.pending().kind == "provost" and state.colours[state.pending().player] == "yellow"
    state = act(state, "yellow", "provost", steps=-2)
    state = act(state, "blue", "provost", steps=0)
    state = act(state, "red", "provost", steps=2)
    with pytest.raises(RuleError, match="at most 3"):
        act(state, "green", "provost", steps=-4)
    state = act(state, "green", "provost", steps=-1)
    assert [e["square"] for e in state.events if e["type"] == "provost_reset"] == [7]  # bailiff 6→7 (provost 5 behind)
    after = {c: state.resources(seat(state, c))["denier"] for c in state.colours}
    spent = {c: money[c] + 2 - after[c] for c in state.colours}  # +2: the next turn's income is paid already
    assert spent["yellow"] == 2 and spent["red"] == 2 and spent["green"] == 1 and spent["blue"] == 0
    # provost reached square 5: the peddler (7) and carpenter (8) workers went home unused
    assert [e["square"] for e in state.events if e["type"] == "beyond_provost"] == [7, 8]


def test_the_provost_cannot_leave_the_road():
    state = start("red", "green", "yellow")
    state = adjust(state, provost=27, bailiff=20)
    state = everyone_passes(state)
    before = state.to_json()
    who = state.colours[state.pending().player]
    with pytest.raises(RuleError) as refusal:
        act(state, who, "provost", steps=3)
    assert "beyond the last square (28)" in str(refusal.value) and refusal.value.rule == "provost stays on the road"
    assert state.to_json() == before
    assert max(o.action.arg("steps") for o in state.pending().options) == 1
    low = adjust(everyone_passes(start("red", "green", "yellow")), provost=2)
    with pytest.raises(RuleError, match="past the bridge"):
        act(low, low.colours[low.pending().player], "provost", steps=-2)


def test_bailiff_moves_two_when_the_provost_is_ahead():
    state = everyone_passes(start("red", "green", "yellow"))
    state = act(state, "red", "provost", steps=1)              # red passed first
    state = nobody_moves_provost(state)
    assert state.bailiff_square == 8 and state.provost_square == 8


def test_lawyer_conversion_waits_for_the_worker_on_the_target():
    state = start("red", "blue", "green")
    state = _with_tile(state, 9, "lawyer", seat(state, "red"))
    state = _with_tile(state, 10, "wood_sawmill", seat(state, "red"))
    state = give(state, "red", cloth=1)
    state = place(state, "red", 9)                             # own building: 1
    state = place(state, "blue", 10)                           # red's building: +1 PP for red
    state = act(state, "green", "place", place="pass")
    state = everyone_passes(state)
    state = act(state, "green", "provost", steps=0)
    state = act(state, "red", "provost", steps=3)
    state = act(state, "blue", "provost", steps=1)
    assert state.pending().kind == "convert" and state.provost_square == 10
    red_deniers = state.resources(0)["denier"]
    state = act(state, "red", "convert", square=10)
    # paid at once, converted only after Blue's worker used the sawmill; the turn then ends and the
    # next income is 2 + 1 for the new residence
    assert state.turn == 2 and [e for e in state.events if e["type"] == "income"][0]["deniers"] == 3
    assert state.resources(0)["denier"] == red_deniers - 1 + 3 and state.resources(0)["cloth"] == 0
    order = kinds(state)
    assert order.index("conversion_deferred") < order.index("produced") < order.index("converted")
    assert state.road_tile[10] == "residence" and state.resources(1)["wood"] == 1 + 2
    assert state.prestige(0) == 1 + 2 and state.stock["wood_sawmill"] == 1


def test_stone_production_gives_the_owner_a_cube_of_their_choice():
    state = start("red", "green", "yellow")
    state = _with_tile(state, 5, "park", seat(state, "green"))
    state = place(state, "red", 5)
    state = everyone_passes(state)
    state = nobody_moves_provost(state)
    # red's production was automatic (one choice); green now picks the owner's cube
    assert state.resources(0)["wood"] == 1 + 2 and state.resources(0)["food"] == 2 + 1
    assert state.pending().kind == "owner_bonus" and state.colours[state.pending().player] == "green"
    state = act(state, "green", "owner_bonus", cube="wood")
    assert state.resources(seat(state, "green"))["wood"] == 2


def test_architect_builds_a_prestige_building_on_a_residence_with_its_favour():
    state = start("red", "blue", "green")
    state = _with_tile(state, 3, "residence", seat(state, "red"))
    state = _with_tile(state, 4, "architect", seat(state, "blue"))
    state = give(state, "red", stone=2, gold=1)
    state = place(state, "red", 4)
    state = everyone_passes(state)
    state = nobody_moves_provost(state)
    statue = [o for o in state.pending().options if o.action.arg("building") == "statue"]
    assert len(statue) == 1 and statue[0].action.arg("square") == 3
    state = state.apply(statue[0].action)
    assert state.road_tile[3] == "statue" and state.prestige(0) == 7
    assert state.pending().kind == "favour" and state.prestige(seat(state, "blue")) == 1


def test_church_trade_scores_in_the_trades_category():
    state = start("red", "blue", "green")
    state = _with_tile(state, 5, "church", seat(state, "blue"))
    state = place(state, "red", 5)
    state = everyone_passes(state)
    state = nobody_moves_provost(state)
    state = act(state, "red", "trade", trade=1)               # 4 deniers for 5 PP
    assert state.prestige(0) == 5 and state.scores()[0].breakdown["trades"] == 5


def _castle_turn(state, *entrants):
    for colour in entrants:
        state = place(state, colour, "castle")
    return nobody_moves_provost(everyone_passes(state))


def test_castle_batches_and_the_best_builder_tie_goes_to_the_first_in():
    state = start("red", "green", "blue")
    state = give(give(state, "red", stone=1), "green", stone=1)
    state = _castle_turn(state, "red", "green")
    assert state.pending().kind == "castle"
    batch = [o for o in state.pending().options if not o.action.arg("skip")]
    assert [o.action.arg("cubes") for o in batch] == [("food", "stone", "wood")]
    state = act(state, "red", "castle", cubes=["food", "stone", "wood"])
    state = act(state, "green", "castle", cubes=["food", "stone", "wood"])   # then nothing left: stops itself
    assert state.castle_contents()["dungeon"] == ["red", "green"]
    assert state.prestige(0) == 5 and state.prestige(1) == 5
    assert state.pending().kind == "favour" and state.colours[state.pending().player] == "red"


def test_rulebook_example_two_batches_straddle_dungeon_and_walls():
    # Red gives 1 batch (the 5th dungeon part), Green 2: the last dungeon part and the first walls part.
    state = start("red", "green", "blue")
    state = adjust(state, castle=[[2] * 4, [], []], houses=[20, 20, 16])
    state = give(give(state, "red", stone=1), "green", food=1, stone=2, cloth=1)
    state = _castle_turn(state, "red", "green")
    state = act(state, "red", "castle", cubes=["food", "stone", "wood"])
    state = act(state, "green", "castle", cubes=["food", "stone", "wood"])
    state = act(state, "green", "castle", cubes=["cloth", "food", "stone"])
    assert state.castle_contents()["dungeon"][-2:] == ["red", "green"]
    assert state.castle_contents()["walls"] == ["green"]
    assert state.prestige(0) == 5 and state.prestige(1) == 5 + 4
    assert {"type": "best_builder", "player": "green", "houses": 2} in state.events
    assert state.pending().kind == "favour" and state.colours[state.pending().player] == "green"


def test_castle_worker_without_a_batch_loses_two_but_never_below_zero():
    state = start("red", "green", "blue")
    state = adjust(state, pp=[1, 0, 0], breakdown=[{"castle": 1}, {}, {}], cubes=[[0, 1, 0, 0, 0]] + [[2, 1, 0, 0, 0]] * 2)
    state = _castle_turn(state, "red")
    assert state.prestige(0) == 0 and state.scores()[0].breakdown["penalties"] == -1
    assert {"type": "castle_penalty", "player": "red", "pp": -1} in state.events


def _count_now(state, bailiff):
    """Jump to the end of the turn with the bailiff one step before ``bailiff``."""
    return adjust(state, phase="end_turn", bailiff=bailiff - 1, provost=bailiff - 1, passed=[0, 1, 2, 3][:len(state.colours)])


def test_dungeon_count_as_in_the_rulebook_example():
    # Turn order Red, Blue, Orange(yellow), Green; Red 2 houses, Blue 3, Yellow 0, Green 1 (+1 in the walls).
    state = start("red", "blue", "yellow", "green")
    r, b, y, g = 0, 1, 2, 3
    state = adjust(state, castle=[[r, b, r, b, b, g], [g], []], pp=[0, 0, 1, 0],
                   breakdown=[{}, {}, {"castle": 1}, {}])
    state = _count_now(state, 8)                               # the full dungeon triggers the count
    scored = {e["player"]: (e["houses"], e["pp"], e["favours"]) for e in state.events if e["type"] == "section_scored"}
    assert scored == {"red": (2, 0, 1), "blue": (3, 0, 1), "yellow": (0, -1, 0), "green": (1, 0, 0)}
    assert state.pending().kind == "favour" and state.colours[state.pending().player] == "red"
    assert state.max_column == 2                               # columns 3–4 open only after the count
    state = act(state, "red", "favour", row="prestige")
    state = act(state, "blue", "favour", row="deniers")
    assert state.max_column == 4 and state.section_under_construction == "walls"
    assert state.prestige(0) == 1 and state.resources(1)["denier"] == 8 + 3 + 2  # favour, next income


def test_a_marker_cannot_pass_column_two_during_the_dungeon_count():
    state = start("red", "blue", "yellow")
    state = adjust(state, castle=[[2, 2], [], []], favour=[[0] * 4, [0] * 4, [2, 0, 0, 0]])
    state = _count_now(state, 12)                               # bailiff reaches the dungeon count square
    state = act(state, "yellow", "favour", row="prestige")
    assert state.favour_positions(2)["prestige"] == 2 and state.prestige(2) == 2
    assert state.scores()[0].breakdown["penalties"] == 0        # red had nothing to lose


def test_walls_count_three_favours_on_three_different_rows():
    state = start("red", "blue", "yellow")
    state = adjust(state, section=1, max_column=4, castle=[[0] * 6, [0] * 5, []])
    state = _count_now(state, 18)
    state = act(state, "red", "favour", row="prestige")
    rows = {o.action.arg("row") for o in state.pending().options}
    assert rows == {"deniers", "resources", "buildings"}
    with pytest.raises(RuleError, match="different rows"):
        act(state, "red", "favour", row="prestige")
    state = act(state, "red", "favour", row="deniers")
    state = act(state, "red", "favour", row="resources")        # column 1: a food, no choice
    assert state.max_column == 5 and state.resources(0)["food"] == 2 + 1
    assert state.favour_positions(0) == {"prestige": 1, "deniers": 1, "resources": 1, "buildings": 0}


def test_resources_row_column_four_trades_one_cube_for_two():
    state = start("red", "blue", "yellow")
    state = adjust(state, section=2, max_column=5, favour=[[0, 0, 3, 0], [0] * 4, [0] * 4],
                   castle=[[0] * 6, [0] * 10, [0] * 2])
    state = _count_now(state, 24)                              # towers count: red 2 houses → 1 favour
    state = act(state, "red", "favour", row="resources")
    assert state.pending().kind == "favour_resources"
    columns = {o.action.arg("column") for o in state.pending().options}
    assert columns == {1, 2, 3, 4}
    state = act(state, "red", "favour_resources", column=4, give="wood", take=["stone", "stone"])
    assert state.resources(0)["stone"] == 2 and state.resources(0)["wood"] == 0
    assert state.is_over


def test_beginner_favours_are_three_points_each():
    state = start("red", "blue", "yellow", beginner_favours=True)
    state = adjust(state, section=1, max_column=4, castle=[[0] * 6, [0] * 5, []])
    state = _count_now(state, 18)
    assert state.prestige(0) == 9 and state.scores()[0].breakdown["favours"] == 9


def test_end_game_conversion_after_the_towers_count():
    state = start("red", "blue", "yellow")
    state = adjust(state, section=2, max_column=5, pp=[10, 0, 0], breakdown=[{"castle": 10}, {}, {}],
                   cubes=[[4, 3, 0, 0, 2], [0] * 5, [0] * 5], deniers=[9, 0, 3])
    state = _count_now(state, 24)
    assert state.is_over and state.pending() is None
    red = state.scores()[0]
    # towers: no house −4; then 2 gold ×3 + 7 cubes // 3 + 9 deniers // 4 = 6 + 2 + 2
    assert red.breakdown["penalties"] == -4 and red.breakdown["end_game"] == 10 and red.total == 16
    assert sum(red.breakdown.values()) == red.total
    assert state.winners() == [0]


def test_tied_leaders_share_the_win():
    state = start("red", "blue", "yellow")
    state = adjust(state, section=2, max_column=5, pp=[7, 7, 3], breakdown=[{"castle": 7}, {"castle": 7}, {"castle": 3}],
                   cubes=[[0] * 5] * 3, deniers=[0, 0, 0], castle=[[0] * 6, [0] * 10, [0, 1]])
    state = _count_now(state, 24)
    assert state.is_over and state.winners() == [0, 1]
