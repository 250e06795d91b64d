"""The provost beside the bailiff (held-out 4 players, seed 337, decisions 167 and 168).

Blue moved the provost from square 20 back onto the bailiff's square 19. Vision had hidden square 19 before the
hand, so there was no rise to measure there, and the bailiff's top reads as the provost anyway. The squares'
pictures, last confirmed before two answered moves, were 86-97 from the table before the hand: no change to measure
either. But square 20 read the provost at 0.92 before the hand and nothing after, and square 21, where "+1" puts it,
nothing before or after: it can only have gone to 19 (``TrackWatch._fell``). The move was asked.

Answered, it left the provost read on the bailiff's square only, so its whole track was hidden. Yellow then moved it
back to 20, read there at 0.95 (0.0 before the hand), and that reading was taken as the camera still not seeing the
answer (``Reconciler._unread_hidden``): asked again. A reading that rose since the hand is no old reading.
"""

from dataclasses import replace

from companion.games import Action

from .table import arm_then_rest, kinds, watching

FOUR = ["red", "blue", "green", "yellow"]
BAILIFFS = "road.19.provost"      # the provost's spot on the bailiff's square


def _stale(frame):
    """``frame`` with every provost spot's picture far from the confirmed one (confirmed before two answers)."""
    return replace(frame, changes={slot: 90.0 for slot in frame.slots if slot.endswith(".provost")})


def _before(frame):
    """Before the hand: vision hides the bailiff's square, and the provost reads on square 20 at 0.92."""
    return _stale(replace(frame, slots={**frame.slots, "road.20.provost": {"provost": 0.92, "": 0.08}},
                          occluded_slots=frame.occluded_slots | {BAILIFFS}))


def _blue_moves_the_provost(adjust):
    reconciler, cam, move = watching(FOUR, 337, 167, adjust=_before)
    assert move == Action(1, "provost", {"steps": -1}), move
    assert reconciler.session.state.provost == 20
    view = reconciler.session.state.apply(move).table_view()
    return reconciler, move, arm_then_rest(reconciler, cam, view, "blue", frames=20, start=3_000, adjust=adjust)


def test_the_provost_is_seen_gone_to_the_one_square_the_camera_cannot_read():
    reconciler, move, outcomes = _blue_moves_the_provost(_stale)
    assert reconciler.session.actions[167:168] == [move], kinds(outcomes)
    assert reconciler.session.sources[167] == "camera"
    assert "alert" not in kinds(outcomes)


def test_the_square_it_stood_on_read_unsurely_tells_nothing():
    """Square 20 still reads the provost at 0.3 after the hand: it may not have left, and the camera does not take
    the bailiff's square for where it went."""
    def unsure(frame):
        return _stale(replace(frame, slots={**frame.slots, "road.20.provost": {"": 0.7, "provost": 0.3}}))
    reconciler, _move, outcomes = _blue_moves_the_provost(unsure)
    assert len(reconciler.session.actions) == 167, f"committed {reconciler.session.actions[167]}"
    assert "alert" not in kinds(outcomes)


def test_the_provost_moved_back_after_an_answer_is_seen_where_its_reading_rose():
    def unseen(frame):          # the track read nowhere: the camera asks, and blue answers
        return _stale(replace(frame, occluded_slots=frame.occluded_slots | {
            slot for slot in frame.slots if slot.endswith(".provost")}))
    reconciler, cam, blues = watching(FOUR, 337, 167, adjust=_before)
    view = reconciler.session.state.apply(blues).table_view()
    outcomes = arm_then_rest(reconciler, cam, view, "blue", frames=4, start=3_000, adjust=unseen)
    assert reconciler.open_prompt is not None and reconciler.open_prompt.decision == 167, kinds(outcomes)
    reconciler.answer(reconciler.open_prompt, blues)
    assert reconciler.session.actions[167:] == [blues] and reconciler.session.sources[167] == "prompt", kinds(outcomes)
    for index in range(2):      # still frames as answered: the provost read on the bailiff's square only
        outcomes += reconciler.observe(_stale(cam.read(view, 4_500 + index)))
    yellows = Action(3, "provost", {"steps": 1})
    assert yellows in reconciler.session.state.pending().actions
    moved_back = reconciler.session.state.apply(yellows).table_view()
    outcomes += arm_then_rest(reconciler, cam, moved_back, "yellow", frames=16, start=5_000, adjust=_stale)
    assert reconciler.session.actions[168:169] == [yellows], kinds(outcomes)
    assert reconciler.session.sources[168] == "camera"
    assert "alert" not in kinds(outcomes)
