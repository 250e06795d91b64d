"""The board's locations, from the seed's rules and the rulebook's worked examples (numbers as printed there)."""

from companion.games.architects.economy import player

from .helpers import after_setup, clear_hands_of_goods, edited, me, options, play, settle_chance


def _at(state, seat, location, workers):
    def change(data):
        data["locations"][location][seat] = workers
        data["players"][seat]["supply"] -= workers
    return edited(state, change)


def test_a_third_worker_at_the_quarry_takes_three_stone():
    state = _at(after_setup(), 0, "quarry", 2)
    stone = me(state, 0)["stone"]
    state = play(state, "place", location="quarry")
    assert me(state, 0)["stone"] == stone + 3


def test_opponents_workers_do_not_count():
    state = _at(_at(after_setup(), 1, "forest", 4), 0, "forest", 0)
    state = play(state, "place", location="forest")
    assert me(state, 0)["wood"] == 1


def test_mines_fifth_worker_six_clay_or_two_gold_first_worker_only_clay():
    state = _at(after_setup(), 0, "mines", 4)
    state = play(state, "place", location="mines")
    assert {(a.arg("take"), o.gain.get("clay"), o.gain.get("gold")) for a, o in
            zip(state.pending().actions, state.pending().options)} == {("clay", 6, None), ("gold", None, 2)}
    first = play(after_setup(), "place", location="mines")
    assert [a.arg("take") for a in first.pending().actions] == ["clay"]
    assert me(play(first, "mines", take="clay"), 0)["clay"] == 2


def test_silversmith_fourth_worker_five_silver():
    state = _at(after_setup(), 0, "silversmith", 3)
    silver = me(state, 0)["silver"]
    assert me(play(state, "place", location="silversmith"), 0)["silver"] == silver + 5


def test_storehouse_example_five_actions_with_merchant_and_trader():
    """Yellow's fifth worker: 2 clay → virtue, 1 wood + 2 stone → marble, Merchant twice (4 silver → 2 gold),
    Trader 3 clay → marble."""
    def change(data):
        clear_hands_of_goods(data)
        mine = data["players"][0]
        mine.update(clay=5, wood=1, stone=2, silver=4, apprentices=[15, 35])
        data["locations"]["storehouse"][0] = 4
        mine["supply"] -= 4
    state = play(edited(after_setup(), change), "place", location="storehouse")
    virtue = me(state, 0)["virtue"]
    state = play(state, "trade", trade="virtue", clay=2)
    state = play(state, "trade", trade="marble", wood=1, stone=2)
    state = play(state, "trade", trade="silver2>gold1")
    state = play(state, "trade", trade="silver2>gold1")
    state = play(state, "trade", trade="clay3>marble1")
    mine = me(state, 0)
    assert (mine["virtue"], mine["marble"], mine["gold"], mine["silver"], mine["clay"]) == (virtue + 1, 2, 2, 0, 0)
    assert state.pending().kind != "trade"             # five workers, five actions


def test_the_seed_workshop_example_one_worker_takes_the_third_card():
    """Seed: with 1 worker, to take the 3rd card lay 1 silver on the 1st and the 2nd; the 3rd is then in reach."""
    state = edited(after_setup(), lambda d: d["players"][0].update(silver=10))
    state = play(state, "place", location="workshop")
    row = state.data["row"][0][:]
    reachable = {(a.arg("row"), a.arg("column")) for a in options(state, "hire")}
    assert (1, 3) in reachable and (1, 4) in reachable
    cost = {o.action.arg("column"): o.cost["silver"] for o in state.pending().options
            if o.action.kind == "hire" and o.action.arg("row") == 1}
    assert cost == {1: 4, 2: 5, 3: 6, 4: 7}          # 4 (2 of it tax) plus one per skipped card
    tax = state.data["tax"]
    state = play(state, "hire", row=1, column=3)
    assert me(state, 0)["silver"] == 4 and state.data["tax"] == tax + 2
    assert row[2] in me(state, 0)["apprentices"]
    assert state.data["row_coins"][0][:2] == [1, 1]    # the coins lie on the skipped cards
    assert state.data["row"][0][:3] == [row[0], row[1], row[3]]      # shifted left, refilled at the right
    assert state.pending().kind == "reveal_apprentice"


def test_the_rulebook_blue_second_worker_takes_the_fourth_card_for_two_silver_more():
    state = edited(_at(after_setup(), 0, "workshop", 1), lambda d: d["players"][0].update(silver=6))
    state = play(state, "place", location="workshop")
    state = play(state, "hire", row=2, column=4)
    assert me(state, 0)["silver"] == 0 and state.data["row_coins"][1][:2] == [1, 1]


def test_silver_on_a_hired_card_goes_to_the_hirer():
    state = edited(after_setup(), lambda d: (d["row_coins"][0].__setitem__(0, 3), d["players"][0].update(silver=4)))
    state = play(play(state, "place", location="workshop"), "hire", row=1, column=1)
    assert me(state, 0)["silver"] == 3


