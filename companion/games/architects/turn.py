"""A turn: the player places one worker (or, with none left on their board, takes one back), the location's
actions follow, then the end of the turn: the hand limit, a Black Market reset if one is due, the next seat.

Once the last Guildhall space is filled every player, the one who filled it included, has one more turn (seed).
"""

from __future__ import annotations

from typing import Any

from ..decisions import Action, Decision
from .data import rules
from .economy import label, player
from .locations import place, placements
from .tasks import automatic, decides, option, push, push_all, resolves


@automatic("next_turn")
def next_turn(s: dict[str, Any], task: dict[str, Any]) -> None:
    if s["final_turns"] is not None:
        if s["final_turns"] == 0:
            push(s, {"kind": "end_game"})
            return
        s["final_turns"] -= 1
    count = len(s["colours"])
    seat = s["first"] if s["turn"] is None else (s["turn"] + 1) % count
    s["turn"] = seat
    s["turns"] += 1
    push_all(s, [{"kind": "turn", "seat": seat}, {"kind": "end_turn", "seat": seat}])


@automatic("end_turn")
def end_turn(s: dict[str, Any], task: dict[str, Any]) -> None:
    push_all(s, [{"kind": "hand_limit", "seat": task["seat"]}, {"kind": "reset_check"}])


@automatic("reset_check")
def reset_check(s: dict[str, Any], task: dict[str, Any]) -> None:
    if s["reset_due"]:
        s["reset_due"] = False
        push(s, {"kind": "reset"})


def retrievals(s: dict[str, Any], seat: int) -> list:
    """Where a player with no worker on their board may take one back: a large location, else a capture space."""
    found = [option(seat, "retrieve", f"take a worker back from the {loc.replace('_', ' ')}", location=loc)
             for loc in rules()["large_locations"] if s["locations"][loc][seat] > 0]
    if not found:
        found = [option(seat, "retrieve", f"take a worker back from {label(s, other)}'s board", board=s["colours"][other])
                 for other in range(len(s["colours"])) if player(s, other)["captured"][seat] > 0]
    return found or [option(seat, "pass", "nothing to take back: pass")]


@decides("turn")
def decide_turn(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    seat = task["seat"]
    if player(s, seat)["supply"] > 0:
        return Decision(seat, "place", tuple(placements(s, seat)), {"place": "main board", "turn": s["turns"]})
    return Decision(seat, "retrieve", tuple(retrievals(s, seat)), {"place": "main board", "turn": s["turns"]})


@resolves("turn")
def resolve_turn(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    seat = task["seat"]
    if action.kind == "place":
        place(s, seat, action)
    elif action.kind == "retrieve":
        if action.arg("location") is not None:
            s["locations"][action.arg("location")][seat] -= 1
        else:
            player(s, s["colours"].index(action.arg("board")))["captured"][seat] -= 1
        player(s, seat)["supply"] += 1
