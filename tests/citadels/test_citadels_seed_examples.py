"""The seed rulebook's examples (003_ebe05c8a07613398), played through the engine.

* 回合示例: the Thief robs the Warlord when it is revealed; the Warlord gathers 2 gold, destroys a Market for 1,
  taxes a Prison and a School of Magic for 2, builds a Barracks for 3 and may tax no more; the round then ends.
* 終局計分示例: Kent 28 (first complete city, all five types with the Haunted Quarter as military), Ashley 29
  (complete, not first; Dragon Gate's 2 more) — Ashley wins.
* 2-3 players: a card drawn in the Architect's turn may be built in the same player's Warlord turn, but the
  Architect's three builds are for the Architect's turn only.
"""

from citadels_helpers import COLOURS, act, adjust, call_until, deal, draft, end_turn, events_of, options, play_gold_turn

from companion.games.citadels import new_game

from companion.games.citadels.scoring import breakdown

ANNA, ASHLEY, KENT, DAVE = 0, 1, 2, 3


def _turn_example_table():
    state = deal(4, hands={ASHLEY: ["barracks", "temple", "tavern", "manor"]})
    state = draft(state, faceup=["magician", "merchant"], facedown=["bishop"],
                  picks=["thief", "warlord", "architect", "king"])
    deck = state.deck[:]
    for card in ("prison", "school_of_magic", "market", "palace"):
        deck.remove(card)
    return adjust(state, deck=deck, gold=[1, 4, 3, 2],
                  cities=[[], ["prison", "school_of_magic"], ["market", "palace"], []],
                  built_round=[[], [1, 1], [1, 1], []])


def test_the_turn_example_thief_warlord_tax_and_build():
    state = _turn_example_table()
    state = call_until(state, "thief")
    state = act(state, "rob", character="warlord")
    state = end_turn(act(state, "gather", take="gold"))                 # Anna: 1 + 2 = 3 gold
    state = play_gold_turn(play_gold_turn(state, "king"), "architect")
    state = call_until(state, "warlord")
    # 1. revealed: Anna takes all of Ashley's gold
    assert state.gold[ANNA] == 3 + 4 and state.gold[ASHLEY] == 0
    assert events_of(state, "robbed") == [{"type": "robbed", "seat": ANNA, "from": ASHLEY, "gold": 4}]
    # 2. she gathers 2 gold
    state = act(state, "gather", take="gold")
    assert state.gold[ASHLEY] == 2
    # 3. destroys Kent's Market (cost 2) for 1 gold; it goes face down under the deck
    state = act(state, "destroy", seat=KENT, district="market")
    assert state.gold[ASHLEY] == 1 and state.cities[KENT] == ["palace"] and state.bottom[-1] == "market"
    # 4. taxes her military districts: the Prison, and the School of Magic counting as military
    state = act(state, "tax")
    assert state.gold[ASHLEY] == 3
    # 5. builds the Barracks for 3; the tax is used, so the Barracks brings nothing this turn
    state = act(state, "build", district="barracks")
    assert state.gold[ASHLEY] == 0 and state.cities[ASHLEY] == ["prison", "school_of_magic", "barracks"]
    kinds = {a.kind for a in options(state)}
    assert "tax" not in kinds and "build" not in kinds and "destroy" not in kinds
    # the Warlord is the last character: the round ends with her turn
    state = end_turn(state)
    assert state.round == 2 and state.phase == "draft" and state.crown == DAVE


def _scored(cities, completed):
    state = new_game(list(COLOURS[:4]), seed=1)                      # nothing dealt: every card is in the deck
    deck = state.deck[:]
    for city in cities:
        for card in city:
            deck.remove(card)
    return adjust(state, deck=deck, cities=[list(c) for c in cities],
                  built_round=[[1] * len(c) for c in cities], completed=completed, phase="over", queue=[])


KENT_CITY = ["castle", "temple", "haunted_quarter", "docks", "smithy", "harbor", "trading_post"]   # 4+1+2+3+5+4+2
ASHLEY_CITY = ["manor", "prison", "barracks", "church", "monastery", "school_of_magic", "dragon_gate"]  # 3+2+3+2+3+6+6


def test_the_end_scoring_example_ashley_29_beats_kent_28():
    state = _scored([[], ASHLEY_CITY, KENT_CITY, []], completed=[KENT, ASHLEY])
    kent, ashley = breakdown(state, KENT), breakdown(state, ASHLEY)
    assert kent["districts"] == 21 and kent["first_complete"] == 4 and kent["all_types"] == 3
    assert sum(kent.values()) == 28
    assert ashley["districts"] == 25 and ashley["complete"] == 2 and ashley["extra_points"] == 2
    assert ashley["all_types"] == 0                    # no trade district: the School of Magic counts only for taxes
    assert sum(ashley.values()) == 29
    assert state.winners() == [ASHLEY]


def test_without_the_haunted_quarter_kent_lacks_a_military_district():
    city = [d for d in KENT_CITY if d != "haunted_quarter"] + ["market"]
    state = _scored([[], [], city, []], completed=[KENT])
    assert breakdown(state, KENT)["all_types"] == 0


def test_the_haunted_quarter_built_in_the_last_round_under_the_2000_limit():
    state = _scored([[], [], KENT_CITY, []], completed=[KENT])
    limited = adjust(state, variants={**state.variants, "haunted_quarter_last_round": True},
                     built_round=[[], [], [1, 1, state.round, 1, 1, 1, 1], []])
    assert breakdown(state, KENT)["all_types"] == 3 and breakdown(limited, KENT)["all_types"] == 0


def test_two_players_architect_cards_built_in_the_warlord_turn_but_one_build_there():
    state = deal(2, hands={0: ["manor", "temple", "tavern", "watchtower"]})
    # seat 0 holds the crown: keeps the Architect, seat 1 keeps and puts aside, seat 0 the Warlord …
    state = draft(state, facedown=["assassin"], picks=["architect", "thief", "magician", "warlord", "king",
                                                        "bishop"])
    assert state.picks[0] == ["architect", "warlord"] and state.picks[1] == ["thief", "bishop"]
    state = adjust(state, gold=[20, 2])
    state = play_gold_turn(play_gold_turn(state, "thief"), "bishop")
    state = call_until(state, "architect")
    state = act(state, "gather", take="gold")
    state = act(state, "architect_cards")
    state = act(state, "draw", district="palace")
    state = act(state, "draw", district="castle")
    for card in ("manor", "temple", "tavern"):                     # three builds in the Architect's turn
        state = act(state, "build", district=card)
    assert not options(state, "build")
    state = end_turn(state)
    state = call_until(state, "warlord")
    state = act(state, "gather", take="gold")
    state = act(state, "build", district="palace")                 # drawn in the Architect's turn
    assert not options(state, "build")                             # one build only in the Warlord's turn
    assert state.cities[0] == ["manor", "temple", "tavern", "palace"]
