"""A building keeps its name while a worker stands on it (the worker hides its look, not its identity)."""

import pytest

from companion.games.table_view import Piece, TableView
from vision.layout import load_layout
from vision.pipeline import VisionPipeline

pytest.importorskip("vision.render.renderer")
from vision.render.domains import sample_style  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402

PLAYERS = ("red", "blue", "green")
BUILDINGS = {"road.7.tile": "mason", "road.8.tile": "gold_mine", "road.9.tile": "neutral_marketplace",
             "road.10.tile": "neutral_sawmill", "road.11.tile": "neutral_forest", "road.12.tile": "lawyer"}


def with_tiles() -> TableView:
    view = TableView("caylus", PLAYERS)
    for slot, building in BUILDINGS.items():
        view.put(slot, Piece("tile", name=building))
    return view


@pytest.mark.parametrize("domain, seed", [("holdout", 31), ("holdout", 32), ("train", 33)])
def test_buildings_with_workers_on_them_are_read_as_the_buildings_confirmed_there(domain, seed):
    layout = load_layout()
    table = SimulatedTable(layout, sample_style(domain, seed), (1280, 720))
    pipeline = VisionPipeline(layout, PLAYERS)
    pipeline.set_reference(table.render(TableView("caylus", PLAYERS), frame_seed=1)[0])
    placed = with_tiles()
    frame, _ = table.render(placed, frame_seed=2)
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, placed)

    busy = with_tiles()
    for n, slot in enumerate(BUILDINGS):
        busy.put(slot.replace(".tile", ".worker"), Piece("worker", PLAYERS[n % 3]))
    observation = pipeline.observe(table.render(busy, frame_seed=3)[0], still=True)
    for slot, building in BUILDINGS.items():
        label, probability = observation.best(slot)
        assert label == f"tile:{building}", f"{slot}: {building} read as {label} ({probability:.2f})"


def test_a_building_under_the_provost_and_the_bailiff_is_still_there():
    """Seen in a 5-player demo game: the neutral quarry with both officials on it read as bare road (p 0.72)."""
    layout = load_layout()
    players = ("red", "blue", "green", "yellow", "black")
    table = SimulatedTable(layout, sample_style("demo", 3), (960, 540))
    pipeline = VisionPipeline(layout, players)
    pipeline.set_reference([table.render(TableView("caylus", players), frame_seed=s)[0] for s in range(4)])
    quarry = TableView("caylus", players)
    quarry.put("road.6.tile", Piece("tile", name="neutral_quarry"))
    frame, _ = table.render(quarry, frame_seed=5)
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, quarry)
    quarry.put("road.6.provost", Piece("provost"))
    quarry.put("road.6.bailiff", Piece("bailiff"))
    observation = pipeline.observe(table.render(quarry, frame_seed=6)[0], still=True)
    label, probability = observation.best("road.6.tile")
    assert label == "tile:neutral_quarry" and probability >= 0.7, f"read as {label!r} ({probability:.2f})"
