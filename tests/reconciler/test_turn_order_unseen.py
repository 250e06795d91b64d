"""A turn-order disc the camera never sees is not taken off the table (false-alert regression, held-out look,
3 players, seed 71, decision 1; the same on 2-player seed 35 and 3-player seed 25, turn_order.1).

Green's disc on turn_order.2 read as nothing (p 0.73-0.81, green 0.19-0.27) in every still frame from the game's
start, straight from the slot model on the held-out art's warm track: "The table shows nothing on turn_order.2, which
no legal move explains". Every player's disc is on that track at all times."""

from dataclasses import replace

from .table import arm_then_rest, kinds, watching

PLAYERS = ("red", "blue", "green")


def _green_unseen(frame):
    return replace(frame, slots={**frame.slots, "turn_order.2": {"": 0.81, "disc:green": 0.19}})


def test_a_turn_order_disc_read_as_nothing_everywhere_is_no_alert_and_the_moves_are_committed():
    reconciler, cam, move = watching(PLAYERS, 71, 1, adjust=_green_unseen)
    session = reconciler.session
    assert session.state.table_view().slots["turn_order.2"][0].colour == "green"
    outcomes = arm_then_rest(reconciler, cam, session.state.apply(move).table_view(),
                             PLAYERS[move.player], adjust=_green_unseen)
    assert "alert" not in kinds(outcomes) and not session.open_alerts(), \
        [alert.message for alert in session.open_alerts()]
    assert session.actions[-1] == move and session.sources[-1] == "camera"


def test_a_turn_order_disc_read_on_another_space_still_counts():
    """Green's disc read on turn_order.3 (red's) and nothing on .2: seen, so the track reads as usual: alerted."""
    def moved(frame):
        return replace(frame, slots={**frame.slots, "turn_order.2": {"": 0.95, "disc:green": 0.05},
                                     "turn_order.3": {"disc:green+disc:red": 0.9, "disc:red": 0.1}})
    reconciler, cam, move = watching(PLAYERS, 71, 1, adjust=moved)
    outcomes = arm_then_rest(reconciler, cam, reconciler.session.state.apply(move).table_view(),
                             PLAYERS[move.player], adjust=moved)
    assert reconciler.session.open_alerts() or "alert" in kinds(outcomes)


def _blue_unseen(frame):
    """Blue's turn-order disc read as nothing wherever it stands (p 0.85, blue 0.15)."""
    track = {slot: {"": 0.85, "disc:blue": 0.15} for slot, reading in frame.slots.items()
             if slot.startswith("turn_order.") and max(reading, key=reading.get) == "disc:blue"}
    return replace(frame, slots={**frame.slots, **track})


def test_a_disc_read_as_nothing_where_the_new_turn_order_puts_it_is_no_alert():
    """Held-out 4 players, seed 143, decision 32: the turn's end put red's disc first; turn_order.1 read nothing
    (p 0.78-0.88): "The table shows nothing on turn_order.1, which no legal move explains". Here, 3 players, seed 112,
    decision 39: green's worker goes from the gate to square 2, the turn ends and blue's disc, unseen, moves to .1."""
    reconciler, cam, move = watching(PLAYERS, 112, 39, adjust=_blue_unseen)
    session = reconciler.session
    after = session.state.apply(move).table_view()
    assert after.slots["turn_order.1"][0].colour == "blue" != session.state.table_view().slots["turn_order.1"][0].colour
    outcomes = arm_then_rest(reconciler, cam, after, PLAYERS[move.player], adjust=_blue_unseen)
    assert "alert" not in kinds(outcomes) and not session.open_alerts(), \
        [alert.message for alert in session.open_alerts()]
    assert session.actions[39] == move and session.sources[39] == "camera"
