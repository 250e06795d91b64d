"""The camera picture marks each piece it reads with a shape of its kind, never a letter, and the live screen's
legend names each shape in the reader's language (issue 71: the picture read "W", "H" … in every language)."""

from __future__ import annotations

import re
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.live import overlay
from companion.session import Journal
from companion.web import create_app, i18n
from companion.web.desk import Desk
from companion.web.server import LiveServer
from tablet_client import PIN, Tablet
from vision.observation import Observation

from tests.chromium import CHROMIUM, pair_page, says
from tests.web.test_browser import TABLET

LIVE_JS = Path(overlay.__file__).parents[1] / "web" / "static" / "live.js"
GAMES = ("caylus", "caylus1303", "citadels", "architects")


class StillCamera:
    """A frame source that always shows the same small picture."""

    def latest_jpeg(self) -> bytes:
        return cv2.imencode(".jpg", np.full((120, 160, 3), 90, np.uint8))[1].tobytes()


def _drawn(monkeypatch, observation: Observation, pixels: dict, marks: dict) -> tuple[np.ndarray, list[str]]:
    """The overlay of a grey picture, and every text drawn on it."""
    written: list[str] = []
    real = cv2.putText

    def put_text(picture, text, *args, **kwargs):
        written.append(text)
        return real(picture, text, *args, **kwargs)

    monkeypatch.setattr(overlay.cv2, "putText", put_text)
    picture = overlay.draw_overlay(np.full((240, 320, 3), 90, np.uint8), observation, pixels, marks)
    return picture, written


def test_the_camera_picture_marks_pieces_by_shape_and_writes_no_letter(monkeypatch):
    pixels = {"a": (60.0, 60.0), "b": (160.0, 60.0), "c": (260.0, 60.0), "d": (60.0, 180.0)}
    observation = Observation(registered=True, slots={
        "a": {"worker:red": 1.0}, "b": {"house:red": 1.0}, "c": {"disc:red": 1.0}, "d": {"worker:red": 0.6,
                                                                                        "house:red": 0.4}})
    picture, written = _drawn(monkeypatch, observation, pixels, overlay.piece_marks("caylus"))
    assert set(written) <= {"?"} and written == ["?"], written          # the doubtful one only, no kind letter
    inside = {slot: picture[int(y) - 4:int(y) + 5, int(x) - 4:int(x) + 5].astype(int)
              for slot, (x, y) in pixels.items()}
    assert all(np.abs(patch - 90).sum() > 0 for patch in inside.values())      # each kind marked inside its ring
    assert np.abs(inside["a"] - inside["b"]).sum() > 0 and np.abs(inside["b"] - inside["c"]).sum() > 0
    assert np.array_equal(inside["a"], inside["d"])                     # a worker is a worker, sure or not


@pytest.mark.parametrize("game", GAMES)
def test_every_piece_kind_has_its_own_mark_the_tablet_can_draw(game):
    marks = overlay.piece_marks(game)
    assert marks and len(set(marks.values())) == len(marks), marks
    drawn_by_the_tablet = set(re.findall(r"^\s+(\w+): \[\"(?:circle|rect|polygon|path)\"",
                                         LIVE_JS.read_text(encoding="utf-8"), re.M))
    assert set(overlay.MARKS) <= drawn_by_the_tablet, drawn_by_the_tablet


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT_LANGUAGE])
def test_the_legend_names_each_mark_in_the_readers_language(game, lang):
    desk = Desk(Journal(":memory:"))
    players = ["red", "blue", "green"]
    desk.new_game(game=game, players=players, seed=3, variants={}, guided=False)
    tablet = Tablet(create_app(desk, pin=PIN, frame_source=StillCamera()).test_client())
    assert tablet.pair().status_code == 200
    tablet.client.set_cookie("lang", lang)
    legend = tablet.get("/api/live").get_json()["camera_marks"]
    assert [entry["kind"] for entry in legend] == list(overlay.piece_marks(game))
    assert all(entry["name"] and not re.search(r"[A-Za-z]{3,}", entry["name"]) for entry in legend), legend
    without = Tablet(create_app(desk, pin=PIN).test_client())
    assert without.pair().status_code == 200
    assert without.get("/api/live").get_json()["camera_marks"] == []


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing: apt-get install chromium")
def test_the_live_screen_shows_the_legend_under_the_camera_picture(browser):
    desk = Desk(Journal(":memory:"))
    desk.new_game(game="caylus", players=["red", "blue"], seed=3, variants={}, guided=False)
    with LiveServer(create_app(desk, pin=PIN, frame_source=StillCamera()), "127.0.0.1", 0) as server:
        page = browser.new_page(viewport=TABLET)
        pair_page(page, server.url, PIN)
        page.context.add_cookies([{"name": "lang", "value": "ja", "url": server.url}])
        page.goto(server.url)
        for _ in range(100):
            if says(page, "!document.getElementById('camera-legend').hidden"):
                break
            page.wait_for_timeout(100)
        items = page.locator("#camera-legend li")
        text = i18n.texts("ja", "caylus")
        names = [items.nth(i).inner_text().strip() for i in range(items.count())]
        assert names == [text(f"pieces.{kind}") for kind in overlay.piece_marks("caylus")], names
        assert page.locator("#camera-legend li svg.mark").count() == len(names)
        assert page.locator("#camera").is_visible()
        page.close()
