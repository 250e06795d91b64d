"""The Black Market reset, at the end of the turn that made it due (seed, in this order): its workers go to
Prison; the top small-market card turns onto the large pile; apprentices that act at a reset (a Gatekeeper's
release first, then a Squire's reward, seat by seat from the current player); 3 or more workers in Prison lose 1
virtue; the player(s) with the most workers in Prison take 1 debt each (none when the Prison is empty)."""

from __future__ import annotations

from typing import Any

from ..decisions import Action, Decision
from .cards import flip_market
from .data import rules
from .economy import abilities, change_virtue, gain, player, take_debt
from .tasks import automatic, decides, event, option, push_all, resolves

RESET = rules()["reset"]


@automatic("reset")
def reset(s: dict[str, Any], task: dict[str, Any]) -> None:
    for index, seat in enumerate(s["market"]):
        if seat is not None:
            player(s, seat)["prison"] += 1
            s["market"][index] = None
    event(s, "black_market_reset")
    count = len(s["colours"])
    seats = [(s["turn"] + i) % count for i in range(count)]
    steps: list[dict[str, Any]] = [{"kind": "market_flip"}]
    for seat in seats:
        steps += [{"kind": "gatekeeper", "seat": seat}, {"kind": "squire", "seat": seat}]
    steps.append({"kind": "reset_tail"})
    push_all(s, steps)


@automatic("market_flip")
def market_flip(s: dict[str, Any], task: dict[str, Any]) -> None:
    flip_market(s)


@decides("gatekeeper")
def decide_gatekeeper(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    seat = task["seat"]
    most = min(sum(abilities(s, seat, "reset_release")), player(s, seat)["prison"])
    if most == 0:
        return None
    options = tuple(option(seat, "gatekeeper", f"release {k} from prison", release=k) for k in range(most + 1))
    return Decision(seat, "gatekeeper", options, {"place": "prison"})


@resolves("gatekeeper")
def resolve_gatekeeper(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    me = player(s, task["seat"])
    me["prison"] -= action.arg("release")
    me["supply"] += action.arg("release")


@automatic("squire")
def squire(s: dict[str, Any], task: dict[str, Any]) -> None:
    seat = task["seat"]
    if player(s, seat)["prison"] == 0:
        for reward in abilities(s, seat, "reset_bonus_if_no_prisoners"):
            gain(s, seat, reward)


@automatic("reset_tail")
def reset_tail(s: dict[str, Any], task: dict[str, Any]) -> None:
    for seat, me in enumerate(s["players"]):
        if me["prison"] >= RESET["prison_virtue_at_least"]:
            change_virtue(s, seat, RESET["prison_virtue"])
    most = max(me["prison"] for me in s["players"])
    if most > 0:
        for seat, me in enumerate(s["players"]):
            if me["prison"] == most:
                take_debt(s, seat, RESET["most_prisoners_debts"])

