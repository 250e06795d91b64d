"""Where each piece of a table view physically sits: slot centre plus a little human sloppiness.

A piece's offset and turn depend only on (episode seed, slot, index in slot), so a piece does not
jump between frames when something else on the table changes. Stacked discs (several players on
one favour or score space) pile up. Supplies lie in the seat's zone: workers and houses in rows, cubes
either in tidy rows or, as most players leave them, in one heap per type where cubes touch and pile, coins in two
stacks. Each group draws from its own random stream, so a worker coming home moves no cube or coin, as at a real
table.
"""

from __future__ import annotations

import json
import math
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion.games.table_view import Piece, TableView

from ..layout import Layout, SupplyZone
from .pieces import DIMENSIONS

STYLES = json.loads(Path(__file__).with_name("styles.json").read_text(encoding="utf-8"))
TILE_THICKNESS = 2.0
CUBE_TYPES = ("food", "wood", "stone", "cloth", "gold")


@dataclass
class Placed:
    """One physical piece at a table position. ``slot`` is a layout slot or ``supply.SEAT``."""

    slot: str
    piece: Piece
    kind3d: str          # the solid drawn (``coin1``, ``coin5`` for deniers, else the piece kind)
    x: float
    y: float
    z: float             # height of its base above the board (stacking, standing on a tile)
    angle: float         # degrees


def _rng(seed: int, key: str) -> np.random.Generator:
    return np.random.default_rng([seed, zlib.crc32(key.encode())])


def _radius(kind3d: str) -> float:
    shape, size, _ = DIMENSIONS.get(kind3d, ("box", 20.0, 2.0))
    return size * (1.42 if shape != "cylinder" else 1.0)


def place_slot(layout: Layout, slot: str, pieces: tuple[Piece, ...], seed: int, jitter_mm: float,
               tiled: bool) -> list[Placed]:
    region = layout.region(slot)
    rng = _rng(seed, slot)
    out: list[Placed] = []
    cx, cy = region.center
    if all(p.kind == "disc" for p in pieces) and len(pieces) > 1:
        # several discs on one space: a slightly untidy stack
        dx, dy = rng.uniform(-1, 1, 2) * min(jitter_mm, max(0.0, region.inner_radius - 8))
        for k, piece in enumerate(pieces):
            wob = rng.uniform(-0.6, 0.6, 2)
            out.append(Placed(slot, piece, "disc", cx + dx + wob[0], cy + dy + wob[1], k * DIMENSIONS["disc"][2], 0.0))
        return out
    n = len(pieces)
    for k, piece in enumerate(pieces):
        kind3d = piece.kind
        if n > 1:   # mixed pieces share the space round its centre
            a = 2 * math.pi * k / n
            ring = max(0.0, region.inner_radius - _radius(kind3d))
            px, py = cx + ring * math.cos(a), cy + ring * math.sin(a)
        else:
            px, py = cx, cy
        room = max(0.0, region.inner_radius - _radius(kind3d) - 0.5) if piece.kind != "tile" else 1.0
        off = rng.uniform(-1, 1, 2) * min(jitter_mm, room)
        angle = float(rng.uniform(-4, 4)) if piece.kind == "tile" else float(rng.uniform(0, 90))
        z = TILE_THICKNESS if tiled and piece.kind != "tile" else 0.0
        out.append(Placed(slot, piece, kind3d, px + off[0], py + off[1], z, angle))
    return out


