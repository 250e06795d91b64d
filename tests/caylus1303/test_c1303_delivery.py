"""Phase 3, delivery: bundles to the worksite in placement order, 5 PP each, a favour for the most; the delivery
characters."""

from c1303_helpers import act, adjust, events_of, everyone_passes, goods_of, holding, nobody_moves_provost, place, \
    start

FULL = dict(food=3, wood=3, stone=3, cloth=3, gold=3)


def at_delivery(state):
    """Everyone passes, nobody moves the provost, nobody uses a building: the state at the first delivery."""
    state = nobody_moves_provost(everyone_passes(state))
    assert state.pending().kind == "deliver", state.pending()
    return state


def test_a_bundle_is_three_different_goods_one_of_them_food():
    state = at_delivery(place(holding(start(["blue", "red"]), 0, **FULL), "worksite"))
    bundles = {tuple(a.arg("goods")) for a in state.pending().actions if not a.arg("stop")}
    assert bundles == {("food", "stone", "wood"), ("cloth", "food", "wood"), ("food", "gold", "wood"),
                       ("cloth", "food", "stone"), ("food", "gold", "stone"), ("cloth", "food", "gold")}
    state = act(state, "deliver", goods=["cloth", "food", "gold"])
    assert state.pp[0] == 5 and state.breakdown[0] == {"deliveries": 5} and state.bundles[0] == 1
    assert goods_of(state, 0) == {"food": 2, "wood": 3, "stone": 3, "cloth": 2, "gold": 2}
    assert state.pending().kind == "deliver" and state.pending().player == 0, "as many bundles as one likes"


def test_only_players_with_a_worker_on_the_worksite_deliver():
    state = place(place(holding(holding(start(["blue", "red"]), 0, **FULL), 1, **FULL), "road.1"), "worksite")
    state = at_delivery(state)
    assert state.pending().player == 1
    state = act(state, "deliver", stop=True)
    assert state.phase != "delivery" or state.pending().kind != "deliver"


def test_the_seeds_delivery_example_green_two_bundles_wins_the_favour_on_a_tie_red_placed_first():
    def game(green_bundles):
        state = start(["red", "green"], first=0, characters={0: ["thief"], 1: ["steward"]})
        state = holding(holding(state, 0, **FULL), 1, **FULL)
        state = at_delivery(place(place(state, "worksite"), "worksite"))
        assert state.worksite_workers == [0, 1]
        state = act(act(state, "deliver", goods=["food", "stone", "wood"]), "deliver", stop=True)   # red: 1
        for _ in range(green_bundles):
            state = act(state, "deliver", goods=["food", "stone", "wood"])
        return act(state, "deliver", stop=True)

    two = game(2)
    assert two.pp == [5, 10]
    assert events_of(two, "most_bundles") == [{"type": "most_bundles", "player": "green", "bundles": 2}]
    assert two.pending().kind == "favour" and two.pending().player == 1
    one = game(1)
    assert events_of(one, "most_bundles")[0]["player"] == "red"
    assert one.pending().kind == "favour" and one.pending().player == 0


def test_no_favour_when_nobody_delivers_and_the_worksite_workers_go_to_the_camp():
    state = at_delivery(place(holding(start(["blue", "red"]), 0, **FULL), "worksite"))
    state = act(state, "deliver", stop=True)
    assert not events_of(state, "most_bundles") and state.worksite_workers == []
    assert state.camp[0] == 5 + 1 - 3


def test_the_deliveryman_delivers_last_without_a_worker_and_comes_last_on_a_tie():
    state = start(["blue", "red"], first=0, characters={0: ["deliveryman"], 1: ["thief"]})
    state = holding(holding(state, 0, **FULL), 1, **FULL)
    state = at_delivery(place(place(state, "road.1"), "worksite"))     # blue elsewhere, red on the worksite
    assert state.pending().player == 1
    state = act(act(state, "deliver", goods=["food", "stone", "wood"]), "deliver", stop=True)
    assert state.pending().player == 0, "the Deliveryman comes after everyone"
    state = act(act(state, "deliver", goods=["food", "stone", "wood"]), "deliver", stop=True)
    assert state.pp == [5, 5] and events_of(state, "most_bundles")[0]["player"] == "red"


def test_the_deliveryman_with_a_worker_delivers_twice_and_both_count_for_the_favour():
    state = start(["blue", "red"], first=0, characters={0: ["deliveryman"], 1: ["thief"]})
    state = holding(holding(state, 0, **FULL), 1, **FULL)
    state = at_delivery(place(place(state, "worksite"), "worksite"))
    state = act(act(state, "deliver", goods=["food", "stone", "wood"]), "deliver", stop=True)      # blue, 1st turn
    state = act(act(act(state, "deliver", goods=["food", "stone", "wood"]), "deliver",
                    goods=["cloth", "food", "gold"]), "deliver", stop=True)                         # red: 2
    assert state.pending().player == 0, "blue again, with the Deliveryman"
    state = act(act(state, "deliver", goods=["cloth", "food", "gold"]), "deliver", stop=True)
    assert events_of(state, "most_bundles") == [{"type": "most_bundles", "player": "blue", "bundles": 2}], \
        "2 bundles each: blue's worker was first on the worksite"


def test_the_chamberlain_delivers_any_three_goods():
    state = start(["blue", "red"], characters={0: ["chamberlain"]})
    state = at_delivery(place(holding(state, 0, food=0, wood=3, stone=0, cloth=0, gold=0), "worksite"))
    assert [tuple(a.arg("goods")) for a in state.pending().actions if not a.arg("stop")] == [("wood",) * 3]
    assert act(state, "deliver", goods=["wood", "wood", "wood"]).pp[0] == 5


def test_the_foreman_adds_one_pp_a_bundle_and_the_goldsmith_five_once_a_round_for_gold():
    state = start(["blue", "red"], characters={0: ["foreman", "goldsmith"]})
    state = at_delivery(place(holding(state, 0, **FULL), "worksite"))
    state = act(state, "deliver", goods=["food", "gold", "wood"])
    assert state.pp[0] == 5 + 1 + 5
    state = act(state, "deliver", goods=["cloth", "food", "gold"])
    assert state.pp[0] == 11 + 5 + 1, "the Goldsmith's bonus only once a round"
    state = act(state, "deliver", goods=["food", "stone", "wood"])
    assert state.breakdown[0] == {"deliveries": 15, "foreman": 3, "goldsmith": 5}


def test_the_goldsmith_needs_gold_in_the_bundle():
    state = start(["blue", "red"], characters={0: ["goldsmith"]})
    state = at_delivery(place(holding(state, 0, **FULL), "worksite"))
    assert act(state, "deliver", goods=["food", "stone", "wood"]).pp[0] == 5
