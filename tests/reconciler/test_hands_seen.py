"""A detour needs a hand where it went (actors.py, ``handled``).

A piece put down and taken away again (a detour the table no longer shows) needs a hand over the place it was put: a
story whose detour went where no hand frame covered is no story.
"""

from dataclasses import replace

from companion.games import Action

from .table import kinds, watching

TWO = ["red", "blue"]


def one_hand(reconciler, cam, view, covered, frames=14):
    """A hand for three frames over the ``covered`` slots (naming no seat), the picture moving for a frame after it,
    then ``frames`` still frames of ``view``; every outcome."""
    for index in range(3):
        reconciler.observe(replace(cam.read(view, 2_000 + index, covered=covered), hand_from=None))
    reconciler.observe(cam.read(view, 2_003, stable=False))
    return [o for index in range(frames) for o in reconciler.observe(cam.read(view, 3_000 + index))]


def asked(outcomes, number):
    return [o for o in outcomes if o.kind == "prompt" and o.reason == "hidden" and o.decision == number]


def last_worker_to_road_nine():
    """Held-out 2 players, seed 247, decision 73: blue has passed and red puts its last worker on road 9. "Red to the
    joust field, then to road 9" ends the same: the placements end, and the joust field is worked at once and sends
    its worker home."""
    reconciler, cam, move = watching(TWO, seed=247, decisions=73)
    assert move == Action(0, "place", {"place": "road.9"})
    return reconciler, cam, move


def test_a_detour_where_no_hand_was_is_no_story():
    reconciler, cam, move = last_worker_to_road_nine()
    number = len(reconciler.session.actions)
    view = reconciler.session.state.apply(move).table_view()
    road_nine = frozenset(slot for slot in view.slots if slot.startswith("road.9."))
    outcomes = one_hand(reconciler, cam, view, road_nine)
    assert "commit" in kinds(outcomes) and reconciler.session.actions[number] == move
    assert not asked(outcomes, number)


def test_a_hand_over_the_detour_keeps_it_a_question():
    reconciler, cam, move = last_worker_to_road_nine()
    number = len(reconciler.session.actions)
    view = reconciler.session.state.apply(move).table_view()
    passed_over = frozenset(slot for slot in view.slots if slot.startswith("road.9.")) | {"joust_field.worker"}
    outcomes = one_hand(reconciler, cam, view, passed_over)
    assert asked(outcomes, number), "the arm passed over the joust field: the camera asks"
