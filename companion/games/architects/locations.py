"""The main board's locations: where a worker may go now, and what placing it there does.

``n`` is always the number of the player's own workers at the location after placing (seed); opponents' workers
never count. Multi-action locations (King's Storehouse, Town Centre, Guardhouse) push a task that asks again
until the actions are spent or the player says done.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, NamedTuple

from ..decisions import Action, Decision
from .cards import hire, hire_options
from .construction import can_enter_guildhall, enter_guildhall
from .data import count_facts, market_kinds, rule, rules
from .economy import (abilities, can_pay, change_virtue, gain, label, pay, pay_with_tax, player,
                      silver_with_tax, take_debt)
from .tasks import decides, event, option, push, push_all, resolves

LARGE = tuple(rules()["large_locations"])
CAPTURABLE = tuple(rule("capturable"))
MARKET = rules()["black_market"]
GUARD = rules()["guardhouse"]
TITLES = {"quarry": "Quarry", "forest": "Forest", "silversmith": "Silversmith", "mines": "Mines",
          "storehouse": "King's Storehouse", "workshop": "Workshop", "town_centre": "Town Centre",
          "tax_stand": "Tax Stand", "guardhouse": "Guardhouse", "guildhall": "Guildhall",
          "black_market": "Black Market"}


# ---------------------------------------------------------------- where a worker may go
def market_silver(s: dict[str, Any], seat: int, space: str) -> int:
    return max(0, MARKET["silver"][space] - sum(abilities(s, seat, "market_discount")))


def market_goods(s: dict[str, Any], space: str) -> dict[str, int] | None:
    if space == "a":
        return None if s["market_top"] is None else dict(market_kinds()[s["market_top"]]["small"])
    if space == "c":
        return None if not s["market_large"] else dict(market_kinds()[s["market_large"][-1]]["large"])
    return {}


def market_open(s: dict[str, Any], seat: int, space: str) -> bool:
    index = MARKET["spaces"].index(space)
    return (s["market"][index] is None and player(s, seat)["virtue"] < MARKET["closed_at_virtue"]
            and player(s, seat)["silver"] >= market_silver(s, seat, space) and market_goods(s, space) is not None)


def placements(s: dict[str, Any], seat: int) -> list:
    found = []
    for loc in LARGE:
        if loc == "tax_stand" and s["tax"] == 0:
            continue
        found.append(option(seat, "place", TITLES[loc], location=loc))
    for space in MARKET["spaces"]:
        if market_open(s, seat, space):
            found.append(option(seat, "place", f"Black Market {space.upper()}",
                                cost={"silver": market_silver(s, seat, space)}, location="black_market", space=space))
    if can_enter_guildhall(s, seat):
        found.append(option(seat, "place", "Guildhall", location="guildhall"))
    return found


# ---------------------------------------------------------------- placing
def place(s: dict[str, Any], seat: int, action: Action) -> None:
    loc = action.arg("location")
    me = player(s, seat)
    me["supply"] -= 1
    event(s, "placed", player=s["colours"][seat], location=loc, space=action.arg("space"))
    if loc == "black_market":
        enter_market(s, seat, action.arg("space"))
        return
    if loc == "guildhall":
        enter_guildhall(s, seat)
        return
    s["locations"][loc][seat] += 1
    n = s["locations"][loc][seat]
    bonus = {}
    for entry in abilities(s, seat, "location_bonus"):
        if entry["location"] == loc:
            for good, amount in entry["gain"].items():
                bonus[good] = bonus.get(good, 0) + amount
    if loc in rules()["location_gain"] and loc != "_":
        (good, (per, plus)), = rules()["location_gain"][loc].items()
        gain(s, seat, {good: per * n + plus})
        gain(s, seat, bonus)
    elif loc == "mines":
        push(s, {"kind": "mines", "seat": seat, "n": n, "bonus": bonus})
    elif loc == "storehouse":
        push(s, {"kind": "storehouse", "seat": seat, "left": n})
    elif loc == "workshop":
        push(s, {"kind": "workshop", "seat": seat, "n": n})
    elif loc == "town_centre":
        push(s, capture_task(s, seat, n, free=False, locations=count_facts(len(s["colours"]))["capture_locations"]))
    elif loc == "tax_stand":
        me["silver"] += s["tax"]
        s["tax"] = 0
        saved = sum(abilities(s, seat, "tax_stand_virtue_saved"))
        change_virtue(s, seat, min(0, rules()["tax_stand"]["virtue"] + saved))
        gain(s, seat, bonus)
    elif loc == "guardhouse":
        push(s, {"kind": "guardhouse", "seat": seat, "left": n})


# ---------------------------------------------------------------- Mines
@decides("mines")
def decide_mines(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    seat, n, mines = task["seat"], task["n"], rules()["mines"]
    per, plus = mines["clay"]
    clay = {"clay": per * n + plus + task["bonus"].get("clay", 0)}
    options = [option(seat, "mines", f"{clay['clay']} clay", gain=clay, take="clay")]
    gold = n // mines["gold_per_workers"]
    if gold:
        got = {"gold": gold, **({"clay": task["bonus"]["clay"]} if task["bonus"].get("clay") else {})}
        options.append(option(seat, "mines", f"{gold} gold", gain=got, take="gold"))
    return Decision(seat, "mines", tuple(options), {"place": "mines", "workers": n})


@resolves("mines")
def resolve_mines(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    decision = decide_mines(s, task)
    chosen = next(o for o in decision.options if o.action == action)
    gain(s, task["seat"], dict(chosen.gain))


# ---------------------------------------------------------------- King's Storehouse
def trades(s: dict[str, Any], seat: int) -> list[tuple[str, dict[str, int], dict[str, int]]]:
    """Every trade the player may make once now: (name, pay, gain), the board's and their apprentices'."""
    found = []
    for name, trade in rules()["storehouse_trades"].items():
        if name == "source":
            continue
        for combo in combinations_with_replacement(trade["pay_any_of"], trade["count"]):
            cost: dict[str, int] = {}
            for good in combo:
                cost[good] = cost.get(good, 0) + 1
            found.append((name, cost, dict(trade["gain"])))
    seen = set()
    for entry in abilities(s, seat, "storehouse_trade"):
        key = "+".join(f"{g}{a}" for g, a in sorted(entry["pay"].items())) + ">" + \
              "+".join(f"{g}{a}" for g, a in sorted(entry["gain"].items()))
        if key not in seen:
            seen.add(key)
            found.append((key, dict(entry["pay"]), dict(entry["gain"])))
    return [(name, cost, got) for name, cost, got in found if can_pay(s, seat, cost)]


@decides("storehouse")
def decide_storehouse(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    seat = task["seat"]
    options = [option(seat, "trade", f"pay {cost} for {got}", cost=cost, gain=got, trade=name, **cost)
               for name, cost, got in trades(s, seat)]
    options.append(option(seat, "done", "no more trades"))
    return Decision(seat, "trade", tuple(options), {"place": "storehouse", "left": task["left"]})


@resolves("storehouse")
def resolve_storehouse(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    if action.kind == "done":
        return
    seat = task["seat"]
    name, cost, got = next(t for t in trades(s, seat)
                           if t[0] == action.arg("trade") and all(action.arg(g) == a for g, a in t[1].items()))
    pay(s, seat, cost)
    gain(s, seat, got)
    if task["left"] > 1:
        push(s, {**task, "left": task["left"] - 1})


# ---------------------------------------------------------------- Workshop
@decides("workshop")
def decide_workshop(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    seat, n = task["seat"], task["n"]
    work = rule("workshop")
    cards = work["draw_base"] + n // work["draw_per_workers"]
    options = [option(seat, "draw", f"draw {cards} building cards", cards=cards)]
    options += hire_options(s, seat, "hire", n)
    return Decision(seat, "workshop", tuple(options), {"place": "workshop", "workers": n})


@resolves("workshop")
def resolve_workshop(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    seat = task["seat"]
    if action.kind == "draw":
        push_all(s, [{"kind": "draw", "seat": seat, "to": "hand"} for _ in range(action.arg("cards"))])
    else:
        hire(s, seat, action.arg("row") - 1, action.arg("column") - 1, task["n"])


# ---------------------------------------------------------------- Town Centre (and free captures from buildings)
def capture_task(s: dict[str, Any], seat: int, count: int, free: bool, locations: int) -> dict[str, Any]:
    return {"kind": "capture", "seat": seat, "left": count, "made": 0, "free": free, "limit": locations,
            "from": [], "discount": 0 if free else sum(abilities(s, seat, "capture_discount"))}


def capture_price(s: dict[str, Any], task: dict[str, Any]) -> int:
    if task["free"]:
        return 0
    town = rules()["town_centre"]
    if task["made"] == 0:
        return silver_with_tax(s, task["seat"], town["first_tax"], town["first_tax"])
    return 0 if task["discount"] > 0 else town["each_more_silver"]


def capture_targets(s: dict[str, Any], task: dict[str, Any]) -> list[tuple[str, int]]:
    places = [loc for loc in CAPTURABLE if len(task["from"]) < task["limit"] or loc in task["from"]]
    return [(loc, victim) for loc in places for victim in range(len(s["colours"])) if s["locations"][loc][victim]]


@decides("capture")
def decide_capture(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    seat = task["seat"]
    price = capture_price(s, task)
    options = []
    if player(s, seat)["silver"] >= price:
        options = [option(seat, "capture", f"capture {label(s, victim)} at the {TITLES[loc]}",
                          cost={"silver": price} if price else None, location=loc, colour=s["colours"][victim])
                   for loc, victim in capture_targets(s, task)]
    if not options:
        return None
    options.append(option(seat, "done", "no more captures"))
    return Decision(seat, "capture", tuple(options), {"place": "town_centre", "left": task["left"],
                                                      "free": task["free"]})


@resolves("capture")
def resolve_capture(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    if action.kind == "done":
        return
    seat, loc = task["seat"], action.arg("location")
    victim = s["colours"].index(action.arg("colour"))
    if not task["free"]:
        town = rules()["town_centre"]
        if task["made"] == 0:
            pay_with_tax(s, seat, town["first_tax"], town["first_tax"])
        elif task["discount"] > 0:
            task = {**task, "discount": task["discount"] - 1}
        else:
            player(s, seat)["silver"] -= town["each_more_silver"]
    workers = s["locations"][loc][victim]
    s["locations"][loc][victim] = 0
    if victim == seat:
        player(s, seat)["supply"] += workers
    else:
        player(s, seat)["captured"][victim] += workers
    event(s, "captured", player=s["colours"][seat], colour=s["colours"][victim], location=loc, workers=workers)
    places = task["from"] if loc in task["from"] else task["from"] + [loc]
    if task["left"] > 1:
        push(s, {**task, "left": task["left"] - 1, "made": task["made"] + 1, "from": places})


# ---------------------------------------------------------------- Guardhouse
def guard_options(s: dict[str, Any], seat: int) -> list:
    me = player(s, seat)
    found = []
    if sum(me["captured"]):
        found.append(option(seat, "guard", "send captured workers to prison", gain={"silver": sum(me["captured"])},
                            action="prison"))
    if me["prison"]:
        found.append(option(seat, "guard", "release your workers from prison", action="release_prison"))
    release = silver_with_tax(s, seat, GUARD["release_silver"], GUARD["release_tax"])
    for other in range(len(s["colours"])):
        if other != seat and player(s, other)["captured"][seat]:
            board = s["colours"][other]
            if me["silver"] >= release:
                found.append(option(seat, "guard", f"release from {label(s, other)}'s board",
                                    cost={"silver": release}, action="release_captured", board=board, pay="silver"))
            found.append(option(seat, "guard", f"release from {label(s, other)}'s board for a debt",
                                action="release_captured", board=board, pay="debt"))
    payoff = silver_with_tax(s, seat, GUARD["payoff_silver"], GUARD["payoff_tax"])
    if me["unpaid"] and me["silver"] >= payoff:
        found.append(option(seat, "guard", "pay off a debt", cost={"silver": payoff}, action="payoff"))
    return found


@decides("guardhouse")
def decide_guardhouse(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    seat = task["seat"]
    options = guard_options(s, seat) + [option(seat, "done", "no more guardhouse actions")]
    return Decision(seat, "guard", tuple(options), {"place": "guardhouse", "left": task["left"]})


def send_to_prison(s: dict[str, Any], seat: int) -> None:
    me = player(s, seat)
    for victim, workers in enumerate(me["captured"]):
        player(s, victim)["prison"] += workers
        me["silver"] += workers * GUARD["prison_silver_per_worker"]
    me["captured"] = [0] * len(s["colours"])


def release_from_board(s: dict[str, Any], seat: int, other: int) -> None:
    player(s, seat)["supply"] += player(s, other)["captured"][seat]
    player(s, other)["captured"][seat] = 0


def pay_off_debt(s: dict[str, Any], seat: int) -> None:
    me = player(s, seat)
    me["unpaid"] -= 1
    me["paid"] += 1
    change_virtue(s, seat, GUARD["payoff_virtue"])
    for bonus in abilities(s, seat, "payoff_bonus"):
        gain(s, seat, bonus)


@resolves("guardhouse")
def resolve_guardhouse(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    if action.kind == "done":
        return
    seat, what = task["seat"], action.arg("action")
    me = player(s, seat)
    if what == "prison":
        send_to_prison(s, seat)
    elif what == "release_prison":
        me["supply"] += me["prison"]
        me["prison"] = 0
    elif what == "release_captured":
        if action.arg("pay") == "silver":
            pay_with_tax(s, seat, GUARD["release_silver"], GUARD["release_tax"])
        else:
            take_debt(s, seat, GUARD["release_debts"])
            change_virtue(s, seat, GUARD["release_virtue"])
        release_from_board(s, seat, s["colours"].index(action.arg("board")))
    else:
        pay_with_tax(s, seat, GUARD["payoff_silver"], GUARD["payoff_tax"])
        pay_off_debt(s, seat)
    if task["left"] > 1:
        push(s, {**task, "left": task["left"] - 1})


# ---------------------------------------------------------------- Black Market
def enter_market(s: dict[str, Any], seat: int, space: str) -> None:
    index = MARKET["spaces"].index(space)
    goods = market_goods(s, space)
    s["market"][index] = seat
    player(s, seat)["silver"] -= market_silver(s, seat, space)
    if not abilities(s, seat, "market_no_virtue_loss"):
        change_virtue(s, seat, MARKET["virtue"])
    for bonus in abilities(s, seat, "market_bonus"):
        gain(s, seat, bonus)
    if space == "b":
        push(s, {"kind": "market_b", "seat": seat})
    else:
        gain(s, seat, goods or {})
    if all(worker is not None for worker in s["market"]):
        s["reset_due"] = True


@decides("market_b")
def decide_market_b(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    seat = task["seat"]
    options = hire_options(s, seat, "hire", None)
    options.append(option(seat, "draw", f"draw {MARKET['b_draw']} building cards, keep 1", cards=MARKET["b_draw"]))
    return Decision(seat, "market_b", tuple(options), {"place": "black_market"})


@resolves("market_b")
def resolve_market_b(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    seat = task["seat"]
    if action.kind == "hire":
        hire(s, seat, action.arg("row") - 1, action.arg("column") - 1, None)
        return
    push_all(s, [{"kind": "draw", "seat": seat, "to": "offer"} for _ in range(MARKET["b_draw"])]
             + [{"kind": "offer_keep", "seat": seat, "into": "hand"}])



class Refusal(NamedTuple):
    """Why a worker can't go where an action puts it: ``reason`` (after "<Who> can't place on the <place>: "), the
    ``rule``, and ``key`` naming it in the pack's strings (``refusals.<key>``) with ``values``."""

    reason: str
    rule: str
    key: str
    values: dict[str, Any]


