"""Building effects, driven by the ``effect`` records of ``buildings.json``.

Six effect kinds cover every tile: ``produce`` (take cubes; compulsory), ``build`` (carpenter, mason,
architect), ``convert`` (lawyer), ``sell`` (marketplaces), ``buy`` (peddlers) and ``trade`` (bank,
alchemist, church, tailor, jeweller). Each kind has an option generator and an in-place resolver; the
King's favour "buildings" row reuses ``build`` and ``convert`` with a discount.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any, Mapping

from ..decisions import Action, Decision, Option
from . import favours
from .data import CUBES, PLAIN_CUBES, Building
from .ops import (add_pp, args, colour, cube_list_label, event, expand, first_free_lot, gain_cubes, gain_deniers,
                  has_cubes, make_option, pay_cubes, pay_deniers)

SKIP = args(skip=True)
CONVERTIBLE_OWN_KINDS = frozenset({"wood", "stone"})


@lru_cache(maxsize=8)
def cube_multisets(count: int) -> tuple[tuple[str, ...], ...]:
    """Every choice of ``count`` cubes among food, wood, stone and cloth (order irrelevant)."""
    return tuple(tuple(sorted(c)) for c in combinations_with_replacement(PLAIN_CUBES, count))


# ------------------------------------------------------------------------------------------ decisions
def activation_decision(state: Any, square: int, seat: int) -> Decision:
    building: Building = state.catalogue[state.road_tile[square]]
    kind = building.effect_type
    options = OPTION_MAKERS[kind](state, seat, building)
    return Decision(seat, kind, tuple(options), {"square": square, "building": building.id,
                                                 "phase": "activation"})


def _produce_options(state: Any, seat: int, building: Building) -> list[Option]:
    return [make_option(seat, "produce", args(cubes=expand(choice)), f"Take {cube_list_label(expand(choice))}",
                        gain=choice) for choice in building.effect["choices"]]


def _build_options(state: Any, seat: int, building: Building) -> list[Option]:
    return build_options(state, seat, "build", building.effect["builds"], None, {})


def _convert_options(state: Any, seat: int, building: Building) -> list[Option]:
    return convert_options(state, seat, "convert", building.effect["price"], {})


def _sell_options(state: Any, seat: int, building: Building) -> list[Option]:
    price = building.effect["price"]
    gain = {"denier": price}
    options = [make_option(seat, "sell", args(cube=cube), f"Sell 1 {cube} for {price} deniers", {cube: 1}, gain)
               for cube, held in zip(CUBES, state.cubes[seat]) if held]
    options.append(make_option(seat, "sell", SKIP, "Sell nothing"))
    return options


def _buy_options(state: Any, seat: int, building: Building) -> list[Option]:
    options = []
    for offer in building.effect["offers"]:
        price = offer["price"]
        if state.deniers[seat] < price:
            continue
        for cubes in cube_multisets(offer["count"]):
            options.append(make_option(seat, "buy", args(cubes=list(cubes)),
                                       f"Buy {cube_list_label(cubes)} for {price} deniers", {"denier": price}))
    options.append(make_option(seat, "buy", SKIP, "Buy nothing"))
    return options


def _trade_options(state: Any, seat: int, building: Building) -> list[Option]:
    options = []
    for index, trade in enumerate(building.effect["trades"]):
        give, get = trade["give"], trade["get"]
        gain_text = cube_list_label(expand(get)).replace("pp", "PP")
        if "any" in give:
            for cubes in cube_multisets(give["any"]):
                if has_cubes(state, seat, cubes):
                    options.append(make_option(seat, "trade", args(trade=index, pay=list(cubes)),
                                               f"Give {cube_list_label(cubes)} for {gain_text}", _count(cubes), get))
        elif _can_pay(state, seat, give):
            options.append(make_option(seat, "trade", args(trade=index),
                                       f"Give {cube_list_label(expand(give))} for {gain_text}", give, get))
    options.append(make_option(seat, "trade", SKIP, "Trade nothing"))
    return options


OPTION_MAKERS = {"produce": _produce_options, "build": _build_options, "convert": _convert_options,
                 "sell": _sell_options, "buy": _buy_options, "trade": _trade_options}


def build_options(state: Any, seat: int, kind: str, builds: str, discount: str | None,
                  extra: Mapping[str, Any], with_skip: bool = True) -> list[Option]:
    """Every building ``seat`` may build now of kind ``builds`` (wood, stone or prestige), plus skipping."""
    options: list[Option] = []
    prestige = builds == "prestige"
    residences = [sq for sq, tile in enumerate(state.road_tile)
                  if tile == "residence" and state.road_owner[sq] == seat] if prestige else []
    can_place = prestige or (state.houses[seat] > 0 and first_free_lot(state) is not None)
    if can_place:
        for building in state.catalogue.values():
            if building.kind != builds or state.stock.get(building.id, 0) <= 0:
                continue
            cost = dict(building.cost)
            if discount and cost.get(discount):
                cost[discount] -= 1
            for pay in payments(state, seat, cost):
                label = f"Build the {building.title} for {cube_list_label(pay)} (+{building.pp} PP)"
                if prestige:
                    for square in residences:
                        options.append(make_option(seat, kind, args(building=building.id, pay=pay, square=square,
                                                                    **extra), f"{label} on square {square}",
                                                   _count(pay), {"pp": building.pp}))
                else:
                    options.append(make_option(seat, kind, args(building=building.id, pay=pay, **extra), label,
                                               _count(pay), {"pp": building.pp}))
    if with_skip:
        options.append(make_option(seat, kind, SKIP, "Build nothing"))
    return options


def payments(state: Any, seat: int, cost: Mapping[str, int]) -> list[list[str]]:
    """The ways a player can pay ``cost`` ("any" = one cube of any kind, gold included)."""
    fixed = expand({k: v for k, v in cost.items() if k != "any"})
    wildcards = cost.get("any", 0)
    if not wildcards:
        return [fixed] if has_cubes(state, seat, fixed) else []
    found = []
    for extra in combinations_with_replacement(CUBES, wildcards):
        pay = sorted(fixed + list(extra))
        if has_cubes(state, seat, pay):
            found.append(pay)
    return found


def convert_targets(state: Any, seat: int) -> list[int]:
    """Squares a lawyer may turn into a residence for ``seat``: neutral tiles and the player's own craft tiles."""
    pending = {square for square, _, _ in state.deferred}
    targets = []
    for square, tile in enumerate(state.road_tile):
        if tile is None or square in pending:
            continue
        kind = state.catalogue[tile].kind
        if kind == "neutral" and state.houses[seat] > 0:
            targets.append(square)
        elif kind in CONVERTIBLE_OWN_KINDS and state.road_owner[square] == seat and tile != "lawyer":
            targets.append(square)
    return targets


