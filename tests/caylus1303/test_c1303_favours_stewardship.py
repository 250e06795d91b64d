"""Favours (a character from another player, or a worksite building then a board character), phase 4 stewardship
(residences, landmarks, recruitment, the provost), the end of the game and its scoring."""

import pytest

from c1303_helpers import act, adjust, events_of, everyone_passes, goods_of, holding, nobody_moves_provost, place, \
    start
from companion.games.caylus1303.flow import provost_reset_position


def favour_in_round(round_number, characters=None, board=None, **goods):
    """Blue's worker on the Fair in round ``round_number``, its wood paid: the favour waits."""
    state = start(["blue", "red"], characters=characters or {1: ["thief"]}, board=board)
    state = adjust(holding(state, 0, **goods), round=round_number)
    state = nobody_moves_provost(everyone_passes(place(state, "fair")))
    return act(state, "trade", place="fair", trade=0)


@pytest.mark.parametrize("round_number, spaces", [(1, [1]), (3, [1]), (4, [1, 2]), (6, [1, 2]), (7, [1, 2, 3]),
                                                  (9, [1, 2, 3])])
def test_the_worksite_buildings_open_to_favours_by_round(round_number, spaces):
    decision = favour_in_round(round_number).pending()
    assert decision.kind == "favour"
    assert sorted(a.arg("worksite") for a in decision.actions if a.arg("worksite")) == spaces
    assert [a.arg("take") for a in decision.actions if a.arg("take")] == ["thief"]


def test_a_favour_takes_a_character_from_another_player():
    state = act(favour_in_round(1), "favour", take="thief")
    assert state.characters == [["thief"], []]
    assert events_of(state, "character_taken")[0] == {"type": "character_taken", "player": "blue",
                                                      "character": "thief", "from": "red"}


def test_a_favour_uses_a_worksite_building_then_takes_a_board_character():
    state = favour_in_round(7, characters={0: ["goldsmith"], 1: ["thief"]}, board=["bailiff", "foreman", "architect"],
                            gold=0)
    state = act(state, "favour", worksite=3)                            # the gold mine, start side
    assert goods_of(state, 0)["gold"] == 1
    assert state.pending().kind == "favour_character"
    assert {a.arg("character") for a in state.pending().actions} == {"bailiff", "foreman", "architect", None}
    state = act(state, "favour_character", character="foreman")
    assert state.characters[0] == ["foreman", "goldsmith"] and "foreman" not in state.board_characters


def test_the_stonemason_on_the_worksite_builds_without_the_stone():
    state = favour_in_round(4, food=1, stone=0)
    state = act(state, "favour", worksite=2)
    assert state.pending().kind == "build" and state.pending().context["place"] == "worksite.2"
    pays = {(a.arg("building"), tuple(a.arg("pay"))) for a in state.pending().actions if not a.arg("skip")}
    assert ("stone_quarry", ("food",)) in pays


# ---------------------------------------------------------------- stewardship
def owned(state, space, tile_id, side, owner):
    index = space - 1
    tiles, sides, owners, houses = list(state.road_tile), list(state.road_side), list(state.road_owner), list(state.houses)
    tiles[index], sides[index], owners[index] = tile_id, side, owner
    houses[owner] -= 1
    supply = [t for t in state.landmark_supply if t != tile_id]
    return adjust(state, road_tile=tiles, road_side=sides, road_owner=owners, houses=houses, landmark_supply=supply)


def to_stewardship(state):
    return nobody_moves_provost(everyone_passes(state))


def test_the_seeds_recruitment_example_for_four_players():
    state = start(["green", "black", "red", "blue"])
    state = owned(owned(state, 1, "start_farm", "residence", 1), 2, "start_farm", "residence", 1)
    state = owned(owned(state, 3, "garden", "landmark", 2), 4, "factory", "landmark", 3)
    state = to_stewardship(state)
    recruited = {e["player"]: (e["workers"], e["goods"]) for e in events_of(state, "recruited")}
    assert recruited == {"green": (3, {}), "black": (5, {}), "red": (5, {}), "blue": (3, {"cloth": 1})}
    assert goods_of(state, 3)["cloth"] == 1


def test_five_players_recruit_two_the_day_laborer_one_more_the_granary_a_food_never_more_than_the_camp():
    state = start(["blue", "red", "green", "yellow", "black"], characters={1: ["day_laborer"]})
    state = owned(state, 1, "granary", "landmark", 2)
    state = adjust(state, camp=[5, 5, 5, 5, 1])
    state = to_stewardship(state)
    recruited = [e["workers"] for e in events_of(state, "recruited")]
    assert recruited == [2, 3, 2, 2, 1]
    assert goods_of(state, 2)["food"] == 2


