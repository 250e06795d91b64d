"""Caylus (2005): the complete rules as a state machine any front end can drive.

>>> from companion.games.caylus import new_game
>>> state = new_game(["red", "blue", "green"], seed=7)
>>> decision = state.pending()
>>> decision.kind, state.colours[decision.player] == state.turn_order_colours[0]
('place', True)
>>> later = state.apply(decision.options[0].action)
>>> later is not state and state.turn == 1
True
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..game import GameInfo, VariantOption
from ..pack import GamePack
from .setup import COLOURS, VARIANT_CHOICES, check_variant_values, new_state
from .state import CaylusState

INFO = GameInfo(
    name="caylus",
    title="Caylus",
    min_players=2,
    max_players=5,
    colours=COLOURS,
    variants=(
        VariantOption("beginner_favours", False, "Simplified favours: every royal favour is worth 3 PP."),
        VariantOption("jeweller", False, "Add the Jeweller stone tile of the 2nd edition."),
        VariantOption("tailor_trade", "tile", "Tailor trade: 'tile' = 2 cloth→4 PP or 3→6 (tile, player aid); "
                                              "'rulebook' = 1 cloth→2 PP or 3→6 (English rules text).",
                      choices=VARIANT_CHOICES["tailor_trade"]),
        VariantOption("second_wood_farm", "cloth", "Second wooden farm: 'cloth' = 2 cloth or 1 food (tile); "
                                                   "'food' = 2 food or 1 cloth like the first one.",
                      choices=VARIANT_CHOICES["second_wood_farm"]),
        VariantOption("architect_tiles", 2, "Number of Architect stone tiles (2 per the reference sheet).",
                      choices=VARIANT_CHOICES["architect_tiles"]),
        VariantOption("seat_order_is_turn_order", False,
                      "Take the first turn order as the players list gives it instead of drawing it."),
    ),
)


def new_game(players: Sequence[str], seed: int, **variants: Any) -> CaylusState:
    """A fresh game: ``players`` are colours in seat order; the first turn order is drawn from ``seed``."""
    chosen = check_variant_values(INFO.check_variants(variants))
    return new_state(players, int(seed), chosen)


def state_from_json(data: Mapping[str, Any]) -> CaylusState:
    return CaylusState.from_json(data)


PACK = GamePack(__name__, default=True)

__all__ = ["INFO", "PACK", "CaylusState", "new_game", "state_from_json"]
