"""``companion recognize`` and ``companion eval-vision``: JSON out, clear messages on bad input."""

import json

import cv2
import pytest

from companion.cli import main
from companion.games.table_view import Piece, TableView

pytest.importorskip("vision.render.renderer")
from vision.layout import load_layout  # noqa: E402
from vision.render.domains import sample_style  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    folder = tmp_path_factory.mktemp("photos")
    table = SimulatedTable(load_layout(), sample_style("holdout", 777_002))
    empty, _ = table.render(TableView("caylus", ("red", "blue")), frame_seed=1)
    view = TableView("caylus", ("red", "blue"))
    view.put("road.5.provost", Piece("provost"))
    view.put("castle.worker.1", Piece("worker", "blue"))
    frame, _ = table.render(view, frame_seed=2)
    cv2.imwrite(str(folder / "empty.jpg"), empty)
    cv2.imwrite(str(folder / "now.jpg"), frame)
    return folder


def test_recognize_prints_the_observation(photos, capsys):
    code = main(["recognize", str(photos / "now.jpg"), "--reference", str(photos / "empty.jpg"), "--players", "red,blue"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["registered"] and out["stable"]
    best = {slot: max(p, key=p.get) for slot, p in out["slots"].items()}
    assert best["road.6.provost"] == "" and best["road.20.tile"] == "" and best["castle.worker.2"] == ""
    assert 1 - out["slots"]["castle.worker.1"][""] > 1 - out["slots"]["castle.worker.2"][""]
    assert all(abs(sum(p.values()) - 1) < 1e-3 for p in out["slots"].values())


def test_recognize_explains_bad_input(photos, tmp_path, capsys):
    (tmp_path / "broken.jpg").write_bytes(b"\xff\xd8 not really")
    assert main(["recognize", str(tmp_path / "broken.jpg")]) == 2
    assert "not a readable image" in capsys.readouterr().err
    assert main(["recognize", str(tmp_path / "missing.jpg")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["recognize", str(photos / "now.jpg"), "--corners", "1,2,3"]) == 2
    assert "8 numbers" in capsys.readouterr().err
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), 255 * __import__("numpy").ones((100, 100, 3), "uint8"))
    assert main(["recognize", str(blank), "--players", "red,blue"]) == 1
    assert "board was not found" in capsys.readouterr().err


def test_recognize_needs_the_colours_at_the_table(photos, tmp_path, capsys):
    """With every colour of the game allowed a blue worker could be read as black: the colours are required."""
    now, empty = str(photos / "now.jpg"), str(photos / "empty.jpg")
    assert main(["recognize", now, "--reference", empty]) == 2
    assert "--players" in capsys.readouterr().err
    assert main(["recognize", now, "--reference", empty, "--players", "red,purple"]) == 2
    assert "purple is not a colour" in capsys.readouterr().err
    (photos / "empty.json").write_text(json.dumps({"view": {"players": ["red", "blue"]}}))
    try:
        assert main(["recognize", now, "--reference", empty]) == 0
        assert json.loads(capsys.readouterr().out)["registered"]
    finally:
        (photos / "empty.json").unlink()


def test_eval_vision_explains_a_folder_that_is_no_rendered_set(tmp_path, capsys):
    assert main(["eval-vision", str(tmp_path)]) == 2
    assert "no frame_*.json" in capsys.readouterr().err
    assert main(["eval-vision", str(tmp_path / "nope")]) == 2
    assert "no such folder" in capsys.readouterr().err
