"""A short demo-style run: bots play on the rendered table, the real vision pipeline and reconciler watch it.

Nothing is stubbed: frames are rendered (960×540, train look, hands reaching in), read by
``VisionPipeline`` with the committed model, reconciled against the Caylus engine, committed into
the session; bots answer the camera's questions for their seats with what they really did.
"""

import pytest

from companion.web import create_app

pytest.importorskip("vision.render.renderer")
from tests.live.bot_table import bot_table  # noqa: E402

PLAYERS = ("red", "blue")
DECISIONS = 12
FRAME_CAP = 320



@pytest.fixture(scope="module")
def run():
    desk, world, loop = bot_table(PLAYERS, 5, "train")
    frames = 0
    while len(desk.session.actions) < DECISIONS and frames < FRAME_CAP and not desk.session.open_alerts():
        loop.step()
        frames += 1
    for _ in range(8):      # a few more frames: a late false alert would show here
        loop.step()
    return desk, world, loop


def first_difference(committed, played):
    for number, (seen, done) in enumerate(zip(committed, played)):
        if seen != done:
            return f"decision {number}: committed {seen}, the bot played {done}"
    return None


def test_the_moves_committed_are_the_moves_the_bots_made(run):
    desk, world, loop = run
    session = desk.session
    alerts = [(alert.kind, alert.place, alert.message) for alert in session.alerts]
    assert not alerts, f"false alerts after {len(session.actions)} decisions: {alerts}"
    assert first_difference(session.actions, world.actions) is None
    assert len(session.actions) >= DECISIONS
    assert set(session.sources) <= {"camera", "prompt"}


def test_the_tablet_sees_the_committed_moves_and_the_camera(run):
    desk, _world, loop = run
    client = create_app(desk, pin="424242", frame_source=loop, live=loop).test_client()
    payload = client.get("/api/live").get_json()
    assert payload["snapshot"]["decisions_made"] == len(desk.session.actions) >= DECISIONS
    assert payload["live"]["camera"] == "watching" and payload["live"]["registered"]
    assert loop.latest_jpeg()[:2] == b"\xff\xd8"


def test_a_hand_over_the_board_is_shown_as_such(run):
    _desk, _world, loop = run
    # every visible move is made by a hand reaching in: those frames are read as occluded, never reconciled
    assert loop.occluded_frames >= DECISIONS // 2
    assert loop.hand_seen_in_status, "the tablet status said 'hand over the board' at least once"
