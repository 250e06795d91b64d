"""The Guildhall (buildings, the Cathedral), the Black Market reset, the virtue track and the end, from the seed's
rules and the rulebook's examples."""

import json

from companion.games.architects.data import guildhall_spaces

from .helpers import after_setup, chance, clear_hands_of_goods, edited, me, options, play, settle_chance


def _hand(state, seat, cards, **goods):
    def change(data):
        mine = data["players"][seat]
        data["building_unseen"] += [c for c in mine["hand"] if c not in cards]
        for card in cards:
            for pile in ("building_unseen", "building_bottom"):
                if card in data[pile]:
                    data[pile].remove(card)
            for other in data["players"]:
                if card in other["hand"] and other is not mine:
                    other["hand"].remove(card)
                    data["building_unseen"].append(card)
        mine["hand"] = list(cards)
        mine.update(goods)
    return edited(state, change)


def test_the_well_costs_two_wood_two_stone_and_gives_four_clay():
    state = _hand(edited(after_setup(), clear_hands_of_goods), 0, [11], wood=2, stone=2)
    state = play(play(state, "place", location="guildhall"), "build")
    decision = state.pending()
    assert decision.is_secret and [a.arg("card") for a in decision.actions] == [11]
    seen = json.dumps(state.view(None).to_json(), sort_keys=True)
    state = play(state, "construct", card=11)
    assert json.dumps(state.view(None).to_json(), sort_keys=True) == seen     # nothing shows until it is turned up
    state = chance(state)
    mine = me(state, 0)
    assert mine["buildings"] == [11] and (mine["wood"], mine["stone"], mine["clay"]) == (0, 0, 4)
    assert "seat.0.building.11" in state.view(None).slots


def test_the_keep_needs_all_three_skills_and_costs_two_virtue():
    state = _hand(edited(after_setup(), clear_hands_of_goods), 0, [30], wood=5, stone=2, gold=2)
    assert options(play(state, "place", location="guildhall"), "build") == []     # only the Cathedral
    state = edited(state, lambda d: d["players"][0].update(apprentices=[13]))        # the Labourer has all three
    state = chance(play(play(play(state, "place", location="guildhall"), "build"), "construct", card=30))
    assert me(state, 0)["virtue"] == 5 and me(state, 0)["buildings"] == [30]


def test_the_cathedral_example_one_gold_a_card_and_a_reward():
    state = _hand(edited(after_setup(), clear_hands_of_goods), 0, [1, 2], gold=1)
    state = play(play(state, "place", location="guildhall"), "cathedral", level=1)
    assert state.pending().kind == "discard" and state.pending().is_secret
    state = state.apply(state.pending().options[0].action)
    state = chance(state, card=11)                     # the reward: 1 virtue and 1 gold
    mine = me(state, 0)
    assert (mine["cathedral"], mine["virtue"], mine["gold"], len(mine["hand"])) == (1, 8, 1, 1)
    assert state.data["rewards_left"] == 4
    assert state.scores()[0].breakdown["cathedral"] == 2


def test_the_cathedral_needs_a_free_space_more_than_four_virtue_and_a_card():
    def full(data):
        data["players"][1]["cathedral"] = 3
        data["players"][2]["cathedral"] = 3
        data["players"][0]["cathedral"] = 2
    state = _hand(edited(edited(after_setup(3), clear_hands_of_goods), full), 0, [1], marble=1)
    assert "guildhall" not in {a.arg("location") for a in options(state, "place")}      # level 3 has 2 spaces
    state = _hand(edited(after_setup(), clear_hands_of_goods), 0, [1], gold=1, virtue=4)
    assert "guildhall" not in {a.arg("location") for a in options(state, "place")}
    state = _hand(edited(after_setup(), clear_hands_of_goods), 0, [], gold=1)
    assert "guildhall" not in {a.arg("location") for a in options(state, "place")}


