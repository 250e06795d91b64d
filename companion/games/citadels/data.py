"""Static Citadels data (``districts.json``, ``characters.json``, ``rules.json``), read from the pack once.

>>> district("barracks").cost, district("barracks").type
(3, 'military')
>>> sum(d.count for d in districts().values())
68
>>> [c.id for c in characters()][:3], character_by_rank(8).taxes
(['assassin', 'thief', 'magician'], 'military')
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

TYPES = ("noble", "religious", "trade", "military", "unique")


@lru_cache(maxsize=None)
def _load(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


def rules() -> dict[str, Any]:
    return _load("rules.json")


@dataclass(frozen=True)
class District:
    """One kind of district card: ``effect`` names a unique district's effect (empty for the others)."""

    id: str
    title: str
    type: str
    cost: int
    count: int
    effect: str = ""
    extra_points: int = 0


@dataclass(frozen=True)
class Character:
    rank: int
    id: str
    title: str
    taxes: str | None = None


@lru_cache(maxsize=1)
def districts() -> dict[str, District]:
    """Every district kind by id, in the order of ``districts.json``."""
    return {entry["id"]: District(entry["id"], entry["title"], entry["type"], entry["cost"], entry["count"],
                                  entry.get("effect", ""), entry.get("extra_points", 0))
            for entry in _load("districts.json")["districts"]}


def district(district_id: str) -> District:
    return districts()[district_id]


def full_deck() -> list[str]:
    """The 68 cards of the deck as ids, sorted (a multiset: the shuffled order is the table's chance)."""
    return sorted(d.id for d in districts().values() for _ in range(d.count))


def deck_counts() -> Counter[str]:
    return Counter(full_deck())


@lru_cache(maxsize=1)
def characters() -> tuple[Character, ...]:
    """The eight characters in rank order."""
    return tuple(Character(entry["rank"], entry["id"], entry["title"], entry.get("taxes"))
                 for entry in _load("characters.json")["characters"])


def character(character_id: str) -> Character:
    return next(c for c in characters() if c.id == character_id)


def character_by_rank(rank: int) -> Character:
    return characters()[rank - 1]


def character_ids() -> tuple[str, ...]:
    return tuple(c.id for c in characters())


def rank(character_id: str) -> int:
    return character(character_id).rank


def title(thing: str) -> str:
    """What messages call a district or a character: "School of Magic", "Warlord"."""
    if thing in districts():
        return districts()[thing].title
    if thing in character_ids():
        return character(thing).title
    return thing.replace("_", " ").capitalize()


def draft_rules(players: int) -> dict[str, Any]:
    return rules()["draft"][str(players)]
