"""A move answered on the tablet, then seen by the camera, leaves its squares readable for the next move.

Held-out 2 players, seed 245, decisions 79 and 89: blue's provost move off square 21 was answered (the camera had asked
before it was made, and could not commit it), and the squares that answer changed were hidden while they read as before
it. Square 21 then read empty at p ≥ 0.97 for many frames; when blue later moved the provost back onto it, read there at
p 0.86-0.94, that reading (as before the answer) was still hidden: no story had any evidence, and blue had to answer
again after 40 frames."""

from companion.reconciler import Reconciler

from .table import advance_until, hand_over, session_at, show


def has_step(state, steps):
    return any(o.action.arg("steps") == steps for o in state.pending().options)


def provost_step(state, steps):
    return next(o.action for o in state.pending().options if o.action.arg("steps") == steps)


def provost_round_trip():
    """Red's provost decision pending, blue's next; red's +1 and blue's −1 both legal, away from the bailiff."""
    session, actions = session_at(["red", "blue"], seed=4, decisions=0)

    def fits(state):
        if state.pending().kind != "provost" or state.pending().player != 0 or abs(state.bailiff - state.provost) < 3:
            return False
        if not has_step(state, 1):
            return False
        after = state.apply(provost_step(state, 1))
        return after.pending().kind == "provost" and has_step(after, -1)

    advance_until(session, actions, fits)
    return session


def test_a_piece_moved_back_where_an_answered_move_took_it_from_is_committed_by_the_camera():
    session = provost_round_trip()
    reconciler = Reconciler(session)
    asked = [o for o in show(reconciler, session.state.table_view()) if o.kind == "prompt"]
    assert asked and asked[0].reason == "invisible"
    red_move = provost_step(session.state, 1)
    reconciler.answer(asked[0], red_move)              # tapped before the camera could read the move
    hand_over(reconciler, session.state.table_view(), start=20_000)
    outcomes = show(reconciler, session.state.table_view(), frames=8, start=21_000)   # the provost read where red put it
    assert "alert" not in [o.kind for o in outcomes]
    blue_move = provost_step(session.state, -1)
    back = session.state.apply(blue_move).table_view()
    hand_over(reconciler, back, start=22_000)
    outcomes = show(reconciler, back, frames=8, start=23_000)
    assert [o.kind for o in outcomes if o.kind in ("commit", "alert")] == ["commit"]
    assert session.actions[-1] == blue_move and session.sources[-1] == "camera"
