"""A seat's supply as the simulated table lays it out: a piece coming or going moves no piece of another group, as at
a real table (a camera reading a worker coming home must not see every cube and coin move)."""

import pytest

from vision.layout import SupplyZone
from vision.render.scene import place_supply

ZONE = SupplyZone(0, (0.0, 0.0), (180.0, 130.0))
GROUP = {"worker": "worker", "house": "house", "wood": "cube", "denier": "disc"}     # what changes → its piece kind
SUPPLY = {"worker": 3, "house": 7, "food": 2, "wood": 1, "stone": 2, "cloth": 0, "gold": 1, "denier": 7}


def places(counts: dict[str, int], heaped: bool, kinds: set[str]) -> list[tuple]:
    return [(p.piece.kind, p.piece.colour, p.x, p.y, p.z, p.angle)
            for p in place_supply(ZONE, "red", counts, seed=5, heaped=heaped) if p.piece.kind in kinds]


@pytest.mark.parametrize("heaped", [False, True], ids=["rows", "heaped"])
@pytest.mark.parametrize("change", [{"worker": 4}, {"house": 6}, {"wood": 2}, {"denier": 5}])
def test_a_piece_more_or_less_moves_no_piece_of_another_group(heaped, change):
    others = {"worker", "house", "cube", "disc"} - {GROUP[next(iter(change))]}
    assert places(SUPPLY, heaped, others) == places({**SUPPLY, **change}, heaped, others)


def test_cubes_of_one_type_stay_put_when_another_type_changes():
    before = [p for p in places(SUPPLY, False, {"cube"}) if p[1] != "wood"]
    after = [p for p in places({**SUPPLY, "wood": 3}, False, {"cube"}) if p[1] != "wood"]
    assert before == after
