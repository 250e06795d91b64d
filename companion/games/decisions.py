"""Decisions: what a player may do now (a :class:`Decision` with its :class:`Option` s) and what they did (an :class:`Action`).

An :class:`Action` is a plain value: who acts, what kind of decision, and a few named arguments.
It compares and hashes by value, so "is this action legal?" is a set lookup, and it
serialises to JSON so a game is a seed plus a list of actions.

Two kinds of decision go beyond "a player chooses":

* **chance** — the table decides (a card drawn, a deck shuffled, a card revealed). The decision's
  player is :data:`CHANCE`; its options are the outcomes with their weights, or, when the engine
  cannot list them (``open_outcomes``), the outcome is read by the camera or typed on the tablet and
  ``apply`` checks it.
* **secret** — ``private_to`` names the one seat that may see the decision and what was chosen
  (a character drafted, a card kept). Shared screens show only that the seat is deciding.

>>> a = Action(0, "place", {"place": "road.7"})
>>> a == Action.from_json(a.to_json())
True
>>> a.arg("place")
'road.7'

Actions match on type as well as value: ``1.0`` and ``True`` are not the whole number ``1``, so a
malformed action is never mistaken for a legal one (``Decision.malformed`` says what is wrong with it).

>>> Action(0, "provost", {"steps": 1.0}) == Action(0, "provost", {"steps": 1})
False
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable, Mapping

JsonScalar = str | int | float | bool | None

CHANCE = -1
"""The seat of the table itself: chance decisions and their outcomes (OpenSpiel's chance player)."""


def _freeze(args: Mapping[str, Any] | Iterable[tuple[str, Any]] | None) -> tuple[tuple[str, Any], ...]:
    if args is None:
        return ()
    items = args.items() if isinstance(args, Mapping) else args
    frozen = []
    for key, value in items:
        frozen.append((str(key), _plain(value)))
    return tuple(sorted(frozen))


def _plain(value: Any) -> Any:
    """A list becomes a tuple (hashable; a list inside it stays a list, so never an option); integers and floats
    of other libraries (numpy) become the built-in ones."""
    if isinstance(value, (list, tuple)):
        return tuple(_plain_scalar(item) for item in value)
    return _plain_scalar(value)


def _plain_scalar(value: Any) -> Any:
    if type(value) in (bool, int, float, str):
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, numbers.Real) and not isinstance(value, float):
        return float(value)
    return value


