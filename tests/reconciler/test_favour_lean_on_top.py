"""A disc moved on, read with the disc behind leaning in, is evidence of its move even when the stack it left still
explains its old space's reading (held-out look, 2 players, seed 417, decision 71: a false alert).

Red took the resources favour: its disc left the start space (blue and red) for space 1. The start space read blue
(p 0.87), as a stack of blue on red may from above, and space 1 read blue and red (p 0.8), blue's disc seen in from
behind. Hidden as "seen otherwise", space 1 weighed nothing, the favour cost its step, "no favour" led, and "The table
shows disc blue and disc red on favour.resources.1, which no legal move explains" was alerted.
"""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import arm_then_rest, camera, kinds, live_bots_at


def _blue_on_top_of_the_stack_and_leaning_ahead(frame):
    slots = {**frame.slots, "favour.resources.0": {"disc:blue": 0.87, "disc:blue+disc:red": 0.13},
             "favour.resources.1": {"disc:blue+disc:red": 0.8, "disc:red": 0.17, "": 0.03}}
    return replace(frame, slots=slots)


def test_red_favour_read_under_blue_leaning_ahead_is_committed_without_an_alert():
    session, favour = live_bots_at(["red", "blue"], 417, 72)
    assert str(favour) == "favour[0](row='resources')"
    reconciler, cam = Reconciler(session), camera(session.state)
    for index in range(4):
        reconciler.observe(cam.read(session.state.table_view(), 1_000 + index))
    after = session.state.apply(favour).table_view()
    outcomes = arm_then_rest(reconciler, cam, after, seat=0, adjust=_blue_on_top_of_the_stack_and_leaning_ahead)
    assert "alert" not in kinds(outcomes)
    assert [o.actions[0] for o in outcomes if o.kind == "commit"] == [favour]