def convert_options(state: Any, seat: int, kind: str, price: Mapping[str, int],
                    extra: Mapping[str, Any], with_skip: bool = True) -> list[Option]:
    options: list[Option] = []
    if _can_pay(state, seat, price):
        for square in convert_targets(state, seat):
            title = state.catalogue[state.road_tile[square]].title
            options.append(make_option(seat, kind, args(square=square, **extra),
                                       f"Turn the {title} on square {square} into a residence (+2 PP)", price,
                                       {"pp": 2}))
    if with_skip:
        options.append(make_option(seat, kind, SKIP, "Convert nothing"))
    return options


# ------------------------------------------------------------------------------------------ resolution
def resolve_activation(state: Any, action: Action, square: int) -> None:
    seat = action.player
    building: Building = state.catalogue[state.road_tile[square]]
    if action.arg("skip"):
        event(state, "building_unused", player=colour(state, seat), square=square, building=building.id)
        return
    kind = building.effect_type
    if kind == "produce":
        cubes = action.arg("cubes")
        gain_cubes(state, seat, cubes)
        event(state, "produced", player=colour(state, seat), square=square, building=building.id, cubes=list(cubes))
        owner = state.road_owner[square]
        if building.owner_bonus and owner is not None and owner != seat:
            queue_owner_bonus(state, owner, square, building)
    elif kind == "build":
        do_build(state, seat, action.arg("building"), action.arg("pay"), action.arg("square"))
    elif kind == "convert":
        do_convert(state, seat, action.arg("square"), building.effect["price"])
    elif kind == "sell":
        cube = action.arg("cube")
        pay_cubes(state, seat, [cube])
        gain_deniers(state, seat, building.effect["price"])
        event(state, "sold", player=colour(state, seat), square=square, cube=cube, deniers=building.effect["price"])
    elif kind == "buy":
        cubes = action.arg("cubes")
        offer = next(o for o in building.effect["offers"] if o["count"] == len(cubes))
        pay_deniers(state, seat, offer["price"])
        gain_cubes(state, seat, cubes)
        event(state, "bought", player=colour(state, seat), square=square, cubes=list(cubes), deniers=offer["price"])
    elif kind == "trade":
        _do_trade(state, seat, building, action)