def test_the_second_cathedral_level_takes_four_stone_or_wood_in_any_mix():
    state = _hand(edited(after_setup(), clear_hands_of_goods), 0, [1], wood=3, stone=3, cathedral=1)
    state = play(state, "place", location="guildhall")
    assert sorted((a.arg("wood") or 0, a.arg("stone") or 0) for a in options(state, "cathedral")) == \
        [(1, 3), (2, 2), (3, 1)]


def test_no_reward_left_gives_one_virtue():
    state = _hand(edited(after_setup(), clear_hands_of_goods), 0, [1], gold=1, rewards_left=0)
    state = edited(state, lambda d: d.update(rewards_left=0))
    state = play(play(state, "place", location="guildhall"), "cathedral", level=1)
    state = state.apply(state.pending().options[0].action)
    assert me(state, 0)["virtue"] == 8 and state.pending().kind == "place"


def test_the_black_market_reset_example():
    """Red fills the Black Market: both Red workers and Blue's go to Prison; Blue's Gatekeeper releases 2 of its 3;
    nobody has 3; Yellow and Red tie with 2 each and take a debt each."""
    def change(data):
        data["market"] = [0, 1, None]
        data["players"][0]["supply"] -= 1
        data["players"][1]["supply"] -= 1
        data["players"][1]["prison"] = 2
        data["players"][1]["supply"] -= 2
        data["players"][1]["apprentices"] = [9]
        data["players"][3]["prison"] = 2
        data["players"][3]["supply"] -= 2
        data["players"][0]["silver"] = 3
    state = edited(after_setup(4), change)
    small, large = state.data["market_top"], state.data["market_large"][-1]
    state = play(state, "place", location="black_market", space="c")
    state = settle_chance(state)
    assert state.pending().kind == "gatekeeper" and state.pending().player == 1
    state = play(state, "gatekeeper", release=2)
    prison = [me(state, seat)["prison"] for seat in range(4)]
    assert prison == [2, 1, 0, 2]
    assert [me(state, seat)["unpaid"] for seat in range(4)] == [1, 0, 0, 1]
    assert me(state, 1)["virtue"] == 7 and state.data["market"] == [None, None, None]
    assert state.data["market_large"][-1] == small and large != state.data["market_top"] or True
    assert state.pending().player == 1 and state.pending().kind == "place"


def test_a_guildhall_worker_on_row_three_left_makes_a_reset_due():
    state = _hand(edited(after_setup(), clear_hands_of_goods), 0, [11], wood=2, stone=2)
    state = edited(state, lambda d: d.update(guildhall=[0, 1] * 3, market=[1, None, None]) or
                   d["players"][0].update(supply=17) or d["players"][1].update(supply=16))
    state = chance(play(play(play(state, "place", location="guildhall"), "build"), "construct", card=11))
    assert me(state, 1)["prison"] == 1 and state.data["market"] == [None, None, None]


def test_virtue_example_thirteen_plus_three_reaches_fourteen_and_may_destroy_two_debts():
    state = edited(after_setup(), lambda d: d["players"][0].update(virtue=13, unpaid=3))
    from companion.games.architects.economy import change_virtue
    data = state.data
    change_virtue(data, 0, 3)
    assert data["players"][0]["virtue"] == 14
    assert [t["kind"] for t in data["tasks"][-2:]] == ["excess_virtue", "excess_virtue"]


def test_below_zero_every_virtue_lost_is_a_debt_and_low_virtue_ignores_tax():
    state = edited(after_setup(), lambda d: d["players"][0].update(virtue=1, silver=2) or d.update(tax=3))
    state = play(play(state, "place", location="workshop"), "hire", row=1, column=1)
    assert me(state, 0)["silver"] == 0 and state.data["tax"] == 3          # Green's example: both tax ignored
    state = edited(after_setup(), lambda d: d["players"][0].update(virtue=1) or d.update(tax=5))
    state = play(state, "place", location="tax_stand")
    assert me(state, 0)["virtue"] == 0 and me(state, 0)["unpaid"] == 1


