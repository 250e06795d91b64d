"""Whole bot games on the rendered table, read by the real camera pipeline and reconciler (issue 5's end-to-end test).

The table is the one `companion demo --camera` shows (the "demo" look: a camera, lens and light a
user would set up; the broad "train" look puts some tables' markers out of reach, and setup refuses
those). A 2-player game is played to its end; 3-, 4- and 5-player games are played for their first
turns (a whole one costs 5-15 minutes of CI). Bots move the pieces with rendered hands and answer the
camera's questions with what they really did. What a user would notice is asserted: every move the
companion took is the move that was made, no alert was raised on a table that was right, and at the
end the companion's scores are the game's.
"""

import pytest


pytest.importorskip("vision.render.renderer")
from tests.live.bot_table import bot_table  # noqa: E402

COLOURS = ("red", "blue", "green", "yellow", "black")
FRAMES_PER_DECISION = 30            # a stalled game ends the run long before this


def play(players: int, seed: int, decisions: int | None):
    colours = COLOURS[:players]
    desk, world, loop = bot_table(colours, seed, "demo")
    session = desk.session
    target = decisions if decisions is not None else 10_000
    frames = 0
    while (len(session.actions) < target and not session.state.is_over and not session.alerts
           and frames < FRAMES_PER_DECISION * (len(session.actions) + 10)):
        loop.step()
        frames += 1
    return session, world


def first_difference(committed, played):
    for number, (seen, done) in enumerate(zip(committed, played)):
        if seen != done:
            return f"decision {number}: the companion took {seen}, the bot played {done}"
    return None


@pytest.mark.parametrize("players, seed, decisions", [(2, 5, None), (3, 1, 30), (4, 2, 30), (5, 3, 30)],
                         ids=["2-players-whole-game", "3-players", "4-players", "5-players"])
def test_the_companion_follows_a_bot_game_move_for_move(players, seed, decisions):
    session, world = play(players, seed, decisions)
    alerts = [(alert.kind, alert.place, alert.message) for alert in session.alerts]
    assert not alerts, f"false alerts after {len(session.actions)} decisions: {alerts}"
    assert first_difference(session.actions, world.actions) is None
    if decisions is None:
        assert session.state.is_over, f"the game stalled at decision {len(session.actions)}"
        assert session.state.scores() == world.state.scores()
    else:
        assert len(session.actions) >= decisions, f"the game stalled at decision {len(session.actions)}"
