"""The simulated Citadels table: each seat's city cards lie where the truth says, in their type's colour."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.citadels.data import district
from companion.games.playout import random_midgame
from companion.games.registry import get_pack
from vision.layout import load_layout
from vision.render.drawing import drawing_of
from vision.render.renderer import SimulatedTable
from vision.render.domains import sample_style

PACK = get_pack("citadels")


def _band_point(center: list[float], angle_deg: float) -> np.ndarray:
    """A point on a city card's colour band in its visible left part (the next card covers its right third)."""
    w, h = drawing_of(PACK).cards["district"]
    local = np.array([-w / 2 + 10.0, -h / 2 + 10.0])
    a = np.radians(angle_deg)
    return np.array(center) + np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]) @ local


def _midgame_with_cities(players: list[str], seed: int):
    for attempt in range(40):
        state = random_midgame(PACK, players, seed + attempt)
        if sum(map(len, state.cities)) >= len(players):
            return state
    raise AssertionError("no mid-game position with built districts")


@pytest.mark.parametrize("count", [2, 7])
def test_city_cards_show_their_type_colour_where_the_truth_says(count: int) -> None:
    players = list(PACK.info.colours[:count])
    layout = load_layout(f"citadels-{count}")
    assert layout.players == (count,) and not layout.board_printed
    state = _midgame_with_cities(players, 40 + count)
    view = state.table_view()
    table = SimulatedTable(layout, sample_style("demo", 3, undistorted=True), (1600, 1000), pack=PACK)
    frame, truth = table.render(view)
    families = drawing_of(PACK).card_families
    H = np.array(truth["homography_mm_to_image"])
    checked = 0
    for slot, entry in truth["slots"].items():
        if ".city." not in slot or not entry["pieces"]:
            assert ".city." not in slot or not view.pieces(slot)
            continue
        (piece,) = entry["pieces"]
        assert piece["name"] == view.pieces(slot)[0].name
        x, y = _band_point(layout.region(slot).center, layout.region(slot).angle)
        u, v, s = H @ [x, y, 1.0]
        patch = frame[int(v / s) - 1:int(v / s) + 2, int(u / s) - 1:int(u / s) + 2].reshape(-1, 3).mean(0)
        # the light tints the picture: compare colours by direction (chromaticity), not brightness
        seen = patch / np.linalg.norm(patch)
        nearest = max(families, key=lambda f: float(seen @ (np.array(families[f]) / np.linalg.norm(families[f]))))
        expected = district(piece["name"]).type
        assert nearest == expected, f"{slot}: {piece['name']} shows {nearest}, not {expected}"
        checked += 1
    assert checked == sum(map(len, state.cities)) >= count


def test_gold_per_seat_in_the_truth() -> None:
    players = list(PACK.info.colours[:3])
    state = _midgame_with_cities(players, 7)
    view = state.table_view()
    table = SimulatedTable(load_layout("citadels-3"), sample_style("train", 5), (640, 360), pack=PACK)
    _, truth = table.render(view)
    for seat, colour in enumerate(players):
        supply = truth["supplies"][str(seat)]
        assert supply["counts"]["gold"] == state.gold[seat]
        assert sum(p["value"] for p in supply["pieces"] if p["kind"] == "coin") == state.gold[seat]
