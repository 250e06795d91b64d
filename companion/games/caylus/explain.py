"""Why a decision is refused: the specific rule, in words a player understands.

>>> from companion.games import Action
>>> from companion.games.caylus import new_game
>>> state = new_game(["red", "blue"], seed=1, seat_order_is_turn_order=True)
>>> try:
...     state.apply(Action(1, "place", {"place": "gate"}))
... except ValueError as refusal:
...     print(refusal)
Blue can't place a worker now: it is Red's turn to place a worker or pass
"""

from __future__ import annotations

from typing import Any

from ..decisions import Action, Decision
from ..errors import RuleError
from .data import CUBE_INDEX, CUBES, SPECIAL_TITLES, WORKABLE_KINDS, rules
from .ops import ROAD_LENGTH, SPECIAL_SLOTS, castle_room

RULES = rules()
DOING = {
    "place": "place a worker", "gate": "move the worker from the gate", "guild": "move the provost from the guild",
    "joust": "joust", "inn": "decide about the inn", "provost": "move the provost", "castle": "give a castle batch",
    "favour": "choose a favour row", "favour_resources": "take a favour's cubes",
    "favour_building": "use a favour's building", "owner_bonus": "take an owner's cube", "produce": "produce",
    "build": "build", "convert": "use the lawyer", "sell": "sell", "buy": "buy", "trade": "trade",
}
ASKING = {"place": "place a worker or pass"}


def explain_refusal(state: Any, decision: Decision, action: Any) -> RuleError:
    if not isinstance(action, Action):
        return RuleError(f"That is not a decision ({type(action).__name__}); send an Action", rule="malformed")
    seat = action.player
    if not 0 <= seat < len(state.colours):
        return RuleError(f"There is no player in seat {seat}: this game has {len(state.colours)} players",
                         rule="unknown player")
    who = state.colours[seat].capitalize()
    doing = DOING.get(action.kind, action.kind)
    waiting = state.colours[decision.player].capitalize()
    asked = ASKING.get(decision.kind, DOING.get(decision.kind, decision.kind))
    if seat != decision.player:
        return RuleError(f"{who} can't {doing} now: it is {waiting}'s turn to {asked}",
                         player=state.colours[seat], rule="not your turn")
    if action.kind != decision.kind:
        return RuleError(f"{who} can't {doing} now: the game is waiting for {who} to {asked}",
                         player=state.colours[seat], rule="wrong decision kind")
    specific = SPECIFIC.get(action.kind)
    if specific is not None:
        try:
            found = specific(state, seat, who, action)
        except TypeError:  # arguments of the wrong shape (an object where a name belongs …)
            found = None
        if found is not None:
            return found
    labels = "; ".join(option.label for option in decision.options[:6])
    more = " …" if len(decision.options) > 6 else ""
    return RuleError(f"{who} can't {doing} with {action.arg_dict}: the choices are {labels}{more}",
                     player=state.colours[seat], rule="not a legal option")


def _refuse(state: Any, seat: int, message: str, place: str | None, rule: str) -> RuleError:
    return RuleError(message, player=state.colours[seat], place=place, rule=rule)


def _place(state: Any, seat: int, who: str, action: Action) -> RuleError | None:
    from .flow import placement_cost
    place = action.arg("place")
    gate = action.kind == "gate"
    if not isinstance(place, str):
        return _refuse(state, seat, f"{who} can't place a worker: say where (a place name or 'pass')", None,
                       "malformed")
    title = SPECIAL_TITLES.get(place, place)
    where = f"{who} can't place on the {title}"
    owner = None
    if place.startswith("road."):
        square = _int(place[5:])
        if square is None or not 1 <= square <= ROAD_LENGTH:
            return _refuse(state, seat, f"{who} can't place on {place}: the road has squares 1 to {ROAD_LENGTH}",
                           place, "no such place")
        tile = state.road_tile[square]
        if tile is None:
            return _refuse(state, seat, f"{who} can't place on square {square}: nothing is built there", place,
                           "workers go on buildings only")
        building = state.catalogue[tile]
        where = f"{who} can't place on the {building.title} (square {square})"
        if building.kind not in WORKABLE_KINDS:
            return _refuse(state, seat, f"{where}: workers never go on {building.kind} buildings", place,
                           "no workers on prestige or residential buildings")
        occupant = state.road_worker[square]
        if occupant is not None:
            return _refuse(state, seat, f"{where}: {_whose(state, seat, occupant)}", place,
                           "one worker per building")
        owner = state.road_owner[square]
    elif place in SPECIAL_SLOTS:
        occupant = state.special[SPECIAL_SLOTS.index(place)]
        if gate and place == "gate":
            return _refuse(state, seat, f"{who} can't move the worker to the Gate: it is already there", place,
                           "the gate moves a worker elsewhere")
        if occupant is not None:
            return _refuse(state, seat, f"{where}: {_whose(state, seat, occupant)}", place,
                           "one worker per building")
    elif place == "stables":
        if len(state.colours) == 2:
            return _refuse(state, seat, f"{where}: the stables are not used in a two-player game", place,
                           "two-player rules")
        if seat in state.stables:
            return _refuse(state, seat, f"{where}: {who} already has a worker there", place,
                           "one worker per player in the stables")
        if len(state.stables) >= RULES["stables_spaces"]:
            return _refuse(state, seat, f"{where}: its three spaces are taken", place, "three stables spaces")
    elif place == "inn":
        if state.inn[0] is not None:
            return _refuse(state, seat, f"{where}: its left circle is taken by "
                           f"{state.colours[state.inn[0]].capitalize()}", place, "one worker on the inn's left circle")
    elif place == "castle":
        if seat in state.castle_workers:
            return _refuse(state, seat, f"{where}: {who} already has a worker there", place,
                           "one worker per player in the castle")
    elif place != "pass" or gate:
        return _refuse(state, seat, f"{who} can't place on {place!r}: there is no such place", place,
                       "no such place")
    if place == "pass" or gate:
        return None
    if state.workers[seat] <= 0:
        return _refuse(state, seat, f"{where}: {who} has no worker left", place, "six workers per player")
    cost = placement_cost(state, seat, owner)
    if cost > state.deniers[seat]:
        return _refuse(state, seat, f"{where}: it costs {cost} deniers and {who} has {state.deniers[seat]}", place,
                       "placing a worker costs deniers")
    return None