def place_supply(zone: SupplyZone, colour: str, counts: dict[str, int], seed: int,
                 heaped: bool = False) -> list[Placed]:
    """Lay out one seat's supply: workers in a row, houses in rows, cubes by type (in rows, or ``heaped``),
    coins in two stacks."""
    x0, y0 = zone.origin
    w, h = zone.size
    slot = f"supply.{zone.seat}"
    out: list[Placed] = []

    def grid(kind: str, piece: Piece, count: int, left: float, top: float, cols: int, pitch: float,
             rows: int, layer_h: float) -> None:
        rng = _rng(seed, f"{slot}.{kind}.{piece.colour}")     # its own stream: another group's count moves none
        for k in range(count):
            layer, r = divmod(k, cols * rows)
            row, col = divmod(r, cols)
            j = rng.uniform(-1, 1, 2)
            out.append(Placed(slot, piece, kind, left + col * pitch + j[0], top + row * pitch + j[1], layer * layer_h,
                              float(rng.uniform(0, 90))))

    grid("worker", Piece("worker", colour), counts.get("worker", 0), x0 + 10, y0 + 10, 9, 15.5, 1, 15.0)
    grid("house", Piece("house", colour), counts.get("house", 0), x0 + 9, y0 + 30, 10, 13.3, 3, 13.0)
    for t, cube in enumerate(CUBE_TYPES):
        if heaped:
            out += heap(slot, Piece("cube", cube), counts.get(cube, 0), (x0 + 16.5 + t * 29.5, y0 + 86),
                        _rng(seed, f"{slot}.{cube}.heap"))
        else:
            grid("cube", Piece("cube", cube), counts.get(cube, 0), x0 + 7 + t * 29.5, y0 + 76, 3, 9.5, 3, 8.0)
    fives, ones = divmod(counts.get("denier", 0), 5)
    stacks = _rng(seed, f"{slot}.denier")     # a fixed place per stack: paying a coin nudges no other
    dx5, dy1 = stacks.uniform(-0.8, 0.8, 2)
    for k in range(fives):
        out.append(Placed(slot, Piece("disc", "denier", "5"), "coin5", x0 + 28 + dx5, y0 + h - 28, k * 1.6, 0.0))
    for k in range(ones):
        out.append(Placed(slot, Piece("disc", "denier", "1"), "coin1", x0 + 62 + (k % 2) * 21, y0 + h - 28 + dy1,
                          (k // 2) * 1.6, 0.0))
    return out


HEAP_SPACING = 9.0        # mm between the centres of two 8 mm cubes side by side: from touching to a 1 mm gap
HEAP_TRIES = 12           # places tried on the ground before a cube goes on top of the heap
HEAP_SUPPORT = 4.5        # mm: a cube on top rests on one below at most this far off its centre


def heap(slot: str, piece: Piece, count: int, centre: tuple[float, float], rng: np.random.Generator) -> list[Placed]:
    """``count`` cubes dropped one by one round ``centre``: each lands where the ground is free, else on top of
    the heap (resting on a cube below). Cube k's throws are ``rng``'s k-th draws, so a cube more or less moves
    no other cube."""
    size = DIMENSIONS["cube"][2]
    throws = rng.uniform(0, 1, (count, HEAP_TRIES + 1, 2))
    cubes: list[Placed] = []
    for k in range(count):
        reach = min(14.0, 6.0 + 3.5 * math.sqrt(k))
        spots = [(centre[0] + reach * math.sqrt(u) * math.cos(2 * math.pi * v),
                  centre[1] + reach * math.sqrt(u) * math.sin(2 * math.pi * v)) for u, v in throws[k][:HEAP_TRIES]]
        angle = float(90 * throws[k][HEAP_TRIES][0])
        level = 0
        while True:
            z = level * size
            below = [(c.x, c.y) for c in cubes if c.z == z - size]
            if level and not below:
                break
            here = [(c.x, c.y) for c in cubes if c.z == z]
            free = [s for s in spots if all(math.dist(s, c) >= HEAP_SPACING for c in here)
                    and (not level or any(math.dist(s, b) <= HEAP_SUPPORT for b in below))]
            if not free and level:     # no throw lands on a cube: set it on the one below nearest the first throw
                base = min(below, key=lambda b: math.dist(b, spots[0]))
                nudge = throws[k][HEAP_TRIES]
                free = [(base[0] + 2 * nudge[0] - 1, base[1] + 2 * nudge[1] - 1)]
                if any(math.dist(free[0], c) < HEAP_SPACING for c in here):
                    free = []
            if free:
                cubes.append(Placed(slot, piece, "cube", free[0][0], free[0][1], z, angle))
                break
            level += 1
    return cubes


def place_view(layout: Layout, view: TableView, seed: int, jitter_mm: float,
               heaped_supplies: bool = False) -> list[Placed]:
    """Every piece of the view at its table position (slots the layout lacks raise ``KeyError``)."""
    placed: list[Placed] = []
    for slot, pieces in view.occupied():
        road_tile = slot.rsplit(".", 1)[0] + ".tile"
        tiled = slot.startswith("road.") and bool(view.pieces(road_tile)) and not slot.endswith(".tile")
        placed += place_slot(layout, slot, pieces, seed, jitter_mm, tiled)
    for name, values in view.tracks.items():
        if name != "score":
            continue
        by_space: dict[str, list[Piece]] = {}
        for colour in view.players:
            if colour in values:
                by_space.setdefault(layout.score_slot(values[colour]), []).append(Piece("disc", colour))
        for slot, pieces in sorted(by_space.items()):
            placed += place_slot(layout, slot, tuple(pieces), seed, jitter_mm, False)
    for seat, colour in enumerate(view.players):
        if colour in view.supplies:
            placed += place_supply(layout.supply(seat), colour, view.supplies[colour], seed, heaped_supplies)
    return placed


def piece_colour(piece: Piece, tint: np.ndarray) -> tuple[float, float, float]:
    """BGR of a wooden piece, with the episode's tint (real paint and light never match the catalogue)."""
    if piece.kind in ("provost", "bailiff"):
        base = STYLES["neutral_colours"][piece.kind]
    elif piece.colour == "denier":
        base = STYLES["neutral_colours"]["denier_5" if piece.name == "5" else "denier_1"]
    elif piece.kind == "cube":
        base = STYLES["cube_colours"].get(piece.colour or "", [128, 128, 128])
    else:
        base = STYLES["player_colours"].get(piece.colour or "", [128, 128, 128])
    return tuple(float(v) for v in np.clip(np.array(base) * tint, 0, 255))
