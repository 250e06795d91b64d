"""Whose piece appeared: the arm's side against a misread colour (held-out look, 4 players, seed 41, decision 198).

Yellow put a worker on square 4 with only yellow's arm over the board; the slot model read it as red (p 0.93, yellow
0.06) in every still frame, and the camera alerted "Red can't place a worker now: it is …'s turn". A piece that
comes onto an empty slot while one seat's arm alone reached in is that seat's piece, read in another colour.
"""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import camera, kinds, session_at, worker_on

PLAYERS = ["red", "blue", "green", "yellow"]


def _a_yellow_road_placement():
    session, actions = session_at(PLAYERS, seed=41, decisions=0)
    while True:
        move = actions[len(session.actions)]
        if (move.kind == "place" and PLAYERS[move.player] == "yellow" and move.arg("place", "").startswith("road.")):
            return session, move
        session.decide(move, source="tablet")


def _film(reconciler, move, colour_read, hand_from):
    """A hand (named ``hand_from`` in its frames), then still frames reading the new worker as ``colour_read``."""
    placed = worker_on(reconciler.session.state.table_view(), f"{move.arg('place')}.worker", "yellow")
    cam = camera(reconciler.session.state)
    for i in range(3):
        reconciler.observe(replace(cam.read(placed, 9_000 + i, covered={"hand"}), hand_from=hand_from))
    outcomes = []
    for i in range(10):
        frame = cam.read(placed, 10_000 + i)
        frame.slots[f"{move.arg('place')}.worker"] = {f"worker:{colour_read}": 0.93, "worker:yellow": 0.06, "": 0.01}
        outcomes += reconciler.observe(frame)
    return outcomes


def test_a_new_worker_read_in_another_colour_under_its_owners_arm_alone_is_committed_not_alerted():
    session, move = _a_yellow_road_placement()
    outcomes = _film(Reconciler(session), move, "red", hand_from="yellow")
    assert "alert" not in kinds(outcomes) and session.open_alerts() == []
    assert kinds(outcomes) == ["commit"] and session.actions[-1] == move


def test_without_a_sure_arm_the_misread_colour_still_alerts():
    """The same frames with no side read for the arm: nothing says whose worker it is, and red's is illegal."""
    session, move = _a_yellow_road_placement()
    outcomes = _film(Reconciler(session), move, "red", hand_from=None)
    assert "alert" in kinds(outcomes) and session.actions[-1:] != [move]


def test_a_worker_of_the_arms_own_colour_placed_out_of_turn_is_still_alerted():
    """Red's arm puts a red worker down in yellow's turn: the arm and the colour agree, the move is illegal."""
    session, move = _a_yellow_road_placement()
    placed = worker_on(session.state.table_view(), f"{move.arg('place')}.worker", "red")
    reconciler = Reconciler(session)
    cam = camera(session.state)
    for i in range(3):
        reconciler.observe(replace(cam.read(placed, 9_000 + i, covered={"hand"}), hand_from="red"))
    outcomes = [o for i in range(10) for o in reconciler.observe(cam.read(placed, 10_000 + i))]
    assert "alert" in kinds(outcomes) and "Red" in session.open_alerts()[0].message
