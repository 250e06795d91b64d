"""The Citadels lights: a strip round the table's edge, a segment before each seat and two LEDs for the table.

This is the pack's ``lights`` part (the contract is in :mod:`firmware_bridge.game_lights`). Citadels has no board,
so the places are the seats: ``seat.S`` (whose decision it is, in that player's colour: the seat choosing a
character, the seat whose character plays, the seat keeping a card), ``seat.S.crown`` (the seat holding the crown)
and ``table`` (what concerns the middle: an alert about the deck or the characters put aside). The scene reads
only what the table shows and the session's facts: never who holds a face-down character, so a murdered
character's seat is not lit before it is shown.

Roles, highest priority first: ``alert`` (blinking), ``hint``, ``current_player``, ``crown``.

>>> from companion.games.table_view import Piece, TableView
>>> view = TableView(game="citadels", players=("red", "blue", "green"))
>>> view.put("seat.1.crown", Piece("crown"))
>>> lit = scene(view, current_colour="green", alert_places=["seat.0.city.2"])
>>> lit.roles_at("seat.1.crown"), lit.roles_at("seat.2"), lit.roles_at("seat.0")
(('crown',), ('current_player',), ('alert',))
>>> default_mapping().led_count, default_mapping().leds_of("seat.0.crown"), default_mapping().leds_of("table")
(44, (4,), (0, 1))
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from firmware_bridge.mapping import LedMapping
from firmware_bridge.render import Palette
from firmware_bridge.scene import LedScene, Light

from companion.games.lights import SceneLights, pack_mapping, pack_palette
from companion.games.table_view import TableView

from .. import INFO, PACK

ROLES = ("alert", "hint", "current_player", "crown")

_SEAT_SLOT = re.compile(r"^seat\.(\d+)(?:\.|$)")


def places() -> list[str]:
    """Every place that has lights, round the table: the table, then each seat and its crown LED, in seat order
    for as many seats as the game takes."""
    seats = [part for seat in range(INFO.max_players) for part in (f"seat.{seat}", f"seat.{seat}.crown")]
    return ["table", *seats]


def default_mapping() -> LedMapping:
    """One strip of 44 LEDs round the table's edge (``lights/mapping.json``)."""
    return pack_mapping(PACK)


@lru_cache(maxsize=1)
def palette() -> Palette:
    """The bridge's shared palette with the crown added (``lights/palette.json``)."""
    return pack_palette(PACK)


def place_of_slot(slot: str) -> str:
    """The LED place a table-view slot (or a place) belongs to: its seat's segment, else the table.

    >>> [place_of_slot(s) for s in ("seat.3.city.5", "seat.0.crown", "seat.2", "characters.faceup.1", "deck")]
    ['seat.3', 'seat.0', 'seat.2', 'table', 'table']
    """
    match = _SEAT_SLOT.match(slot)
    return f"seat.{match.group(1)}" if match else "table"


def scene(
    view: TableView,
    *,
    current_colour: str | None = None,
    legal_places: Iterable[str] = (),
    alert_places: Iterable[str] = (),
) -> LedScene:
    """Light the crown's seat, the seat whose decision it is, hints and alerts."""
    lights = SceneLights()

    for slot, pieces in view.occupied():
        if slot.endswith(".crown") and pieces:
            lights.add(f"{place_of_slot(slot)}.crown", Light("crown"))
    if current_colour in view.players:
        lights.add(f"seat.{view.players.index(current_colour)}", Light("current_player", colour=current_colour))
    lights.hints_and_alerts(legal_places, alert_places, place_of_slot)
    return lights.scene()
