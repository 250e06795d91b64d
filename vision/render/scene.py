"""Where each piece of a table view physically sits: slot centre plus a little human sloppiness.

A piece's offset and turn depend only on (episode seed, slot, index in slot), so a piece does not
jump between frames when something else on the table changes. Stacked discs (several players on
one track space) pile up. Supplies lie in the seat's zone as the game's drawing lays them out
(:mod:`vision.render.drawing`): spare pieces in rows, goods either in tidy rows or, as most players leave them, in one
heap per good where pieces touch and pile, coins in stacks by value. Each group draws from its own random stream,
so a piece coming home moves no good or coin, as at a real table.
"""

from __future__ import annotations

import json
import math
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import cv2
import numpy as np

from companion.games.table_view import Piece, TableView

from ..layout import Layout, Region, SupplyZone, layout_pack
from .drawing import COIN, Drawing, default_drawing, drawing_of

STYLES = json.loads(Path(__file__).with_name("styles.json").read_text(encoding="utf-8"))
TILE_THICKNESS = 2.0
GREY = (128, 128, 128)


@dataclass
class Placed:
    """One physical piece at a table position. ``slot`` is a layout slot or ``supply.SEAT``."""

    slot: str
    piece: Piece
    kind3d: str          # the solid drawn (``coin<value>`` for a coin, else the piece kind)
    x: float
    y: float
    z: float             # height of its base above the board (stacking, standing on a tile)
    angle: float         # degrees


def _rng(seed: int, key: str) -> np.random.Generator:
    return np.random.default_rng([seed, zlib.crc32(key.encode())])


def _radius(kind3d: str, drawing: Drawing) -> float:
    shape, size, _ = drawing.solids.get(kind3d, ("box", 20.0, 2.0))
    return size * (1.42 if shape != "cylinder" else 1.0)


def place_slot(layout: Layout, slot: str, pieces: tuple[Piece, ...], seed: int, jitter_mm: float,
               tiled: bool, drawing: Drawing | None = None) -> list[Placed]:
    drawing = drawing or default_drawing()
    stack, tile = drawing.terms.stack, drawing.terms.tile
    region = layout.region(slot)
    rng = _rng(seed, slot)
    out: list[Placed] = []
    cx, cy = region.center
    if region.pile:
        return place_pile(region, slot, pieces, seed, drawing)
    if all(p.kind == stack for p in pieces) and len(pieces) > 1:
        # several discs on one space: a slightly untidy stack
        dx, dy = rng.uniform(-1, 1, 2) * min(jitter_mm, max(0.0, region.inner_radius - 8))
        for k, piece in enumerate(pieces):
            wob = rng.uniform(-0.6, 0.6, 2)
            out.append(Placed(slot, piece, stack, cx + dx + wob[0], cy + dy + wob[1], k * drawing.solids[stack][2], 0.0))
        return out
    n = len(pieces)
    for k, piece in enumerate(pieces):
        kind3d = piece.kind
        if n > 1:   # mixed pieces share the space round its centre
            a = 2 * math.pi * k / n
            ring = max(0.0, region.inner_radius - _radius(kind3d, drawing))
            px, py = cx + ring * math.cos(a), cy + ring * math.sin(a)
        else:
            px, py = cx, cy
        card = piece.kind in drawing.cards     # a flat card lies turned as its place, a little askew
        room = (max(0.0, region.inner_radius - _radius(kind3d, drawing) - 0.5) if piece.kind != tile and not card
                else 2.0 if card else 1.0)
        off = rng.uniform(-1, 1, 2) * min(jitter_mm, room)
        angle = float(rng.uniform(-4, 4)) if piece.kind == tile or card else float(rng.uniform(0, 90))
        if card:
            angle += region.angle
        z = TILE_THICKNESS if tiled and piece.kind != tile else 0.0
        out.append(Placed(slot, piece, kind3d, px + off[0], py + off[1], z, angle))
    return out


PILE_GAP = 0.5            # mm between two pieces side by side in a pile
PILE_THROWS = 16          # random places tried before a piece takes the nearest free place of the packed grid