def _typed(value: Any) -> Any:
    """A value tagged with its type at every level, so that ``1``, ``1.0`` and ``True`` stay apart."""
    if isinstance(value, tuple):
        return (tuple, tuple(_typed(item) for item in value))
    return (type(value), value)


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

    def _typed_key(self) -> tuple[Any, ...]:
        """Seat, kind and arguments with their types (kept once computed: engines build actions by the thousand)."""
        fields = self.__dict__
        key = fields.get("_key")
        if key is None:
            key = fields["_key"] = (self.player, self.kind, tuple((name, _typed(value)) for name, value in self.args))
        return key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self is other or self._typed_key() == other._typed_key()

    def __hash__(self) -> int:
        """Raises ``TypeError`` when an argument can't be hashed (a JSON object): never a legal option."""
        return hash(self._typed_key())

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

    ``cost`` and ``gain`` map the pack's counted goods to amounts. ``weight`` is a chance outcome's
    relative likelihood (ignored for a player's options).
    """

    action: Action
    cost: Mapping[str, int] = field(default_factory=dict)
    gain: Mapping[str, int] = field(default_factory=dict)
    label: str = ""
    weight: float = 1.0

    def to_json(self) -> dict[str, Any]:
        data = {"action": self.action.to_json(), "cost": dict(self.cost), "gain": dict(self.gain),
                "label": self.label}
        if self.weight != 1.0:
            data["weight"] = self.weight
        return data


@dataclass(frozen=True)
class Decision:
    """Who must decide what now, and every legal option.

    ``kind`` names the decision in the pack's words; ``context`` carries what a front end needs to
    phrase the question (the building being used, the phase …). ``player`` is :data:`CHANCE` when the
    table decides. ``private_to`` is the seat that alone may see this decision and its outcome (the
    deciding seat for a secret choice, the receiving seat for a card drawn into a hand). With
    ``open_outcomes`` the options list what the engine can foresee (possibly nothing) and ``apply``
    accepts any outcome the rules allow.

    >>> draw = Decision(CHANCE, "draw", (Option(Action(CHANCE, "draw", {"card": 3}), weight=2.0),),
    ...                 private_to=1)
    >>> draw.is_chance, draw.is_secret, draw.public_json()["options"]
    (True, True, [])
    """

    player: int
    kind: str
    options: tuple[Option, ...]
    context: Mapping[str, Any] = field(default_factory=dict)
    private_to: int | None = None
    open_outcomes: bool = False

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(option.action for option in self.options)

    @cached_property
    def _offered(self) -> frozenset[Action]:
        return frozenset(self.actions)

    def offers(self, action: object) -> bool:
        """Whether ``action`` is one of the options, matched on type and value."""
        try:
            return action in self._offered
        except TypeError:  # an argument that can't be hashed comes from malformed input
            return False

    def malformed(self, action: object) -> str | None:
        """What makes ``action`` unlike every option of its kind (``None`` when it has an option's shape).

        The shape of an action is its seat, kind, argument names and each argument's type; an action with
        a listed option's shape but other values is for the pack to explain in the rules' words.

        >>> d = Decision(0, "provost", (Option(Action(0, "provost", {"steps": 1})),))
        >>> d.malformed(Action(0, "provost", {"steps": 2})) is None
        True
        >>> d.malformed(Action(0, "provost", {"steps": 1.0}))
        'steps=1.0 is a number with a decimal point where the rules take a whole number'
        """
        if not isinstance(action, Action):
            return f"a decision must be an action, not {type(action).__name__}"
        same_kind = [option.action for option in self.options if option.action.kind == action.kind]
        if not same_kind:
            return None  # a wrong kind or seat: the pack says whose decision it is and what it is
        names = {tuple(name for name, _ in option.args) for option in same_kind}
        given = tuple(name for name, _ in action.args)
        if given not in names:
            return (f"{action.kind} takes {' or '.join(_names_text(n) for n in sorted(names))}, "
                    f"not {_names_text(given)}")
        for name, value in action.args:
            seen = [option.arg(name) for option in same_kind if given == tuple(n for n, _ in option.args)]
            if not any(_fits(value, example) for example in seen):
                return (f"{name}={value!r} is {_type_text(value)} where the rules take "
                        f"{' or '.join(sorted({_type_text(example) for example in seen}))}")
        return None

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE

    @property
    def is_secret(self) -> bool:
        return self.private_to is not None

    def probabilities(self) -> tuple[tuple[Action, float], ...]:
        """A chance decision's listed outcomes with their probabilities (weights normalised)."""
        total = sum(option.weight for option in self.options)
        if total <= 0:
            return ()
        return tuple((option.action, option.weight / total) for option in self.options)

    def visible_to(self, seat: int | None) -> bool:
        """May ``seat`` (``None``: a shared screen, the camera) see the options and the outcome?"""
        return self.private_to is None or seat == self.private_to

    def to_json(self) -> dict[str, Any]:
        data = {"player": self.player, "kind": self.kind, "options": [o.to_json() for o in self.options],
                "context": dict(self.context)}
        if self.private_to is not None:
            data["private_to"] = self.private_to
        if self.open_outcomes:
            data["open_outcomes"] = True
        return data

    def public_json(self) -> dict[str, Any]:
        """What a shared screen may show: a secret decision keeps only who decides and what kind."""
        if not self.is_secret:
            return self.to_json()
        return {"player": self.player, "kind": self.kind, "options": [], "context": {},
                "private_to": self.private_to, **({"open_outcomes": True} if self.open_outcomes else {})}


def _fits(value: Any, example: Any) -> bool:
    """Whether ``value`` has the type of ``example`` (a list: every item has the type of one of its items)."""
    if isinstance(example, tuple):
        if not isinstance(value, tuple):
            return False
        return all(any(_fits(item, shape) for shape in example) for item in value) if example else not value
    return type(value) is type(example)


_TYPE_TEXT = {bool: "yes or no", int: "a whole number", float: "a number with a decimal point", str: "text",
              tuple: "a list", type(None): "nothing", dict: "an object"}


def _type_text(value: Any) -> str:
    return _TYPE_TEXT.get(type(value), type(value).__name__)


def _names_text(names: tuple[str, ...]) -> str:
    return "no arguments" if not names else ", ".join(names)