def test_houses_on_starting_buildings_flip_to_residences_then_the_owners_may_build_landmarks_in_road_order():
    state = start(["blue", "red"], characters={0: ["architect"]})
    tiles_owned = list(state.road_owner)
    tiles_owned[4], tiles_owned[1] = 0, 1
    state = adjust(state, road_owner=tiles_owned, houses=[8, 8])
    state = holding(holding(state, 0, gold=3, wood=4), 1, gold=1, wood=1, stone=0)
    state = to_stewardship(state)
    assert state.road_side[1] == state.road_side[4] == "residence"
    decision = state.pending()
    assert decision.kind == "landmark" and decision.player == 1 and decision.context["space"] == 2, "road order"
    assert {a.arg("landmark") for a in decision.actions} == {"garden", None}
    state = act(state, "landmark", space=2, landmark="garden")
    assert state.road_tile[1] == "garden" and state.road_side[1] == "landmark" and state.road_base[1] == "start_farm"
    assert state.pp[1] == 4 and goods_of(state, 1)["gold"] == 0
    state = act(state, "landmark", space=5, landmark="theatre")
    assert state.pp[0] == 12 + 1 and state.breakdown[0] == {"landmarks": 12, "architect": 1}
    assert events_of(state, "favour_worksite"), "the Theatre's favour (only worksite 1 open in round 1: taken at once)"


def test_a_residence_owner_may_keep_the_residence():
    state = start(["blue", "red"])
    owners = list(state.road_owner)
    owners[0] = 0
    state = to_stewardship(holding(adjust(state, road_owner=owners, houses=[8, 9]), 0, gold=5, stone=5))
    assert state.pending().kind == "landmark"
    state = act(state, "landmark", space=1, skip=True)
    assert state.road_side[0] == "residence" and events_of(state, "recruited")[0]["workers"] == 4


@pytest.mark.parametrize("built, expected", [
    # The seed's three pictures: the provost goes just on the City Gate side of the last building of the road …
    ({10: "wood_quarry", 11: "stonemason"}, 10),           # … between a Quarry and the Stonemason (stone one ignored)
    ({i: "wood_farm" for i in range(10, 14)}, 13),          # … road full up to the setup stone building: just before it
    ({**{i: "wood_farm" for i in range(10, 14)}, 15: "alchemist"}, 14),   # … then past it
])
def test_the_provost_is_reset_beside_the_last_building_ignoring_the_stone_one_while_a_gap_remains(built, expected):
    state = start(["blue", "red"])
    tiles = list(state.road_tile)
    for space, tile_id in built.items():
        tiles[space - 1] = tile_id
    assert provost_reset_position(adjust(state, road_tile=tiles)) == expected


def test_after_round_nine_the_game_ends_two_pp_a_gold_with_a_breakdown():
    state = adjust(start(["blue", "red"]), round=9)
    state = holding(holding(state, 0, gold=3), 1, gold=0)
    state = adjust(state, pp=[7, 2], breakdown=[{"deliveries": 5, "visits": 2}, {"visits": 2}])
    final = to_stewardship(state)
    assert final.is_over and final.pending() is None and final.round == 9 and final.phase == "over"
    scores = final.scores()
    assert [s.total for s in scores] == [13, 2]
    assert scores[0].breakdown == {"deliveries": 5, "visits": 2, "end_game": 6}
    assert final.winners() == [0]
    assert events_of(final, "game_over") == [{"type": "game_over", "scores": {"blue": 13, "red": 2}}]


def test_tied_players_share_the_win():
    state = adjust(start(["blue", "red"]), round=9, pp=[4, 4], breakdown=[{"visits": 4}, {"visits": 4}])
    final = to_stewardship(state)
    assert final.winners() == [0, 1]


def test_prestige_is_face_down_the_camera_never_sees_it_but_its_owner_does():
    state = adjust(start(["blue", "red"]), pp=[9, 3], breakdown=[{"visits": 9}, {"visits": 3}])
    public = state.view(None).to_json()
    assert "9" not in str(public.get("tracks")) and "pp" not in str(public["supplies"])
    assert state.view(0).private == {"prestige": 9, "breakdown": {"visits": 9}}
    assert "prestige" not in str(state.summary())
