"""Static Architects of the West Kingdom data (``rules.json``, ``players.json``, ``buildings.json``,
``apprentices.json``), read from the pack once through :mod:`importlib.resources` (no other I/O).

>>> building(11).name, building(11).cost, building(11).vp
('Well', {'wood': 2, 'stone': 2}, 3)
>>> apprentice(13).skills
('carpentry', 'tiling', 'masonry')
>>> len(base_buildings()), len(base_apprentices()), guildhall_spaces(2), guildhall_spaces(5)
(40, 40, 12, 24)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

GOODS = ("clay", "wood", "stone", "gold", "marble")
SILVER = "silver"
MONEY_AND_GOODS = (SILVER, *GOODS)
SKILLS = ("carpentry", "tiling", "masonry")


@lru_cache(maxsize=None)
def _load(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


def rules() -> dict[str, Any]:
    return _load("rules.json")


def rule(name: str) -> Any:
    """A rules fact: its ``value`` when the entry has one, else the entry itself."""
    entry = rules()[name]
    return entry["value"] if isinstance(entry, dict) and "value" in entry else entry


@dataclass(frozen=True)
class Building:
    """One building card: resource ``cost``, ``vp`` printed, ``skills`` needed, ``virtue`` on building, ``effect``."""

    id: int
    name: str
    cost: Mapping[str, int]
    vp: int
    skills: tuple[str, ...]
    virtue: int
    effect: Mapping[str, Any] = field(default_factory=dict)
    in_base_game: bool = True
    note: str = ""


@dataclass(frozen=True)
class Apprentice:
    """One apprentice card: its ``skills``, ``virtue`` on hiring and ``ability``."""

    id: int
    name: str
    skills: tuple[str, ...]
    virtue: int
    ability: Mapping[str, Any] = field(default_factory=dict)
    in_base_game: bool = True
    note: str = ""


@lru_cache(maxsize=None)
def _buildings() -> dict[int, Building]:
    return {c["id"]: Building(c["id"], c["name"], dict(c["cost"]), c["vp"], tuple(c["skills"]), c["virtue"],
                              dict(c["effect"]), c.get("in_base_game", True), c.get("note", ""))
            for c in _load("buildings.json")["cards"]}


@lru_cache(maxsize=None)
def _apprentices() -> dict[int, Apprentice]:
    return {c["id"]: Apprentice(c["id"], c["name"], tuple(c["skills"]), c["virtue"], dict(c["ability"]),
                                c.get("in_base_game", True), c.get("note", ""))
            for c in _load("apprentices.json")["cards"]}


def building(card: int) -> Building:
    return _buildings()[card]


def apprentice(card: int) -> Apprentice:
    return _apprentices()[card]


def base_buildings() -> tuple[int, ...]:
    """The ids of the building cards dealt in a game (the base box)."""
    return tuple(sorted(c for c, b in _buildings().items() if b.in_base_game))


def base_apprentices() -> tuple[int, ...]:
    return tuple(sorted(c for c, a in _apprentices().items() if a.in_base_game))


def count_facts(players: int) -> dict[str, int]:
    """The per-player-count facts of ``players.json``."""
    return dict(_load("players.json")["counts"][str(players)])


def guildhall_spaces(players: int) -> int:
    facts = count_facts(players)
    return facts["guildhall_columns"] * facts["guildhall_rows"]


def reset_spaces(players: int) -> tuple[int, int]:
    """The 0-based Guildhall spaces (fill order) whose placement makes a Black Market reset due: rows 3 and 4, left."""
    columns = count_facts(players)["guildhall_columns"]
    return (2 * columns, 3 * columns)


def market_kinds() -> dict[int, dict[str, Any]]:
    return {k["kind"]: k for k in rules()["market_cards"]["kinds"]}


def reward_cards() -> dict[int, dict[str, int]]:
    return {c["id"]: dict(c["gain"]) for c in rules()["rewards"]["cards"]}


def cathedral_level(level: int) -> dict[str, Any]:
    """The cathedral level ``level`` (1..5): its vp, spaces and cost."""
    return rules()["cathedral"]["levels"][level - 1]


def virtue_vp(virtue: int) -> int:
    return rules()["virtue"]["vp"][str(virtue)]


def tax_ignored(virtue: int) -> int:
    """How much tax a player at ``virtue`` ignores on every cost that has tax."""
    return rules()["virtue"]["tax_ignored"].get(str(virtue), 0)
