"""Phase 1–3 scenarios with exact numbers: income, placement costs, the passing scale, special buildings."""

import pytest

from caylus_scenarios import act, adjust, everyone_passes, kinds, nobody_moves_provost, place, seat, start
from companion.games import RuleError


def test_setup_money_cubes_and_first_income():
    state = start("red", "green", "yellow", "blue")
    # positions 1..4 start with 5, 6, 6, 7 deniers, then the first turn's income of 2
    assert [state.resources(seat(state, c))["denier"] for c in ("red", "green", "yellow", "blue")] == [7, 8, 8, 9]
    assert state.resources(0) == {"food": 2, "wood": 1, "stone": 0, "cloth": 0, "gold": 0, "denier": 7}
    assert state.provost_square == state.bailiff_square == 6
    assert sorted(state.road_tile[1:7]) == sorted(["neutral_farm", "neutral_forest", "neutral_sawmill",
                                                   "neutral_quarry", "neutral_marketplace", "neutral_carpenter"])
    assert state.road_tile[7:9] == ["fixed_peddler", "fixed_carpenter"] and state.road_tile[16] == "gold_mine"


def test_passing_scale_prices_and_the_first_passers_denier():
    state = start("red", "green", "yellow", "blue")
    state = place(state, "red", "gate")                       # nobody passed: 1 denier
    state = act(state, "green", "place", place="pass")        # first to pass: +1 denier
    assert state.events[-1] == {"type": "passed", "player": "green", "bridge": 1, "deniers": 1}
    prices = {o.action.arg("place"): o.cost.get("denier") for o in state.pending().options}
    assert prices["road.7"] == 2 and prices["castle"] == 2 and prices["pass"] is None
    state = place(state, "yellow", 7)                         # the rulebook's example: 2 deniers after one pass
    state = place(state, "blue", "castle")
    state = act(state, "red", "place", place="pass")          # second to pass: no denier
    state = place(state, "yellow", 8)                         # two passed: 3 deniers
    assert [state.resources(seat(state, c))["denier"] for c in ("red", "green", "yellow", "blue")] == \
        [7 - 1, 8 + 1, 8 - 2 - 3, 9 - 2]
    assert state.passing_order_colours == ["green", "red"]


def test_own_building_costs_one_and_others_pay_with_a_point_to_the_owner():
    state = start("red", "green", "yellow")
    state = adjust(state, road_tile=state.road_tile[:9] + ["wood_sawmill"] + state.road_tile[10:],
                   road_owner=[None] * 9 + [seat(state, "green")] + [None] * 19)
    state = act(state, "red", "place", place="pass")
    state = place(state, "green", 9)                          # own building: 1 denier, no point
    assert state.resources(seat(state, "green"))["denier"] == 8 - 1 and state.prestige(seat(state, "green")) == 0
    state = place(state, "yellow", "gate")
    state = everyone_passes(state)
    state = act(state, "yellow", "gate", skip=True)
    state = start("red", "green", "yellow")
    state = adjust(state, road_tile=state.road_tile[:9] + ["wood_sawmill"] + state.road_tile[10:],
                   road_owner=[None] * 9 + [seat(state, "green")] + [None] * 19)
    state = place(state, "red", 9)                            # another's building: passing price, +1 PP to owner
    assert state.resources(seat(state, "red"))["denier"] == 7 - 1
    assert state.prestige(seat(state, "green")) == 1 and state.scores()[1].breakdown["owner_bonus"] == 1


def test_workers_never_go_on_empty_lots_or_residences_and_the_refusal_says_why():
    state = start("red", "green", "yellow")
    with pytest.raises(RuleError) as refusal:
        place(state, "red", 20)
    assert str(refusal.value) == "Red can't place on square 20: nothing is built there"
    state = adjust(state, road_tile=state.road_tile[:9] + ["residence"] + state.road_tile[10:],
                   road_owner=[None] * 9 + [1] + [None] * 19)
    with pytest.raises(RuleError, match="never go on residential"):
        place(state, "red", 9)


def test_one_worker_per_player_in_the_stables_with_the_exact_message():
    state = start("red", "green", "yellow")
    state = place(state, "red", "stables")
    state = act(state, "green", "place", place="pass")
    state = act(state, "yellow", "place", place="pass")
    before = state.to_json()
    with pytest.raises(RuleError) as refusal:
        place(state, "red", "stables")
    assert str(refusal.value) == "Red can't place on the Stables: Red already has a worker there"
    assert (refusal.value.player, refusal.value.place) == ("red", "stables")
    assert state.to_json() == before


