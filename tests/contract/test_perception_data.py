"""The pack's perception facts are facts of its rules: what it says no player can change on the table (a piece always
on it, a slot never emptied, a piece that stays once placed) holds in every state of random games. The reconciler
treats a reading against them as a misread, never as an illegal move, so a wrong fact would hide a real one."""

import pytest

from companion.games.playout import random_playout
from companion.reconciler.explain import slot_number
from companion.reconciler.perception import fixtures_of

from .conftest import seat_colours


def _matches(templates, slot):
    return any(slot_number(template, slot) is not None for template in templates)


def _check_game(pack, fixtures, players, seed):
    state = pack.new_game(seat_colours(pack, players), seed)
    seen: dict[str, tuple] = {}
    for number, later in enumerate(random_playout(state, seed).states):
        occupied = {slot: pieces for slot, pieces in later.view().occupied() if pieces}
        for slot, pieces in seen.items():
            if _matches(fixtures.kept, slot):
                assert slot in occupied, f"{pack.title}: {slot} was emptied at decision {number}"
            if _matches(fixtures.permanent, slot):
                assert occupied.get(slot) == pieces, f"{pack.title}: {slot} changed at decision {number}"
        for kind, template in fixtures.tracks.items():
            assert any(slot_number(template, slot) is not None and any(p.kind == kind for p in pieces)
                       for slot, pieces in occupied.items()), f"{pack.title}: no {kind} on {template} at {number}"
        seen.update(occupied)


@pytest.mark.parametrize("players", ["fewest", "most"])
def test_what_the_pack_says_no_player_can_change_holds_in_random_games(pack, players):
    fixtures = fixtures_of(pack.name)
    if fixtures is None:
        pytest.skip(f"{pack.title} ships no perception facts")
    count = pack.info.min_players if players == "fewest" else pack.info.max_players
    for seed in (1, 2):
        _check_game(pack, fixtures, count, seed)
