"""A cube count the zone model is unsure of is no evidence (held-out look, 3 players, seed 23, decision 148: a wrong
commit). Green took one cloth; every slot then looked the same whichever cubes green took, and green's supply was
read right (cloth 1) at confidence 0.0. The count's likelihood then turned round: "food and food" (3 cubes off)
came out 4.9 nats likelier than the true cloth, and was committed."""

import random
from dataclasses import replace

from companion.live.simulated_table import bot_choice
from companion.reconciler import Reconciler
from companion.session import Journal, Session

from .table import camera


def test_a_count_read_right_but_unsure_does_not_make_another_choice_likelier():
    session = Session.new(Journal(":memory:"), game="caylus", players=["red", "blue", "green"], seed=23)
    rng = random.Random(23)
    for _ in range(148):
        session.decide(bot_choice(session.state, rng), source="camera")
    state, cloth = session.state, bot_choice(session.state, rng)
    assert str(cloth) == "produce[2](cubes=('cloth',))"
    after = state.apply(cloth).table_view()
    reconciler = Reconciler(session)
    cam = camera(state)
    for index in range(3):          # green's arm
        reconciler.observe(replace(cam.read(after, 9_000 + index, covered={"hand"}), hand_from="green"))
    outcomes = []
    for index in range(12):
        frame = cam.read(after, 10_000 + index)
        outcomes += reconciler.observe(replace(frame, supply_confidence={"red": 0.09, "blue": 0.03, "green": 0.0}))
    committed = [o for o in outcomes if o.kind == "commit"]
    assert all(o.actions[0] == cloth for o in committed), "never food and food"
    assert committed or any(o.kind == "prompt" and cloth in o.actions for o in outcomes), "or asked"
    assert "alert" not in [o.kind for o in outcomes]
