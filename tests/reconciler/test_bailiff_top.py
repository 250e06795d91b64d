"""The provost spot beside the bailiff says nothing while the bailiff stands there (held-out look, 2 players, seed 33,
decision 13: a wrong commit).

Red's guild moved the provost +1, from square 6, where the bailiff stands, to square 7 (red's worker there). The
bailiff's top went on reading as the provost on square 6 (p 0.71) and square 7 read empty (0.82), so "guild 0" was
committed for "guild +1"."""

from dataclasses import replace

from .table import arm_then_rest, kinds, watching


def _as_seen(frame):
    return replace(frame, slots={**frame.slots, "road.6.provost": {"provost": 0.71, "": 0.29},
                                 "road.7.provost": {"": 0.82, "provost": 0.18}})


def test_the_bailiffs_top_read_as_the_provost_does_not_keep_the_provost_where_it_was():
    reconciler, cam, guild = watching(["red", "blue"], 33, 13)
    assert str(guild) == "guild[0](steps=1)"
    state = reconciler.session.state
    assert state.table_view().pieces("road.6.bailiff") and state.table_view().pieces("road.6.provost")
    outcomes = arm_then_rest(reconciler, cam, state.apply(guild).table_view(), "red", frames=14, start=3_000,
                             adjust=_as_seen)
    assert all(o.actions[0] == guild for o in outcomes if o.kind == "commit"), "never guild 0"
    # square 7 read 0.0 before red's hand and 0.18 after: the provost seen arrive (a sighting), committed after a
    # few still frames; the question, asked at once before session 28, now waits for them
    asked = any(o.kind == "prompt" and guild in o.actions for o in outcomes)
    assert asked or reconciler.session.actions[13:] == [guild], "guild +1 committed, or asked among the options"
    assert "alert" not in kinds(outcomes)
