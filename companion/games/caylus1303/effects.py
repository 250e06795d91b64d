"""What a building, a favour or a landmark does: the options it offers and what choosing one changes.

A building's effect is one of six types (``buildings.json``): ``gain`` (taken at once), ``trade`` (pick one
line, or none when every line costs something), ``build`` (a wood or stone building from the supply onto the
first empty road space), ``lawyer`` (a house onto a starting building), ``provost`` (move him) and ``none``.
Every function here takes the position being built by :mod:`.flow` (a fresh clone) and changes it in place.

>>> sorted(payments({"wood": 1, "any": 1}, [1, 2, 0, 0, 0]))
[('food', 'wood'), ('wood', 'wood')]
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Any, Iterable, Mapping

from ..decisions import Action, Option
from .data import GOOD_INDEX, GOODS, PLAIN_GOODS, rules, tile, title

FRONT = tuple(rules()["front_buildings"])
ROAD_LENGTH = len(rules()["road"])


# ---------------------------------------------------------------- paying and gaining
def payments(cost: Mapping[str, int], goods: list[int]) -> list[tuple[str, ...]]:
    """Every way to pay ``cost`` (``any`` = 1 plain good of choice) from ``goods``, as sorted tuples of goods."""
    fixed = [good for good, n in cost.items() if good != "any" for _ in range(n)]
    found = set()
    for extra in combinations_with_replacement(PLAIN_GOODS, cost.get("any", 0)):
        paid = tuple(sorted(fixed + list(extra)))
        if affordable(paid, goods):
            found.add(paid)
    return sorted(found)


def affordable(paid: Iterable[str], goods: list[int]) -> bool:
    return all(goods[GOOD_INDEX[good]] >= n for good, n in Counter(paid).items())


def pay(state: Any, seat: int, paid: Iterable[str]) -> None:
    for good in paid:
        state.goods[seat][GOOD_INDEX[good]] -= 1


def give(state: Any, seat: int, goods: Mapping[str, int] | Iterable[str]) -> None:
    items = goods.items() if isinstance(goods, Mapping) else Counter(goods).items()
    for good, n in items:
        state.goods[seat][GOOD_INDEX[good]] += n


def score(state: Any, seat: int, points: int, category: str) -> None:
    if points:
        state.pp[seat] += points
        state.breakdown[seat][category] = state.breakdown[seat].get(category, 0) + points


def recruit(state: Any, seat: int, wanted: int) -> int:
    """Take up to ``wanted`` workers of the seat's colour from the camp (never more than the camp holds)."""
    taken = min(wanted, state.camp[seat])
    state.camp[seat] -= taken
    state.workers[seat] += taken
    return taken


def return_workers(state: Any, seat: int, count: int) -> None:
    """Workers from a player's supply to the camp (a price paid in workers)."""
    state.workers[seat] -= count
    state.camp[seat] += count


def push_favours(state: Any, seat: int, count: int, why: str) -> None:
    for _ in range(count):
        state.queue.append({"kind": "favour", "player": seat, "why": why})


def goods_text(goods: Iterable[str]) -> str:
    counts = Counter(goods)
    return ", ".join(f"{n} {good}" for good, n in sorted(counts.items(), key=lambda item: GOOD_INDEX[item[0]]))


# ---------------------------------------------------------------- a building's effect: options
def effect_of(frame: Mapping[str, Any]) -> Mapping[str, Any]:
    return tile(frame["tile"]).side_effect(frame["side"])


def effect_options(state: Any, frame: Mapping[str, Any]) -> tuple[str, tuple[Option, ...]]:
    """The decision kind and options of the effect ``frame`` (a worker activated, or a favour's worksite tile)."""
    effect = effect_of(frame)
    kind = effect["type"]
    seat, place = frame["player"], frame["place"]
    if kind == "trade":
        return kind, _trade_options(state, seat, place, effect["trades"])
    if kind == "build":
        return kind, _build_options(state, seat, place, effect["kind"], effect.get("free", ()))
    if kind == "lawyer":
        return kind, _lawyer_options(state, seat, place, effect["pay"])
    if kind == "provost":
        steps = provost_steps(state, effect["max_steps"])
        return kind, tuple(Option(Action(seat, "provost", {"place": place, "steps": d}), label=_steps_label(d))
                           for d in steps)
    return "gain", (Option(Action(seat, "gain", {"place": place}), gain=_gain_of(effect),
                           label=f"{title(frame['tile'])}: take it"),)


def _gain_of(effect: Mapping[str, Any]) -> dict[str, int]:
    gain = dict(effect.get("goods", {}))
    if effect.get("workers"):
        gain["worker"] = effect["workers"]
    return gain