def test_stables_reorder_the_turn_as_in_the_rulebook_example():
    # Order Red / Green / Orange(yellow) / Blue; Blue takes stable 1 and Red stable 2.
    state = start("red", "green", "yellow", "blue")
    state = place(state, "red", "gate")
    state = act(state, "green", "place", place="pass")
    state = act(state, "yellow", "place", place="pass")
    state = place(state, "blue", "stables")
    state = place(state, "red", "stables")
    state = everyone_passes(state)
    state = act(state, "red", "gate", skip=True)
    assert state.turn_order_colours == ["blue", "red", "green", "yellow"]
    assert "turn_order" in kinds(state)


def test_inn_right_circle_pays_one_and_a_newcomer_evicts_it():
    state = start("red", "blue", "green")
    state = act(state, "red", "place", place="pass")
    state = place(state, "blue", "inn")
    state = everyone_passes(state)
    state = nobody_moves_provost(state)                       # then the turn ends by itself
    assert state.turn == 2 and state.special_occupants()["inn_right"] == "blue"
    state = act(state, "red", "place", place="pass")          # one pass: others would pay 2 deniers
    assert state.colours[state.pending().player] == "blue"
    prices = {o.action.arg("place"): o.cost["denier"] for o in state.pending().options if o.cost}
    assert set(prices.values()) == {1}                        # blue on the right circle: always 1 denier
    state = everyone_passes(state)
    # nobody entered this turn: blue may stay or take the worker back
    assert state.pending().kind == "inn" and state.colours[state.pending().player] == "blue"
    stayed = act(state, "blue", "inn", stay=True)
    assert stayed.special_occupants()["inn_right"] == "blue"


def test_a_new_inn_guest_evicts_the_old_one():
    state = start("red", "blue", "green")
    state = adjust(state, inn=[None, 1], workers=[6, 5, 6])   # blue already sits on the right circle
    state = place(state, "red", "inn")
    state = everyone_passes(state)
    assert state.special_occupants()["inn_right"] == "red" and state.workers_available(1) == 6
    assert {"type": "inn_evicted", "player": "blue"} in state.events


def test_gate_moves_the_worker_free_and_pays_the_owner_a_point():
    state = start("red", "green", "yellow")
    state = adjust(state, road_tile=state.road_tile[:9] + ["wood_sawmill"] + state.road_tile[10:],
                   road_owner=[None] * 9 + [seat(state, "green")] + [None] * 19)
    state = place(state, "red", "gate")
    state = everyone_passes(state)
    decision = state.pending()
    assert decision.kind == "gate"
    places = {o.action.arg("place") for o in decision.options}
    assert {"castle", "stables", "inn", "trading_post", "road.9"} <= places and "gate" not in places
    deniers = state.resources(0)["denier"]
    state = act(state, "red", "gate", place="road.9")
    assert state.road()[8]["worker"] == "red" and state.prestige(seat(state, "green")) == 1
    assert state.resources(0)["denier"] == deniers


def test_trading_post_pays_three_and_joust_buys_a_favour():
    state = start("red", "green", "yellow")
    state = adjust(state, cubes=[[2, 1, 0, 1, 0], [2, 1, 0, 0, 0], [2, 1, 0, 0, 0]])
    state = place(state, "red", "joust_field")
    state = place(state, "green", "trading_post")
    state = everyone_passes(state)
    assert state.resources(seat(state, "green"))["denier"] == 8 - 1 + 3
    assert state.pending().kind == "joust"
    state = act(state, "red", "joust")
    assert state.pending().kind == "favour" and state.resources(0)["cloth"] == 0


def test_two_player_rules_costs_and_alternating_order():
    state = start("red", "blue")
    assert state.resources(0)["denier"] == state.resources(1)["denier"] == 5 + 2
    assert "stables" not in {o.action.arg("place") for o in state.pending().options}
    state = act(state, "red", "place", place="pass")
    prices = {o.action.arg("place"): o.cost.get("denier") for o in state.pending().options}
    assert prices["road.7"] == 3 and prices["castle"] == 3 and prices["inn"] == 3
    state = place(state, "blue", 7)
    assert state.resources(1)["denier"] == 4
    state = everyone_passes(state)
    state = nobody_moves_provost(state)
    while state.turn == 1:
        state = state.apply(state.pending().options[-1].action)
    assert state.turn_order_colours == ["blue", "red"]
