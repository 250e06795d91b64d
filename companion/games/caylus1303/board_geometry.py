"""The Caylus 1303 board layout, drawn from the rulebook's description: ``python -m
companion.games.caylus1303.board_geometry`` writes ``layouts/caylus1303.json`` (format: docs/layout-format.md).

No measured photo of the 2019 board was at hand, so the geometry follows what the rulebook says (the City Gate
at the lower left, the four printed buildings, the Guilds Bridge, 23 road spaces winding up to the worksite,
the round track, a place for the characters) at sizes chosen to be plausible. Every size is a constant below:
a player with the box corrects one here and runs the module again (docs/caylus1303-table.md).

>>> layout = board_layout()
>>> layout["slots"]["road.1.tile"]["center"], len(layout["supplies"])
([352.0, 365.0], 5)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .data import character_ids, rules, tiles_of

BOARD = (520.0, 400.0)         # board width × height, mm (guessed: a board folded in four, ~52 × 40 cm)
SQUARE = (44.0, 41.0)          # a road space and a building tile, mm (the size of the 2005 game's squares)
PITCH = 58.0                   # centre to centre of two road spaces in a row (14 mm of road between them)
ROWS_Y = (365.0, 305.0, 245.0, 185.0)    # the road's four rows, from the City Gate's row up
COLUMNS_X = tuple(62.0 + PITCH * k for k in range(8))
FRONT_X = (40.0, 92.0, 144.0, 196.0)     # the Fair, the Lawyer, the Carpenter and Recall, printed on row 1
BRIDGE_X = (238.0, 253.0, 268.0, 283.0, 298.0)    # the houses' places on the Guilds Bridge, in passing order
PROVOST_R = 7.0                # the provost's spot between two spaces (the 14 mm of road)
WORKSITE_X = (88.0, 138.0, 188.0)        # the worksite's three tiles, at the end of the road (row 4)
WORKSITE_WORKERS = (78.0, 103.0, 128.0, 153.0, 178.0)     # its workers, left to right, above the tiles
WORKSITE_WORKERS_Y = 140.0
ROUND_Y, ROUND_X0, ROUND_PITCH = 24.0, 262.0, 27.0        # the round track, 9 spaces along the top edge
CHARACTER_SPOT = 32.0          # a character tile's spot on the board's character area (2 rows of 6)
CHARACTER_X0, CHARACTER_PITCH, CHARACTER_ROWS = 282.0, 38.0, (72.0, 120.0)

SEAT_SIZE = (160.0, 110.0)     # a player's supply zone (goods, spare workers and houses), mm
SEAT_ORIGINS = ((590.0, 0.0), (590.0, 210.0), (-230.0, 300.0), (-230.0, 125.0), (-230.0, -50.0))   # clockwise
SEAT_TILE, SEAT_TILE_PITCH = 21.0, 22.8  # in front of a player, below the zone: 2 rows of 7 tile spots
STOCK_TILE, STOCK_PITCH, STOCK_X0, STOCK_ROWS_Y = 40.0, 46.0, 76.0, (476.0, 522.0, 568.0)   # below the board
MARKERS = ((-30, -30), (260, -30), (550, -30), (550, 280), (550, 612), (260, 612), (-30, 612), (-30, 280))
MARKER_SIZE = 40.0

LAYOUT_PATH = Path(__file__).with_name("layouts") / "caylus1303.json"


def road_centres() -> list[tuple[float, float]]:
    """The centre of road spaces 1..23: 3 on row 1 after the bridge, 8 back on row 2, 8 on row 3, 4 on row 4."""
    row1 = [(x, ROWS_Y[0]) for x in COLUMNS_X[5:]]
    row2 = [(x, ROWS_Y[1]) for x in reversed(COLUMNS_X)]
    row3 = [(x, ROWS_Y[2]) for x in COLUMNS_X]
    row4 = [(x, ROWS_Y[3]) for x in reversed(COLUMNS_X[4:])]
    centres = row1 + row2 + row3 + row4
    assert len(centres) == len(rules()["road"])
    return centres


def _circle(x: float, y: float, radius: float, *kinds: str) -> dict[str, Any]:
    return {"shape": "circle", "center": [round(x, 1), round(y, 1)], "radius": radius, "accepts": list(kinds)}


def _rect(x: float, y: float, width: float, height: float, *kinds: str) -> dict[str, Any]:
    return {"shape": "rect", "center": [round(x, 1), round(y, 1)], "size": [width, height], "accepts": list(kinds)}


def _building_spots(slots: dict[str, Any], place: str, x: float, y: float) -> None:
    """A building's workers: the first left of centre, the Journeyman's low right; the owner's house top right."""
    slots[f"{place}.worker"] = _circle(x - 7, y + 2, 8.5, "worker")
    slots[f"{place}.journeyman"] = _circle(x + 11, y + 9, 7.5, "worker")


