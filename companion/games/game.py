"""What every game engine offers: static game info and a state that knows whose decision it is.

Modelled on OpenSpiel's Python games: :class:`GameInfo` is the static part (name, player counts,
variants); :class:`GameState` is one position. States are pure: no I/O, no clock, randomness only
through the seeded generator they carry.

A position waits for one :class:`~companion.games.decisions.Decision` at a time: a seat's choice (perhaps
secret to that seat) or the table's (chance: a card drawn, a deck shuffled). ``view(None)`` is what the
camera and a shared screen may see; ``view(seat)`` adds what that seat alone knows.

>>> from companion.games import new_game
>>> state = new_game("nim", players=["red", "blue"], seed=1)               # doctest: +SKIP
>>> decision = state.pending()                                             # doctest: +SKIP
>>> state = state.apply(decision.options[0].action)                        # doctest: +SKIP
"""

from __future__ import annotations

import functools
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Mapping, Sequence

from .decisions import CHANCE, Action, Decision
from .errors import RuleError
from .score import Score, winners
from .table_view import TableView


@dataclass(frozen=True)
class VariantOption:
    """A named rules option, e.g. ``beginner_favours`` (every favour is worth 3 PP).

    ``choices`` lists the values the option takes when they are few (``("tile", "rulebook")``); empty when any
    value of the default's type is allowed. A front end draws the option from the default's type and the choices.
    """

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    variants: tuple[VariantOption, ...] = field(default_factory=tuple)

    def variant_defaults(self) -> dict[str, Any]:
        return {v.name: v.default for v in self.variants}

    def check_variants(self, variants: Mapping[str, Any]) -> dict[str, Any]:
        """Fill defaults and reject unknown option names with a readable error (key ``refusals.unknown_variant``)."""
        known = self.variant_defaults()
        unknown = sorted(set(variants) - set(known))
        if unknown:
            named = {"game": self.title, "unknown": ", ".join(map(str, unknown)),
                     "known": ", ".join(sorted(known)) or "–"}
            raise RuleError(f"{self.title} has no option {named['unknown']}; "
                            f"known options: {', '.join(sorted(known)) or 'none'}", rule="variant options",
                            key="refusals.unknown_variant", values=named)
        return {**known, **variants}


class GameState(ABC):
    """One position of a game. ``apply`` never changes ``self``: it returns the next state.

    Every pack's ``apply`` is wrapped here (:func:`_refusing_what_is_not_offered`), so that for a decision
    whose options are listed an action that is not one of them, matched on type and value, is always
    refused with a :class:`RuleError` and the state unchanged, whatever the pack's own checks do with it.
    """

    info: GameInfo

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        apply = cls.__dict__.get("apply")
        if apply is not None and not getattr(apply, "refuses_what_is_not_offered", False):
            cls.apply = _refusing_what_is_not_offered(apply)  # type: ignore[method-assign]

    @abstractmethod
    def pending(self) -> Decision | None:
        """The decision the game waits for, or ``None`` once the game is over."""

    @abstractmethod
    def apply(self, action: Action) -> "GameState":
        """The state after ``action``; raises :class:`RuleError` naming player, place and rule if illegal."""

    @abstractmethod
    def scores(self) -> list[Score]:
        """Every player's score now, with breakdown (end-game conversion included once the game is over)."""

    @abstractmethod
    def table_view(self) -> TableView:
        """What should be on the table in this state, as the camera may see it (no secret in it)."""

    def private_view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` alone knows (its hand, its secret choices so far), as JSON values; ``{}`` if nothing."""
        return {}

    def view(self, seat: int | None = None) -> TableView:
        """``None``: what the camera and shared screens may see; a seat: that plus what the seat alone knows."""
        view = self.table_view()
        if seat is not None:
            view.seat = seat
            view.private = self.private_view(seat)
        return view

    def summary(self) -> dict[str, Any]:
        """What the tablet shows beside the board (phase, round, markers …), as public JSON values."""
        return {}

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Everything needed to continue the game exactly (``from_json(to_json())`` equals ``self``)."""

    @property
    def turn_number(self) -> int:
        """The game's turn, for games played in turns that each end by paying every seat (0 otherwise)."""
        return 0

    @property
    def is_over(self) -> bool:
        return self.pending() is None

    @property
    def current_player(self) -> int | None:
        """The seat that decides now, :data:`CHANCE` when the table does, ``None`` once the game is over."""
        decision = self.pending()
        return decision.player if decision else None

    @property
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def position(self) -> Hashable:
        """This position, however it was reached: two states with the same position are the same game from here on."""
        return json.dumps(self.to_json(), sort_keys=True)

    def legal_actions(self) -> tuple[Action, ...]:
        decision = self.pending()
        return decision.actions if decision else ()

    def winners(self) -> list[int]:
        return winners(self.scores())

    def apply_all(self, actions: Sequence[Action]) -> "GameState":
        state: GameState = self
        for action in actions:
            state = state.apply(action)
        return state


def _refusing_what_is_not_offered(apply: Callable[[Any, Action], Any]) -> Callable[[Any, Action], Any]:
    """``apply`` guarded by the decision's options.

    An action that is not one of them still goes to the pack first, so that its refusal is in the rules'
    words; if the pack accepts it (``1.0`` taken for ``1``) or fails to explain it (a ``TypeError``), it is
    refused here, naming what is malformed. Decisions with ``open_outcomes`` list only what the engine
    foresees, so they are left to the pack.
    """

    @functools.wraps(apply)
    def guarded(self: Any, action: Action) -> Any:
        decision = self.pending()
        if decision is None or decision.open_outcomes or decision.offers(action):
            return apply(self, action)
        try:
            apply(self, action)  # a pure engine: whatever it returns is thrown away
        except RuleError:
            raise
        except Exception as error:
            raise _not_offered(self, decision, action) from error
        raise _not_offered(self, decision, action)

    guarded.refuses_what_is_not_offered = True  # type: ignore[attr-defined]
    return guarded


def _not_offered(state: GameState, decision: Decision, action: Any) -> RuleError:
    problem = decision.malformed(action) or "it is not one of the options"
    who = _seat_label(state, getattr(action, "player", decision.player))
    what = f"{action.kind} ({', '.join(f'{k}={v!r}' for k, v in action.args)})" if isinstance(action, Action) \
        else "that"
    seat = getattr(action, "player", decision.player)
    return RuleError(f"{who} can't {what}: {problem}", player=who.lower(), rule=decision.kind,
                     key="refusals.malformed_table" if seat == CHANCE else "refusals.malformed",
                     values={"player": who.lower(), "asked": decision.kind})


def _seat_label(state: GameState, seat: int) -> str:
    if seat == CHANCE:
        return "The table"
    try:
        return str(state.view().players[seat]).capitalize()
    except (IndexError, TypeError, AttributeError):
        return f"Seat {seat}"
