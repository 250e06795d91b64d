"""Supply zones counted relative to the supplies the rules confirmed, on the simulated table."""

import pytest

from companion.games.table_view import TableView
from vision.layout import load_layout
from vision.pipeline import VisionPipeline

pytest.importorskip("vision.render.renderer")
from vision.render.domains import sample_style  # noqa: E402
from vision.render.renderer import SimulatedTable  # noqa: E402

PLAYERS = ("red", "blue", "green")
START = {"food": 2, "wood": 1, "stone": 0, "cloth": 0, "gold": 0, "denier": 5, "worker": 6, "house": 20}


def view_with(supplies):
    view = TableView("caylus", PLAYERS)
    view.supplies = {colour: dict(counts) for colour, counts in supplies.items()}
    return view


@pytest.fixture(scope="module", params=[("holdout", 777_002), ("train", 41)])
def table(request):
    layout = load_layout()
    domain, seed = request.param
    table = SimulatedTable(layout, sample_style(domain, seed))
    pipeline = VisionPipeline(layout, PLAYERS, model=None)
    empty, _ = table.render(TableView("caylus", PLAYERS), frame_seed=1)
    pipeline.set_reference(empty)
    return table, pipeline


def confirm_the_start(table, pipeline, frame_seed):
    """Everyone holds the starting 1 wood and 2 food, and the rules confirm it (the live loop's first commit)."""
    start = view_with({c: START for c in PLAYERS})
    frame, _ = table.render(start, frame_seed=frame_seed)
    pipeline.observe(frame, still=True)
    pipeline.confirm(frame, start)
    return start


def test_before_any_confirmed_supply_no_count_is_sure(table):
    table, pipeline = table
    frame, _ = table.render(view_with({c: START for c in PLAYERS}), frame_seed=2)
    observation = pipeline.observe(frame, still=True)
    assert set(observation.supplies) == set(PLAYERS)
    assert all(confidence <= 0.3 for confidence in observation.supply_confidence.values())


def test_the_starting_supplies_read_exactly_once_confirmed(table):
    # The live loop's first frames: everyone holds 1 wood and 2 food, which the rules know.
    table, pipeline = table
    start = confirm_the_start(table, pipeline, frame_seed=3)
    for frame_seed in (4, 5):                     # later frames: new sensor noise, same table
        frame, _ = table.render(start, frame_seed=frame_seed)
        observation = pipeline.observe(frame, still=True)
        for colour in PLAYERS:
            assert observation.supplies[colour] == {"food": 2, "wood": 1, "stone": 0, "cloth": 0, "gold": 0}
            assert observation.supply_confidence[colour] >= 0.9


def test_a_changed_supply_is_right_or_says_it_is_unsure(table):
    table, pipeline = table
    confirm_the_start(table, pipeline, frame_seed=6)
    after = {c: dict(START) for c in PLAYERS}
    after["red"].update(gold=2, denier=3)          # red sold for two gold
    after["blue"].update(food=0, stone=1)          # blue built, then got a stone
    frame, _ = table.render(view_with(after), frame_seed=7)
    observation = pipeline.observe(frame, still=True)
    for colour in PLAYERS:
        expected = {k: after[colour][k] for k in ("food", "wood", "stone", "cloth", "gold")}
        seen, sure = observation.supplies[colour], observation.supply_confidence[colour]
        assert seen == expected or sure < 0.9, (colour, seen, expected, sure)
        assert all(0 <= n <= expected[k] + 4 for k, n in seen.items()), "no wild counts"
    assert observation.supply_confidence["green"] >= 0.9      # green's zone did not change