def _provost(state: Any, seat: int, who: str, action: Action) -> RuleError | None:
    steps = action.arg("steps")
    if not isinstance(steps, int) or isinstance(steps, bool):
        return _refuse(state, seat, f"{who} can't move the provost: say how many squares (−3 to 3)", "provost",
                       "malformed")
    if abs(steps) > RULES["provost_max_steps"]:
        return _refuse(state, seat, f"{who} can't move the provost {abs(steps)} squares: at most 3 at a time",
                       "provost", "provost moves 1 to 3 squares")
    target = state.provost + steps
    if target < 1:
        return _refuse(state, seat, f"{who} can't move the provost back to square {target}: it can't go back "
                       "past the bridge", "provost", "provost stays on the road")
    if target > ROAD_LENGTH:
        return _refuse(state, seat, f"{who} can't move the provost to square {target}: it can't go beyond the last "
                       f"square ({ROAD_LENGTH})", "provost", "provost stays on the road")
    if action.kind == "provost" and abs(steps) > state.deniers[seat]:
        return _refuse(state, seat, f"{who} can't move the provost {abs(steps)} squares: it costs {abs(steps)} "
                       f"deniers and {who} has {state.deniers[seat]}", "provost", "1 denier per provost square")
    return None


def _castle(state: Any, seat: int, who: str, action: Action) -> RuleError | None:
    if action.arg("skip"):
        return None
    cubes = action.arg("cubes")
    if not isinstance(cubes, tuple) or not all(c in CUBE_INDEX for c in cubes):
        return _refuse(state, seat, f"{who} can't build in the castle: a batch is a list of 3 cubes", "castle",
                       "malformed")
    if len(cubes) != 3 or len(set(cubes)) != 3 or "food" not in cubes:
        return _refuse(state, seat, f"{who} can't give {list(cubes)} to the castle: a batch is 3 different cubes, "
                       "one of them food", "castle", "castle batch")
    missing = [c for c in cubes if state.cubes[seat][CUBE_INDEX[c]] < 1]
    if missing:
        return _refuse(state, seat, f"{who} can't give that batch to the castle: {who} has no {missing[0]}",
                       "castle", "castle batch")
    if state.houses[seat] <= 0:
        return _refuse(state, seat, f"{who} can't build in the castle: {who} has no house left", "castle",
                       "twenty houses per player")
    if castle_room(state) is None:
        return _refuse(state, seat, f"{who} can't build in the castle: it is finished", "castle", "castle is full")
    return None


def _favour(state: Any, seat: int, who: str, action: Action) -> RuleError | None:
    rows = RULES["favour_rows"]
    row = action.arg("row")
    if row not in rows:
        return _refuse(state, seat, f"{who} can't take a favour on {row!r}: the rows are {', '.join(rows)}",
                       "favour", "four favour rows")
    if rows.index(row) in state.rows_used[seat]:
        return _refuse(state, seat, f"{who} can't take a favour on the {row} row again: favours won in the same "
                       "phase go on different rows", f"favour.{row}", "different rows in one phase")
    return None


def _build(state: Any, seat: int, who: str, action: Action) -> RuleError | None:
    if action.arg("skip"):
        return None
    building_id = action.arg("building")
    building = state.catalogue.get(building_id) if isinstance(building_id, str) else None
    if building is None:
        return _refuse(state, seat, f"{who} can't build {building_id!r}: there is no such building", None,
                       "no such building")
    if state.stock.get(building_id, 0) <= 0:
        return _refuse(state, seat, f"{who} can't build the {building.title}: no tile of it is left", building_id,
                       "limited tiles")
    pay = action.arg("pay") or ()
    lacking = [c for c in CUBES if isinstance(pay, tuple) and pay.count(c) > state.cubes[seat][CUBE_INDEX[c]]]
    if lacking:
        return _refuse(state, seat, f"{who} can't build the {building.title}: {who} has too few {lacking[0]}",
                       building_id, "pay the building's cost")
    return None


SPECIFIC = {"place": _place, "gate": _place, "provost": _provost, "guild": _provost, "castle": _castle,
            "favour": _favour, "build": _build}


def _whose(state: Any, seat: int, occupant: int) -> str:
    if occupant == seat:
        return f"{state.colours[seat].capitalize()} already has a worker there"
    return f"{state.colours[occupant].capitalize()}'s worker is already there"


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None
