"""Whose arms came, when there were several (held-out look, 4 players, seed 42, decision 21).

Yellow's hand came over the board (a pass, which leaves no trace), then red's arm moved the provost −1. "Red −1"
and "red passes, green −1" leave the same table, and with two seats' arms the camera asked, though green's arm
never came. The stories in which a seat none of the arms belonged to changed the table are dropped.
"""

from dataclasses import replace

from companion.games import Action
from companion.reconciler import Reconciler

from .table import camera, kinds, session_at

PLAYERS = ["red", "blue", "green", "yellow"]


def at_a_provost_decision_with_another_after_it():
    """The bots' game up to a provost decision after which another seat decides on the provost too."""
    session, actions = session_at(PLAYERS, seed=42, decisions=0)
    while True:
        state = session.state
        decision = state.pending()
        if decision.kind == "provost" and any(o.action.arg("steps") == -1 for o in decision.options):
            after = state.apply(Action(decision.player, "provost", {"steps": 0})).pending()
            if after.kind == "provost" and after.player != decision.player:
                return session, decision.player, after.player
        session.decide(actions[len(session.actions)], source="tablet")


def film(session, move, reaches):
    """One reach per colour in ``reaches`` (2 hand frames naming it), then the table at rest after ``move``."""
    reconciler = Reconciler(session)
    moved = session.state.apply(move).table_view()
    cam = camera(session.state)
    frame = 9_000
    for colour in reaches:
        for _ in range(2):
            reconciler.observe(replace(cam.read(moved, frame, covered={"hand"}), hand_from=colour))
            frame += 1
        reconciler.observe(cam.read(moved, frame, stable=False))
        frame += 1
    return [o for i in range(12) for o in reconciler.observe(cam.read(moved, 10_000 + i))]


def test_a_provost_move_is_committed_when_the_other_arm_that_came_could_not_have_made_it():
    session, mover, next_one = at_a_provost_decision_with_another_after_it()
    bystander = next(colour for seat, colour in enumerate(PLAYERS) if seat not in (mover, next_one))
    move = Action(mover, "provost", {"steps": -1})
    number = len(session.actions)
    outcomes = film(session, move, [bystander, PLAYERS[mover]])
    assert kinds(outcomes)[0] == "commit" and session.actions[number:] == [move]
    assert not [o for o in outcomes if o.kind == "prompt" and o.decision == number], "not asked"


def test_the_camera_still_asks_when_both_seats_that_could_have_moved_it_reached_in():
    session, mover, next_one = at_a_provost_decision_with_another_after_it()
    move = Action(mover, "provost", {"steps": -1})
    number = len(session.actions)
    outcomes = film(session, move, [PLAYERS[next_one], PLAYERS[mover]])
    assert "commit" not in kinds(outcomes) and [o.decision for o in outcomes if o.kind == "prompt"] == [number]


def test_frames_that_moved_with_no_hand_seen_are_a_reach_whose_side_is_unknown():
    """Held-out 3 players, seed 192, decision 130: red's arm, still counted from its gate move (answered on the tablet
    while a lasting misread kept the table from looking caught up), then green's arm moved the provost −1 in frames
    the hand detector did not see it in: only moving. "Green passes, red −1" was then the only story whose movers had
    reached in, and it was committed. Frames that moved with no hand seen are a reach of an unknown seat: asked."""
    session, mover, next_one = at_a_provost_decision_with_another_after_it()
    reconciler = Reconciler(session)
    cam = camera(session.state)
    still = session.state.table_view()
    for index in range(2):        # the next seat's arm comes and leaves the table as it was
        reconciler.observe(replace(cam.read(still, 8_000 + index, covered={"hand"}), hand_from=PLAYERS[next_one]))
    for index in range(4):
        reconciler.observe(cam.read(still, 8_100 + index))
    move = Action(mover, "provost", {"steps": -1})
    moved = session.state.apply(move).table_view()
    number = len(session.actions)
    for index in range(4):        # the mover's arm, missed: the picture only moves
        reconciler.observe(cam.read(moved, 9_000 + index, stable=False))
    for index in range(12):
        reconciler.observe(cam.read(moved, 10_000 + index))
    assert session.actions[number:number + 1] in ([], [move]), "asked, or the mover's move; never the next one's"


