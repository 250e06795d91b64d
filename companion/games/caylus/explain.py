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
        return RuleError(f"That is not a decision ({type(action).__name__}); send an Action", rule="malformed",
                         key="refusals.not_an_action")
    seat = action.player
    if not 0 <= seat < len(state.colours):
        return RuleError(f"There is no player in seat {seat}: this game has {len(state.colours)} players",
                         rule="unknown player", key="refusals.no_such_seat",
                         values={"seat": seat, "players": len(state.colours)})
    who = state.colours[seat].capitalize()
    doing = DOING.get(action.kind, action.kind)
    waiting = state.colours[decision.player].capitalize()
    asked = ASKING.get(decision.kind, DOING.get(decision.kind, decision.kind))
    if seat != decision.player:
        return RuleError(f"{who} can't {doing} now: it is {waiting}'s turn to {asked}",
                         player=state.colours[seat], rule="not your turn", key="refusals.not_your_turn",
                         values={"player": state.colours[seat], "waiting": state.colours[decision.player]})
    if action.kind != decision.kind:
        return RuleError(f"{who} can't {doing} now: the game is waiting for {who} to {asked}",
                         player=state.colours[seat], rule="wrong decision kind", key="refusals.wrong_kind",
                         values={"player": state.colours[seat], "asked": decision.kind})
    specific = SPECIFIC.get(action.kind)
    if specific is not None:
        try:
            found = specific(state, seat, who, action, decision)
        except TypeError:  # arguments of the wrong shape (an object where a name belongs …)
            found = None
        if found is not None:
            return found
    labels = "; ".join(option.label for option in decision.options[:6])
    more = " …" if len(decision.options) > 6 else ""
    return RuleError(f"{who} can't {doing} with {action.arg_dict}: the choices are {labels}{more}",
                     player=state.colours[seat], rule="not a legal option", key="refusals.not_an_option",
                     values={"player": state.colours[seat], "asked": decision.kind})


def _refuse(state: Any, seat: int, message: str, at: str | None, rule: str, key: str, **values: Any) -> RuleError:
    """A refusal at place ``at``, named ``refusals.<key>`` in the pack's strings, with its values (the player's
    colour is always one). Write ``key`` out (a string, or strings joined by ``if``/``+``): the tests read them."""
    return RuleError(message, player=state.colours[seat], place=at, rule=rule,
                     key=f"refusals.{key}", values={"player": state.colours[seat], **values})


