"""Small in-place operations shared by the phases: paying, gaining, events, workers, fast option building.

Every function here mutates a freshly cloned state inside ``apply``; nothing else may call them.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ..decisions import Action, Option
from .data import CUBE_INDEX, CUBES, rules

RULES = rules()
ROAD_LENGTH: int = RULES["road_length"]
WORKERS: int = RULES["workers_per_player"]
HOUSES: int = RULES["houses_per_player"]
BANK_DENIER = len(CUBES)  # index of deniers in state.bank (cubes come first, in CUBES order)
SPECIAL_SLOTS = ("gate", "trading_post", "merchants_guild", "joust_field")
_NO_COST: dict[str, int] = {}


def args(**values: Any) -> tuple[tuple[str, Any], ...]:
    """Action arguments in the frozen form :class:`Action` stores (sorted pairs, lists as tuples)."""
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in values.items()))


def make_action(player: int, kind: str, frozen_args: tuple[tuple[str, Any], ...]) -> Action:
    """Build an :class:`Action` without the dataclass ``__init__`` (hot path: thousands per game)."""
    action = object.__new__(Action)
    fields = action.__dict__
    fields["player"] = player
    fields["kind"] = kind
    fields["args"] = frozen_args
    return action


def make_option(player: int, kind: str, frozen_args: tuple, label: str,
                cost: Mapping[str, int] = _NO_COST, gain: Mapping[str, int] = _NO_COST) -> Option:
    option = object.__new__(Option)
    fields = option.__dict__
    fields["action"] = make_action(player, kind, frozen_args)
    fields["cost"] = cost
    fields["gain"] = gain
    fields["label"] = label
    return option


def event(state: Any, kind: str, **fields: Any) -> None:
    fields["type"] = kind
    state.events.append(fields)


def colour(state: Any, seat: int | None) -> str | None:
    return None if seat is None else state.colours[seat]


def add_pp(state: Any, seat: int, amount: int, category: str) -> int:
    """Add (or, for negative amounts, take) prestige; a score never goes below 0. Returns the real change."""
    if amount < 0:
        amount = -min(-amount, state.pp[seat])
    state.pp[seat] += amount
    state.breakdown[seat][category] = state.breakdown[seat].get(category, 0) + amount
    return amount


def pay_deniers(state: Any, seat: int, amount: int) -> None:
    state.deniers[seat] -= amount
    state.bank[BANK_DENIER] += amount


def gain_deniers(state: Any, seat: int, amount: int) -> None:
    state.deniers[seat] += amount
    state.bank[BANK_DENIER] -= amount


def pay_cubes(state: Any, seat: int, cubes: Iterable[str]) -> None:
    mine = state.cubes[seat]
    for cube in cubes:
        index = CUBE_INDEX[cube]
        mine[index] -= 1
        state.bank[index] += 1


def gain_cubes(state: Any, seat: int, cubes: Iterable[str]) -> None:
    mine = state.cubes[seat]
    for cube in cubes:
        index = CUBE_INDEX[cube]
        mine[index] += 1
        state.bank[index] -= 1


def expand(amounts: Mapping[str, int]) -> list[str]:
    """``{"food": 2, "cloth": 1}`` → ``["cloth", "food", "food"]`` (sorted, the form actions carry)."""
    return sorted(cube for cube, n in amounts.items() for _ in range(n))


def has_cubes(state: Any, seat: int, cubes: Iterable[str]) -> bool:
    need = [0] * len(CUBES)
    for cube in cubes:
        need[CUBE_INDEX[cube]] += 1
    mine = state.cubes[seat]
    return all(mine[i] >= n for i, n in enumerate(need))


def return_worker(state: Any, seat: int, place: str) -> None:
    state.workers[seat] += 1
    event(state, "worker_returned", player=state.colours[seat], place=place)


def owner_bonus_pp(state: Any, owner: int | None, worker: int, place: str) -> None:
    """+1 PP to a building's owner when another player's worker goes there."""
    if owner is not None and owner != worker:
        add_pp(state, owner, 1, "owner_bonus")
        event(state, "owner_bonus", player=state.colours[owner], place=place, pp=1)


def first_free_lot(state: Any) -> int | None:
    tiles = state.road_tile
    for square in range(1, ROAD_LENGTH + 1):
        if tiles[square] is None:
            return square
    return None


def castle_room(state: Any) -> int | None:
    """The section a new castle house goes to now (current one, else the next with room), or ``None``."""
    sections = RULES["castle_sections"]
    for index in range(state.section, len(sections)):
        if len(state.castle[index]) < sections[index]["parts"]:
            return index
    return None


def cube_list_label(cubes: Iterable[str]) -> str:
    counts: dict[str, int] = {}
    for cube in cubes:
        counts[cube] = counts.get(cube, 0) + 1
    return " + ".join(f"{n} {cube}" for cube, n in counts.items()) or "nothing"
