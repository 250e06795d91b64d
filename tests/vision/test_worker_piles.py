"""Workers counted by colour in the Architects counted zones (vision.worker_piles), on rendered frames of one table:
piles of several sizes and mixes read exactly, and a zone under a hand is not read rather than read wrong."""

import pytest

from companion.games.registry import get_pack
from companion.games.table_view import Piece, TableView
from vision.layout import load_layout
from vision.observation import label_for
from vision.pipeline import VisionPipeline
from vision.render.domains import sample_style
from vision.render.hands import Hand
from vision.render.renderer import SimulatedTable

PACK = get_pack("architects")
COLOURS = ("red", "blue", "green")
SURE = 0.9
PILES = {                                   # zone → workers per colour: sizes 1 to 12, one to three colours
    "quarry.workers": {"red": 1},
    "forest.workers": {"blue": 2, "red": 1},
    "mines.workers": {"green": 3, "blue": 2, "red": 1},
    "storehouse.workers": {"blue": 5},
    "tax_stand.workers": {"red": 4, "green": 4},
    "prison": {"red": 4, "blue": 4, "green": 4},
}


def _view(piles: dict[str, dict[str, int]]) -> TableView:
    view = TableView(PACK.name, COLOURS)
    for zone, counts in piles.items():
        for colour, count in counts.items():
            for _ in range(count):
                view.put(zone, Piece("worker", colour))
    return view


@pytest.fixture(scope="module")
def table():
    """One 3-player table in the demo look, set up on its empty picture; its colours learned at a first confirmed
    position where each player's workers lie in a zone of their own."""
    layout = load_layout("architects-3")
    table = SimulatedTable(layout, sample_style("demo", 3), (1280, 720), pack=PACK)
    pipeline = VisionPipeline(layout, COLOURS, model=None, fit_board=False)
    pipeline.set_reference(table.render(TableView(PACK.name, COLOURS), frame_seed=1)[0])
    colour_step = _view({"town_centre.workers": {"red": 3}, "guardhouse.workers": {"blue": 3},
                         "workshop.workers": {"green": 3}})
    frame = table.render(colour_step, frame_seed=2)[0]
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, colour_step)
    return table, pipeline


def test_piles_of_one_to_twelve_workers_in_one_to_three_colours_are_counted_exactly(table):
    table, pipeline = table
    view = _view(PILES)
    observation = pipeline.observe(table.render(view, frame_seed=3)[0], still=True)
    for zone in pipeline.worker_piles.zones:
        label, p = observation.best(zone)
        assert label == label_for(view.pieces(zone)), (zone, PILES.get(zone), label, p)
    assert observation.best("quarry.workers")[1] >= SURE      # a lone worker in the middle of its zone is sure


def test_a_zone_under_a_hand_is_not_read_rather_than_read_wrong(table):
    table, pipeline = table
    view = _view(PILES)
    zone = pipeline.layout.region("prison")
    hand = Hand(zone.center, 0.0, 60.0, 1.0, 0.2, table.style.skin_tone)
    frame, truth = table.render(view, [hand], frame_seed=4)
    assert truth["slots"]["prison"]["occluded"]
    observation = pipeline.observe(frame, still=True)
    for name in pipeline.worker_piles.zones:
        if name in observation.occluded_slots:
            assert name not in observation.slots
            continue
        label, p = observation.best(name)
        assert label == label_for(view.pieces(name)) or p < SURE, (name, label, p)
    assert "prison" in observation.occluded_slots
