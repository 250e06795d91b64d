"""A hand came and went but the camera reads no move (a worker lost among the pieces on a crowded square):
the camera asks what was done instead of waiting for ever; a still table with no hand asks nothing."""

import copy
from dataclasses import replace

from companion.games import Action, Piece
from companion.reconciler import Reconciler

from .table import advance_until, camera, hand_over, session_at, show


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


def test_a_move_whose_old_square_flickers_frame_to_frame_is_asked_not_waited_on_for_ever():
    """The provost moved one square, but every other frame still shows it on its old square too (as a neighbour's
    disc leaning into a favour space in every other frame did on the rendered table): no two frames in a row agree
    on the move, so it can't be committed; after a while the camera asks, its reading first."""
    session, actions = session_at(["red", "blue"], seed=4, decisions=0)
    advance_until(session, actions, lambda s: s.pending().kind == "provost" and s.deniers[s.pending().player] >= 1
                  and s.provost + 1 <= 28 and s.apply(s.pending().options[0].action).pending().kind != "provost")
    state = session.state
    move = Action(state.pending().player, "provost", {"steps": 1})
    moved = state.apply(move).table_view()
    both = copy.deepcopy(moved)
    both.put(f"road.{state.provost}.provost", Piece("provost"))
    reconciler = Reconciler(session)
    hand_over(reconciler, moved)
    cam = camera(state)
    outcomes = []
    for index in range(reconciler.policy.unseen_frames + 4):
        outcomes += reconciler.observe(cam.read(moved if index % 2 else both, 30_000 + index))
    assert [(o.kind, o.reason) for o in outcomes] == [("prompt", "hidden")]
    assert outcomes[0].actions[0] == move and session.state is state, "asked, nothing committed"


def test_a_hidden_choice_whose_likeliest_answer_swaps_frame_to_frame_is_still_asked():
    """Seed-6 regression on the rendered table: at the marketplace the cubes were read with little confidence, and
    'sold nothing' and 'sold cloth' took turns as the likeliest story from frame to frame. The camera must ask once
    the choice has stayed open long enough, whichever story leads in the last frame, not wait for ever."""
    session, actions = session_at(["red", "blue", "green"], seed=6, decisions=0)
    advance_until(session, actions, lambda s: s.pending().kind == "sell" and len(s.pending().options) >= 3)
    state = session.state
    options = [option.action for option in state.pending().options]
    looks = [state.apply(action).table_view() for action in options[:2]]
    reconciler = Reconciler(session)
    hand_over(reconciler, looks[0])
    cam = camera(state)
    colour = session.players[state.pending().player]
    outcomes = []
    for index in range(reconciler.policy.unseen_frames + reconciler.policy.prompt_frames + 4):
        reading = cam.read(looks[index % 2], 40_000 + index)
        outcomes += reconciler.observe(replace(reading, supply_confidence={**reading.supply_confidence, colour: 0.2}))
    prompts = [o for o in outcomes if o.kind == "prompt"]
    assert len(prompts) == 1 and prompts[0].reason == "hidden" and session.state is state
    assert set(options[:2]) <= set(prompts[0].actions)
