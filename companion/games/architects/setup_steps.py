"""Setup (the seed's order): the first player drawn, the Black Market cards and 8 apprentices turned up, starting
silver, each player's first apprentice (first player first), then the building-card draft: 4 dealt, keep 1 and pass
left until 3 are kept, the last card under the pile. Every card turned or dealt is a chance decision."""

from __future__ import annotations

from typing import Any, Sequence

from ..decisions import CHANCE, Action, Decision
from ..errors import RuleError
from .cards import hire
from .data import apprentice, base_apprentices, base_buildings, market_kinds, rule, rules
from .economy import player
from .tasks import automatic, decides, outcome, option, push_all, resolves

COLOURS = ("red", "blue", "green", "yellow", "purple")
ROWS, COLUMNS = rule("apprentice_row")["rows"], rule("apprentice_row")["columns"]
FORMAT_VERSION = 1


def _player(count: int) -> dict[str, Any]:
    goods = {good: 0 for good in ("silver", *rules()["goods"])}
    return {**goods, "virtue": rule("start_virtue"), "supply": rule("workers_per_colour"), "prison": 0,
            "captured": [0] * count, "hand": [], "apprentices": [], "buildings": [], "unpaid": 0, "paid": 0,
            "cathedral": 0, "draft": [], "kept": [], "offer": []}


def new_data(players: Sequence[str], seed: int, variants: dict[str, Any]) -> dict[str, Any]:
    """The plain data of a fresh game, its setup tasks on the stack."""
    colours = [str(c) for c in players]
    if not 2 <= len(colours) <= 5:
        raise RuleError(f"Architects of the West Kingdom is for 2 to 5 players, not {len(colours)}",
                        key="refusals.player_count", values={"count": len(colours)})
    if len(set(colours)) != len(colours) or not set(colours) <= set(COLOURS):
        raise RuleError(f"players must be different colours among {', '.join(COLOURS)}",
                        key="refusals.player_colours")
    count = len(colours)
    rewards = rules()["rewards"]
    s: dict[str, Any] = {
        "game": "architects", "format": FORMAT_VERSION, "colours": colours, "variants": dict(variants),
        "seed": int(seed), "phase": "setup", "first": None, "turn": None, "turns": 0, "final_turns": None,
        "reset_due": False, "over": False,
        "players": [_player(count) for _ in colours],
        "locations": {loc: [0] * count for loc in rules()["large_locations"]},
        "market": [None, None, None], "guildhall": [], "beside": [], "tax": rule("start_tax"),
        "row": [[None] * COLUMNS for _ in range(ROWS)], "row_coins": [[0] * COLUMNS for _ in range(ROWS)],
        "building_unseen": list(base_buildings()), "building_bottom": [],
        "apprentice_unseen": list(base_apprentices()), "apprentice_bottom": [],
        "reward_unseen": sorted(c["id"] for c in rewards["cards"]),
        "rewards_left": rewards["per_player"] * count + rewards["plus"], "rewards_taken": [],
        "market_top": None, "market_large": [],
        "market_unseen": sorted(k for k, kind in market_kinds().items() for _ in range(kind["count"])),
        "tasks": [], "final": None,
    }
    steps = [{"kind": "first_player"}, {"kind": "market_reveal"}]
    if rules()["market_cards"]["setup_flip"]:
        steps.append({"kind": "market_flip"})
    steps += [{"kind": "reveal_apprentice", "row": r, "col": c} for r in range(ROWS) for c in range(COLUMNS)]
    steps += [{"kind": "setup_picks"}, {"kind": "deal"}]
    push_all(s, steps)
    return s


def seats_from_first(s: dict[str, Any]) -> list[int]:
    count = len(s["colours"])
    return [(s["first"] + i) % count for i in range(count)]


@decides("first_player")
def decide_first(s: dict[str, Any], task: dict[str, Any]) -> Decision:
    options = tuple(outcome("first_player", f"{c.capitalize()} starts", seat=i) for i, c in enumerate(s["colours"]))
    return Decision(CHANCE, "first_player", options, {"place": "table"})


@resolves("first_player")
def resolve_first(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    s["first"] = action.arg("seat")
    silver = rules()["start_silver"]
    for place, seat in enumerate(seats_from_first(s)):
        player(s, seat)["silver"] += silver["first"] + silver["step"] * place


@automatic("setup_picks")
def setup_picks(s: dict[str, Any], task: dict[str, Any]) -> None:
    if not rule("start_apprentice_pick"):
        return
    picks = [{"kind": "setup_hire", "seat": seat} for seat in seats_from_first(s)]
    push_all(s, picks + [{"kind": "setup_refill"}])


@decides("setup_hire")
def decide_setup_hire(s: dict[str, Any], task: dict[str, Any]) -> Decision | None:
    seat = task["seat"]
    options = tuple(option(seat, "hire", f"take the {apprentice(card).name}", row=r + 1, column=c + 1)
                    for r, cards in enumerate(s["row"]) for c, card in enumerate(cards) if card is not None)
    return Decision(seat, "hire", options, {"place": "workshop", "free": True, "setup": True}) if options else None


@resolves("setup_hire")
def resolve_setup_hire(s: dict[str, Any], task: dict[str, Any], action: Action) -> None:
    hire(s, task["seat"], action.arg("row") - 1, action.arg("column") - 1, None, refill=False)


@automatic("setup_refill")
def setup_refill(s: dict[str, Any], task: dict[str, Any]) -> None:
    push_all(s, [{"kind": "reveal_apprentice", "row": r, "col": c}
                 for r in range(ROWS) for c in range(COLUMNS) if s["row"][r][c] is None])


@automatic("deal")
def deal(s: dict[str, Any], task: dict[str, Any]) -> None:
    draft = rule("draft")
    seats = seats_from_first(s)
    steps = [{"kind": "draw", "seat": seat, "to": "draft"} for _ in range(draft["dealt"]) for seat in seats]
    for round_number in range(draft["kept"]):
        steps += [{"kind": "draft_keep", "seat": seat, "into": "kept"} for seat in seats]
        steps.append({"kind": "draft_pass"} if round_number < draft["kept"] - 1 else {"kind": "draft_end"})
    push_all(s, steps)


@automatic("draft_pass")
def draft_pass(s: dict[str, Any], task: dict[str, Any]) -> None:
    count = len(s["colours"])
    passed = [player(s, seat)["draft"] for seat in range(count)]
    for seat in range(count):
        player(s, (seat + 1) % count)["draft"] = passed[seat]


@automatic("draft_end")
def draft_end(s: dict[str, Any], task: dict[str, Any]) -> None:
    for seat in range(len(s["colours"])):
        me = player(s, seat)
        s["building_bottom"].extend(sorted(me["draft"]))
        me["hand"] = sorted(me["hand"] + me["kept"])
        me["draft"], me["kept"] = [], []
    s["phase"] = "play"
