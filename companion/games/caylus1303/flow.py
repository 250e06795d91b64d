"""The round as a state machine: setup, then 9 rounds of planning, activation, delivery and stewardship.

A position waits on the top frame of its ``queue`` (a stack): a decision for one seat or for the table
(chance), or an automatic step (a worker going back to the camp, an owner's bonus). When the stack is
empty, :func:`step` does the phase's next piece of work, which pushes frames or moves the phase on.
A decision with a single option is taken at once and appears only in ``events``: every decision a front
end sees is a real choice.

``phase`` and ``act_step`` say where the round is: ``setup`` (tiles, first, draw, pick), ``planning``,
``activation`` (front, bridge, bailiff, road), ``delivery`` (start, deliver, favour), ``stewardship``,
``over``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..decisions import CHANCE, Action, Decision, Option
from . import effects
from .data import character_ids, rules, tile, tiles_of, title
from .explain import refusal
from .state import Caylus1303State

RULES = rules()
FRONT = effects.FRONT
ROAD_LENGTH = effects.ROAD_LENGTH


# ---------------------------------------------------------------- the API the state calls
def current_decision(state: Caylus1303State) -> Decision | None:
    if state.over or not state.queue:
        return None
    return decision_for(state, state.queue[-1])


def apply_action(state: Caylus1303State, action: Action) -> Caylus1303State:
    decision = state.pending()
    if decision is None:
        raise refusal(state, None, action)
    if action not in decision.actions:
        raise refusal(state, decision, action)
    after = state.clone()
    frame = after.queue.pop()
    resolve(after, frame, action)
    advance(after)
    return after


def advance(state: Caylus1303State) -> None:
    """Run automatic steps and single-option decisions until a real choice waits (or the game is over)."""
    while not state.over:
        if state.queue:
            frame = state.queue[-1]
            if frame.get("auto"):
                state.queue.pop()
                run_auto(state, frame)
                continue
            decision = decision_for(state, frame)
            if len(decision.options) == 1:
                state.queue.pop()
                resolve(state, frame, decision.options[0].action)
                continue
            if not decision.options:
                state.queue.pop()
                continue
            state._pending = decision
            return
        step(state)
    state._pending = None


# ---------------------------------------------------------------- decisions from frames
def decision_for(state: Caylus1303State, frame: Mapping[str, Any]) -> Decision:
    kind = frame["kind"]
    context: dict[str, Any] = {"phase": state.phase, "round": state.round}
    if kind == "setup_tile":
        pool = setup_pool(state, frame["pool"], frame["slot"])
        options = tuple(Option(Action(CHANCE, "setup_tile", {"slot": frame["slot"], "tile": tile_id}),
                               label=f"{title(tile_id)} on {frame['slot']}", weight=float(count))
                        for tile_id, count in sorted(pool.items()))
        return Decision(CHANCE, kind, options, {**context, "slot": frame["slot"]})
    if kind == "first_player":
        options = tuple(Option(Action(CHANCE, kind, {"seat": seat}), label=f"{state.player_label(seat)} starts")
                        for seat in range(state.player_count))
        return Decision(CHANCE, kind, options, context)
    if kind == "draw_character":
        left = [c for c in character_ids() if c not in state.drawn]
        options = tuple(Option(Action(CHANCE, kind, {"character": c}), label=f"Draw the {title(c)}") for c in left)
        return Decision(CHANCE, kind, options, context)
    seat = frame["player"]
    if kind == "choose_character":
        options = tuple(Option(Action(seat, kind, {"character": c}), label=f"The {title(c)}")
                        for c in sorted(state.drawn))
        return Decision(seat, kind, options, context)
    if kind in ("place", "early_riser"):
        return Decision(seat, kind, placement_options(state, seat, early=kind == "early_riser"), context)
    if kind in ("bridge", "bailiff"):
        most = RULES["bridge_max_steps"] if kind == "bridge" else RULES["bailiff_max_steps"]
        workers = state.workers[seat] if kind == "bridge" else None
        options = tuple(Option(Action(seat, kind, {"steps": d}),
                               cost={"worker": abs(d)} if kind == "bridge" and d else {},
                               label=effects._steps_label(d))
                        for d in effects.provost_steps(state, most, workers))
        return Decision(seat, kind, options, {**context, "provost": state.provost})
    if kind == "effect":
        effect_kind, options = effects.effect_options(state, frame)
        return Decision(seat, effect_kind, options, {**context, "place": frame["place"], "building": frame["tile"],
                                                     "side": frame["side"]})
    if kind == "favour":
        return Decision(seat, kind, effects.favour_options(state, seat), {**context, "why": frame.get("why", "")})
    if kind == "favour_character":
        return Decision(seat, kind, effects.favour_character_options(state, seat), context)
    if kind == "deliver":
        return Decision(seat, kind, effects.bundle_options(state, seat), {**context, "bundles": state.bundles[seat]})
    if kind == "landmark":
        index = frame["space"] - 1
        return Decision(seat, kind, effects.landmark_options(state, seat, index),
                        {**context, "space": frame["space"], "building": state.road_tile[index]})
    raise ValueError(f"unknown frame {kind!r}")


def placement_options(state: Caylus1303State, seat: int, early: bool = False) -> tuple[Option, ...]:
    """Where ``seat`` may put a worker now, each with its price in workers, and pass (or skip for the Early Riser)."""
    cost = 2 if early else 1 + (1 if state.bridge and not state.holds(seat, "night_worker") else 0)
    kind = "early_riser" if early else "place"
    options = []
    if state.workers[seat] >= cost:
        price = {"worker": cost}
        for index, name in enumerate(FRONT):
            if can_join(state, seat, state.front_workers[index]):
                options.append(Option(Action(seat, kind, {"place": name}), cost=price, label=title(name)))
        for index, tile_id in enumerate(state.road_tile):
            if tile_id is not None and state.road_side[index] in ("start", "build") \
                    and can_join(state, seat, state.road_workers[index]):
                options.append(Option(Action(seat, kind, {"place": f"road.{index + 1}"}), cost=price,
                                      label=f"{title(tile_id)} (space {index + 1})"))
        if seat not in state.worksite_workers:
            options.append(Option(Action(seat, kind, {"place": "worksite"}), cost=price, label="The worksite"))
    last = {"place": "pass"} if not early else {"skip": True}
    options.append(Option(Action(seat, kind, last), label="Pass" if not early else "Do not rise early"))
    return tuple(options)


def can_join(state: Caylus1303State, seat: int, workers: list[int]) -> bool:
    """An empty building, or (the Journeyman, once a round) one where another player's worker stands alone."""
    if not workers:
        return True
    return (len(workers) == 1 and workers[0] != seat and state.holds(seat, "journeyman")
            and not state.journeyman_used)


