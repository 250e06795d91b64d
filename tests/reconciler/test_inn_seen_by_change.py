"""A worker taken off the inn is seen by its circle's picture, where the circle was misread all along (held-out
4 players, seed 297, decision 121).

Yellow's worker on the inn's right circle read empty at 0.7-0.83 in every still frame: a lasting misread, which the
camera takes as how it sees that worker (``Reconciler._misread_hidden``). Yellow took it home. The circle then read
empty as before, so "stay" and "leave" looked alike, and the question the camera had asked before the hand (the inn's
choice may leave no trace) waited for the players. The circle's picture, within noise of the confirmed one before the
hand (10-14), was 87-91 from it after (``PlacementWatch.taken_off``).
"""

from dataclasses import replace

from companion.games import Action

from .table import arm_then_rest, kinds, watching

FOUR = ["red", "blue", "green", "yellow"]
MISREAD = {"": 0.78, "worker:yellow": 0.22}     # how the camera read yellow's worker on the inn's right circle


def _circles(frame, **changed):
    """``frame`` with every worker circle's picture as the confirmed one (noise), but ``changed`` (circle → level)."""
    circles = {slot: 15.0 for slot in frame.slots
               if slot.endswith(".worker") or ".worker." in slot or slot.startswith(("stables.", "inn."))}
    return replace(frame, changes={**circles, **{slot.replace("_", "."): level for slot, level in changed.items()}})


def _misread(frame):
    return _circles(replace(frame, slots={**frame.slots, "inn.right": MISREAD}))


def _yellow_at_the_inn(made, adjust):
    """The bots' game before red's last pass, the inn's right circle misread; red's arm and the pass, read as red
    made it; then yellow's arm, and the table at rest with yellow's inn choice ``made`` (leave: True), each still frame
    read through ``adjust``."""
    reconciler, cam, last_pass = watching(FOUR, 297, 120, adjust=_misread)
    assert last_pass == Action(0, "place", {"place": "pass"}), last_pass
    passed = reconciler.session.state.apply(last_pass)
    outcomes = arm_then_rest(reconciler, cam, passed.table_view(), "red", frames=8, start=2_000, adjust=_misread)
    assert reconciler.session.actions[-1] == last_pass, kinds(outcomes)
    number = len(reconciler.session.actions)
    leave = Action(3, "inn", {"stay": False})
    assert leave in passed.pending().actions
    view = (passed.apply(leave) if made else passed).table_view()
    outcomes += arm_then_rest(reconciler, cam, view, "yellow", frames=20, start=3_000, adjust=adjust)
    return reconciler, number, leave, outcomes


def test_a_worker_taken_off_a_misread_circle_is_seen_by_its_picture():
    reconciler, number, move, outcomes = _yellow_at_the_inn(True, lambda frame: _circles(frame, inn_right=88.0,
                                                                                         inn_left=87.0))
    assert reconciler.session.actions[number:number + 1] == [move], kinds(outcomes)
    assert reconciler.session.sources[number] == "camera"
    assert "alert" not in kinds(outcomes)


def test_without_the_change_the_inn_choice_waits_for_the_players():
    """The same readings, the circle's picture as before the hand: nothing the camera sees tells "leave"."""
    reconciler, number, _move, outcomes = _yellow_at_the_inn(True, _circles)
    assert len(reconciler.session.actions) == number, "committed what the camera could not see"
    assert "alert" not in kinds(outcomes)


def test_a_circle_of_another_place_changed_too_tells_nothing():
    """Road 3's circle changed as well (a worker bumped under the same hand): no option that only takes pieces off
    accounts for every change, and the camera does not take the inn's as a sighting."""
    reconciler, number, _move, outcomes = _yellow_at_the_inn(True, lambda frame: _circles(
        frame, inn_right=88.0, inn_left=87.0, road_3_worker=70.0))
    assert len(reconciler.session.actions) == number, "committed on a change no option accounts for"
    assert "alert" not in kinds(outcomes)
