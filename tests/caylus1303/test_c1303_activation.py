"""Phase 2, activation: the printed buildings, the Guilds Bridge, the Bailiff, every road building up to the provost."""

import pytest

from c1303_helpers import act, adjust, events_of, everyone_passes, goods_of, holding, nobody_moves_provost, \
    pass_turn, place, start
from companion.games import Action, RuleError

COLOURS = ["blue", "red", "green", "yellow", "black"]


def with_tile(state, space, tile_id, side, owner=None):
    """``tile_id`` (taken from its supply) on road ``space``, ``side`` up, owned by ``owner``."""
    index = space - 1
    tiles, sides, owners = list(state.road_tile), list(state.road_side), list(state.road_owner)
    tiles[index], sides[index], owners[index] = tile_id, side, owner
    houses = list(state.houses)
    if owner is not None:
        houses[owner] -= 1
    return adjust(state, road_tile=tiles, road_side=sides, road_owner=owners, houses=houses,
                  wood_supply=[t for t in state.wood_supply if t != tile_id],
                  stone_supply=[t for t in state.stone_supply if t != tile_id])


def activated(state):
    """Everyone passes and nobody moves the provost: the state at the first building decision (or later)."""
    return nobody_moves_provost(everyone_passes(state))


def visit(tile_id, side, owner=None, characters=None, provost=10, **goods):
    """Blue's worker on ``tile_id`` on road space 10, activated."""
    state = start(["blue", "red"], characters=characters)
    state = with_tile(state, 10, tile_id, side, owner)
    state = adjust(holding(state, 0, **goods), provost=provost)
    return activated(place(state, "road.10"))


# ---------------------------------------------------------------- the printed buildings
def test_the_fair_turns_one_wood_into_a_favour():
    state = activated(place(start(["blue", "red"], characters={1: ["foreman"]}), "fair"))
    assert state.pending().kind == "trade" and state.pending().context["place"] == "fair"
    state = act(state, "trade", place="fair", trade=0)
    assert goods_of(state, 0)["wood"] == 1 and state.pending().kind == "favour"
    alone = act(activated(place(start(["blue", "red"]), "fair")), "trade", place="fair", trade=0)
    assert events_of(alone, "favour_worksite"), "the one favour open in round 1 (red has no character) is taken"
    assert alone.pending().kind == "build" and alone.pending().context["place"] == "worksite.1"


def test_the_lawyer_puts_a_house_on_a_yellow_flag_building_which_becomes_a_residence_at_stewardship():
    state = activated(place(holding(start(["blue", "red"]), 0, cloth=1), "lawyer"))
    assert state.pending().kind == "lawyer"
    spaces = {a.arg("space") for a in state.pending().actions if not a.arg("skip")}
    assert spaces == set(range(1, 9)), "the 8 starting buildings; not the wood or stone building"
    state = act(state, "lawyer", place="lawyer", space=3)
    assert state.road_owner[2] == 0 and state.houses[0] == 8 and goods_of(state, 0)["cloth"] == 0
    assert state.road_side[2] == "start", "still a starting building this round"
    state = nobody_moves_provost(state)
    assert state.road_side[2] == "residence", "flipped at stewardship"
    assert state.round == 2 and "road.3" not in {a.arg("place") for a in state.pending().actions}
    assert events_of(state, "recruited")[0]["workers"] == 4, "3 + 1 for the residence"


def test_the_lawyer_needs_a_house():
    state = activated(place(adjust(holding(start(["blue", "red"]), 0, cloth=1), houses=[0, 9]), "lawyer"))
    assert state.round == 2, "no house: the Lawyer offers nothing"


