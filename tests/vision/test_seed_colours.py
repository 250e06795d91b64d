"""The piece colours tapped in the setup wizard seed the pipeline's colour model."""

import numpy as np

from vision.layout import load_layout
from vision.pipeline import VisionPipeline

ORANGE_LOOKING_YELLOW = (25, 100, 190)     # BGR: a yellow piece under a warm, dim lamp


def patch(bgr):
    return np.tile(np.array(bgr, np.uint8), (40, 1))


def best(pipeline, bgr):
    odds = pipeline.colours.probabilities(patch(bgr))
    return max(odds, key=odds.get)


def test_a_seeded_colour_is_read_as_that_player_where_the_nominal_one_was_not():
    plain = VisionPipeline(load_layout(), ["red", "yellow", "black"], model=None)
    assert best(plain, ORANGE_LOOKING_YELLOW) == "red"          # what the nominal palette makes of it
    seeded = VisionPipeline(load_layout(), ["red", "yellow", "black"], model=None)
    assert seeded.seed_colours({"yellow": ORANGE_LOOKING_YELLOW}) == ["yellow"]
    assert best(seeded, ORANGE_LOOKING_YELLOW) == "yellow"
    assert best(seeded, (45, 40, 190)) == "red"


def test_colours_of_no_player_in_this_game_are_left_out():
    pipeline = VisionPipeline(load_layout(), ["red", "blue"], model=None)
    assert pipeline.seed_colours({"green": (50, 140, 45), "blue": (160, 95, 40)}) == ["blue"]
    assert pipeline.colours.names == ["red", "blue"]
    assert list(pipeline.colours.seen_bgr) == ["blue"]


def test_the_samples_are_kept_for_a_pipeline_of_another_game():
    pipeline = VisionPipeline(load_layout(), ["red", "blue"], model=None)
    pipeline.seed_colours({"green": (50, 140, 45), "blue": (160, 95, 40)})
    next_game = VisionPipeline(load_layout(), ["green", "blue"], model=None)
    assert next_game.seed_colours(pipeline.setup_colours) == ["green", "blue"]
