"""Bots for the demo: they take the decisions of their seats at a human pace, through the session.

They go through :meth:`Session.decide` like the tablet and the camera do, so the screen, the
journal and the LEDs see a bot's move exactly as a player's.
"""

from __future__ import annotations

import random
import threading
from typing import Collection

from companion.games import RuleError

from .desk import Desk


class Autoplayer:
    """Plays every seat whose colour is in ``bots`` (all seats when ``bots`` is None), one decision per ``pace`` s."""

    def __init__(self, desk: Desk, *, bots: Collection[str] | None = None, pace: float = 1.5, seed: int = 0,
                 pass_weight: float = 0.2) -> None:
        self.desk = desk
        self.bots = set(bots) if bots is not None else None
        self.pace = pace
        self.pass_weight = pass_weight
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
        if decision is None or (self.bots is not None and session.players[decision.player] not in self.bots):
            return False
        options = list(decision.options)
        # Passing too eagerly makes a dull demo: weight "pass" down so bots build and use buildings.
        weights = [self.pass_weight if o.action.arg("place") == "pass" else 1.0 for o in options]
        choice = self._random.choices(options, weights=weights)[0]
        try:
            session.decide(choice.action, source="bot")
        except RuleError:   # the tablet changed the game meanwhile (undo, new game): look again next time
            return False
        return True

    def _run(self) -> None:
        while not self._stop.wait(self.pace):
            self.play_one()
