"""The King's favour table: four rows (prestige, deniers, resources, buildings) of five columns.

Gaining a favour queues a ``favour`` decision (which row); the row's effect follows at once, with a
second decision where the effect needs a choice (``favour_resources``, ``favour_building``). Favours
gained in one phase must go on different rows, so a fifth one in a phase is lost. With the
``beginner_favours`` option every favour is simply worth 3 PP.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..decisions import Action, Decision, Option
from . import effects
from .data import CUBES, PLAIN_CUBES, rules
from .ops import add_pp, args, colour, cube_list_label, event, gain_cubes, gain_deniers, make_option, pay_cubes

RULES = rules()
ROWS: tuple[str, ...] = tuple(RULES["favour_rows"])
ROW_INDEX = {name: i for i, name in enumerate(ROWS)}
PRESTIGE = RULES["favour_prestige"]
DENIERS = RULES["favour_deniers"]
RESOURCE_TAKES = {1: (("food",),), 2: (("wood",), ("stone",)), 3: (("cloth",),), 5: (("gold",),)}
BUILDING_EFFECTS = {2: "carpenter", 3: "mason", 4: "lawyer", 5: "architect"}


def gain_favours(state: Any, seat: int, count: int, reason: str) -> None:
    """Give ``count`` favours to a player now (beginner rule) or queue the row decisions."""
    if count <= 0:
        return
    if state.variants.get("beginner_favours"):
        points = RULES["beginner_favour_pp"] * count
        add_pp(state, seat, points, "favours")
        event(state, "favour_gained", player=colour(state, seat), count=count, reason=reason, pp=points)
        return
    event(state, "favour_gained", player=colour(state, seat), count=count, reason=reason)
    # Before a pending section end, so favours won during a count don't see the columns it opens.
    at = next((i for i, f in enumerate(state.queue) if f["kind"] == "section_done"), len(state.queue))
    for _ in range(count):
        state.queue.insert(at, {"kind": "favour", "player": seat})


def favour_decision(state: Any, frame: Mapping[str, Any]) -> Decision:
    seat = frame["player"]
    used = state.rows_used[seat]
    options = []
    for index, row in enumerate(ROWS):
        if index in used:
            continue
        position = state.favour[seat][index]
        column = min(position + 1, state.max_column) if position < state.max_column else position
        options.append(make_option(seat, "favour", args(row=row), f"{row.capitalize()} row, column {column}"))
    return Decision(seat, "favour", tuple(options), {"max_column": state.max_column})


def resolve_favour(state: Any, action: Action) -> None:
    state.queue.pop(0)
    seat = action.player
    row = ROW_INDEX[action.arg("row")]
    state.rows_used[seat].append(row)
    position = state.favour[seat][row]
    if position < state.max_column:
        position += 1
        state.favour[seat][row] = position
    event(state, "favour_row", player=colour(state, seat), row=ROWS[row], column=position)
    if row == 0:
        add_pp(state, seat, PRESTIGE[position - 1], "favours")
    elif row == 1:
        gain_deniers(state, seat, DENIERS[position - 1])
    elif row == 2:
        if position == 1:
            gain_cubes(state, seat, ["food"])
        else:
            state.queue.insert(0, {"kind": "favour_resources", "player": seat, "column": position})
    elif position >= 2:
        state.queue.insert(0, {"kind": "favour_building", "player": seat, "column": position})


def resources_decision(state: Any, frame: Mapping[str, Any]) -> Decision:
    seat, top = frame["player"], frame["column"]
    options: list[Option] = []
    for column in range(1, top + 1):
        if column == 4:
            for give, held in zip(CUBES, state.cubes[seat]):
                if not held:
                    continue
                for take in effects.cube_multisets(2):
                    options.append(make_option(seat, "favour_resources",
                                               args(column=4, give=give, take=list(take)),
                                               f"Trade 1 {give} for {cube_list_label(take)}", {give: 1}))
            continue
        for take in RESOURCE_TAKES[column]:
            options.append(make_option(seat, "favour_resources", args(column=column, take=list(take)),
                                       f"Take {cube_list_label(take)}", gain={take[0]: 1}))
    return Decision(seat, "favour_resources", tuple(options), {"column": top})


def resolve_resources(state: Any, action: Action) -> None:
    state.queue.pop(0)
    seat = action.player
    if action.arg("give"):
        pay_cubes(state, seat, [action.arg("give")])
    gain_cubes(state, seat, action.arg("take"))
    event(state, "favour_cubes", player=colour(state, seat), give=action.arg("give"), take=list(action.arg("take")))


def building_decision(state: Any, frame: Mapping[str, Any]) -> Decision:
    """Columns 2–5 of the buildings row: carpenter (−1 wood), mason (−1 stone), lawyer (1 cloth), architect."""
    seat, top = frame["player"], frame["column"]
    options: list[Option] = []
    if top >= 2:
        options += effects.build_options(state, seat, "favour_building", "wood", "wood", {"column": 2}, False)
    if top >= 3:
        options += effects.build_options(state, seat, "favour_building", "stone", "stone", {"column": 3}, False)
    if top >= 4:
        options += effects.convert_options(state, seat, "favour_building", {"cloth": 1}, {"column": 4}, False)
    if top >= 5:
        options += effects.build_options(state, seat, "favour_building", "prestige", None, {"column": 5}, False)
    options.append(make_option(seat, "favour_building", effects.SKIP, "Use no building"))
    return Decision(seat, "favour_building", tuple(options), {"column": top})


def resolve_building(state: Any, action: Action) -> None:
    state.queue.pop(0)
    seat = action.player
    column = action.arg("column")
    if action.arg("skip"):
        return
    if column == 4:
        effects.do_convert(state, seat, action.arg("square"), {"cloth": 1})
    else:
        effects.do_build(state, seat, action.arg("building"), action.arg("pay"), action.arg("square"))