def test_workshop_draws_one_plus_one_per_two_workers():
    state = play(_at(after_setup(), 0, "workshop", 1), "place", location="workshop")
    assert [a.arg("cards") for a in options(state, "draw")] == [2]
    hand = len(me(state, 0)["hand"])
    state = settle_chance(play(state, "draw"))
    assert len(me(state, 0)["hand"]) == hand + 2


def test_hand_limit_six_at_the_end_of_the_turn_is_a_secret_discard():
    state = edited(_at(after_setup(), 0, "workshop", 5), lambda d: None)
    state = settle_chance(play(play(state, "place", location="workshop"), "draw"))
    assert len(me(state, 0)["hand"]) == 7 and state.pending().kind == "discard" and state.pending().is_secret
    state = state.apply(state.pending().options[0].action)
    assert len(me(state, 0)["hand"]) == 6 and state.pending().player == 1


def test_town_centre_example_one_four_players_second_capture_from_the_same_location():
    """Yellow's 2nd worker: 1 tax for the 3 red workers in the Forest, then 1 silver for the 2 green ones there."""
    def change(data):
        data["locations"]["forest"][0] = 3
        data["locations"]["forest"][2] = 2
        data["locations"]["quarry"][1] = 1
        data["locations"]["town_centre"][3] = 1
        for seat, count in ((0, 3), (2, 2), (1, 1), (3, 1)):
            data["players"][seat]["supply"] -= count
        data["turn"] = 3
        data["tasks"] = [{"kind": "end_turn", "seat": 3}, {"kind": "turn", "seat": 3}]
    state = edited(after_setup(4), change)
    silver, tax = me(state, 3)["silver"], state.data["tax"]
    state = play(state, "place", location="town_centre")
    state = play(state, "capture", location="forest", colour="red")
    assert {a.arg("location") for a in options(state, "capture")} == {"forest"}     # 4+ players: one location
    state = play(state, "capture", location="forest", colour="green")
    assert me(state, 3)["captured"] == [3, 0, 2, 0] and me(state, 3)["silver"] == silver - 2
    assert state.data["tax"] == tax + 1


def test_town_centre_example_two_three_captures_at_the_silversmith_own_workers_come_home():
    def change(data):
        for seat, count in ((0, 2), (1, 1), (2, 3)):
            data["locations"]["silversmith"][seat] = count
            data["players"][seat]["supply"] -= count
        data["locations"]["town_centre"][0] = 2
        data["players"][0]["supply"] -= 2
        data["players"][0]["silver"] = 3
    state = edited(after_setup(3), change)
    supply = me(state, 0)["supply"]
    state = play(state, "place", location="town_centre")
    for colour in ("red", "blue", "green"):
        state = play(state, "capture", location="silversmith", colour=colour)
    assert me(state, 0)["silver"] == 0 and me(state, 0)["captured"] == [0, 1, 3]
    assert me(state, 0)["supply"] == supply - 1 + 2


def test_two_or_three_players_capture_from_at_most_two_locations():
    def change(data):
        for loc in ("quarry", "forest", "mines"):
            data["locations"][loc][1] = 1
        data["players"][1]["supply"] -= 3
        data["locations"]["town_centre"][0] = 3
        data["players"][0]["supply"] -= 3
        data["players"][0]["silver"] = 9
    state = play(edited(after_setup(2), change), "place", location="town_centre")
    state = play(state, "capture", location="quarry", colour="blue")
    state = play(state, "capture", location="forest", colour="blue")
    assert {a.arg("location") for a in options(state, "capture")} <= {"quarry", "forest", "town_centre"} - {"quarry"}


def test_conspirator_saves_one_silver_never_the_tax():
    def change(data):
        data["players"][0].update(apprentices=[4], silver=1)
        data["locations"]["quarry"][1] = 2
        data["locations"]["forest"][1] = 1
        data["locations"]["town_centre"][0] = 1
        data["players"][1]["supply"] -= 3
        data["players"][0]["supply"] -= 1
    state = play(edited(after_setup(), change), "place", location="town_centre")
    state = play(play(state, "capture", location="quarry", colour="blue"), "capture", location="forest", colour="blue")
    assert me(state, 0)["silver"] == 0 and me(state, 0)["captured"][1] == 3


def test_tax_stand_takes_all_eleven_silver_and_two_virtue():
    state = edited(after_setup(), lambda d: d.update(tax=11))
    silver = me(state, 0)["silver"]
    state = play(state, "place", location="tax_stand")
    assert me(state, 0)["silver"] == silver + 11 and me(state, 0)["virtue"] == 5 and state.data["tax"] == 0


def test_no_worker_on_an_empty_tax_stand():
    state = edited(after_setup(), lambda d: d.update(tax=0))
    assert "tax_stand" not in {a.arg("location") for a in options(state, "place")}


