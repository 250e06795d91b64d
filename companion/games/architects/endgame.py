"""The end: buildings' end-game virtue effects (before scoring, seed), then the final score of every term the seed
names. :func:`score_of` also gives a provisional score mid-game (no end-game effects applied yet)."""

from __future__ import annotations

from typing import Any

from ..decisions import Action, Decision
from .data import apprentice, building, cathedral_level, rules, virtue_vp
from .economy import change_virtue, player
from .tasks import automatic, decides, option, push, push_all, resolves

SCORING = rules()["scoring"]


@automatic("end_game")
def end_game(s: dict[str, Any], task: dict[str, Any]) -> None:
    s["phase"] = "end"
    count = len(s["colours"])
    seats = [(s["first"] + i) % count for i in range(count)]
    push_all(s, [{"kind": "end_effects", "seat": seat} for seat in seats] + [{"kind": "final"}])


def most(s: dict[str, Any], seat: int, value) -> bool:
    """Does ``seat`` have strictly more of ``value(player)`` than every other player (ties don't count)?"""
    mine = value(player(s, seat))
    return all(mine > value(other) for i, other in enumerate(s["players"]) if i != seat)


def end_virtue_gain(s: dict[str, Any], seat: int) -> int:
    me = player(s, seat)
    total = 0
    for card in me["buildings"]:
        effect = building(card).effect
        if "end_virtue_per" in effect:
            spec = effect["end_virtue_per"]
            total += sum(me["paid"] if good == "paid_debts" else me[good] for good in spec["of"]) // spec["per"]
        if "end_virtue_cathedral_most" in effect and most(s, seat, lambda p: p["cathedral"]):
            total += effect["end_virtue_cathedral_most"]
    return total


def end_virtue_loss(s: dict[str, Any], seat: int) -> int:
    return sum(building(card).effect.get("end_virtue", 0) for card in player(s, seat)["buildings"])


@automatic("end_effects")
def end_effects(s: dict[str, Any], task: dict[str, Any]) -> None:
    seat = task["seat"]
    gained, lost = end_virtue_gain(s, seat), end_virtue_loss(s, seat)
    if gained and lost:
        push(s, {"kind": "dungeon", "seat": seat, "gain": gained, "loss": lost})
        return
    change_virtue(s, seat, gained + lost)


@decides("dungeon")
def decide_dungeon(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    seat = task["seat"]
    return Decision(seat, "dungeon", (option(seat, "dungeon", "lose the Dungeon's virtue first", when="first"),
                                      option(seat, "dungeon", "lose it after the gains", when="last")),
                    {"place": "virtue track"})


@resolves("dungeon")
def resolve_dungeon(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    order = (task["loss"], task["gain"]) if action.arg("when") == "first" else (task["gain"], task["loss"])
    for delta in order:
        change_virtue(s, task["seat"], delta)


@automatic("final")
def final(s: dict[str, Any], task: dict[str, Any]) -> None:
    s["final"] = [score_of(s, seat) for seat in range(len(s["colours"]))]
    s["phase"] = "over"
    s["over"] = True


def building_bonus(s: dict[str, Any], seat: int) -> int:
    me = player(s, seat)
    total = 0
    for card in me["buildings"]:
        effect = building(card).effect
        if "end_vp_most" in effect and most(s, seat, lambda p, g=effect["end_vp_most"]["good"]: p[g]):
            total += effect["end_vp_most"]["vp"]
        if "end_vp_per_skill" in effect:
            total += sum(1 for a in me["apprentices"] if effect["end_vp_per_skill"] in apprentice(a).skills)
        if "end_vp_no_unpaid_debt" in effect and me["unpaid"] == 0:
            total += effect["end_vp_no_unpaid_debt"]
        if "end_vp_per" in effect:
            spec = effect["end_vp_per"]
            amount = {"buildings": len(me["buildings"]), "captured": sum(me["captured"]),
                      "virtue": me["virtue"], "paid_debts": me["paid"]}[spec["of"]]
            total += amount // spec["per"]
        if "end_vp_cathedral_most" in effect and most(s, seat, lambda p: p["cathedral"]):
            total += effect["end_vp_cathedral_most"]
    return total


def score_of(s: dict[str, Any], seat: int) -> dict[str, int]:
    """Every scoring term of one player, as the seed lists them (their sum is the total)."""
    me = player(s, seat)
    per_debt = SCORING["unpaid_debt_vp"] + sum(building(c).effect.get("debt_vp", 0) for c in me["buildings"])
    return {
        "buildings": sum(building(card).vp for card in me["buildings"]),
        "building_bonuses": building_bonus(s, seat),
        "cathedral": cathedral_level(me["cathedral"])["vp"] if me["cathedral"] else 0,
        "virtue": virtue_vp(me["virtue"]),
        "debts": me["unpaid"] * min(0, per_debt),
        "gold_and_marble": me["gold"] * SCORING["gold_vp"] + me["marble"] * SCORING["marble_vp"],
        "silver": me["silver"] // SCORING["silver_per_vp"],
        "prison": -(me["prison"] // SCORING["prisoners_per_vp_lost"]),
    }

