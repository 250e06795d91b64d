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
    zone.confirm(zone_picture(0), {"denier": 3})      # the starting coins kept off the strip: it stays as when empty
    assert zone.coins(zone_picture(0)) is None, "not yet seen that this seat's coins lie on the strip"
    zone.confirm(zone_picture(2), {"denier": 2})
    deniers, (still, one, more) = zone.coins(zone_picture(2))
    assert deniers == 2 and still > 10 * one and still > 10 * more
    deniers, (still, one, more) = zone.coins(zone_picture(1))
    assert deniers == 2 and one > 4 * still         # weaker: a cube taken beside them may nudge the coins


def test_the_starting_coins_put_on_the_empty_strip_show_it_is_where_they_lie():
    zone = new_zone()                                 # the setup capture: an empty zone
    zone.confirm(zone_picture(3), {"denier": 3})      # the start: three coins on its strip
    deniers, (still, one, more) = zone.coins(zone_picture(3))
    assert deniers == 3 and still > 10 * one and still > 10 * more
    deniers, (still, one, more) = zone.coins(zone_picture(2))
    assert deniers == 3 and one > 4 * still


def noisy(picture: np.ndarray, seed: int, sigma: float = 9.0) -> np.ndarray:
    """``picture`` as one frame of a camera: its own sensor noise."""
    noise = np.random.default_rng(seed).normal(0.0, sigma, picture.shape)
    return np.clip(picture + noise, 0, 255).astype(np.uint8)


def paid_once(zone: SupplyZone) -> None:
    """Three coins confirmed, then two, on still frames: the zone has seen its coins lie on the strip."""
    for deniers, seed in ((3, 100), (2, 200)):
        zone.moved()
        for frame in range(4):
            zone.read_with_coins(picture := noisy(zone_picture(deniers), seed + frame))
        zone.confirm(picture, {"denier": deniers})


def test_a_still_table_reads_steadier_frame_after_frame():
    """The sensor's noise is averaged out over the still frames: later frames of an unmoved table read as still as
    can be, while a single frame against a single frame reads the noise as change."""
    zone = new_zone()
    paid_once(zone)
    zone.moved()
    changes = []
    for frame in range(4):
        picture = noisy(zone_picture(2), 300 + frame)
        zone.read_with_coins(picture)
        changes.append(zone.coin_change(picture))
    single = new_zone()
    single.confirm(noisy(zone_picture(2), 205), {"denier": 2})
    assert changes[-1] < changes[0] and changes[-1] < single.coin_change(noisy(zone_picture(2), 303))


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
