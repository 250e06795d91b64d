"""The Architects of the West Kingdom table layouts, one per player count: ``python -m
companion.games.architects.table_geometry`` writes ``layouts/architects-N.json`` for N = 2..5 (format:
docs/layout-format.md; what is where: docs/architects-table.md) and the card faces' art in ``render.json``.

No board was measured: the main board's size and the places on it are a plausible arrangement of what the rules
name (nine worker locations as counted zones, the Prison, the Black Market's three spaces and two card piles, the
Tax Stand's silver, the Workshop's 2 × 4 apprentice places, the Guildhall's 4 rows, the Cathedral's levels and the
virtue track, whose spaces are counted zones too), not the printed board's. Each player's area lies on the table
before them: the player board (their spare workers, goods, silver and debt cards: the supply zone), their captives
beside it, and one place per building and per apprentice card, overlapping in a fan (a card shows its top-left
corner under the next). Every size is a guess and a constant below: a player with the box corrects one here and
runs the module again.

>>> layout = table_layout(2)
>>> layout["players"], layout["slots"]["quarry.workers"]["pile"], len(layout["supplies"])
([2], True, 2)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.games.layout_markers import markers_around

from .data import apprentice, base_apprentices, base_buildings, building, count_facts, market_kinds, rules

BOARD = (940.0, 620.0)          # main board, mm (guessed)
CARD = (63.0, 88.0)             # every card, mm (guessed: standard card size)
ZONE = (135.0, 105.0)           # a worker location's zone on the board
ZONE_X, ZONE_Y = (90.0, 235.0, 380.0), (70.0, 185.0, 300.0, 415.0)    # zone centres: 3 columns, 4 rows
ZONES = {"quarry.workers": (0, 0), "forest.workers": (1, 0), "mines.workers": (2, 0),     # slot: column, row
         "silversmith.workers": (0, 1), "storehouse.workers": (1, 1), "town_centre.workers": (2, 1),
         "tax_stand.workers": (0, 2), "guardhouse.workers": (1, 2), "workshop.workers": (2, 2),
         "tax_stand.silver": (0, 3), "prison": (1, 3)}
MARKET_PILES = {"small": (490.0, 95.0), "large": (565.0, 95.0)}
MARKET_SPACES_Y, MARKET_SPACES_X, MARKET_SPACE_R = 175.0, (470.0, 527.0, 584.0), 11.0
APPRENTICE_X, APPRENTICE_Y = (680.0, 746.0, 812.0, 878.0), (75.0, 171.0)   # the Workshop's row, card centres
ROW_SILVER_R, ROW_SILVER_DY = 14.0, 24.0          # the coins laid on an apprentice, on its lower half
CATHEDRAL_Y, CATHEDRAL_X0, CATHEDRAL_PITCH, CATHEDRAL_R = 285.0, 500.0, 78.0, 20.0   # levels 0 (below) .. 5
GUILDHALL_X0, GUILDHALL_Y0, GUILDHALL_PITCH, GUILDHALL_R = 560.0, 380.0, 38.0, 10.0
BESIDE = (830.0, 437.0, 120.0, 150.0)             # the workers laid beside the full Guildhall: centre, size
VIRTUE_Y, VIRTUE_X0, VIRTUE_PITCH, VIRTUE_R = 575.0, 40.0, 40.0, 19.0

AREA = (470.0, 320.0)           # a seat's area, mm, as its player sees it (x right, y towards the player)
SUPPLY = (0.0, 0.0, 240.0, 240.0)           # the player board: spare workers, goods, silver, debts (left, top, w, h)
CAPTURED = (120.0, 285.0, 240.0, 66.0)      # captives beside the player board: centre, size
FAN_X0, FAN_PITCH = 255.0 + CARD[0] / 2, (14.5, 22.0)   # card places: 10 columns, 4 rows, overlapping
FAN_COLUMNS = 10
BUILDINGS_Y0, APPRENTICES_Y0 = CARD[1] / 2, 166.0 + CARD[1] / 2
GAP, EDGE = 40.0, 30.0          # between seat areas; between the board and the seats' rows
MARKER_SIZE, MARKER_OUT = 40.0, 40.0
SIDES = {2: "BT", 3: "BBT", 4: "BBTT", 5: "BBBTT"}   # clockwise: the bottom row right to left, then the top
TURN = {"B": 0.0, "T": 180.0}

LAYOUT_DIR = Path(__file__).with_name("layouts")
RENDER_PATH = Path(__file__).with_name("render.json")


def _rect(x: float, y: float, w: float, h: float, angle: float, *kinds: str, pile: bool = False) -> dict[str, Any]:
    region: dict[str, Any] = {"shape": "rect", "center": [round(x, 1), round(y, 1)], "size": [w, h],
                              "accepts": list(kinds)}
    if angle % 360:
        region["angle"] = angle % 360
    if pile:
        region["pile"] = True
    return region


def _circle(x: float, y: float, r: float, *kinds: str, pile: bool = False) -> dict[str, Any]:
    region: dict[str, Any] = {"shape": "circle", "center": [round(x, 1), round(y, 1)], "radius": r,
                              "accepts": list(kinds)}
    if pile:
        region["pile"] = True
    return region


def board_slots(players: int) -> dict[str, Any]:
    """The main board's places; the Guildhall's spaces are numbered in fill order for ``players``."""
    slots: dict[str, Any] = {}
    for name, (column, row) in ZONES.items():
        kind = "coin" if name.endswith(".silver") else "worker"
        slots[name] = _rect(ZONE_X[column], ZONE_Y[row], *ZONE, 0.0, kind, pile=True)
    for pile, (x, y) in MARKET_PILES.items():
        slots[f"black_market.{pile}"] = _rect(x, y, *CARD, 0.0, "tile")
    for space, x in zip(rules()["black_market"]["spaces"], MARKET_SPACES_X):
        slots[f"black_market.{space}.worker"] = _circle(x, MARKET_SPACES_Y, MARKET_SPACE_R, "worker")
    for row, y in enumerate(APPRENTICE_Y, start=1):
        for column, x in enumerate(APPRENTICE_X, start=1):
            slots[f"workshop.{row}.{column}"] = _rect(x, y, *CARD, 0.0, "tile")
            slots[f"workshop.{row}.{column}.silver"] = _circle(x, y + ROW_SILVER_DY, ROW_SILVER_R, "coin", pile=True)
    for level in range(len(rules()["cathedral"]["levels"]) + 1):
        slots[f"cathedral.{level}"] = _circle(CATHEDRAL_X0 + CATHEDRAL_PITCH * level, CATHEDRAL_Y, CATHEDRAL_R,
                                              "marker", pile=True)
    facts = count_facts(players)
    for index in range(facts["guildhall_columns"] * facts["guildhall_rows"]):
        row, column = divmod(index, facts["guildhall_columns"])
        slots[f"guildhall.{index + 1}"] = _circle(GUILDHALL_X0 + GUILDHALL_PITCH * column,
                                                  GUILDHALL_Y0 + GUILDHALL_PITCH * row, GUILDHALL_R, "worker")
    slots["guildhall.beside"] = _rect(*BESIDE, 0.0, "worker", pile=True)
    virtue = rules()["virtue"]
    for value in range(virtue["min"], virtue["max"] + 1):
        slots[f"virtue.{value}"] = _circle(VIRTUE_X0 + VIRTUE_PITCH * value, VIRTUE_Y, VIRTUE_R, "marker", pile=True)
    return slots


def seat_centres(players: int) -> list[tuple[float, float, float]]:
    """Each seat area's centre and turn (x, y, degrees), clockwise round the board."""
    sides = SIDES[players]
    out: list[tuple[float, float, float]] = []
    seen = {"B": 0, "T": 0}
    for side in sides:
        count = sides.count(side)
        span = count * AREA[0] + (count - 1) * GAP
        k = seen[side]
        seen[side] += 1
        if side == "B":
            x = BOARD[0] / 2 + span / 2 - AREA[0] / 2 - k * (AREA[0] + GAP)
            y = BOARD[1] + EDGE + AREA[1] / 2
        else:
            x = BOARD[0] / 2 - span / 2 + AREA[0] / 2 + k * (AREA[0] + GAP)
            y = -EDGE - AREA[1] / 2
        out.append((x, y, TURN[side]))
    return out


