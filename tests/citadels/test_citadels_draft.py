"""Choosing characters (選擇階段): face-up and face-down discards by player count, the King never face up, picks in
secret from the crown to the left, the 7-player rule, and the 2- and 3-player drafts with two characters each."""

import pytest
from citadels_helpers import act, deal, draft, options

from companion.games.citadels.data import character_ids, draft_rules

FACEUP = {4: 2, 5: 1, 6: 0, 7: 0}


@pytest.mark.parametrize("players", [4, 5, 6, 7])
def test_face_up_then_one_face_down_by_player_count(players):
    state = deal(players)
    assert draft_rules(players)["faceup"] == FACEUP[players] and draft_rules(players)["facedown"] == 1
    for _ in range(FACEUP[players]):
        decision = state.pending()
        assert decision.kind == "faceup" and decision.is_chance and not decision.is_secret
        assert "king" not in {a.arg("character") for a in decision.actions}     # the King is never face up
        state = state.apply(decision.actions[0])
    decision = state.pending()
    assert decision.kind == "facedown" and decision.is_chance and decision.private_to == state.crown
    assert len(decision.options) == 8 - FACEUP[players]
    state = state.apply(decision.actions[-1])
    picker = state.pending()
    assert picker.kind == "pick" and picker.player == state.crown and picker.private_to == state.crown
    assert len(picker.options) == 8 - FACEUP[players] - 1


def test_the_picks_go_round_to_the_left_from_the_crown_each_seeing_what_is_left():
    state = deal(5)
    state = draft(state, faceup=["merchant"], facedown=["thief"])
    assert state.crown == 0
    seen = []
    while state.phase == "draft":
        decision = state.pending()
        seen.append((decision.player, sorted(a.arg("character") for a in decision.actions)))
        state = state.apply(decision.actions[0])
    assert [seat for seat, _ in seen] == [0, 1, 2, 3, 4]
    assert [len(cards) for _, cards in seen] == [6, 5, 4, 3, 2]
    assert seen[0][1] == ["architect", "assassin", "bishop", "king", "magician", "warlord"]
    assert len(state.facedown) == 2 and state.phase == "call"          # the last card left goes face down too


def test_seven_players_the_last_seat_may_take_the_face_down_card():
    state = deal(7)
    state = draft(state, facedown=["bishop"], picks=["assassin", "thief", "magician", "king", "merchant", "architect"])
    decision = state.pending()
    assert decision.player == 6 and sorted(a.arg("character") for a in decision.actions) == ["bishop", "warlord"]
    state = act(state, "pick", character="bishop")
    assert state.picks[6] == ["bishop"] and state.facedown == ["warlord"] and state.phase == "call"


def test_seven_players_keeping_the_card_passed_puts_the_other_back_face_down():
    state = deal(7)
    state = draft(state, facedown=["bishop"], picks=["assassin", "thief", "magician", "king", "merchant",
                                                     "architect", "warlord"])
    assert state.picks[6] == ["warlord"] and state.facedown == ["bishop"]


def test_two_players_each_keep_two_and_put_three_aside():
    state = deal(2)
    decision = state.pending()
    assert decision.kind == "facedown" and len(decision.options) == 8            # no face-up card with 2
    state = act(state, "facedown", character="king")
    kinds = []
    while state.phase == "draft":
        decision = state.pending()
        kinds.append((decision.player, decision.kind, len(decision.options)))
        state = state.apply(decision.actions[0])
    assert kinds == [(0, "pick", 7), (1, "pick", 6), (1, "discard_character", 5), (0, "pick", 4),
                     (0, "discard_character", 3), (1, "pick", 2)]
    assert [len(p) for p in state.picks] == [2, 2] and len(state.facedown) == 4
    assert sorted(sum(state.picks, []) + state.facedown) == sorted(character_ids())


def test_three_players_each_pick_twice_and_one_card_goes_face_down():
    state = deal(3)
    state = act(state, "facedown", character="merchant")
    order = []
    while state.phase == "draft":
        decision = state.pending()
        order.append(decision.player)
        state = state.apply(decision.actions[0])
    assert order == [0, 1, 2, 0, 1, 2]
    assert [len(p) for p in state.picks] == [2, 2, 2] and len(state.facedown) == 2


def test_the_draft_is_secret_the_camera_sees_only_face_down_cards():
    state = draft(deal(4), faceup=["merchant", "bishop"], facedown=["thief"], picks=["king"])
    public = state.view(None)
    assert [p.name for p in public.pieces("seat.0.character.0")] == [None]
    assert state.view(0).private["characters"] == ["king"]
    assert "king" not in str(state.summary()) and "king" not in str(public.to_json())
    assert options(state)[0].player == 1


def test_the_crown_moves_to_the_king_and_the_new_crown_picks_first():
    state = draft(deal(4), faceup=["merchant", "bishop"], facedown=["thief"],
                  picks=["assassin", "magician", "king", "warlord"])
    while state.round == 1:
        decision = state.pending()
        if decision.kind == "turn":
            gold = [a for a in decision.actions if a.kind == "gather" and a.arg("take") == "gold"]
            state = state.apply(gold[0] if gold else [a for a in decision.actions if a.kind == "end_turn"][0])
        else:
            state = state.apply(decision.actions[0])
    assert state.crown == 2
    state = draft(state, faceup=["merchant", "bishop"], facedown=["thief"])
    assert state.pending().player == 2