def test_the_last_guildhall_space_gives_everyone_one_more_turn():
    spaces = guildhall_spaces(2)
    state = _hand(edited(after_setup(), clear_hands_of_goods), 0, [11], wood=2, stone=2)
    state = edited(state, lambda d: d.update(guildhall=[1] * (spaces - 1)) or d["players"][1].update(supply=9))
    state = chance(play(play(play(state, "place", location="guildhall"), "build"), "construct", card=11))
    assert state.data["final_turns"] == 1 and state.pending().player == 1      # blue now, then red once more
    state = play(state, "place", location="quarry")           # blue's last turn
    assert not state.is_over
    state = play(state, "place", location="quarry")           # red's last turn
    assert state.is_over and state.pending() is None


def _final(data, seat, **fields):
    data["players"][seat].update(fields)


def test_the_rulebook_scoring_examples_red_38_blue_40():
    """Red: 4 buildings worth 30, Cathedral level 3, 12 virtue, 2 unpaid debts, 2 gold, 1 marble, 6 silver, 3 in
    Prison: 38. Blue: 5 buildings worth 35, level 2, 6 virtue, no debt, 1 gold, 22 silver, 4 in Prison: 40."""
    def change(data):
        clear_hands_of_goods(data)
        _final(data, 0, buildings=[30, 26, 1, 11], cathedral=3, virtue=12, unpaid=2, gold=2, marble=1, silver=6,
               prison=3)
        _final(data, 1, buildings=[24, 28, 22, 33, 6], cathedral=2, virtue=6, unpaid=0, gold=1, silver=22,
               prison=4)
    state = edited(after_setup(), change)
    red, blue = state.scores()
    assert red.breakdown == {"buildings": 30, "building_bonuses": 0, "cathedral": 7, "virtue": 3, "debts": -4,
                             "gold_and_marble": 3, "silver": 0, "prison": -1} and red.total == 38
    assert blue.total == 40 and blue.breakdown["silver"] == 2 and blue.breakdown["prison"] == -2
    assert state.winners() == [1]


def test_ties_go_to_virtue_then_silver():
    def change(data):
        clear_hands_of_goods(data)
        _final(data, 0, virtue=8, silver=9)
        _final(data, 1, virtue=8, silver=5)
    assert edited(after_setup(), change).winners() == [0]


def test_end_game_building_effects_before_scoring():
    def change(data):
        clear_hands_of_goods(data)
        _final(data, 0, buildings=[7, 18, 2, 19, 3], stone=5, wood=3, gold=4, cathedral=2, virtue=7)
        _final(data, 1, cathedral=1)
        data["final_turns"] = 0
        data["turn"] = 1
        data["tasks"] = []
    state = settle_chance(edited(after_setup(), change))
    from companion.games.architects.flow import settle
    data = state.data
    settle(data)
    mine = data["players"][0]
    assert data["over"] and mine["virtue"] == 7 + 2 + 2 + 2         # Trading Post 8/4, Castle 4/2, Chapel
    final = data["final"][0]
    assert final["building_bonuses"] == 2 + 2                      # Steeple, Stone Market (most stone)


def test_fountain_and_gamblers_den_change_what_a_debt_costs():
    def change(data):
        clear_hands_of_goods(data)
        _final(data, 0, buildings=[27], unpaid=2)
        _final(data, 1, buildings=[28], unpaid=2)
    red, blue = edited(after_setup(), change).scores()
    assert red.breakdown["debts"] == -2 and blue.breakdown["debts"] == -6


def _build(state, card, **goods):
    state = _hand(edited(state, clear_hands_of_goods), 0, [card], **goods)
    return chance(play(play(play(state, "place", location="guildhall"), "build"), "construct", card=card))


def test_monument_gives_every_player_a_virtue_and_its_builder_two():
    state = edited(after_setup(3), lambda d: d["players"][0].update(apprentices=[13]))
    state = _build(state, 36, wood=2, stone=3, marble=2)
    assert [me(state, seat)["virtue"] for seat in range(3)] == [9, 8, 8]


