"""One Architects of the West Kingdom position: a plain JSON dict (copied whole on every decision) and the
:class:`GameState` API over it. The rules that move it forward are the task handlers (:mod:`.flow`).

>>> from companion.games.architects import new_game
>>> state = new_game(["red", "blue"], seed=3)
>>> state.pending().kind, state.pending().is_chance
('first_player', True)
>>> type(state).from_json(state.to_json()) == state
True
"""

from __future__ import annotations

import marshal
from typing import Any, Mapping

from ..decisions import Action, Decision
from ..game import GameState
from ..score import Score
from ..table_view import TableView

GAME = "architects"
FORMAT_VERSION = 1
_REQUIRED = ("colours", "players", "locations", "market", "guildhall", "tasks", "row", "over", "phase")


def copy_plain(value: Any) -> Any:
    """A deep copy of plain JSON values (dicts, lists, scalars), through :mod:`marshal` (fast, exact for them)."""
    return marshal.loads(marshal.dumps(value))


class ArchitectsState(GameState):
    """A position. Build one with :func:`companion.games.architects.new_game`; never mutate it."""

    __slots__ = ("data", "events", "_pending")

    def __init__(self, data: dict[str, Any], events: list[dict[str, Any]] | None = None) -> None:
        self.data = data
        self.events = events or []
        self._pending: Decision | None | bool = False

    @property
    def info(self):  # type: ignore[override]
        from . import INFO
        return INFO

    # ---------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        return {**copy_plain(self.data), "events": copy_plain(self.events)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "ArchitectsState":
        """Rebuild a saved state; malformed input raises ``ValueError`` with the reason."""
        if not isinstance(data, Mapping) or data.get("game") != GAME:
            raise ValueError(f'not a saved Architects of the West Kingdom game: no "game": "{GAME}"')
        if data.get("format") != FORMAT_VERSION:
            raise ValueError(f"this saved game has format {data.get('format')!r}; this version reads {FORMAT_VERSION}")
        missing = [name for name in _REQUIRED if name not in data]
        if missing:
            raise ValueError(f"saved Architects game is incomplete: no {', '.join(missing)}")
        plain = copy_plain(dict(data))
        events = plain.pop("events", [])
        if len(plain["players"]) != len(plain["colours"]):
            raise ValueError("saved Architects game is inconsistent: players and colours differ in number")
        return cls(plain, events)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ArchitectsState):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.position())

    def position(self) -> str:
        import json
        return json.dumps(self.data, sort_keys=True)

    def __repr__(self) -> str:
        return f"<ArchitectsState {self.data['phase']} turn {self.data['turns']} players={','.join(self.colours)}>"

    # ---------------------------------------------------------------- GameState API
    def pending(self) -> Decision | None:
        if self._pending is False:
            from .flow import current_decision
            self._pending = current_decision(self.data)
        return self._pending  # type: ignore[return-value]

    def apply(self, action: Action) -> "ArchitectsState":
        from .flow import refuse, resolve
        decision = self.pending()
        if decision is None or action not in decision.actions:
            raise refuse(self.data, decision, action)
        data = copy_plain(self.data)
        data["_events"] = []
        following = resolve(data, decision, action)
        events = data.pop("_events", [])
        after = ArchitectsState(data, events)
        after._pending = following
        return after

    def scores(self) -> list[Score]:
        from .endgame import score_of
        final = self.data["final"]
        result = []
        for seat in range(len(self.colours)):
            breakdown = final[seat] if final else score_of(self.data, seat)
            me = self.data["players"][seat]
            result.append(Score(seat, sum(breakdown.values()), dict(breakdown), (me["virtue"], me["silver"])))
        return result

    def table_view(self) -> TableView:
        from .view import table_view
        return table_view(self.data)

    def private_view(self, seat: int) -> dict[str, Any]:
        """A player's own building cards: the hand, and during setup the draft and the cards kept from it."""
        me = self.data["players"][seat]
        return {"hand": sorted(me["hand"]), "draft": sorted(me["draft"]), "kept": sorted(me["kept"]),
                "offer": sorted(me["offer"])}

    def summary(self) -> dict[str, Any]:
        from .view import summary
        return summary(self.data)

    @property
    def is_over(self) -> bool:
        return bool(self.data["over"])

    @property
    def turn_number(self) -> int:
        return int(self.data["turns"])

    # ---------------------------------------------------------------- read-only accessors
    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(self.data["colours"])

    @property
    def player_count(self) -> int:
        return len(self.data["colours"])

    def player(self, seat: int) -> dict[str, Any]:
        """A copy of one player's data (goods, silver, virtue, workers, cards, debts)."""
        return copy_plain(self.data["players"][seat])