def queue_owner_bonus(state: Any, owner: int, square: int, building: Building) -> None:
    if len(building.owner_bonus) == 1:
        _give_owner_cube(state, owner, square, building.owner_bonus[0])
    else:
        state.queue.insert(0, {"kind": "owner_bonus", "player": owner, "square": square,
                               "choices": list(building.owner_bonus)})


def owner_bonus_decision(state: Any, frame: Mapping[str, Any]) -> Decision:
    seat = frame["player"]
    options = tuple(make_option(seat, "owner_bonus", args(cube=cube), f"Take 1 {cube}", gain={cube: 1})
                    for cube in frame["choices"])
    return Decision(seat, "owner_bonus", options, {"square": frame["square"]})


def resolve_owner_bonus(state: Any, action: Action) -> None:
    frame = state.queue.pop(0)
    _give_owner_cube(state, action.player, frame["square"], action.arg("cube"))


def _give_owner_cube(state: Any, owner: int, square: int, cube: str) -> None:
    gain_cubes(state, owner, [cube])
    event(state, "owner_cube", player=colour(state, owner), square=square, cube=cube)


def do_build(state: Any, seat: int, building_id: str, pay: Any, square: int | None = None) -> None:
    building = state.catalogue[building_id]
    pay_cubes(state, seat, pay)
    state.stock[building_id] -= 1
    if building.kind == "prestige":
        replaced = state.road_tile[square]
        state.road_tile[square] = building_id
        event(state, "built", player=colour(state, seat), square=square, building=building_id, replaced=replaced,
              pay=list(pay), pp=building.pp)
    else:
        square = first_free_lot(state)
        state.road_tile[square] = building_id
        state.road_owner[square] = seat
        state.houses[seat] -= 1
        event(state, "built", player=colour(state, seat), square=square, building=building_id, pay=list(pay),
              pp=building.pp)
    add_pp(state, seat, building.pp, "buildings")
    if building.favours:
        favours.gain_favours(state, seat, building.favours, f"built the {building.title}")


def do_convert(state: Any, seat: int, square: int, price: Mapping[str, int]) -> None:
    """Pay now; if a worker stands on the target, the conversion waits until that worker leaves."""
    _pay(state, seat, price)
    reserved = 0
    if state.catalogue[state.road_tile[square]].kind == "neutral":
        state.houses[seat] -= 1  # the house is set aside now so it is there when the conversion happens
        reserved = 1
    if state.road_worker[square] is not None:
        state.deferred.append([square, seat, reserved])
        event(state, "conversion_deferred", player=colour(state, seat), square=square,
              building=state.road_tile[square])
    else:
        finish_conversion(state, square, seat)


def finish_conversion(state: Any, square: int, seat: int) -> None:
    old = state.road_tile[square]
    if state.catalogue[old].kind != "neutral":
        state.stock[old] += 1  # a player's tile goes back to the stock and may be built again
    state.road_tile[square] = "residence"
    state.road_owner[square] = seat
    add_pp(state, seat, state.catalogue["residence"].pp, "buildings")
    event(state, "converted", player=colour(state, seat), square=square, old=old, pp=state.catalogue["residence"].pp)


def run_deferred_conversion(state: Any, square: int) -> None:
    for index, (target, seat, _reserved) in enumerate(state.deferred):
        if target == square:
            del state.deferred[index]
            finish_conversion(state, square, seat)
            return


def _do_trade(state: Any, seat: int, building: Building, action: Action) -> None:
    trade = building.effect["trades"][action.arg("trade")]
    give = trade["give"]
    if "any" in give:
        pay_cubes(state, seat, action.arg("pay"))
    else:
        _pay(state, seat, give)
    for what, amount in trade["get"].items():
        if what == "pp":
            add_pp(state, seat, amount, "trades")
        else:
            gain_cubes(state, seat, [what] * amount)
    event(state, "traded", player=colour(state, seat), building=building.id, give=dict(give) if "any" not in give
          else {"cubes": list(action.arg("pay"))}, get=dict(trade["get"]))


def _pay(state: Any, seat: int, price: Mapping[str, int]) -> None:
    for what, amount in price.items():
        if what == "denier":
            pay_deniers(state, seat, amount)
        else:
            pay_cubes(state, seat, [what] * amount)


def _can_pay(state: Any, seat: int, price: Mapping[str, int]) -> bool:
    for what, amount in price.items():
        if what == "denier":
            if state.deniers[seat] < amount:
                return False
        elif state.cubes[seat][CUBES.index(what)] < amount:
            return False
    return True


def _count(cubes: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    for cube in cubes:
        counts[cube] = counts.get(cube, 0) + 1
    return counts
