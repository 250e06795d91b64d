"""Guided first play: which rule to teach now, the first time it applies.

What triggers a lesson is data (``guide.json``): decision kinds, phases and event types map to
lesson keys, and a building is explained the first time a decision or event names it. The texts
are in the translation files (``rules.<key>.title`` / ``.text``, ``buildings.<id>.text``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping

from . import i18n

BUILDING_KEYS = ("building", "tile", "name")


@lru_cache(maxsize=1)
def triggers() -> Mapping[str, Any]:
    with open(Path(__file__).parent / "guide.json", encoding="utf-8") as file:
        return json.load(file)


def lessons_now(snapshot: Mapping[str, Any]) -> list[str]:
    """Lesson keys that apply to this moment of the game, most general first."""
    table = triggers()
    keys: list[str] = []
    if not snapshot.get("decisions_made"):
        keys.append("setup")
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
    keys.extend(f"building.{b}" for b in _buildings_named([pending.get("context") or {}]))
    keys.extend(f"building.{b}" for b in _buildings_named(snapshot.get("events") or []))
    if snapshot.get("over"):
        keys.append("end_game")
    return list(dict.fromkeys(keys))


def next_lesson(snapshot: Mapping[str, Any], taught: Iterable[str], lang: str) -> dict[str, Any] | None:
    """The first lesson due now and not yet taught in this game, in ``lang``."""
    done = set(taught)
    for key in lessons_now(snapshot):
        if key not in done:
            return lesson(key, lang)
    return None


def lesson(key: str, lang: str) -> dict[str, Any]:
    if key.startswith("building."):
        building = key.split(".", 1)[1]
        return {"key": key, "title": i18n.translate(lang, f"buildings.{building}"),
                "text": i18n.translate(lang, f"buildings.{building}.text")}
    return {"key": key, "title": i18n.translate(lang, f"rules.{key}.title"),
            "text": i18n.translate(lang, f"rules.{key}.text")}


def known_lesson(key: str) -> bool:
    if key.startswith("building."):
        return i18n.has_key(f"buildings.{key.split('.', 1)[1]}.text")
    return i18n.has_key(f"rules.{key}.text")


def _buildings_named(items: Iterable[Any]) -> list[str]:
    known = set(triggers()["buildings"])
    found = []
    for item in items:
        if not isinstance(item, Mapping):
            continue
        for field in BUILDING_KEYS:
            value = item.get(field)
            if isinstance(value, str) and value in known:
                found.append(value)
    return found
