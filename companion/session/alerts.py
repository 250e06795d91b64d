"""Alerts: an illegal move or a forgotten step shown to the players until it is resolved."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

ALERT_KINDS = ("illegal", "forgotten", "device", "camera")
RESOLUTIONS = ("fixed", "override", "dismissed")


@dataclass
class Alert:
    id: int
    message: str
    kind: str = "illegal"
    player: str | None = None
    place: str | None = None
    rule: str | None = None
    resolved: str | None = None   # how it was resolved, once it is
    key: str | None = None        # the message named in the pack's strings (a refusal), for a screen to translate
    values: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Alert":
        return cls(**{key: data.get(key) for key in ("id", "message", "kind", "player", "place", "rule",
                                                      "resolved", "key", "values")})
