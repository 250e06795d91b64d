"""The turn of Caylus as a small state machine: phases with a cursor, plus a queue of interrupts.

``state.phase`` names the step; each step either returns the :class:`Decision` it waits for, or does
its automatic work (income, trading post, stables, inn, bailiff, counts …) and moves on. Interrupts
that must be settled before the turn continues (favours and their follow-ups, an owner's bonus cube,
the end of a section) wait in ``state.queue``. A decision with a single option (only "pass", only
"stop", a production without choice) is taken automatically, so every decision shown to players is a
real choice.
"""

from __future__ import annotations

from typing import Any, Callable

from ..decisions import Action, Decision, Option
from ..errors import RuleError
from . import castle, effects, favours
from .data import SPECIAL_TITLES, WORKABLE_KINDS, rules
from .ops import (ROAD_LENGTH, SPECIAL_SLOTS, args, colour, event, gain_deniers, make_option,
                  owner_bonus_pp, pay_cubes, pay_deniers, return_worker)

RULES = rules()
MAX_STEPS: int = RULES["provost_max_steps"]
PLACE_PASS = "pass"
SPECIAL_PLACES = ("gate", "trading_post", "merchants_guild", "joust_field", "stables", "inn", "castle")
ROAD_PLACES = tuple(f"road.{sq}" for sq in range(ROAD_LENGTH + 1))
PLACE_ARGS = {name: args(place=name) for name in (*SPECIAL_PLACES, *ROAD_PLACES[1:], PLACE_PASS)}
STEP_ARGS = {steps: args(steps=steps) for steps in range(-MAX_STEPS, MAX_STEPS + 1)}
_COSTS = {n: {"denier": n} for n in range(0, 10)}


# ------------------------------------------------------------------------------------------ entry points
def current_decision(state: Any) -> Decision | None:
    """The decision a resting state waits for (pure: never changes the state)."""
    if state.over:
        return None
    if state.queue:
        return FRAME_DECISIONS[state.queue[0]["kind"]](state, state.queue[0])
    return PHASES[state.phase](state)


def apply_action(state: Any, action: Action) -> Any:
    decision = state.pending()
    if decision is None:
        raise RuleError("The game is over: no more decisions can be taken", rule="game over",
                        key="refusals.game_over")
    index = state._option_index
    if index is None:
        index = state._option_index = {option.action: option for option in decision.options}
    if not isinstance(action, Action) or not _is_offered(action, index):
        from .explain import explain_refusal
        raise explain_refusal(state, decision, action)
    new = state.clone()
    resolve(new, action, decision)
    advance(new)
    return new


def _is_offered(action: Action, index: dict[Action, Any]) -> bool:
    """Whether ``action`` is one of the options; arguments that can't be hashed (objects, nested lists)
    come from malformed input and are never an option."""
    try:
        return action in index
    except TypeError:
        return False


def advance(state: Any) -> None:
    """Run automatic steps (and single-option decisions) until a real choice or the end of the game."""
    while not state.over:
        if state.queue:
            frame = state.queue[0]
            automatic = AUTOMATIC_FRAMES.get(frame["kind"])
            if automatic:
                state.queue.pop(0)
                automatic(state, frame)
                continue
            decision = FRAME_DECISIONS[frame["kind"]](state, frame)
            if not decision.options:  # a favour with every row already used this phase
                state.queue.pop(0)
                event(state, "favour_lost", player=colour(state, frame["player"]))
                continue
        else:
            decision = PHASES[state.phase](state)
            if decision is None:
                continue
        if len(decision.options) > 1:
            state._pending = decision
            return
        resolve(state, decision.options[0].action, decision)
    state._pending = None


def resolve(state: Any, action: Action, decision: Decision) -> None:
    RESOLVERS[action.kind](state, action, decision)


# ------------------------------------------------------------------------------------------ phase 1, 2
def income_step(state: Any) -> None:
    for seat in range(len(state.colours)):
        amount = RULES["base_income"]
        for square, owner in enumerate(state.road_owner):
            if owner == seat:
                amount += state.catalogue[state.road_tile[square]].income
        gain_deniers(state, seat, amount)
        event(state, "income", player=colour(state, seat), deniers=amount)
    state.phase, state.cursor = "placement", 0


