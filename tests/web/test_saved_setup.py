"""What the setup wizard saves is what the next ``companion serve`` uses; serve takes --layout and the LED options.

``serve`` runs for real (port 0) up to the point where it would wait for Ctrl+C.
"""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.cli import serve as serve_cli
from companion.web import create_app
from vision.layout import shipped_layouts
from companion.web.desk import Desk
from companion.session import Journal
from tablet_client import PIN, Tablet

ORANGE_LOOKING_YELLOW_RGB = [190, 100, 25]      # a yellow piece under a warm, dim lamp; nominal colours call it red
CORNERS = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]]


@pytest.fixture
def frames(tmp_path):
    """A camera: an image folder whose picture has a yellow piece (as a warm lamp shows it) at its centre."""
    folder = tmp_path / "frames"
    folder.mkdir()
    picture = np.full((240, 320, 3), 90, np.uint8)
    picture[100:140, 140:180] = ORANGE_LOOKING_YELLOW_RGB[::-1]
    cv2.imwrite(str(folder / "0001.png"), picture)
    return folder


@pytest.fixture
def serve(monkeypatch, capsys):
    """``serve(*argv)`` → (exit code, what it printed, {"app", "parts"}); what it started is stopped afterwards."""
    started: dict = {}

    def instead_of_waiting(server, *parts):
        started.update(server=server, app=server.app, parts=parts)
        return 0

    monkeypatch.setattr(serve_cli, "run_until_interrupted", instead_of_waiting)

    def run(*argv):
        code = main(["serve", "--port", "0", *argv])
        printed = capsys.readouterr()
        return code, printed.out + printed.err, started

    yield run
    for part in started.get("parts", ()):
        part.stop()
    if "server" in started:
        started["server"].stop()


def wizard(data_dir, frame_folder) -> Tablet:
    """The setup wizard of a serve without a camera yet, showing the picture the camera would send."""
    picture = cv2.imread(str(next(frame_folder.iterdir())))

    class Preview:
        def latest_jpeg(self) -> bytes:
            return cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_QUALITY, 95])[1].tobytes()
    tablet = Tablet(create_app(Desk(Journal(":memory:")), pin=PIN, frame_source=Preview(),
                               config={"DATA_DIR": str(data_dir)}).test_client())
    assert tablet.pair().status_code == 200
    return tablet


def loop_of(started):
    loops = [part for part in started["parts"] if hasattr(part, "pipeline")]
    return loops[0] if loops else None


def read_as(pipeline, rgb) -> str:
    odds = pipeline.colours.probabilities(np.tile(np.array(rgb[::-1], np.uint8), (40, 1)))
    return max(odds, key=odds.get)


def test_the_camera_corners_and_colours_saved_in_the_wizard_are_used_by_the_next_serve(tmp_path, frames, serve):
    data = tmp_path / "data"
    tablet = wizard(data, frames)
    assert tablet.post("/api/setup/camera", {"camera": str(frames)}).status_code == 200
    assert tablet.post("/api/setup/corners", {"corners": CORNERS}).status_code == 200
    sampled = tablet.post("/api/setup/colours", {"samples": {"yellow": [0.5, 0.5]}}).get_json()["colours"]
    assert all(abs(a - b) <= 4 for a, b in zip(sampled["yellow"]["rgb"], ORANGE_LOOKING_YELLOW_RGB))
    later = tablet.post("/api/setup/colours", {"samples": {"black": [0.05, 0.05]}}).get_json()["colours"]
    assert set(later) == {"yellow", "black"}              # sampling one colour again keeps the others

    code, printed, started = serve("--data-dir", str(data))
    assert code == 0, printed
    loop = loop_of(started)
    assert loop is not None and loop.source.name == str(frames)
    assert "chosen in Setup" in printed and "calibrated in Setup for yellow" in printed
    assert read_as(loop.pipeline, ORANGE_LOOKING_YELLOW_RGB) == "yellow"     # nominal colours: red
    # the wizard shows what was saved, and saving one step again keeps the others
    app = Tablet(started["app"].test_client())
    assert app.get("/api/setup").get_json()["setup"]["corners"] == CORNERS
    assert app.pair(started["app"].extensions["pin"]).status_code == 200
    assert app.post("/api/setup/camera", {"camera": "0"}).status_code == 200
    saved = json.loads((data / "setup.json").read_text())
    assert saved["camera"] == "0" and saved["corners"] == CORNERS and "yellow" in saved["colours"]


def test_a_camera_on_the_command_line_wins_over_the_saved_one(tmp_path, frames, serve):
    (tmp_path / "setup.json").write_text(json.dumps({"camera": str(tmp_path / "gone.mp4")}))
    code, printed, started = serve("--data-dir", str(tmp_path), "--camera", str(frames))
    assert code == 0, printed
    assert loop_of(started).source.name == str(frames) and "chosen in Setup" not in printed


def test_a_corrupt_setup_file_is_said_kept_aside_and_the_game_still_starts(tmp_path, serve):
    (tmp_path / "setup.json").write_text('{"camera": "0", "corners": [[0.1')
    code, printed, started = serve("--data-dir", str(tmp_path))
    assert code == 0, printed
    assert "not readable JSON" in printed and "setup.json.bad" in printed
    assert (tmp_path / "setup.json.bad").read_text() == '{"camera": "0", "corners": [[0.1'
    assert loop_of(started) is None and "Pairing PIN" in printed
    tablet = Tablet(started["app"].test_client())
    assert tablet.pair(started["app"].extensions["pin"]).status_code == 200
    assert tablet.post("/api/games", {"players": ["red", "blue"], "seed": 1}).status_code == 200
    assert tablet.post("/api/setup/corners", {"corners": CORNERS}).status_code == 200
    assert json.loads((tmp_path / "setup.json").read_text()) == {"corners": CORNERS}


