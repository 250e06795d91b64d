"""The provost spot beside the bailiff says nothing while the bailiff stands there (held-out look, 2 players, seed 33,
decision 13: a wrong commit).

Red's guild moved the provost +1, from square 6, where the bailiff stands, to square 7 (red's worker there). The
bailiff's top went on reading as the provost on square 6 (p 0.71) and square 7 read empty (0.82), so "guild 0" was
committed for "guild +1"."""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import camera, kinds, live_bots_at


def _as_seen(frame):
    return replace(frame, slots={**frame.slots, "road.6.provost": {"provost": 0.71, "": 0.29},
                                 "road.7.provost": {"": 0.82, "provost": 0.18}})


def test_the_bailiffs_top_read_as_the_provost_does_not_keep_the_provost_where_it_was():
    session, guild = live_bots_at(["red", "blue"], 33, 13)
    assert str(guild) == "guild[0](steps=1)"
    state = session.state
    assert state.table_view().pieces("road.6.bailiff") and state.table_view().pieces("road.6.provost")
    reconciler = Reconciler(session)
    cam = camera(state)
    for index in range(4):
        reconciler.observe(cam.read(state.table_view(), 1_000 + index))
    after = state.apply(guild).table_view()
    for index in range(3):
        reconciler.observe(replace(cam.read(after, 2_000 + index, covered={"hand"}), hand_from="red"))
    outcomes = [o for index in range(14) for o in reconciler.observe(_as_seen(cam.read(after, 3_000 + index)))]
    assert all(o.actions[0] == guild for o in outcomes if o.kind == "commit"), "never guild 0"
    assert any(o.kind == "prompt" and guild in o.actions for o in outcomes), "asked, guild +1 among the options"
    assert "alert" not in kinds(outcomes)
