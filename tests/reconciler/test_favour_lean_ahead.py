"""A disc read on the space ahead of its own, on top of the disc that just moved there, is no illegal move (held-out
look, 2 players, seed 124, decisions 45 and 121, and seed 121, decision 89: false alerts).

Red took the deniers favour: its disc left the start space (blue and red) for space 1. Space 1 then read blue and red
(p 0.91-0.95), blue's disc on the start space seen in from behind, while the start space read blue alone (p 0.9);
"The table shows disc blue and disc red on favour.deniers.1, which no legal move explains" was alerted.
"""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import arm_then_rest, camera, kinds, live_bots_at


def _blue_seen_in_from_behind(frame):
    slots = {**frame.slots, "favour.deniers.0": {"disc:blue": 0.9, "disc:blue+disc:red": 0.1},
             "favour.deniers.1": {"disc:blue+disc:red": 0.93, "disc:red": 0.05, "": 0.02}}
    return replace(frame, slots=slots)


def test_red_favour_read_with_blue_disc_behind_it_is_committed_without_an_alert():
    session, favour = live_bots_at(["red", "blue"], 124, 45)
    assert str(favour) == "favour[0](row='deniers')"
    reconciler, cam = Reconciler(session), camera(session.state)
    for index in range(4):
        reconciler.observe(cam.read(session.state.table_view(), 1_000 + index))
    after = session.state.apply(favour).table_view()
    outcomes = arm_then_rest(reconciler, cam, after, seat=0, adjust=_blue_seen_in_from_behind)
    assert "alert" not in kinds(outcomes)
    assert [o.actions[0] for o in outcomes if o.kind == "commit"] == [favour]
