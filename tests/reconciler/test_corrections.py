"""Corrections at the table while the camera watches: an undo on the tablet, a slot override, a prompt answer the
camera later contradicts. Each is journaled and survives a restart."""

import copy

from companion.games import Action, Piece
from companion.reconciler import Reconciler
from companion.reconciler.synthetic import random_actions
from companion.session import Journal, Session
from tests.reconciler.table import advance_until, camera, hand_over, kinds, session_at, show

PLAYERS = ["red", "blue", "green"]


def placements():
    """Seed 8, 3 players: green to road.1, blue to road.6, red to the castle (each visible)."""
    actions, states = random_actions("caylus", PLAYERS, seed=8, max_decisions=3)
    assert [(a.player, a.arg("place")) for a in actions] == [(2, "road.1"), (1, "road.6"), (0, "castle")]
    return tuple(actions), states


def test_an_undo_while_the_table_still_shows_the_move_is_asked_not_redone_and_a_move_taken_back_is_quiet():
    """What a player expects: an undo means "that's wrong" or "I take it back". The camera doesn't commit the same
    move again from the same picture (that would fight the tablet); it asks, its reading first. Once the table
    changes, it reads on as usual, and a move also taken back on the table raises nothing."""
    actions, states = placements()
    session = Session.new(Journal(":memory:"), game="caylus", players=PLAYERS, seed=8)
    reconciler = Reconciler(session)
    assert [(o.kind, o.actions) for o in show(reconciler, states[1].table_view())] == [("commit", actions[:1])]
    assert session.undo() == actions[0]
    outcomes = show(reconciler, states[1].table_view(), frames=8, start=11_000)
    assert kinds(outcomes) == ["prompt"] and session.actions == []
    assert outcomes[0].reason == "hidden" and outcomes[0].actions[0] == actions[0]
    assert set(outcomes[0].actions) == {o.action for o in states[0].pending().options}, "every option offered"
    hand_over(reconciler, states[1].table_view())                   # a hand, but the table looks the same
    assert kinds(show(reconciler, states[1].table_view(), frames=8, start=12_000)) == []
    hand_over(reconciler, states[2].table_view())                   # blue places: the table has moved on
    outcomes = show(reconciler, states[2].table_view(), frames=8, start=13_000)
    assert [(o.kind, o.actions) for o in outcomes] == [("commit", tuple(actions[:2]))]
    # both undone on the tablet and taken back on the table: no commit, no alert
    session.undo(), session.undo()
    hand_over(reconciler, states[0].table_view())
    assert kinds(show(reconciler, states[0].table_view(), frames=8, start=14_000)) == []
    assert session.actions == [] and session.alerts == []


def test_an_answer_to_the_undo_prompt_is_journaled_as_the_players_word():
    actions, states = placements()
    session = Session.new(Journal(":memory:"), game="caylus", players=PLAYERS, seed=8)
    reconciler = Reconciler(session)
    show(reconciler, states[1].table_view())
    session.undo()
    prompt = show(reconciler, states[1].table_view(), frames=8, start=11_000)[0]
    reconciler.answer(prompt, actions[0])            # undone by mistake: the player confirms the camera's reading
    assert tuple(session.actions) == actions[:1] and session.sources == ["prompt"]


def misread_blue(view):
    """The camera reads green's worker on road.1 as blue's, confidently, on every frame."""
    view = copy.deepcopy(view)
    view.slots["road.1.worker"] = (Piece("worker", "blue"),)
    return view


def test_a_slot_override_replaces_the_cameras_reading_is_journaled_and_holds_after_a_restart(tmp_path):
    actions, states = placements()
    path = tmp_path / "journal.sqlite3"
    session = Session.new(Journal(path), game="caylus", players=PLAYERS, seed=8)
    reconciler = Reconciler(session)
    outcomes = show(reconciler, misread_blue(states[1].table_view()), frames=8)
    assert kinds(outcomes) == ["alert"] and outcomes[0].place == "road.1" and session.actions == []
    session.override_slot("road.1.worker", [{"kind": "worker", "colour": "green"}])     # the tablet's correction
    outcomes = show(reconciler, misread_blue(states[1].table_view()), frames=8, start=11_000)
    assert [(o.kind, o.actions) for o in outcomes] == [("resolved", ()), ("commit", actions[:1])]
    # the override holds while the game expects green's worker there: the next move is read despite the misread
    hand_over(reconciler, misread_blue(states[2].table_view()))
    outcomes = show(reconciler, misread_blue(states[2].table_view()), frames=8, start=12_000)
    assert [(o.kind, o.actions) for o in outcomes] == [("commit", actions[1:2])]
    del session, reconciler                                         # the process dies
    resumed = Session.resume(Journal(path))
    assert resumed.overrides == {"road.1.worker": [{"kind": "worker", "colour": "green"}]}
    assert tuple(resumed.actions) == actions[:2]
    reconciler = Reconciler(resumed)
    outcomes = show(reconciler, misread_blue(states[3].table_view()), frames=8, start=13_000)
    assert [(o.kind, o.actions) for o in outcomes] == [("commit", actions[2:3])]
    assert resumed.open_alerts() == []


