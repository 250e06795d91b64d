"""The examples in the vision modules' docstrings run (pytest's testpaths lists only vision/observation.py of vision)."""

import doctest
import importlib

import pytest

MODULES = ["vision.sources", "vision.registration", "vision.crops", "vision.stability", "vision.colours",
           "vision.tiles", "vision.cubes", "vision.supplies", "vision.coin_piles", "vision.pipeline", "vision.blobs", "vision.hand_side",
           "vision.layout", "vision.leaning", "vision.markers", "vision.recognizer", "vision.stacks", "vision.unique_pieces", "vision.zone_model", "vision.render.camera",
           "vision.render.domains", "vision.render.renderer"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