def test_guardhouse_example_prison_for_silver_then_release_then_nothing():
    def change(data):
        data["players"][0]["captured"] = [0, 3, 2]
        data["players"][1]["supply"] -= 3
        data["players"][2]["supply"] -= 2
        data["players"][0]["prison"] = 2
        data["players"][0]["supply"] -= 4
        data["locations"]["guardhouse"][0] = 2
    state = edited(after_setup(3), change)
    silver, supply = me(state, 0)["silver"], me(state, 0)["supply"]
    state = play(state, "place", location="guardhouse")
    state = play(state, "guard", action="prison")
    state = play(state, "guard", action="release_prison")
    state = play(state, "done")
    assert me(state, 0)["silver"] == silver + 5 and me(state, 0)["supply"] == supply - 1 + 2
    assert (me(state, 1)["prison"], me(state, 2)["prison"], me(state, 0)["prison"]) == (3, 2, 0)


def test_guardhouse_release_from_one_board_for_five_silver_or_a_debt_and_pay_off_for_six():
    def change(data):
        data["players"][1]["captured"][0] = 2
        data["players"][2]["captured"][0] = 1
        data["players"][0]["supply"] -= 3
        data["players"][0].update(silver=11, unpaid=1)
        data["locations"]["guardhouse"][0] = 2
        data["players"][0]["supply"] -= 2
    state = edited(after_setup(3), change)
    tax = state.data["tax"]
    state = play(state, "place", location="guardhouse")
    state = play(state, "guard", action="release_captured", board="blue", pay="silver")
    assert me(state, 1)["captured"][0] == 0 and me(state, 2)["captured"][0] == 1      # one board (seed)
    state = play(state, "guard", action="release_captured", board="green", pay="debt")
    state = play(state, "guard", action="payoff")
    mine = me(state, 0)
    assert (mine["silver"], mine["unpaid"], mine["paid"], mine["virtue"]) == (0, 1, 1, 7)
    assert state.data["tax"] == tax + 2 + 3


def test_debt_collector_pays_out_when_a_debt_is_paid_off():
    def change(data):
        data["players"][0].update(silver=6, unpaid=1, apprentices=[7])
    state = play(play(edited(after_setup(), change), "place", location="guardhouse"), "guard", action="payoff")
    assert me(state, 0)["stone"] >= 2 and me(state, 0)["paid"] == 1


def test_black_market_costs_silver_and_virtue_and_closes_at_ten_virtue():
    state = edited(after_setup(), lambda d: d["players"][0].update(silver=3))
    goods = state.data["market_large"][-1]
    state = play(state, "place", location="black_market", space="c")
    assert me(state, 0)["silver"] == 0 and me(state, 0)["virtue"] == 6
    high = edited(after_setup(), lambda d: d["players"][0].update(virtue=10, silver=9))
    assert "black_market" not in {a.arg("location") for a in options(high, "place")}
    assert goods


def test_black_market_middle_hires_any_card_free_or_draws_five_keeps_one():
    state = edited(after_setup(), lambda d: d["players"][0].update(silver=2))
    state = play(state, "place", location="black_market", space="b")
    assert len(options(state, "hire")) == 8
    hand = len(me(state, 0)["hand"])
    state = settle_chance(play(state, "draw"))
    assert state.pending().kind == "offer_keep" and state.pending().is_secret and len(state.pending().options) == 5
    bottom = len(state.data["building_bottom"])
    state = state.apply(state.pending().options[0].action)
    assert len(me(state, 0)["hand"]) == hand + 1 and len(state.data["building_bottom"]) == bottom + 4


def test_a_player_with_no_worker_on_their_board_takes_one_back():
    def change(data):
        data["locations"]["quarry"][0] = 20
        data["players"][0]["supply"] = 0
    state = edited(after_setup(), change)
    assert state.pending().kind == "retrieve" and [a.arg("location") for a in options(state)] == ["quarry"]
    state = play(state, "retrieve", location="quarry")
    assert me(state, 0)["supply"] == 1 and state.pending().player == 1


def test_with_nothing_else_a_worker_comes_back_from_a_capture_space():
    def change(data):
        data["guildhall"] = [0] * 6
        data["players"][0]["prison"] = 10
        data["players"][1]["captured"][0] = 4
        data["players"][0]["supply"] = 0
    state = edited(after_setup(), change)
    assert [a.arg("board") for a in options(state)] == ["blue"]


def test_invariants_hold_in_the_scenarios():
    from companion.games.architects.invariants import violations
    assert violations(after_setup(5)) == []
    assert player(after_setup(2).data, 0)["virtue"] == 7


def test_an_illegal_placement_is_refused_naming_player_place_and_rule():
    import pytest

    from companion.games import Action, RuleError
    state = edited(after_setup(), lambda d: d.update(tax=0))
    with pytest.raises(RuleError) as refusal:
        state.apply(Action(0, "place", {"location": "tax_stand"}))
    assert str(refusal.value) == "Red can't place on the Tax Stand: the Tax Stand holds no silver"
    assert (refusal.value.player, refusal.value.place) == ("red", "tax_stand")
    taken = edited(after_setup(), lambda d: d.update(market=[1, None, None]))
    with pytest.raises(RuleError, match="Blue's worker already stands on space A"):
        taken.apply(Action(0, "place", {"location": "black_market", "space": "a"}))
    with pytest.raises(RuleError, match="Red must decide"):
        state.apply(Action(1, "place", {"location": "quarry"}))