# ---------------------------------------------------------------- resolving a decision
def resolve(state: Caylus1303State, frame: Mapping[str, Any], action: Action) -> None:
    kind = frame["kind"]
    if kind == "setup_tile":
        _place_setup_tile(state, action.arg("slot"), action.arg("tile"))
    elif kind == "first_player":
        state.first_player = action.arg("seat")
        state.act_step = "pick" if state.variants["first_game_characters"] else "draw"
        state.events.append({"type": "first_player", "player": state.colours[state.first_player]})
    elif kind == "draw_character":
        state.drawn.append(action.arg("character"))
        state.drawn.sort()
        state.events.append({"type": "character_drawn", "character": action.arg("character")})
    elif kind == "choose_character":
        seat, character = frame["player"], action.arg("character")
        state.drawn.remove(character)
        state.characters[seat].append(character)
        state.events.append({"type": "character_chosen", "player": state.colours[seat], "character": character})
    elif kind in ("place", "early_riser"):
        _resolve_placement(state, frame["player"], action, early=kind == "early_riser")
    elif kind in ("bridge", "bailiff"):
        steps = action.arg("steps")
        if kind == "bridge":
            effects.return_workers(state, frame["player"], abs(steps))
        if steps or kind == "bridge":
            effects.move_provost(state, steps, frame["player"], "guilds_bridge" if kind == "bridge" else "bailiff")
    elif kind == "effect":
        effects.resolve_effect(state, frame, action)
    elif kind == "favour":
        effects.resolve_favour(state, frame["player"], action)
    elif kind == "favour_character":
        effects.resolve_favour_character(state, frame["player"], action)
    elif kind == "deliver":
        if not action.arg("stop"):
            effects.deliver(state, frame["player"], list(action.arg("goods")))
            state.queue.append(dict(frame))
    elif kind == "landmark":
        if not action.arg("skip"):
            effects.build_landmark(state, frame["player"], frame["space"] - 1, action.arg("landmark"))
    else:
        raise ValueError(f"unknown frame {kind!r}")


