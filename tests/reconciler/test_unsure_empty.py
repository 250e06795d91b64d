"""A placement the camera reads as an empty place, but not surely, is asked rather than committed as something else
(held-out look, 2 players, seed 109, decision 31: a wrong commit).

Blue's last worker went on road square 9 and the slot model read that place empty at p 0.80-0.86 in every still frame.
Each frame repeats the same miss, yet summed they made "pass" 4.6 nats likelier than "road 9", and "pass" was
committed. A sure empty reading (a place nobody touched) still lets the move be committed."""

from dataclasses import replace

from .table import arm_then_rest, kinds, watching

PLAYERS = ["red", "blue"]


def _road_9_read(reading):
    def adjust(frame):
        return replace(frame, slots={**frame.slots, "road.9.worker": reading})
    return adjust


def _blue_to_road_9():
    reconciler, cam, move = watching(PLAYERS, 109, 31)
    assert str(move) == "place[1](place='road.9')"
    return reconciler, cam, move


def test_a_worker_read_empty_unsurely_is_asked_not_committed_as_a_pass():
    reconciler, cam, move = _blue_to_road_9()
    after = reconciler.session.state.apply(move).table_view()
    outcomes = arm_then_rest(reconciler, cam, after, "blue", frames=14,
                             adjust=_road_9_read({"": 0.82, "worker:blue": 0.18}))
    assert all(o.actions[0] == move for o in outcomes if o.kind == "commit"), "never 'pass'"
    prompt = next(o for o in outcomes if o.kind == "prompt")
    assert move in prompt.actions, "asked, road 9 among the options"
    assert "alert" not in kinds(outcomes)
    # blue answers "road 9": the camera goes on reading the place as before, which is no illegal move
    reconciler.answer(prompt, move)
    later = [reconciler.observe(_road_9_read({"": 0.82, "worker:blue": 0.18})(cam.read(after, 20_000 + index)))
             for index in range(12)]
    assert "alert" not in kinds([o for frame in later for o in frame])
    assert reconciler.session.actions[-1] == move and reconciler.session.open_alerts() == []


def test_a_pass_beside_a_place_read_surely_empty_is_committed():
    reconciler, cam, move = _blue_to_road_9()
    state = reconciler.session.state
    passing = next(action for action in state.pending().actions if dict(action.args).get("place") == "pass")
    outcomes = arm_then_rest(reconciler, cam, state.apply(passing).table_view(), "blue", frames=14,
                             adjust=_road_9_read({"": 0.97, "worker:blue": 0.03}))
    assert kinds(outcomes)[:1] == ["commit"] and outcomes[0].actions[0] == passing
