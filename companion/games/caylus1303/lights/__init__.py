"""The Caylus 1303 lights: the LED places of the board, its roles, the default strip and the scene.

This is the pack's ``lights`` part (the contract is in :mod:`firmware_bridge.game_lights`). The scene is
computed from the expected table view and what only the session knows: the view gives the provost, the
buildings and the workers; the session adds whose turn it is, where a worker may go (guided play) and where
something is wrong (alerts). The provost stands between two road spaces, so the road has a place for every
gap (``provost.P``: P spaces before him) as well as for every space (``road.N``).

Roles, highest priority first: ``alert`` (blinking), ``provost``, ``hint``, ``idle_worker`` (a worker beyond
the provost, it will not be activated), ``current_player`` (place ``turn``, in the player's colour),
``active`` / ``inactive`` (a building that takes workers, up to / beyond the provost; the printed buildings
before the bridge are always active).

>>> from companion.games.table_view import Piece, TableView
>>> view = TableView(game="caylus1303", players=("red", "blue"))
>>> view.put("provost.8", Piece("provost"))
>>> view.put("road.3.tile", Piece("tile", name="start_farm@start"))
>>> view.put("road.9.tile", Piece("tile", name="manor@start"))
>>> view.put("road.9.worker", Piece("worker", "red"))
>>> lit = scene(view, current_colour="red")
>>> lit.roles_at("road.3"), lit.roles_at("road.9"), lit.roles_at("provost.8"), lit.roles_at("fair")
(('active',), ('idle_worker', 'inactive'), ('provost',), ('active',))
>>> default_mapping().led_count, default_mapping().leds_of("provost.0"), default_mapping().leds_of("road.1")
(57, (7,), (8,))
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

ROLES = ("alert", "provost", "hint", "idle_worker", "current_player", "active", "inactive")

_ROAD_SLOT = re.compile(r"^road\.(\d+)\.(tile|worker|journeyman|owner)$")
_PROVOST_SLOT = re.compile(r"^provost\.(\d+)$")
_WORKING_SIDES = ("start", "build")      # a residence or a landmark takes no worker: it never acts


@lru_cache(maxsize=1)
def board_facts() -> dict[str, Any]:
    """The board facts of ``lights/places.json``: the printed buildings and the road's length."""
    return PACK.data_json("lights/places.json")


def places() -> list[str]:
    """Every place that has lights, in road order: the printed buildings, the bridge, the provost's gaps and the
    road's spaces in turn, the worksite, whose turn."""
    facts = board_facts()
    road = []
    for before in range(facts["road_spaces"] + 1):
        road.append(f"provost.{before}")
        if before < facts["road_spaces"]:
            road.append(f"road.{before + 1}")
    return [*facts["front_buildings"], "bridge", *road, "worksite", "turn"]


def default_mapping() -> LedMapping:
    """One strip of 57 LEDs laid along the road from the City Gate (``lights/mapping.json``)."""
    return pack_mapping(PACK)


@lru_cache(maxsize=1)
def palette() -> Palette:
    """The bridge's shared palette with the provost and the idle worker added (``lights/palette.json``)."""
    return pack_palette(PACK)


def place_of_slot(slot: str) -> str:
    """The LED place a table-view slot (or a decision's place) belongs to, so alerts and hints may name either.

    >>> [place_of_slot(s) for s in ("road.12.worker", "provost.4", "worksite.worker.2", "fair.journeyman", "bridge.3")]
    ['road.12', 'provost.4', 'worksite', 'fair', 'bridge']
    """
    parts = slot.split(".")
    if parts[0] in ("road", "provost") and len(parts) >= 2:
        return ".".join(parts[:2])
    return parts[0]


def scene(
    view: TableView,
    *,
    current_colour: str | None = None,
    legal_places: Iterable[str] = (),
    alert_places: Iterable[str] = (),
) -> LedScene:
    """Light the provost's gap, active/inactive buildings, idle workers, whose turn, hints and alerts."""
    lights = SceneLights()

    provost = provost_position(view)
    if provost is not None:
        lights.add(f"provost.{provost}", Light("provost"))
        for name in board_facts()["front_buildings"]:
            lights.add(name, Light("active"))
        for space, parts in sorted(_road_contents(view).items()):
            beyond = space > provost
            if parts.get("worker") or parts.get("journeyman"):
                if beyond:
                    lights.add(f"road.{space}", Light("idle_worker"))
            if parts.get("tile", "").split("@")[-1] in _WORKING_SIDES:
                lights.add(f"road.{space}", Light("inactive" if beyond else "active"))
    if current_colour is not None:
        lights.add("turn", Light("current_player", colour=current_colour))
    lights.hints_and_alerts(legal_places, alert_places, place_of_slot)
    return lights.scene()


def provost_position(view: TableView) -> int | None:
    """How many road spaces lie before the provost (None while he is not on the road: at setup)."""
    for slot, pieces in view.occupied():
        match = _PROVOST_SLOT.match(slot)
        if match and pieces:
            return int(match.group(1))
    return None


def _road_contents(view: TableView) -> dict[int, dict[str, str]]:
    """Road space → part (``tile``, ``worker``, ``journeyman``, ``owner``) → the first piece's label there."""
    road: dict[int, dict[str, str]] = {}
    for slot, pieces in view.occupied():
        match = _ROAD_SLOT.match(slot)
        if match and pieces:
            piece = pieces[0]
            road.setdefault(int(match.group(1)), {})[match.group(2)] = piece.name or piece.colour or piece.kind
    return road
