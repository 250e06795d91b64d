"""A camera that drops (cable pulled, Wi-Fi gone) becomes an alert; its first picture back clears it."""

import cv2
import pytest

from companion.live import TableLoop
from companion.session import Journal
from companion.web import create_app
from companion.web.desk import Desk
from vision.layout import load_layout
from vision.pipeline import VisionPipeline
from vision.sources import CameraError, ImageFolderSource, ReconnectingSource

pytest.importorskip("vision.render.renderer")
from vision.render.renderer import render_view  # noqa: E402

from companion.games import new_game  # noqa: E402


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    folder = tmp_path_factory.mktemp("frames")
    view = new_game("caylus", ["red", "blue"], 2).table_view()
    for index in range(3):
        frame, _truth = render_view(view, load_layout(), seed=index, size=(320, 180))
        cv2.imwrite(str(folder / f"{index:03d}.jpg"), frame)
    return folder


class FlakyCable:
    """Opens the folder of pictures as a camera; after the first run of pictures it is 'unplugged' for a while."""

    def __init__(self, folder, unplugged_attempts):
        self.folder = folder
        self.opened = 0
        self.unplugged_attempts = unplugged_attempts

    def __call__(self):
        self.opened += 1
        if 1 < self.opened <= 1 + self.unplugged_attempts:
            raise CameraError("camera webcam 0: could not be opened")
        return ImageFolderSource(self.folder)


def make_loop(pictures, unplugged_attempts):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue"], seed=2, variants={}, guided=False)
    source = ReconnectingSource(FlakyCable(pictures, unplugged_attempts), retry_delays=(0.0,), max_attempts=2,
                                sleep=lambda _s: None)
    loop = TableLoop(desk, source, VisionPipeline(load_layout(), ("red", "blue"), model=None))
    return desk, loop


def test_a_drop_is_an_alert_and_the_first_picture_back_resolves_it(pictures):
    desk, loop = make_loop(pictures, unplugged_attempts=4)
    assert [loop.step() for _ in range(3)] == [True, True, True]
    assert loop.status.camera == "no_reference"          # watching, waiting for the empty-board picture
    assert loop.step() is False                          # the pictures stop; two reopen attempts fail
    assert loop.status.camera == "dropped"
    alerts = desk.session.open_alerts()
    assert [alert.kind for alert in alerts] == ["camera"]
    assert "camera stopped sending pictures" in alerts[0].message
    assert loop.step() is False                          # still gone: no second alert for the same drop
    assert len(desk.session.alerts) == 1
    assert loop.step() is True                           # plugged back in
    assert desk.session.open_alerts() == []
    assert desk.session.alerts[0].resolved == "fixed"
    assert loop.status.camera == "no_reference"


def test_the_tablet_sees_the_drop_and_the_recovery(pictures):
    desk, loop = make_loop(pictures, unplugged_attempts=2)
    client = create_app(desk, pin="424242", frame_source=loop, live=loop).test_client()
    for _ in range(3):
        loop.step()
    payload = client.get("/api/live").get_json()
    assert payload["live"]["camera"] == "no_reference" and payload["camera"] is True
    loop.step()
    payload = client.get("/api/live").get_json()
    assert payload["live"]["camera"] == "dropped"
    assert [alert["kind"] for alert in payload["snapshot"]["alerts"]] == ["camera"]
    assert loop.step() is True
    payload = client.get("/api/live").get_json()
    assert payload["snapshot"]["alerts"] == [] and payload["live"]["camera"] == "no_reference"


def test_a_finished_recording_ends_without_an_alert(pictures):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue"], seed=2, variants={}, guided=False)
    loop = TableLoop(desk, ImageFolderSource(pictures), VisionPipeline(load_layout(), ("red", "blue"), model=None),
                     live_source=False)
    while loop.step():
        pass
    assert loop.status.camera == "ended" and loop.ended
    assert desk.session.alerts == []
