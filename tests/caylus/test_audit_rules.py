"""Audit scenarios with exact numbers for the rules the first test suite left out, including the
rulebook's worked examples (see docs/caylus-rules-audit.md for the checklist)."""

from caylus_scenarios import act, adjust, everyone_passes, give, kinds, nobody_moves_provost, place, seat, start, \
    with_tile


def _turn_to_activation(state, *placements):
    for colour, where in placements:
        state = place(state, colour, where)
    return nobody_moves_provost(everyone_passes(state))


def test_rulebook_example_red_builds_a_wood_farm_at_the_neutral_carpenter():
    state = start("red", "blue", "green")
    square = state.road_tile.index("neutral_carpenter")
    state = adjust(state, provost=8)
    state = _turn_to_activation(state, ("red", square))
    state = act(state, "red", "build", building="wood_farm_food", pay=["food", "wood"])
    assert state.road_tile[9] == "wood_farm_food" and state.road()[8]["owner"] == "red"   # first free lot
    assert state.prestige(0) == 2 and state.houses_available(0) == 19
    assert state.resources(0)["food"] == 2 - 1 and state.resources(0)["wood"] == 1 - 1
    assert state.stock["wood_farm_food"] == 0


def test_rulebook_example_blue_converts_a_neutral_quarry_with_his_own_lawyer():
    state = start("red", "blue", "green")
    quarry = state.road_tile.index("neutral_quarry")
    state = with_tile(state, 9, "lawyer", seat(state, "blue"))
    state = give(state, "blue", cloth=1)
    state = adjust(state, provost=9)
    state = act(state, "red", "place", place="pass")
    state = place(state, "blue", 9)                            # own building: 1 denier, no point
    state = nobody_moves_provost(everyone_passes(state))
    blue_pp = state.prestige(1)
    state = act(state, "blue", "convert", square=quarry)
    assert state.road_tile[quarry] == "residence" and state.road()[quarry - 1]["owner"] == "blue"
    assert state.prestige(1) == blue_pp + 2 == 2 and state.houses_available(1) == 20 - 1 - 1
    assert "neutral_quarry" not in state.stock                 # neutral tiles are discarded for good
    assert [e["deniers"] for e in state.events if e["type"] == "income"] == [2, 3, 2]


def test_rulebook_example_green_jousts_and_builds_a_park_one_stone_cheaper():
    # Walls under construction (columns 3–4 open); Green's buildings marker goes from 2 to 3: the mason.
    state = start("red", "blue", "green")
    green = seat(state, "green")
    state = adjust(state, section=1, max_column=4, favour=[[0] * 4, [0] * 4, [0, 0, 0, 2]])
    state = give(state, "green", cloth=1)
    state = act(state, "red", "place", place="pass")
    state = act(state, "blue", "place", place="pass")
    state = place(state, "green", "joust_field")
    state = everyone_passes(state)
    state = act(state, "green", "joust")
    state = act(state, "green", "favour", row="buildings")
    assert state.favour_positions(green)["buildings"] == 3 and state.pending().kind == "favour_building"
    park = [o for o in state.pending().options if o.action.arg("building") == "park"]
    assert [o.action.arg("pay") for o in park] == [("food",)]  # 1 stone + 1 food, less 1 stone
    state = state.apply(park[0].action)
    assert state.road_tile[9] == "park" and state.prestige(green) == 3
    assert state.resources(green)["food"] == 1 and state.resources(green)["cloth"] == 0


def test_rulebook_example_blue_builds_the_church_and_takes_a_food_from_column_three():
    # Towers under construction: every column is open. Blue's resources marker goes from 2 to 3.
    state = start("red", "blue", "green")
    state = adjust(state, section=2, max_column=5, favour=[[0] * 4, [0, 0, 2, 0], [0] * 4], provost=9)
    state = with_tile(state, 9, "mason", seat(state, "red"))
    state = give(state, "blue", stone=1, cloth=1)
    state = act(state, "red", "place", place="pass")
    state = _turn_to_activation(state, ("blue", 9))
    assert state.prestige(0) == 1                              # Red owns the mason
    state = act(state, "blue", "build", building="church", pay=["cloth", "stone"])
    assert state.prestige(1) == 3 and state.pending().kind == "favour"
    state = act(state, "blue", "favour", row="resources")
    assert state.favour_positions(1)["resources"] == 3
    columns = sorted({o.action.arg("column") for o in state.pending().options})
    assert columns == [1, 2, 3]
    food = state.resources(1)["food"]
    state = act(state, "blue", "favour_resources", column=1, take=["food"])
    assert state.resources(1)["food"] == food + 1


