"""A screen reads the table, then waits for changes: no change made in between may be lost, or the screen stays
stale until the next move (a tablet showing the bots' last move late, an LED strip a move behind)."""

from companion.session import Journal
from companion.web.desk import Desk


def _desk():
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue"], seed=1, variants={}, guided=False)
    return desk


def test_a_move_made_after_watching_began_reaches_the_watch_before_it_is_first_read():
    desk = _desk()
    changes = desk.watch(keepalive=0.5)
    desk.session.decide(desk.session.state.pending().options[0].action)
    assert next(iter(changes)) is not None, "the move is a change, not a quiet keep-alive tick"
    changes.close()