def placement_cost(state: Any, seat: int, owner: int | None) -> int:
    """Deniers to place a worker: own building 1, inn's right circle 1, else the passing scale's next number."""
    if owner == seat or state.inn[1] == seat:
        return 1
    passed = len(state.passed)
    if len(state.colours) == 2:
        return RULES["two_player_cost_after_pass"] if passed else 1
    return passed + 1


def free_places(state: Any, seat: int, moving_from_gate: bool = False) -> list[tuple[str, int | None]]:
    """Places a worker of ``seat`` may go to now, with the owner of each (``None`` if not a player building)."""
    places: list[tuple[str, int | None]] = []
    for name, occupant in zip(SPECIAL_SLOTS, state.special):
        if occupant is None and not (moving_from_gate and name == "gate"):
            places.append((name, None))
    if len(state.colours) > 2 and len(state.stables) < RULES["stables_spaces"] and seat not in state.stables:
        places.append(("stables", None))
    if state.inn[0] is None:
        places.append(("inn", None))
    if seat not in state.castle_workers:
        places.append(("castle", None))
    tiles, workers, owners, catalogue = state.road_tile, state.road_worker, state.road_owner, state.catalogue
    for square in range(1, ROAD_LENGTH + 1):
        tile = tiles[square]
        if tile is not None and workers[square] is None and catalogue[tile].kind in WORKABLE_KINDS:
            places.append((ROAD_PLACES[square], owners[square]))
    return places


def place_title(state: Any, place: str) -> str:
    if place.startswith("road."):
        square = int(place[5:])
        tile = state.road_tile[square]
        return f"{state.catalogue[tile].title} (square {square})" if tile else f"square {square}"
    return SPECIAL_TITLES.get(place, place)


def placement_step(state: Any) -> Decision:
    seat = state.turn_order[state.cursor]
    options: list[Option] = []
    if state.workers[seat] > 0:
        deniers = state.deniers[seat]
        for place, owner in free_places(state, seat):
            cost = placement_cost(state, seat, owner)
            if cost <= deniers:
                options.append(make_option(seat, "place", PLACE_ARGS[place], place_title(state, place),
                                           _COSTS[cost]))
    options.append(make_option(seat, "place", PLACE_ARGS[PLACE_PASS], "Pass"))
    return Decision(seat, "place", tuple(options), {"phase": "placement"})


def resolve_place(state: Any, action: Action, decision: Decision) -> None:
    seat = action.player
    place = action.arg("place")
    if place == PLACE_PASS:
        state.passed.append(seat)
        bonus = RULES["first_passer_deniers"] if len(state.passed) == 1 else 0
        if bonus:
            gain_deniers(state, seat, bonus)
        event(state, "passed", player=colour(state, seat), bridge=len(state.passed), deniers=bonus)
    else:
        owner = state.road_owner[int(place[5:])] if place.startswith("road.") else None
        cost = placement_cost(state, seat, owner)
        pay_deniers(state, seat, cost)
        state.workers[seat] -= 1
        put_worker(state, seat, place)
        event(state, "placed", player=colour(state, seat), place=place, deniers=cost)
        owner_bonus_pp(state, owner, seat, place)
    count = len(state.colours)
    if len(state.passed) == count:
        _start_phase(state, "gate")
        return
    cursor = state.cursor
    while True:
        cursor = (cursor + 1) % count
        if state.turn_order[cursor] not in state.passed:
            state.cursor = cursor
            return


def put_worker(state: Any, seat: int, place: str) -> None:
    if place.startswith("road."):
        state.road_worker[int(place[5:])] = seat
    elif place == "stables":
        state.stables.append(seat)
    elif place == "inn":
        state.inn[0] = seat
    elif place == "castle":
        state.castle_workers.append(seat)
    else:
        state.special[SPECIAL_SLOTS.index(place)] = seat


def _start_phase(state: Any, phase: str, cursor: int = 0) -> None:
    state.phase, state.cursor = phase, cursor
    state.rows_used = [[] for _ in state.colours]


# ------------------------------------------------------------------------------------------ phase 3
def gate_step(state: Any) -> Decision | None:
    seat = state.special[0]
    if seat is None:
        state.phase = "trading_post"
        return None
    options = [make_option(seat, "gate", PLACE_ARGS[place], place_title(state, place))
               for place, _owner in free_places(state, seat, moving_from_gate=True)]
    options.append(make_option(seat, "gate", effects.SKIP, "Take the worker back"))
    return Decision(seat, "gate", tuple(options), {"phase": "gate"})