def _placement_refusal(reason: str, rule: str, key: str, **values: Any) -> Refusal:
    """A :class:`Refusal`. Write ``key`` out (a string, or strings joined by ``if``/``+``): the tests read them."""
    return Refusal(reason, rule, key, values)


def why_not(s: dict[str, Any], seat: int, action: Action) -> Refusal | None:
    """Why a worker can't go where ``action`` puts it, or None when it is not a placement."""
    loc, space = action.arg("location"), action.arg("space")
    who = label(s, seat)
    if action.kind != "place" or loc not in (*LARGE, "black_market", "guildhall"):
        return None
    if player(s, seat)["supply"] == 0:
        return _placement_refusal(f"{who} has no worker left on their board", "no worker to place", "no_worker")
    if loc == "tax_stand" and s["tax"] == 0:
        return _placement_refusal("the Tax Stand holds no silver", "no placement on an empty Tax Stand",
                                  "tax_stand_empty")
    if loc == "black_market":
        if space not in MARKET["spaces"]:
            return _placement_refusal(f"the Black Market has no space {space!r}", "Black Market spaces are a, b and c",
                                      "market_no_space", space=str(space))
        taken = s["market"][MARKET["spaces"].index(space)]
        if taken is not None:
            return _placement_refusal(f"{label(s, taken)}'s worker already stands on space {space.upper()}",
                                      "one worker per space", "market_taken", space=space.upper(),
                                      occupant=s["colours"][taken])
        if player(s, seat)["virtue"] >= MARKET["closed_at_virtue"]:
            return _placement_refusal(f"{who}'s virtue is {MARKET['closed_at_virtue']} or more",
                                      "Black Market closed at high virtue", "market_closed",
                                      virtue=MARKET["closed_at_virtue"])
        if player(s, seat)["silver"] < market_silver(s, seat, space):
            return _placement_refusal(f"{who} has {player(s, seat)['silver']} silver and space {space.upper()} costs "
                                      f"{market_silver(s, seat, space)}", "pay the Black Market's silver",
                                      "market_silver", silver=player(s, seat)["silver"], space=space.upper(),
                                      cost=market_silver(s, seat, space))
        return _placement_refusal("no market card shows there", "a Black Market space needs its card",
                                  "market_no_card", space=space.upper())
    if loc == "guildhall":
        return _placement_refusal(f"{who} can construct no building from hand and can't advance the Cathedral",
                                  "the Guildhall needs a building or the Cathedral", "guildhall_nothing")
    return None
    if player(s, seat)["supply"] == 0:
        return f"{who} has no worker left on their board", "no worker to place"
    if loc == "tax_stand" and s["tax"] == 0:
        return "the Tax Stand holds no silver", "no placement on an empty Tax Stand"
    if loc == "black_market":
        if space not in MARKET["spaces"]:
            return f"the Black Market has no space {space!r}", "Black Market spaces are a, b and c"
        taken = s["market"][MARKET["spaces"].index(space)]
        if taken is not None:
            return f"{label(s, taken)}'s worker already stands on space {space.upper()}", "one worker per space"
        if player(s, seat)["virtue"] >= MARKET["closed_at_virtue"]:
            return f"{who}'s virtue is {MARKET['closed_at_virtue']} or more", "Black Market closed at high virtue"
        if player(s, seat)["silver"] < market_silver(s, seat, space):
            return (f"{who} has {player(s, seat)['silver']} silver and space {space.upper()} costs "
                    f"{market_silver(s, seat, space)}", "pay the Black Market's silver")
        return "no market card shows there", "a Black Market space needs its card"
    if loc == "guildhall":
        return (f"{who} can construct no building from hand and can't advance the Cathedral",
                "the Guildhall needs a building or the Cathedral")
    return None
