"""The pictures the docs show are there (issue 71, done when: "screenshots in docs/ show the log, the board taps and a
translated game in each language"): every image a doc references exists and is a picture, and the tablet UI's doc
shows the required ones."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")
MAGIC = {".png": b"\x89PNG\r\n\x1a\n", ".jpg": b"\xff\xd8\xff", ".jpeg": b"\xff\xd8\xff"}

REQUIRED_IN_TABLET_UI = {
    "images/ui-live-tablet.png": "a game in English",
    "images/ui-game-zh-Hant-tablet.png": "a game in 繁體中文",
    "images/ui-game-ja-tablet.png": "a game in 日本語",
    "images/ui-move-log.png": "the log of moves",
    "images/ui-board-taps.png": "the board's places tapped",
}


def _images(doc: Path) -> list[str]:
    return [target for target in IMAGE.findall(doc.read_text(encoding="utf-8")) if "://" not in target]


@pytest.mark.parametrize("doc", DOCS, ids=lambda doc: doc.name)
def test_every_image_a_doc_shows_exists_and_is_a_picture(doc):
    for target in _images(doc):
        path = (doc.parent / target).resolve()
        assert path.is_file(), f"{doc.name} shows {target}, which is missing"
        magic = MAGIC.get(path.suffix.lower())
        assert magic is not None, f"{doc.name} shows {target}: not a PNG or JPEG"
        data = path.read_bytes()
        assert data.startswith(magic) and len(data) > 10_000, f"{target} is not a real picture"


def test_the_tablet_ui_doc_shows_the_log_the_board_taps_and_a_game_in_each_language():
    shown = set(_images(ROOT / "docs" / "tablet-ui.md"))
    missing = {image: what for image, what in REQUIRED_IN_TABLET_UI.items() if image not in shown}
    assert not missing, f"docs/tablet-ui.md does not show {missing}"
