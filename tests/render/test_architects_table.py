"""The simulated Architects table: the truth of a frame is the engine's position (workers per colour in every zone,
each seat's goods and silver, every card face up where it lies), and a pile of workers stays in its zone."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.games.playout import random_midgame
from companion.games.registry import get_pack
from companion.games.table_view import Piece, TableView
from vision.layout import load_layout
from vision.render.domains import sample_style
from vision.render.drawing import drawing_of
from vision.render.renderer import SimulatedTable

PACK = get_pack("architects")
GOODS = ("clay", "wood", "stone", "gold", "marble", "silver")


def _busy_midgame(players: list[str], seed: int):
    """A mid-game position with workers on the board and cards built or hired."""
    for attempt in range(40):
        state = random_midgame(PACK, players, seed + attempt)
        view = state.table_view()
        if sum(len(p) for s, p in view.slots.items() if s.endswith(".workers")) >= len(players) + 2 and \
                any(".building." in s for s in view.slots):
            return state
    raise AssertionError("no busy mid-game position")


@pytest.mark.parametrize("count", [2, 5])
def test_the_truth_is_the_engine_position(count: int) -> None:
    players = list(PACK.info.colours[:count])
    layout = load_layout(f"architects-{count}")
    assert layout.players == (count,)
    state = _busy_midgame(players, 60 + count)
    view = state.table_view()
    table = SimulatedTable(layout, sample_style("train", 8 + count, undistorted=True), (960, 600), pack=PACK)
    _, truth = table.render(view)
    zones = [slot for slot in layout.regions if layout.region(slot).pile]
    for slot in zones:       # every counted zone: how many workers (or coins) of each colour, as the engine has them
        expected = Counter(p.colour or p.kind for p in view.pieces(slot))
        assert truth["slots"][slot]["counts"] == dict(sorted(expected.items())), slot
    for seat, colour in enumerate(players):
        supply = truth["supplies"][str(seat)]
        drawn = Counter(p.get("colour") for p in supply["pieces"] if p["kind"] == "resource")
        assert {good: drawn[good] for good in GOODS[:-1]} == {good: view.supplies[colour][good] for good in GOODS[:-1]}
        assert sum(p["value"] for p in supply["pieces"] if p["kind"] == "coin") == view.supplies[colour]["silver"]
        debts = Counter(p.get("name") for p in supply["pieces"] if p["kind"] == "tile")
        assert debts["debt:unpaid"] == view.supplies[colour]["debt_unpaid"]
        assert debts["debt:paid"] == view.supplies[colour]["debt_paid"]
    for slot, pieces in view.slots.items():        # cards in the rows and before each seat, face up by name
        if pieces[0].kind == "tile":
            assert [p["name"] for p in truth["slots"][slot]["pieces"]] == [p.name for p in pieces], slot
    rows = [s for s in view.slots if s.count(".") == 2 and s.startswith("workshop.")]
    assert rows and all(truth["slots"][s]["pieces"][0]["name"].startswith("apprentice:") for s in rows)
    for slot, entry in truth["slots"].items():     # nothing drawn that the engine does not have
        assert len(entry["pieces"]) == len(view.pieces(slot)), slot


def _pile_view() -> TableView:
    colours = ("red", "blue", "green", "yellow", "purple")
    view = TableView("architects", colours)
    for k in range(12):
        view.put("quarry.workers", Piece("worker", colours[k % 5]))
    return view


def test_a_pile_of_twelve_mixed_workers_stands_side_by_side_inside_its_zone() -> None:
    layout = load_layout("architects-3")
    style = replace(sample_style("train", 4, undistorted=True), tilt_deg=30.0)
    table = SimulatedTable(layout, style, (1280, 800), pack=PACK)
    view = _pile_view()
    frame, truth = table.render(view)
    empty, _ = table.render(TableView("architects", view.players))
    entry = truth["slots"]["quarry.workers"]
    assert entry["counts"] == {"blue": 3, "green": 2, "purple": 2, "red": 3, "yellow": 2}
    region = layout.region("quarry.workers")
    grounds = [p["board_mm"] for p in entry["pieces"]]
    radius = drawing_of(PACK).solids["worker"][1]
    for k, (x, y, z) in enumerate(grounds):          # on the ground, wholly inside, none inside another
        assert z == 0.0 and region.contains((x, y))
        assert all(np.hypot(x - u, y - v) >= 2 * radius for u, v, _ in grounds[k + 1:])
    # every pixel in a worker's colour lies where the zone's prism (its outline, up to a worker's height) is seen
    cam = table.camera
    outline = region.polygon()
    height = drawing_of(PACK).solids["worker"][2]
    prism = np.vstack([cam.project(np.column_stack([outline, np.full(len(outline), z)])) for z in (0.0, -height)])
    inside = np.zeros(frame.shape[:2], np.uint8)
    cv2.fillConvexPoly(inside, cv2.convexHull(np.round(prism).astype(np.int32)), 255)
    inside = cv2.dilate(inside, np.ones((5, 5), np.uint8))
    before, after = empty.astype(np.float32), frame.astype(np.float32)
    chroma = np.linalg.norm(after / (np.linalg.norm(after, axis=2, keepdims=True) + 1e-6)
                            - before / (np.linalg.norm(before, axis=2, keepdims=True) + 1e-6), axis=2)
    worker_pixels = chroma > 0.15        # a shadow darkens the board; only a piece changes its colour
    assert worker_pixels.sum() > 12 * 20
    assert not np.any(worker_pixels & (inside == 0))
