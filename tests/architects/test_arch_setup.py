"""Setup as the seed gives it: 20 workers, virtue 7, silver 3/4/5…, 4 silver on the Tax Stand, 8 apprentices, one
apprentice for each player first player first, a draft of 4 cards down to 3 kept, 2 reward cards per player + 1."""

import json

from companion.games.architects import new_game
from companion.games.architects.data import apprentice

from .helpers import after_setup, chance, me, play


def test_the_seed_setup_for_four_players():
    state = after_setup(4, apprentices=True)
    data = state.data
    assert data["phase"] == "play" and data["first"] == 0 and data["turn"] == 0
    assert [p["silver"] for p in data["players"]] == [3, 4, 5, 6]
    assert all(p["virtue"] == 7 + apprentice(p["apprentices"][0]).virtue and p["supply"] == 20
               for p in data["players"])         # 7, moved by the first apprentice's virtue
    assert all(len(p["apprentices"]) == 1 and len(p["hand"]) == 3 for p in data["players"])
    assert data["tax"] == 4 and data["rewards_left"] == 9
    assert all(card is not None for row in data["row"] for card in row)
    assert len(data["building_bottom"]) == 4           # the last card of each player's draft went under the pile
    assert data["market_top"] is not None and len(data["market_large"]) == 1


def test_the_second_player_starts_with_three_silver_when_drawn_first():
    state = new_game(["red", "blue", "green"], seed=1)
    state = chance(state, seat=1)
    assert [me(state, seat)["silver"] for seat in range(3)] == [5, 3, 4]


def test_the_first_apprentices_are_taken_first_player_first_and_the_row_refilled_after():
    state = new_game(["red", "blue"], seed=1)
    state = chance(state, seat=1)
    while state.pending().kind != "hire":
        state = chance(state)
    assert state.pending().player == 1
    state = play(state, "hire", row=1, column=2)
    assert state.data["row"][0][1] is None            # the gap waits until everyone has taken one
    assert state.pending().player == 0
    assert (1, 2) not in {(a.arg("row"), a.arg("column")) for a in state.pending().actions}
    state = play(state, "hire", row=1, column=3)    # the card at 1.3 is still there, not shifted
    assert state.pending().kind == "reveal_apprentice"


def test_the_draft_is_secret_and_passes_left():
    state = new_game(["red", "blue"], seed=1)
    while state.pending().kind != "draft_keep":
        state = state.apply(state.pending().options[0].action)
    decision = state.pending()
    assert decision.is_secret and decision.private_to == 0 and len(decision.options) == 4
    passed = sorted(me(state, 0)["draft"])
    state = state.apply(decision.options[0].action)
    public = json.dumps(state.view(None).to_json())
    assert str(passed[0]) not in [p.get("name") for p in state.view(None).to_json()["slots"].get("x", [])]
    assert state.view(None).supplies["red"]["draft"] == 3 and state.view(None).supplies["red"]["kept"] == 1
    state = state.apply(state.pending().options[0].action)      # blue keeps one
    assert sorted(me(state, 1)["draft"]) == passed[1:]           # red's three left over went to blue
    assert state.private_view(1)["kept"] and state.private_view(1)["draft"] == passed[1:]
