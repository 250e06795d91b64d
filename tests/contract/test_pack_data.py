"""The data half of the contract: the pack's table description and layouts load, and name what the engine uses."""

import json

import pytest

from companion.games import Piece

from .conftest import seat_colours


def _pieces_on_table(pack):
    state = pack.new_game(seat_colours(pack, pack.info.max_players), 2)
    kinds = set()
    from companion.games.playout import random_playout

    for later in random_playout(state, 2).states[::40]:
        for _, pieces in later.view().occupied():
            kinds.update(piece.kind for piece in pieces)
    return kinds


def test_every_piece_the_engine_puts_on_the_table_is_described_by_the_pack(pack):
    described = set(pack.table.kind_names)
    if not described:
        pytest.skip(f"{pack.title} ships no table.json: nothing for a camera to read")
    assert _pieces_on_table(pack) <= described


def test_every_layout_the_pack_names_is_shipped_and_readable(pack):
    for name in pack.table.layouts:
        path = pack.layout_path(name)
        assert path.is_file(), f"{pack.title}: layout {name} is listed in table.json but not shipped"
        assert json.loads(path.read_text(encoding="utf-8"))