def _resolve_placement(state: Caylus1303State, seat: int, action: Action, early: bool) -> None:
    colour = state.colours[seat]
    place = action.arg("place")
    if action.arg("skip"):
        state.events.append({"type": "early_riser_declined", "player": colour})
        return
    if place == "pass":
        state.bridge.append(seat)
        if len(state.bridge) == 1:
            state.first_player = seat
        state.events.append({"type": "passed", "player": colour, "bridge": len(state.bridge),
                             "first_player": len(state.bridge) == 1})
        state.turn_seat = (seat + 1) % state.player_count
        return
    cost = 2 if early else 1 + (1 if state.bridge and not state.holds(seat, "night_worker") else 0)
    state.workers[seat] -= 1
    effects.return_workers(state, seat, cost - 1)
    event: dict[str, Any] = {"type": "placed", "player": colour, "place": place, "workers_returned": cost - 1}
    if place == "worksite":
        state.worksite_workers.append(seat)
        event["position"] = len(state.worksite_workers)
    elif place in FRONT:
        workers = state.front_workers[FRONT.index(place)]
        if workers:
            state.journeyman_used = True
            event["journeyman"] = True
        workers.append(seat)
    else:
        index = int(place.split(".")[1]) - 1
        workers = state.road_workers[index]
        if workers:
            state.journeyman_used = True
            event["journeyman"] = True
        workers.append(seat)
        owner = state.road_owner[index]
        if owner is not None and owner != seat:
            points = 0 if state.holds(seat, "thief") else 2 if state.holds(owner, "steward") else 1
            effects.score(state, owner, points, "visits")
            event.update(owner=state.colours[owner], owner_pp=points)
    state.events.append(event)
    if not early:
        state.turn_seat = (seat + 1) % state.player_count


def run_auto(state: Caylus1303State, frame: Mapping[str, Any]) -> None:
    seat = frame["player"]
    if frame["kind"] == "return_worker":
        workers = _workers_at(state, frame["place"])
        workers.remove(seat)
        state.camp[seat] += 1
        state.events.append({"type": "worker_returned", "player": state.colours[seat], "place": frame["place"]})
    elif frame["kind"] == "owner_bonus":
        bonus = tile(frame["tile"]).owner_bonus
        effects.give(state, seat, bonus)
        state.events.append({"type": "owner_bonus", "player": state.colours[seat], "building": frame["tile"],
                             "goods": dict(bonus)})
    else:
        raise ValueError(f"unknown automatic frame {frame['kind']!r}")


def _workers_at(state: Caylus1303State, place: str) -> list[int]:
    if place in FRONT:
        return state.front_workers[FRONT.index(place)]
    return state.road_workers[int(place.split(".")[1]) - 1]


# ---------------------------------------------------------------- the phases
def step(state: Caylus1303State) -> None:
    """One piece of the phase's own work (called when no frame waits)."""
    {"setup": _setup_step, "planning": _planning_step, "activation": _activation_step,
     "delivery": _delivery_step, "stewardship": _stewardship_step}[state.phase](state)


def setup_slots() -> list[tuple[str, str]]:
    """Where setup puts tiles, in the seed's order, with the pile each comes from."""
    road = RULES["road"]
    slots = [("worksite.1", "starting")]
    slots += [(f"road.{i + 1}", "starting") for i, kind in enumerate(road) if kind == "start"]
    slots += [("worksite.2", "wood")] + [(f"road.{i + 1}", "wood") for i, kind in enumerate(road) if kind == "wood"]
    slots += [("worksite.3", "stone")] + [(f"road.{i + 1}", "stone") for i, kind in enumerate(road) if kind == "stone"]
    return slots


def setup_pool(state: Caylus1303State, pool: str, slot: str) -> dict[str, int]:
    """The tiles that may be drawn for ``slot`` and how many of each (the Stonemason never goes on the road)."""
    if pool == "starting":
        counts: dict[str, int] = {}
        for tile_id in state.start_pool:
            counts[tile_id] = counts.get(tile_id, 0) + 1
        return counts
    supply = state.wood_supply if pool == "wood" else state.stone_supply
    return {tile_id: 1 for tile_id in supply
            if not (slot.startswith("road.") and tile(tile_id).never_on_road_at_setup)}


