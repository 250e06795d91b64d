"""Checks that must hold in every Caylus 1303 position, shared by the tests and ``companion simulate``.

Each colour's 15 workers are in its supply, on the board or in the camp; its 10 houses in its supply, on
buildings or (one) under the Guilds Bridge; goods are never negative; every tile and character is in exactly
one place; prestige equals its breakdown; the provost stays between the bridge and the end of the road.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .data import character_ids, rules, tile, tiles
from .state import Caylus1303State

RULES = rules()


def violations(state: Caylus1303State) -> list[str]:
    """Every broken invariant of ``state``, as readable sentences (empty when all is well)."""
    found: list[str] = []
    for seat, colour in enumerate(state.colours):
        found += _player_violations(state, seat, colour)
    if not 0 <= state.provost <= len(state.road_tile):
        found.append(f"the provost left the road: {state.provost}")
    for index, tile_id in enumerate(state.road_tile):
        if state.road_workers[index] and (tile_id is None or state.road_side[index] not in ("start", "build")):
            found.append(f"a worker stands on space {index + 1}, which takes none")
        if len(state.road_workers[index]) > 2:
            found.append(f"{len(state.road_workers[index])} workers on space {index + 1}")
    found += _tile_violations(state)
    held = [c for hand in state.characters for c in hand] + state.board_characters + state.drawn
    if len(held) != len(set(held)) or not set(held) <= set(character_ids()):
        found.append(f"a character is in two places: {sorted(held)}")
    if state.phase not in ("setup",) and len(held) != state.player_count + RULES["characters_drawn_extra"]:
        found.append(f"{len(held)} characters in play, not players + {RULES['characters_drawn_extra']}")
    if not 1 <= state.round <= RULES["rounds"]:
        found.append(f"round {state.round} is off the round track")
    return found


def _player_violations(state: Caylus1303State, seat: int, colour: str) -> list[str]:
    found = []
    if min(state.goods[seat]) < 0:
        found.append(f"{colour} owes goods: {state.resources(seat)}")
    if state.workers[seat] < 0 or state.camp[seat] < 0:
        found.append(f"{colour} has {state.workers[seat]} workers and {state.camp[seat]} in the camp")
    total = state.workers[seat] + state.camp[seat] + state.workers_on_board(seat)
    if total != RULES["workers_per_colour"]:
        found.append(f"{colour}'s workers are not conserved: {total} instead of {RULES['workers_per_colour']}")
    if state.workers[seat] > RULES["workers_per_colour"]:
        found.append(f"{colour} holds {state.workers[seat]} workers")
    built = sum(1 for owner in state.road_owner if owner == seat)
    houses = state.houses[seat] + built + RULES["bridge_marker_houses"]
    if houses != RULES["houses_per_colour"] or state.houses[seat] < 0:
        found.append(f"{colour} has {state.houses[seat]} houses left and {built} on buildings")
    if state.pp[seat] < 0 or sum(state.breakdown[seat].values()) != state.pp[seat]:
        found.append(f"{colour}'s prestige {state.pp[seat]} is not its breakdown {state.breakdown[seat]}")
    return found


def _tile_violations(state: Caylus1303State) -> list[str]:
    found = []
    seen = Counter(t for t in state.road_tile + state.road_base + state.worksite_tiles + state.start_pool
                   + state.wood_supply + state.stone_supply + state.landmark_supply if t is not None)
    for tile_id, count in seen.items():
        if count > tile(tile_id).count:
            found.append(f"{count} {tile_id} tiles in play, but the box has {tile(tile_id).count}")
    if state.phase != "setup":
        expected = {t.id: t.count for t in tiles().values() if t.kind != "printed"}
        if dict(seen) != expected:
            missing = sorted(set(expected.items()) ^ set(seen.items()))
            found.append(f"tiles lost or doubled: {missing[:4]}")
    for index, (tile_id, side) in enumerate(zip(state.road_tile, state.road_side)):
        if tile_id is None:
            continue
        kind = tile(tile_id).kind
        allowed = {"starting": ("start", "residence"), "wood": ("start", "build"), "stone": ("start", "build"),
                   "landmark": ("landmark",)}[kind]
        if side not in allowed:
            found.append(f"the {tile_id} on space {index + 1} shows its {side} side")
        if side in ("build", "residence", "landmark") and state.road_owner[index] is None:
            found.append(f"the {tile_id} on space {index + 1} ({side}) has no owner")
    return found


def transition_violations(before: Caylus1303State, after: Caylus1303State) -> list[str]:
    """Between consecutive states: rounds only grow, prestige never falls, built tiles stay built."""
    found = []
    if after.round < before.round:
        found.append(f"round went back from {before.round} to {after.round}")
    for seat, colour in enumerate(before.colours):
        if after.pp[seat] < before.pp[seat]:
            found.append(f"{colour} lost prestige: {before.pp[seat]} → {after.pp[seat]}")
    for index, (was, now) in enumerate(zip(before.road_tile, after.road_tile)):
        if was is not None and now is None:
            found.append(f"the building on space {index + 1} disappeared")
    if before.over and not after.over:
        found.append("a finished game started again")
    return found


def describe(state: Any) -> str:
    return f"round {state.round}, phase {state.phase}"