def test_the_seeds_carpenter_example_a_farm_for_one_wood_and_one_stone_two_pp():
    state = start(["blue", "red"], first=1)
    state = activated(place(state, "carpenter"))
    assert state.pending().kind == "build"
    farm = Action(1, "build", {"place": "carpenter", "building": "wood_farm", "pay": ["stone", "wood"]})
    assert farm in state.pending().actions
    state = state.apply(farm)
    assert state.road_tile[9] == "wood_farm" and state.road_side[9] == "build" and state.road_owner[9] == 1
    assert state.pp[1] == 2 and state.breakdown[1] == {"buildings": 2} and state.houses[1] == 8
    assert goods_of(state, 1) == {"food": 1, "wood": 1, "stone": 0, "cloth": 0, "gold": 0}


def test_a_wildcard_cost_takes_any_good_but_gold():
    state = activated(place(holding(start(["blue", "red"]), 0, wood=1, food=1, stone=1, cloth=1, gold=3), "carpenter"))
    pays = {tuple(a.arg("pay")) for a in state.pending().actions if a.arg("building") == "tailor"}
    assert pays == {("food", "wood"), ("stone", "wood"), ("cloth", "wood")}


def test_the_carpenter_cannot_build_on_a_full_road_or_without_a_house():
    state = start(["blue", "red"])
    full = adjust(state, road_tile=["start_farm" if t is None else t for t in state.road_tile])
    assert activated(place(full, "carpenter")).round == 2
    assert activated(place(adjust(state, houses=[0, 9]), "carpenter")).round == 2


def test_recall_moves_the_provost_up_to_two_steps_either_way():
    state = activated(place(start(["blue", "red"]), "recall"))
    assert {a.arg("steps") for a in state.pending().actions} == {-2, -1, 0, 1, 2}
    assert act(state, "provost", place="recall", steps=-2).provost == 6


# ---------------------------------------------------------------- the Guilds Bridge and the Bailiff
def test_the_seeds_guilds_bridge_example():
    # Bridge order blue, black, red, green. Red's worker stands last before the provost, green's just before it.
    state = start(["blue", "black", "red", "green"], first=0)
    state = pass_turn(pass_turn(state))                                  # blue, black
    state = place(state, "road.8")                                       # red
    state = place(state, "road.7")                                       # green
    state = pass_turn(pass_turn(state))                                  # red, green
    assert state.bridge == [0, 1, 2, 3] and state.provost == 8
    state = act(state, "bridge", steps=0)                                # blue spends nothing
    decision = state.pending()
    assert decision.player == 1 and {a.arg("steps") for a in decision.actions} == {-3, -2, -1, 0, 1, 2, 3}
    assert [o.cost for o in decision.options if o.action.arg("steps") == -2] == [{"worker": 2}]
    state = act(state, "bridge", steps=-2)                               # black: 2 workers, 2 steps back
    assert state.provost == 6 and state.workers[1] == 4 and state.camp[1] == 11
    state = act(state, "bridge", steps=2)                                # red: 2 forward
    state = act(state, "bridge", steps=-1)                               # green: 1 back
    assert state.provost == 7
    decision = state.pending()
    assert (decision.player, decision.context["place"]) == (3, "road.7"), "green's worker is activated"
    state = act(state, "trade", place="road.7", skip=True)
    assert events_of(state, "beyond_provost") == [{"type": "beyond_provost", "player": "red", "place": "road.8"}]
    assert state.camp[2] == 9 + 1 + 2 + 1 - 3, "red: the extra worker, 2 to move, the unused one; then 3 recruited"


def test_the_provost_never_goes_back_over_the_bridge_nor_past_the_end_of_the_road():
    state = adjust(start(["blue", "red"]), provost=1)
    state = everyone_passes(state)
    assert {a.arg("steps") for a in state.pending().actions} == {-1, 0, 1, 2, 3}
    end = everyone_passes(adjust(start(["blue", "red"]), provost=22))
    assert {a.arg("steps") for a in end.pending().actions} == {-3, -2, -1, 0, 1}


def test_a_step_at_the_bridge_costs_a_worker_so_no_worker_no_move():
    state = everyone_passes(adjust(start(["blue", "red"]), workers=[1, 10]))
    assert {a.arg("steps") for a in state.pending().actions} == {-1, 0, 1}


