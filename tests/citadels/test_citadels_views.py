"""What each screen may know: the camera's view and the summary show no secret, a seat's view adds its own, and
refusals say what rule an action breaks."""

import pytest
from citadels_helpers import act, adjust, call_until, deal, draft

from companion.games import Action, RuleError


def _turn_of_red():
    state = deal(4, hands={0: ["manor", "temple", "tavern", "castle"]})
    state = draft(state, faceup=["magician", "merchant"], facedown=["bishop"],
                  picks=["assassin", "thief", "king", "warlord"])
    return call_until(state, "assassin")


def test_the_camera_sees_gold_and_hand_sizes_a_seat_sees_its_own_hand():
    state = _turn_of_red()
    public = state.view(None)
    assert public.supplies["red"] == {"gold": 2, "hand": 4}
    assert state.view(0).private["hand"] == ["castle", "manor", "tavern", "temple"]
    assert state.view(0).private["characters"] == ["assassin"]
    assert "manor" not in str(public.to_json()) and "manor" not in str(state.summary())
    assert [p.name for p in public.pieces("seat.0.character.0")] == ["assassin"]      # revealed when called
    assert [p.name for p in public.pieces("seat.1.character.0")] == [None]            # not yet
    assert public.pieces("seat.0.crown") and [p.name for p in public.pieces("characters.faceup.1")] == ["merchant"]
    assert [p.name for p in public.pieces("characters.facedown.0")] == [None]


def test_the_cards_drawn_are_secret_and_the_camera_sees_only_how_many():
    state = act(_turn_of_red(), "gather", take="cards")
    decision = state.pending()
    assert decision.kind == "draw" and decision.private_to == 0 and decision.public_json()["options"] == []
    after = [state.apply(action).view(None).to_json() for action in decision.actions[:3]]
    assert after[0] == after[1] == after[2] and after[0]["supplies"]["red"]["hand"] == 5


@pytest.mark.parametrize("action, words", [
    (Action(0, "build", {"district": "castle"}), "gathers gold or cards before building"),
    (Action(0, "end_turn", {}), "must gather gold or cards"),
    (Action(1, "gather", {"take": "gold"}), "Red must play their turn now, not Blue"),
])
def test_refusals_name_the_rule(action, words):
    state = _turn_of_red()
    with pytest.raises(RuleError, match=words):
        state.apply(action)


def test_a_second_district_of_the_same_name_is_refused_in_words():
    state = _turn_of_red()
    deck = state.deck[:]
    deck.remove("temple")
    state = act(adjust(state, cities=[["temple"], [], [], []], built_round=[[1], [], [], []], deck=deck),
                "gather", take="gold")
    with pytest.raises(RuleError, match="already has a Temple"):
        state.apply(Action(0, "build", {"district": "temple"}))
