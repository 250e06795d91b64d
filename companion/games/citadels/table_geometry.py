"""The Citadels table layouts, one per player count: ``python -m companion.games.citadels.table_geometry`` writes
``layouts/citadels-N.json`` for N = 2..7 (format: docs/layout-format.md; what is where: docs/citadels-table.md).

There is no board: the layout's ``board`` is the middle of the table (``"printed": false``), where the district
deck, the discard and the characters put aside lie. Each seat has an area facing its player: a city row of 8
district places that overlap (a card shows its left part under the next one), the character cards, the crown and
the gold pile. Every size is a guess (no box measured) and a constant below.

>>> layout = table_layout(2)
>>> layout["players"], layout["slots"]["seat.0.city.0"]["size"], len(layout["supplies"])
([2], [60.0, 90.0], 2)
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from companion.games.layout_markers import markers_around

CARD = (60.0, 90.0)            # a card, mm (guessed)
CITY_PLACES = 8                # a city is complete at 7 (8 in the classic variant)
CITY_PITCH = 40.0              # centre to centre of two districts in a row: cards overlap by 20 mm
AREA = (420.0, 210.0)          # a seat's area, mm, as its player sees it (x right, y towards the player)
CITY_Y = 55.0                  # the city row's centre line, far side of the area
CITY_X0 = 40.0
CHARACTER_X, CHARACTER_Y = (40.0, 108.0), 155.0      # up to 2 characters per seat (2 and 3 players)
CROWN = (178.0, 155.0, 18.0)   # centre x, y and radius of the crown's place
GOLD = (220.0, 115.0, 150.0, 85.0)   # the gold pile zone: left, top, width, height
GAP = 30.0                     # between seat areas and the middle
MIDDLE_H = 120.0
DECK_X, DISCARD_X = 45.0, 115.0      # in the middle, from its left edge
ASIDE_X0, ASIDE_PITCH = 200.0, 70.0  # the characters put aside: face down first, then face up
ASIDE = ("facedown",) * 4 + ("faceup",) * 2   # 4 face down with 2 players (each puts one aside), 2 up with 4
MARKER_SIZE, MARKER_OUT = 40.0, 40.0

# which side of the table each seat sits at, clockwise from the crown's first holder (bottom, left, top, right)
SIDES = {2: "BT", 3: "BBT", 4: "BBTT", 5: "BBLTT", 6: "BBLTTR", 7: "BBBLTTT"}
TURN = {"B": 0.0, "L": 90.0, "T": 180.0, "R": 270.0}    # degrees, clockwise: the area's "towards the player"

LAYOUT_DIR = Path(__file__).with_name("layouts")


def _rotate(point: tuple[float, float], degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    x, y = point
    return x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)


def seat_centres(players: int) -> tuple[list[tuple[float, float, float]], tuple[float, float]]:
    """Each seat area's centre and turn (x, y, degrees), and the middle's size, for ``players`` seats."""
    sides = SIDES[players]
    bottom, top = sides.count("B"), sides.count("T")
    row = max(bottom, top) * AREA[0] + (max(bottom, top) - 1) * GAP
    width = max(row, ASIDE_X0 + ASIDE_PITCH * len(ASIDE))
    seats: list[tuple[float, float, float]] = []
    seen = {"B": 0, "T": 0}
    for side in sides:
        if side in "BT":
            count = bottom if side == "B" else top
            span = count * AREA[0] + (count - 1) * GAP
            k = seen[side]
            seen[side] += 1
            if side == "B":     # clockwise seen from above: the bottom row runs right to left
                x = width / 2 + span / 2 - AREA[0] / 2 - k * (AREA[0] + GAP)
                y = MIDDLE_H + GAP + AREA[1] / 2
            else:
                x = width / 2 - span / 2 + AREA[0] / 2 + k * (AREA[0] + GAP)
                y = -GAP - AREA[1] / 2
        else:
            x = -GAP - AREA[1] / 2 if side == "L" else width + GAP + AREA[1] / 2
            y = MIDDLE_H / 2
        seats.append((x, y, TURN[side]))
    return seats, (width, MIDDLE_H)


def _to_table(seat: tuple[float, float, float], local: tuple[float, float]) -> list[float]:
    cx, cy, turn = seat
    dx, dy = _rotate((local[0] - AREA[0] / 2, local[1] - AREA[1] / 2), turn)
    return [round(cx + dx, 1), round(cy + dy, 1)]


def _card(center: list[float], turn: float, kind: str) -> dict[str, Any]:
    return {"shape": "rect", "center": center, "size": list(CARD), "angle": turn % 360, "accepts": [kind]}


def seat_slots(seat: int, where: tuple[float, float, float]) -> dict[str, Any]:
    turn = where[2]
    slots = {f"seat.{seat}.city.{i}": _card(_to_table(where, (CITY_X0 + CITY_PITCH * i, CITY_Y)), turn, "district")
             for i in range(CITY_PLACES)}
    for k, x in enumerate(CHARACTER_X):
        slots[f"seat.{seat}.character.{k}"] = _card(_to_table(where, (x, CHARACTER_Y)), turn, "character")
    slots[f"seat.{seat}.crown"] = {"shape": "circle", "center": _to_table(where, CROWN[:2]), "radius": CROWN[2],
                                   "accepts": ["crown"]}
    return slots


def gold_zone(seat: int, where: tuple[float, float, float]) -> dict[str, Any]:
    """The gold pile's zone: the table rectangle round the seat's (turned) gold area."""
    left, top, w, h = GOLD
    corners = [_to_table(where, p) for p in ((left, top), (left + w, top), (left, top + h), (left + w, top + h))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return {"seat": seat, "origin": [min(xs), min(ys)], "size": [round(max(xs) - min(xs), 1),
                                                                 round(max(ys) - min(ys), 1)]}


def middle_slots() -> dict[str, Any]:
    slots = {"deck": _card([DECK_X, MIDDLE_H / 2], 0.0, "district"),
             "discard": _card([DISCARD_X, MIDDLE_H / 2], 0.0, "district")}
    counts = {"facedown": 0, "faceup": 0}
    for k, kind in enumerate(ASIDE):
        slots[f"characters.{kind}.{counts[kind]}"] = _card([ASIDE_X0 + ASIDE_PITCH * k, MIDDLE_H / 2], 0.0,
                                                            "character")
        counts[kind] += 1
    return slots


def markers(slots: dict[str, Any], supplies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """8 markers round the table: the corners and edge middles of the seats' bounding box, MARKER_OUT outside."""
    points = [s["center"] for s in slots.values()] + [z["origin"] for z in supplies]
    return markers_around(points, margin=max(CARD) / 2 + MARKER_OUT, size=MARKER_SIZE)


def table_layout(players: int) -> dict[str, Any]:
    seats, middle = seat_centres(players)
    slots = middle_slots()
    supplies = []
    for seat, where in enumerate(seats):
        slots.update(seat_slots(seat, where))
        supplies.append(gold_zone(seat, where))
    return {
        "format": "companion-layout/1",
        "name": f"citadels-{players}",
        "title": f"Citadels table for {players} players (no board)",
        "game": "citadels",
        "players": [players],
        "units": "mm",
        "board": {"size": [round(middle[0], 1), middle[1]], "printed": False},
        "source": ("Not measured: card and table sizes guessed, laid out by companion/games/citadels/table_geometry.py; "
                   "see docs/citadels-table.md."),
        "markers": {"dictionary": "DICT_4X4_50", "items": markers(slots, supplies)},
        "slots": slots,
        "supplies": supplies,
        "decor": {},
    }


def main() -> None:
    LAYOUT_DIR.mkdir(exist_ok=True)
    for players in sorted(SIDES):
        path = LAYOUT_DIR / f"citadels-{players}.json"
        path.write_text(json.dumps(table_layout(players), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