def _to_table(seat: tuple[float, float, float], local: tuple[float, float]) -> tuple[float, float]:
    cx, cy, turn = seat
    dx, dy = local[0] - AREA[0] / 2, local[1] - AREA[1] / 2
    if turn:
        dx, dy = -dx, -dy
    return cx + dx, cy + dy


def fan_place(index: int, y0: float) -> tuple[float, float]:
    """The local centre of card place ``index`` (0-based) of a seat's fan starting at ``y0``."""
    row, column = divmod(index, FAN_COLUMNS)
    return FAN_X0 + FAN_PITCH[0] * column, y0 + FAN_PITCH[1] * row


def seat_slots(seat: int, where: tuple[float, float, float]) -> dict[str, Any]:
    turn = where[2]
    slots = {f"seat.{seat}.captured": _rect(*_to_table(where, CAPTURED[:2]), *CAPTURED[2:], turn, "worker",
                                            pile=True)}
    for prefix, cards, y0 in (("building", base_buildings(), BUILDINGS_Y0),
                              ("apprentice", base_apprentices(), APPRENTICES_Y0)):
        for index, card in enumerate(cards):
            slots[f"seat.{seat}.{prefix}.{card}"] = _rect(*_to_table(where, fan_place(index, y0)), *CARD, turn,
                                                          "tile")
    return slots


