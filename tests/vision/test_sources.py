from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.sources import (CameraError, CaptureSource, ImageFolderSource, ReconnectingSource, describe_camera,
                            frames, open_camera)


def write_video(path: Path, count: int) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    for i in range(count):
        writer.write(np.full((48, 64, 3), i * 20, np.uint8))
    writer.release()


def test_camera_strings_name_their_source(tmp_path):
    assert describe_camera("0") == "webcam"
    assert describe_camera("http://127.0.0.1:8080/video") == "stream"
    assert describe_camera("rtsp://phone.local/live") == "stream"
    assert describe_camera(str(tmp_path)) == "folder"
    assert describe_camera("game.mp4") == "video"
    assert describe_camera("board.jpg") == "image"


def test_a_folder_plays_its_images_in_order_and_skips_a_corrupt_one(tmp_path):
    for i in (2, 0, 1):
        cv2.imwrite(str(tmp_path / f"frame_{i}.png"), np.full((10, 10, 3), i * 50, np.uint8))
    (tmp_path / "frame_1b.png").write_bytes(b"not a png")
    notes = []
    source = ImageFolderSource(tmp_path, on_event=notes.append)
    levels = [int(f.image[0, 0, 0]) for f in frames(source)]
    assert levels == [0, 50, 100]
    assert any("frame_1b.png" in note for note in notes)


def test_a_video_file_is_read_to_its_end(tmp_path):
    video = tmp_path / "table.avi"
    write_video(video, 5)
    assert len(list(frames(open_camera(str(video))))) == 5


def test_missing_sources_say_so_clearly(tmp_path):
    with pytest.raises(CameraError, match="no such file"):
        open_camera(str(tmp_path / "nothing.avi"))
    with pytest.raises(CameraError, match="no such folder|no images"):
        ImageFolderSource(tmp_path)
    with pytest.raises(CameraError, match="simulated table"):
        import vision.sources as sources
        saved = dict(sources.SIM_FACTORIES)
        sources.SIM_FACTORIES.clear()
        try:
            open_camera("sim")
        finally:
            sources.SIM_FACTORIES.update(saved)


def test_a_dropped_stream_is_reported_and_reopened(tmp_path):
    """A live source that stops (the file ends, as a stream would drop) reopens and keeps counting frames;
    while it cannot be reopened (the camera is gone) the drop is reported and reading ends cleanly."""
    video = tmp_path / "stream.avi"
    write_video(video, 3)
    notes = []
    source = ReconnectingSource(lambda: CaptureSource("phone", str(video)), on_event=notes.append,
                                retry_delays=(0.0,), max_attempts=2, sleep=lambda _s: None)
    indices = [source.read().index for _ in range(5)]
    assert indices == [0, 1, 2, 3, 4]
    assert source.drops == 1 and any("dropped" in n for n in notes) and any("reopened" in n for n in notes)
    video.unlink()
    while source.read() is not None:
        pass
    assert any("gone" in n for n in notes)


def test_the_simulated_table_is_a_camera_too():
    pytest.importorskip("vision.render.video")
    source = open_camera("sim:seed=2,players=2,fps=0,size=320x180")
    first, second = source.read(), source.read()
    assert first.image.shape == (180, 320, 3) and second.index == 1
    with pytest.raises(CameraError, match="key=value"):
        open_camera("sim:seed")
