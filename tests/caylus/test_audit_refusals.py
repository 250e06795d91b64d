"""Audit of refusals: every kind of illegal decision gets a sentence a player can read ("Red can't …: …")
with the specific reason, and malformed input (nested lists, objects) is refused, never a crash."""

import pytest

from caylus_scenarios import act, adjust, everyone_passes, give, nobody_moves_provost, place, seat, start, with_tile
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


def _activate(state, colour, square):
    """``colour`` alone places a worker on ``square``; everyone passes; the road is activated up to it."""
    state = place(state, colour, square)
    state = everyone_passes(state)
    return nobody_moves_provost(state)


def test_lawyer_refusals_name_the_rule_broken():
    state = start("red", "blue", "green")
    state = with_tile(state, 9, "lawyer", seat(state, "red"))
    state = with_tile(state, 10, "wood_sawmill", seat(state, "blue"))
    state = with_tile(state, 11, "residence", seat(state, "red"))
    state = with_tile(state, 12, "mason", seat(state, "red"))
    state = give(state, "red", cloth=1)
    state = adjust(state, provost=12)
    state = _activate(state, "red", 9)
    assert state.pending().kind == "convert"
    assert str(refusal(state, "red", "convert", square=10)) == (
        "Red can't transform the Sawmill (square 10): it belongs to Blue; the lawyer transforms neutral "
        "buildings or your own")
    assert str(refusal(state, "red", "convert", square=9)) == \
        "Red can't transform the Lawyer (square 9): the lawyer can never be transformed"
    assert str(refusal(state, "red", "convert", square=7)) == \
        "Red can't transform the Peddler (square 7): it is printed on the board"
    assert str(refusal(state, "red", "convert", square=11)) == \
        "Red can't transform the Residence (square 11): the lawyer can't transform residential buildings"
    assert str(refusal(state, "red", "convert", square=20)) == "Red can't transform square 20: nothing is built there"
    converted = act(state, "red", "convert", square=12)          # own craft building: allowed
    assert converted.road_tile[12] == "residence"


def test_market_peddler_and_trade_refusals_say_what_is_missing():
    state = start("red", "blue", "green")
    state = with_tile(state, 9, "bank", seat(state, "blue"))
    state = adjust(state, provost=9)
    peddler = _activate(state, "red", 7)
    assert str(refusal(peddler, "red", "buy", cubes=["gold"])) == \
        "Red can't buy gold at the Peddler (square 7): peddlers never sell gold"
    assert str(refusal(peddler, "red", "buy", cubes=["stone", "stone"])) == \
        "Red can't buy 2 cubes at the Peddler (square 7): it sells 1 cube"
    bank = _activate(adjust(state, deniers=[5, 7, 7]), "red", 9)   # 1 paid to place: 4 left
    assert str(refusal(bank, "red", "trade", trade=1)) == \
        "Red can't trade 5 deniers at the Bank (square 9): it takes 5 deniers and Red has 4"
    market = _activate(adjust(state, road_tile=[None, "neutral_marketplace"] + state.road_tile[2:]), "red", 1)
    assert str(refusal(market, "red", "sell", cube="gold")) == \
        "Red can't sell gold at the Marketplace (square 1): Red has no gold"


def test_joust_production_owner_cube_and_favour_refusals():
    state = start("red", "blue", "green")
    state = with_tile(state, 9, "park", seat(state, "blue"))
    state = adjust(state, provost=9)
    state = give(state, "red", cloth=1)
    state = place(state, "red", "joust_field")
    state = place(state, "blue", "gate")
    state = place(state, "green", 9)
    state = everyone_passes(state)
    state = act(state, "blue", "gate", skip=True)
    assert str(refusal(state, "red", "joust", skip=False, extra=1)).startswith("Red can't joust with")
    state = act(state, "red", "joust")
    state = act(state, "red", "favour", row="resources")          # column 1: a food, automatic
    state = nobody_moves_provost(state)
    assert state.pending().kind == "owner_bonus"
    assert str(refusal(state, "blue", "owner_bonus", cube="gold")) == \
        "Blue can't take 'gold' as the owner's cube: the building gives its owner wood or food"


def test_favour_column_and_builder_kind_refusals():
    state = start("red", "blue", "green")
    state = adjust(state, section=1, max_column=4, favour=[[0, 0, 2, 2], [0] * 4, [0] * 4])
    state = give(state, "red", cloth=1, stone=1, wood=1)
    state = place(state, "red", "joust_field")
    state = everyone_passes(state)
    state = act(state, "red", "joust")
    resources = act(state, "red", "favour", row="resources")
    assert str(refusal(resources, "red", "favour_resources", column=5, take=["gold"])) == \
        "Red can't use column 5 of the resources row: the marker is on column 3"
    building = act(state, "red", "favour", row="buildings")
    assert str(refusal(building, "red", "favour_building", column=2, building="bank", pay=["wood"])) == \
        "Red can't build the Bank with column 2 of the buildings row: it builds wood buildings"
    assert str(refusal(building, "red", "favour_building", column=3, building="bank", pay=["stone"])) == \
        "Red can't build the Bank paying stone: it costs 1 stone + 1 wood (less the favour's discount)"
    carpenter = _activate(adjust(start("red", "blue", "green"), provost=8), "red", 8)
    assert str(refusal(carpenter, "red", "build", building="bank", pay=["stone", "wood"])) == \
        "Red can't build the Bank at the Carpenter (square 8): it builds wood buildings only"
    assert str(refusal(carpenter, "red", "build", building="mason", pay=["food", "food"])) == \
        "Red can't build the Mason paying food, food: it costs 1 wood + 1 food"
