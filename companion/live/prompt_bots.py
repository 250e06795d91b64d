"""Demo bots answering the camera's questions for their seats, after a short pause, as a player would.

The reconciler asks when the table can't tell (a choice kept in the head, two moves that look
alike). At a real table the player taps the answer; in the demo the bot that made the move answers
with what it really did (the simulated world remembers), through ``Reconciler.answer`` so the
decision is journaled with source ``prompt``. Seats played by humans are left to the tablet.

A question the camera asked before the move was made ("Red, provost: the camera can't see this
choice") is not answered when the move shows on the table: the player moves the provost and the
camera reads it. Only if it still asks ``patience_frames`` later does the player tap the answer.
"""

from __future__ import annotations

from typing import Any, Collection


class PromptBots:
    """An ``after_frame`` hook of the :class:`~companion.live.loop.TableLoop`, counting time in frames."""

    def __init__(self, world: Any, *, bots: Collection[str], delay_frames: int = 5, patience_frames: int = 40) -> None:
        self.world = world
        self.bots = set(bots)
        self.delay_frames = delay_frames
        self.patience_frames = patience_frames
        self.answered = 0
        self._waiting: tuple[int, int] | None = None     # (decision number, frames waited since it was made)

    def __call__(self, loop: Any) -> None:
        reconciler = loop.reconciler
        prompt = reconciler.open_prompt if reconciler is not None else None
        if prompt is None or reconciler.session.players[prompt.player] not in self.bots:
            self._waiting = None
            return
        action = self.world.true_action(prompt.decision)
        if action is None:       # asked before the player decided: nothing to answer yet
            return
        decision, waited = self._waiting if self._waiting and self._waiting[0] == prompt.decision else (prompt.decision, 0)
        self._waiting = (decision, waited + 1)
        delay = self.delay_frames if reconciler.must_answer(prompt, action) else self.patience_frames
        if waited + 1 < delay:
            return
        from companion.games import RuleError
        try:
            reconciler.answer(prompt, action)
            self.answered += 1
        except RuleError:        # the game moved on meanwhile (a tablet tap): nothing left to answer
            pass
        self._waiting = None
