"""A changed supply zone weighed type by type (prompt regression, held-out 2 players, seed 266, decision 142).

Blue's worker at the joust field came home, and blue did not pay the cloth for a favour. Blue's zone changed (the
worker), so the zone model read it: every count right, cloth 1 at 0.998 (0.97 calibrated), the zone's confidence
capped at 0.65. Taken as one count, that is 0.6 nats between "paid" (cloth 0) and "did not", and the camera asked.
Weighed type by type, the cloth's own count decides.
"""

from dataclasses import replace

from companion.games import Action

from .table import arm_then_rest, kinds, watching

TWO = ("red", "blue")
OTHER_TYPES = {"food": 0.93, "wood": 0.95, "stone": 0.97, "gold": 0.97}


def blue_zone_read(cloth_confidence):
    """Frames with blue's zone as vision reported it after the worker came home: right, capped at 0.65 as a zone,
    its cloth at ``cloth_confidence``. The inn's left circle says nothing, as in the game: blue's worker there had
    been read as nothing since an answered question (the reconciler hid it), and "did not pay" goes on to empty it."""
    def adjust(frame):
        return replace(frame, supply_confidence={**frame.supply_confidence, "blue": 0.65},
                       supply_type_confidence={"blue": {**OTHER_TYPES, "cloth": cloth_confidence}},
                       occluded_slots=frame.occluded_slots | {"inn.left"})
    return adjust


def joust_filmed(cloth_confidence):
    reconciler, cam, move = watching(TWO, seed=266, decisions=142)
    assert move == Action(1, "joust", {"skip": True})
    number = len(reconciler.session.actions)
    view = reconciler.session.state.apply(move).table_view()
    outcomes = arm_then_rest(reconciler, cam, view, "blue", frames=14, start=3_000,
                             adjust=blue_zone_read(cloth_confidence))
    return reconciler, move, number, outcomes


def asked(outcomes, number):
    return [o for o in outcomes if o.kind == "prompt" and o.reason == "hidden" and o.decision == number]


def test_the_cloth_counted_surely_tells_the_joust_skipped():
    reconciler, move, number, outcomes = joust_filmed(cloth_confidence=0.97)
    assert "commit" in kinds(outcomes) and reconciler.session.actions[number] == move
    assert not asked(outcomes, number)


def test_a_cloth_count_in_doubt_leaves_the_question():
    reconciler, move, number, outcomes = joust_filmed(cloth_confidence=0.45)
    assert asked(outcomes, number), "paid or not: the camera asks"
