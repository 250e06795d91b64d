"""A worker read in its neighbour's colour before a hand as after it is no evidence of a move (held-out look,
4 players, seed 141, decision 85: a wrong commit).

Yellow's worker stood on the inn's left circle, blue's on its right. The camera read blue's as yellow's leaning in
(p 0.74), except every other frame, where vision hid the right circle behind the left one; so no alert came, and the
reading was confident enough (above 0.7) not to count as a doubtful one. Blue then paid for the joust (its cloth read
unsurely), and "blue skips the joust, then yellow's worker moves to the inn's right circle" explained the frames
better and was committed.
"""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import arm_then_rest, camera, kinds, live_bots_at

PLAYERS = ["red", "blue", "green", "yellow"]


def _as_filmed(frame):
    """The inn as the held-out camera read it: blue's worker on the right as yellow's, hidden every other frame."""
    hidden = frame.frame_index % 2 == 1
    slots = {**frame.slots, "inn.right": {"worker:yellow": 0.74, "": 0.26},
             "inn.left": {"worker:yellow": 0.8 if hidden else 0.51, "": 0.2 if hidden else 0.49}}
    occluded = frame.occluded_slots | {"inn.right"} if hidden else frame.occluded_slots
    return replace(frame, slots=slots, occluded_slots=occluded,
                   supply_confidence={colour: 0.3 for colour in frame.supplies})


def test_blue_worker_read_as_yellow_before_and_after_the_hand_does_not_make_a_skip_of_a_joust():
    session, joust = live_bots_at(PLAYERS, 141, 85)
    state = session.state
    assert str(joust) == "joust[1]()"
    reconciler, cam = Reconciler(session), camera(state)
    before = []
    for index in range(8):      # four frames read blue's worker as yellow's: as long as an alert takes
        before += reconciler.observe(_as_filmed(cam.read(state.table_view(), 1_000 + index)))
    assert "alert" not in kinds(before) and "commit" not in kinds(before)
    outcomes = arm_then_rest(reconciler, cam, state.apply(joust).table_view(), seat=1, adjust=_as_filmed)
    committed = [o.actions[0] for o in outcomes if o.kind == "commit"]
    assert all(action == joust for action in committed), f"committed {committed}, not blue's joust"
    assert committed or any(o.kind == "prompt" and joust in o.actions for o in outcomes), "or asked"
    assert "alert" not in kinds(outcomes)
