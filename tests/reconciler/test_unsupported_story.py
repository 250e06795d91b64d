"""A story none of whose changes the camera saw is not committed on its rivals' lapses (held-out look, 5 players,
seed 174, decision 140: a wrong commit).

Green took the prestige favour: its disc left the five-disc start stack for prestige.1. The deniers row's changes
could not be seen: green's disc leaving the deniers start stack (read as blue and black in every frame, before the
hand as after it, which the three-disc stack may look like from above) for deniers.1, read with green among red
and yellow before the hand as after it (p 0.2-0.3). In the second still frame the prestige stack read green on top
and prestige.1 read nothing (p 0.84); "the deniers row" led by 3.0 nats and was committed."""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import COLOURS, camera, kinds, live_bots_at

BEFORE = {"favour.deniers.0": {"disc:black+disc:blue": 0.82, "disc:black+disc:blue+disc:green": 0.09, "disc:black": 0.09},
          "favour.deniers.1": {"disc:green+disc:red+disc:yellow": 0.30, "disc:red+disc:yellow": 0.26,
                               "disc:green+disc:yellow": 0.23, "": 0.21}}
AFTER = [  # the two still frames after green's hand, as the held-out table read them
    {"favour.prestige.0": {"disc:black+disc:blue+disc:red+disc:yellow": 0.54,
                           "disc:black+disc:blue+disc:green+disc:red": 0.25, "disc:black+disc:blue+disc:red": 0.17,
                           "": 0.04},
     "favour.prestige.1": {"disc:green": 0.60, "": 0.34, "disc:yellow": 0.06},
     "favour.deniers.0": {"disc:black+disc:blue": 0.53, "disc:black+disc:blue+disc:green": 0.40, "disc:black": 0.07},
     "favour.deniers.1": {"disc:red+disc:yellow": 0.42, "disc:green+disc:yellow": 0.19,
                          "disc:green+disc:red+disc:yellow": 0.16, "disc:yellow": 0.13, "": 0.1}},
    {"favour.prestige.0": {"disc:black+disc:blue+disc:green+disc:red": 0.79,
                           "disc:black+disc:blue+disc:red+disc:yellow": 0.13, "disc:black+disc:blue+disc:red": 0.05,
                           "": 0.03},
     "favour.prestige.1": {"": 0.84, "disc:green": 0.08, "disc:yellow": 0.08},
     "favour.deniers.0": {"disc:black+disc:blue": 0.76, "disc:black+disc:blue+disc:green": 0.16, "disc:black": 0.08},
     "favour.deniers.1": {"disc:red+disc:yellow": 0.27, "disc:green+disc:red+disc:yellow": 0.24,
                          "disc:green+disc:yellow": 0.22, "": 0.27}},
]


def _read(cam, view, index, readings, covered=()):
    frame = cam.read(view, index, covered=covered)
    if covered:
        return frame
    return replace(frame, slots={**frame.slots, **readings}, supply_confidence={c: 0.9 for c in frame.supplies})


def test_a_favour_the_camera_saw_nothing_of_is_not_committed_for_one_it_half_saw():
    session, prestige = live_bots_at(COLOURS, 174, 140)
    assert str(prestige) == "favour[2](row='prestige')"
    reconciler = Reconciler(session)
    cam = camera(session.state)
    before = session.state.table_view()
    outcomes = []
    for index in range(8):              # the still table: deniers.0 read a disc short, deniers.1 with green in it
        outcomes += reconciler.observe(_read(cam, before, 10_000 + index, BEFORE))
    assert "commit" not in kinds(outcomes) and "alert" not in kinds(outcomes)
    after = session.state.apply(prestige).table_view()
    for index in range(3):
        reconciler.observe(replace(_read(cam, after, 11_000 + index, {}, covered={"hand"}), hand_from="green"))
    outcomes = []
    for index in range(8):
        outcomes += reconciler.observe(_read(cam, after, 12_000 + index, AFTER[index % 2]))
    committed = [o.actions[0] for o in outcomes if o.kind == "commit"]
    asked = [o for o in outcomes if o.kind == "prompt"]
    assert "alert" not in kinds(outcomes)
    assert all(action == prestige for action in committed), committed
    assert committed or any(prestige in o.actions for o in asked), "committed right, or asked with prestige offered"
