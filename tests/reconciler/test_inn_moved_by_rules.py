"""A worker the rules move under another player's arm keeps its colour (held-out 5 players, seed 338, decision 99).

Black's guild move ended the phase, and the rules moved blue's worker from the inn's left side to its right, under
black's arm. The right side read blue 0.9 and black 0.08; the arm's side weighed it into black's worker, and the
camera alerted "Black can't place a worker now: it is Green's turn to move the provost"."""

from dataclasses import replace

from .table import arm_then_rest, kinds, watching

PLAYERS = ["red", "blue", "green", "yellow", "black"]


def blue_read_with_a_trace_of_black(frame):
    reading = frame.slots.get("inn.right", {})
    if reading.get("worker:blue", 0.0) < 0.5:
        return frame
    return replace(frame, slots={**frame.slots, "inn.right": {"worker:blue": 0.9, "worker:black": 0.08, "": 0.02}})


def test_the_inns_worker_moved_by_the_rules_under_another_arm_raises_no_alert():
    reconciler, cam, move = watching(PLAYERS, 338, 99, blue_read_with_a_trace_of_black)
    state = reconciler.session.state
    assert move.kind == "guild" and PLAYERS[move.player] == "black"
    assert [p.colour for p in state.table_view().slots["inn.left"]] == ["blue"]
    view = state.apply(move).table_view()
    assert [p.colour for p in view.slots["inn.right"]] == ["blue"] and not view.slots.get("inn.left")
    outcomes = arm_then_rest(reconciler, cam, view, "black", frames=14, start=3_000,
                             adjust=blue_read_with_a_trace_of_black, answer=move)
    assert "alert" not in kinds(outcomes)
    assert reconciler.session.actions[99:100] == [move]
