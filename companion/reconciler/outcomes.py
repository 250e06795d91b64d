"""What the reconciler reports after each observation: commits, prompts, alerts, reminders.

An :class:`Outcome` is a plain value a front end can show or a replay can count; the session has
already journaled whatever it records (decisions, alerts), so outcomes are announcements, not state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.games import Action

OUTCOME_KINDS = ("commit", "prompt", "alert", "reminder", "resolved", "correction")


@dataclass(frozen=True)
class Outcome:
    """One thing the reconciler did or asks for.

    * ``commit``: ``actions`` were applied to the session (from the camera).
    * ``prompt``: the camera can't tell which of ``actions`` the player of decision number ``decision``
      chose; ask them (``reason`` is ``hidden``: something happened but looks alike, or ``invisible``:
      the choice leaves no trace on the table).
    * ``alert`` / ``reminder``: an illegal move / a forgotten step, journaled as session alert ``alert_id``.
    * ``resolved``: alert ``alert_id`` was closed because the table was put right.
    * ``correction``: the camera contradicts a prompt answer; ``actions`` replace the decisions from
      number ``decision`` on (see :meth:`Reconciler.apply_correction`).
    """

    kind: str
    frame_index: int
    actions: tuple[Action, ...] = ()
    decision: int | None = None
    player: int | None = None
    message: str = ""
    reason: str = ""
    alert_id: int | None = None
    place: str | None = None
    rule: str | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "frame_index": self.frame_index}
        if self.actions:
            data["actions"] = [action.to_json() for action in self.actions]
        for name in ("decision", "player", "alert_id", "place", "rule"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        for name in ("message", "reason"):
            if getattr(self, name):
                data[name] = getattr(self, name)
        if self.details:
            data["details"] = dict(self.details)
        return data
