"""One Caylus 1303 position: plain lists and numbers, copied by hand, serialised to JSON exactly.

The rules that move a position forward live in :mod:`.flow` (phases) and :mod:`.effects` (buildings,
favours); this module holds the data, its read-only accessors and the :class:`GameState` API.

Road spaces are numbered from 1 (the first space after the Guilds Bridge) in actions and the table view,
and from 0 in the lists here. ``provost`` counts the road spaces before him: 0 is just past the bridge.

>>> from companion.games.caylus1303 import new_game
>>> state = new_game(["blue", "red"], seed=3)
>>> state.phase, state.pending().kind, state.pending().context["slot"]
('setup', 'setup_tile', 'worksite.1')
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
from .data import GOODS, rules

FORMAT_VERSION = 1
GAME = "caylus1303"

# Every field of a position, by how it is copied.
_SCALARS = ("round", "phase", "first_player", "turn_seat", "early_done", "provost", "act_step", "act_index",
            "journeyman_used", "goldsmith_used", "over", "seed")
_LISTS = ("workers", "camp", "houses", "pp", "board_characters", "drawn", "start_pool", "road_tile", "road_side",
          "road_owner", "road_base", "worksite_tiles", "worksite_workers", "bridge", "wood_supply", "stone_supply",
          "landmark_supply", "bundles", "delivery_order")
_NESTED = ("goods", "characters", "road_workers", "front_workers")
_DICT_LISTS = ("breakdown", "queue")


class Caylus1303State(GameState):
    """A Caylus 1303 position. Build one with :func:`companion.games.caylus1303.new_game`; never mutate it."""

    __slots__ = ("colours", "variants", *_SCALARS, *_LISTS, *_NESTED, *_DICT_LISTS, "events", "_pending")

    def __init__(self) -> None:  # filled by new_state / from_json / clone
        self._pending: Decision | None | bool = False

    # ---------------------------------------------------------------- copying and JSON
    def clone(self) -> "Caylus1303State":
        other = Caylus1303State.__new__(Caylus1303State)
        other.colours, other.variants = self.colours, self.variants
        for name in _SCALARS:
            setattr(other, name, getattr(self, name))
        for name in _LISTS:
            setattr(other, name, getattr(self, name)[:])
        for name in _NESTED:
            setattr(other, name, [row[:] for row in getattr(self, name)])
        for name in _DICT_LISTS:
            setattr(other, name, [dict(entry) for entry in getattr(self, name)])
        other.events = []
        other._pending = False
        return other

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": GAME, "format": FORMAT_VERSION, "colours": list(self.colours),
                                "variants": dict(self.variants)}
        for name in _SCALARS:
            data[name] = getattr(self, name)
        for name in _LISTS:
            data[name] = list(getattr(self, name))
        for name in _NESTED:
            data[name] = [list(row) for row in getattr(self, name)]
        for name in _DICT_LISTS:
            data[name] = [_plain(entry) for entry in getattr(self, name)]
        data["events"] = [dict(event) for event in self.events]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Caylus1303State":
        """Rebuild a state saved by :meth:`to_json`; malformed input raises ``ValueError`` with a reason."""
        check_saved(data, game=GAME, title="Caylus 1303", version=FORMAT_VERSION)
        state = cls()
        with reading_saved("Caylus 1303"):
            state.colours = tuple(str(c) for c in data["colours"])
            state.variants = dict(data["variants"])
            for name in _SCALARS:
                setattr(state, name, data[name])
            for name in _LISTS:
                setattr(state, name, list(data[name]))
            for name in _NESTED:
                setattr(state, name, [list(row) for row in data[name]])
            for name in _DICT_LISTS:
                setattr(state, name, [dict(entry) for entry in data[name]])
            state.events = [dict(event) for event in data.get("events", [])]
        check_seat_lists("Caylus 1303", len(state.colours), (2, 5),
                         {name: getattr(state, name) for name in ("goods", "workers", "pp", "characters")})
        if len(state.road_tile) != len(rules()["road"]):
            raise ValueError("saved Caylus 1303 game is inconsistent: the road has the wrong number of spaces")
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Caylus1303State):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.position())

    def position(self) -> tuple[Any, ...]:
        """The state without ``events`` (what the last decision did): equal positions are the same game from here."""
        return tuple(_freeze(value) for name, value in self.to_json().items() if name != "events")

    def __repr__(self) -> str:
        return (f"<Caylus1303State round {self.round} {self.phase} players={','.join(self.colours)} "
                f"provost={self.provost}>")

    # ---------------------------------------------------------------- GameState API
    def pending(self) -> Decision | None:
        if self._pending is False:
            from .flow import current_decision
            self._pending = current_decision(self)
        return self._pending  # type: ignore[return-value]

    def apply(self, action: Action) -> "Caylus1303State":
        from .flow import apply_action
        return apply_action(self, action)

    def scores(self) -> list[Score]:
        return [Score(seat, self.pp[seat], dict(self.breakdown[seat])) for seat in range(self.player_count)]

    def table_view(self) -> TableView:
        from .view import table_view
        return table_view(self)

    def private_view(self, seat: int) -> dict[str, Any]:
        """A player's own prestige: the PP tokens are kept face down, so only the engine and their owner know them."""
        return {"prestige": self.pp[seat], "breakdown": dict(self.breakdown[seat])}

    def summary(self) -> dict[str, Any]:
        from .view import summary
        return summary(self)

    @property
    def is_over(self) -> bool:
        return bool(self.over)

    @property
    def turn_number(self) -> int:
        return self.round

    # ---------------------------------------------------------------- read-only accessors
    @property
    def info(self):  # type: ignore[override]
        from . import INFO
        return INFO

    @property
    def player_count(self) -> int:
        return len(self.colours)

    def player_label(self, seat: int) -> str:
        return self.colours[seat].capitalize()

    def resources(self, seat: int) -> dict[str, int]:
        """The goods in front of a player."""
        return dict(zip(GOODS, self.goods[seat]))

    def holder(self, character: str) -> int | None:
        """The seat holding ``character`` in front of them (``None``: on the board, in the box or not chosen yet)."""
        for seat, held in enumerate(self.characters):
            if character in held:
                return seat
        return None

    def holds(self, seat: int, character: str) -> bool:
        return character in self.characters[seat]

    def first_empty_space(self) -> int | None:
        """The index of the first road space with no building (``None`` once the road is full)."""
        for index, tile_id in enumerate(self.road_tile):
            if tile_id is None:
                return index
        return None

    def residences(self, seat: int) -> int:
        return sum(1 for owner, side in zip(self.road_owner, self.road_side) if owner == seat and side == "residence")

    def landmarks_of(self, seat: int) -> list[str]:
        return [tile_id for tile_id, owner, side in zip(self.road_tile, self.road_owner, self.road_side)
                if owner == seat and side == "landmark"]

    def workers_on_board(self, seat: int) -> int:
        return (sum(workers.count(seat) for workers in self.road_workers)
                + sum(workers.count(seat) for workers in self.front_workers) + self.worksite_workers.count(seat))


def _plain(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in entry.items()}


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value
