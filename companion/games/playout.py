"""Random complete games for any pack: seats choose uniformly among their options, chance by its weights.

Also the simulated table's bots (:func:`busy_choice`: games that look busy), the positions it renders
(:func:`random_midgame`) and the games it films (:func:`bot_game`).

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
from .pack import GamePack
from .table_view import TableView

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


BUSY = 0.8         # how often a busy bot acts when it may also pass


def busy_choice(state: GameState, chooser: random.Random) -> Action:
    """A simple bot: mostly (``BUSY``) acts rather than passes, otherwise any legal option; chance by its weights.

    An option passes when its action's kind, or its ``choice`` argument, is ``"pass"``."""
    decision = state.pending()
    if decision.is_chance:
        return choose(decision, chooser)
    options = list(decision.options)
    active = [o for o in options if o.action.kind != "pass" and o.action.arg("choice") != "pass"]
    pool = active if active and chooser.random() < BUSY else options
    return chooser.choice(pool).action


def random_midgame(pack: GamePack, players: list[str], seed: int, max_decisions: int = 5000) -> GameState:
    """A legal position somewhere in a game busy bots play (between 10 % and 90 % of its decisions)."""
    chooser = random.Random(seed)
    state = pack.new_game(players, seed)
    history = [state]
    while not state.is_over and len(history) < max_decisions:
        state = state.apply(busy_choice(state, chooser))
        history.append(state)
    lo, hi = len(history) // 10, max(len(history) * 9 // 10, len(history) // 10 + 1)
    return history[chooser.randrange(lo, hi)]


def bot_game(pack: GamePack, players: list[str], seed: int, max_decisions: int | None = None
             ) -> tuple[list[tuple[TableView, int | None]], list[dict], GameState]:
    """Busy bots play a whole game (or its first ``max_decisions``): the table view after each decision with the
    seat that made it (None for chance: no hand moves), the decisions as JSON, and the final state."""
    chooser = random.Random(seed)
    state = pack.new_game(players, seed)
    steps: list[tuple[TableView, int | None]] = [(state.table_view(), None)]
    answers = []
    while not state.is_over and (max_decisions is None or len(answers) < max_decisions):
        action = busy_choice(state, chooser)
        answers.append(action.to_json())
        state = state.apply(action)
        steps.append((state.table_view(), None if action.player < 0 else action.player))
    return steps, answers, state
