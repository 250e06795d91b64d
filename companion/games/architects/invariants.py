"""Checks that hold in every Architects position, shared by the tests and ``companion simulate``.

Each colour's 20 workers are somewhere (board, locations, Black Market, Guildhall, Prison, an opponent's board);
goods, silver and debts are never negative; virtue stays on the track; every building, apprentice, reward and
Black Market card is in exactly one place; no Cathedral level holds more markers than its spaces; between turns no
hand is over the limit and nobody keeps more apprentices than allowed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .data import (MONEY_AND_GOODS, base_apprentices, base_buildings, cathedral_level, guildhall_spaces,
                   market_kinds, rule, rules)
from .state import ArchitectsState

WORKERS = rule("workers_per_colour")


def workers_of(s: dict[str, Any], seat: int) -> int:
    return (s["players"][seat]["supply"] + sum(s["locations"][loc][seat] for loc in s["locations"])
            + s["market"].count(seat) + s["guildhall"].count(seat) + s["beside"].count(seat)
            + s["players"][seat]["prison"] + sum(other["captured"][seat] for other in s["players"]))


def violations(state: ArchitectsState) -> list[str]:
    """Every broken invariant of ``state``, as sentences (empty when all is well)."""
    s = state.data
    found: list[str] = []
    between_turns = bool(s["tasks"]) and s["tasks"][-1]["kind"] == "turn"
    for seat, me in enumerate(s["players"]):
        colour = s["colours"][seat]
        if workers_of(s, seat) != WORKERS:
            found.append(f"{colour} has {workers_of(s, seat)} workers, not {WORKERS}")
        if me["captured"][seat]:
            found.append(f"{colour} holds its own workers captured")
        negative = [name for name in (*MONEY_AND_GOODS, "supply", "prison", "unpaid", "paid") if me[name] < 0]
        if negative or min(me["captured"]) < 0:
            found.append(f"{colour} has negative {negative or 'captured'}")
        if not rules()["virtue"]["min"] <= me["virtue"] <= rules()["virtue"]["max"]:
            found.append(f"{colour}'s virtue {me['virtue']} is off the track")
        if not 0 <= me["cathedral"] <= len(rules()["cathedral"]["levels"]):
            found.append(f"{colour}'s cathedral level {me['cathedral']} does not exist")
        if between_turns and len(me["hand"]) > rule("hand_limit"):
            found.append(f"{colour} holds {len(me['hand'])} building cards between turns")
        if between_turns and len(me["apprentices"]) > rule("apprentice_limit"):
            found.append(f"{colour} keeps {len(me['apprentices'])} apprentices")
    for level in range(1, len(rules()["cathedral"]["levels"]) + 1):
        at = sum(1 for me in s["players"] if me["cathedral"] == level)
        if at > cathedral_level(level)["spaces"]:
            found.append(f"{at} markers on cathedral level {level}")
    if len(s["guildhall"]) > guildhall_spaces(len(s["colours"])):
        found.append("the Guildhall holds more workers than spaces")
    if s["beside"] and len(s["guildhall"]) < guildhall_spaces(len(s["colours"])):
        found.append("a worker lies beside a Guildhall that is not full")
    if s["tax"] < 0 or min(min(row) for row in s["row_coins"]) < 0:
        found.append("negative silver on the board")
    found += _card_violations(s)
    return found


def _card_violations(s: dict[str, Any]) -> list[str]:
    found = []
    held = [c for me in s["players"] for pile in ("hand", "draft", "kept", "offer", "buildings") for c in me[pile]]
    buildings = Counter(s["building_unseen"] + s["building_bottom"] + held)
    if buildings != Counter(base_buildings()):
        found.append(f"building cards lost or doubled: {sorted((buildings - Counter(base_buildings())).items())[:3]}")
    row = [c for cards in s["row"] for c in cards if c is not None]
    apprentices = Counter(s["apprentice_unseen"] + s["apprentice_bottom"] + row
                          + [c for me in s["players"] for c in me["apprentices"]])
    if apprentices != Counter(base_apprentices()):
        found.append("apprentice cards lost or doubled")
    markets = Counter(s["market_unseen"] + s["market_large"] + ([s["market_top"]] if s["market_top"] else []))
    if markets != Counter({k: kind["count"] for k, kind in market_kinds().items()}):
        found.append("black market cards lost or doubled")
    rewards = Counter(s["reward_unseen"] + s["rewards_taken"])
    if rewards != Counter(c["id"] for c in rules()["rewards"]["cards"]) or s["rewards_left"] < 0:
        found.append("reward cards lost or doubled")
    return found


def transition_violations(before: ArchitectsState, after: ArchitectsState) -> list[str]:
    """Between consecutive states: buildings stay built, Guildhall workers stay, the Cathedral only rises."""
    found = []
    a, b = before.data, after.data
    for seat, (was, now) in enumerate(zip(a["players"], b["players"])):
        colour = a["colours"][seat]
        if not set(was["buildings"]) <= set(now["buildings"]):
            found.append(f"a building of {colour}'s disappeared")
        if now["cathedral"] < was["cathedral"]:
            found.append(f"{colour} went down the Cathedral")
        if now["paid"] < was["paid"]:
            found.append(f"{colour}'s paid debts went back to unpaid")
    if b["guildhall"][:len(a["guildhall"])] != a["guildhall"]:
        found.append("a Guildhall worker left")
    if a["final_turns"] is not None and (b["final_turns"] is None or b["final_turns"] > a["final_turns"]):
        found.append("the end's countdown went back")
    if a["over"] and not b["over"]:
        found.append("a finished game started again")
    return found


def describe(state: Any) -> str:
    return f"turn {state.data['turns']}, phase {state.data['phase']}"
