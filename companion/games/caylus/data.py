"""Static Caylus data (``buildings.json``, ``rules.json``) loaded once into small typed records.

>>> catalogue = building_catalogue({"jeweller": False})
>>> catalogue["mason"].cost, catalogue["mason"].pp
({'wood': 1, 'food': 1}, 4)
>>> "jeweller" in catalogue
False
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

HERE = Path(__file__).parent
CUBES = ("food", "wood", "stone", "cloth", "gold")
CUBE_INDEX = {name: i for i, name in enumerate(CUBES)}
PLAIN_CUBES = CUBES[:4]  # every cube but gold, what "2 cubes of your choice (no gold)" means
WORKABLE_KINDS = frozenset({"neutral", "fixed", "wood", "stone"})


@dataclass(frozen=True)
class Building:
    """One kind of building tile. ``count`` is how many tiles exist (``None``: as many as needed)."""

    id: str
    kind: str
    count: int | None
    cost: Mapping[str, int] = field(default_factory=dict)
    pp: int = 0
    effect: Mapping[str, Any] = field(default_factory=dict)
    owner_bonus: tuple[str, ...] = ()
    favours: int = 0
    income: int = 0

    @property
    def title(self) -> str:
        """What messages call it: "Stone farm", "Gold mine"."""
        return BUILDING_TITLES.get(self.id, self.id.replace("_", " ").capitalize())

    @property
    def effect_type(self) -> str | None:
        return self.effect.get("type")


BUILDING_TITLES = {
    "neutral_farm": "Farm", "neutral_forest": "Forest", "neutral_sawmill": "Sawmill", "neutral_quarry": "Quarry",
    "neutral_marketplace": "Marketplace", "neutral_carpenter": "Carpenter", "fixed_peddler": "Peddler",
    "fixed_carpenter": "Carpenter", "gold_mine": "Gold mine", "wood_farm_food": "Farm (food)",
    "wood_farm_cloth": "Farm (cloth)", "wood_sawmill": "Sawmill", "wood_quarry": "Quarry",
    "wood_marketplace": "Marketplace", "wood_peddler": "Peddler", "stone_farm": "Farm", "college": "College",
}

SPECIAL_TITLES = {"gate": "Gate", "trading_post": "Trading post", "merchants_guild": "Merchants' guild",
                  "joust_field": "Joust field", "stables": "Stables", "inn": "Inn", "castle": "Castle"}


@lru_cache(maxsize=1)
def rules() -> dict[str, Any]:
    return json.loads((HERE / "rules.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _raw_buildings() -> tuple[dict[str, Any], ...]:
    return tuple(json.loads((HERE / "buildings.json").read_text(encoding="utf-8"))["buildings"])


def building_catalogue(variants: Mapping[str, Any]) -> dict[str, Building]:
    """Every building of a game with these options, by id (cached per option set)."""
    return _catalogue(tuple(sorted((k, v) for k, v in variants.items())))


@lru_cache(maxsize=64)
def _catalogue(variant_items: tuple[tuple[str, Any], ...]) -> dict[str, Building]:
    variants = dict(variant_items)
    chosen = {f"{k}={v}" for k, v in variant_items}
    catalogue: dict[str, Building] = {}
    for raw in _raw_buildings():
        if raw.get("only_with") and not variants.get(raw["only_with"]):
            continue
        effect = raw.get("effect", {})
        for key, replacement in raw.get("variant_effects", {}).items():
            if key in chosen:
                effect = replacement
        count = raw["count"]
        if raw["id"] == "architect":
            count = int(variants.get("architect_tiles", count))
        catalogue[raw["id"]] = Building(
            id=raw["id"], kind=raw["kind"], count=count, cost=dict(raw.get("cost", {})), pp=raw.get("pp", 0),
            effect=effect, owner_bonus=tuple(raw.get("owner_bonus", ())), favours=raw.get("favours", 0),
            income=raw.get("income", 0))
    return catalogue


def section_names() -> tuple[str, ...]:
    return tuple(section["name"] for section in rules()["castle_sections"])
