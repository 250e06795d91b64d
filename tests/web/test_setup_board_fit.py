"""Setup's empty-board step shows the layout's fit to the board (its residual, or why it was refused) and keeps
the fit with the setup, for the next start."""

from __future__ import annotations

import json

import cv2

from companion.web import create_app
from tablet_client import PIN, Tablet
from tests.vision.test_board_fit import empty_table
from vision.board_fit import BoardFit
from vision.pipeline import VisionPipeline


def test_setup_shows_the_fit_and_keeps_it_with_the_setup(desk, tmp_path):
    layout, players, _, pictures, _ = empty_table("caylus", 5)
    pipeline = VisionPipeline(layout, players, model=None)

    class Camera:
        """The live loop's part the Setup step uses: the capture, and the fit it made."""

        def capture_reference(self, corners):
            pipeline.set_reference(pictures)
            return pictures[-1]

        @property
        def board_fit(self):
            return pipeline.board_fit

        def latest_jpeg(self):
            return cv2.imencode(".jpg", pictures[-1])[1].tobytes()

    tablet = Tablet(create_app(desk, pin=PIN, live=Camera(), config={"DATA_DIR": str(tmp_path)}).test_client())
    tablet.pair()
    answer = tablet.post("/api/setup/empty-board").get_json()
    assert answer["board_fit"]["accepted"] and "residual" in answer["board_fit"]["message"]
    saved = json.loads((tmp_path / "setup.json").read_text())["empty_board"]["board_fit"]
    assert BoardFit.from_json(saved) == pipeline.board_fit
