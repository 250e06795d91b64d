import json

import cv2
import pytest

from companion.cli import main
from vision.layout import LayoutError, layout_from_json, load_layout
from vision.markers import render_sheet

ROAD_PARTS = ("tile", "owner", "worker", "provost", "bailiff")


def contract_slot_names():
    names = [f"road.{n}.{part}" for n in range(1, 29) for part in ROAD_PARTS]
    names += [f"{b}.worker" for b in ("gate", "trading_post", "merchants_guild", "joust_field")]
    names += [f"stables.{i}" for i in (1, 2, 3)] + ["inn.left", "inn.right"]
    names += [f"castle.worker.{i}" for i in range(1, 6)]
    names += [f"castle.dungeon.{i}" for i in range(1, 7)] + [f"castle.walls.{i}" for i in range(1, 11)]
    names += [f"castle.towers.{i}" for i in range(1, 15)]
    names += [f"bridge.{i}" for i in range(1, 6)] + [f"turn_order.{i}" for i in range(1, 6)]
    names += [f"favour.{row}.{col}" for row in ("prestige", "deniers", "resources", "buildings") for col in range(6)]
    return names


def test_default_layout_has_every_contract_slot(layout):
    missing = [name for name in contract_slot_names() if name not in layout.regions]
    assert missing == []
    assert len(layout.score_spaces) == 100 and layout.score_slot(104) == "score.4"
    assert 6 <= len(layout.markers) <= 8
    assert {zone.seat for zone in layout.supplies} == set(range(5))


def test_road_squares_do_not_overlap_and_lie_on_the_board(layout):
    w, h = layout.board_size
    centres = [layout.region(f"road.{n}.tile").center for n in range(1, 29)]
    for i, a in enumerate(centres):
        assert 0 < a[0] < w and 0 < a[1] < h
        for b in centres[i + 1:]:
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 40   # squares are ~43 mm wide


def test_round_trip(layout, tmp_path):
    path = tmp_path / "copy.json"
    layout.save(path)
    again = load_layout(path)
    assert again == layout
    assert again.to_json() == layout.to_json()


def test_a_layout_saved_under_the_earlier_format_name_loads_and_a_foreign_format_is_refused(layout, tmp_path):
    data = layout.to_json()
    path = tmp_path / "earlier.json"
    path.write_text(json.dumps({**data, "format": "caylus-companion-layout/1"}))
    assert load_layout(path) == layout
    path.write_text(json.dumps({**data, "format": "some-other-layout/2"}))
    with pytest.raises(LayoutError, match="format"):
        load_layout(path)


def _broken(tmp_path, mutate):
    data = load_layout().to_json()
    mutate(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d["slots"]["road.3.tile"].pop("size"), "slots.road.3.tile.size"),
    (lambda d: d["slots"]["inn.left"].update(radius=-2), "slots.inn.left.radius"),
    (lambda d: d["slots"]["bridge.1"].update(shape="star"), "slots.bridge.1.shape"),
    (lambda d: d["slots"]["bridge.1"].update(accepts=["meeple"]), "slots.bridge.1.accepts"),
    (lambda d: d["markers"].update(dictionary="DICT_NOPE"), "markers.dictionary"),
    (lambda d: d["markers"]["items"][1].update(id=0), "markers.items"),
    (lambda d: d["board"].update(size=[400]), "board.size"),
    (lambda d: d["supplies"][2].update(origin="left"), "supplies[2].origin"),
    (lambda d: d["score_track"].update(spaces=[]), "score_track.spaces"),
    (lambda d: d["slots"]["bridge.1"].update(pile="yes"), "slots.bridge.1.pile"),
])
def test_broken_layout_names_file_and_field(tmp_path, mutate, field):
    path = _broken(tmp_path, mutate)
    with pytest.raises(LayoutError) as err:
        load_layout(path)
    assert str(path) in str(err.value) and field in str(err.value)


def test_not_json_and_missing_file_are_clear(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ')
    with pytest.raises(LayoutError, match="not valid JSON"):
        load_layout(bad)
    with pytest.raises(LayoutError, match="not found.*caylus-2005"):
        load_layout(tmp_path / "nope.json")
    with pytest.raises(LayoutError, match="list.json: the file: must be a JSON object"):
        layout_from_json([], "list.json")


def test_marker_sheet_is_print_size_and_detectable(layout, tmp_path, capsys):
    out = tmp_path / "markers.png"
    assert main(["markers", "--out", str(out)]) == 0
    sheet = cv2.imread(str(out), cv2.IMREAD_GRAYSCALE)
    assert sheet.shape == (3508, 2480)          # A4 at 300 dpi
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = detector.detectMarkers(cv2.resize(sheet, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA))
    assert sorted(ids.ravel().tolist()) == sorted(m.id for m in layout.markers)
    side_px = [abs(c[0][1][0] - c[0][0][0]) * 2 for c in corners]
    expected = layout.markers[0].size / 25.4 * 300
    assert all(abs(s - expected) < 3 for s in side_px)     # true size when printed at 100 %


def test_marker_cli_refuses_bad_output_name(tmp_path, capsys):
    assert main(["markers", "--out", str(tmp_path / "markers.pdf")]) == 2
    assert "PNG" in capsys.readouterr().err
    assert render_sheet(load_layout()).dtype.name == "uint8"


def test_a_board_without_a_score_track_has_no_score_slots(tmp_path):
    data = load_layout().to_json()
    data.pop("score_track")
    path = tmp_path / "hidden-score.json"
    path.write_text(json.dumps(data))
    layout = load_layout(path)
    assert layout.score_spaces == () and not any(name.startswith("score.") for name in layout.slot_names())
    assert "score_track" not in layout.to_json()


def test_a_counted_zone_keeps_its_pile_flag_through_a_round_trip(tmp_path):
    layout = load_layout("architects-2")
    assert layout.region("prison").pile and not layout.region("black_market.a.worker").pile
    path = tmp_path / "copy.json"
    layout.save(path)
    assert load_layout(path) == layout
