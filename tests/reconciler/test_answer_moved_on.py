"""A move that carries a piece on from where a player's answer put it is committed when the camera sees where it went,
even though the answer's square goes back to empty (held-out look, 2 players, seed 409, decision 68: asked).

Blue moved the provost from square 16 to 17, where the bailiff stands: the provost's spot there is hidden behind the
bailiff, so the camera asked and blue answered "+1". Red then moved the provost +2, to square 19, seen there. The
story empties square 17 again, as it was before the answer, but no frame reads square 17: the story gains nothing
from it, so it is not the camera's old reading coming back (``Reconciler._reverts_answer``)."""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import arm_then_rest, camera, kinds, live_bots_at

PLAYERS = ["red", "blue"]
BEHIND_THE_BAILIFF = "road.17.provost"


def _as_seen(frame):
    """Square 17's provost spot is hidden behind the bailiff, where the slot model reads nothing; square 16's reads empty,
    though not surely."""
    slots = dict(frame.slots)
    slots["road.16.provost"] = {"": 0.9, "provost": 0.1}
    slots[BEHIND_THE_BAILIFF] = {"": 0.98, "provost": 0.02}
    return replace(frame, slots=slots, occluded_slots=frame.occluded_slots | {BEHIND_THE_BAILIFF})


def test_the_provost_moved_on_from_the_square_an_answer_put_it_on_is_committed():
    session, blue_moves = live_bots_at(PLAYERS, 409, 67)
    assert str(blue_moves) == "provost[1](steps=1)"
    before = session.state
    assert before.table_view().pieces("road.16.provost") and before.table_view().pieces("road.17.bailiff")
    reconciler, cam = Reconciler(session), camera(before)
    # (not table.watching: blue's question may come before the move, while the table still rests)
    outcomes = [outcome for index in range(4)
                for outcome in reconciler.observe(_as_seen(cam.read(before.table_view(), 1_000 + index)))]
    after_blue = before.apply(blue_moves)
    outcomes += arm_then_rest(reconciler, cam, after_blue.table_view(), "blue", start=2_000, adjust=_as_seen)
    asked = [o for o in outcomes if o.kind == "prompt"]
    assert asked and blue_moves in asked[-1].actions, "blue's provost is asked: it goes behind the bailiff"
    reconciler.answer(asked[-1], blue_moves)

    _, red_moves = live_bots_at(PLAYERS, 409, 68)
    assert str(red_moves) == "provost[0](steps=2)"
    assert after_blue.apply(red_moves).table_view().pieces("road.19.provost")
    outcomes = arm_then_rest(reconciler, cam, after_blue.apply(red_moves).table_view(), "red", start=3_000,
                             adjust=_as_seen)
    assert [o.actions for o in outcomes if o.kind == "commit"][:1] == [(red_moves,)], kinds(outcomes)
    assert "prompt" not in kinds(outcomes) and "alert" not in kinds(outcomes)
