"""The Guildhall: a worker laid there for good, to construct a building from the hand or advance work on the
Cathedral; the buildings' immediate effects.

Which card is built is first chosen in secret (``construct``), then the table sees it turned face up
(``reveal_building``, a chance decision with one outcome): only then is it paid for and its effect applied, so the
secret choice changes nothing the camera sees.
"""

from __future__ import annotations

from typing import Any

from ..decisions import CHANCE, Action, Decision
from .data import building, cathedral_level, guildhall_spaces, reset_spaces, rules
from .economy import (abilities, can_pay, change_virtue, gain, label, pay, player, skills_of, take_debt)
from .tasks import automatic, decides, event, option, outcome, push, push_all, resolves

CATHEDRAL = rules()["cathedral"]
VIRTUE = rules()["virtue"]


# ---------------------------------------------------------------- what may be done there
def buildable(s: dict[str, Any], seat: int) -> list[int]:
    skills = skills_of(s, seat)
    return sorted(card for card in player(s, seat)["hand"]
                  if set(building(card).skills) <= skills and can_pay(s, seat, building(card).cost))


def cathedral_payments(s: dict[str, Any], seat: int) -> list[dict[str, int]]:
    """The ways a player may pay for their next Cathedral level now (empty when they may not advance)."""
    me = player(s, seat)
    level = me["cathedral"] + 1
    if level > len(CATHEDRAL["levels"]) or me["virtue"] <= VIRTUE["no_cathedral_at_most"]:
        return []
    if len(me["hand"]) < CATHEDRAL["discard_cards"]:
        return []
    spaces = cathedral_level(level)["spaces"]
    if sum(1 for other in s["players"] if other["cathedral"] == level) >= spaces:
        return []
    facts = cathedral_level(level)
    if "cost" in facts:
        return [dict(facts["cost"])] if can_pay(s, seat, facts["cost"]) else []
    total = facts["cost_stone_or_wood"]
    return [{k: v for k, v in (("wood", wood), ("stone", total - wood)) if v}
            for wood in range(total + 1) if wood <= me["wood"] and total - wood <= me["stone"]]


def can_enter_guildhall(s: dict[str, Any], seat: int) -> bool:
    return bool(buildable(s, seat) or cathedral_payments(s, seat))


def enter_guildhall(s: dict[str, Any], seat: int) -> None:
    """Lay the worker on the next space (left to right, top to bottom), or beside once all are filled."""
    count = len(s["colours"])
    index = len(s["guildhall"])
    if index < guildhall_spaces(count):
        s["guildhall"].append(seat)
        if index in reset_spaces(count):
            s["reset_due"] = True
        if index + 1 == guildhall_spaces(count) and s["final_turns"] is None:
            s["final_turns"] = count
            event(s, "end_triggered", player=s["colours"][seat])
    else:
        s["beside"].append(seat)
    push(s, {"kind": "guildhall", "seat": seat})


