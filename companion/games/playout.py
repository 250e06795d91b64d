"""Random complete games for any pack: seats choose uniformly among their options, chance by its weights.

>>> from companion.games.registry import default_pack
>>> game = random_playout(default_pack().new_game(["red", "blue"], seed=4), seed=4)
>>> game.final.is_over and len(game.actions) > 100
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from .decisions import Action, Decision
from .game import GameState

MAX_DECISIONS = 20_000


@dataclass
class Playout:
    """The states and actions of one played game (``states[0]`` the start, ``states[-1]`` == ``final``)."""

    states: list[GameState]
    actions: list[Action] = field(default_factory=list)

    @property
    def final(self) -> GameState:
        return self.states[-1]


def choose(decision: Decision, chooser: random.Random) -> Action:
    """A random legal action: a chance outcome drawn by its weights, a seat's option uniformly."""
    if decision.is_chance:
        outcomes = decision.probabilities()
        return chooser.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
    return chooser.choice(decision.options).action


def random_playout(state: GameState, seed: int, max_decisions: int = MAX_DECISIONS,
                   on_step: Callable[[GameState, Action, GameState], None] | None = None) -> Playout:
    """Play ``state`` to its end (or ``max_decisions``); ``on_step(before, action, after)`` sees every step."""
    chooser = random.Random(seed)
    playout = Playout([state])
    for _ in range(max_decisions):
        decision = state.pending()
        if decision is None:
            break
        if not decision.options:
            raise ValueError(f"{state.info.title}: the {decision.kind} decision lists no option to play")
        action = choose(decision, chooser)
        after = state.apply(action)
        if on_step is not None:
            on_step(state, action, after)
        playout.states.append(after)
        playout.actions.append(action)
        state = after
    return playout
