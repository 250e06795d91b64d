"""Bots for the demo: they take the decisions of their seats at a human pace, through the session.

They go through :meth:`Session.decide` like the tablet and the camera do, so the screen, the
journal and the LEDs see a bot's move exactly as a player's. They also play the table's part: a chance
decision (a card drawn, a prize turned up) is drawn by its weights, as the simulated table would deal it.
A pack may weigh its options for the bots in ``bots.json`` (``option_weights``: kind, args, weight).
"""

from __future__ import annotations

import random
import threading
from typing import Collection

from typing import Any, Mapping

from companion.games import Option, RuleError
from companion.games.pack import PackError
from companion.games.registry import get_pack

from .desk import Desk


def option_weights(game: str) -> list[Mapping[str, Any]]:
    """The pack's weights for the bots' options (empty when it ships none)."""
    try:
        return list(get_pack(game).data_json("bots.json").get("option_weights", []))
    except PackError:
        return []


def weight_of(option: Option, weights: list[Mapping[str, Any]]) -> float:
    action = option.action
    for rule in weights:
        if rule.get("kind") == action.kind and all(action.arg(k) == v for k, v in rule.get("args", {}).items()):
            return float(rule["weight"])
    return 1.0


class Autoplayer:
    """Plays every seat whose colour is in ``bots`` (all seats when ``bots`` is None), one decision per ``pace`` s."""

    def __init__(self, desk: Desk, *, bots: Collection[str] | None = None, pace: float = 1.5, seed: int = 0) -> None:
        self.desk = desk
        self.bots = set(bots) if bots is not None else None
        self.pace = pace
        self._random = random.Random(seed)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="demo-bots", daemon=True)

    def start(self) -> "Autoplayer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def play_one(self) -> bool:
        """Take the pending decision if it belongs to a bot; True when a decision was taken."""
        session = self.desk.session
        if session is None:
            return False
        decision = session.state.pending()
        if decision is None or not decision.options:
            return False
        if decision.is_chance:
            weights = [option.weight for option in decision.options]
        elif self.bots is not None and session.players[decision.player] not in self.bots:
            return False
        else:
            rules = option_weights(session.game)
            weights = [weight_of(option, rules) for option in decision.options]
        choice = self._random.choices(list(decision.options), weights=weights)[0]
        try:
            session.decide(choice.action, source="bot")
        except RuleError:   # the tablet changed the game meanwhile (undo, new game): look again next time
            return False
        return True

    def _run(self) -> None:
        while not self._stop.wait(self.pace):
            self.play_one()