def test_income_counts_residences_library_and_hotel_and_loses_the_replaced_residence():
    state = start("red", "blue", "green")
    for square in (9, 10, 11):
        state = with_tile(state, square, "residence", seat(state, "red"))
    state = with_tile(state, 12, "library", seat(state, "blue"))
    state = with_tile(state, 13, "hotel", seat(state, "blue"))
    state = everyone_passes(state)
    state = nobody_moves_provost(state)
    assert [e["deniers"] for e in state.events if e["type"] == "income"] == [2 + 3, 2 + 1 + 2, 2]


def test_bailiff_moves_one_when_the_provost_is_behind_or_on_it():
    for steps, bailiff in ((0, 7), (-2, 7), (1, 8), (3, 8)):
        state = everyone_passes(start("red", "blue", "green"))
        state = act(state, "red", "provost", steps=steps)
        state = nobody_moves_provost(state)
        assert (state.bailiff_square, state.provost_square) == (bailiff, bailiff), steps


def test_the_gate_sends_a_worker_into_the_castle_last_in_the_castle_order():
    state = start("red", "blue", "green")
    state = give(give(state, "red", stone=1), "blue", stone=1)
    state = place(state, "red", "gate")
    state = place(state, "blue", "castle")
    state = everyone_passes(state)
    state = act(state, "red", "gate", place="castle")
    state = nobody_moves_provost(state)
    assert state.special_occupants()["castle"] == ["blue", "red"]
    assert state.pending().kind == "castle" and state.colours[state.pending().player] == "blue"


def test_no_penalty_when_the_towers_are_full_and_the_game_ends_with_that_count():
    state = start("red", "blue", "green")
    state = adjust(state, section=2, max_column=5, castle=[[1] * 6, [1] * 10, [1] * 13], houses=[20, 20 - 29, 20],
                   favour=[[5, 5, 5, 5]] * 3)
    state = give(give(state, "red", stone=2, cloth=1, food=1), "blue", stone=1)
    state = place(state, "red", "castle")
    state = place(state, "blue", "castle")
    state = nobody_moves_provost(everyone_passes(state))
    state = act(state, "red", "castle", cubes=["food", "stone", "wood"])   # the last towers part
    assert state.castle_contents()["towers"].count("red") == 1
    assert "castle_penalty" not in kinds(state)                # Blue had a batch but no room: no −2
    assert state.resources(1)["stone"] == 1                   # and keeps the cubes
    state = act(state, "red", "favour", row="prestige")       # best builder
    assert state.bailiff_square == 7 and "section_count" in kinds(state)
    # Towers full: counted at the end of this turn although the bailiff is far from square 24.
    while not state.is_over:                                  # Blue's three count favours
        state = state.apply(state.pending().options[0].action)
    assert state.is_over


def test_the_dungeon_and_the_walls_are_both_counted_when_both_filled_in_one_turn():
    state = start("red", "blue", "green")
    state = adjust(state, castle=[[1] * 5, [1] * 9, []], houses=[20, 6, 20])
    state = give(state, "red", stone=2, food=1, cloth=1)
    state = place(state, "red", "castle")
    state = nobody_moves_provost(everyone_passes(state))
    state = act(state, "red", "castle", cubes=["food", "stone", "wood"])
    state = act(state, "red", "castle", cubes=["cloth", "food", "stone"])
    state = act(state, "red", "favour", row="prestige")       # best builder: 1 PP
    counted = [e["section"] for e in state.events if e["type"] == "section_count"]
    state = act(state, "blue", "favour", row="deniers")       # Blue's dungeon favour; then the walls count
    counted += [e["section"] for e in state.events if e["type"] == "section_count"]
    while state.pending().kind != "place":                    # Blue's three walls favours
        state = state.apply(state.pending().options[0].action)
    assert counted == ["dungeon", "walls"] and state.prestige(0) == 5 + 4 + 1
    assert state.section_under_construction == "towers" and state.max_column == 5


