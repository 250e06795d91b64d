"""One Caylus position: plain lists and numbers, cloned by hand, serialised to JSON exactly.

The rules that move a position forward live in :mod:`.flow`; this module only holds the data, its
read-only accessors and the :class:`~companion.games.game.GameState` API.

>>> from companion.games.caylus import new_game
>>> state = new_game(["red", "blue", "green"], seed=3)
>>> state.phase, state.turn, state.provost_square, state.bailiff_square
('placement', 1, 6, 6)
>>> state == type(state).from_json(state.to_json())
True
"""

from __future__ import annotations

from typing import Any, Mapping

from ..decisions import Action, Decision
from ..game import GameState
from ..saved_state import check_saved, check_seat_lists, reading_saved
from ..score import Score
from ..table_view import TableView
from .data import CUBES, Building, building_catalogue, rules, section_names

FORMAT_VERSION = 1

# Fields copied by clone() and written by to_json(), with how to copy them.
_SCALARS = ("turn", "phase", "cursor", "provost", "bailiff", "section", "max_column", "over", "rng")
_LISTS = ("turn_order", "passed", "deniers", "pp", "workers", "houses", "road_tile", "road_owner", "road_worker",
          "special", "stables", "castle_workers", "batches_turn", "bank")
_NESTED = ("cubes", "favour", "rows_used", "castle", "deferred")
_DICTS = ("stock",)
_SPECIAL_SLOTS = ("gate", "trading_post", "merchants_guild", "joust_field")


