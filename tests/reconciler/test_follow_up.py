"""A player's own follow-up: the favour a paid joust earns is taken at once, and its disc tells "paid" from "not paid".

Paying the joust and skipping it differ by one cloth cube and one denier in a supply zone that the worker coming home
has just changed, so the camera often can't tell them apart. A player who paid moves a favour disc straight away,
without waiting for the companion: while a story still owes such a follow-up, the camera waits as long as it waits
for an unseen move before asking (``Reconciler._follow_up_due``; "follow_ups" in companion/reconciler/data/caylus.json).
"""

from companion.games import Action

from .table import kinds
from .test_coins_seen import STILL, asked, film_unsure, joust_at

TWO = ["red", "blue"]
FIRST_STILL = 3_000     # the index of film()'s first still frame


def test_a_paid_joust_is_told_by_the_favour_that_follows():
    """Held-out 2 players, seed 401, decision 78: blue paid the joust, its cloth read gone unsurely (0.65) and both
    coins' strips still. Asked at the sixth still frame, just before blue moved its disc onto the deniers row; now the
    camera waits, sees the disc, and commits both moves without a question."""
    reconciler, cam, move = joust_at(401, 78)
    assert move == Action(1, "joust", {})
    number = len(reconciler.session.actions)
    paid = reconciler.session.state.apply(move)
    waiting = film_unsure(reconciler, cam, paid.table_view(), {"red": STILL, "blue": STILL}, unsure="blue", frames=8)
    assert not asked(waiting, number), "asked while blue was still to take the favour"
    favour = Action(1, "favour", {"row": "deniers"})
    assert favour in paid.pending().actions
    seen = film_unsure(reconciler, cam, paid.apply(favour).table_view(), {}, unsure="blue")
    assert not asked(seen, number)
    assert reconciler.session.actions[number:number + 2] == [move, favour]
    assert set(reconciler.session.sources[number:number + 2]) == {"camera"}
    assert "alert" not in kinds(waiting + seen)


def test_without_a_favour_the_camera_still_asks():
    """The same joust skipped: no disc moves. The camera asks once the table has rested as long as it waits for an
    unseen move (twelve still frames, not six), and commits nothing meanwhile."""
    reconciler, cam, _paid = joust_at(401, 78)
    skipped = Action(1, "joust", {"skip": True})
    number = len(reconciler.session.actions)
    view = reconciler.session.state.apply(skipped).table_view()
    outcomes = film_unsure(reconciler, cam, view, {"red": STILL, "blue": STILL}, unsure="blue", frames=16)
    questions = asked(outcomes, number)
    assert questions and questions[0].frame_index >= FIRST_STILL + 8, "asked while blue might still take a favour"
    assert len(reconciler.session.actions) == number, "nothing committed for the decision asked"
