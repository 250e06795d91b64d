"""The characters' powers (角色能力詳解) with every limit the seed gives, and the unique districts' effects."""

from citadels_helpers import act, adjust, call_until, deal, draft, end_turn, events_of, options, play_gold_turn

# 4 players: Magician and Merchant face up, Bishop face down; seats 0..3 pick in this order.
RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def table(picks, faceup=("magician", "merchant"), facedown=("bishop",), players=4, hands=None, **fields):
    state = deal(players, hands=hands)
    state = draft(state, faceup=faceup, facedown=facedown, picks=picks)
    if "cities" in fields:
        deck = state.deck[:]
        for city in fields["cities"]:
            for card in city:
                deck.remove(card)
        fields.setdefault("built_round", [[1] * len(city) for city in fields["cities"]])
        fields["deck"] = deck
    return adjust(state, **fields) if fields else state


def kinds(state):
    return {a.kind for a in options(state)}


# ---------------------------------------------------------------- assassin
def test_the_murdered_character_is_skipped_silently_and_shown_when_the_round_ends():
    state = table(["assassin", "thief", "king", "warlord"])
    state = call_until(state, "assassin")
    assert "assassin" not in {a.arg("character") for a in options(state, "murder")}      # another character only
    state = end_turn(act(act(state, "murder", character="warlord"), "gather", take="gold"))
    state = play_gold_turn(state, "thief")
    state = play_gold_turn(state, "king")
    while state.phase == "call":
        state = state.apply(state.pending().actions[0])
    assert state.round == 2
    shown = events_of(state, "murdered_shown")
    assert shown == [{"type": "murdered_shown", "character": "warlord", "seat": YELLOW}]
    assert not any(e["type"] == "revealed" and e["character"] == "warlord" for e in state.events)


def test_a_murdered_king_takes_the_crown_as_heir_at_the_end_of_the_round():
    state = table(["assassin", "thief", "king", "warlord"])
    state = call_until(state, "assassin")
    state = end_turn(act(act(state, "murder", character="king"), "gather", take="gold"))
    state = play_gold_turn(state, "thief")
    assert state.crown == RED
    state = call_until(state, "warlord")                                  # the King's call is answered by nobody
    state = end_turn(act(state, "gather", take="gold"))
    assert state.round == 2 and state.crown == GREEN


# ---------------------------------------------------------------- thief
def test_the_thief_cannot_rob_the_assassin_or_the_murdered_and_robs_on_reveal():
    state = table(["assassin", "thief", "king", "warlord"], gold=[2, 2, 5, 7])
    state = call_until(state, "assassin")
    state = end_turn(act(act(state, "murder", character="king"), "gather", take="gold"))
    state = call_until(state, "thief")
    robbable = {a.arg("character") for a in options(state, "rob")}
    assert "assassin" not in robbable and "king" not in robbable and "thief" not in robbable
    assert robbable == {"magician", "bishop", "merchant", "architect", "warlord"}
    state = end_turn(act(act(state, "gather", take="gold"), "rob", character="warlord"))
    assert state.gold[BLUE] == 4
    state = call_until(state, "warlord")
    assert state.gold == [4, 11, 5, 0]


def test_robbing_a_character_nobody_chose_takes_nothing():
    state = table(["assassin", "thief", "king", "warlord"], gold=[2, 2, 5, 7])
    state = play_gold_turn(state, "assassin")
    state = call_until(state, "thief")
    state = end_turn(act(act(state, "rob", character="architect"), "gather", take="gold"))
    state = play_gold_turn(state, "king")
    state = call_until(state, "warlord")
    assert state.gold == [4, 4, 7, 7] and not events_of(state, "robbed")


# ---------------------------------------------------------------- magician
def test_the_magician_swaps_hands_or_takes_a_whole_hand_when_their_own_is_empty():
    state = table(["magician", "thief", "king", "warlord"], faceup=("assassin", "merchant"),
                  hands={GREEN: ["palace", "temple", "tavern", "manor"]})
    state = call_until(play_gold_turn(state, "thief"), "magician")
    state = adjust(state, hands=[[], state.hands[1], state.hands[2], state.hands[3]])
    state = act(state, "swap_hands", seat=GREEN)
    assert state.hands[RED] == ["manor", "palace", "tavern", "temple"] and state.hands[GREEN] == []
    assert "exchange_cards" not in kinds(state) and "swap_hands" not in kinds(state)        # once per turn


