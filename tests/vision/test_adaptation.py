"""Colours, tiles and cubes: the parts that learn the user's own pieces."""

import cv2
import numpy as np

from vision.colours import ColourModel, added_pixels
from vision.cubes import count_cubes
from vision.tiles import TileLibrary


def test_a_calibrated_colour_beats_the_nominal_one():
    model = ColourModel.nominal(["red", "orange"])
    # This copy's red pieces are rather orange-red; under the nominal colours they read as orange.
    real_red = np.full((50, 3), (40, 90, 220), np.uint8)
    before = model.probabilities(real_red)
    model.learn("red", real_red)
    after = model.probabilities(real_red)
    assert before["orange"] > before["red"]
    assert after["red"] > 0.9


def test_added_pixels_are_the_piece_not_the_board():
    rng = np.random.default_rng(1)
    board = cv2.resize(rng.integers(60, 200, (4, 4, 3), dtype=np.uint8), (32, 32), interpolation=cv2.INTER_CUBIC)
    with_piece = board.copy()
    cv2.circle(with_piece, (16, 16), 7, (170, 90, 30), -1)      # blue worker
    dimmer = (with_piece * 0.8).astype(np.uint8)                # and the lamp is dimmer now
    pixels = added_pixels(board, dimmer)
    assert len(pixels) > 20
    model = ColourModel.nominal(["red", "blue", "green"])
    assert max(model.probabilities(pixels).items(), key=lambda kv: kv[1])[0] == "blue"


def tile_look(seed, light=1.0):
    rng = np.random.default_rng(seed)
    art = cv2.resize(rng.integers(0, 255, (5, 5, 3), dtype=np.uint8), (32, 32), interpolation=cv2.INTER_NEAREST)
    return np.clip(art * light, 0, 255).astype(np.uint8)


def test_tiles_are_recognised_by_their_enrolled_look_in_other_light():
    library = TileLibrary()
    for seed, name in enumerate(["mason", "lawyer", "bank", "church"]):
        library.enrol(name, tile_look(seed))
    for seed, name in enumerate(["mason", "lawyer", "bank", "church"]):
        guess = library.identify(tile_look(seed, light=0.75))
        assert max(guess, key=guess.get) == name and guess[name] > 0.8


def test_tile_identity_respects_what_the_rules_allow():
    library = TileLibrary()
    library.enrol("mason", tile_look(0))
    library.enrol("lawyer", tile_look(1))
    assert set(library.identify(tile_look(0), allowed=["lawyer"])) == {"lawyer"}


def test_touching_and_scattered_cubes_are_counted():
    rng = np.random.default_rng(3)
    zone = np.clip(rng.normal(200, 6, (300, 340, 3)), 0, 255).astype(np.uint8)
    empty = zone.copy()
    colours = {"food": (170, 110, 235), "wood": (35, 75, 130), "stone": (150, 150, 148), "gold": (30, 195, 235)}
    placed = {"food": [(20, 20), (20, 41), (41, 20)],             # three touching food cubes (an L)
              "wood": [(150, 150)], "stone": [(200, 60), (250, 60)], "gold": [(100, 250), (100, 271)]}
    for name, spots in placed.items():
        for y, x in spots:
            zone[y:y + 21, x:x + 21] = colours[name]
    counts, confidence = count_cubes(empty, zone, unit_area_px=21 * 21)
    assert counts == {"food": 3, "wood": 1, "stone": 2, "cloth": 0, "gold": 2}
    assert confidence > 0.8


def test_an_empty_zone_has_no_cubes_even_in_other_light():
    rng = np.random.default_rng(4)
    zone = np.clip(rng.normal(180, 6, (200, 200, 3)), 0, 255).astype(np.uint8)
    counts, _ = count_cubes(zone, (zone * 0.85).astype(np.uint8), unit_area_px=400)
    assert sum(counts.values()) == 0


def test_the_tile_confirmed_on_a_square_is_expected_there_but_a_new_look_wins():
    library = TileLibrary()
    library.enrol("residence", tile_look(0))
    library.enrol("statue", tile_look(1))
    kept = library.identify(tile_look(0, light=0.8), expected="residence")
    assert kept["residence"] > 0.95
    replaced = library.identify(tile_look(1), expected="residence")     # a residence became a statue
    assert replaced["statue"] > 0.9


def test_learning_pieces_under_a_warm_lamp_moves_the_other_colours_too():
    model = ColourModel.nominal(["red", "blue", "white"])
    lamp = np.array([0.75, 0.95, 1.25])                                  # warm light: less blue, more red
    for name in ("red", "white"):
        seen = np.clip(np.array(model.nominal_bgr[model.names.index(name)]) * lamp, 0, 255)
        model.learn(name, np.tile(seen.astype(np.uint8), (20, 1)))
    gains = model.light_gains()
    assert gains[0] < 0.85 and gains[2] > 1.1        # (white saturates in red: 255 not 281)
    warm_blue = np.clip(np.array((170, 90, 30)) * lamp, 0, 255).astype(np.uint8)
    assert max(model.probabilities(np.tile(warm_blue, (10, 1))).items(), key=lambda kv: kv[1])[0] == "blue"
