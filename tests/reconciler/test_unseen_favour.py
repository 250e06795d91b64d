"""A move the camera can't read where it puts a piece is asked, not alerted and then committed wrong (held-out look,
5 players, seed 51, decision 167: a wrong commit after an override).

Red moved its favour disc from resources.0 to resources.1. Single discs on a favour row's spaces read as nothing,
and the start stack it left still read with red in it, so every favour story was contradicted where it puts red's
disc. The likeliest one's contradiction was alerted ("The table shows nothing on favour.buildings.2, which no legal
move explains"); a player overriding it set the reading aside and "the buildings row" was committed. Every reading
there was what the game already had: nothing a rule forbids happened, the camera missed a move."""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import COLOURS, camera, kinds, live_bots_at

MISSED = {"favour.resources.1": {"": 1.0},
          "favour.resources.0": {"disc:black+disc:blue+disc:green+disc:red": 0.67,
                                 "disc:black+disc:blue+disc:green+disc:red+disc:yellow": 0.12, "": 0.21}}


def _as_seen(frame):
    return replace(frame, slots={**frame.slots, **MISSED})


def test_a_favour_the_camera_cannot_read_is_asked_and_the_answer_stands():
    session, favour = live_bots_at(COLOURS, 51, 167)
    assert str(favour) == "favour[0](row='resources')"
    state = session.state
    reconciler = Reconciler(session)
    cam = camera(state)
    outcomes = [o for index in range(4) for o in reconciler.observe(cam.read(state.table_view(), 1_000 + index))]
    after = state.apply(favour).table_view()
    for index in range(3):
        reconciler.observe(replace(cam.read(after, 2_000 + index, covered={"hand"}), hand_from="red"))
    outcomes += [o for index in range(16) for o in reconciler.observe(_as_seen(cam.read(after, 3_000 + index)))]
    assert "alert" not in kinds(outcomes), [o.message for o in outcomes if o.kind == "alert"]
    assert all(o.actions[0] == favour for o in outcomes if o.kind == "commit"), "never another row"
    asked = [o for o in outcomes if o.kind == "prompt"]
    assert asked and favour in asked[-1].actions
    reconciler.answer(asked[-1], favour)
    outcomes = [o for index in range(12) for o in reconciler.observe(_as_seen(cam.read(after, 4_000 + index)))]
    assert "alert" not in kinds(outcomes) and "reminder" not in kinds(outcomes), \
        [o.message for o in outcomes if o.kind in ("alert", "reminder")]
    assert session.actions[-1] == favour