def _place_setup_tile(state: Caylus1303State, slot: str, tile_id: str) -> None:
    kind = tile(tile_id).kind
    (state.start_pool if kind == "starting" else state.wood_supply if kind == "wood" else state.stone_supply
     ).remove(tile_id)
    area, number = slot.split(".")
    if area == "worksite":
        state.worksite_tiles[int(number) - 1] = tile_id
    else:
        state.road_tile[int(number) - 1] = tile_id
        state.road_side[int(number) - 1] = "start"
    state.events.append({"type": "tile_placed", "slot": slot, "tile": tile_id})


def _setup_step(state: Caylus1303State) -> None:
    if state.act_step == "tiles":
        for slot, pool in setup_slots():
            area, number = slot.split(".")
            filled = state.worksite_tiles[int(number) - 1] if area == "worksite" else state.road_tile[int(number) - 1]
            if filled is None:
                state.queue.append({"kind": "setup_tile", "slot": slot, "pool": pool})
                return
        state.act_step = "first"
    elif state.act_step == "first":
        state.queue.append({"kind": "first_player"})
    elif state.act_step == "draw":
        if len(state.drawn) < state.player_count + RULES["characters_drawn_extra"]:
            state.queue.append({"kind": "draw_character"})
        else:
            state.act_step = "pick"
    elif state.act_step == "pick":
        picked = sum(len(held) for held in state.characters)
        n = state.player_count
        if picked < n:
            picker = (state.first_player - 1 - picked) % n     # the last player first, then counter-clockwise
            state.queue.append({"kind": "choose_character", "player": picker})
            return
        state.board_characters = sorted(state.drawn)
        state.drawn = []
        state.events.append({"type": "characters_on_board", "characters": list(state.board_characters)})
        state.provost = provost_reset_position(state)
        _start_round(state)


def _start_round(state: Caylus1303State) -> None:
    state.phase, state.act_step, state.act_index = "planning", "", 0
    state.turn_seat, state.early_done = state.first_player, False
    state.bridge, state.journeyman_used, state.goldsmith_used = [], False, False
    state.bundles = [0] * state.player_count
    state.events.append({"type": "round_started", "round": state.round,
                         "first_player": state.colours[state.first_player]})


def _planning_step(state: Caylus1303State) -> None:
    if not state.early_done:
        state.early_done = True
        riser = state.holder("early_riser")
        if riser is not None:
            state.queue.append({"kind": "early_riser", "player": riser})
        return
    n = state.player_count
    if len(state.bridge) == n:
        state.phase, state.act_step, state.act_index = "activation", "front", 0
        return
    seat = state.turn_seat
    while seat in state.bridge:
        seat = (seat + 1) % n
    state.turn_seat = seat
    state.queue.append({"kind": "place", "player": seat})


def _activation_step(state: Caylus1303State) -> None:
    if state.act_step == "front":
        if state.act_index < len(FRONT):
            index = state.act_index
            state.act_index += 1
            _activate(state, FRONT[index], FRONT[index], "start", state.front_workers[index], None)
            return
        state.act_step = "bridge"
        for seat in reversed(state.bridge):
            state.queue.append({"kind": "bridge", "player": seat})
    elif state.act_step == "bridge":
        state.act_step = "bailiff"
        bailiff = state.holder("bailiff")
        if bailiff is not None:
            state.queue.append({"kind": "bailiff", "player": bailiff})
    elif state.act_step == "bailiff":
        state.act_step, state.act_index = "road", 0
    elif state.act_step == "road":
        index = state.act_index
        if index < min(state.provost, ROAD_LENGTH):
            state.act_index += 1
            if state.road_workers[index]:
                _activate(state, f"road.{index + 1}", state.road_tile[index], state.road_side[index],
                          state.road_workers[index], state.road_owner[index])
            return
        for later in range(index, ROAD_LENGTH):
            for seat in state.road_workers[later]:
                state.camp[seat] += 1
                state.events.append({"type": "beyond_provost", "player": state.colours[seat],
                                     "place": f"road.{later + 1}"})
            state.road_workers[later] = []
        state.phase, state.act_step, state.act_index = "delivery", "start", 0


def _activate(state: Caylus1303State, place: str, tile_id: str, side: str, workers: list[int],
              owner: int | None) -> None:
    """Queue each worker's effect then its return to the camp, in placement order; then the owner's bonus."""
    if not workers:
        return
    bonus = tile(tile_id).owner_bonus if side == "build" else {}
    if bonus and owner is not None and owner not in workers:
        state.queue.append({"kind": "owner_bonus", "auto": True, "player": owner, "tile": tile_id})
    for seat in reversed(workers):
        state.queue.append({"kind": "return_worker", "auto": True, "player": seat, "place": place})
        state.queue.append({"kind": "effect", "player": seat, "tile": tile_id, "side": side, "place": place})


