"""A favour disc read still on a start space beside a disc the camera can't see is not committed as moved there
(wrong-commit regression, held-out look, 5 players, seed 147, decision 136).

At decision 59 blue's prestige favour put its disc alone on prestige.1, which the camera read as nothing: it asked what
was done and blue answered. At decision 136 yellow took the deniers favour: the deniers start space read the four
discs left (p 0.35-0.63), deniers.1 read nothing (0.83-0.92, a single disc missed as blue's was), and the prestige start
space read all five colours (0.8-0.84): blue's disc on prestige.1 leaning back, and yellow's, which stayed. That
reading was hidden whole (a disc read behind its space) and prestige.1 too (blue's answered disc, read as nothing), so
"yellow took the prestige favour" (yellow onto blue) had nothing read against it and was committed."""

from dataclasses import replace
from itertools import cycle

from companion.reconciler import Reconciler

from .table import arm_then_rest, camera, kinds, live_bots_at

PLAYERS = ("red", "blue", "green", "yellow", "black")
ALL5, LEFT4 = ("disc:black+disc:blue+disc:green+disc:red+disc:yellow", "disc:black+disc:blue+disc:green+disc:red")
BBGY, BBRY = "disc:black+disc:blue+disc:green+disc:yellow", "disc:black+disc:blue+disc:red+disc:yellow"
# the three still frames after yellow's hand in the live game
DENIERS_READ = [
    {"favour.deniers.0": {LEFT4: 0.35, ALL5: 0.29, "": 0.12, BBGY: 0.11, "disc:black+disc:blue+disc:green": 0.06,
                          BBRY: 0.02},
     "favour.deniers.1": {"": 0.92, "disc:yellow": 0.05},
     "favour.prestige.0": {ALL5: 0.84, LEFT4: 0.08, "": 0.05}, "favour.prestige.1": {"": 0.96}},
    {"favour.deniers.0": {LEFT4: 0.63, "": 0.14, BBGY: 0.09, ALL5: 0.06, "disc:black+disc:blue+disc:green": 0.03,
                          BBRY: 0.02},
     "favour.deniers.1": {"": 0.83, "disc:yellow": 0.15},
     "favour.prestige.0": {ALL5: 0.82, "": 0.08, LEFT4: 0.07}, "favour.prestige.1": {"": 0.95}},
    {"favour.deniers.0": {LEFT4: 0.36, ALL5: 0.18, "": 0.17, BBGY: 0.11, "disc:black+disc:blue+disc:green": 0.09,
                          BBRY: 0.02},
     "favour.deniers.1": {"": 0.9, "disc:yellow": 0.07},
     "favour.prestige.0": {ALL5: 0.8, LEFT4: 0.11, "": 0.06}, "favour.prestige.1": {"": 0.96}},
]


def test_a_favour_stack_read_with_the_disc_that_stayed_is_not_committed_as_that_disc_moved_on():
    game, truth = live_bots_at(PLAYERS, 147, 136)
    session, blues = live_bots_at(PLAYERS, 147, 59)
    assert str(blues) == "favour[1](row='prestige')"
    reconciler, cam = Reconciler(session), camera(session.state)
    for index in range(4):
        reconciler.observe(cam.read(session.state.table_view(), 1_000 + index))
    unseen = arm_then_rest(reconciler, cam, session.state.apply(blues).table_view(), "blue", 16, 5_000, answer=blues,
                           adjust=lambda frame: replace(frame, slots={**frame.slots, "favour.prestige.1": {"": 0.96}},
                                                        occluded_slots=frame.occluded_slots | {"favour.prestige.0"}))
    assert any(o.kind == "prompt" and o.reason == "unseen" for o in unseen) and session.actions[-1] == blues
    for action in game.actions[60:136]:
        session.decide(action, source="camera")
    state = session.state
    move = next(a for a in state.pending().actions if dict(a.args).get("row") == "deniers")
    assert state.pending().player == 3 and state.table_view().pieces("favour.prestige.1")
    reads = cycle(DENIERS_READ)
    outcomes = arm_then_rest(reconciler, cam, session.state.apply(move).table_view(), None, 14, 9_000, answer=move,
                             adjust=lambda frame: replace(frame, slots={**frame.slots, **next(reads)}))
    committed = [o.actions[0] for o in outcomes if o.kind == "commit"]
    assert all(dict(action.args).get("row") != "prestige" for action in committed), "never the prestige favour"
    assert truth == move and session.actions[136] == move
    assert "alert" not in kinds(outcomes), [o.message for o in outcomes if o.kind in ("alert", "reminder")]
