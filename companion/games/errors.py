"""The one error type a rules engine raises: a refusal a player can read."""

from __future__ import annotations

from typing import Any


class RuleError(ValueError):
    """A decision the rules forbid, explained in words a player understands.

    >>> err = RuleError("Red can't place on the Stables: Red already has a worker there",
    ...                 player="red", place="stables", rule="one worker per player on the Stables")
    >>> str(err)
    "Red can't place on the Stables: Red already has a worker there"

    ``player``, ``place`` and ``rule`` are machine-readable copies of what the message says, so a front
    end can highlight the place or translate the rule without parsing text. ``key`` and ``values`` (optional)
    name the message in the pack's strings (``refusals.*``) and the values to put in it, so a front end can say
    it in the reader's language; ``message`` stays the English text.
    """

    def __init__(self, message: str, *, player: str | None = None, place: str | None = None,
                 rule: str | None = None, key: str | None = None, values: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.player = player
        self.place = place
        self.rule = rule
        self.key = key
        self.values = dict(values or {})   # not ``args``: that is the exception's own

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "player": self.player, "place": self.place,
                                "rule": self.rule}
        if self.key:
            data.update(key=self.key, values=self.values)
        return data
