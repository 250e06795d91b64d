"""Helpers for the Architects scenario tests: a game past its setup, positions edited by hand, actions by name."""

from __future__ import annotations

from typing import Any, Callable

from companion.games import Action
from companion.games.architects import new_game
from companion.games.architects.state import ArchitectsState, copy_plain

COLOURS = ("red", "blue", "green", "yellow", "purple")


def after_setup(players: int = 2, seed: int = 1, apprentices: bool = False) -> ArchitectsState:
    """A game whose setup took the first option of every decision: seat 0 starts; it is seat 0's first turn.

    Unless ``apprentices``, the apprentices taken at setup go back under their pile (virtue back to 7), so a
    scenario starts from players with no ability but the ones it gives them."""
    state = new_game(list(COLOURS[:players]), seed)
    while state.data["phase"] == "setup":
        state = state.apply(state.pending().options[0].action)
    if apprentices:
        return state

    def plain(data: dict[str, Any]) -> None:
        for me in data["players"]:
            data["apprentice_bottom"] += me["apprentices"]
            me["apprentices"], me["virtue"] = [], 7
    return edited(state, plain)


def edited(state: ArchitectsState, change: Callable[[dict[str, Any]], None]) -> ArchitectsState:
    """A copy of ``state`` with its data changed by ``change`` (a scenario's position, set by hand)."""
    data = copy_plain(state.data)
    change(data)
    return ArchitectsState(data)


def clear_hands_of_goods(data: dict[str, Any]) -> None:
    for me in data["players"]:
        for good in ("silver", "clay", "wood", "stone", "gold", "marble"):
            me[good] = 0


def options(state: ArchitectsState, kind: str | None = None) -> list[Action]:
    return [a for a in state.pending().actions if kind is None or a.kind == kind]


def play(state: ArchitectsState, kind: str, **args: Any) -> ArchitectsState:
    """Apply the one pending option of ``kind`` whose arguments include ``args``."""
    found = [a for a in state.pending().actions
             if a.kind == kind and all(a.arg(k) == v for k, v in args.items())]
    assert found, f"no {kind} {args} among {[str(a) for a in state.pending().actions]}"
    assert len(found) == 1, f"{kind} {args} is ambiguous: {[str(a) for a in found]}"
    return state.apply(found[0])


def chance(state: ArchitectsState, **args: Any) -> ArchitectsState:
    """Apply the pending chance outcome with ``args`` (the first one when none are given)."""
    decision = state.pending()
    assert decision.is_chance, f"{decision.kind} is not chance"
    if not args:
        return state.apply(decision.options[0].action)
    return play(state, decision.options[0].action.kind, **args)


def settle_chance(state: ArchitectsState) -> ArchitectsState:
    """Take the first outcome of chance decisions until a seat decides."""
    while state.pending() is not None and state.pending().is_chance:
        state = chance(state)
    return state


def me(state: ArchitectsState, seat: int) -> dict[str, Any]:
    return state.data["players"][seat]