def board_slots() -> dict[str, Any]:
    slots: dict[str, Any] = {}
    for name, x in zip(rules()["front_buildings"], FRONT_X):
        _building_spots(slots, name, x, ROWS_Y[0])
    for place, x in enumerate(BRIDGE_X, start=1):
        slots[f"bridge.{place}"] = _circle(x, ROWS_Y[0], 7.0, "house")
    road = road_centres()
    for space, (x, y) in enumerate(road, start=1):
        slots[f"road.{space}.tile"] = _rect(x, y, *SQUARE, "tile")
        _building_spots(slots, f"road.{space}", x, y)
        slots[f"road.{space}.owner"] = _circle(x + 12, y - 11, 6.5, "house")
    ends = [(road[0][0] - PITCH / 2, road[0][1]), *[((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                                                    for a, b in zip(road, road[1:])],
            (road[-1][0] - PITCH / 2, road[-1][1])]
    for before, (x, y) in enumerate(ends):
        slots[f"provost.{before}"] = _circle(x, y, PROVOST_R, "provost")
    for space, x in enumerate(WORKSITE_X, start=1):
        slots[f"worksite.{space}.tile"] = _rect(x, ROWS_Y[3], *SQUARE, "tile")
    for place, x in enumerate(WORKSITE_WORKERS, start=1):
        slots[f"worksite.worker.{place}"] = _circle(x, WORKSITE_WORKERS_Y, 9.0, "worker")
    for number in range(1, rules()["rounds"] + 1):
        slots[f"round.{number}"] = _circle(ROUND_X0 + ROUND_PITCH * (number - 1), ROUND_Y, 10.0, "disc")
    for index, character in enumerate(character_ids()):
        row, column = divmod(index, 6)
        slots[f"character.{character}"] = _rect(CHARACTER_X0 + CHARACTER_PITCH * column, CHARACTER_ROWS[row],
                                                CHARACTER_SPOT, CHARACTER_SPOT, "tile")
    return slots


def seat_slots() -> dict[str, Any]:
    """In front of each player, below the supply zone: a spot per character (in the rulebook's order) and the
    first-player tile's, 2 rows of 7."""
    slots: dict[str, Any] = {}
    names = [f"character.{character}" for character in character_ids()] + ["first_player"]
    for seat, (x0, y0) in enumerate(SEAT_ORIGINS):
        for index, name in enumerate(names):
            row, column = divmod(index, 7)
            x = x0 + SEAT_TILE_PITCH * (column + 0.5)
            y = y0 + SEAT_SIZE[1] + 8 + SEAT_TILE_PITCH * (row + 0.5)
            slots[f"seat.{seat}.{name}"] = _rect(x, y, SEAT_TILE, SEAT_TILE, "tile")
    return slots


def stock_slots() -> dict[str, Any]:
    """Beside the board, below it: the wood, stone and landmark tiles not yet built, one row each."""
    slots: dict[str, Any] = {}
    for pile, y in zip(("wood", "stone", "landmark"), STOCK_ROWS_Y):
        for index, tile in enumerate(tiles_of(pile)):
            slots[f"stock.{pile}.{tile.id}"] = _rect(STOCK_X0 + STOCK_PITCH * index, y, STOCK_TILE, STOCK_TILE,
                                                        "tile")
    return slots


def decor() -> dict[str, Any]:
    """Hints for the simulated table's board art: the stream the bridge crosses, the bridge, the worksite's castle,
    panels behind the character area and the round track, and the road from the City Gate through the printed
    buildings."""
    return {
        "stream": [[270, 400], [266, 372], [252, 336], [150, 335], [0, 333]],
        "bridge": [228, 352, 82, 26],
        "castle": [40, 18, 190, 100],
        "favour_panel": [260, 50, 236, 92],
        "castle_track": [248, 10, 244, 28],
        "road_start": [[6, 380], *[[x, ROWS_Y[0]] for x in FRONT_X], [268, ROWS_Y[0]]],
    }


def board_layout() -> dict[str, Any]:
    return {
        "format": "companion-layout/1",
        "name": "caylus1303",
        "title": "Caylus 1303 (Space Cowboys, 2019) board, drawn from the rulebook",
        "game": "caylus1303",
        "units": "mm",
        "board": {"size": list(BOARD)},
        "source": ("Not measured: laid out from the rulebook's description (seed 000_6577b6aede798b20) at "
                   "plausible sizes, by companion/games/caylus1303/board_geometry.py; see docs/caylus1303-table.md."),
        "notes": ("Guessed: the board's size (520 x 400 mm), the road's course (4 rows: the City Gate, the 4 "
                  "printed buildings, the Guilds Bridge and spaces 1-3; 8 back; 8 on; 4 to the worksite), the "
                  "44 x 41 mm spaces, the provost's spots in the 14 mm between spaces, the round track and the "
                  "character area along the top edge, a spot per character on the board and in front of each "
                  "player, the stock rows below the board. Correct a constant in board_geometry.py and run it "
                  "again."),
        "markers": {"dictionary": "DICT_4X4_50",
                    "items": [{"id": i, "center": [float(x), float(y)], "size": MARKER_SIZE}
                              for i, (x, y) in enumerate(MARKERS)]},
        "slots": {**board_slots(), **seat_slots(), **stock_slots()},
        "supplies": [{"seat": seat, "origin": list(origin), "size": list(SEAT_SIZE)}
                     for seat, origin in enumerate(SEAT_ORIGINS)],
        "decor": decor(),
    }


def main() -> None:
    LAYOUT_PATH.write_text(json.dumps(board_layout(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {LAYOUT_PATH}")


if __name__ == "__main__":
    main()