def test_a_prompt_answer_the_camera_contradicts_is_offered_as_a_correction_and_applied(tmp_path):
    """Blue, the last to move the provost, is asked (the table shows no move yet) and answers "leave it"; then
    blue's hand moves the provost one square: the camera offers to replace the answer with +1."""
    path = tmp_path / "journal.sqlite3"
    session, actions = session_at(["red", "blue"], seed=4, decisions=0, journal=path)
    advance_until(session, actions, lambda s: s.pending().kind == "provost" and s.deniers[s.pending().player] >= 1
                  and s.provost + 1 <= 28 and s.apply(s.pending().options[0].action).pending().kind != "provost")
    state, number = session.state, len(session.actions)
    reconciler = Reconciler(session)
    prompt = next(o for o in show(reconciler, state.table_view()) if o.kind == "prompt")
    stay, plus_one = (Action(1, "provost", {"steps": steps}) for steps in (0, 1))
    assert prompt.player == 1 and {stay, plus_one} <= set(prompt.actions)
    reconciler.answer(prompt, stay)
    moved = state.apply(plus_one).table_view()
    hand_over(reconciler, moved)
    outcomes = show(reconciler, moved, frames=8, start=12_000)
    assert kinds(outcomes) == ["correction"], "no reminder either: the provost's empty square is the answer's doing"
    correction = outcomes[0]
    assert (correction.decision, correction.actions) == (number, (plus_one,))
    labels = {option.action: option.label for option in state.pending().options}
    assert correction.message == (f"The table shows Blue chose “{labels[plus_one]}”, not the answer given, "
                                  f"“{labels[stay]}”: correct the game?"), "the tablet's words, not the engine's"
    assert "provost[" not in correction.message and [a.kind for a in session.open_alerts()].count("camera") == 1
    assert session.actions[number] == stay, "nothing changes until a player accepts"
    reconciler.apply_correction(correction)
    assert session.actions[number:] == [plus_one] and session.sources[number] == "correction"
    show(reconciler, moved, frames=4, start=13_000)
    assert session.open_alerts() == [], "the table agrees with the corrected game"
    resumed = Session.resume(Journal(path))
    assert resumed.actions == session.actions and resumed.sources[number] == "correction"


def blue_answered_leave_the_provost():
    """Blue's provost move asked (the camera can't see a choice not yet made) and answered "leave it"."""
    session, actions = session_at(["red", "blue"], seed=4, decisions=0)
    advance_until(session, actions, lambda s: s.pending().kind == "provost" and s.deniers[s.pending().player] >= 1
                  and s.provost + 1 <= 28 and s.apply(s.pending().options[0].action).pending().kind != "provost")
    state = session.state
    reconciler = Reconciler(session)
    prompt = next(o for o in show(reconciler, state.table_view()) if o.kind == "prompt")
    stay, plus_one = (Action(1, "provost", {"steps": steps}) for steps in (0, 1))
    reconciler.answer(prompt, stay)
    return session, state, reconciler, stay, plus_one


def test_a_prompt_answer_is_not_corrected_by_frames_that_also_read_the_answers_look():
    """Held-out look, 2 players, seed 11, decision 14: blue's provost answer was "corrected" by a misread. An answer
    counts as much as several confident frames: still frames that disagree among themselves (one reads the provost
    where the answer left it) don't outweigh it; the answer stands, nothing is alerted, the game goes on."""
    session, state, reconciler, stay, plus_one = blue_answered_leave_the_provost()
    answered, misread = session.state.table_view(), state.apply(plus_one).table_view()
    hand_over(reconciler, answered)
    outcomes = show(reconciler, answered, frames=1, start=12_000) + show(reconciler, misread, frames=10, start=12_001)
    assert "correction" not in kinds(outcomes) and "alert" not in kinds(outcomes) and session.open_alerts() == []
    assert session.actions[-1] == stay


def test_a_prompt_answer_is_not_corrected_by_a_reading_less_sure_than_the_camera_must_be():
    """The answer's square reads empty, the other option's square shows the provost only at p 0.6 (below the
    confidence a reading needs to contradict the rules) in every frame: the answer stands, nothing is alerted."""
    session, state, reconciler, stay, plus_one = blue_answered_leave_the_provost()
    misread = state.apply(plus_one).table_view()
    hand_over(reconciler, misread)
    cam, weak = camera(session.state), f"road.{state.provost + 1}.provost"
    outcomes = []
    for index in range(12_000, 12_012):
        seen = cam.read(misread, index)
        seen.slots[weak] = {"provost": 0.6, "": 0.4}
        outcomes += reconciler.observe(seen)
    assert "correction" not in kinds(outcomes) and "alert" not in kinds(outcomes) and session.open_alerts() == []
    assert session.actions[-1] == stay
