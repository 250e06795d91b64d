"""The demo's bots answer the camera's questions as players would (synthetic camera, no pictures).

Blue, the last to move the provost, is asked before deciding ("the camera can't see this choice"). A player
who then moves the provost doesn't tap the tablet: the camera reads the move. One who leaves it taps "leave
it"; one whose move the camera never reads taps the answer once it has waited long enough."""

from types import SimpleNamespace

from companion.games import Action
from companion.live.prompt_bots import PromptBots
from companion.reconciler import Reconciler
from tests.reconciler.table import advance_until, camera, session_at, show


def blue_asked_about_the_provost():
    session, actions = session_at(["red", "blue"], seed=4, decisions=0)
    advance_until(session, actions, lambda s: s.pending().kind == "provost" and s.deniers[s.pending().player] >= 1
                  and s.provost + 1 <= 28 and s.apply(s.pending().options[0].action).pending().kind != "provost")
    reconciler = Reconciler(session)
    prompts = [o for o in show(reconciler, session.state.table_view()) if o.kind == "prompt"]
    assert [p.reason for p in prompts] == ["invisible"] and prompts[0].player == 1
    return session, reconciler


def play(session, reconciler, action, view_after, frames):
    """Blue does ``action``: a hand over the board, then the table at rest; the bots answer after every frame."""
    number = len(session.actions)
    bots = PromptBots(SimpleNamespace(true_action=lambda n: action if n == number else None), bots={"red", "blue"},
                      delay_frames=3, patience_frames=30)
    loop = SimpleNamespace(reconciler=reconciler)
    cam = camera(session.state)
    for index in range(8):                      # the hand reaches in and out (as the simulated table's)
        reconciler.observe(cam.read(view_after, 19_000 + index, covered={"hand"}))
        bots(loop)
    for index in range(frames):
        reconciler.observe(cam.read(view_after, 20_000 + index))
        bots(loop)
    return number, bots


def test_a_provost_move_asked_about_before_it_was_made_is_read_by_the_camera_not_answered():
    session, reconciler = blue_asked_about_the_provost()
    plus_one = Action(1, "provost", {"steps": 1})
    number, bots = play(session, reconciler, plus_one, session.state.apply(plus_one).table_view(), frames=12)
    assert session.actions[number] == plus_one and session.sources[number] == "camera"
    assert bots.answered == 0


def test_leaving_the_provost_where_it_is_is_answered_on_the_tablet():
    session, reconciler = blue_asked_about_the_provost()
    stay = Action(1, "provost", {"steps": 0})
    number, bots = play(session, reconciler, stay, session.state.table_view(), frames=6)
    assert session.actions[number] == stay and session.sources[number] == "prompt" and bots.answered == 1


def test_a_move_the_camera_never_reads_is_answered_once_the_player_has_waited():
    session, reconciler = blue_asked_about_the_provost()
    plus_one = Action(1, "provost", {"steps": 1})
    unchanged = session.state.table_view()        # the camera misses the provost's new square
    number, bots = play(session, reconciler, plus_one, unchanged, frames=20)
    assert len(session.actions) == number, "not before the player's patience runs out"
    number, bots = play(session, reconciler, plus_one, unchanged, frames=40)
    assert session.actions[number] == plus_one and session.sources[number] == "prompt"