def test_the_bailiff_moves_the_provost_one_step_free_after_the_bridge():
    state = everyone_passes(place(start(["blue", "red"], characters={1: ["bailiff"]}), "road.9"))
    state = act(act(state, "bridge", steps=0), "bridge", steps=0)
    assert state.pending().kind == "bailiff" and state.pending().player == 1
    assert {a.arg("steps") for a in state.pending().actions} == {-1, 0, 1}
    state = act(state, "bailiff", steps=1)
    moved = [e for e in state.events if e["type"] == "provost_moved"]
    assert moved == [{"type": "provost_moved", "player": "red", "by": "bailiff", "steps": 1, "provost": 9}]
    assert state.workers[1] == 10 + 3, "free: red kept its 10 workers, then recruited 3"
    assert [e["building"] for e in events_of(state, "gained")] == ["covered_market"]


# ---------------------------------------------------------------- workers beyond the provost, the order of activation
def test_workers_beyond_the_provost_go_to_the_camp_without_effect():
    state = start(["blue", "red", "green"], first=0)
    state = place(place(place(state, "road.1"), "road.9"), "road.14")    # blue, red, green
    state = activated(state)
    assert [e["player"] for e in events_of(state, "gained")] == ["blue"]
    assert [(e["player"], e["place"]) for e in events_of(state, "beyond_provost")] == [("red", "road.9"),
                                                                                     ("green", "road.14")]
    assert state.camp == [9 + 1 - 3] * 3 and all(not w for w in state.road_workers), "returned, then 3 recruited"


def test_buildings_activate_from_the_city_gate_and_a_worker_goes_to_the_camp_not_its_owner():
    state = start(["blue", "red"], first=0)
    state = place(place(place(place(state, "road.3"), "road.1"), "road.2"), "fair")
    fair = act(activated(state), "trade", place="fair", skip=True)
    state = nobody_moves_provost(fair)
    order = [e["place"] for e in fair.events + state.events if e["type"] in ("gained", "effect_unused", "traded")]
    assert order == ["fair", "road.1", "road.2", "road.3"]
    assert state.workers == [8 + 3, 8 + 3] and state.camp == [5 + 2 - 3, 5 + 2 - 3], "recruited 3 each"


# ---------------------------------------------------------------- every building's effect
GAINS = [
    ("start_farm", "start", {"food": 1}, 0, 0), ("start_sawmill", "start", {"wood": 1}, 0, 0),
    ("start_quarry", "start", {"stone": 1}, 0, 0),
    ("covered_market", "build", {}, 3, 0), ("covered_market", "start", {}, 2, 1),
    ("manor", "start", {}, 0, 2),
    ("wood_farm", "build", {"food": 2}, 0, 0), ("wood_farm", "start", {"food": 1}, 0, 1),
    ("wood_sawmill", "build", {"wood": 2}, 0, 0), ("wood_sawmill", "start", {"wood": 1}, 0, 1),
    ("wood_quarry", "build", {"stone": 2}, 0, 0), ("wood_quarry", "start", {"stone": 1}, 0, 1),
    ("weaver", "build", {"cloth": 2}, 0, 0), ("weaver", "start", {"cloth": 1}, 0, 1),
    ("stone_farm", "build", {"food": 2, "cloth": 1}, 0, 0), ("stone_farm", "start", {"food": 1, "cloth": 1}, 0, 0),
    ("stone_sawmill", "build", {"wood": 2, "cloth": 1}, 0, 0),
    ("stone_sawmill", "start", {"wood": 1, "cloth": 1}, 0, 0),
    ("stone_quarry", "build", {"stone": 2, "cloth": 1}, 0, 0),
    ("stone_quarry", "start", {"stone": 1, "cloth": 1}, 0, 0),
    ("gold_mine", "build", {"gold": 1}, 0, 0), ("gold_mine", "start", {"gold": 1}, 0, 0),
]