def test_a_hand_whose_frames_name_two_sides_is_unsure():
    """Held-out 4 players, seed 197, decision 16: yellow's arm moved the provost +1; its frames named blue twice and
    red once (none yellow), and "yellow passes, blue +1" was committed. One hand comes from one side: frames of one
    hand naming two seats say nothing about who moved."""
    session, mover, next_one = at_a_provost_decision_with_another_after_it()
    bystander = next(colour for seat, colour in enumerate(PLAYERS) if seat not in (mover, next_one))
    move = Action(mover, "provost", {"steps": -1})
    number = len(session.actions)
    reconciler = Reconciler(session)
    moved = session.state.apply(move).table_view()
    cam = camera(session.state)
    for index, colour in enumerate((PLAYERS[next_one], bystander, PLAYERS[next_one], None)):
        reconciler.observe(replace(cam.read(moved, 9_000 + index, covered={"hand"}), hand_from=colour))
    reconciler.observe(cam.read(moved, 9_100, stable=False))
    outcomes = [o for i in range(12) for o in reconciler.observe(cam.read(moved, 10_000 + i))]
    assert session.actions[number:number + 1] in ([], [move]), session.actions[number:]
    assert [o.decision for o in outcomes if o.kind == "prompt"][:1] == [number] or session.actions[number:] == [move]


def test_one_frame_naming_the_decider_does_not_rule_out_a_pass_and_the_next_players_move():
    """A reach named in a single frame says too little about who moved, even when it names the player whose decision
    it is: on the arm-side benchmark 1 of 27 reaches named in exactly one frame was named wrong (held-out 3 players,
    seed 51), and nothing keeps such a frame off the decider's seat. Here the decider passed and the next player moved
    the provost, and the one naming frame says the decider: the camera asks, it never commits the decider's move."""
    session, mover, next_one = at_a_provost_decision_with_another_after_it()
    passed = Action(mover, "provost", {"steps": 0})
    number = len(session.actions)
    reconciler = Reconciler(session)
    moved = session.state.apply(passed).apply(Action(next_one, "provost", {"steps": -1})).table_view()
    cam = camera(session.state)
    for index, names in enumerate((False, True, False)):
        reconciler.observe(replace(cam.read(moved, 9_000 + index, covered={"hand"}),
                                   hand_from=PLAYERS[mover] if names else None))
    outcomes = [o for i in range(12) for o in reconciler.observe(cam.read(moved, 10_000 + i))]
    assert "commit" not in kinds(outcomes) and [o.decision for o in outcomes if o.kind == "prompt"] == [number]


def film_between(session, move, near):
    """One reach whose 3 hand frames lie between the sides of the seats ``near`` (named in none), then the table at
    rest after ``move``."""
    reconciler = Reconciler(session)
    moved = session.state.apply(move).table_view()
    cam = camera(session.state)
    for index in range(3):
        reconciler.observe(replace(cam.read(moved, 9_000 + index, covered={"hand"}), hand_near=frozenset(near)))
    reconciler.observe(cam.read(moved, 9_100, stable=False))
    return [o for i in range(12) for o in reconciler.observe(cam.read(moved, 10_000 + i))]


def test_an_arm_between_the_movers_side_and_a_bystanders_rules_out_the_next_player():
    """Held-out 5 players, seed 299, decisions 28 and 62: yellow's arm moved the provost, lying between green's and
    yellow's sides in every frame (named neither), and the camera asked "yellow's move, or yellow passed and black
    moved it?", though black's side was further off than either. An arm between two seats' sides came from one of
    them: the next player's move is ruled out, the mover's committed."""
    session, mover, next_one = at_a_provost_decision_with_another_after_it()
    bystander = next(colour for seat, colour in enumerate(PLAYERS) if seat not in (mover, next_one))
    move = Action(mover, "provost", {"steps": -1})
    number = len(session.actions)
    outcomes = film_between(session, move, {PLAYERS[mover], bystander})
    assert kinds(outcomes)[0] == "commit" and session.actions[number:] == [move]
    assert not [o for o in outcomes if o.kind == "prompt" and o.decision == number], "not asked"


def test_an_arm_between_the_movers_side_and_the_next_players_is_asked():
    session, mover, next_one = at_a_provost_decision_with_another_after_it()
    move = Action(mover, "provost", {"steps": -1})
    number = len(session.actions)
    outcomes = film_between(session, move, {PLAYERS[mover], PLAYERS[next_one]})
    assert "commit" not in kinds(outcomes) and [o.decision for o in outcomes if o.kind == "prompt"] == [number]