def _trade_options(state: Any, seat: int, place: str, trades: list[Mapping[str, Any]]) -> tuple[Option, ...]:
    goods = state.goods[seat]
    options = []
    for index, trade in enumerate(trades):
        if trade.get("pay_workers", 0) > state.workers[seat]:
            continue
        fixed = [g for g, n in trade.get("pay", {}).items() for _ in range(n)]
        for extra in combinations_with_replacement(PLAIN_GOODS, trade.get("pay_any", 0)):
            paid = tuple(sorted(fixed + list(extra)))
            if not affordable(paid, goods):
                continue
            for taken in combinations_with_replacement(PLAIN_GOODS, trade.get("gain_any", 0)):
                args: dict[str, Any] = {"place": place, "trade": index}
                if trade.get("pay_any"):
                    args["pay"] = list(paid)
                if trade.get("gain_any"):
                    args["take"] = list(taken)
                cost = dict(Counter(paid))
                if trade.get("pay_workers"):
                    cost["worker"] = trade["pay_workers"]
                gain = dict(Counter(taken) + Counter(trade.get("gain", {})))
                if trade.get("workers"):
                    gain["worker"] = trade["workers"]
                options.append(Option(Action(seat, "trade", args), cost=cost, gain=gain,
                                      label=_trade_label(trade, paid, taken)))
    if all(_costs_something(trade) for trade in trades):
        options.append(Option(Action(seat, "trade", {"place": place, "skip": True}), label="Do nothing"))
    return tuple(options)


def _costs_something(trade: Mapping[str, Any]) -> bool:
    return bool(trade.get("pay") or trade.get("pay_any") or trade.get("pay_workers"))


def _trade_label(trade: Mapping[str, Any], paid: tuple[str, ...], taken: tuple[str, ...]) -> str:
    price = [goods_text(paid)] if paid else []
    if trade.get("pay_workers"):
        price.append(f"{trade['pay_workers']} workers")
    gains = [goods_text(list(taken) + [g for g, n in trade.get("gain", {}).items() for _ in range(n)])]
    if trade.get("workers"):
        gains.append(f"{trade['workers']} workers")
    if trade.get("pp"):
        gains.append(f"{trade['pp']} PP")
    if trade.get("favours"):
        gains.append("a favour")
    return f"{' + '.join(price) or 'free'} → {' + '.join(g for g in gains if g)}"


def _build_options(state: Any, seat: int, place: str, kind: str, free: Iterable[str]) -> tuple[Option, ...]:
    skip = Option(Action(seat, "build", {"place": place, "skip": True}), label="Build nothing")
    if state.houses[seat] < 1 or state.first_empty_space() is None:
        return (skip,)
    supply = state.wood_supply if kind == "wood" else state.stone_supply
    options = []
    for tile_id in sorted(set(supply)):
        cost = {good: n for good, n in tile(tile_id).cost.items() if good not in free}
        for paid in payments(cost, state.goods[seat]):
            options.append(Option(Action(seat, "build", {"place": place, "building": tile_id, "pay": list(paid)}),
                                  cost=dict(Counter(paid)), label=f"{title(tile_id)} for {goods_text(paid) or 'nothing'}"))
    return (*options, skip)


def _lawyer_options(state: Any, seat: int, place: str, price: Mapping[str, int]) -> tuple[Option, ...]:
    skip = Option(Action(seat, "lawyer", {"place": place, "skip": True}), label="Do nothing")
    paid = [good for good, n in price.items() for _ in range(n)]
    if state.houses[seat] < 1 or not affordable(paid, state.goods[seat]):
        return (skip,)
    options = [Option(Action(seat, "lawyer", {"place": place, "space": index + 1}), cost=dict(Counter(paid)),
                      label=f"A house on the {title(state.road_tile[index])} (space {index + 1})")
               for index in lawyer_targets(state)]
    return (*options, skip)


def lawyer_targets(state: Any) -> list[int]:
    """Road spaces whose starting building still shows its start side (yellow flag) and has no house."""
    return [index for index, tile_id in enumerate(state.road_tile)
            if tile_id is not None and tile(tile_id).kind == "starting" and state.road_side[index] == "start"
            and state.road_owner[index] is None]


def provost_steps(state: Any, most: int, workers: int | None = None) -> list[int]:
    """Moves of the provost of at most ``most`` steps (and ``workers``, when each step costs one) that keep him
    between the Guilds Bridge and the end of the road; 0 (leave him) included."""
    limit = most if workers is None else min(most, workers)
    return [d for d in range(-limit, limit + 1) if 0 <= state.provost + d <= ROAD_LENGTH]