class CaylusState(GameState):
    """A Caylus (2005) position. Build one with :func:`companion.games.caylus.new_game`; never mutate it."""

    __slots__ = ("colours", "variants", "catalogue", *_SCALARS, *_LISTS, *_NESTED, *_DICTS, "breakdown",
                 "inn", "queue", "events", "_pending", "_option_index")

    def __init__(self) -> None:  # filled by new_game / from_json / clone
        self._pending: Decision | None | bool = False
        self._option_index: dict[Action, Any] | None = None

    # ---------------------------------------------------------------- copying and JSON
    def clone(self) -> "CaylusState":
        """A deep copy made by hand (``copy.deepcopy`` is ten times slower)."""
        other = CaylusState.__new__(CaylusState)
        other.colours = self.colours
        other.variants = self.variants
        other.catalogue = self.catalogue
        for name in _SCALARS:
            setattr(other, name, getattr(self, name))
        for name in _LISTS:
            setattr(other, name, getattr(self, name)[:])
        for name in _NESTED:
            setattr(other, name, [row[:] for row in getattr(self, name)])
        other.stock = dict(self.stock)
        other.breakdown = [dict(b) for b in self.breakdown]
        other.inn = self.inn[:]
        other.queue = [dict(frame) for frame in self.queue]
        other.events = []
        other._pending = False
        other._option_index = None
        return other

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": "caylus", "format": FORMAT_VERSION, "colours": list(self.colours),
                                "variants": dict(self.variants)}
        for name in _SCALARS:
            data[name] = getattr(self, name)
        for name in _LISTS:
            data[name] = list(getattr(self, name))
        for name in _NESTED:
            data[name] = [list(row) for row in getattr(self, name)]
        data["stock"] = dict(self.stock)
        data["breakdown"] = [dict(b) for b in self.breakdown]
        data["inn"] = list(self.inn)
        data["queue"] = [_frame_to_json(frame) for frame in self.queue]
        data["events"] = [dict(event) for event in self.events]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "CaylusState":
        """Rebuild a state saved by :meth:`to_json`; malformed input raises ``ValueError`` with a reason."""
        check_saved(data, game="caylus", title="Caylus", version=FORMAT_VERSION)
        state = cls()
        with reading_saved("Caylus"):
            state.colours = tuple(str(c) for c in data["colours"])
            state.variants = dict(data["variants"])
            state.catalogue = building_catalogue(state.variants)
            for name in _SCALARS:
                setattr(state, name, data[name])
            for name in _LISTS:
                setattr(state, name, list(data[name]))
            for name in _NESTED:
                setattr(state, name, [list(row) for row in data[name]])
            state.stock = {str(k): int(v) for k, v in data["stock"].items()}
            state.breakdown = [{str(k): int(v) for k, v in b.items()} for b in data["breakdown"]]
            state.inn = list(data["inn"])
            state.queue = [_frame_from_json(frame) for frame in data["queue"]]
            state.events = [dict(event) for event in data.get("events", [])]
        check_seat_lists("Caylus", len(state.colours), (2, 5),
                         {name: getattr(state, name) for name in ("deniers", "pp", "cubes", "favour")})
        if len(state.road_tile) != rules()["road_length"] + 1:
            raise ValueError("saved Caylus game is inconsistent: the road has the wrong number of squares")
        return state

    def _key(self) -> tuple[Any, ...]:
        return tuple(_freeze(v) for v in self.to_json().values())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CaylusState):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self._key())

    def position(self) -> tuple[Any, ...]:
        """The state without ``events``, what the last decision did (the tablet's account of it): a worker put on the
        gate and sent on to road.2 leaves the position one put on road.2 does."""
        return tuple(_freeze(value) for name, value in self.to_json().items() if name != "events")

    def __repr__(self) -> str:
        return (f"<CaylusState turn {self.turn} {self.phase} players={','.join(self.colours)} "
                f"provost={self.provost} bailiff={self.bailiff}>")

    # ---------------------------------------------------------------- GameState API
    def pending(self) -> Decision | None:
        if self._pending is False:
            from .flow import current_decision
            self._pending = current_decision(self)
        return self._pending  # type: ignore[return-value]

    def apply(self, action: Action) -> "CaylusState":
        from .flow import apply_action
        return apply_action(self, action)

    def scores(self) -> list[Score]:
        from .scoring import scores
        return scores(self)

    def table_view(self) -> TableView:
        from .view import table_view
        return table_view(self)

    @property
    def is_over(self) -> bool:
        return bool(self.over)

    # ---------------------------------------------------------------- read-only accessors
    @property
    def info(self):  # type: ignore[override]
        from . import INFO
        return INFO

    @property
    def player_count(self) -> int:
        return len(self.colours)

    @property
    def turn_number(self) -> int:
        return self.turn

    @property
    def phase_name(self) -> str:
        return self.phase

    @property
    def provost_square(self) -> int:
        return self.provost

    @property
    def bailiff_square(self) -> int:
        return self.bailiff

    @property
    def turn_order_colours(self) -> list[str]:
        return [self.colours[p] for p in self.turn_order]

    @property
    def passing_order_colours(self) -> list[str]:
        return [self.colours[p] for p in self.passed]

    @property
    def section_under_construction(self) -> str | None:
        names = section_names()
        return names[self.section] if self.section < len(names) else None

    def player_label(self, seat: int) -> str:
        return self.colours[seat].capitalize()

    def resources(self, seat: int) -> dict[str, int]:
        """Cubes and deniers in front of a player."""
        return {**dict(zip(CUBES, self.cubes[seat])), "denier": self.deniers[seat]}

    def prestige(self, seat: int) -> int:
        return self.pp[seat]

    def favour_positions(self, seat: int) -> dict[str, int]:
        return dict(zip(rules()["favour_rows"], self.favour[seat]))

    def workers_available(self, seat: int) -> int:
        return self.workers[seat]

    def houses_available(self, seat: int) -> int:
        return self.houses[seat]

    def building(self, square: int) -> Building | None:
        tile = self.road_tile[square]
        return self.catalogue.get(tile) if tile else None

    def road(self) -> list[dict[str, Any]]:
        """Each road square (1…28): tile id, owner colour and worker colour (``None`` when absent)."""
        return [{"square": sq, "tile": self.road_tile[sq], "owner": self._colour(self.road_owner[sq]),
                 "worker": self._colour(self.road_worker[sq])} for sq in range(1, len(self.road_tile))]

    def special_occupants(self) -> dict[str, Any]:
        """Workers (colours) on the special buildings, the stables, the inn and in the castle."""
        return {**{name: self._colour(w) for name, w in zip(_SPECIAL_SLOTS, self.special)},
                "stables": [self.colours[p] for p in self.stables],
                "inn_left": self._colour(self.inn[0]), "inn_right": self._colour(self.inn[1]),
                "castle": [self.colours[p] for p in self.castle_workers]}

    def castle_contents(self) -> dict[str, list[str]]:
        """Houses built in each castle section, by colour, in building order."""
        return {name: [self.colours[p] for p in houses] for name, houses in zip(section_names(), self.castle)}

    def _colour(self, seat: int | None) -> str | None:
        return None if seat is None else self.colours[seat]


def _frame_to_json(frame: Mapping[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in frame.items()}


def _frame_from_json(frame: Mapping[str, Any]) -> dict[str, Any]:
    if not isinstance(frame, Mapping) or "kind" not in frame:
        raise TypeError("queue entry without a kind")
    return dict(frame)


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value
