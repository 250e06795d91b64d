"""A place the pending decision would put a piece on, read faintly after a hand, is not taught to vision as empty
(held-out look, 2 players, seed 408, decision 76).

Red's sale was answered on the tablet, and red's next hand put a worker on road 10 before a still frame confirmed the
answer. The circle read the worker at 0.86, 0.62, then 0.36: that frame "agreed" with the answered state, vision learned
the worker as the empty circle, read it empty (1.00) from then on, and red's placement was asked."""

from dataclasses import replace

from tests.live.taught import taught_after_an_answer
from tests.reconciler.table import live_bots_at

PLAYERS = ("red", "blue")
CIRCLE = "road.10.worker"


def _taught_after_the_sale(hand=True):
    """What the loop teaches vision once red's sale is answered, the table then showing red's worker on road 10 (put
    there under a hand, or with ``hand=False`` as if no hand had come) read at 0.36."""
    def film(session, cam):
        placement = live_bots_at(PLAYERS, 408, 76)[1]
        assert str(placement) == "place[0](place='road.10')", placement
        placed = session.state.apply(placement).table_view()
        for index in range(3 if hand else 0):
            yield replace(cam.read(placed, 1_900 + index, covered={"hand"}), hand_from="red")
        frame = cam.read(placed, 2_000)
        yield replace(frame, slots={**frame.slots, CIRCLE: {"worker:red": 0.36, "": 0.64}})
    return taught_after_an_answer(PLAYERS, 408, 75, film)


def test_after_a_hand_the_answered_state_is_not_taught_while_a_destination_reads_faintly():
    taught, answered = _taught_after_the_sale()
    assert str(answered).startswith("sell"), answered
    assert taught == [], "once a hand came since the answer, vision learns nothing until the camera commits again"


def test_with_no_hand_since_the_answer_a_destination_is_taught():
    taught, _ = _taught_after_the_sale(hand=False)
    assert taught and CIRCLE not in taught[0][1]
