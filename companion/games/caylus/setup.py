"""Setting up a game: neutral tiles shuffled onto squares 1–6, the first turn order, money and cubes."""

from __future__ import annotations

from typing import Any, Sequence

from ..rng import SeededRng
from ..setup_checks import check_colours, check_variant_choices
from .data import CUBE_INDEX, CUBES, building_catalogue, rules, section_names
from .state import CaylusState

RULES = rules()
COLOURS = ("red", "blue", "green", "yellow", "black")
VARIANT_CHOICES: dict[str, tuple[Any, ...]] = {
    "beginner_favours": (False, True), "jeweller": (False, True), "tailor_trade": ("tile", "rulebook"),
    "second_wood_farm": ("cloth", "food"), "architect_tiles": (2, 1), "seat_order_is_turn_order": (False, True),
}


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The seats' colours, refused in words when Caylus can't be played with them."""
    return check_colours(players, title="Caylus", palette=COLOURS, counts=(2, 5))


def check_variant_values(variants: dict[str, Any]) -> dict[str, Any]:
    """The options, refused in words when a value is not one of its choices."""
    return check_variant_choices(variants, VARIANT_CHOICES)


def new_state(players: Sequence[str], seed: int, variants: dict[str, Any]) -> CaylusState:
    colours = check_players(players)
    count = len(colours)
    rng = SeededRng(seed)
    catalogue = building_catalogue(variants)
    state = CaylusState()
    state.colours, state.variants, state.catalogue = colours, dict(variants), catalogue
    road_length = RULES["road_length"]
    state.road_tile = [None] * (road_length + 1)
    state.road_owner = [None] * (road_length + 1)
    state.road_worker = [None] * (road_length + 1)
    neutral = [b.id for b in catalogue.values() if b.kind == "neutral"]
    rng.shuffle(neutral)
    for square, tile in zip(RULES["neutral_squares"], neutral):
        state.road_tile[square] = tile
    for square, tile in RULES["fixed_squares"].items():
        state.road_tile[int(square)] = tile
    state.turn_order = list(range(count))
    if not variants["seat_order_is_turn_order"]:
        rng.shuffle(state.turn_order)
    state.rng = rng.state
    state.turn, state.phase, state.cursor = 1, "income", 0
    state.provost = state.bailiff = RULES["start_square"]
    state.section, state.max_column, state.over = 0, RULES["favour_columns_open"]["start"], False
    state.passed, state.stables, state.castle_workers = [], [], []
    state.special, state.inn = [None] * 4, [None, None]
    state.bank = [RULES["bank_start"][name] for name in (*CUBES, "denier")]
    state.deniers = [0] * count
    state.cubes = [[0] * len(CUBES) for _ in colours]
    for position, seat in enumerate(state.turn_order):
        money = RULES["start_deniers_two_players"] if count == 2 else RULES["start_deniers_by_position"][position]
        state.deniers[seat] = money
        state.bank[-1] -= money
        for cube, n in RULES["start_cubes"].items():
            state.cubes[seat][CUBE_INDEX[cube]] += n
            state.bank[CUBE_INDEX[cube]] -= n
    state.pp = [0] * count
    state.breakdown = [{} for _ in colours]
    state.workers = [RULES["workers_per_player"]] * count
    state.houses = [RULES["houses_per_player"]] * count
    state.favour = [[0, 0, 0, 0] for _ in colours]
    state.rows_used = [[] for _ in colours]
    state.castle = [[] for _ in section_names()]
    state.batches_turn = [0] * count
    state.stock = {b.id: b.count for b in catalogue.values() if b.kind in ("wood", "stone", "prestige")}
    state.deferred, state.queue, state.events = [], [], []
    state._pending, state._option_index = False, None
    from .flow import advance
    advance(state)
    return state
