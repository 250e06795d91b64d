"""The state machine's vocabulary: a position keeps a stack of tasks (plain dicts, ``kind`` plus arguments).

The task on top is either *automatic* (the table does it: pay out, move workers, reset the Black Market) or a
*decision* (a seat's choice, or chance). Handlers register here by kind; :mod:`.flow` runs automatic tasks until
a decision is on top. A decision handler may return ``None`` when it has nothing to ask (the task is skipped).
``push_all`` pushes a list so that its first task runs first.
"""

from __future__ import annotations

from typing import Any, Callable

from ..decisions import CHANCE, Action, Decision, Option

Task = dict[str, Any]
State = dict[str, Any]

AUTO: dict[str, Callable[[State, Task], None]] = {}
DECIDE: dict[str, Callable[[State, Task], Decision | None]] = {}
RESOLVE: dict[str, Callable[[State, Task, Action], None]] = {}


def push(s: State, task: Task) -> None:
    s["tasks"].append(task)


def push_all(s: State, tasks: list[Task]) -> None:
    for task in reversed(tasks):
        push(s, task)


def automatic(kind: str) -> Callable:
    def register(function: Callable[[State, Task], None]) -> Callable[[State, Task], None]:
        AUTO[kind] = function
        return function
    return register


def decides(kind: str) -> Callable:
    def register(function: Callable[[State, Task], Decision | None]) -> Callable:
        DECIDE[kind] = function
        return function
    return register


def resolves(kind: str) -> Callable:
    def register(function: Callable[[State, Task, Action], None]) -> Callable:
        RESOLVE[kind] = function
        return function
    return register


def option(seat: int, kind_: str, label_: str, cost: dict[str, int] | None = None,
           gain: dict[str, int] | None = None, **args: Any) -> Option:
    """A seat's option: an action of ``kind_`` with ``args``, its price and a label for the tablet."""
    return Option(Action(seat, kind_, args), cost=cost or {}, gain=gain or {}, label=label_)


def outcome(kind_: str, label_: str, weight: float = 1.0, **args: Any) -> Option:
    """A chance outcome of ``kind_`` with ``args`` and its relative ``weight``."""
    return Option(Action(CHANCE, kind_, args), label=label_, weight=weight)


def event(s: State, kind: str, private_to: int | None = None, **fields: Any) -> None:
    """Record what happened for the session; ``private_to`` keeps it off shared screens."""
    entry = {"type": kind, **fields}
    if private_to is not None:
        entry["private_to"] = private_to
    s.setdefault("_events", []).append(entry)
