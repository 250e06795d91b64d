"""Guided first play: which rule to teach now, the first time it applies.

What triggers a lesson is the game pack's data (``tablet/guide.json``): ``start`` is taught before the first
decision and ``over`` once the game has ended; ``phases``, ``decision_kinds`` and ``event_types`` map the engine's
names to lesson keys; ``explained`` names the things (buildings, cards…) taught the first time a decision's context
or an event names them (only events of the types ``explained.event_types`` lists, when it lists any). The texts are
the pack's strings: ``rules.<key>.title`` / ``.text``, and for an explained
thing ``<texts>.<id>`` / ``<texts>.<id>.text``. A game whose pack has no guide has no lessons.

>>> lessons_now("no-such-game", {"decisions_made": 0})
[]
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any, Iterable, Mapping

from . import i18n
from .tablet import pack_of

NO_GUIDE: Mapping[str, Any] = {"phases": {}, "decision_kinds": {}, "event_types": {},
                               "explained": {"lesson": "", "texts": "", "fields": [], "ids": []}}


@lru_cache(maxsize=None)
def triggers(game: str) -> Mapping[str, Any]:
    """The pack's ``tablet/guide.json`` for ``game`` (:data:`NO_GUIDE` when it ships none)."""
    pack = pack_of(game)
    if pack is None or not pack.data("tablet/guide.json").is_file():
        return NO_GUIDE
    table = dict(pack.data_json("tablet/guide.json"))
    for key, empty in NO_GUIDE.items():
        table.setdefault(key, empty)
    return table


def lessons_now(game: str, snapshot: Mapping[str, Any]) -> list[str]:
    """Lesson keys that apply to this moment of ``game``, most general first."""
    table = triggers(game)
    keys: list[str] = []
    if not snapshot.get("decisions_made") and table.get("start"):
        keys.append(table["start"])
    phase = (snapshot.get("summary") or {}).get("phase") or snapshot.get("phase")
    if isinstance(phase, str) and phase in table["phases"]:
        keys.append(table["phases"][phase])
    pending = snapshot.get("pending") or {}
    kind = pending.get("kind")
    if isinstance(kind, str) and kind in table["decision_kinds"]:
        keys.append(table["decision_kinds"][kind])
    for event in snapshot.get("events") or []:
        if isinstance(event, Mapping) and event.get("type") in table["event_types"]:
            keys.append(table["event_types"][event["type"]])
    lesson_prefix = table["explained"]["lesson"]
    keys.extend(f"{lesson_prefix}.{thing}" for thing in _things_named(table, [pending.get("context") or {}]))
    keys.extend(f"{lesson_prefix}.{thing}" for thing in _things_named(table, _teaching_events(table, snapshot)))
    if snapshot.get("over") and table.get("over"):
        keys.append(table["over"])
    return list(dict.fromkeys(keys))


_triggered: dict[Any, list[tuple[Any, tuple[str, ...]]]] = {}
_triggered_lock = threading.Lock()


def lessons_so_far(session: Any) -> list[str]:
    """Every lesson the game has called for so far, in order: those of each position it went through (a lesson
    that applied while nobody was looking is still due). Each position's lessons are worked out once."""
    states = session.history()
    with _triggered_lock:
        if session.game_id not in _triggered:
            _triggered.clear()                   # one game on the table at a time: forget the others
        known = _triggered.get(session.game_id, [])
        same = 0
        while same < min(len(known), len(states)) and known[same][0] is states[same]:
            same += 1
        known = known[:same]
        for index in range(same, len(states)):
            known.append((states[index], tuple(lessons_now(session.game, moment(states[index], index)))))
        _triggered[session.game_id] = known
        return list(dict.fromkeys(key for _state, keys in known for key in keys))


def moment(state: Any, decisions_made: int) -> dict[str, Any]:
    """What :func:`lessons_now` reads of one position, as a shared screen sees it (no secret)."""
    decision = state.pending()
    pending = decision.public_json() if decision is not None else None
    summary = dict(state.summary() or {})
    summary.setdefault("phase", ((pending or {}).get("context") or {}).get("phase") or getattr(state, "phase", None))
    return {"decisions_made": decisions_made, "summary": summary, "pending": pending, "over": state.is_over,
            "events": [e for e in getattr(state, "events", []) or [] if e.get("private_to") is None]}


def lessons_due(session: Any) -> list[str]:
    """The lessons called for and not yet read, oldest first: the first one holds the players' decisions."""
    if not session.guided:
        return []
    read = set(session.lessons_read)
    return [key for key in lessons_so_far(session) if key not in read]


def next_lesson(game: str, snapshot: Mapping[str, Any], taught: Iterable[str], lang: str) -> dict[str, Any] | None:
    """The first lesson due now and not yet taught in this game, in ``lang``."""
    done = set(taught)
    for key in lessons_now(game, snapshot):
        if key not in done:
            return lesson(game, key, lang)
    return None


def lesson(game: str, key: str, lang: str) -> dict[str, Any]:
    """A lesson's title and text in ``lang``."""
    title_key, text_key = _text_keys(game, key)
    text = i18n.texts(lang, game)
    return {"key": key, "title": text(title_key), "text": text(text_key)}


def known_lesson(game: str, key: str) -> bool:
    """Whether ``game``'s strings have a text for the lesson ``key``."""
    return i18n.texts(i18n.DEFAULT_LANGUAGE, game).has(_text_keys(game, key)[1])


def _text_keys(game: str, key: str) -> tuple[str, str]:
    explained = triggers(game)["explained"]
    prefix = explained["lesson"] + "."
    if explained["lesson"] and key.startswith(prefix):
        thing = f"{explained['texts']}.{key[len(prefix):]}"
        return thing, f"{thing}.text"
    return f"rules.{key}.title", f"rules.{key}.text"


def _teaching_events(table: Mapping[str, Any], snapshot: Mapping[str, Any]) -> list[Any]:
    """The snapshot's events that may name a thing to explain: those of ``explained.event_types`` when the pack lists
    them (Citadels: a district built, not a character put aside), else every event."""
    events = list(snapshot.get("events") or [])
    only = table["explained"].get("event_types")
    if not isinstance(only, list):
        return events
    return [event for event in events if isinstance(event, Mapping) and event.get("type") in only]


def _things_named(table: Mapping[str, Any], items: Iterable[Any]) -> list[str]:
    explained = table["explained"]
    known = set(explained["ids"])
    found = []
    for item in items:
        if not isinstance(item, Mapping):
            continue
        for field in explained["fields"]:
            value = item.get(field)
            if isinstance(value, str) and value in known:
                found.append(value)
    return found
