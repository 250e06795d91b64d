"""Checks that must hold in every Caylus position, shared by the tests and ``companion simulate``.

Conservation: deniers and each cube kind (bank + players), workers and houses (supply + board) never
change in total; prestige is never negative and equals its breakdown; squares stay on the road.
"""

from __future__ import annotations

from typing import Any

from .data import CUBES, rules
from .state import CaylusState

RULES = rules()


def violations(state: CaylusState) -> list[str]:
    """Every broken invariant of ``state``, as readable sentences (empty when all is well)."""
    found: list[str] = []
    bank_start = RULES["bank_start"]
    if sum(state.deniers) + state.bank[-1] != bank_start["denier"]:
        found.append(f"deniers not conserved: players {sum(state.deniers)} + bank {state.bank[-1]}")
    for index, cube in enumerate(CUBES):
        held = sum(c[index] for c in state.cubes)
        if held + state.bank[index] != bank_start[cube]:
            found.append(f"{cube} not conserved: players {held} + bank {state.bank[index]}")
    for seat, colour in enumerate(state.colours):
        found += _player_violations(state, seat, colour)
    if not (1 <= state.provost <= RULES["road_length"] and 1 <= state.bailiff <= RULES["road_length"]):
        found.append(f"provost {state.provost} or bailiff {state.bailiff} off the road")
    for square, tile in enumerate(state.road_tile):
        if state.road_worker[square] is not None and tile is None:
            found.append(f"worker on the empty square {square}")
    for building, count in state.stock.items():
        total = state.catalogue[building].count
        on_road = state.road_tile.count(building)
        if count < 0 or count + on_road > total:
            found.append(f"{building}: {count} in stock and {on_road} on the road, but only {total} tiles")
    return found


def _player_violations(state: CaylusState, seat: int, colour: str) -> list[str]:
    found = []
    if state.pp[seat] < 0:
        found.append(f"{colour} has negative prestige {state.pp[seat]}")
    if sum(state.breakdown[seat].values()) != state.pp[seat]:
        found.append(f"{colour}'s score breakdown {state.breakdown[seat]} does not sum to {state.pp[seat]}")
    if state.deniers[seat] < 0 or min(state.cubes[seat]) < 0:
        found.append(f"{colour} owes the bank: {state.deniers[seat]} deniers, cubes {state.cubes[seat]}")
    on_board = (state.road_worker.count(seat) + state.special.count(seat) + state.stables.count(seat)
                + state.inn.count(seat) + state.castle_workers.count(seat))
    if on_board + state.workers[seat] != RULES["workers_per_player"]:
        found.append(f"{colour} has {state.workers[seat]} workers in supply and {on_board} on the board")
    built = (sum(1 for owner in state.road_owner if owner == seat) + sum(s.count(seat) for s in state.castle)
             + sum(reserved for _, who, reserved in state.deferred if who == seat))
    if built + state.houses[seat] != RULES["houses_per_player"] or state.houses[seat] < 0:
        found.append(f"{colour} has {state.houses[seat]} houses in supply and {built} on the board")
    if any(not 0 <= position <= 5 for position in state.favour[seat]):
        found.append(f"{colour}'s favour markers left the table: {state.favour[seat]}")
    if any(position > state.max_column for position in state.favour[seat]):
        found.append(f"{colour} reached a favour column that is not open yet: {state.favour[seat]}")
    return found


def transition_violations(before: CaylusState, after: CaylusState) -> list[str]:
    """Invariants between consecutive states: the bailiff never walks back, turns only grow."""
    found = []
    if after.bailiff < before.bailiff:
        found.append(f"bailiff walked back from {before.bailiff} to {after.bailiff}")
    if after.turn < before.turn:
        found.append(f"turn went back from {before.turn} to {after.turn}")
    if after.section < before.section:
        found.append("a scored castle section was reopened")
    return found


def describe(state: Any) -> str:
    return f"turn {state.turn}, phase {state.phase}"
