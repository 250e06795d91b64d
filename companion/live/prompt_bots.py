"""Demo bots answering the camera's questions for their seats, after a short pause, as a player would.

The reconciler asks when the table can't tell (a choice kept in the head, two moves that look
alike). At a real table the player taps the answer; in the demo the bot that made the move answers
with what it really did (the simulated world remembers), through ``Reconciler.answer`` so the
decision is journaled with source ``prompt``. Seats played by humans are left to the tablet.
"""

from __future__ import annotations

from typing import Any, Collection


class PromptBots:
    """An ``after_frame`` hook of the :class:`~companion.live.loop.TableLoop`, counting time in frames."""

    def __init__(self, world: Any, *, bots: Collection[str], delay_frames: int = 5) -> None:
        self.world = world
        self.bots = set(bots)
        self.delay_frames = delay_frames
        self.answered = 0
        self._waiting: tuple[int, int] | None = None     # (decision number, frames waited)

    def __call__(self, loop: Any) -> None:
        reconciler = loop.reconciler
        prompt = reconciler.open_prompt if reconciler is not None else None
        if prompt is None or reconciler.session.players[prompt.player] not in self.bots:
            self._waiting = None
            return
        decision, waited = self._waiting if self._waiting and self._waiting[0] == prompt.decision else (prompt.decision, 0)
        self._waiting = (decision, waited + 1)
        if waited + 1 < self.delay_frames:
            return
        action = self.world.true_action(prompt.decision)
        if action is None:
            return
        from companion.games import RuleError
        try:
            reconciler.answer(prompt, action)
            self.answered += 1
        except RuleError:        # the game moved on meanwhile (a tablet tap): nothing left to answer
            pass
        self._waiting = None
