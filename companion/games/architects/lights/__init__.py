"""The Architects of the West Kingdom lights: the LED places of the board, its roles, the default strip and the scene.

This is the pack's ``lights`` part (the contract is in :mod:`firmware_bridge.game_lights`). Workers pile up on the
locations, so the strip lights locations, not pieces: the location where the current player's action is being
carried out (``active``: the Town Centre while they choose captures, the Guardhouse during its actions …), the
locations holding a group that may be captured now (``capture_target``), whose turn (``turn``, in the player's
colour), the legal places in guided play (``hint``) and alerts (blinking). Both come from the pending decision as a
shared screen sees it (``SESSION_FACTS``), never from a secret: the card chosen in secret lights nothing.

Roles, highest priority first: ``alert``, ``capture_target``, ``active``, ``hint``, ``current_player``.

>>> from companion.games.table_view import Piece, TableView
>>> view = TableView(game="architects", players=("red", "blue"))
>>> view.put("quarry.workers", Piece("worker", "blue"))
>>> deciding = {"player": 0, "kind": "capture", "context": {"place": "town_centre"},
...             "options": [{"action": {"player": 0, "kind": "capture", "args": {"location": "quarry", "colour": "blue"}}}]}
>>> lit = scene(view, current_colour="red", decision=deciding, alert_places=["prison"])
>>> lit.roles_at("town_centre"), lit.roles_at("quarry"), lit.roles_at("turn"), lit.roles_at("prison")
(('active',), ('capture_target',), ('current_player',), ('alert',))
>>> default_mapping().led_count, default_mapping().leds_of("turn"), default_mapping().leds_of("quarry")
(30, (0, 1), (2, 3))
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Mapping

from firmware_bridge.mapping import LedMapping
from firmware_bridge.render import Palette
from firmware_bridge.scene import LedScene, Light

from companion.games.lights import SceneLights, pack_mapping, pack_palette
from companion.games.table_view import TableView

from .. import PACK

ROLES = ("alert", "capture_target", "active", "hint", "current_player")
SESSION_FACTS = ("decision",)


@lru_cache(maxsize=1)
def board_facts() -> Mapping[str, Any]:
    """``lights/places.json``: the places in strip order and the places slots of other names light."""
    return PACK.data_json("lights/places.json")


def places() -> list[str]:
    """Every place that has lights, in the order the default strip passes them."""
    return list(board_facts()["places"])


def default_mapping() -> LedMapping:
    """One strip of 30 LEDs along the board, two on each place (``lights/mapping.json``)."""
    return pack_mapping(PACK)


@lru_cache(maxsize=1)
def palette() -> Palette:
    """The bridge's shared palette with the capture target added (``lights/palette.json``)."""
    return pack_palette(PACK)


def place_of_slot(slot: str) -> str | None:
    """The LED place a table-view slot or a decision's place belongs to; None for a name the board has no light for.

    >>> [place_of_slot(s) for s in ("quarry.workers", "black_market.b.worker", "workshop.2.3.silver", "seat.1.captured",
    ...                             "virtue.7", "guildhall.12", "main board")]
    ['quarry', 'black_market', 'workshop', 'turn', 'virtue', 'guildhall', None]
    """
    first = slot.split(".")[0]
    first = board_facts()["slot_places"].get(first, first)
    return first if first in board_facts()["places"] else None


def scene(
    view: TableView,
    *,
    current_colour: str | None = None,
    legal_places: Iterable[str] = (),
    alert_places: Iterable[str] = (),
    decision: Mapping[str, Any] | None = None,
) -> LedScene:
    """Light the active location, the capture targets, whose turn, hints and alerts."""
    lights = SceneLights()

    pending = decision or {}
    if pending.get("player", -1) >= 0:                      # a player's decision, not the table's
        lights.add(place_of_slot(str((pending.get("context") or {}).get("place", ""))), Light("active"))
    for option in pending.get("options") or []:
        action = option.get("action") or {}
        if action.get("kind") == "capture":
            lights.add(place_of_slot(str((action.get("args") or {}).get("location", ""))), Light("capture_target"))
    if current_colour in view.players:
        lights.add("turn", Light("current_player", colour=current_colour))
    lights.hints_and_alerts(legal_places, alert_places, place_of_slot, unplaced_alerts="turn")
    return lights.scene()
