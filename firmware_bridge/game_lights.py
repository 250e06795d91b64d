"""What a game pack provides so the bridge can light a strip for its game: the ``lights`` part.

The bridge knows scenes, palettes, mappings and bytes, never a game. A game with lights ships the module
``companion/games/<game>/lights`` (``pack.part("lights")``, a module or a package with its data files
beside it) with these names:

``ROLES: tuple[str, ...]``
    every role its scenes use, each one in its palette; it includes the :data:`SESSION_ROLES`.
``places() -> Sequence[str]``
    every place that can light up, in the order the tablet's virtual LED board draws them (one lamp
    each). Place names are the pack's own; a dotted name is a sub-place (``tower.top`` of ``tower``),
    and a mapping that does not list a place lights its sub-places.
``default_mapping() -> LedMapping``
    the wiring the pack recommends (drawn in docs/leds.md): every place of ``places()`` reaches at least
    one LED. A user's own mapping file replaces it.
``palette() -> Palette``
    the colours and the priority of its roles: the bridge's shared palette extended with the game's
    roles, ``Palette.from_json(data, base=default_palette())`` (:mod:`.render`).
``scene(view, *, current_colour=None, legal_places=(), alert_places=()) -> LedScene``
    the lights for a :class:`companion.games.table_view.TableView` of the game plus what only the
    session knows: ``current_colour`` (whose turn it is, a player colour: role ``current_player``),
    ``legal_places`` (where the player may act now: role ``hint``; the session passes them in guided
    play only) and ``alert_places`` (where something is wrong: role ``alert``, blinking). Both lists may
    name places or table-view slots; the pack maps a slot to its place. Pure: equal inputs give equal
    scenes. Further keyword arguments, with defaults, are the pack's own.
``SESSION_FACTS: tuple[str, ...]`` (optional)
    further facts of the session the pack's scene takes as keyword arguments: ``"decision"`` is the pending
    decision as a shared screen sees it (its JSON: ``player``, ``kind``, ``context``, the ``options``' actions;
    ``None`` once the game is over), for lights that follow what is being decided (the place a player's action is
    resolved at, the targets of a choice). The session passes only the facts a pack names here.

A pack without a ``lights`` part keeps the strip dark (:func:`.mapping.dark_mapping`) and draws no
virtual LEDs. ``tests/contract/test_lights_contract.py`` checks every pack that has one.

>>> from types import SimpleNamespace
>>> problems(SimpleNamespace(ROLES=SESSION_ROLES))
['no places()', 'no default_mapping()', 'no palette()', 'no scene()']
"""

from __future__ import annotations

from typing import Any, Iterable, Protocol, Sequence

from .mapping import LedMapping
from .render import Palette
from .scene import LedScene

SESSION_ROLES = ("alert", "hint", "current_player")
"""The roles the session's facts give: alert places, legal places (guided play) and whose turn it is."""

OPTIONAL_FACTS = ("decision",)
"""The further session facts a pack's scene may ask for by naming them in its ``SESSION_FACTS``."""

FUNCTIONS = ("places", "default_mapping", "palette", "scene")


class GameLights(Protocol):
    """A pack's ``lights`` module, as the LED layer uses it."""

    ROLES: tuple[str, ...]

    def places(self) -> Sequence[str]: ...

    def default_mapping(self) -> LedMapping: ...

    def palette(self) -> Palette: ...

    def scene(self, view: Any, *, current_colour: str | None = None, legal_places: Iterable[str] = (),
              alert_places: Iterable[str] = ()) -> LedScene: ...


def problems(lights: Any) -> list[str]:
    """What a ``lights`` module lacks against this contract, in words (empty when it has every name)."""
    found = [f"no {name}()" for name in FUNCTIONS if not callable(getattr(lights, name, None))]
    roles = getattr(lights, "ROLES", None)
    if not isinstance(roles, tuple) or not all(isinstance(role, str) for role in roles):
        found.insert(0, "no ROLES tuple")
    else:
        found[:0] = [f"ROLES lacks the session role {role!r}" for role in SESSION_ROLES if role not in roles]
    found += [f"SESSION_FACTS names {fact!r}, which the session does not give"
              for fact in getattr(lights, "SESSION_FACTS", ()) if fact not in OPTIONAL_FACTS]
    return found
