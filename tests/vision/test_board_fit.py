"""The layout fitted to the board on the table (vision/board_fit.py): what a user notices.

A held-out table of the simulated table prints its board otherwise than the layout (another size, shifted and
turned against the markers, the print's own offsets). Registered from the markers alone, slot windows land
several mm off; fitted from the empty board, they land where the board prints them. A board the layout does
not fit (something lying on it, another game's board) is refused with a message, and the layout kept.
"""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.games.registry import get_pack
from companion.games.table_view import TableView
from vision.board_fit import BoardFit, fit_board
from vision.layout import load_layout
from vision.pipeline import VisionPipeline
from vision.render.domains import sample_style
from vision.render.renderer import SimulatedTable

SIZE = (1280, 720)


def empty_table(game: str, seed: int, domain: str = "holdout-printed"):
    """A table of ``game`` rendered empty (a few frames, as the live setup takes) and its truth."""
    pack = get_pack(game)
    layout = load_layout(pack.table.default_layout)
    players = tuple(pack.info.colours[:2])
    table = SimulatedTable(layout, sample_style(domain, seed), SIZE, pack=pack)
    view = TableView(layout.game, players)
    pictures = [table.render(view, frame_seed=k)[0] for k in range(3)]
    return layout, players, table, pictures, table.render(view, frame_seed=0)[1]


def centre_errors(layout, pipeline, pose, truth) -> tuple[np.ndarray, np.ndarray]:
    """Each on-board slot's distance (mm) from where the board is printed: shipped layout, and the pipeline's."""
    names = [n for n in pipeline.slot_names if n in truth["slots"]
             and BoardFit.identity(layout).on_board(layout.region(n).center)]
    pixels = np.array([truth["slots"][n]["center"] for n in names], dtype=float)
    undistorted = pose.lens.undistort(pixels) if pose.lens is not None else pixels
    h = np.c_[undistorted, np.ones(len(names))] @ np.linalg.inv(pose.image_from_board).T
    printed = h[:, :2] / h[:, 2:]
    shipped = np.array([layout.region(n).center for n in names])
    read = np.array([pipeline.windows[n].center for n in names])
    return np.linalg.norm(printed - shipped, axis=1), np.linalg.norm(printed - read, axis=1)


@pytest.mark.parametrize("game, seed", [("caylus", 5), ("caylus1303", 133097)])
def test_a_board_printed_otherwise_is_fitted_to_within_a_few_mm(game, seed):
    layout, players, table, pictures, truth = empty_table(game, seed)
    assert table.printing is not None                 # the held-out look prints its own board
    pipeline = VisionPipeline(layout, players, model=None)
    pose = pipeline.set_reference(pictures)
    fit = pipeline.board_fit
    assert fit.accepted, fit.message
    assert "residual" in fit.message and fit.residual_mm <= 1.5
    before, after = centre_errors(layout, pipeline, pose, truth)
    assert before.mean() > 3.0 and before.max() > 6.0      # the layout as shipped is several mm off…
    assert after.mean() < 1.5 and after.max() < 6.0        # …fitted, the slots' windows lie on the printed places
    assert after.mean() < before.mean() / 3


def test_a_board_printed_as_its_layout_stays_where_it_is():
    layout, players, _, pictures, truth = empty_table("caylus", 7, domain="train")
    pipeline = VisionPipeline(layout, players, model=None)
    pose = pipeline.set_reference(pictures)
    _, after = centre_errors(layout, pipeline, pose, truth)
    assert pipeline.board_fit.accepted and pipeline.board_fit.moved_mm < 1.5
    assert after.mean() < 1.0


def test_something_lying_on_the_board_is_refused_and_the_layout_kept():
    layout, players, _, pictures, _ = empty_table("caylus", 5)
    pipeline = VisionPipeline(layout, players, model=None, fit_board=False)
    pose = pipeline.set_reference(pictures)
    width, height = layout.board_size
    covered = pictures[-1].copy()                     # a box over a third of the board
    cv2.fillConvexPoly(covered, pose.to_image([[0, height * 0.4], [width, height * 0.4], [width, height * 0.8],
                                               [0, height * 0.8]]).astype(np.int32), (60, 90, 140))
    fit = fit_board(layout, covered, pose)
    assert not fit.accepted and "lying on the board" in fit.message and "used as shipped" in fit.message
    assert fit.apply(layout) is layout
    pipeline = VisionPipeline(layout, players, model=None)
    pipeline.set_reference(covered)
    assert not pipeline.board_fit.accepted
    assert pipeline.windows["road.7.tile"].center == layout.region("road.7.tile").center


def test_another_games_board_is_refused():
    layout, players, _, pictures, _ = empty_table("caylus", 6)
    other = load_layout(get_pack("caylus1303").table.default_layout)
    pose = VisionPipeline(layout, players, model=None, fit_board=False).set_reference(pictures)
    fit = fit_board(other, pictures[-1], pose)
    assert not fit.accepted and "another board" in fit.message


def test_a_saved_fit_is_used_again_without_fitting():
    layout, players, _, pictures, _ = empty_table("caylus", 5)
    first = VisionPipeline(layout, players, model=None)
    first.set_reference(pictures)
    saved = BoardFit.from_json(json.loads(json.dumps(first.board_fit.to_json())))
    assert saved == first.board_fit
    again = VisionPipeline(layout, players, model=None, fit_board=False)
    again.set_reference(pictures, board_fit=saved)
    assert again.board_fit is saved and again.windows == first.windows
    assert again.layout.markers == layout.markers and again.layout.supplies == layout.supplies   # the table's own


def test_a_hand_over_the_empty_board_does_not_spoil_the_fit():
    """The places under a hand match nothing and don't count; the rest of the board still places every slot."""
    from vision.render.hands import Hand

    layout, players, table, pictures, truth = empty_table("caylus", 5)
    pose = VisionPipeline(layout, players, model=None, fit_board=False).set_reference(pictures)
    width, height = layout.board_size
    hand, _ = table.render(TableView(layout.game, players), [Hand(target=(width * 0.5, height * 0.5), from_direction=0)],
                           frame_seed=9)
    pipeline = VisionPipeline(layout, players, model=None)
    pipeline.set_reference(pictures[:-1] + [hand])
    assert pipeline.board_fit.accepted, pipeline.board_fit.message
    _, after = centre_errors(layout, pipeline, pose, truth)
    assert after.mean() < 1.5 and after.max() < 6.0
