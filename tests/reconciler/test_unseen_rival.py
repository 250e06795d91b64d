"""A placement decided only by a slot no frame could read is asked, not committed (held-out look, 5 players, seed 51,
decision 198: a wrong commit).

Yellow's worker went to stables.3 and read empty there (p 0.96, a piece missed). Red's worker, just put on
castle.worker.1, hid castle.worker.2 (vision's hidden-behind rule reports it covered), so "yellow to the castle" had
nothing read against it, "yellow to the stables" had the empty reading, and the castle was committed."""

from dataclasses import replace

from .table import COLOURS, arm_then_rest, kinds, watching


def _as_seen(frame):
    slots = {**frame.slots, "stables.3": {"": 0.96, "worker:yellow": 0.04}}
    return replace(frame, slots=slots, occluded_slots=frame.occluded_slots | {"castle.worker.2"})


def test_a_worker_placed_where_it_is_missed_is_not_committed_behind_a_piece_that_hides_another_place():
    reconciler, cam, stables = watching(COLOURS, 51, 198, adjust=_as_seen)
    assert str(stables) == "place[3](place='stables')"
    state = reconciler.session.state
    assert state.table_view().pieces("castle.worker.1") and not state.table_view().pieces("castle.worker.2")
    outcomes = arm_then_rest(reconciler, cam, state.apply(stables).table_view(), None, frames=14, start=3_000,
                             adjust=_as_seen)
    assert all(o.actions[0] == stables for o in outcomes if o.kind == "commit"), "never yellow to the castle"
    assert any(o.kind == "prompt" and stables in o.actions for o in outcomes), "asked, the stables among the options"
    assert "alert" not in kinds(outcomes)