def place_pile(region: Region, slot: str, pieces: tuple[Piece, ...], seed: int,
               drawing: Drawing) -> list[Placed]:
    """The pieces of a counted zone (``region.pile``) side by side inside it, as a hand drops them.

    Each piece is thrown where it lands free and wholly inside the region (a piece's throws depend only on
    (seed, slot, its kind and colour, its rank among those)); when no throw lands free it takes the free place of a
    packed hexagonal grid nearest its first throw, and when the zone's ground is full it stands on the piece nearest
    that throw. Pieces never overlap on one level."""
    outline = region.polygon(segments=32).astype(np.float32)
    x0, y0 = outline.min(axis=0)
    x1, y1 = outline.max(axis=0)
    grid_rng = _rng(seed, f"{slot}.grid")
    ranks: dict[tuple[str, str | None], int] = {}
    out: list[Placed] = []
    for piece in pieces:
        kind3d = COIN + "1" if piece.kind == COIN and COIN + "1" in drawing.solids else piece.kind
        radius = _radius(kind3d, drawing)
        key = (piece.kind, piece.colour)
        rank = ranks[key] = ranks.get(key, -1) + 1
        rng = _rng(seed, f"{slot}.{piece.kind}.{piece.colour}.{rank}")
        throws = np.column_stack([rng.uniform(x0, x1, PILE_THROWS), rng.uniform(y0, y1, PILE_THROWS)])
        angle = float(rng.uniform(0, 90))
        ground = [p for p in out if p.z == 0.0]

        def free(x: float, y: float) -> bool:
            inside = cv2.pointPolygonTest(outline, (float(x), float(y)), True) >= radius
            return inside and all(math.hypot(x - p.x, y - p.y) >= radius + _radius(p.kind3d, drawing) + PILE_GAP
                                  for p in ground)

        spot = next(((float(x), float(y)) for x, y in throws if free(x, y)), None)
        if spot is None:
            spot = _nearest_free_grid(outline, radius, throws[0], free, grid_rng.uniform(0, 1, 2))
        if spot is None and not ground:     # a zone smaller than the piece: it lies at the centre
            spot = region.center
        if spot is None:        # the ground is full: on top of the piece nearest the first throw
            base = min(out, key=lambda p: math.hypot(p.x - throws[0][0], p.y - throws[0][1]))
            top = max(p.z + drawing.solids[p.kind3d][2] for p in out
                      if math.hypot(p.x - base.x, p.y - base.y) < 1.0)
            out.append(Placed(slot, piece, kind3d, base.x, base.y, top, angle))
            continue
        out.append(Placed(slot, piece, kind3d, spot[0], spot[1], 0.0, angle))
    return out


def _nearest_free_grid(outline: np.ndarray, radius: float, target: np.ndarray, free: Callable[[float, float], bool],
                       phase: np.ndarray) -> tuple[float, float] | None:
    """The free place of a packed hexagonal grid (pitch one piece plus a gap) nearest ``target``, or None."""
    pitch = 2 * radius + PILE_GAP + 0.2
    x0, y0 = outline.min(axis=0)
    x1, y1 = outline.max(axis=0)
    cx, cy = outline.mean(axis=0)
    spots = [(float(cx), float(cy))]
    for row, y in enumerate(np.arange(y0 + radius + phase[1] * 0.5, y1, pitch * math.sqrt(3) / 2)):
        for x in np.arange(x0 + radius + phase[0] * 0.5 + (pitch / 2 if row % 2 else 0.0), x1, pitch):
            spots.append((float(x), float(y)))
    spots.sort(key=lambda p: math.hypot(p[0] - target[0], p[1] - target[1]))
    return next((p for p in spots if free(*p)), None)


def _coins_by_value(amount: int, values: list[int]) -> dict[int, int]:
    """``amount`` in as few coins as the ``values`` allow (largest first)."""
    counts = {}
    for value in sorted(values, reverse=True):
        counts[value], amount = divmod(amount, value)
    return counts


