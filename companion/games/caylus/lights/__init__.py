"""The Caylus (2005) lights: the LED places of the board, its roles, the default strip and the scene.

This is the pack's ``lights`` part (the contract is in :mod:`firmware_bridge.game_lights`). The scene is
computed from the expected table view and what only the session knows: the view gives the provost, the
bailiff, the buildings, the workers and the castle; the session adds whose turn it is, where a worker
may go (guided play) and where something is wrong (alerts).

Roles, highest priority first: ``alert`` (blinking), ``provost``, ``bailiff``, ``hint``, ``idle_worker``
(a worker beyond the provost, it will not be activated), ``current_player`` (place ``turn``, in the
player's colour), ``castle_section`` (the section being built), ``active`` / ``inactive`` (a building up
to / beyond the provost).

>>> from companion.games.table_view import Piece, TableView
>>> view = TableView(game="caylus", players=("red", "blue"))
>>> view.put("road.6.provost", Piece("provost"))
>>> view.put("road.3.tile", Piece("tile", name="neutral_farm"))
>>> view.put("road.8.tile", Piece("tile", name="fixed_carpenter"))
>>> lit = scene(view, current_colour="red")
>>> lit.roles_at("road.3"), lit.roles_at("road.8"), lit.roles_at("turn")
(('active',), ('inactive',), ('current_player',))
>>> default_mapping().led_count, default_mapping().leds_of("road.1"), default_mapping().leds_of("castle")
(44, (16,), (3, 4, 5, 6, 7, 8))
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable

from firmware_bridge.mapping import LedMapping
from firmware_bridge.render import Palette
from firmware_bridge.scene import LedScene, Light

from companion.games.lights import SceneLights, pack_mapping, pack_palette
from companion.games.table_view import TableView

from .. import PACK

ROLES = ("alert", "provost", "bailiff", "hint", "idle_worker", "current_player", "castle_section", "active",
         "inactive")

_ROAD_SLOT = re.compile(r"^road\.(\d+)\.(tile|worker|provost|bailiff|owner)$")


@lru_cache(maxsize=1)
def board_facts() -> dict[str, Any]:
    """The board facts of ``lights/places.json``: road length, special buildings, castle sections (name, spaces)."""
    return PACK.data_json("lights/places.json")


def places() -> list[str]:
    """Every place that has lights, in board order: castle, its sections, special buildings, bridge, road, turn."""
    facts = board_facts()
    return (["castle"] + [f"castle.{name}" for name, _size in facts["castle_sections"]]
            + list(facts["special_buildings"]) + ["bridge"]
            + [f"road.{square}" for square in range(1, facts["road_squares"] + 1)] + ["turn"])


def default_mapping() -> LedMapping:
    """One strip of 44 LEDs laid along the road from the castle (``lights/mapping.json``, drawn in docs/leds.md)."""
    return pack_mapping(PACK)


@lru_cache(maxsize=1)
def palette() -> Palette:
    """The bridge's shared palette with the provost, bailiff, idle worker and castle section added (``lights/palette.json``)."""
    return pack_palette(PACK)


def place_of_slot(slot: str) -> str:
    """The LED place a table-view slot belongs to, so alerts and hints may name slots or places.

    >>> [place_of_slot(s) for s in ("road.12.worker", "castle.walls.3", "castle.worker.2", "stables.1", "inn.left", "gate")]
    ['road.12', 'castle.walls', 'castle', 'stables', 'inn', 'gate']
    """
    parts = slot.split(".")
    if parts[0] == "road" and len(parts) >= 2:
        return ".".join(parts[:2])
    if parts[0] == "castle":
        sections = {name for name, _size in board_facts()["castle_sections"]}
        return f"castle.{parts[1]}" if len(parts) >= 2 and parts[1] in sections else "castle"
    return parts[0]


def scene(
    view: TableView,
    *,
    current_colour: str | None = None,
    legal_places: Iterable[str] = (),
    alert_places: Iterable[str] = (),
    castle_section: str | None = None,
) -> LedScene:
    """Light the provost, the bailiff, active/inactive buildings, idle workers, turn, hints, alerts and castle.

    ``castle_section`` names the section to light; by default it is the first one with an empty space."""
    lights = SceneLights()

    road = _road_contents(view)
    provost = _square_of(road, "provost")
    bailiff = _square_of(road, "bailiff")
    if provost is not None:
        lights.add(f"road.{provost}", Light("provost"))
    if bailiff is not None:
        lights.add(f"road.{bailiff}", Light("bailiff"))
    for square, kinds in sorted(road.items()):
        beyond_provost = provost is not None and square > provost
        if "worker" in kinds and beyond_provost:
            lights.add(f"road.{square}", Light("idle_worker"))
        if "tile" in kinds and provost is not None:
            lights.add(f"road.{square}", Light("inactive" if beyond_provost else "active"))
    if current_colour is not None:
        lights.add("turn", Light("current_player", colour=current_colour))
    lights.hints_and_alerts(legal_places, alert_places, place_of_slot)
    section = castle_section if castle_section is not None else section_under_construction(view)
    if section is not None:
        lights.add(f"castle.{section}", Light("castle_section"))
    return lights.scene()


def section_under_construction(view: TableView) -> str | None:
    """The first castle section that still has an empty space, or None when the castle is complete."""
    for name, size in board_facts()["castle_sections"]:
        built = sum(1 for space in range(1, size + 1) if view.pieces(f"castle.{name}.{space}"))
        if built < size:
            return name
    return None


def _road_contents(view: TableView) -> dict[int, set[str]]:
    """Road square → what stands on it (``tile``, ``worker``, ``provost``, ``bailiff``, ``owner``)."""
    road: dict[int, set[str]] = {}
    for slot, pieces in view.occupied():
        match = _ROAD_SLOT.match(slot)
        if match and pieces:
            road.setdefault(int(match.group(1)), set()).add(match.group(2))
    return road


def _square_of(road: dict[int, set[str]], figure: str) -> int | None:
    squares = [square for square, kinds in road.items() if figure in kinds]
    return min(squares) if squares else None