def supply_zone(seat: int, where: tuple[float, float, float]) -> dict[str, Any]:
    left, top, w, h = SUPPLY
    a, b = _to_table(where, (left, top)), _to_table(where, (left + w, top + h))
    return {"seat": seat, "origin": [round(min(a[0], b[0]), 1), round(min(a[1], b[1]), 1)], "size": [w, h]}


def markers(slots: dict[str, Any], supplies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """8 markers round the table: the corners and edge middles of everything's bounding box, MARKER_OUT outside."""
    points = [s["center"] for s in slots.values()] + [z["origin"] for z in supplies]
    points += [[z["origin"][0] + z["size"][0], z["origin"][1] + z["size"][1]] for z in supplies]
    points += [[0.0, 0.0], list(BOARD)]
    return markers_around(points, margin=max(CARD) / 2 + MARKER_OUT, size=MARKER_SIZE)


def decor(seats: list[tuple[float, float, float]]) -> dict[str, Any]:
    """The board's printed places and titles, and the players' boards as cardboard on the table."""
    panels = []
    for where in seats:
        zone = supply_zone(0, where)
        panels.append([*zone["origin"], *zone["size"]])
    return {"card_places": ["black_market.small", "black_market.large", "workshop."],
            "spaces": ["black_market.", "guildhall.", "cathedral.", "virtue."],
            "labels": {"CATHEDRAL": [CATHEDRAL_X0 + CATHEDRAL_PITCH * 2.5, CATHEDRAL_Y - 34, 9.0],
                       "GUILDHALL": [GUILDHALL_X0 + GUILDHALL_PITCH * 2.5, GUILDHALL_Y0 - 22, 8.0],
                       "BLACK MARKET": [527.0, 36.0, 8.0], "VIRTUE": [VIRTUE_X0 + VIRTUE_PITCH * 15.5, VIRTUE_Y, 7.0]},
            "table_panels": panels}


def table_layout(players: int) -> dict[str, Any]:
    seats = seat_centres(players)
    slots = board_slots(players)
    supplies = []
    for seat, where in enumerate(seats):
        slots.update(seat_slots(seat, where))
        supplies.append(supply_zone(seat, where))
    return {
        "format": "companion-layout/1",
        "name": f"architects-{players}",
        "title": f"Architects of the West Kingdom, {players} players",
        "game": "architects",
        "players": [players],
        "units": "mm",
        "board": {"size": list(BOARD)},
        "source": ("Not measured: board, card and player-board sizes guessed and the places arranged by "
                   "companion/games/architects/table_geometry.py; see docs/architects-table.md."),
        "markers": {"dictionary": "DICT_4X4_50", "items": markers(slots, supplies)},
        "slots": slots,
        "supplies": supplies,
        "decor": decor(seats),
    }


def card_art() -> dict[str, dict[str, Any]]:
    """Each card face's own art: a building's band by the skill it needs and its points as pips, an apprentice's
    band by its first skill and its virtue as pips, a Black Market face by its side, a debt by its side."""
    art: dict[str, dict[str, Any]] = {}
    for card in map(building, base_buildings()):
        skill = card.skills[0] if card.skills else "none"
        art[f"building:{card.id}"] = {"family": f"building_{skill}", "pips": card.vp % 10,
                                      "glyph": f"building {card.name} {card.id}"}
    for card in map(apprentice, base_apprentices()):
        skill = card.skills[0] if card.skills else "none"
        art[f"apprentice:{card.id}"] = {"family": f"apprentice_{skill}", "pips": max(0, card.virtue),
                                        "glyph": f"apprentice {card.name} {card.id}"}
    for kind in market_kinds():
        for side in ("small", "large"):
            art[f"market:{kind}@{side}"] = {"family": f"market_{side}", "pips": kind, "glyph": f"market {kind} {side}"}
    for side in ("unpaid", "paid"):
        art[f"debt:{side}"] = {"family": f"debt_{side}", "pips": 0, "glyph": f"debt {side}"}
    return art


def main() -> None:
    LAYOUT_DIR.mkdir(exist_ok=True)
    for players in sorted(SIDES):
        path = LAYOUT_DIR / f"architects-{players}.json"
        path.write_text(json.dumps(table_layout(players), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    render = json.loads(RENDER_PATH.read_text(encoding="utf-8"))
    render["card_art"] = card_art()
    RENDER_PATH.write_text(json.dumps(render, indent=1) + "\n", encoding="utf-8")
    print(f"wrote the card art in {RENDER_PATH}")


if __name__ == "__main__":
    main()
