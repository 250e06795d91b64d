"""Random complete games: the engine's own smoke test, used by ``companion simulate`` and the benchmark."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from ..decisions import Action
from . import new_game
from .invariants import transition_violations, violations
from .state import CaylusState

MAX_DECISIONS = 20_000  # far beyond any real game (a 5-player game takes about 1,500)


@dataclass
class PlayoutResult:
    final: CaylusState
    actions: list[Action] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)


def random_game(colours: list[str], seed: int, check: bool = False,
                on_step: Callable[[CaylusState, CaylusState, Action], list[str]] | None = None,
                **variants: Any) -> PlayoutResult:
    """Play one game choosing uniformly among the legal options; ``check`` runs the invariants at every step."""
    chooser = random.Random(seed)
    state = new_game(colours, seed, **variants)
    result = PlayoutResult(state)
    if check:
        result.violations += violations(state)
    for _ in range(MAX_DECISIONS):
        decision = state.pending()
        if decision is None:
            break
        action = chooser.choice(decision.options).action
        result.actions.append(action)
        after = state.apply(action)
        if check:
            result.violations += [f"after {action}: {v}" for v in violations(after) + transition_violations(state, after)]
        if on_step is not None:
            result.violations += on_step(state, after, action)
        state = after
    else:
        result.violations.append(f"game did not end within {MAX_DECISIONS} decisions")
    result.final = state
    return result
