"""Setting up a game: seats, options, and the position before the starting hands are dealt.

The deck's shuffle is the table's: every card dealt or drawn is a chance decision (:mod:`.deck`). The crown
starts with seat 0: list the oldest player first (the seed gives the crown to the oldest).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..setup_checks import check_colours, check_variant_choices
from .data import full_deck, rules
from .state import CitadelsState

COLOURS = ("red", "blue", "green", "yellow", "black", "orange", "purple")
VARIANT_CHOICES: dict[str, tuple[Any, ...]] = {"classic_city": (False, True),
                                               "haunted_quarter_last_round": (False, True)}


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The seats' colours, refused in words when Citadels can't be played with them."""
    return check_colours(players, title="Citadels", palette=COLOURS, counts=(2, 7), piece="seat")


def check_variant_values(variants: dict[str, Any]) -> dict[str, Any]:
    """The options, refused in words when a value is not one of its choices."""
    return check_variant_choices(variants, VARIANT_CHOICES)


def new_state(players: Sequence[str], seed: int, variants: dict[str, Any]) -> CitadelsState:
    from .flow import advance, deal_frames

    colours = check_players(players)
    n = len(colours)
    state = CitadelsState()
    state.colours, state.variants, state.seed = colours, dict(variants), int(seed)
    state.round, state.phase, state.crown, state.calling = 1, "deal", 0, 0
    state.murdered = state.robbed = None
    state.draft_step, state.turn = 0, None
    state.gold = [rules()["start_gold"]] * n
    state.deck, state.bottom = full_deck(), []
    state.faceup, state.facedown, state.draft_cards, state.revealed, state.completed = [], [], [], [], []
    state.hands = [[] for _ in colours]
    state.cities = [[] for _ in colours]
    state.built_round = [[] for _ in colours]
    state.picks = [[] for _ in colours]
    state.drawn = [[] for _ in colours]
    state.queue, state.events = deal_frames(n), []
    advance(state)
    return state
