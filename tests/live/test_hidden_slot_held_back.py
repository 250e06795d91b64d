"""A hidden slot that reads a piece the answered state doesn't have is not taught to vision as it is (held-out look,
2 players, seed 248, decision 5).

Red's provost move was answered on the tablet, and red's next hand put a worker on road.8 before a still frame
confirmed the answer. Vision hid that circle (not learned yet) though it read red's worker at 0.91, so the frame
"agreed" with the answered state; vision learned the worker as the empty circle, read it empty from then on, and
red's placement was asked."""

from dataclasses import replace

from tests.live.taught import taught_after_an_answer
from tests.reconciler.table import live_bots_at

CIRCLE = "road.8.worker"


def _taught_after_an_answer(reading):
    """What the loop teaches vision once red's provost move is answered, the table showing red's next placement with
    road.8's circle hidden and read ``reading``."""
    def film(session, cam):
        placed = session.state.apply(live_bots_at(("red", "blue"), 248, 5)[1])
        frame = cam.read(placed.table_view(), 2_000)
        yield replace(frame, slots={**frame.slots, CIRCLE: reading}, occluded_slots=frame.occluded_slots | {CIRCLE})
    return taught_after_an_answer(("red", "blue"), 248, 4, film)


def test_a_hidden_circle_reading_a_worker_the_answered_state_lacks_is_held_back():
    taught, answered = _taught_after_an_answer({"worker:red": 0.91, "": 0.09})
    assert str(answered).startswith("provost"), answered
    assert taught, "the answered state is still taught (the other slots read as it)"
    assert CIRCLE in taught[0][1]


def test_a_hidden_circle_reading_as_the_answered_state_is_taught():
    taught, _ = _taught_after_an_answer({"": 0.97, "worker:red": 0.03})
    assert taught and CIRCLE not in taught[0][1]
