"""Phase 6 (building the castle, one batch per decision) and the section counts of phase 7."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping

from ..decisions import Action, Decision
from . import favours
from .data import rules
from .ops import add_pp, args, castle_room, colour, cube_list_label, event, has_cubes, make_option, pay_cubes

RULES = rules()
SECTIONS = RULES["castle_sections"]
# A batch is food plus two other different cubes (gold counts as a cube).
BATCHES = tuple(("food", *pair) for pair in combinations(("wood", "stone", "cloth", "gold"), 2))
BATCH_ARGS = tuple(args(cubes=sorted(batch)) for batch in BATCHES)
STOP = args(skip=True)


def castle_decision(state: Any) -> Decision:
    seat = state.castle_workers[state.cursor]
    section = castle_room(state)
    options = []
    if section is not None and state.houses[seat] > 0:
        pp = SECTIONS[section]["pp_per_batch"]
        for batch, batch_args in zip(BATCHES, BATCH_ARGS):
            if has_cubes(state, seat, batch):
                options.append(make_option(seat, "castle", batch_args,
                                           f"Give {cube_list_label(batch)}: a house in the "
                                           f"{SECTIONS[section]['name']} (+{pp} PP)",
                                           {cube: 1 for cube in batch}, {"pp": pp}))
    penalty = section is not None and state.batches_turn[seat] == 0
    options.append(make_option(seat, "castle", STOP, "Stop" + (" (−2 PP: no batch given)" if penalty else "")))
    return Decision(seat, "castle", tuple(options), {"section": SECTIONS[section]["name"] if section is not None
                                                     else None, "batches": state.batches_turn[seat]})


def resolve_castle(state: Any, action: Action) -> None:
    seat = action.player
    if action.arg("skip"):
        _stop(state, seat)
        return
    cubes = action.arg("cubes")
    section = castle_room(state)
    pay_cubes(state, seat, cubes)
    state.castle[section].append(seat)
    state.houses[seat] -= 1
    state.batches_turn[seat] += 1
    pp = SECTIONS[section]["pp_per_batch"]
    add_pp(state, seat, pp, "castle")
    event(state, "castle_batch", player=colour(state, seat), section=SECTIONS[section]["name"],
          place=len(state.castle[section]), cubes=list(cubes), pp=pp)


def _stop(state: Any, seat: int) -> None:
    if state.batches_turn[seat] == 0 and castle_room(state) is not None:
        lost = add_pp(state, seat, -RULES["castle_no_batch_penalty"], "penalties")
        event(state, "castle_penalty", player=colour(state, seat), pp=lost)
    state.cursor += 1


def finish_castle(state: Any) -> None:
    """Best builder of the turn gets a favour (tie: who entered the castle first); workers go home."""
    best, most = None, 0
    for seat in state.castle_workers:  # entry order, so the first of tied builders wins
        if state.batches_turn[seat] > most:
            best, most = seat, state.batches_turn[seat]
    if best is not None:
        event(state, "best_builder", player=colour(state, best), houses=most)
        favours.gain_favours(state, best, 1, "best castle builder")
    for seat in state.castle_workers:
        state.workers[seat] += 1
        event(state, "worker_returned", player=colour(state, seat), place="castle")
    state.castle_workers = []


def count_due(state: Any) -> bool:
    if state.section >= len(SECTIONS):
        return False
    section = SECTIONS[state.section]
    return state.bailiff >= section["count_square"] or len(state.castle[state.section]) >= section["parts"]


def count_section(state: Any) -> None:
    """Score the section under construction in turn order, then queue the section's end."""
    index = state.section
    section = SECTIONS[index]
    table: Mapping[str, Any] = section["count"]
    top = max(int(k) for k in table)
    state.rows_used = [[] for _ in state.colours]
    event(state, "section_count", section=section["name"])
    for seat in state.turn_order:
        houses = state.castle[index].count(seat)
        result = table[str(min(houses, top))]
        pp = add_pp(state, seat, result["pp"], "penalties") if "pp" in result else 0
        event(state, "section_scored", player=colour(state, seat), section=section["name"], houses=houses, pp=pp,
              favours=result.get("favours", 0))
        favours.gain_favours(state, seat, result.get("favours", 0), f"{section['name']} count")
    state.queue.append({"kind": "section_done", "section": index})


def section_done(state: Any, frame: Mapping[str, Any]) -> None:
    """After a count: open favour columns, move building on to the next section, end the game after the towers."""
    state.section = frame["section"] + 1
    opened = RULES["favour_columns_open"]
    state.max_column = {1: opened["after_dungeon"], 2: opened["after_walls"]}.get(state.section, state.max_column)
    event(state, "section_closed", section=SECTIONS[frame["section"]]["name"], max_column=state.max_column)
    if state.section >= len(SECTIONS):
        from .scoring import end_game
        end_game(state)
