"""The reconciler half of the contract: a game of every pack, filmed by a clean synthetic camera, is followed from the
camera alone where the table shows the move and asked where it doesn't, with no wrong commit and no false alert."""

import pytest

from companion.reconciler.replay import run, summary
from companion.reconciler.synthetic import Noise, record_game
from companion.session import Journal, Session

from .conftest import seat_colours

DECISIONS = 40


def test_a_filmed_game_of_the_pack_is_followed_without_a_wrong_move_or_a_false_alert(pack):
    if pack.table.extra.get("secrets_from_devices"):
        pytest.skip(f"{pack.title}'s secret choices come from the seats' devices; the reconciler searches every "
                    "secret outcome and does not yet take them from devices")
    players = seat_colours(pack, min(3, pack.info.max_players))
    recording = record_game(pack.name, players, seed=11, noise=Noise.clean(), blocked_rate=0.0,
                            max_decisions=DECISIONS)
    session = Session.new(Journal(":memory:"), game=pack.name, players=recording.players, seed=recording.seed)
    result = run(session, recording.observations, answers=recording.actions)
    figures = summary(result, recording.actions)
    assert figures["wrong_commits"] == 0
    assert [alert for alert in session.alerts if alert.kind == "illegal"] == []
    assert session.actions == recording.actions[:len(session.actions)]
    assert len(session.actions) >= min(DECISIONS, len(recording.actions)) - 1
