"""Decisions: what a player may do now (a :class:`Decision` with its :class:`Option` s) and what they did (an :class:`Action`).

An :class:`Action` is a plain value: who acts, what kind of decision, and a few named arguments.
It compares and hashes by value, so "is this action legal?" is a set lookup, and it
serialises to JSON so a game is a seed plus a list of actions.

>>> a = Action(0, "place", {"place": "road.7"})
>>> a == Action.from_json(a.to_json())
True
>>> a.arg("place")
'road.7'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

JsonScalar = str | int | float | bool | None


def _freeze(args: Mapping[str, Any] | Iterable[tuple[str, Any]] | None) -> tuple[tuple[str, Any], ...]:
    if args is None:
        return ()
    items = args.items() if isinstance(args, Mapping) else args
    frozen = []
    for key, value in items:
        if isinstance(value, list):
            value = tuple(value)
        frozen.append((str(key), value))
    return tuple(sorted(frozen))


@dataclass(frozen=True, init=False)
class Action:
    """One decision taken by one player, e.g. ``Action(2, "provost", {"steps": -1})``."""

    player: int
    kind: str
    args: tuple[tuple[str, Any], ...]

    def __init__(self, player: int, kind: str, args: Mapping[str, Any] | None = None) -> None:
        object.__setattr__(self, "player", int(player))
        object.__setattr__(self, "kind", str(kind))
        object.__setattr__(self, "args", _freeze(args))

    def arg(self, name: str, default: Any = None) -> Any:
        for key, value in self.args:
            if key == name:
                return value
        return default

    @property
    def arg_dict(self) -> dict[str, Any]:
        return {key: list(value) if isinstance(value, tuple) else value for key, value in self.args}

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "args": self.arg_dict}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Action":
        """Build an action from JSON; raises ``ValueError`` with a readable message on malformed input."""
        if not isinstance(data, Mapping):
            raise ValueError(f"an action must be a JSON object, not {type(data).__name__}")
        try:
            player, kind = data["player"], data["kind"]
        except KeyError as missing:
            raise ValueError(f"an action needs the field {missing}") from None
        if not isinstance(player, int) or isinstance(player, bool):
            raise ValueError("an action's player must be a seat number")
        if not isinstance(kind, str):
            raise ValueError("an action's kind must be text")
        args = data.get("args", {})
        if not isinstance(args, Mapping):
            raise ValueError("an action's args must be a JSON object")
        return cls(player, kind, args)

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.args)
        return f"{self.kind}[{self.player}]({inner})"


@dataclass(frozen=True)
class Option:
    """A legal action together with its price, as a front end shows it ("Stables — 2 deniers").

    ``cost`` and ``gain`` map resource names (``"denier"``, ``"food"``, ``"pp"`` …) to amounts.
    """

    action: Action
    cost: Mapping[str, int] = field(default_factory=dict)
    gain: Mapping[str, int] = field(default_factory=dict)
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "cost": dict(self.cost), "gain": dict(self.gain),
                "label": self.label}


@dataclass(frozen=True)
class Decision:
    """Who must decide what now, and every legal option.

    ``kind`` names the decision ("place", "provost", "castle", "favour", "farm" …); ``context`` carries
    what a front end needs to phrase the question (the building being used, the phase …).
    """

    player: int
    kind: str
    options: tuple[Option, ...]
    context: Mapping[str, Any] = field(default_factory=dict)

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(option.action for option in self.options)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "options": [o.to_json() for o in self.options],
                "context": dict(self.context)}
