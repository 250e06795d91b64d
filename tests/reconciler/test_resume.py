"""Kill the process at seeded random points of a camera-watched game, resume from the journal each time, and end
exactly like the uninterrupted run: same decisions, same sources, no alert (issue 5, persistence)."""

import random

from companion.reconciler import Reconciler
from companion.reconciler.replay import TrueGame, answer_if_hidden, run
from companion.reconciler.synthetic import Noise, record_game
from companion.session import Journal, Session

KILLS = 5


def test_killed_at_random_points_and_resumed_each_time_the_game_ends_like_an_uninterrupted_run(tmp_path):
    """2 players, 30 decisions with hands, noise and moves under one hand. The process dies after a frame was
    reconciled and before any prompt of that frame was answered (so a question asked just before a kill is lost
    and must be asked again); all the resumed process has is the journal file."""
    recording = record_game("caylus", ["red", "blue"], seed=21, noise=Noise.mild(), blocked_rate=0.1, max_decisions=30)
    frames, truth = recording.observations, recording.actions
    whole = Session.new(Journal(":memory:"), game="caylus", players=recording.players, seed=21)
    uninterrupted = run(whole, frames, answers=truth)
    asked = [o.frame_index for o in uninterrupted.outcomes if o.kind == "prompt"]
    the_end = whole.history()[0].apply_all(truth).position()
    assert whole.state.position() == the_end and asked, "the run asks questions, so a kill can land between them"
    kills = sorted(random.Random(2026).sample(range(1, len(frames) - 1), KILLS) + [asked[0]])

    path = tmp_path / "journal.sqlite3"
    session = Session.new(Journal(path), game="caylus", players=recording.players, seed=21)
    reconciler = Reconciler(session)
    true_game = TrueGame(session.state, truth)
    decisions_at_kill = []
    for observation in frames:
        reconciler.observe(observation)
        if kills and observation.frame_index == kills[0]:
            kills.pop(0)
            decisions_at_kill.append(len(session.actions))
            del session, reconciler                                  # the process dies: memory is lost
            session = Session.resume(Journal(path))
            reconciler = Reconciler(session)
            continue
        while answer_if_hidden(reconciler, true_game) is not None:
            pass
    assert len(decisions_at_kill) == KILLS + 1 and 0 < decisions_at_kill[0] and decisions_at_kill[-1] < len(truth)
    assert session.actions == whole.actions and session.state.position() == the_end
    assert session.sources == whole.sources
    assert session.alerts == [] == whole.alerts
    assert Session.resume(Journal(path)).export_record() == whole.export_record()