def resolve_gate(state: Any, action: Action, decision: Decision) -> None:
    seat = action.player
    state.special[0] = None
    state.phase = "trading_post"
    if action.arg("skip"):
        return_worker(state, seat, "gate")
        return
    place = action.arg("place")
    owner = state.road_owner[int(place[5:])] if place.startswith("road.") else None
    put_worker(state, seat, place)
    event(state, "gate_moved", player=colour(state, seat), place=place)
    owner_bonus_pp(state, owner, seat, place)


def trading_post_step(state: Any) -> None:
    seat = state.special[1]
    if seat is not None:
        gain_deniers(state, seat, RULES["trading_post_deniers"])
        event(state, "trading_post", player=colour(state, seat), deniers=RULES["trading_post_deniers"])
        state.special[1] = None
        return_worker(state, seat, "trading_post")
    state.phase = "merchants_guild"


def provost_options(state: Any, seat: int, kind: str, paid: bool) -> tuple[Option, ...]:
    options = []
    for steps in range(-MAX_STEPS, MAX_STEPS + 1):
        target = state.provost + steps
        cost = abs(steps) if paid else 0
        if 1 <= target <= ROAD_LENGTH and cost <= state.deniers[seat]:
            label = "Leave the provost" if steps == 0 else (
                f"Provost {'forward' if steps > 0 else 'back'} {abs(steps)} to square {target}")
            options.append(make_option(seat, kind, STEP_ARGS[steps], label, _COSTS[cost]))
    return tuple(options)


def guild_step(state: Any) -> Decision | None:
    seat = state.special[2]
    if seat is None:
        state.phase = "joust_field"
        return None
    return Decision(seat, "guild", provost_options(state, seat, "guild", paid=False), {"phase": "merchants_guild"})


def resolve_guild(state: Any, action: Action, decision: Decision) -> None:
    _move_provost(state, action.player, action.arg("steps"), paid=False)
    state.special[2] = None
    return_worker(state, action.player, "merchants_guild")
    state.phase = "joust_field"


def joust_step(state: Any) -> Decision | None:
    seat = state.special[3]
    if seat is None:
        state.phase = "stables"
        return None
    price = RULES["joust_price"]
    options = []
    if state.deniers[seat] >= price["denier"] and state.cubes[seat][3] >= price["cloth"]:
        options.append(make_option(seat, "joust", args(), "Pay 1 denier and 1 cloth for a favour", price))
    options.append(make_option(seat, "joust", effects.SKIP, "Don't joust"))
    return Decision(seat, "joust", tuple(options), {"phase": "joust_field"})


def resolve_joust(state: Any, action: Action, decision: Decision) -> None:
    seat = action.player
    if not action.arg("skip"):
        price = RULES["joust_price"]
        pay_deniers(state, seat, price["denier"])
        pay_cubes(state, seat, ["cloth"] * price["cloth"])
        favours.gain_favours(state, seat, 1, "joust field")
    state.special[3] = None
    return_worker(state, seat, "joust_field")
    state.phase = "stables"


def stables_step(state: Any) -> None:
    if state.stables:
        state.turn_order = state.stables + [p for p in state.turn_order if p not in state.stables]
        event(state, "turn_order", order=[colour(state, p) for p in state.turn_order])
        for seat in state.stables:
            return_worker(state, seat, "stables")
        state.stables = []
    state.phase = "inn"


def inn_step(state: Any) -> Decision | None:
    left, right = state.inn
    if left is not None:
        if right is not None:
            return_worker(state, right, "inn")
            event(state, "inn_evicted", player=colour(state, right))
        state.inn = [None, left]
        event(state, "inn_moved", player=colour(state, left))
    elif right is not None:
        return Decision(right, "inn", (make_option(right, "inn", args(stay=True), "Stay at the inn"),
                                       make_option(right, "inn", args(stay=False), "Take the worker back")),
                        {"phase": "inn"})
    _start_phase(state, "provost")
    return None


def resolve_inn(state: Any, action: Action, decision: Decision) -> None:
    if not action.arg("stay"):
        state.inn[1] = None
        return_worker(state, action.player, "inn")
    else:
        event(state, "inn_stayed", player=colour(state, action.player))
    _start_phase(state, "provost")


# ------------------------------------------------------------------------------------------ phase 4, 5
def provost_step(state: Any) -> Decision:
    seat = state.passed[state.cursor]
    return Decision(seat, "provost", provost_options(state, seat, "provost", paid=True), {"phase": "provost"})


