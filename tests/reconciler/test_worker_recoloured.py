"""A worker read in another colour where it stands is the camera misreading it (false-alert regression, held-out look,
3 players, seed 73, decision 90).

Green's worker on the sawmill (square 11, green's own building), committed there three decisions before, read red
p 0.86-0.95 in every still frame after the next hands: "Red can't place a worker now: it is Blue's turn to move the
provost". No one move sends a worker home and puts another player's on its place."""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import arm_then_rest, camera, kinds, live_bots_at, watching, worker_on

PLAYERS = ("red", "blue", "green")
RED = {"worker:red": 0.93, "": 0.05, "worker:green": 0.02}


def _reads_red(frame):
    return replace(frame, slots={**frame.slots, "road.11.worker": RED})


def test_a_worker_read_in_another_colour_on_its_place_is_no_alert_and_the_next_move_is_committed():
    reconciler, cam, move = watching(PLAYERS, 73, 90, adjust=_reads_red)
    assert str(move) == "provost[1](steps=1)"
    session = reconciler.session
    assert session.state.table_view().slots["road.11.worker"][0].colour == "green"
    after = session.state.apply(move).table_view()
    outcomes = arm_then_rest(reconciler, cam, after, "blue", adjust=_reads_red)
    assert "alert" not in kinds(outcomes) and not session.open_alerts(), \
        [o.message for o in outcomes if o.kind == "alert"]
    assert session.actions[-1] == move and session.sources[-1] == "camera"


def test_a_worker_put_on_an_empty_place_in_another_players_turn_is_still_alerted():
    """The rule is about a worker already there: red's worker read on an empty square in blue's turn is alerted."""
    session, move = live_bots_at(PLAYERS, 73, 90)
    reconciler, cam = Reconciler(session), camera(session.state)
    for index in range(4):
        reconciler.observe(cam.read(session.state.table_view(), 1_000 + index))
    phantom = worker_on(session.state.table_view(), "road.12.worker", "red")
    outcomes = arm_then_rest(reconciler, cam, phantom, "red")
    assert "alert" in kinds(outcomes) and "Red" in session.open_alerts()[0].message
