"""Caylus 1303's perception part: read a physical change on the table as the decision it looks like (data in
``perception.json``, beside it, with what no Caylus 1303 player can change on the table).

The engine then refuses that decision in its own words, naming the player, the place and the rule ("one worker
per building", "the provost moves at most 3 spaces at the Guilds Bridge", "pay the building's cost" …): the
reconciler never words a Caylus 1303 rule itself.

>>> from companion.games.caylus1303 import new_game
>>> from companion.reconciler.evidence import ViewDiff
>>> state = new_game(["blue", "red"], seed=1)
>>> [guess.action.kind for guess in explain(state, ViewDiff({"fair.worker": "worker:red"}, {}), ["blue", "red"])]
['place']
"""

from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Any, Sequence

from companion.games import Action, Decision, GameState, Piece
from companion.reconciler.evidence import ViewDiff, VisibleView
from companion.reconciler.explain import Finding, Guess, slot_number, workers_placed
from vision.observation import pieces_for

from .data import GOODS, tile, title


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return json.loads(resources.files(__package__).joinpath("perception.json").read_text(encoding="utf-8"))


def explain(state: GameState, residual: ViewDiff, players: Sequence[str]) -> list[Guess | Finding]:
    """What the unexplained change ``residual`` looks like, likeliest first: workers placed, passes, provost moves,
    buildings and landmarks laid, houses put down, goods taken or delivered."""
    expected = VisibleView.of(state.table_view())
    guesses: list[Guess | Finding] = []
    for slot, label in sorted(residual.slots.items()):
        newcomers = [p for p in pieces_for(label) if p not in pieces_for(expected.label(slot))]
        guesses += _placements(state, slot, newcomers, players)
        guesses += _provost_moves(state, slot, newcomers)
        guesses += _tiles_laid(state, residual, expected, slot, newcomers, players)
    guesses += _supply_changes(state, residual, expected, players)
    return guesses


def _placements(state: GameState, slot: str, newcomers: list[Piece], players: Sequence[str]) -> list[Guess]:
    """A worker of a player's colour on a building's circle or the worksite, or a house on the Guilds Bridge."""
    data, decision = _data(), state.pending()
    found = [Guess(Action(seat, _placing_kind(decision, seat), {"place": where}), where)
             for seat, where in workers_placed(slot, newcomers, players, data["worker_places"])]
    if slot_number(data["pass_slot"], slot) is not None:
        for piece in newcomers:
            if piece.kind == "house" and piece.colour in players:
                seat = players.index(piece.colour)
                found.append(Guess(Action(seat, "place", {"place": "pass"}), "bridge"))
    return found


def _placing_kind(decision: Decision | None, seat: int) -> str:
    """``early_riser`` while the Early Riser's holder is asked, else ``place``."""
    return "early_riser" if decision and decision.kind == "early_riser" and decision.player == seat else "place"


def _provost_moves(state: GameState, slot: str, newcomers: list[Piece]) -> list[Guess]:
    """The provost seen between two other spaces: the pending provost move (the Guilds Bridge's when none is)."""
    data, decision = _data(), state.pending()
    position = slot_number(data["provost_slot"], slot)
    if position is None or not any(p.kind == "provost" for p in newcomers):
        return []
    seat = decision.player if decision else 0
    kind = decision.kind if decision and decision.kind in data["provost_decisions"] else "bridge"
    args: dict[str, Any] = {"steps": int(position) - int(getattr(state, "provost", 0))}
    if kind == "provost" and decision is not None:
        args = {"place": decision.context.get("place"), **args}
    return [Guess(Action(seat, kind, args), slot)]