@pytest.mark.parametrize("tile_id, side, goods, workers, pp", GAINS)
def test_a_production_building_gives_its_goods_workers_and_pp_at_once(tile_id, side, goods, workers, pp):
    state = visit(tile_id, side)
    gained = [e for e in state.events if e["type"] == "gained" and e["place"] == "road.10"]
    assert gained and gained[0]["goods"] == goods and gained[0]["workers"] == workers and gained[0]["pp"] == pp
    assert state.breakdown[0].get("effects", 0) == pp


def test_the_built_manor_gives_a_favour():
    assert visit("manor", "build", characters={1: ["foreman"]}).pending().kind == "favour"
    alone = visit("manor", "build")
    assert events_of(alone, "favour_worksite") and alone.pending().context["place"] == "worksite.1"


TRADES = [   # tile, side, goods held, the trade chosen (args), goods after, workers paid, workers gained, pp
    ("start_market", "start", {}, {"trade": 0, "take": ["cloth"]}, {"cloth": 1}, 1, 0, 0),
    ("start_guild", "start", {}, {"trade": 0, "pay": ["stone"]}, {"stone": 0}, 0, 3, 0),
    ("start_stone_guild", "start", {}, {"trade": 0}, {"stone": 0}, 0, 4, 0),
    ("wood_market", "build", {}, {"trade": 0, "take": ["stone"]}, {"stone": 2}, 0, 0, 0),
    ("wood_market", "start", {}, {"trade": 0, "take": ["food"]}, {"food": 2}, 0, 0, 0),
    ("tailor", "build", {"cloth": 2}, {"trade": 1}, {"cloth": 0}, 0, 0, 6),
    ("tailor", "start", {"cloth": 2}, {"trade": 0}, {"cloth": 1}, 0, 0, 4),
    ("foundry", "build", {}, {"trade": 0}, {"gold": 1}, 1, 0, 0),
    ("foundry", "build", {}, {"trade": 1}, {"gold": 2}, 3, 0, 0),
    ("alchemist", "build", {}, {"trade": 1, "pay": ["stone", "wood"]}, {"gold": 2, "wood": 1, "stone": 0}, 0, 0, 0),
    ("alchemist", "start", {}, {"trade": 0, "pay": ["food"]}, {"gold": 1, "food": 0}, 0, 0, 0),
    ("guild", "build", {}, {"trade": 0, "pay": ["wood"]}, {"wood": 1}, 0, 5, 0),
    ("church", "build", {}, {"trade": 0}, {}, 2, 0, 4),
    ("church", "build", {}, {"trade": 1}, {}, 4, 0, 6),
    ("jeweller", "build", {"gold": 2}, {"trade": 0}, {"gold": 1}, 0, 0, 5),
    ("jeweller", "start", {"gold": 2}, {"trade": 1}, {"gold": 0}, 0, 0, 9),
]


@pytest.mark.parametrize("tile_id, side, held, chosen, after, paid_workers, got_workers, pp", TRADES)
def test_a_trading_building_exchanges_as_its_tile_says(tile_id, side, held, chosen, after, paid_workers,
                                                       got_workers, pp):
    state = visit(tile_id, side, **held)
    decision = state.pending()
    assert decision.kind == "trade" and decision.context["building"] == tile_id
    workers_before = state.workers[0]
    state = act(state, "trade", place="road.10", **chosen)
    assert all(goods_of(state, 0)[good] == n for good, n in after.items())
    traded = events_of(state, "traded")[0]
    assert traded["workers_paid"] == paid_workers and traded["workers"] == got_workers and traded["pp"] == pp
    assert state.workers[0] == workers_before - paid_workers + got_workers or state.round == 2
    assert state.breakdown[0].get("trades", 0) == pp


def test_a_trade_that_costs_something_may_be_declined_a_free_one_may_not():
    assert any(a.arg("skip") for a in visit("tailor", "build", cloth=1).pending().actions)
    assert not any(a.arg("skip") for a in visit("wood_market", "build").pending().actions)


def test_a_trade_needs_what_it_costs():
    state = visit("jeweller", "build", gold=0)
    assert state.round == 2 and events_of(state, "effect_unused")


