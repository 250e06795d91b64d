"""A building replaced under its new house, answered on the tablet, is learned by vision (false-alert regression,
held-out look, 2 players, seed 66, decision 59).

Blue turned the neutral quarry on square 6 into a residence, its house set on it; the camera keeps a building's
confirmed name while a piece stands on it (docs/vision.md), so the tile read "neutral quarry". The conversion was
answered on the tablet, and the live loop teaches vision an answered state only from a frame that reads as it: the
tile never did, vision never learned the residence, and "road.6.tile should now show residence" was reminded."""

from dataclasses import replace
from types import SimpleNamespace

from companion.live.loop import TableLoop
from tests.live.taught import TaughtPipeline
from tests.reconciler.table import camera, live_bots_at


def _answered_frames(tile_reads):
    session, convert = live_bots_at(("red", "blue"), 66, 57)
    assert str(convert) == "convert[1](square=6)"
    pipeline = TaughtPipeline(session.players)
    loop = TableLoop(SimpleNamespace(session=session), None, pipeline)
    cam = camera(session.state)
    for index in range(3):
        loop._reconcile(None, cam.read(session.state.table_view(), 1_000 + index))
    assert loop._confirmed == 57
    session.decide(convert, source="prompt")
    taught_before = len(pipeline.taught)
    after = session.state.table_view()
    for index in range(3):
        frame = cam.read(after, 2_000 + index)
        loop._reconcile(None, replace(frame, slots={**frame.slots, "road.6.tile": tile_reads}))
    return pipeline.taught[taught_before:], session


def test_an_answered_building_read_by_its_old_name_under_the_new_house_is_taught_to_vision():
    taught, session = _answered_frames({"tile:neutral_quarry": 0.95, "tile:wood_sawmill": 0.05})
    assert taught, "vision never learned the residence"
    assert taught[0][0].slots["road.6.tile"][0].name == "residence"
    assert not session.open_alerts()


def test_an_answered_state_the_table_reads_otherwise_elsewhere_is_not_taught():
    """Only the replaced building's old name is forgiven: a tile read as a third building still doubts the frame."""
    taught, _ = _answered_frames({"tile:wood_sawmill": 0.95, "tile:neutral_quarry": 0.05})
    assert not taught
