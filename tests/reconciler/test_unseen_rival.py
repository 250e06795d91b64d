"""A placement decided only by a slot no frame could read is asked, not committed (held-out look, 5 players, seed 51,
decision 198: a wrong commit).

Yellow's worker went to stables.3 and read empty there (p 0.96, a piece missed). Red's worker, just put on
castle.worker.1, hid castle.worker.2 (vision's hidden-behind rule reports it covered), so "yellow to the castle" had
nothing read against it, "yellow to the stables" had the empty reading, and the castle was committed."""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import COLOURS, camera, kinds, live_bots_at


def _as_seen(frame):
    slots = {**frame.slots, "stables.3": {"": 0.96, "worker:yellow": 0.04}}
    return replace(frame, slots=slots, occluded_slots=frame.occluded_slots | {"castle.worker.2"})


def test_a_worker_placed_where_it_is_missed_is_not_committed_behind_a_piece_that_hides_another_place():
    session, stables = live_bots_at(COLOURS, 51, 198)
    assert str(stables) == "place[3](place='stables')"
    state = session.state
    assert state.table_view().pieces("castle.worker.1") and not state.table_view().pieces("castle.worker.2")
    reconciler = Reconciler(session)
    cam = camera(state)
    for index in range(4):
        reconciler.observe(_as_seen(cam.read(state.table_view(), 1_000 + index)))
    after = state.apply(stables).table_view()
    for index in range(3):
        reconciler.observe(cam.read(after, 2_000 + index, covered={"hand"}))
    outcomes = [o for index in range(14) for o in reconciler.observe(_as_seen(cam.read(after, 3_000 + index)))]
    assert all(o.actions[0] == stables for o in outcomes if o.kind == "commit"), "never yellow to the castle"
    assert any(o.kind == "prompt" and stables in o.actions for o in outcomes), "asked, the stables among the options"
    assert "alert" not in kinds(outcomes)