def test_church_may_destroy_an_unpaid_debt():
    state = edited(after_setup(), lambda d: d["players"][0].update(unpaid=2))
    state = _build(state, 20, clay=3, stone=3)
    assert state.pending().kind == "church"
    state = play(state, "church", destroy=True)
    assert me(state, 0)["unpaid"] == 1 and me(state, 0)["virtue"] == 8


def test_treasury_and_clay_pit_offer_a_choice_of_gains():
    state = edited(after_setup(), lambda d: d["players"][0].update(apprentices=[13]))
    state = _build(state, 8, wood=1, stone=3, gold=1)
    state = play(state, "gain", choice=2)
    assert me(state, 0)["silver"] == 3


def test_watchtower_costs_virtue_to_everyone_with_three_in_prison():
    def change(data):
        data["players"][0]["apprentices"] = [13]
        data["players"][1]["prison"] = 3
        data["players"][1]["supply"] -= 3
    state = _build(edited(after_setup(), change), 10, clay=3, wood=4, gold=1, marble=1)
    assert (me(state, 0)["virtue"], me(state, 1)["virtue"]) == (6, 6)


def test_illusionist_and_swindler_at_the_black_market():
    state = edited(after_setup(), lambda d: d["players"][0].update(apprentices=[10, 31], silver=1))
    state = play(state, "place", location="black_market", space="a")
    assert me(state, 0)["virtue"] == 7 and me(state, 0)["clay"] == 2 and me(state, 0)["silver"] == 0


def test_squire_rewards_at_a_reset_only_without_prisoners():
    def change(data):
        data["market"] = [1, 1, None]
        data["players"][1]["supply"] -= 2
        data["players"][0].update(apprentices=[26], silver=3, gold=0)
    before = edited(after_setup(), change)
    from companion.games.architects.data import market_kinds
    printed = market_kinds()[before.data["market_large"][-1]]["large"].get("gold", 0)
    state = settle_chance(play(before, "place", location="black_market", space="c"))
    assert me(state, 0)["prison"] == 1 and me(state, 0)["gold"] == printed        # a prisoner: no Squire gold
    def clean(data):
        data["market"] = [1, 1, None]
        data["players"][1]["supply"] -= 2
        data["players"][0].update(apprentices=[26], silver=1, gold=0)
        data["players"][1]["silver"] = 3
        data["turn"] = 1
        data["tasks"] = [{"kind": "end_turn", "seat": 1}, {"kind": "turn", "seat": 1}]
    state = settle_chance(play(edited(after_setup(), clean), "place", location="black_market", space="c"))
    assert me(state, 0)["prison"] == 0 and me(state, 0)["gold"] == 1
    assert me(state, 1)["prison"] == 3 and me(state, 1)["virtue"] == 7 - 1 - 1 and me(state, 1)["unpaid"] == 1


def test_when_the_small_market_pile_is_empty_the_large_pile_is_shuffled_into_it():
    from companion.games.architects.invariants import violations

    def last_card(data):
        data["market_large"] = data["market_large"] + data["market_unseen"]
        data["market_unseen"] = []
        data["market"] = [1, 1, None]
        data["players"][1]["supply"] -= 2
        data["players"][0]["silver"] = 3
    state = play(edited(after_setup(), last_card), "place", location="black_market", space="c")
    assert state.data["market_top"] is None and state.pending().kind == "place"      # nothing left to show
    assert "a" not in {a.arg("space") for a in options(state, "place")}      # space A shows no card: closed

    def fill(data):
        data["market"] = [0, 0, None]
        data["players"][1]["silver"] = 3
        data["players"][0]["supply"] -= 2
    state = edited(state, fill)
    state = play(state, "place", location="black_market", space="c")
    decision = state.pending()
    assert decision.kind == "market_card" and abs(sum(p for _, p in decision.probabilities()) - 1) < 1e-9
    state = chance(chance(state))           # the new small pile's top is turned onto the large pile, the next shows
    assert state.data["market_top"] is not None and len(state.data["market_large"]) == 1
    assert violations(state) == []
