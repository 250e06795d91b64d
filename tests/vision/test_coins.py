"""A seat's coins, seen only as a change of the zone's coins' strip (vision/coins.py, ``SupplyZone.coins``)."""

import cv2
import numpy as np

from vision.supplies import SupplyZone, cube_colour_model


def zone_picture(coins: int) -> np.ndarray:
    """A 150 × 170 mm zone at 1.2 px/mm: a cloth, ``coins`` coins side by side on the strip along its far edge."""
    picture = np.full((204, 180, 3), (70, 110, 120), np.uint8)
    for k in range(coins):
        cv2.circle(picture, (30 + 24 * k, 175), 10, (60, 170, 230), -1)
    return picture


def new_zone() -> SupplyZone:
    return SupplyZone(zone_picture(0), cube_colour_model(), nominal_unit_px=100.0)


def test_coins_are_reported_once_a_payment_was_seen_on_the_strip():
    zone = new_zone()
    zone.confirm(zone_picture(3), {"denier": 3})
    assert zone.coins(zone_picture(3)) is None, "not yet seen that this seat's coins lie on the strip"
    zone.confirm(zone_picture(2), {"denier": 2})
    deniers, (still, one, more) = zone.coins(zone_picture(2))
    assert deniers == 2 and still > 10 * one and still > 10 * more
    deniers, (still, one, more) = zone.coins(zone_picture(1))
    assert deniers == 2 and one > 5 * still


def test_coins_kept_off_the_strip_say_nothing():
    zone = new_zone()
    for deniers in (5, 4, 2, 7):
        zone.confirm(zone_picture(0), {"denier": deniers})
    assert zone.coins(zone_picture(0)) is None


def test_coins_survive_a_recording():
    """``companion replay`` reads observations back from JSON: the coins come back as they were seen."""
    import json

    from vision.observation import Observation

    seen = Observation(registered=True, stable=True, coins={"red": (4, (0.5, 0.006, 0.004))})
    assert Observation.from_json(json.loads(json.dumps(seen.to_json()))).coins == seen.coins
