"""A hand that comes right after an answer measures the provost's rise from the table the answer was given over.

Held-out 2 players, seed 266, decisions 9-10: red's guild move took the provost off the bailiff's square 6 to 4. It
was asked (guild +1 and provost −3 look the same) and answered, and red's hand came one frame later, moving the
provost back onto square 6. The bailiff's square reads the bailiff's top as the provost, so only a rise there shows
the provost arrive (track_rises.py). The game was not caught up with the table when that hand came (it was waiting
for the answer), so the readings before it were not noted: the return was measured against the readings from before
the guild move, when the provost stood there, saw no rise, and was asked after 40 frames."""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import camera, live_bots_at


def test_the_provost_moved_back_right_after_an_answer_is_seen_arrive():
    session, guild_move = live_bots_at(["red", "blue"], seed=266, decisions=9)
    state = session.state
    assert state.pending().kind == "guild" and state.provost == state.bailiff     # on the bailiff's square
    reconciler, cam = Reconciler(session), camera(state)
    for index in range(4):
        reconciler.observe(cam.read(state.table_view(), 1_000 + index))
    after_guild = state.apply(guild_move).table_view()
    for index in range(3):
        reconciler.observe(replace(cam.read(after_guild, 2_000 + index, covered={"hand"}), hand_from="red"))
    asked = []
    for index in range(12):
        asked += [o for o in reconciler.observe(cam.read(after_guild, 3_000 + index)) if o.kind == "prompt"]
        if asked:
            break
    assert asked and asked[0].reason == "hidden" and guild_move in asked[0].actions
    reconciler.answer(asked[0], guild_move)
    back = next(o.action for o in session.state.pending().options
                if session.state.apply(o.action).provost == session.state.bailiff)
    view = session.state.apply(back).table_view()
    for index in range(3):       # red's hand comes at once
        reconciler.observe(replace(cam.read(view, 4_000 + index, covered={"hand"}), hand_from="red"))
    number = len(session.actions)
    outcomes = []
    for index in range(8):
        outcomes += reconciler.observe(cam.read(view, 5_000 + index))
    assert "alert" not in [o.kind for o in outcomes]
    assert [o.kind for o in outcomes if o.decision == number] == ["commit"]       # blue's turn may be asked next
    assert session.actions[number] == back and session.sources[number] == "camera"
