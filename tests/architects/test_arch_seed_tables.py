"""The seed's tables, number by number: virtue points, tax ignored, Cathedral levels, the Guildhall by player count."""

import pytest

from companion.games.architects.data import cathedral_level, guildhall_spaces, reset_spaces, tax_ignored, virtue_vp

SEED_VIRTUE_VP = {0: -9, 1: -8, 2: -7, 3: -5, 4: -3, 5: -1, 6: 0, 7: 0, 8: 0, 9: 0, 10: 1, 11: 2, 12: 3, 13: 5, 14: 7}


@pytest.mark.parametrize("virtue", range(15))
def test_virtue_points_and_tax_as_the_seed_gives_them(virtue):
    assert virtue_vp(virtue) == SEED_VIRTUE_VP[virtue]
    assert tax_ignored(virtue) == (2 if virtue <= 1 else 1 if virtue <= 3 else 0)


def test_cathedral_levels_as_the_seed_draws_them():
    """Seed, top to bottom: 20 points (a card, 2 gold, 2 marble), 12 (8 stone/wood), 7 (1 marble), 4 (4 stone/wood),
    2 (1 gold); one space at the top, two on the next two levels, three on the lowest two."""
    levels = [cathedral_level(level) for level in range(1, 6)]
    assert [level["vp"] for level in levels] == [2, 4, 7, 12, 20]
    assert [level["spaces"] for level in levels] == [3, 3, 2, 2, 1]
    assert [level.get("cost") or level["cost_stone_or_wood"] for level in levels] == \
        [{"gold": 1}, 4, {"marble": 1}, 8, {"gold": 2, "marble": 2}]


@pytest.mark.parametrize("players, spaces, resets", [(2, 12, (6, 9)), (3, 16, (8, 12)), (4, 20, (10, 15)),
                                                     (5, 24, (12, 18))])
def test_the_guildhall_by_player_count(players, spaces, resets):
    assert guildhall_spaces(players) == spaces and reset_spaces(players) == resets
