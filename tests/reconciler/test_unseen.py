"""A hand came and went but the camera reads no move (a worker lost among the pieces on a crowded square):
the camera asks what was done instead of waiting for ever; a still table with no hand asks nothing."""

from companion.reconciler import Reconciler

from .table import hand_over, session_at, show


def test_a_move_the_camera_cannot_read_after_a_hand_is_asked_and_the_answer_is_journaled():
    session, actions = session_at(["red", "blue"], seed=8, decisions=0)
    reconciler = Reconciler(session)
    still = session.state.table_view()
    assert [o.kind for o in show(reconciler, still, frames=20)] == []      # nobody moved: nothing to ask
    hand_over(reconciler, still)
    outcomes = show(reconciler, still, frames=reconciler.policy.unseen_frames + 2, start=11_000)
    prompts = [o for o in outcomes if o.kind == "prompt"]
    assert len(prompts) == 1 and prompts[0].reason == "unseen"
    assert "hand" in prompts[0].message and prompts[0].player == session.state.pending().player
    assert actions[0] in prompts[0].actions
    reconciler.answer(prompts[0], actions[0])
    assert session.actions == [actions[0]] and session.sources == ["prompt"]