def test_the_magician_puts_cards_under_the_deck_and_draws_as_many():
    state = table(["magician", "thief", "king", "warlord"], faceup=("assassin", "merchant"),
                  hands={RED: ["palace", "temple", "tavern", "manor"]})
    state = call_until(play_gold_turn(state, "thief"), "magician")
    assert {a.arg("count") for a in options(state, "exchange_cards")} == {1, 2, 3, 4}
    state = act(state, "exchange_cards", count=2)
    for card in ("temple", "tavern"):
        decision = state.pending()
        assert decision.kind == "discard" and decision.private_to == RED
        state = act(state, "discard", district=card)
    for card in ("castle", "fortress"):
        assert state.pending().kind == "draw" and state.pending().private_to == RED
        state = act(state, "draw", district=card)
    assert state.hands[RED] == ["castle", "fortress", "manor", "palace"]
    assert state.bottom == ["temple", "tavern"] and state.pending().kind == "turn"


# ---------------------------------------------------------------- king, bishop, merchant, architect
def test_the_king_takes_the_crown_when_revealed_and_taxes_noble_districts():
    state = table(["assassin", "thief", "king", "warlord"], cities=[[], [], ["manor", "palace", "temple"], []])
    state = play_gold_turn(play_gold_turn(state, "assassin"), "thief")
    state = call_until(state, "king")
    assert state.crown == GREEN
    before = state.gold[GREEN]
    state = act(state, "tax")
    assert state.gold[GREEN] == before + 2 and "tax" not in kinds(state)


def test_tax_may_come_before_or_after_building():
    state = table(["assassin", "thief", "warlord", "king"], faceup=("magician", "merchant"), facedown=("architect",),
                  hands={GREEN: ["watchtower", "temple", "tavern", "manor"]},
                  cities=[[], [], ["prison"], []])
    state = play_gold_turn(play_gold_turn(state, "assassin"), "thief")
    state = play_gold_turn(state, "king")
    state = call_until(state, "warlord")
    state = act(state, "build", district="watchtower") if "build" in kinds(state) else act(state, "gather", take="gold")
    state = act(state, "build", district="watchtower")
    state = act(state, "tax")                                              # after building: the Watchtower counts
    assert events_of(state, "gold")[-1]["gold"] == 2


def test_the_merchant_takes_one_more_gold_and_the_architect_two_more_cards_and_three_builds():
    state = table(["merchant", "thief", "architect", "warlord"], faceup=("magician", "bishop"), facedown=("king",),
                  hands={GREEN: ["temple", "tavern", "manor", "watchtower"]}, gold=[2, 2, 10, 2])
    state = play_gold_turn(state, "thief")
    state = call_until(state, "merchant")
    state = act(state, "gather", take="cards")
    state = act(state, "draw", district="castle")
    state = act(state, "draw", district="palace")
    assert state.pending().kind == "keep"
    state = act(state, "keep", district="castle")
    state = end_turn(act(state, "merchant_gold"))
    assert state.gold[RED] == 3 and "castle" in state.hands[RED] and state.bottom == ["palace"]
    state = call_until(state, "architect")
    state = act(state, "architect_cards")                                  # before gathering: any time in the turn
    state = act(act(state, "draw", district="market"), "draw", district="docks")
    state = act(state, "gather", take="gold")
    for card in ("temple", "tavern", "manor"):
        state = act(state, "build", district=card)
    assert "build" not in kinds(state) and state.gold[GREEN] == 12 - 5


def test_the_bishop_protects_their_city_from_the_warlord_unless_murdered():
    base = dict(faceup=("magician", "merchant"), facedown=("architect",),
                cities=[["temple"], ["church"], ["manor"], []], gold=[2, 2, 2, 9])
    state = table(["assassin", "bishop", "king", "warlord"], **base)
    state = play_gold_turn(state, "assassin")
    state = play_gold_turn(play_gold_turn(state, "king"), "bishop")
    state = act(call_until(state, "warlord"), "gather", take="gold")
    assert (BLUE, "church") not in {(a.arg("seat"), a.arg("district")) for a in options(state, "destroy")}
    state = table(["assassin", "bishop", "king", "warlord"], **base)
    state = call_until(state, "assassin")
    state = end_turn(act(act(state, "murder", character="bishop"), "gather", take="gold"))
    state = play_gold_turn(state, "king")
    state = act(call_until(state, "warlord"), "gather", take="gold")
    assert (BLUE, "church") in {(a.arg("seat"), a.arg("district")) for a in options(state, "destroy")}


# ---------------------------------------------------------------- warlord
def _warlord_turn(cities, gold=9, **fields):
    state = table(["assassin", "thief", "king", "warlord"], cities=cities, gold=[2, 2, 2, gold], **fields)
    state = play_gold_turn(play_gold_turn(play_gold_turn(state, "assassin"), "thief"), "king")
    return act(call_until(state, "warlord"), "gather", take="gold")