def _tiles_laid(state: GameState, residual: ViewDiff, expected: VisibleView, slot: str, newcomers: list[Piece],
                players: Sequence[str]) -> list[Guess]:
    """A building or a landmark laid on a road space, by the player whose house the camera sees there, or a house
    put on a starting building (the Lawyer)."""
    data = _data()
    space = slot_number(data["tile_slot"], slot)
    if space is not None:
        for piece in newcomers:
            building, _, face = (piece.name or "").partition("@")
            kind = data["tile_faces"].get(face)
            if kind:
                seat = _owner_seat(state, residual, expected, players, space)
                return [_tile_guess(state, seat, kind, building, int(space))]
    space = slot_number(data["owner_slot"], slot)
    if space is not None and not residual.slots.get(data["tile_slot"].replace("{n}", space)):
        houses = [p for p in newcomers if p.kind == "house" and p.colour in players]
        if houses:
            decision = state.pending()
            place = decision.context.get("place") if decision else None
            return [Guess(Action(players.index(houses[0].colour), "lawyer", {"place": place, "space": int(space)}),
                          f"road.{space}")]
    return []


def _owner_seat(state: GameState, residual: ViewDiff, expected: VisibleView, players: Sequence[str],
                space: str) -> int:
    """The seat whose house the camera sees on road space ``space`` (else whoever decides now)."""
    owner_slot = _data()["owner_slot"].replace("{n}", space)
    owner = residual.slots.get(owner_slot, expected.label(owner_slot))
    colours = [p.colour for p in pieces_for(owner) if p.kind == "house" and p.colour in players]
    decision = state.pending()
    return players.index(colours[0]) if colours else (decision.player if decision else 0)


def _tile_guess(state: GameState, seat: int, kind: str, building: str, space: int) -> Guess:
    """Building ``building`` (``kind`` build) or landmark ``building`` (``kind`` landmark) on road space ``space``."""
    decision = state.pending()
    place = f"road.{space}"
    if kind == "landmark":
        return Guess(Action(seat, "landmark", {"space": space, "landmark": building}), place)
    where = decision.context.get("place") if decision and decision.player == seat else None
    pay = _pay(state, seat, building)
    return Guess(Action(seat, "build", {"place": where, "building": building, "pay": pay}), place)


def _pay(state: GameState, seat: int, building: str) -> list[str]:
    """What the player would pay for ``building``: the printed cost, a good of choice taken from what they hold."""
    try:
        cost = dict(tile(building).cost)
    except KeyError:
        return []
    pay = [good for good, n in cost.items() if good != "any" for _ in range(n)]
    held = Counter(dict(zip(GOODS, state.goods[seat]))) - Counter(pay)
    spare = [good for good in GOODS[:4] for _ in range(held[good])]
    return sorted(pay + spare[:cost.get("any", 0)])


def _supply_changes(state: GameState, residual: ViewDiff, expected: VisibleView,
                    players: Sequence[str]) -> list[Guess | Finding]:
    """Goods gone from a supply in delivery (a bundle), or goods gained by a worker that didn't work."""
    data, decision = _data(), state.pending()
    found: list[Guess | Finding] = []
    for colour, counts in sorted(residual.supplies.items()):
        if colour not in players:
            continue
        held = expected.supplies.get(colour, {})
        change = {good: int(counts.get(good, held.get(good, 0))) - int(held.get(good, 0)) for good in GOODS}
        gained = [good for good, n in change.items() for _ in range(max(0, n))]
        lost = sorted(good for good, n in change.items() for _ in range(max(0, -n)))
        seat = players.index(colour)
        if gained:
            found += _beyond_provost(state, colour, gained)
        if lost and decision is not None and decision.kind == "deliver" and decision.player == seat:
            found.append(Guess(Action(seat, "deliver", {"goods": lost}), "worksite"))
    return found


def _beyond_provost(state: GameState, colour: str, gained: list[str]) -> list[Finding]:
    """Goods taken at a building whose worker was just sent to the camp from beyond the provost."""
    rule = _data()["beyond_provost"]
    found = []
    for event in getattr(state, "events", ()) or ():
        if event.get("type") == rule["event"] and event.get("player") == colour:
            space = int(str(event["place"]).split(".")[1])
            tile_id = state.road_tile[space - 1]
            who = colour.capitalize()
            message = rule["message"].format(who=who, title=title(tile_id) if tile_id else f"space {space}",
                                             n=space, goods=" and ".join(gained))
            found.append(Finding("illegal", message, colour, f"road.{space}", rule["rule"], rule["key"],
                                 {"player": colour, "tile": tile_id or "", "square": space, "cubes": list(gained)}))
    return found