@decides("guildhall")
def decide_guildhall(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    seat = task["seat"]
    options = [option(seat, "build", "construct a building from your hand")] if buildable(s, seat) else []
    level = player(s, seat)["cathedral"] + 1
    options += [option(seat, "cathedral", f"advance the Cathedral to level {level}", cost=cost, level=level, **cost)
                for cost in cathedral_payments(s, seat)]
    return Decision(seat, "guildhall", tuple(options), {"place": "guildhall"})


@resolves("guildhall")
def resolve_guildhall(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    seat = task["seat"]
    if action.kind == "build":
        push(s, {"kind": "construct", "seat": seat})
        return
    cost = {good: action.arg(good) for good in ("gold", "marble", "wood", "stone") if action.arg(good)}
    pay(s, seat, cost)
    player(s, seat)["cathedral"] += 1
    event(s, "cathedral", player=s["colours"][seat], level=player(s, seat)["cathedral"])
    push_all(s, [{"kind": "cathedral_discard", "seat": seat}, {"kind": "cathedral_reward", "seat": seat}])


# ---------------------------------------------------------------- constructing a building
@decides("construct")
def decide_construct(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    seat = task["seat"]
    options = tuple(option(seat, "construct", building(c).name, cost=dict(building(c).cost), card=c)
                    for c in buildable(s, seat))
    return Decision(seat, "construct", options, {"place": "guildhall"}, private_to=seat)


@resolves("construct")
def resolve_construct(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    push(s, {"kind": "reveal_building", "seat": task["seat"], "card": action.arg("card")})


@decides("reveal_building")
def decide_reveal_building(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    card = task["card"]
    return Decision(CHANCE, "reveal_building", (outcome("reveal_building", building(card).name, card=card),),
                    {"seat": task["seat"], "place": "guildhall"})


@resolves("reveal_building")
def resolve_reveal_building(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    seat, card = task["seat"], task["card"]
    me, spec = player(s, seat), building(task["card"])
    me["hand"].remove(card)
    pay(s, seat, spec.cost)
    me["buildings"].append(card)
    event(s, "built", player=s["colours"][seat], card=card, name=spec.name)
    change_virtue(s, seat, spec.virtue)
    immediate_effect(s, seat, spec.effect)


def immediate_effect(s: dict[str, Any], seat: int, effect: dict[str, Any]) -> None:
    """What a building does the moment it is built (end-game effects wait for :mod:`.endgame`)."""
    me = player(s, seat)
    if "gain" in effect:
        gain(s, seat, effect["gain"])
    if "draw" in effect:
        gain(s, seat, {"draw": effect["draw"]})
    if "choose_gain" in effect:
        push(s, {"kind": "choose_gain", "seat": seat, "gains": effect["choose_gain"], "place": "guildhall"})
    if "take_debt" in effect:
        take_debt(s, seat, effect["take_debt"])
    if effect.get("hire_free"):
        push(s, {"kind": "hire_any", "seat": seat, "place": "guildhall"})
    if "prisoners_lose_virtue" in effect:
        rule = effect["prisoners_lose_virtue"]
        for other, them in enumerate(s["players"]):
            if them["prison"] >= rule["at_least"]:
                change_virtue(s, other, -rule["virtue"])
    if "free_captures" in effect:
        from .locations import capture_task
        spec = effect["free_captures"]
        push(s, capture_task(s, seat, spec["count"], free=True, locations=spec["locations"]))
    if effect.get("capture_or_release"):
        push(s, {"kind": "barracks", "seat": seat})
    if "destroy_debt" in effect:
        push(s, {"kind": "church", "seat": seat})
    if effect.get("release_prison"):
        me["supply"] += me["prison"]
        me["prison"] = 0
    if "discard_for" in effect:
        push(s, {"kind": "library", "seat": seat, "gain": effect["discard_for"]})
    if "all_virtue" in effect:
        for other in range(len(s["colours"])):
            change_virtue(s, other, effect["all_virtue"])
    if "gold_per_virtue" in effect:
        me["gold"] += me["virtue"] // effect["gold_per_virtue"]


@decides("barracks")
def decide_barracks(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    from .locations import capture_targets, capture_task
    seat = task["seat"]
    options = []
    if capture_targets(s, capture_task(s, seat, 1, True, 1)):
        options.append(option(seat, "barracks", "make a free capture", choice="capture"))
    options += [option(seat, "barracks", f"release your workers from {label(s, other)}'s board",
                       choice="release", board=s["colours"][other])
                for other in range(len(s["colours"])) if other != seat and player(s, other)["captured"][seat]]
    return Decision(seat, "barracks", tuple(options), {"place": "guildhall"}) if options else None


@resolves("barracks")
def resolve_barracks(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    from .locations import capture_task, release_from_board
    seat = task["seat"]
    if action.arg("choice") == "capture":
        push(s, capture_task(s, seat, 1, free=True, locations=1))
    else:
        release_from_board(s, seat, s["colours"].index(action.arg("board")))


@decides("church")
def decide_church(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    seat = task["seat"]
    if not player(s, seat)["unpaid"]:
        return None
    return Decision(seat, "church", (option(seat, "church", "destroy an unpaid debt", destroy=True),
                                     option(seat, "church", "keep it", destroy=False)), {"place": "guildhall"})


@resolves("church")
def resolve_church(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    if action.arg("destroy"):
        player(s, task["seat"])["unpaid"] -= 1


@decides("library")
def decide_library(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    seat = task["seat"]
    if not player(s, seat)["hand"]:
        return None
    return Decision(seat, "library", (option(seat, "library", "discard a card for the gold", gain=task["gain"],
                                             discard=True),
                                      option(seat, "library", "keep your cards", discard=False)),
                    {"place": "guildhall"})


@resolves("library")
def resolve_library(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    if action.arg("discard"):
        gain(s, task["seat"], task["gain"])
        push(s, {"kind": "discard_card", "seat": task["seat"]})


@decides("discard_card")
def decide_discard_card(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    seat = task["seat"]
    hand = player(s, seat)["hand"]
    if not hand:
        return None
    options = tuple(option(seat, "discard", f"put {building(c).name} under the pile", card=c) for c in sorted(hand))
    return Decision(seat, "discard", options, {"place": "hand"}, private_to=seat)


@resolves("discard_card")
def resolve_discard_card(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    player(s, task["seat"])["hand"].remove(action.arg("card"))
    s["building_bottom"].append(action.arg("card"))


# the Cathedral's discard is the same secret choice
decides("cathedral_discard")(decide_discard_card)
resolves("cathedral_discard")(resolve_discard_card)


@automatic("cathedral_reward")
def cathedral_reward(s: dict[str, Any], task: dict[str, Any]) -> None:
    seat = task["seat"]
    for bonus in abilities(s, seat, "cathedral_bonus"):
        gain(s, seat, bonus)
    if s["rewards_left"] > 0 and s["reward_unseen"]:
        push(s, {"kind": "reward", "seat": seat})
    else:
        change_virtue(s, seat, CATHEDRAL["no_reward_virtue"])