def _targets(state):
    return {(a.arg("seat"), a.arg("district")): o.cost.get("gold", 0)
            for o in state.pending().options if (a := o.action).kind == "destroy"}


def test_the_warlord_pays_cost_minus_one_and_may_destroy_their_own():
    state = _warlord_turn([["temple"], ["church"], ["monastery", "keep"], ["palace"]])
    targets = _targets(state)
    assert targets[(RED, "temple")] == 0 and targets[(BLUE, "church")] == 1 and targets[(GREEN, "monastery")] == 2
    assert targets[(YELLOW, "palace")] == 4                                   # their own city
    assert (GREEN, "keep") not in targets                                   # the Keep can't be destroyed
    state = act(state, "destroy", seat=GREEN, district="monastery")
    assert state.gold[YELLOW] == 11 - 2 and state.cities[GREEN] == ["keep"] and "destroy" not in kinds(state)


def test_the_warlord_cannot_touch_a_completed_city():
    full = ["manor", "castle", "palace", "temple", "church", "monastery", "keep"]
    state = _warlord_turn([full, ["church"], [], []], completed=[RED])
    assert not any(seat == RED for seat, _ in _targets(state))


def test_the_great_wall_makes_other_districts_cost_one_more():
    state = _warlord_turn([["great_wall", "market"], [], [], []])
    assert _targets(state) == {(RED, "market"): 2, (RED, "great_wall"): 5}


def test_the_graveyard_owner_may_pay_one_gold_to_take_the_destroyed_card_back():
    state = _warlord_turn([["graveyard", "market"], [], [], []])
    state = act(state, "destroy", seat=RED, district="market")
    decision = state.pending()
    assert decision.kind == "graveyard" and decision.player == RED and not decision.is_secret
    gold = state.gold[RED]
    state = act(state, "graveyard", take=True)
    assert "market" in state.hands[RED] and state.gold[RED] == gold - 1 and state.pending().kind == "turn"


def test_the_graveyard_does_not_save_itself():
    state = _warlord_turn([["graveyard"], [], [], []])
    state = act(state, "destroy", seat=RED, district="graveyard")
    assert state.pending().kind == "turn" and state.bottom[-1] == "graveyard"


def test_the_graveyard_does_not_help_its_owner_playing_the_warlord():
    state = _warlord_turn([[], [], [], ["market", "graveyard"]])
    state = act(state, "destroy", seat=YELLOW, district="market")
    assert state.pending().kind == "turn" and state.bottom[-1] == "market"


# ---------------------------------------------------------------- building and unique districts
def test_one_build_a_turn_no_duplicates_and_gathering_first():
    state = table(["assassin", "thief", "king", "warlord"], hands={RED: ["manor", "temple", "tavern", "castle"]},
                  cities=[["temple"], [], [], []], gold=[9, 2, 2, 2])
    state = call_until(state, "assassin")
    assert "build" not in kinds(state) and "end_turn" not in kinds(state)        # must gather first
    state = act(state, "gather", take="gold")
    built = {a.arg("district") for a in options(state, "build")}
    assert built == {"manor", "tavern", "castle"}                                  # no second Temple
    state = act(state, "build", district="castle")
    assert "build" not in kinds(state)


def test_observatory_draws_three_and_library_keeps_all():
    state = table(["assassin", "thief", "king", "warlord"], cities=[["observatory"], ["library"], [], []])
    state = call_until(state, "assassin")
    state = act(state, "gather", take="cards")
    for card in ("manor", "castle", "palace"):
        state = act(state, "draw", district=card)
    assert state.pending().kind == "keep" and len(state.pending().options) == 3
    state = end_turn(act(state, "keep", district="palace"))
    assert state.bottom == ["castle", "manor"]
    state = act(call_until(state, "thief"), "gather", take="cards")
    state = act(act(state, "draw", district="temple"), "draw", district="church")
    assert state.pending().kind == "turn" and {"temple", "church"} <= set(state.hands[BLUE])


def test_laboratory_and_smithy_once_a_turn():
    state = table(["assassin", "thief", "king", "warlord"], cities=[["laboratory", "smithy"], [], [], []],
                  gold=[4, 2, 2, 2])
    state = call_until(state, "assassin")
    state = act(state, "laboratory")
    card = state.pending().actions[0].arg("district")
    state = act(state, "discard", district=card)
    assert state.gold[RED] == 6 and state.bottom == [card] and "laboratory" not in kinds(state)
    state = act(state, "smithy")
    for card in ("manor", "castle", "palace"):
        state = act(state, "draw", district=card)
    assert state.gold[RED] == 4 and "smithy" not in kinds(state) and len(state.hands[RED]) == 4 - 1 + 3