def resolve_provost(state: Any, action: Action, decision: Decision) -> None:
    _move_provost(state, action.player, action.arg("steps"), paid=True)
    state.cursor += 1
    if state.cursor >= len(state.passed):
        _start_phase(state, "activation", 1)


def _move_provost(state: Any, seat: int, steps: int, paid: bool) -> None:
    if paid and steps:
        pay_deniers(state, seat, abs(steps))
    state.provost += steps
    event(state, "provost_moved", player=colour(state, seat), steps=steps, square=state.provost,
          deniers=abs(steps) if paid else 0)


def activation_step(state: Any) -> Decision | None:
    square = state.cursor
    while square <= state.provost and state.road_worker[square] is None:
        square += 1
    if square > state.provost:
        _send_home_beyond_provost(state)
        _start_phase(state, "castle")
        state.batches_turn = [0] * len(state.colours)
        return None
    if square != state.cursor:
        state.cursor = square
        return None
    return effects.activation_decision(state, square, state.road_worker[square])


def resolve_activation(state: Any, action: Action, decision: Decision) -> None:
    square = state.cursor
    effects.resolve_activation(state, action, square)
    state.road_worker[square] = None
    return_worker(state, action.player, f"road.{square}")
    effects.run_deferred_conversion(state, square)
    state.cursor = square + 1


def _send_home_beyond_provost(state: Any) -> None:
    for square in range(state.provost + 1, ROAD_LENGTH + 1):
        seat = state.road_worker[square]
        if seat is not None:
            state.road_worker[square] = None
            return_worker(state, seat, f"road.{square}")
            event(state, "beyond_provost", player=colour(state, seat), square=square)
            effects.run_deferred_conversion(state, square)


# ------------------------------------------------------------------------------------------ phase 6, 7
def castle_step(state: Any) -> Decision | None:
    if state.cursor >= len(state.castle_workers):
        castle.finish_castle(state)
        state.phase = "end_turn"
        return None
    return castle.castle_decision(state)


def end_turn_step(state: Any) -> None:
    steps = 2 if state.provost > state.bailiff else 1
    state.bailiff = min(state.bailiff + steps, ROAD_LENGTH)
    state.provost = state.bailiff
    event(state, "bailiff_moved", square=state.bailiff, steps=steps)
    event(state, "provost_reset", square=state.provost)
    state.phase = "count_check"


def count_check_step(state: Any) -> None:
    if castle.count_due(state):
        castle.count_section(state)
    else:
        state.phase = "next_turn"


def next_turn_step(state: Any) -> None:
    state.turn += 1
    state.passed = []
    if len(state.colours) == 2:  # two players: first and second swap every turn
        state.turn_order = state.turn_order[::-1]
    event(state, "new_turn", turn=state.turn, order=[colour(state, p) for p in state.turn_order])
    state.phase = "income"


PHASES: dict[str, Callable[[Any], Decision | None]] = {
    "income": income_step, "placement": placement_step, "gate": gate_step, "trading_post": trading_post_step,
    "merchants_guild": guild_step, "joust_field": joust_step, "stables": stables_step, "inn": inn_step,
    "provost": provost_step, "activation": activation_step, "castle": castle_step, "end_turn": end_turn_step,
    "count_check": count_check_step, "next_turn": next_turn_step,
}
FRAME_DECISIONS = {"favour": favours.favour_decision, "favour_resources": favours.resources_decision,
                   "favour_building": favours.building_decision, "owner_bonus": effects.owner_bonus_decision}
AUTOMATIC_FRAMES = {"section_done": castle.section_done}
RESOLVERS: dict[str, Callable[[Any, Action, Decision], None]] = {
    "place": resolve_place, "gate": resolve_gate, "guild": resolve_guild, "joust": resolve_joust,
    "inn": resolve_inn, "provost": resolve_provost, "castle": lambda s, a, d: castle.resolve_castle(s, a),
    "favour": lambda s, a, d: favours.resolve_favour(s, a),
    "favour_resources": lambda s, a, d: favours.resolve_resources(s, a),
    "favour_building": lambda s, a, d: favours.resolve_building(s, a),
    "owner_bonus": lambda s, a, d: effects.resolve_owner_bonus(s, a),
    **{kind: resolve_activation for kind in effects.OPTION_MAKERS},
}
