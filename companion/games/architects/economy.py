"""Goods, silver, tax, virtue and debts of one player in a position (``s`` is the state's plain data dict).

Every function here changes ``s`` in place; the state machine (:mod:`.flow`) calls them on its own copy.
Virtue above the top of the track and below its bottom follow the seed: each step above 14 may destroy an unpaid
debt (a follow-up decision), each step below 0 takes one.
"""

from __future__ import annotations

from typing import Any, Mapping

from .data import MONEY_AND_GOODS, apprentice, building, rules, tax_ignored

VIRTUE = rules()["virtue"]


def player(s: dict[str, Any], seat: int) -> dict[str, Any]:
    return s["players"][seat]


def can_pay(s: dict[str, Any], seat: int, cost: Mapping[str, int]) -> bool:
    me = player(s, seat)
    return all(me[good] >= amount for good, amount in cost.items())


def pay(s: dict[str, Any], seat: int, cost: Mapping[str, int]) -> None:
    me = player(s, seat)
    for good, amount in cost.items():
        me[good] -= amount


def gain(s: dict[str, Any], seat: int, goods: Mapping[str, int]) -> None:
    """Add goods and silver; ``virtue`` moves the track, ``draw`` deals building cards (follow-up chance)."""
    for good, amount in goods.items():
        if good in MONEY_AND_GOODS:
            player(s, seat)[good] += amount
        elif good == "virtue":
            change_virtue(s, seat, amount)
        elif good == "draw":
            from .tasks import push
            for _ in range(amount):
                push(s, {"kind": "draw", "seat": seat, "to": "hand"})
        else:
            raise KeyError(f"unknown gain {good!r}")


def tax_due(s: dict[str, Any], seat: int, tax: int) -> int:
    """The part of ``tax`` a player pays: low virtue ignores some (seed), never below 0."""
    return max(0, tax - tax_ignored(player(s, seat)["virtue"]))


def pay_with_tax(s: dict[str, Any], seat: int, silver: int, tax: int) -> None:
    """Pay ``silver`` of which ``tax`` is tax: the tax (less what virtue ignores) goes on the Tax Stand."""
    taxed = tax_due(s, seat, tax)
    player(s, seat)["silver"] -= silver - tax + taxed
    s["tax"] += taxed


def silver_with_tax(s: dict[str, Any], seat: int, silver: int, tax: int) -> int:
    return silver - tax + tax_due(s, seat, tax)


def change_virtue(s: dict[str, Any], seat: int, delta: int) -> None:
    """Move a player's virtue marker; off the bottom each step is a debt, off the top a debt may be destroyed."""
    me = player(s, seat)
    value = me["virtue"] + delta
    if value < VIRTUE["min"]:
        me["unpaid"] += VIRTUE["min"] - value
        value = VIRTUE["min"]
    if value > VIRTUE["max"]:
        from .tasks import push
        for _ in range(value - VIRTUE["max"]):
            push(s, {"kind": "excess_virtue", "seat": seat})
        value = VIRTUE["max"]
    me["virtue"] = value


def take_debt(s: dict[str, Any], seat: int, count: int = 1) -> None:
    player(s, seat)["unpaid"] += count


def skills_of(s: dict[str, Any], seat: int) -> set[str]:
    return {skill for card in player(s, seat)["apprentices"] for skill in apprentice(card).skills}


def abilities(s: dict[str, Any], seat: int, name: str) -> list[Any]:
    """The values of one ability on every apprentice a player has hired (one entry per card)."""
    return [apprentice(card).ability[name] for card in player(s, seat)["apprentices"]
            if name in apprentice(card).ability]


def built_effects(s: dict[str, Any], seat: int, name: str) -> list[Any]:
    return [building(card).effect[name] for card in player(s, seat)["buildings"] if name in building(card).effect]


def label(s: dict[str, Any], seat: int) -> str:
    return s["colours"][seat].capitalize()
