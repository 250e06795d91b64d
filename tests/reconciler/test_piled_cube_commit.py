"""A cube a move puts on a pile of its kind may not show from above (``evidence.PILE_HIDES``): a zone read surely
one such cube short does not stop the camera committing a move the pieces show. Held-out 2 players, seed 417,
decision 124: blue moved the provost +2, 20 nats ahead on the provost's squares, and red's worker made a wood onto
red's six; red's zone read six, sure, in every frame, and the move was asked."""

from dataclasses import replace

from tests.reconciler.table import filmed_move


def gainer_read_as_before(colour, before):
    """A frame adjuster: ``colour``'s zone reads its cubes as ``before``, surely."""
    def adjust(frame):
        supplies = {**frame.supplies, colour: {**frame.supplies[colour], **before}}
        return replace(frame, supplies=supplies, supply_confidence={**frame.supply_confidence, colour: 0.97})
    return adjust


def test_a_provost_move_whose_wood_lands_on_a_pile_unseen_is_committed_by_the_camera():
    # Live bots, 2 players, seed 2, decision 19: red moves the provost +1, and blue's worker makes a wood onto
    # blue's two.
    reconciler, move, outcomes = filmed_move(("red", "blue"), seed=2, decisions=19, seat="red",
                                             adjust=gainer_read_as_before("blue", {"wood": 2}))
    assert move.kind == "provost" and dict(move.args)["steps"] == 1
    assert reconciler.session.actions[19] == move
    assert reconciler.session.sources[19] == "camera"
    assert not [o for o in outcomes if o.kind in ("prompt", "alert")]


def test_a_first_cube_read_missing_still_stops_the_commit():
    # Live bots, 2 players, seed 2, decision 121: blue moves the provost +1 and gains its first stone, read as none,
    # sure. A first cube has no pile to hide on: the frames read the move otherwise, and the camera does not commit.
    reconciler, move, outcomes = filmed_move(("red", "blue"), seed=2, decisions=121, seat="blue",
                                             adjust=gainer_read_as_before("blue", {"stone": 0}))
    assert move.kind == "provost" and dict(move.args)["steps"] == 1
    assert reconciler.session.sources[121:122] != ["camera"]
