"""Helpers to build Caylus positions for scenario tests: play named actions, or adjust a saved state."""

from __future__ import annotations

from typing import Any

from companion.games import Action
from companion.games.caylus import CaylusState, new_game
from companion.games.caylus.flow import advance


def start(*colours: str, **variants: Any) -> CaylusState:
    """A new game whose first turn order is the order given (no draw), so scenarios read like the rulebook."""
    return new_game(list(colours), seed=1, seat_order_is_turn_order=True, **variants)


def act(state: CaylusState, colour: str, kind: str, **args: Any) -> CaylusState:
    return state.apply(Action(state.colours.index(colour), kind, args))


def seat(state: CaylusState, colour: str) -> int:
    return state.colours.index(colour)


def place(state: CaylusState, colour: str, where: str | int) -> CaylusState:
    return act(state, colour, "place", place=f"road.{where}" if isinstance(where, int) else where)


def everyone_passes(state: CaylusState) -> CaylusState:
    """Pass for whoever is asked until the placement phase is over."""
    while state.pending() is not None and state.pending().kind == "place":
        state = state.apply(Action(state.pending().player, "place", {"place": "pass"}))
    return state


def nobody_moves_provost(state: CaylusState) -> CaylusState:
    while state.pending() is not None and state.pending().kind == "provost":
        state = state.apply(Action(state.pending().player, "provost", {"steps": 0}))
    return state


def adjust(state: CaylusState, **fields: Any) -> CaylusState:
    """The same position with some saved fields replaced (e.g. ``cubes=…``), settled at its next decision."""
    data = state.to_json()
    for name, value in fields.items():
        assert name in data, name
        data[name] = value
    adjusted = CaylusState.from_json(data)
    advance(adjusted)
    return adjusted


def cubes(food: int = 0, wood: int = 0, stone: int = 0, cloth: int = 0, gold: int = 0) -> list[int]:
    return [food, wood, stone, cloth, gold]


def give(state: CaylusState, colour: str, **amounts: int) -> CaylusState:
    """Hand a player cubes and deniers from the bank (keeps the bank's books balanced)."""
    data = state.to_json()
    who = seat(state, colour)
    for index, name in enumerate(("food", "wood", "stone", "cloth", "gold")):
        data["cubes"][who][index] += amounts.get(name, 0)
        data["bank"][index] -= amounts.get(name, 0)
    data["deniers"][who] += amounts.get("denier", 0)
    data["bank"][-1] -= amounts.get("denier", 0)
    return CaylusState.from_json(data)


def kinds(state: CaylusState) -> list[str]:
    return [event["type"] for event in state.events]


def with_tile(state: CaylusState, square: int, tile: str, owner: int | None = None) -> CaylusState:
    """The same position with ``tile`` built on ``square`` (from the stock, with the owner's house)."""
    tiles, owners, stock, houses = list(state.road_tile), list(state.road_owner), dict(state.stock), list(state.houses)
    tiles[square], owners[square] = tile, owner
    if tile in stock:
        stock[tile] -= 1
    if owner is not None:
        houses[owner] -= 1
    return adjust(state, road_tile=tiles, road_owner=owners, stock=stock, houses=houses)