def place_supply(zone: SupplyZone, colour: str, counts: dict[str, int], seed: int,
                 heaped: bool = False, drawing: Drawing | None = None) -> list[Placed]:
    """Lay out one seat's supply as the game's drawing says: spare pieces in rows, goods by good (in rows, or
    ``heaped``), coins in stacks by value."""
    drawing = drawing or default_drawing()
    terms, layout_of = drawing.terms, drawing.supply
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

    for spare in layout_of.get("rows", ()):
        kind, (left, top) = spare["kind"], spare["at"]
        grid(kind, Piece(kind, colour), counts.get(kind, 0), x0 + left, y0 + top, spare["columns"], spare["pitch"],
             spare["rows"], spare["layer_mm"])
    goods, piece_kind = layout_of.get("goods"), terms.goods_piece
    for t, good in enumerate(terms.goods if goods and piece_kind else ()):
        if heaped:
            out += heap(slot, Piece(piece_kind, good), counts.get(good, 0),
                        (x0 + goods["heap_at"][0] + t * goods["step"], y0 + goods["heap_at"][1]),
                        _rng(seed, f"{slot}.{good}.heap"), drawing.solids[piece_kind][2])
        else:
            grid(piece_kind, Piece(piece_kind, good), counts.get(good, 0), x0 + goods["at"][0] + t * goods["step"],
                 y0 + goods["at"][1], goods["columns"], goods["pitch"], goods["rows"], goods["layer_mm"])
    for fan in layout_of.get("cards", ()):     # cards counted in the supply (debts), fanned: each shows its edge
        rng = _rng(seed, f"{slot}.cards.{fan['name']}")
        (left, top), (dx, dy) = fan["at"], fan["step"]
        for k in range(counts.get(fan["count"], 0)):
            j = rng.uniform(-1, 1, 3)
            out.append(Placed(slot, Piece(fan["kind"], name=fan["name"]), fan["kind"], x0 + left + k * dx + j[0],
                              y0 + top + k * dy + j[1], 0.0, float(2 * j[2])))
    stacks_of = layout_of.get("coins", ())
    if terms.coin and stacks_of:
        by_value = _coins_by_value(counts.get(terms.coin, 0), [stack["value"] for stack in stacks_of])
        stacks = _rng(seed, f"{slot}.{terms.coin}")     # a fixed place per stack: paying a coin nudges no other
        nudges = stacks.uniform(-0.8, 0.8, len(stacks_of))
        for stack, nudge in zip(stacks_of, nudges):
            value, cols = stack["value"], stack["columns"]
            nx, ny = (nudge, 0.0) if stack["nudge"] == "x" else (0.0, nudge)
            for k in range(by_value[value]):
                out.append(Placed(slot, Piece(COIN, terms.coin, str(value)), f"{COIN}{value}",
                                  x0 + stack["left"] + (k % cols) * stack["pitch"] + nx,
                                  y0 + h - stack["above_bottom"] + ny, (k // cols) * stack["layer_mm"], 0.0))
    return out


HEAP_SPACING = 9.0        # mm between the centres of two 8 mm cubes side by side: from touching to a 1 mm gap
HEAP_TRIES = 12           # places tried on the ground before a cube goes on top of the heap
HEAP_SUPPORT = 4.5        # mm: a cube on top rests on one below at most this far off its centre


def heap(slot: str, piece: Piece, count: int, centre: tuple[float, float], rng: np.random.Generator,
         size: float | None = None) -> list[Placed]:
    """``count`` cubes ``size`` mm tall (the default game's goods piece when None) dropped one by one round
    ``centre``: each lands where the ground is free, else on top of the heap (resting on a cube below). Cube k's
    throws are ``rng``'s k-th draws, so a cube more or less moves no other cube."""
    if size is None:
        drawing = default_drawing()
        size = drawing.solids[drawing.terms.goods_piece][2]
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
                cubes.append(Placed(slot, piece, piece.kind, free[0][0], free[0][1], z, angle))
                break
            level += 1
    return cubes


def place_view(layout: Layout, view: TableView, seed: int, jitter_mm: float,
               heaped_supplies: bool = False, drawing: Drawing | None = None) -> list[Placed]:
    """Every piece of the view at its table position (slots the layout lacks raise ``KeyError``); ``drawing`` is the
    game's (the layout's pack's when None). A piece on a slot ``<place>.<kind>`` stands on the tile of
    ``<place>.<tile kind>`` when one lies there."""
    drawing = drawing or drawing_of(layout_pack(layout))
    tile, stack = drawing.terms.tile, drawing.terms.stack
    placed: list[Placed] = []
    for slot, pieces in view.occupied():
        under = f"{slot.rsplit('.', 1)[0]}.{tile}"
        tiled = bool(tile) and bool(view.pieces(under)) and slot != under
        placed += place_slot(layout, slot, pieces, seed, jitter_mm, tiled, drawing)
    for name, values in view.tracks.items():
        if name != "score":
            continue
        by_space: dict[str, list[Piece]] = {}
        for colour in view.players:
            if colour in values:
                by_space.setdefault(layout.score_slot(values[colour]), []).append(Piece(stack, colour))
        for slot, pieces in sorted(by_space.items()):
            placed += place_slot(layout, slot, tuple(pieces), seed, jitter_mm, False, drawing)
    for seat, colour in enumerate(view.players):
        if colour in view.supplies:
            placed += place_supply(layout.supply(seat), colour, view.supplies[colour], seed, heaped_supplies, drawing)
    return placed


def piece_colour(piece: Piece, tint: np.ndarray, drawing: Drawing | None = None) -> tuple[float, float, float]:
    """BGR of a wooden piece, with the episode's tint (real paint and light never match the catalogue)."""
    drawing = drawing or default_drawing()
    terms = drawing.terms
    if piece.kind in drawing.piece_colours:
        base = drawing.piece_colours[piece.kind]
    elif piece.kind == COIN and piece.colour == terms.coin:
        base = drawing.coin_colours[int(piece.name or 1)]
    elif piece.kind == terms.goods_piece:
        base = drawing.goods_colours.get(piece.colour or "", GREY)
    else:
        base = STYLES["player_colours"].get(piece.colour or "", GREY)
    return tuple(float(v) for v in np.clip(np.array(base) * tint, 0, 255))
