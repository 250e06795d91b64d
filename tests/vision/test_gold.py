"""Gold counted per seat on a rendered Citadels table (vision.coin_piles): piles of 0, 1 and 2 coins read by their
tops, a large pile the rules confirmed read while it stays, and never a confident count that is wrong (a coin put on
a large pile, a hand in the zone)."""

from __future__ import annotations

import pytest

from companion.games.registry import get_pack
from companion.games.table_view import TableView
from vision.coin_piles import MIN_LAYER_PX
from vision.layout import load_layout
from vision.pipeline import VisionPipeline
from vision.render.domains import sample_style
from vision.render.renderer import Hand, SimulatedTable

PACK = get_pack("citadels")
SIZE = (1280, 720)
SURE = 0.9
COLOURS = list(PACK.info.colours[:4])


def _gold(gold: list[int]) -> TableView:
    view = TableView("citadels", tuple(COLOURS))
    for colour, coins in zip(COLOURS, gold):
        view.supplies[colour] = {"gold": coins}
    return view


def _seen(pipeline: VisionPipeline, table: SimulatedTable, view: TableView, frame_seed: int):
    """The table moved to ``view`` (one moving frame), then seen still in two frames: the last one's gold, and
    that frame (for the rules to confirm)."""
    pipeline.observe(table.render(view, frame_seed=frame_seed)[0], still=False)
    for k in (1, 2):
        frame = table.render(view, frame_seed=frame_seed + k)[0]
        observation = pipeline.observe(frame, still=True)
    return observation.coin_counts, frame


@pytest.fixture(scope="module")
def table():
    layout = load_layout("citadels-4")
    table = SimulatedTable(layout, sample_style("train", 31), SIZE, pack=PACK)
    pipeline = VisionPipeline(layout, COLOURS, model=None, fit_board=False)
    pipeline.set_reference(table.render(TableView("citadels", tuple(COLOURS)), frame_seed=10_001)[0])
    start = _gold([2, 2, 2, 2])                       # the game's start, confirmed at setup
    pipeline.confirm(_seen(pipeline, table, start, 100)[1], start)
    return table, pipeline


def test_piles_of_0_1_and_2_coins_read_exact_and_sure(table) -> None:
    table, pipeline = table
    counts, _frame = _seen(pipeline, table, _gold([0, 1, 2, 1]), 200)
    for colour, truth in zip(COLOURS, [0, 1, 2, 1]):
        count, p = counts[colour]
        assert count == truth and p >= SURE, (colour, counts[colour])


def test_a_large_pile_reads_its_confirmed_count_while_it_stays_and_never_the_old_count_once_a_coin_is_added(table):
    table, pipeline = table
    view = _gold([0, 14, 6, 2])
    changed, frame = _seen(pipeline, table, view, 300)
    assert changed[COLOURS[2]][0] in (None, 6) and changed[COLOURS[1]][0] in (None, 14)   # a large pile grew: unsure
    pipeline.confirm(frame, view)
    still, frame = _seen(pipeline, table, view, 400)
    assert still[COLOURS[0]][0] == 0 and still[COLOURS[3]][0] == 2
    for seat in (1, 2):
        count, p = still[COLOURS[seat]]
        if pipeline.reference.piles[seat].layer_px >= MIN_LAYER_PX:
            assert count == view.supplies[COLOURS[seat]]["gold"] and p >= SURE, still[COLOURS[seat]]
        else:                     # a camera nearly overhead sees no coin put on a stack: it can't vouch for the count
            assert count is None
    added, _frame = _seen(pipeline, table, _gold([0, 15, 7, 2]), 500)
    for seat, old in ((1, 14), (2, 6)):
        count, p = added[COLOURS[seat]]
        assert not (count == old and p >= SURE), added[COLOURS[seat]]
    pipeline.confirm(frame, view)       # the pile of 14 and of 6 again, for the next test


def test_a_hand_in_a_gold_zone_leaves_its_count_unsure(table) -> None:
    table, pipeline = table
    zone = pipeline.layout.supply(1)
    hand = Hand((zone.origin[0] + zone.size[0] / 2, zone.origin[1] + zone.size[1] / 2), 0.0, 50.0, 1.0, 0.2,
                table.style.skin_tone)
    frame = table.render(_gold([0, 14, 6, 2]), (hand,), frame_seed=600)[0]
    count, p = pipeline.observe(frame, still=True).coin_counts[COLOURS[1]]
    assert count is None and p == 0.0
