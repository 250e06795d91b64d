"""A favour disc read still on its start space is not taken for a disc moved on and leaning back (wrong-commit
regression, held-out look, 4 players, seed 143, decision 140).

Yellow took the prestige favour: its disc went from the prestige start stack to prestige.1, read weakly there (red and
yellow 0.42-0.49, nothing 0.32-0.58). The deniers start space, where yellow's disc stayed with green's and red's, read
blue, red and yellow (blue's disc on deniers.1 leaning back, p 0.48-0.62) or green, red and yellow; deniers.1 read blue
alone (p 0.9). Both readings of the start space were set aside for "yellow took the deniers favour" (yellow onto blue):
the first as blue leaning back, the second as yellow leaning back though yellow was read nowhere ahead. With nothing
against it, the deniers favour was committed."""

from dataclasses import replace
from itertools import cycle

from .table import arm_then_rest, kinds, watching

PLAYERS = ("red", "blue", "green", "yellow")
BGRY, BGR, GRY, BRY = ("disc:blue+disc:green+disc:red+disc:yellow", "disc:blue+disc:green+disc:red",
                       "disc:green+disc:red+disc:yellow", "disc:blue+disc:red+disc:yellow")
# the four still frames after yellow's hand in the live game
PRESTIGE_READ = [
    {"favour.deniers.0": {BRY: 0.48, GRY: 0.37, "disc:blue+disc:green+disc:yellow": 0.07},
     "favour.deniers.1": {"disc:blue": 0.9, "": 0.03, "disc:blue+disc:red": 0.03},
     "favour.prestige.0": {BGRY: 0.48, BGR: 0.39, "disc:blue+disc:green+disc:yellow": 0.07, GRY: 0.04},
     "favour.prestige.1": {"disc:red+disc:yellow": 0.46, "": 0.35, "disc:yellow": 0.16}},
    {"favour.deniers.0": {BRY: 0.62, GRY: 0.19, "disc:blue+disc:green+disc:yellow": 0.07, "": 0.04},
     "favour.deniers.1": {"disc:blue": 0.88, "": 0.04, "disc:blue+disc:red": 0.03, "disc:blue+disc:green": 0.02},
     "favour.prestige.0": {BGRY: 0.55, BGR: 0.31, "disc:blue+disc:green+disc:yellow": 0.07, GRY: 0.04},
     "favour.prestige.1": {"": 0.58, "disc:red+disc:yellow": 0.28, "disc:yellow": 0.12}},
    {"favour.deniers.0": {BRY: 0.52, GRY: 0.29, "disc:blue+disc:green+disc:yellow": 0.1, "": 0.03},
     "favour.deniers.1": {"disc:blue": 0.88, "disc:blue+disc:green": 0.05},
     "favour.prestige.0": {BGRY: 0.45, BGR: 0.41, "disc:blue+disc:green+disc:yellow": 0.07, GRY: 0.04},
     "favour.prestige.1": {"disc:red+disc:yellow": 0.42, "": 0.4, "disc:yellow": 0.16}},
    {"favour.deniers.0": {GRY: 0.44, BRY: 0.38, "disc:blue+disc:green+disc:yellow": 0.09, "disc:red+disc:yellow": 0.02},
     "favour.deniers.1": {"disc:blue": 0.91, "disc:blue+disc:red": 0.02, "disc:blue+disc:green": 0.02},
     "favour.prestige.0": {BGR: 0.66, BGRY: 0.14, "disc:blue+disc:green+disc:yellow": 0.11, GRY: 0.07},
     "favour.prestige.1": {"disc:red+disc:yellow": 0.49, "": 0.32, "disc:yellow": 0.16}},
]


def _film(row, reads):
    reconciler, cam, move = watching(PLAYERS, 143, 140)
    state = reconciler.session.state
    assert str(move) == "favour[3](row='prestige')" and state.pending().player == 3
    favour = next(action for action in state.pending().actions if dict(action.args).get("row") == row)
    frames = cycle(reads)
    outcomes = arm_then_rest(reconciler, cam, state.apply(favour).table_view(), "yellow", frames=14, start=3_000,
                             adjust=lambda frame: replace(frame, slots={**frame.slots, **next(frames)}))
    return reconciler.session, favour, outcomes


def test_a_disc_read_still_on_its_start_space_and_nowhere_ahead_is_not_committed_as_moved_on():
    session, prestige, outcomes = _film("prestige", PRESTIGE_READ)
    committed = [o.actions[0] for o in outcomes if o.kind == "commit"]
    assert all(action == prestige for action in committed), f"never the deniers favour: {committed}"
    assert committed or any(o.kind == "prompt" and prestige in o.actions for o in outcomes)
    assert "alert" not in kinds(outcomes), [o.message for o in outcomes if o.kind == "alert"]


def test_a_disc_moved_on_and_seen_there_still_leans_back_into_its_start_space():
    """Yellow really took the deniers favour, read on deniers.1 and still on the start space: committed, no alert."""
    moved = [{"favour.deniers.0": {GRY: 0.7, "disc:green+disc:red": 0.3},
              "favour.deniers.1": {"disc:blue+disc:yellow": 0.85, "disc:blue": 0.15}}]
    session, deniers, outcomes = _film("deniers", moved)
    assert "alert" not in kinds(outcomes), [o.message for o in outcomes if o.kind == "alert"]
    assert session.actions[-1] == deniers and session.sources[-1] == "camera"