def test_a_monument_during_the_towers_count_loses_the_favour_beyond_four_rows():
    # Red's three count favours take the prestige, deniers and buildings rows; column 5 of the
    # buildings row builds the monument, whose two favours find one row left in this phase: one is lost.
    state = start("red", "blue", "green")
    state = adjust(state, section=2, max_column=5, castle=[[1] * 6, [1] * 10, [0] * 6], houses=[14, 4, 20],
                   favour=[[4, 4, 4, 4], [0] * 4, [0] * 4], phase="end_turn", passed=[0, 1, 2], bailiff=23,
                   provost=23)
    state = with_tile(state, 9, "residence", seat(state, "red"))
    state = give(state, "red", stone=4, gold=2)
    state = act(state, "red", "favour", row="prestige")
    state = act(state, "red", "favour", row="deniers")
    state = act(state, "red", "favour", row="buildings")
    state = act(state, "red", "favour_building", column=5, building="monument",
                pay=["gold", "gold", "stone", "stone", "stone", "stone"], square=9)
    # the first of the monument's favours has one row left: taken at once (a single option)
    assert {"type": "favour_row", "player": "red", "row": "resources", "column": 5} in state.events
    state = act(state, "red", "favour_resources", column=5, take=["gold"])
    assert kinds(state).count("favour_lost") == 1
    assert state.is_over and state.road_tile[9] == "monument"
    assert state.scores()[0].breakdown["favours"] == 5 and state.scores()[0].breakdown["buildings"] == 14


def test_two_players_the_first_passer_takes_a_denier_and_the_other_pays_three_even_for_the_castle():
    state = start("red", "blue")
    state = act(state, "red", "place", place="pass")
    assert state.resources(0)["denier"] == 7 + 1
    state = place(state, "blue", "castle")
    assert state.resources(1)["denier"] == 7 - 3


def test_beginner_joust_is_worth_three_points():
    state = start("red", "blue", "green", beginner_favours=True)
    state = give(state, "red", cloth=1)
    state = place(state, "red", "joust_field")
    state = everyone_passes(state)
    state = act(state, "red", "joust")
    assert state.prestige(0) == 3 and state.scores()[0].breakdown["favours"] == 3


def test_marketplace_buys_gold_and_the_alchemist_takes_two_plain_cubes_for_a_gold():
    state = start("red", "blue", "green")
    market = state.road_tile.index("neutral_marketplace")
    state = with_tile(state, 9, "alchemist", seat(state, "blue"))
    state = give(state, "red", gold=1)
    state = adjust(state, provost=9)
    state = _turn_to_activation(state, ("red", market), ("blue", 9))
    deniers = state.resources(0)["denier"]
    assert "gold" in {o.action.arg("cube") for o in state.pending().options}
    state = act(state, "red", "sell", cube="gold")
    assert state.resources(0)["denier"] == deniers + 4
    pays = {o.action.arg("pay") for o in state.pending().options if not o.action.arg("skip")}
    assert pays == {("food", "food"), ("food", "wood")}        # Blue holds 2 food + 1 wood, never gold
    state = act(state, "blue", "trade", trade=0, pay=["food", "wood"])
    assert state.resources(1)["gold"] == 1 and state.resources(1)["food"] == 1


def test_a_lawyer_favour_in_the_joust_phase_waits_for_the_worker_on_its_target():
    state = start("red", "blue", "green")
    state = adjust(state, section=1, max_column=4, favour=[[0, 0, 0, 3], [0] * 4, [0] * 4], provost=9)
    state = with_tile(state, 9, "wood_sawmill", seat(state, "red"))
    state = give(state, "red", cloth=2)
    state = place(state, "red", "joust_field")
    state = place(state, "blue", 9)
    state = everyone_passes(state)
    state = act(state, "red", "joust")
    state = act(state, "red", "favour", row="buildings")
    state = act(state, "red", "favour_building", column=4, square=9)
    assert state.road_tile[9] == "wood_sawmill" and "conversion_deferred" in kinds(state)
    assert state.resources(0)["cloth"] == 0                   # paid at once: 1 cloth (joust) + 1 cloth (favour)
    state = nobody_moves_provost(state)
    assert state.road_tile[9] == "residence" and state.resources(1)["wood"] == 1 + 2