def test_the_stonemason_builds_a_stone_building_its_start_side_without_the_stone():
    built = visit("stonemason", "build", stone=1, food=1)
    assert built.pending().kind == "build"
    assert {a.arg("building") for a in built.pending().actions if not a.arg("skip")} >= {"stone_quarry", "guild"}
    state = act(built, "build", place="road.10", building="stone_quarry", pay=["food", "stone"])
    assert state.road_tile[10] == "stone_quarry" and state.road_owner[10] == 0 and state.pp[0] == 3
    free = visit("stonemason", "start", stone=0, food=1)
    offered = {tuple(a.arg("pay")) for a in free.pending().actions if a.arg("building") == "stone_quarry"}
    assert offered == {("food",)}
    church = {tuple(a.arg("pay")) for a in free.pending().actions if a.arg("building") == "church"}
    assert church == set(), "the Church still needs its cloth"


def test_the_seeds_stone_farm_example_owner_bonus_only_when_another_player_activates_it():
    # Red's worker on Blue's built Farm: Blue gains 1 PP at once; on activation Red takes 2 food + 1 cloth, Blue 1 food.
    state = start(["blue", "red"], first=1)
    state = adjust(with_tile(state, 10, "stone_farm", "build", owner=0), provost=10)
    state = place(state, "road.10")
    assert state.pp == [1, 0]
    state = activated(state)
    assert events_of(state, "gained")[0]["goods"] == {"food": 2, "cloth": 1}
    assert events_of(state, "owner_bonus") == [{"type": "owner_bonus", "player": "blue", "building": "stone_farm",
                                                "goods": {"food": 1}}]
    assert goods_of(state, 0)["food"] == 2 and goods_of(state, 1)["food"] == 3
    own = activated(place(adjust(with_tile(start(["blue", "red"]), 10, "stone_farm", "build", owner=0),
                                 provost=10), "road.10"))
    assert own.pp == [0, 0] and events_of(own, "owner_bonus") == [] and goods_of(own, 0)["food"] == 3


def test_the_owner_bonus_comes_even_if_nothing_else_happens_and_not_beyond_the_provost():
    state = start(["blue", "red"], first=1)
    state = adjust(with_tile(state, 10, "stone_farm", "build", owner=0), provost=9)
    state = activated(place(state, "road.10"))
    assert state.pp == [1, 0], "the placement PP stays even though the farm is not activated"
    assert events_of(state, "owner_bonus") == []


def test_with_the_journeyman_the_owner_takes_one_bonus_and_none_if_one_of_the_two_workers_is_theirs():
    colours = ["blue", "red", "green"]
    state = start(colours, first=1, characters={2: ["journeyman"]})
    state = adjust(with_tile(state, 10, "stone_farm", "build", owner=0), provost=10)
    state = activated(place(place(state, "road.10"), "road.10"))           # red, then green joins
    assert [e["player"] for e in events_of(state, "gained")] == ["red", "green"], "the joiner is activated second"
    assert len(events_of(state, "owner_bonus")) == 1 and state.pp[0] == 2
    state = start(colours, first=0, characters={2: ["journeyman"]})
    state = adjust(with_tile(state, 10, "stone_farm", "build", owner=0), provost=10)
    state = activated(place(place(place(state, "road.10"), "road.1"), "road.10"))    # blue, red, green joins
    assert events_of(state, "owner_bonus") == []


def test_a_residence_or_a_landmark_takes_no_worker():
    state = start(["blue", "red"])
    state = with_tile(state, 3, "start_quarry", "residence", owner=1)
    state = with_tile(state, 4, "garden", "landmark", owner=1)
    where = {a.arg("place") for a in state.pending().actions}
    assert "road.3" not in where and "road.4" not in where
    with pytest.raises(RuleError, match="residence"):
        state.apply(Action(0, "place", {"place": "road.3"}))
    with pytest.raises(RuleError, match="landmark"):
        state.apply(Action(0, "place", {"place": "road.4"}))
