"""Setting up a game: colours, options, and the position before the table lays out the tiles.

Everything random at setup (tiles shuffled onto the worksite and the road, the first player, the characters
drawn) is left to the table: :mod:`.flow` asks for it as chance decisions, so the camera can read it.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..setup_checks import check_colours, check_variant_choices
from .data import GOODS, first_game_characters, rules, tiles_of
from .state import Caylus1303State

RULES = rules()
COLOURS = ("blue", "red", "green", "yellow", "black")
VARIANT_CHOICES: dict[str, tuple[Any, ...]] = {"first_game_characters": (False, True)}


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The seats' colours, refused in words when Caylus 1303 can't be played with them."""
    return check_colours(players, title="Caylus 1303", palette=COLOURS, counts=(2, 5))


def check_variant_values(variants: dict[str, Any]) -> dict[str, Any]:
    """The options, refused in words when a value is not one of its choices."""
    return check_variant_choices(variants, VARIANT_CHOICES)


def new_state(players: Sequence[str], seed: int, variants: dict[str, Any]) -> Caylus1303State:
    colours = check_players(players)
    n = len(colours)
    state = Caylus1303State()
    state.colours, state.variants = colours, dict(variants)
    state.seed = int(seed)
    state.round, state.phase, state.act_step, state.act_index = 1, "setup", "tiles", 0
    state.first_player, state.turn_seat, state.early_done = None, 0, False
    state.journeyman_used = state.goldsmith_used = state.over = False
    road = RULES["road"]
    state.road_tile = [None] * len(road)
    state.road_side = [None] * len(road)
    state.road_owner = [None] * len(road)
    state.road_base = [None] * len(road)
    state.road_workers = [[] for _ in road]
    state.front_workers = [[] for _ in RULES["front_buildings"]]
    state.provost = RULES["road"].index("wood")       # set out just before the wood building's space
    state.worksite_tiles = [None, None, None]
    state.worksite_workers, state.bridge, state.delivery_order = [], [], []
    state.start_pool = sorted(t.id for t in tiles_of("starting") for _ in range(t.count))
    state.wood_supply = sorted(t.id for t in tiles_of("wood"))
    state.stone_supply = sorted(t.id for t in tiles_of("stone"))
    state.landmark_supply = [t.id for t in tiles_of("landmark")]
    state.drawn = sorted(first_game_characters(n)) if variants["first_game_characters"] else []
    state.board_characters = []
    state.characters = [[] for _ in colours]
    start = RULES["start_workers"][str(n)]
    state.workers = [start] * n
    state.camp = [RULES["workers_per_colour"] - start] * n
    state.houses = [RULES["houses_per_colour"] - RULES["bridge_marker_houses"]] * n
    state.goods = [[RULES["start_goods"].get(good, 0) for good in GOODS] for _ in colours]
    state.pp = [0] * n
    state.breakdown = [{} for _ in colours]
    state.bundles = [0] * n
    state.queue, state.events = [], []
    from .flow import advance
    advance(state)
    return state