def _steps_label(steps: int) -> str:
    if steps == 0:
        return "Leave the provost"
    return f"Provost {abs(steps)} {'forward' if steps > 0 else 'back'}"


# ---------------------------------------------------------------- a building's effect: resolution
def resolve_effect(state: Any, frame: Mapping[str, Any], action: Action) -> None:
    seat, place = frame["player"], frame["place"]
    effect = effect_of(frame)
    event: dict[str, Any] = {"player": state.colours[seat], "place": place, "building": frame["tile"]}
    if action.arg("skip"):
        state.events.append({"type": "effect_unused", **event})
        return
    kind = effect["type"]
    if kind == "gain":
        _resolve_gain(state, seat, effect, event)
    elif kind == "trade":
        _resolve_trade(state, seat, effect["trades"][action.arg("trade")], action, event)
    elif kind == "build":
        build(state, seat, action.arg("building"), list(action.arg("pay")), event)
    elif kind == "lawyer":
        index = action.arg("space") - 1
        pay(state, seat, [good for good, n in effect["pay"].items() for _ in range(n)])
        state.houses[seat] -= 1
        state.road_owner[index] = seat
        state.events.append({"type": "house_placed", **event, "space": index + 1, "on": state.road_tile[index]})
    elif kind == "provost":
        move_provost(state, action.arg("steps"), seat, place)


def _resolve_gain(state: Any, seat: int, effect: Mapping[str, Any], event: dict[str, Any]) -> None:
    give(state, seat, effect.get("goods", {}))
    taken = recruit(state, seat, effect.get("workers", 0))
    score(state, seat, effect.get("pp", 0), "effects")
    state.events.append({"type": "gained", **event, "goods": dict(effect.get("goods", {})), "workers": taken,
                         "pp": effect.get("pp", 0)})
    push_favours(state, seat, effect.get("favours", 0), event["place"])


def _resolve_trade(state: Any, seat: int, trade: Mapping[str, Any], action: Action, event: dict[str, Any]) -> None:
    paid = [g for g, n in trade.get("pay", {}).items() for _ in range(n)] + list(action.arg("pay", ()))
    pay(state, seat, paid)
    return_workers(state, seat, trade.get("pay_workers", 0))
    taken_goods = list(action.arg("take", ())) + [g for g, n in trade.get("gain", {}).items() for _ in range(n)]
    give(state, seat, taken_goods)
    workers = recruit(state, seat, trade.get("workers", 0))
    score(state, seat, trade.get("pp", 0), "trades")
    state.events.append({"type": "traded", **event, "paid": sorted(paid), "workers_paid": trade.get("pay_workers", 0),
                         "took": sorted(taken_goods), "workers": workers, "pp": trade.get("pp", 0)})
    push_favours(state, seat, trade.get("favours", 0), event["place"])


def build(state: Any, seat: int, tile_id: str, paid: list[str], event: Mapping[str, Any]) -> None:
    """A wood or stone building from the supply onto the first empty road space, build side up, with a house."""
    index = state.first_empty_space()
    pay(state, seat, paid)
    supply = state.wood_supply if tile(tile_id).kind == "wood" else state.stone_supply
    supply.remove(tile_id)
    state.road_tile[index], state.road_side[index], state.road_owner[index] = tile_id, "build", seat
    state.houses[seat] -= 1
    score(state, seat, tile(tile_id).pp, "buildings")
    architect = 1 if state.holds(seat, "architect") else 0
    score(state, seat, architect, "architect")
    state.events.append({"type": "built", **event, "player": state.colours[seat], "tile": tile_id,
                         "space": index + 1, "paid": sorted(paid), "pp": tile(tile_id).pp + architect})


def move_provost(state: Any, steps: int, seat: int, why: str) -> None:
    state.provost += steps
    state.events.append({"type": "provost_moved", "player": state.colours[seat], "by": why, "steps": steps,
                         "provost": state.provost})


# ---------------------------------------------------------------- favours
def favour_options(state: Any, seat: int) -> tuple[Option, ...]:
    """Take a character from another player, or use one of the open worksite buildings (then a board character)."""
    options = [Option(Action(seat, "favour", {"take": character}),
                      label=f"Take the {title(character)} from {state.player_label(other)}")
               for other, held in enumerate(state.characters) if other != seat for character in sorted(held)]
    for space in range(1, worksite_open(state) + 1):
        tile_id = state.worksite_tiles[space - 1]
        options.append(Option(Action(seat, "favour", {"worksite": space}),
                              label=f"Use the {title(tile_id)} on the worksite"))
    return tuple(options)


