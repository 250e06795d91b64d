"""One Citadels position: plain lists and numbers, copied by hand, serialised to JSON exactly.

The rules that move a position forward live in :mod:`.flow` (phases), :mod:`.draft` (choosing characters),
:mod:`.turn` (a character's turn and its powers) and :mod:`.deck` (the district deck); this module holds the data,
its read-only accessors and the :class:`GameState` API.

The district deck is kept as the table knows it: ``deck`` is the shuffled part, a multiset (sorted ids) whose
order nobody knows, so drawing from it is a chance decision weighed by the counts; ``bottom`` is the cards put
under it since (discards, destroyed districts), in order, drawn only once the shuffled part runs out.

The state holds every secret (hands, characters chosen, the face-down characters): ``view(None)`` and
``summary()`` show none of them, ``private_view(seat)`` only that seat's.

>>> from companion.games.citadels import new_game
>>> state = new_game(["red", "blue", "green", "yellow"], seed=3)
>>> state.phase, state.pending().kind, state.pending().private_to
('deal', 'draw', 0)
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
from .data import character_ids, district, rules

FORMAT_VERSION = 1
GAME = "citadels"

_SCALARS = ("round", "phase", "crown", "calling", "murdered", "robbed", "draft_step", "seed")
_LISTS = ("gold", "deck", "bottom", "faceup", "facedown", "draft_cards", "revealed", "completed")
_NESTED = ("hands", "cities", "built_round", "picks", "drawn")


class CitadelsState(GameState):
    """A Citadels position. Build one with :func:`companion.games.citadels.new_game`; never mutate it.

    ``phase``: ``deal`` (the starting hands), ``draft`` (characters chosen), ``call`` (the crowned player calls
    the next rank), ``turn`` (a character's turn; ``turn`` holds its rank, seat, what it did), ``over``.
    ``queue`` is a stack of small steps a turn owes (a card to draw, a card to keep or discard, a Graveyard
    choice), the top one decided first. ``picks[seat]`` are the characters a seat chose this round (the last
    round's once the game is over), ``revealed`` the ranks turned face up so far this round.
    """

    __slots__ = ("colours", "variants", "turn", *_SCALARS, *_LISTS, *_NESTED, "queue", "events", "_pending")

    def __init__(self) -> None:  # filled by setup.new_state / from_json / clone
        self._pending: Decision | None | bool = False

    # ---------------------------------------------------------------- copying and JSON
    def clone(self) -> "CitadelsState":
        other = CitadelsState.__new__(CitadelsState)
        other.colours, other.variants = self.colours, self.variants
        for name in _SCALARS:
            setattr(other, name, getattr(self, name))
        other.turn = None if self.turn is None else _copy(self.turn)
        for name in _LISTS:
            setattr(other, name, getattr(self, name)[:])
        for name in _NESTED:
            setattr(other, name, [row[:] for row in getattr(self, name)])
        other.queue = [_copy(frame) for frame in self.queue]
        other.events = []
        other._pending = False
        return other

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": GAME, "format": FORMAT_VERSION, "colours": list(self.colours),
                                "variants": dict(self.variants)}
        for name in _SCALARS:
            data[name] = getattr(self, name)
        data["turn"] = None if self.turn is None else _copy(self.turn)
        for name in _LISTS:
            data[name] = list(getattr(self, name))
        for name in _NESTED:
            data[name] = [list(row) for row in getattr(self, name)]
        data["queue"] = [_copy(frame) for frame in self.queue]
        data["events"] = [_copy(event) for event in self.events]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "CitadelsState":
        """Rebuild a state saved by :meth:`to_json`; malformed input raises ``ValueError`` with a reason."""
        check_saved(data, game=GAME, title="Citadels", version=FORMAT_VERSION)
        state = cls()
        with reading_saved("Citadels"):
            state.colours = tuple(str(c) for c in data["colours"])
            state.variants = dict(data["variants"])
            for name in _SCALARS:
                setattr(state, name, data[name])
            state.turn = None if data["turn"] is None else _copy(data["turn"])
            for name in _LISTS:
                setattr(state, name, list(data[name]))
            for name in _NESTED:
                setattr(state, name, [list(row) for row in data[name]])
            state.queue = [_copy(frame) for frame in data["queue"]]
            state.events = [_copy(event) for event in data.get("events", [])]
        check_seat_lists("Citadels", len(state.colours), (2, 7),
                         {name: getattr(state, name) for name in ("gold", "hands", "cities", "picks")})
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CitadelsState):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.position())

    def position(self) -> tuple[Any, ...]:
        """The state without ``events`` (what the last decision did): equal positions are the same game from here."""
        return tuple(_freeze(value) for name, value in self.to_json().items() if name != "events")

    def __repr__(self) -> str:
        return f"<CitadelsState round {self.round} {self.phase} players={','.join(self.colours)}>"

    # ---------------------------------------------------------------- GameState API
    def pending(self) -> Decision | None:
        if self._pending is False:
            from .flow import current_decision
            self._pending = current_decision(self)
        return self._pending  # type: ignore[return-value]

    def apply(self, action: Action) -> "CitadelsState":
        from .flow import apply_action
        return apply_action(self, action)

    def scores(self) -> list[Score]:
        from .scoring import scores
        return scores(self)

    def table_view(self) -> TableView:
        from .view import table_view
        return table_view(self)

    def private_view(self, seat: int) -> dict[str, Any]:
        from .view import private_view
        return private_view(self, seat)

    def summary(self) -> dict[str, Any]:
        from .view import summary
        return summary(self)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

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

    @property
    def two_characters(self) -> bool:
        """2 and 3 players play two characters each."""
        return self.player_count <= 3

    @property
    def complete_at(self) -> int:
        """How many districts complete a city (and the most a city may hold)."""
        if self.two_characters:
            return rules()["complete_city_two_characters"]
        return rules()["complete_city_classic" if self.variants.get("classic_city") else "complete_city"]

    def label(self, seat: int) -> str:
        return self.colours[seat].capitalize()

    def holder(self, character_id: str) -> int | None:
        """The seat that chose ``character_id`` this round (``None``: not chosen, or not yet)."""
        for seat, held in enumerate(self.picks):
            if character_id in held:
                return seat
        return None

    def owns(self, seat: int, district_id: str) -> bool:
        return district_id in self.cities[seat]

    def is_complete(self, seat: int) -> bool:
        return len(self.cities[seat]) >= self.complete_at

    @property
    def deck_size(self) -> int:
        return len(self.deck) + len(self.bottom)

    def city_cost(self, seat: int) -> int:
        return sum(district(d).cost for d in self.cities[seat])

    @staticmethod
    def all_characters() -> tuple[str, ...]:
        return character_ids()


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value
