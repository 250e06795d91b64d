"""A favour disc moved on, read with the disc it left behind leaning into its new space, is its move and no illegal
one.

Red took a favour: its disc left the track's start space (blue and red) for space 1, and space 1 read blue and red,
blue's disc on the start space seen in from behind. Each case alerted "The table shows disc blue and disc red on
favour.<row>.1, which no legal move explains" on the held-out look:

* 2 players, seed 124, decisions 45 and 121, and seed 121, decision 89: space 1 read blue and red (p 0.91-0.95), the
  start space blue alone (p 0.9); such a reading was taken for a slot no story changes.
* 2 players, seed 417, decision 71: the start space read blue (p 0.87), as a stack of blue on red may from above, and
  space 1 blue and red (p 0.8). Hidden as "seen otherwise", space 1 weighed nothing for the favour, which cost its
  step, and "no favour" led (``fixtures.read_as_leaning_ahead``).
"""

from dataclasses import replace

import pytest

from companion.reconciler import Reconciler

from .table import arm_then_rest, camera, kinds, live_bots_at

CASES = {
    "seed 124 d45": (124, 45, "deniers", {"disc:blue": 0.9, "disc:blue+disc:red": 0.1},
                     {"disc:blue+disc:red": 0.93, "disc:red": 0.05, "": 0.02}),
    "seed 417 d71": (417, 72, "resources", {"disc:blue": 0.87, "disc:blue+disc:red": 0.13},
                     {"disc:blue+disc:red": 0.8, "disc:red": 0.17, "": 0.03}),
}


@pytest.mark.parametrize("case", CASES)
def test_red_favour_read_with_blue_disc_leaning_in_from_behind_is_committed_without_an_alert(case: str):
    seed, at, row, start_reads, space_1_reads = CASES[case]
    session, favour = live_bots_at(["red", "blue"], seed, at)
    assert str(favour) == f"favour[0](row='{row}')"

    def blue_leaning_in(frame):
        return replace(frame, slots={**frame.slots, f"favour.{row}.0": start_reads, f"favour.{row}.1": space_1_reads})

    reconciler, cam = Reconciler(session), camera(session.state)
    for index in range(4):
        reconciler.observe(cam.read(session.state.table_view(), 1_000 + index))
    after = session.state.apply(favour).table_view()
    outcomes = arm_then_rest(reconciler, cam, after, seat=0, adjust=blue_leaning_in)
    assert "alert" not in kinds(outcomes)
    assert [o.actions[0] for o in outcomes if o.kind == "commit"] == [favour]
