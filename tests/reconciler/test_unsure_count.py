"""A cube count the zone model is unsure of is no evidence (held-out look, 3 players, seed 23, decision 148: a wrong
commit). Green took one cloth; every slot then looked the same whichever cubes green took, and green's supply was
read right (cloth 1) at confidence 0.0. The count's likelihood then turned round: "food and food" (3 cubes off)
came out 4.9 nats likelier than the true cloth, and was committed."""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import arm_then_rest, camera, live_bots_at


def test_a_count_read_right_but_unsure_does_not_make_another_choice_likelier():
    session, cloth = live_bots_at(["red", "blue", "green"], 23, 148)
    state = session.state
    assert str(cloth) == "produce[2](cubes=('cloth',))"
    after = state.apply(cloth).table_view()
    reconciler = Reconciler(session)
    cam = camera(state)
    unsure = {"red": 0.09, "blue": 0.03, "green": 0.0}
    outcomes = arm_then_rest(reconciler, cam, after, "green", adjust=lambda f: replace(f, supply_confidence=unsure))
    committed = [o for o in outcomes if o.kind == "commit"]
    assert all(o.actions[0] == cloth for o in committed), "never food and food"
    assert committed or any(o.kind == "prompt" and cloth in o.actions for o in outcomes), "or asked"
    assert "alert" not in [o.kind for o in outcomes]