def _delivery_step(state: Caylus1303State) -> None:
    if state.act_step == "start":
        order = list(state.worksite_workers)
        deliveryman = state.holder("deliveryman")
        if deliveryman is not None:
            order.append(deliveryman)
        state.delivery_order, state.act_step, state.act_index = order, "deliver", 0
    elif state.act_step == "deliver":
        if state.act_index < len(state.delivery_order):
            seat = state.delivery_order[state.act_index]
            state.act_index += 1
            state.queue.append({"kind": "deliver", "player": seat})
            return
        state.act_step = "favour"
        for seat in state.worksite_workers:
            state.camp[seat] += 1
            state.events.append({"type": "worker_returned", "player": state.colours[seat], "place": "worksite"})
        winner = delivery_winner(state)
        state.worksite_workers = []
        if winner is not None:
            state.events.append({"type": "most_bundles", "player": state.colours[winner],
                                 "bundles": state.bundles[winner]})
            effects.push_favours(state, winner, 1, "worksite")
    elif state.act_step == "favour":
        state.phase, state.act_step, state.delivery_order = "stewardship", "flip", []


def delivery_winner(state: Caylus1303State) -> int | None:
    """Most bundles this round; a tie goes to the worker placed first on the worksite (no worker: last)."""
    best = max(state.bundles)
    if best == 0 and RULES["favour_needs_a_bundle"]:
        return None
    tied = [seat for seat in range(state.player_count) if state.bundles[seat] == best]

    def position(seat: int) -> int:
        return state.worksite_workers.index(seat) if seat in state.worksite_workers else len(state.worksite_workers)

    return min(tied, key=position)


def _stewardship_step(state: Caylus1303State) -> None:
    if state.act_step == "flip":
        for index, tile_id in enumerate(state.road_tile):
            if tile_id and tile(tile_id).kind == "starting" and state.road_side[index] == "start" \
                    and state.road_owner[index] is not None:
                state.road_side[index] = "residence"
                state.events.append({"type": "residence", "player": state.colours[state.road_owner[index]],
                                     "space": index + 1, "building": tile_id})
        state.act_step = "landmarks"
        spaces = [i for i, side in enumerate(state.road_side) if side == "residence"]
        for index in reversed(spaces):
            state.queue.append({"kind": "landmark", "player": state.road_owner[index], "space": index + 1})
    elif state.act_step == "landmarks":
        _recruit(state)
        state.provost = provost_reset_position(state)
        state.events.append({"type": "provost_reset", "provost": state.provost})
        if state.round >= RULES["rounds"]:
            _end_game(state)
            return
        state.round += 1
        _start_round(state)


def _recruit(state: Caylus1303State) -> None:
    base = RULES["recruit_base"][str(state.player_count)]
    landmarks = {t.id: t for t in tiles_of("landmark")}
    for seat in range(state.player_count):
        wanted = base + state.residences(seat) + (1 if state.holds(seat, "day_laborer") else 0)
        goods: dict[str, int] = {}
        for landmark in state.landmarks_of(seat):
            for thing, n in landmarks[landmark].recruit.items():
                if thing == "workers":
                    wanted += n
                else:
                    goods[thing] = goods.get(thing, 0) + n
        taken = effects.recruit(state, seat, wanted)
        effects.give(state, seat, goods)
        state.events.append({"type": "recruited", "player": state.colours[seat], "workers": taken, "goods": goods})


def provost_reset_position(state: Caylus1303State) -> int:
    """Just on the City Gate side of the last building of the road's unbroken run from the bridge.

    The setup stone building is ignored while empty spaces remain before it: it is not in that run."""
    first_empty = state.first_empty_space()
    last = (ROAD_LENGTH if first_empty is None else first_empty) - 1
    return max(last, 0)


def _end_game(state: Caylus1303State) -> None:
    for seat in range(state.player_count):
        points = sum(state.resources(seat)[good] * pp for good, pp in RULES["end_game_pp_per"].items())
        effects.score(state, seat, points, "end_game")
    state.phase, state.act_step, state.over = "over", "", True
    state.events.append({"type": "game_over", "scores": {state.colours[s]: state.pp[s]
                                                        for s in range(state.player_count)}})
