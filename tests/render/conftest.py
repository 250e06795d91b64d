import random

import pytest

from companion.games import new_game
from vision.layout import load_layout


@pytest.fixture(scope="session")
def layout():
    return load_layout("caylus-2005")


@pytest.fixture(scope="session")
def midgame_view():
    """A real engine position with tiles, workers, houses, discs, provost, bailiff and supplies."""
    rng = random.Random(5)
    state = new_game("caylus", ["red", "blue", "green", "yellow"], 5)
    for _ in range(140):
        decision = state.pending()
        if decision is None:
            break
        active = [o for o in decision.options if o.action.kind != "pass"]
        state = state.apply(rng.choice(active if active and rng.random() < 0.85 else decision.options).action)
    return state.table_view()
