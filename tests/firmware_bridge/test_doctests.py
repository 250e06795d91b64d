"""Run the docstring examples of firmware_bridge (the suite's doctest collection covers other paths)."""

import doctest
import importlib

import pytest

MODULES = ["scene", "game_lights", "mapping", "render", "own_frames", "adalight", "wled"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(f"firmware_bridge.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
