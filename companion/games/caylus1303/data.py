"""Static Caylus 1303 data (``rules.json``, ``buildings.json``, ``characters.json``), read from the pack once.

The files are loaded through :mod:`importlib.resources` from this package, the way :meth:`GamePack.data`
finds a pack's files, so the engine does no I/O beyond reading its own data.

>>> tile("stonemason").kind, tile("stonemason").side_effect("start")["free"]
('wood', ['stone'])
>>> tile("theatre").pp, tile("theatre").favours
(12, 1)
>>> character_ids()[:3]
('early_riser', 'night_worker', 'journeyman')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

GOODS = ("food", "wood", "stone", "cloth", "gold")
GOOD_INDEX = {name: i for i, name in enumerate(GOODS)}
PLAIN_GOODS = GOODS[:4]          # what the wildcard ("any") pays with: never gold


@lru_cache(maxsize=None)
def _load(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


def rules() -> dict[str, Any]:
    return _load("rules.json")


@dataclass(frozen=True)
class Tile:
    """One kind of building tile. ``kind``: printed, starting, wood, stone or landmark.

    ``effects`` maps a side (``start``, ``build``; printed buildings and starting buildings only have ``start``)
    to its effect. ``cost`` may hold ``any`` (1 food, wood, stone or cloth). ``owner_bonus`` is what the
    owner of a built stone production building takes when another player activates it; ``recruit`` what a
    landmark gives at every recruitment.
    """

    id: str
    kind: str
    title: str
    zh: str = ""
    count: int = 1
    cost: Mapping[str, int] = field(default_factory=dict)
    pp: int = 0
    effects: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    owner_bonus: Mapping[str, int] = field(default_factory=dict)
    recruit: Mapping[str, int] = field(default_factory=dict)
    favours: int = 0
    never_on_road_at_setup: bool = False
    unsure: str = ""

    def side_effect(self, side: str) -> Mapping[str, Any]:
        """The effect of ``side`` (``{"type": "none"}`` for a residence or a landmark)."""
        return self.effects.get(side, {"type": "none"})


@dataclass(frozen=True)
class Character:
    id: str
    title: str
    zh: str
    when: str
    power: str
    unsure: str = ""


@lru_cache(maxsize=1)
def tiles() -> dict[str, Tile]:
    """Every tile kind of the game, by id, in the order of ``buildings.json``."""
    raw = _load("buildings.json")
    found: dict[str, Tile] = {}
    for entry in raw["printed"]:
        found[entry["id"]] = _tile(entry, "printed", {"start": entry["effect"]})
    for entry in raw["starting"]:
        found[entry["id"]] = _tile(entry, "starting", {"start": entry["effect"]})
    for kind in ("wood", "stone"):
        for entry in raw[kind]:
            found[entry["id"]] = _tile(entry, kind, {"start": entry["start"], "build": entry["build"]})
    for entry in raw["landmarks"]:
        found[entry["id"]] = _tile(entry, "landmark", {})
    return found


def _tile(entry: Mapping[str, Any], kind: str, effects: dict[str, Any]) -> Tile:
    return Tile(id=entry["id"], kind=kind, title=entry["title"], zh=entry.get("zh", ""), count=entry.get("count", 1),
                cost=dict(entry.get("cost", {})), pp=entry.get("pp", 0), effects=effects,
                owner_bonus=dict(entry.get("owner_bonus", {})), recruit=dict(entry.get("recruit", {})),
                favours=entry.get("favours", 0), never_on_road_at_setup=entry.get("never_on_road_at_setup", False),
                unsure=entry.get("unsure", ""))


def tile(tile_id: str) -> Tile:
    return tiles()[tile_id]


def tiles_of(kind: str) -> tuple[Tile, ...]:
    return tuple(t for t in tiles().values() if t.kind == kind)


@lru_cache(maxsize=1)
def characters() -> dict[str, Character]:
    return {entry["id"]: Character(entry["id"], entry["title"], entry["zh"], entry["when"], entry["power"],
                                   entry.get("unsure", ""))
            for entry in _load("characters.json")["characters"]}


def character_ids() -> tuple[str, ...]:
    return tuple(characters())


def first_game_characters(players: int) -> tuple[str, ...]:
    return tuple(_load("characters.json")["first_game"][str(players)])


def title(thing: str) -> str:
    """What messages call a tile or a character: "Gold mine", "Bailiff"."""
    if thing in tiles():
        return tiles()[thing].title
    if thing in characters():
        return characters()[thing].title
    return thing.replace("_", " ").capitalize()
