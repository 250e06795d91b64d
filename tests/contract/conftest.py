"""The contract suite runs every check over every pack: the shipped ones and the test games beside this suite."""

import pytest

from companion.games import registry
from tests.games import goofspiel, nim

TEST_PACKS = (nim.PACK, goofspiel.PACK)
PACK_NAMES = sorted({*registry.game_names(), *(pack.name for pack in TEST_PACKS)})


def seat_colours(pack, count=None):
    info = pack.info
    return list(info.colours[:count or info.min_players])


@pytest.fixture(params=PACK_NAMES)
def pack(request):
    for test_pack in TEST_PACKS:
        registry.register(test_pack)
    yield registry.get_pack(request.param)
    for test_pack in TEST_PACKS:
        registry.unregister(test_pack.name)
