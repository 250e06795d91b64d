"""Phase 1, planning: where a worker may go, what it costs, passing onto the Guilds Bridge, the planning characters."""

import pytest

from c1303_helpers import act, adjust, events_of, pass_turn, place, places, start
from companion.games import Action, RuleError


def test_a_worker_goes_on_any_unoccupied_road_building_or_the_worksite_never_on_empty_spaces():
    state = start(["blue", "red"])
    where = places(state)
    assert where == {"fair", "lawyer", "carpenter", "recall", "worksite", "pass",
                     *(f"road.{i}" for i in (*range(1, 10), 14))}
    with pytest.raises(RuleError, match="nothing is built on space 10") as refusal:
        state.apply(Action(0, "place", {"place": "road.10"}))
    assert refusal.value.place == "road.10" and refusal.value.player == "blue"
    with pytest.raises(RuleError, match="worksite buildings only work through favours"):
        state.apply(Action(0, "place", {"place": "worksite.1"}))


def test_an_occupied_building_is_closed_and_one_worker_per_player_on_the_worksite():
    state = place(start(["blue", "red"]), "road.1")
    assert "road.1" not in places(state)
    with pytest.raises(RuleError, match="already stands"):
        state.apply(Action(1, "place", {"place": "road.1"}))
    state = place(place(state, "worksite"), "worksite")            # red, then blue again
    assert state.worksite_workers == [1, 0]
    assert "worksite" not in places(state)
    with pytest.raises(RuleError, match="at most one worker on the worksite"):
        state.apply(Action(1, "place", {"place": "worksite"}))


def test_a_placement_costs_one_worker_in_clockwise_turns_from_the_first_player():
    state = start(["blue", "red", "green"], first=1)
    assert state.pending().player == 1
    state = place(state, "fair")
    assert state.workers == [6, 5, 6] and state.pending().player == 2
    state = place(state, "lawyer")
    assert state.pending().player == 0


def test_the_seeds_passing_example():
    # Blue passes first and takes the first-player tile; from then on every placement costs one worker more.
    state = start(["blue", "black", "green", "red"], first=0)
    state = pass_turn(state)                                            # blue
    assert state.first_player == 0 and state.bridge == [0]
    state = pass_turn(state)                                            # black
    state = place(state, "road.1")                                      # green: 1 placed + 1 to the camp
    assert state.workers[2] == 4 and state.camp[2] == 10
    assert state.pending().options[0].cost == {"worker": 2}
    state = pass_turn(state)                                            # red
    assert state.pending().player == 2, "only green is left to play"
    state = place(state, "road.2")                                      # green again, again 2 workers
    assert state.workers[2] == 2 and state.camp[2] == 11
    state = pass_turn(state)                                            # green
    assert state.bridge == [0, 1, 3, 2], "bridge order: blue, black, red, green"
    assert state.phase != "planning"


def test_a_player_without_workers_for_the_price_must_pass():
    state = adjust(start(["blue", "red"]), workers=[1, 10])
    state = pass_turn(place(state, "fair"))                             # blue's last worker; red passes first
    assert state.bridge == [1, 0], "blue, with no worker left, passes without being asked"
    state = adjust(start(["blue", "red"]), workers=[10, 1])
    state = pass_turn(state)                                            # blue passes: red now needs 2 workers
    assert state.phase == "activation" and state.bridge == [0, 1]


def test_another_players_building_earns_its_owner_one_pp_your_own_nothing():
    state = start(["blue", "red"])
    tiles, owners = list(state.road_tile), list(state.road_owner)
    tiles[9], owners[9] = "tailor", 1
    state = adjust(state, road_tile=tiles, road_owner=owners, road_side=state.road_side[:9] + ["build"]
                   + state.road_side[10:], houses=[9, 8], wood_supply=[t for t in state.wood_supply if t != "tailor"])
    state = place(state, "road.10")
    assert state.pp == [0, 1] and state.breakdown[1] == {"visits": 1}
    assert events_of(state, "placed")[0]["owner_pp"] == 1
    state = place(pass_turn(state), "worksite")                          # red can't go on road.10: occupied
    assert state.pp == [0, 1]


def _with_red_tailor(state):
    tiles, owners, sides = list(state.road_tile), list(state.road_owner), list(state.road_side)
    tiles[9], owners[9], sides[9] = "tailor", 1, "build"
    return adjust(state, road_tile=tiles, road_owner=owners, road_side=sides, houses=[9, 8],
                  wood_supply=[t for t in state.wood_supply if t != "tailor"])


def test_the_steward_earns_two_pp_and_the_thief_gives_the_owner_nothing():
    steward = place(_with_red_tailor(start(["blue", "red"], characters={1: ["steward"]})), "road.10")
    assert steward.pp == [0, 2]
    thief = place(_with_red_tailor(start(["blue", "red"], characters={0: ["thief"], 1: ["steward"]})), "road.10")
    assert thief.pp == [0, 0], "not even with the Steward"


def test_the_night_worker_never_pays_the_extra_worker():
    state = start(["blue", "red"], characters={1: ["night_worker"]})
    state = place(pass_turn(state), "road.1")
    assert state.workers[1] == 9 and state.camp[1] == 5


def test_the_early_riser_places_before_the_first_player_and_returns_one_more_worker():
    state = start(["blue", "red", "green"], first=0, characters={2: ["early_riser"]})
    decision = state.pending()
    assert decision.kind == "early_riser" and decision.player == 2
    assert decision.options[0].cost == {"worker": 2}
    state = act(state, "early_riser", place="road.3")
    assert state.workers[2] == 4 and state.camp[2] == 10 and state.road_workers[2] == [2]
    assert state.pending().kind == "place" and state.pending().player == 0


def test_the_early_riser_may_decline_and_the_first_player_holding_it_plays_twice_in_a_row():
    declined = act(start(["blue", "red"], characters={1: ["early_riser"]}), "early_riser", skip=True)
    assert declined.workers == [10, 10] and declined.pending().player == 0
    state = start(["blue", "red"], first=0, characters={0: ["early_riser"]})
    state = place(act(state, "early_riser", place="fair"), "lawyer")
    assert state.front_workers[:2] == [[0], [0]] and state.workers[0] == 7
    assert state.pending().player == 1


def test_the_journeyman_joins_another_players_worker_once_a_round():
    state = start(["blue", "red"], characters={1: ["journeyman"]})
    state = place(state, "road.1")
    assert "road.1" in places(state)
    state = place(state, "road.1")
    assert state.road_workers[0] == [0, 1] and state.journeyman_used
    state = place(place(state, "road.2"), "road.3")                       # blue road.2, red road.3
    state = place(state, "road.4")                                          # blue
    assert "road.2" not in places(state) and "road.4" not in places(state), "once a round"
    blue_only = place(start(["blue", "red"], characters={0: ["journeyman"]}), "road.1")
    assert "road.1" not in places(blue_only), "only the Journeyman's holder joins"


def test_the_journeyman_never_joins_its_own_worker():
    state = start(["blue", "red"], characters={0: ["journeyman"]})
    state = place(place(state, "road.1"), "road.2")
    assert "road.1" not in places(state) and "road.2" in places(state)