def _place(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    from .flow import placement_cost
    place = action.arg("place")
    gate = action.kind == "gate"
    if not isinstance(place, str):
        return _refuse(state, seat, f"{who} can't place a worker: say where (a place name or 'pass')", None,
                       "malformed", "place_where")
    title = SPECIAL_TITLES.get(place, place)
    where = f"{who} can't place on the {title}"
    spot: dict[str, Any] = {"place": place}        # how a refusal's translation names the place
    road = False                                   # a building on the road: its keys end in "_road"
    owner = None
    if place.startswith("road."):
        square = _int(place[5:])
        if square is None or not 1 <= square <= ROAD_LENGTH:
            return _refuse(state, seat, f"{who} can't place on {place}: the road has squares 1 to {ROAD_LENGTH}",
                           place, "no such place", "no_such_square", square=place[5:], last=ROAD_LENGTH)
        tile = state.road_tile[square]
        if tile is None:
            return _refuse(state, seat, f"{who} can't place on square {square}: nothing is built there", place,
                           "workers go on buildings only", "nothing_built", square=square)
        building = state.catalogue[tile]
        where = f"{who} can't place on the {building.title} (square {square})"
        spot, road = {"building": tile, "square": square}, True
        if building.kind not in WORKABLE_KINDS:
            return _refuse(state, seat, f"{where}: workers never go on {building.kind} buildings", place,
                           "no workers on prestige or residential buildings", "no_worker_on_kind", **spot)
        occupant = state.road_worker[square]
        if occupant is not None:
            return _refuse(state, seat, f"{where}: {_whose(state, seat, occupant)}", place,
                           "one worker per building", ("taken_own" if occupant == seat else "taken") + "_road",
                           occupant=state.colours[occupant], **spot)
        owner = state.road_owner[square]
    elif place in SPECIAL_SLOTS:
        occupant = state.special[SPECIAL_SLOTS.index(place)]
        if gate and place == "gate":
            return _refuse(state, seat, f"{who} can't move the worker to the Gate: it is already there", place,
                           "the gate moves a worker elsewhere", "gate_to_gate")
        if occupant is not None:
            return _refuse(state, seat, f"{where}: {_whose(state, seat, occupant)}", place,
                           "one worker per building", "taken_own" if occupant == seat else "taken",
                           occupant=state.colours[occupant], **spot)
    elif place == "stables":
        if len(state.colours) == 2:
            return _refuse(state, seat, f"{where}: the stables are not used in a two-player game", place,
                           "two-player rules", "stables_two_players")
        if seat in state.stables:
            return _refuse(state, seat, f"{where}: {who} already has a worker there", place,
                           "one worker per player in the stables", "taken_own", **spot)
        if len(state.stables) >= RULES["stables_spaces"]:
            return _refuse(state, seat, f"{where}: its three spaces are taken", place, "three stables spaces",
                           "stables_full")
    elif place == "inn":
        if state.inn[0] is not None:
            return _refuse(state, seat, f"{where}: its left circle is taken by "
                           f"{state.colours[state.inn[0]].capitalize()}", place, "one worker on the inn's left circle",
                           "inn_taken", occupant=state.colours[state.inn[0]])
    elif place == "castle":
        if seat in state.castle_workers:
            return _refuse(state, seat, f"{where}: {who} already has a worker there", place,
                           "one worker per player in the castle", "taken_own", **spot)
    elif place != "pass" or gate:
        return _refuse(state, seat, f"{who} can't place on {place!r}: there is no such place", place,
                       "no such place", "no_such_place", place=place)
    if place == "pass" or gate:
        return None
    if state.workers[seat] <= 0:
        return _refuse(state, seat, f"{where}: {who} has no worker left", place, "six workers per player",
                       "no_worker_road" if road else "no_worker", **spot)
    cost = placement_cost(state, seat, owner)
    if cost > state.deniers[seat]:
        return _refuse(state, seat, f"{where}: it costs {cost} deniers and {who} has {state.deniers[seat]}", place,
                       "placing a worker costs deniers", "cost_road" if road else "cost", cost=cost,
                       deniers=state.deniers[seat], **spot)
    return None


def _provost(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    steps = action.arg("steps")
    if not isinstance(steps, int) or isinstance(steps, bool):
        return _refuse(state, seat, f"{who} can't move the provost: say how many squares (−3 to 3)", "provost",
                       "malformed", "provost_steps")
    if abs(steps) > RULES["provost_max_steps"]:
        return _refuse(state, seat, f"{who} can't move the provost {abs(steps)} squares: at most 3 at a time",
                       "provost", "provost moves 1 to 3 squares", "provost_far", steps=abs(steps))
    target = state.provost + steps
    if target < 1:
        return _refuse(state, seat, f"{who} can't move the provost back to square {target}: it can't go back "
                       "past the bridge", "provost", "provost stays on the road", "provost_behind", square=target)
    if target > ROAD_LENGTH:
        return _refuse(state, seat, f"{who} can't move the provost to square {target}: it can't go beyond the last "
                       f"square ({ROAD_LENGTH})", "provost", "provost stays on the road", "provost_beyond",
                       square=target, last=ROAD_LENGTH)
    if action.kind == "provost" and abs(steps) > state.deniers[seat]:
        return _refuse(state, seat, f"{who} can't move the provost {abs(steps)} squares: it costs {abs(steps)} "
                       f"deniers and {who} has {state.deniers[seat]}", "provost", "1 denier per provost square",
                       "provost_cost", steps=abs(steps), deniers=state.deniers[seat])
    return None


def _castle(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    if action.arg("skip"):
        return None
    cubes = action.arg("cubes")
    if not isinstance(cubes, tuple) or not all(c in CUBE_INDEX for c in cubes):
        return _refuse(state, seat, f"{who} can't build in the castle: a batch is a list of 3 cubes", "castle",
                       "malformed", "castle_malformed")
    if len(cubes) != 3 or len(set(cubes)) != 3 or "food" not in cubes:
        return _refuse(state, seat, f"{who} can't give {list(cubes)} to the castle: a batch is 3 different cubes, "
                       "one of them food", "castle", "castle batch", "castle_batch", cubes=list(cubes))
    missing = [c for c in cubes if state.cubes[seat][CUBE_INDEX[c]] < 1]
    if missing:
        return _refuse(state, seat, f"{who} can't give that batch to the castle: {who} has no {missing[0]}",
                       "castle", "castle batch", "castle_lacks", cube=missing[0])
    if state.houses[seat] <= 0:
        return _refuse(state, seat, f"{who} can't build in the castle: {who} has no house left", "castle",
                       "twenty houses per player", "castle_no_house")
    if castle_room(state) is None:
        return _refuse(state, seat, f"{who} can't build in the castle: it is finished", "castle", "castle is full",
                       "castle_full")
    return None


def _favour(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    rows = RULES["favour_rows"]
    row = action.arg("row")
    if row not in rows:
        return _refuse(state, seat, f"{who} can't take a favour on {row!r}: the rows are {', '.join(rows)}",
                       "favour", "four favour rows", "no_such_row", row=str(row))
    if rows.index(row) in state.rows_used[seat]:
        return _refuse(state, seat, f"{who} can't take a favour on the {row} row again: favours won in the same "
                       "phase go on different rows", f"favour.{row}", "different rows in one phase", "favour_row_again",
                       row=row)
    return None


def _build(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    if action.arg("skip"):
        return None
    building_id = action.arg("building")
    building = state.catalogue.get(building_id) if isinstance(building_id, str) else None
    if building is None:
        return _refuse(state, seat, f"{who} can't build {building_id!r}: there is no such building", None,
                       "no such building", "no_such_building", building=str(building_id))
    if state.stock.get(building_id, 0) <= 0:
        return _refuse(state, seat, f"{who} can't build the {building.title}: no tile of it is left", building_id,
                       "limited tiles", "build_none_left", building=building_id)
    if action.kind == "build":
        builder, where = _activated(state, decision)
        if building.kind != builder.effect["builds"]:
            return _refuse(state, seat, f"{who} can't build the {building.title} at {where}: it builds "
                           f"{builder.effect['builds']} buildings only", building_id, "builders build one kind",
                           "builder_kind", building=building_id, builder=builder.id,
                           square=decision.context.get("square"))
    if building.kind == "prestige":
        square = action.arg("square")
        if not (isinstance(square, int) and 1 <= square <= ROAD_LENGTH and state.road_tile[square] == "residence"
                and state.road_owner[square] == seat):
            return _refuse(state, seat, f"{who} can't build the {building.title} on square {square}: prestige "
                           f"buildings replace one of {who}'s own residences", building_id,
                           "prestige on your own residence", "prestige_on_residence", building=building_id)
    elif state.houses[seat] <= 0:
        return _refuse(state, seat, f"{who} can't build the {building.title}: {who} has no house left", building_id,
                       "houses", "build_no_house", building=building_id)
    pay = action.arg("pay") or ()
    lacking = [c for c in CUBES if isinstance(pay, tuple) and pay.count(c) > state.cubes[seat][CUBE_INDEX[c]]]
    if lacking:
        return _refuse(state, seat, f"{who} can't build the {building.title}: {who} has too few {lacking[0]}",
                       building_id, "pay the building's cost", "build_lacks", building=building_id, cube=lacking[0])
    cost = " + ".join(f"{n} {'cube of any kind' if c == 'any' else c}" for c, n in building.cost.items())
    return _refuse(state, seat, f"{who} can't build the {building.title} paying {_cubes_text(pay)}: it costs {cost}"
                   + (" (less the favour's discount)" if action.kind == "favour_building" else ""), building_id,
                   "pay the building's cost", "build_pay", building=building_id, cubes=_cube_list(pay),
                   cost_cubes=[c for c, n in building.cost.items() for _ in range(n)])


def _activated(state: Any, decision: Decision) -> tuple[Any, str]:
    """The building being activated and how messages name it ("the Park (square 9)")."""
    square = decision.context.get("square")
    building = state.catalogue[state.road_tile[square]]
    return building, f"the {building.title} (square {square})"


def _lack(state: Any, seat: int, price: dict[str, int]) -> dict[str, Any]:
    """What a player lacks to pay ``price`` as a refusal's values: ``cube`` (or ``denier``), the ``amount`` it
    takes and what the player ``held`` (empty when they can pay)."""
    for what, amount in price.items():
        held = state.deniers[seat] if what == "denier" else state.cubes[seat][CUBE_INDEX[what]]
        if held < amount:
            return {"cube": what, "amount": amount, "held": held}
    return {}


def _missing(state: Any, seat: int, price: dict[str, int]) -> str | None:
    """What a player lacks to pay ``price`` ("it takes 1 cloth and Red has 0"), or ``None`` when they can pay."""
    lack = _lack(state, seat, price)
    if not lack:
        return None
    what, amount = lack["cube"], lack["amount"]
    unit = "denier" + ("s" if amount > 1 else "") if what == "denier" else what
    return f"it takes {amount} {unit} and {state.colours[seat].capitalize()} has {lack['held']}"


def _cube_list(cubes: Any) -> list[str]:
    """``cubes`` as a list of names for a refusal's values (empty when it is not a tuple of names)."""
    return [str(c) for c in cubes] if isinstance(cubes, tuple) else []


def _price_text(price: dict[str, int]) -> str:
    return " and ".join(f"{n} {'denier' + ('s' if n > 1 else '') if what == 'denier' else what}"
                        for what, n in price.items())


def _produce(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    building, where = _activated(state, decision)
    choices = " or ".join(" + ".join(f"{n} {c}" for c, n in choice.items()) for choice in building.effect["choices"])
    return _refuse(state, seat, f"{who} can't take {_cubes_text(action.arg('cubes'))} from {where}: it gives "
                   f"{choices}", decision.context.get("square") and f"road.{decision.context['square']}",
                   "production gives what the tile shows", "produce_other", building=building.id,
                   square=decision.context.get("square"))


def _owner_bonus(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    choices = " or ".join(str(o.action.arg("cube")) for o in decision.options)
    return _refuse(state, seat, f"{who} can't take {action.arg('cube')!r} as the owner's cube: the building "
                   f"gives its owner {choices}", f"road.{decision.context.get('square')}", "owner's cube",
                   "owner_cube")


def _sell(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    if action.arg("skip"):
        return None
    cube = action.arg("cube")
    _building, where = _activated(state, decision)
    if cube not in CUBE_INDEX:
        return _refuse(state, seat, f"{who} can't sell {cube!r} at {where}: say one cube (food, wood, stone, "
                       "cloth or gold)", None, "malformed", "sell_which")
    if state.cubes[seat][CUBE_INDEX[cube]] < 1:
        return _refuse(state, seat, f"{who} can't sell {cube} at {where}: {who} has no {cube}", None,
                       "sell your own cubes", "sell_none", cube=cube)
    return None


def _buy(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    if action.arg("skip"):
        return None
    building, where = _activated(state, decision)
    cubes = action.arg("cubes")
    if not isinstance(cubes, tuple) or not all(isinstance(c, str) and c in CUBE_INDEX for c in cubes):
        return _refuse(state, seat, f"{who} can't buy at {where}: say which cubes, e.g. ['stone']", None, "malformed",
                       "buy_which")
    if "gold" in cubes:
        return _refuse(state, seat, f"{who} can't buy gold at {where}: peddlers never sell gold", None,
                       "no gold at the peddler", "buy_gold")
    offers = {offer["count"]: offer["price"] for offer in building.effect["offers"]}
    if len(cubes) not in offers:
        most = max(offers)
        return _refuse(state, seat, f"{who} can't buy {len(cubes)} cubes at {where}: it sells "
                       f"{'1 cube' if most == 1 else f'1 or {most} cubes'}", None, "peddler's offer",
                       "buy_count", count=len(cubes), most=most)
    price = {"denier": offers[len(cubes)]}
    lacking = _missing(state, seat, price)
    if lacking:
        return _refuse(state, seat, f"{who} can't buy {_cubes_text(cubes)} at {where}: {lacking}", None,
                       "pay the peddler", "buy_pay", cubes=list(cubes), **_lack(state, seat, price))
    return None


def _trade(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    if action.arg("skip"):
        return None
    building, where = _activated(state, decision)
    trades = building.effect["trades"]
    index = action.arg("trade")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(trades):
        return _refuse(state, seat, f"{who} can't trade at {where}: choose trade 0 to {len(trades) - 1}", None,
                       "malformed", "trade_which")
    give = trades[index]["give"]
    if "any" in give:
        pay = action.arg("pay")
        if not isinstance(pay, tuple) or len(pay) != give["any"] or not all(c in PLAIN for c in pay):
            return _refuse(state, seat, f"{who} can't trade at {where}: pay {give['any']} cubes of food, wood, "
                           "stone or cloth", None, "alchemist takes plain cubes", "trade_plain", count=give["any"])
        lacking = [c for c in PLAIN if pay.count(c) > state.cubes[seat][CUBE_INDEX[c]]]
        if lacking:
            return _refuse(state, seat, f"{who} can't trade at {where}: {who} has too few {lacking[0]}", None,
                           "pay the trade", "trade_lacks", cube=lacking[0])
        return None
    lacking = _missing(state, seat, give)
    if lacking:
        return _refuse(state, seat, f"{who} can't trade {_price_text(give)} at {where}: {lacking}", None,
                       "pay the trade", "trade_pay", **_lack(state, seat, give))
    return None


def _joust(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    if action.arg("skip"):
        return None
    price = RULES["joust_price"]
    lacking = _missing(state, seat, price)
    if lacking:
        return _refuse(state, seat, f"{who} can't joust: it costs {_price_text(price)}, and {lacking}",
                       "joust_field", "joust costs 1 denier and 1 cloth", "joust_pay", **_lack(state, seat, price))
    return None


def _convert(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    if action.arg("skip"):
        return None
    square = action.arg("square")
    if not isinstance(square, int) or isinstance(square, bool) or not 1 <= square <= ROAD_LENGTH:
        return _refuse(state, seat, f"{who} can't use the lawyer: say which road square (1 to {ROAD_LENGTH})",
                       None, "malformed", "lawyer_which", last=ROAD_LENGTH)
    place = f"road.{square}"
    tile = state.road_tile[square]
    if tile is None:
        return _refuse(state, seat, f"{who} can't transform square {square}: nothing is built there", place,
                       "lawyer targets", "lawyer_nothing", square=square)
    building = state.catalogue[tile]
    what = f"{who} can't transform the {building.title} (square {square})"
    spot = {"building": tile, "square": square}
    if tile == "lawyer":
        return _refuse(state, seat, f"{what}: the lawyer can never be transformed", place, "lawyer targets",
                       "lawyer_itself", **spot)
    if building.kind == "fixed":
        return _refuse(state, seat, f"{what}: it is printed on the board", place, "lawyer targets",
                       "lawyer_printed", **spot)
    if building.kind in ("prestige", "residential"):
        return _refuse(state, seat, f"{what}: the lawyer can't transform {building.kind} buildings", place,
                       "lawyer targets", "lawyer_kind", **spot)
    owner = state.road_owner[square]
    if building.kind != "neutral" and owner != seat:
        return _refuse(state, seat, f"{what}: it belongs to {state.colours[owner].capitalize()}; the lawyer "
                       "transforms neutral buildings or your own", place, "lawyer targets", "lawyer_owner",
                       owner=state.colours[owner], **spot)
    if any(target == square for target, _, _ in state.deferred):
        return _refuse(state, seat, f"{what}: it is already being transformed", place, "lawyer targets",
                       "lawyer_again", **spot)
    if building.kind == "neutral" and state.houses[seat] <= 0:
        return _refuse(state, seat, f"{what}: {who} has no house left to put on it", place, "houses",
                       "lawyer_no_house", **spot)
    price = {"cloth": 1} if action.kind == "favour_building" else {"cloth": 1, "denier": 1}
    lacking = _missing(state, seat, price)
    if lacking:
        return _refuse(state, seat, f"{what}: it costs {_price_text(price)}, and {lacking}", place,
                       "pay the lawyer", "lawyer_pay", **spot, **_lack(state, seat, price))
    return None


def _favour_resources(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    column, top = action.arg("column"), decision.context.get("column")
    if isinstance(column, int) and not isinstance(column, bool) and top is not None and column > top:
        return _refuse(state, seat, f"{who} can't use column {column} of the resources row: the marker is on "
                       f"column {top}", "favour.resources", "favour column reached", "favour_column",
                       row="resources", column=column, top=top)
    if column == 4:
        give = action.arg("give")
        if give in CUBE_INDEX and state.cubes[seat][CUBE_INDEX[give]] < 1:
            return _refuse(state, seat, f"{who} can't trade 1 {give} for 2 cubes: {who} has no {give}",
                           "favour.resources", "trade your own cube", "favour_trade_none", cube=give)
        if isinstance(action.arg("take"), tuple) and "gold" in action.arg("take"):
            return _refuse(state, seat, f"{who} can't take gold with column 4 of the resources row: 2 cubes "
                           "of food, wood, stone or cloth", "favour.resources", "no gold", "favour_no_gold")
    return None


def _favour_building(state: Any, seat: int, who: str, action: Action, decision: Decision) -> RuleError | None:
    if action.arg("skip"):
        return None
    column, top = action.arg("column"), decision.context.get("column")
    if isinstance(column, int) and not isinstance(column, bool) and top is not None and column > top:
        return _refuse(state, seat, f"{who} can't use column {column} of the buildings row: the marker is on "
                       f"column {top}", "favour.buildings", "favour column reached", "favour_column",
                       row="buildings", column=column, top=top)
    if column == 4:
        return _convert(state, seat, who, action, decision)
    building = state.catalogue.get(action.arg("building")) if isinstance(action.arg("building"), str) else None
    wanted = {2: "wood", 3: "stone", 5: "prestige"}.get(column)
    if building is not None and wanted and building.kind != wanted:
        return _refuse(state, seat, f"{who} can't build the {building.title} with column {column} of the buildings "
                       f"row: it builds {wanted} buildings", "favour.buildings", "favour builds one kind",
                       "favour_builds_kind", building=building.id, column=column)
    return _build(state, seat, who, action, decision)


def _cubes_text(cubes: Any) -> str:
    return ", ".join(str(c) for c in cubes) if isinstance(cubes, tuple) else repr(cubes)


PLAIN = ("food", "wood", "stone", "cloth")
SPECIFIC = {"place": _place, "gate": _place, "provost": _provost, "guild": _provost, "castle": _castle,
            "favour": _favour, "build": _build, "produce": _produce, "owner_bonus": _owner_bonus, "sell": _sell,
            "buy": _buy, "trade": _trade, "joust": _joust, "convert": _convert,
            "favour_resources": _favour_resources, "favour_building": _favour_building}


def _whose(state: Any, seat: int, occupant: int) -> str:
    if occupant == seat:
        return f"{state.colours[seat].capitalize()} already has a worker there"
    return f"{state.colours[occupant].capitalize()}'s worker is already there"


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None
