"""Discs the rules move under the decider's hand keep the colour read (false-alert regression, held-out look,
3 players, seed 73, decision 31).

Green placed its last worker on the merchants' guild; red and blue, with no worker left, passed with it, and green's
hand put their discs on the bridge. Blue's on bridge.2 read blue p 0.81 and green 0.19; green's arm alone having
come, the arm's colour prior (meant for a worker or a house the reacher puts down) weighed it into green p 0.92, and
the camera alerted "The table shows disc green on bridge.2, which no legal move explains"."""

from dataclasses import replace

from companion.reconciler import Reconciler

from .table import arm_then_rest, kinds, watching

PLAYERS = ("red", "blue", "green")
BRIDGE_READ = {"disc:blue": 0.81, "disc:green": 0.19}


def test_a_disc_the_rules_moved_under_another_players_arm_is_committed_not_alerted():
    reconciler, cam, move = watching(PLAYERS, 73, 31)
    assert str(move) == "place[2](place='merchants_guild')"
    session = reconciler.session
    after = session.state.apply(move).table_view()
    assert after.slots["bridge.2"][0].colour == "blue"
    read = lambda frame: replace(frame, slots={**frame.slots, "bridge.2": BRIDGE_READ})
    outcomes = arm_then_rest(reconciler, cam, after, "green", adjust=read)
    assert "alert" not in kinds(outcomes), [o.message for o in outcomes if o.kind == "alert"]
    assert session.actions[-1] == move and session.sources[-1] == "camera"
