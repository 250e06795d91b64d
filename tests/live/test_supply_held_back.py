"""A supply read otherwise than an answered state is not taught to vision (false-reminder regression, held-out look,
2 players, seed 264, decision 119).

Red sold a wood the camera couldn't read. While the question waited, a frame confirming blue's answered production
taught red's zone "wood 1" from a picture without it; the zone then read wood 1, sure, and once red's sale was
answered, "Red's supply is not up to date: -1 wood" was reminded at the game's last decision."""

from dataclasses import replace

from tests.live.taught import taught_after_an_answer
from tests.reconciler.table import live_bots_at


def _taught_after_an_answer(red_supply):
    def film(session, cam):
        for index in range(3):
            frame = cam.read(session.state.table_view(), 2_000 + index)
            yield replace(frame, supplies={**frame.supplies, "red": red_supply},
                          supply_confidence={**frame.supply_confidence, "red": 0.3})
    return taught_after_an_answer(("red", "blue"), 264, 118, film)


def test_a_zone_read_otherwise_than_the_answered_state_is_held_back():
    session, _ = live_bots_at(("red", "blue"), 264, 119)
    red = dict(zip(("food", "wood", "stone", "cloth", "gold"), session.state.cubes[0]))
    taught, _ = _taught_after_an_answer({**red, "wood": red["wood"] - 1})
    assert taught, "the answered state is still taught (its slots read as it)"
    assert taught[0][1] == {"supply.red"}


def test_a_zone_read_as_the_answered_state_is_taught():
    session, _ = live_bots_at(("red", "blue"), 264, 119)
    red = dict(zip(("food", "wood", "stone", "cloth", "gold"), session.state.cubes[0]))
    taught, _ = _taught_after_an_answer(red)
    assert taught and taught[0][1] == set()