def test_the_usable_parts_of_a_partly_bad_setup_are_used(tmp_path, frames, serve):
    (tmp_path / "setup.json").write_text(json.dumps({"camera": str(frames), "corners": [[2, 2]],
                                                     "colours": {"red": {"rgb": "crimson"}}}))
    code, printed, started = serve("--data-dir", str(tmp_path))
    assert code == 0, printed
    assert "saved 'corners' can't be used" in printed and "saved 'colours' can't be used" in printed
    loop = loop_of(started)
    assert loop.source.name == str(frames) and loop.pipeline.colours.seen_bgr == {}


def test_a_saved_camera_that_is_gone_leaves_the_game_without_a_camera(tmp_path, serve):
    (tmp_path / "setup.json").write_text(json.dumps({"camera": str(tmp_path / "gone.mp4")}))
    code, printed, started = serve("--data-dir", str(tmp_path))
    assert code == 0, printed
    assert "cannot open camera" in printed and "starting without a camera" in printed
    assert loop_of(started) is None and started["app"].extensions["live"] is None


def test_webcam_device_paths_are_webcams():
    assert serve_cli.camera_spec("/dev/video2") == "2"
    assert serve_cli.camera_spec("rtsp://cam/stream") == "rtsp://cam/stream"


# -- --layout ---------------------------------------------------------------------------------------------

def test_serve_reads_the_board_of_the_layout_given(tmp_path, frames, serve):
    layout = json.loads(shipped_layouts()["caylus-2005"].read_text())
    layout["name"] = "my-board"
    (tmp_path / "my-board.json").write_text(json.dumps(layout))
    code, printed, started = serve("--data-dir", str(tmp_path), "--camera", str(frames),
                                   "--layout", str(tmp_path / "my-board.json"))
    assert code == 0, printed
    assert loop_of(started).pipeline.layout.name == "my-board"


def test_an_unusable_layout_stops_serve_with_the_reason(tmp_path, serve):
    code, printed, _started = serve("--data-dir", str(tmp_path), "--layout", str(tmp_path / "nope.json"))
    assert code == 2 and "nope.json" in printed and "not found" in printed


def test_demo_refuses_a_layout_without_the_camera(capsys):
    assert main(["demo", "--layout", "my-board.json", "--port", "0"]) == 2
    assert "--layout is for --camera" in capsys.readouterr().err


# -- LED options ------------------------------------------------------------------------------------------

def test_serve_drives_the_strip_with_the_mapping_and_brightness_given(tmp_path, serve):
    from companion.live.leds import scene_for_session
    from companion.games.caylus import lights as caylus_lights
    from firmware_bridge.mapping import load_mapping
    from firmware_bridge.render import Renderer
    from firmware_bridge.virtual_device import OwnFirmwareEngine, VirtualDevice
    from tests.waiting import wait_until

    standard = caylus_lights.default_mapping()      # the same wiring, six LEDs further along a 50-LED strip
    mapping_file = tmp_path / "my-strip.json"
    mapping_file.write_text(json.dumps({"name": "my-strip", "led_count": 50,
                                        "places": {p: [i + 6 for i in leds] for p, leds in standard.places.items()}}))
    device = VirtualDevice(OwnFirmwareEngine(50), tmp_path / "ttyLED").plug()
    try:
        code, printed, started = serve("--data-dir", str(tmp_path), "--leds", str(device.path),
                                       "--led-mapping", str(mapping_file), "--led-brightness", "0.2")
        assert code == 0, printed
        desk = started["app"].extensions["desk"]
        desk.new_game(game="caylus", players=["red", "blue"], seed=4, variants={}, guided=True)
        scene = scene_for_session(desk.session)
        mine = Renderer(load_mapping(mapping_file), 0.2, caylus_lights.palette())
        assert wait_until(lambda: device.engine.pixels in (mine.pixels(scene, True), mine.pixels(scene, False)),
                          timeout=5)
        assert device.engine.pixels[:6] == [(0, 0, 0)] * 6 and any(device.engine.pixels[6:9])
        assert Renderer(standard).pixels(scene, True) != device.engine.pixels[:44]
    finally:
        device.unplug()


@pytest.mark.parametrize("argv, words", [
    (["--leds", "loop://", "--led-brightness", "1.5"], "between 0 and 1"),
    (["--leds", "loop://", "--led-mapping", "missing.json"], "cannot read LED mapping"),
    (["--led-mapping", "missing.json"], "--leds PORT"),
])
def test_unusable_led_options_stop_serve_with_the_reason(tmp_path, serve, argv, words):
    code, printed, _started = serve("--data-dir", str(tmp_path), *argv)
    assert code == 2 and words in printed


def test_the_camera_demo_draws_and_reads_the_layout_given(tmp_path):
    from companion.cli.demo import build_camera_demo
    layout = json.loads(shipped_layouts()["caylus-2005"].read_text())
    layout["name"] = "my-board"
    (tmp_path / "my-board.json").write_text(json.dumps(layout))
    _app, _desk, loop = build_camera_demo(players=["red", "blue"], size=(320, 180),
                                          layout=str(tmp_path / "my-board.json"))
    assert loop.pipeline.layout.name == "my-board" and loop.source.table.layout.name == "my-board"
