"""A provost spot whose picture changed where the answered decisions left it as it was is not taught to vision as
the bare square (held-out look, 3 players, seed 269, decision 16).

Blue's guild move was answered on the tablet, and red moved the provost from the bailiff's square to square 8
before the table was next still. Square 8 read no provost, so that frame agreed with the answered state and
confirmed it: vision learned square 8 with the provost on it as the bare square, and red's move was asked. Its
picture, though, was 151 from the one last confirmed (``Observation.changes``; sensor noise ≈ 10-20)."""

from dataclasses import replace

from tests.live.taught import taught_after_an_answer
from tests.reconciler.table import live_bots_at

PLAYERS = ("red", "blue", "green")
SPOT = "road.8.provost"
LEFT = "road.6.provost"     # the bailiff's square, whose top reads as the provost there


def _taught_after_an_answer(level, hand=True):
    """What the loop teaches vision once blue's guild move is answered, the table then showing red's provost move
    (made under a hand, or with ``hand=False`` as if no hand had come), square 8 read as bare and its picture
    ``level`` from the confirmed one, square 6 read as still holding the provost (the bailiff's top)."""
    def film(session, cam):
        moved = session.state.apply(live_bots_at(PLAYERS, 269, 16)[1]).table_view()
        for index in range(3 if hand else 0):
            yield replace(cam.read(moved, 1_900 + index, covered={"hand"}), hand_from="red")
        frame = cam.read(moved, 2_000)
        changes = {slot: 13.0 for slot in frame.slots if slot.endswith((".provost", ".bailiff"))}
        yield replace(frame, slots={**frame.slots, SPOT: {"": 0.99, "provost": 0.01}, LEFT: {"provost": 0.99, "": 0.01}},
                      changes={**changes, SPOT: level})
    return taught_after_an_answer(PLAYERS, 269, 15, film)


def test_after_a_hand_the_answered_state_is_not_taught_while_a_spot_changed_where_it_changed_nothing():
    taught, answered = _taught_after_an_answer(151.0)
    assert str(answered).startswith("guild"), answered
    assert str(live_bots_at(PLAYERS, 269, 16)[1]) == "provost[0](steps=2)"
    assert taught == [], "once a hand came since the answer, vision learns nothing until the camera commits again"


def test_with_no_hand_since_the_answer_a_changed_spot_is_taught():
    taught, _ = _taught_after_an_answer(151.0, hand=False)
    assert taught and SPOT not in taught[0][1]
