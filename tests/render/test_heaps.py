"""Heaped supplies: cubes dropped in one heap per type touch and pile as on a real table, and a cube
taken or added moves no other cube (a camera reading the change must see only that cube)."""

import math
from dataclasses import replace

import pytest

from companion.games.table_view import Piece
from vision.render.domains import DOMAINS, sample_style
from vision.render.renderer import SimulatedTable
from vision.render.scene import HEAP_SPACING, HEAP_SUPPORT, _rng, heap

CUBE = 8.0     # mm


def heaps(count: int, seeds: range = range(40)) -> list[list]:
    return [heap("supply.0", Piece("cube", "food"), count, (0.0, 0.0), _rng(seed, "heap")) for seed in seeds]


def test_cubes_in_a_heap_touch_and_pile_but_never_share_a_place():
    touching = piled = 0
    for cubes in heaps(9):
        for k, cube in enumerate(cubes):
            same_level = [c for c in cubes[:k] if c.z == cube.z]
            assert all(math.dist((c.x, c.y), (cube.x, cube.y)) >= HEAP_SPACING for c in same_level)
            touching += any(math.dist((c.x, c.y), (cube.x, cube.y)) < HEAP_SPACING + 0.5 for c in same_level)
            if cube.z > 0:
                piled += 1
                assert any(c.z == cube.z - CUBE and math.dist((c.x, c.y), (cube.x, cube.y)) <= HEAP_SUPPORT + 1.5
                           for c in cubes[:k]), "a cube on top rests on a cube below"
    assert touching >= 40 and piled >= 40      # of 40 heaps of 9: cubes side by side and cubes on cubes are common


def test_a_cube_more_moves_no_other_cube():
    for fewer, more in zip(heaps(6), heaps(7)):
        assert [(c.x, c.y, c.z, c.angle) for c in fewer] == [(c.x, c.y, c.z, c.angle) for c in more[:6]]


@pytest.mark.parametrize("domain", ["train", "holdout"])
def test_both_domains_heap_about_half_their_tables(domain):
    heaped = sum(sample_style(domain, seed).heaped_supplies for seed in range(200))
    assert 70 <= heaped <= 130 and DOMAINS[domain]["heaped_supplies"] == 0.5


def test_a_heaped_table_draws_every_cube_of_its_supply(layout, midgame_view):
    style = replace(sample_style("train", 1), heaped_supplies=True)
    _, truth = SimulatedTable(layout, style, (320, 180)).render(midgame_view)
    for seat, colour in enumerate(midgame_view.players):
        pieces = truth["supplies"][str(seat)]["pieces"]
        for cube in ("food", "wood", "stone", "cloth", "gold"):
            drawn = [p for p in pieces if p["kind"] == "cube" and p["colour"] == cube]
            assert len(drawn) == midgame_view.supplies[colour][cube]
    assert truth["style"]["heaped_supplies"] is True