def worksite_open(state: Any) -> int:
    return int(rules()["worksite_open"][str(state.round)])


def resolve_favour(state: Any, seat: int, action: Action) -> None:
    character = action.arg("take")
    if character is not None:
        other = state.holder(character)
        state.characters[other].remove(character)
        state.characters[seat].append(character)
        state.characters[seat].sort()
        state.events.append({"type": "character_taken", "player": state.colours[seat], "character": character,
                             "from": state.colours[other]})
        return
    space = action.arg("worksite")
    tile_id = state.worksite_tiles[space - 1]
    state.events.append({"type": "favour_worksite", "player": state.colours[seat], "space": space, "building": tile_id})
    if state.board_characters:
        state.queue.append({"kind": "favour_character", "player": seat})
    state.queue.append({"kind": "effect", "player": seat, "tile": tile_id, "side": "start",
                        "place": f"worksite.{space}"})


def favour_character_options(state: Any, seat: int) -> tuple[Option, ...]:
    options = [Option(Action(seat, "favour_character", {"character": c}), label=f"Take the {title(c)}")
               for c in sorted(state.board_characters)]
    return (*options, Option(Action(seat, "favour_character", {"skip": True}), label="Take no character"))


def resolve_favour_character(state: Any, seat: int, action: Action) -> None:
    character = action.arg("character")
    if character is None:
        return
    state.board_characters.remove(character)
    state.characters[seat].append(character)
    state.characters[seat].sort()
    state.events.append({"type": "character_taken", "player": state.colours[seat], "character": character,
                         "from": "board"})


# ---------------------------------------------------------------- landmarks
def landmark_options(state: Any, seat: int, index: int) -> tuple[Option, ...]:
    options = []
    for tile_id in state.landmark_supply:
        paid = tuple(good for good, n in tile(tile_id).cost.items() for _ in range(n))
        if affordable(paid, state.goods[seat]):
            options.append(Option(Action(seat, "landmark", {"space": index + 1, "landmark": tile_id}),
                                  cost=dict(Counter(paid)), label=f"{title(tile_id)} ({tile(tile_id).pp} PP)"))
    return (*options, Option(Action(seat, "landmark", {"space": index + 1, "skip": True}), label="Keep the residence"))


def build_landmark(state: Any, seat: int, index: int, tile_id: str) -> None:
    landmark = tile(tile_id)
    pay(state, seat, [good for good, n in landmark.cost.items() for _ in range(n)])
    state.landmark_supply.remove(tile_id)
    state.road_base[index] = state.road_tile[index]
    state.road_tile[index], state.road_side[index] = tile_id, "landmark"
    score(state, seat, landmark.pp, "landmarks")
    architect = 1 if state.holds(seat, "architect") else 0
    score(state, seat, architect, "architect")
    state.events.append({"type": "landmark_built", "player": state.colours[seat], "landmark": tile_id,
                         "space": index + 1, "pp": landmark.pp + architect})
    push_favours(state, seat, landmark.favours, tile_id)


# ---------------------------------------------------------------- delivery
def bundle_options(state: Any, seat: int) -> tuple[Option, ...]:
    """Bundles ``seat`` can deliver now: 3 different goods with a food (any 3 with the Chamberlain), or stop."""
    goods = state.goods[seat]
    if state.holds(seat, "chamberlain"):
        bundles = set(combinations_with_replacement(GOODS, 3))
    else:
        others = [g for g in GOODS if g != "food"]
        bundles = {tuple(sorted(("food", a, b))) for i, a in enumerate(others) for b in others[i + 1:]}
    options = [Option(Action(seat, "deliver", {"goods": list(bundle)}), cost=dict(Counter(bundle)),
                      label=f"Deliver {goods_text(bundle)}")
               for bundle in sorted(bundles) if affordable(bundle, goods)]
    return (*options, Option(Action(seat, "deliver", {"stop": True}), label="Deliver no more"))


def deliver(state: Any, seat: int, bundle: list[str]) -> None:
    pay(state, seat, bundle)
    state.bundles[seat] += 1
    score(state, seat, rules()["delivery_pp"], "deliveries")
    extra = 0
    if state.holds(seat, "foreman"):
        score(state, seat, 1, "foreman")
        extra += 1
    if state.holds(seat, "goldsmith") and not state.goldsmith_used and "gold" in bundle:
        state.goldsmith_used = True
        score(state, seat, 5, "goldsmith")
        extra += 5
    state.events.append({"type": "delivered", "player": state.colours[seat], "goods": sorted(bundle),
                         "pp": rules()["delivery_pp"] + extra, "bundles": state.bundles[seat]})
