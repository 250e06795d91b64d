"""A favour disc moved on, leaning back into the start space it left (false-alert regression, held-out look, 2 players,
seed 63, decision 75).

Red took the resources favour: its disc went from the start stack (blue and red) to resources.1, read right there
(p 0.9). The start space went on reading blue and red (p 0.89-0.96): red's disc next door, leaning into that window.
That reading cost the favour story as much as resources.1 gave it, so "nothing happened" stayed the best story and
the camera alerted "The table shows disc red on favour.resources.1, which no legal move explains"."""

from dataclasses import replace

from .table import arm_then_rest, kinds, watching

PLAYERS = ("red", "blue")


def _film(start_reads, moved_reads):
    reconciler, cam, favour = watching(PLAYERS, 63, 75)
    session = reconciler.session
    assert str(favour) == "favour[0](row='resources')" and session.state.pending().player == 0
    reads = {"favour.resources.0": start_reads, "favour.resources.1": moved_reads}
    outcomes = arm_then_rest(reconciler, cam, session.state.apply(favour).table_view(), "red", start=3_000,
                             adjust=lambda frame: replace(frame, slots={**frame.slots, **reads}))
    return session, favour, outcomes


def test_a_favour_disc_leaning_back_into_the_start_space_it_left_is_committed_not_alerted():
    session, favour, outcomes = _film({"disc:blue+disc:red": 0.92, "disc:blue": 0.08},
                                      {"disc:red": 0.9, "disc:blue+disc:red": 0.07, "": 0.03})
    assert "alert" not in kinds(outcomes), [o.message for o in outcomes if o.kind == "alert"]
    assert session.actions[-1] == favour and session.sources[-1] == "camera"


def test_the_start_space_read_without_its_own_disc_is_not_taken_for_the_lean():
    """The lean adds the moved disc to what the space holds; blue's disc read gone from it is still a disagreement."""
    session, favour, outcomes = _film({"disc:red": 0.95, "": 0.05}, {"disc:red": 0.9, "": 0.1})
    assert "alert" in kinds(outcomes) and session.actions[-1] != favour
