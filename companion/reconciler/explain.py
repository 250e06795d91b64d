"""Why the table disagrees with every legal explanation: an illegal move or a forgotten step.

A disagreement is *forgotten* when the table still shows what a slot or supply held a few decisions
ago (the engine moved the bailiff, paid the income … and nobody did it on the table). Otherwise it is
*illegal*: a game's explainer turns the physical change into the decision it looks like, and the engine,
asked to apply it, says in its own words which rule forbids it (:class:`RuleError`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from companion.games import Action, GameState, Piece, RuleError

from .evidence import ViewDiff, VisibleView, looks_like

# Refusals that only say the game expected another decision: a later guess may name the broken rule itself.
VAGUE_RULES = frozenset({"not your turn", "wrong decision kind", "not a legal option", "malformed"})
# Refusals that say nothing of the table (a guess after the game's end): what the table shows is named instead.
SILENT_RULES = frozenset({"game over"})


FORGOTTEN_RULE = "forgotten step"


@dataclass(frozen=True)
class Finding:
    """Why the table disagrees: ``message`` in English, and the same named by ``key`` and ``values`` in the
    strings (``refusals.*`` of the pack, ``reminders.*`` and ``alerts.*`` of the tablet) for the tablet to say in
    the reader's language (:mod:`companion.web.messages` names the values: ``slot``, ``*_pieces``, ``counts`` …)."""

    kind: str            # "illegal" or "forgotten"
    message: str
    player: str | None = None
    place: str | None = None
    rule: str | None = None
    key: str | None = None             # the refusal named in the pack's strings, for the tablet to translate
    values: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Guess:
    """A decision the physical change looks like, and the board place where the camera saw it (for the LEDs)."""

    action: Action
    place: str | None = None


# function(state, residual diff, players) → what the change looks like: decisions for the engine to refuse in its
# own words, or findings for rules no decision expresses (a pack's ``perception.explain``, .perception)
Explainer = Callable[[GameState, ViewDiff, Sequence[str]], "list[Guess | Finding]"]


def colour_of(label: str) -> str | None:
    """``worker:red`` → ``red``; tiles and uncoloured pieces → ``None``."""
    kind, _, detail = label.partition("+")[0].partition(":")
    return detail if detail and kind != "tile" else None


@lru_cache(maxsize=64)
def _pattern(template: str) -> re.Pattern[str]:
    return re.compile("^" + re.escape(template).replace(r"\{n\}", r"(?P<n>\d+)") + "$")


@lru_cache(maxsize=16384)
def place_of(slot: str) -> str:
    """The place a slot belongs to: its name up to the last dot (``road.16.worker`` → ``road.16``)."""
    return slot.rsplit(".", 1)[0]


@lru_cache(maxsize=16384)
def slot_number(template: str, slot: str) -> str | None:
    """The ``{n}`` of ``slot`` if it fits ``template`` ('' for a template without a number), else None.

    >>> slot_number("road.{n}.worker", "road.12.worker"), slot_number("gate.worker", "gate.worker")
    ('12', '')
    """
    found = _pattern(template).match(slot)
    if not found:
        return None
    return found.groupdict().get("n") or ""


def workers_placed(slot: str, newcomers: Sequence[Piece], players: Sequence[str],
                   worker_places: dict[str, str]) -> list[tuple[int, str]]:
    """``(seat, place)`` for each player's worker among ``newcomers`` on ``slot``, when ``slot`` fits one of
    ``worker_places`` (a pack's slot template → the place template a worker there is placed on).

    >>> workers_placed("road.3.worker", [Piece("worker", "blue")], ["red", "blue"], {"road.{n}.worker": "road.{n}"})
    [(1, 'road.3')]
    """
    found = []
    for template, place in worker_places.items():
        number = slot_number(template, slot)
        if number is None:
            continue
        found += [(players.index(piece.colour), place.replace("{n}", number)) for piece in newcomers
                  if piece.kind == "worker" and piece.colour in players]
    return found


def describe(label: str) -> str:
    return label.replace("+", " and ").replace(":", " ") if label else "nothing"


def split_forgotten(mismatch: ViewDiff, expected: VisibleView, earlier: Sequence[VisibleView]
                    ) -> tuple[list[Finding], ViewDiff]:
    """Reminders for what the table still shows from an earlier state, and the rest of the disagreement.

    A slot seen empty where a piece is due is a forgotten step only when that piece is still seen where it was
    (the bailiff left on its old square): an empty slot matches too many earlier states to mean anything alone
    (a worker taken back along with an illegal build, a provost moved against a prompt answer).
    """
    reminders: list[Finding] = []
    rest_slots, rest_supplies = {}, {}
    stale = {slot: seen for slot, seen in mismatch.slots.items()
             if any(looks_like(seen, view.label(slot)) for view in earlier)}
    left_behind = [seen for seen in stale.values() if seen]
    for slot, seen in sorted(mismatch.slots.items()):
        if slot in stale and (seen or any(looks_like(other, expected.label(slot)) for other in left_behind)):
            wanted = expected.label(slot)
            reminders.append(Finding("forgotten", f"{slot} should now show {describe(wanted)} "
                                     f"(the table still shows {describe(seen)})",
                                     colour_of(wanted) or colour_of(seen), place_of(slot), FORGOTTEN_RULE,
                                     "reminders.slot", {"slot": slot, "wanted_pieces": wanted, "seen_pieces": seen}))
        else:
            rest_slots[slot] = seen
    for colour, seen in sorted(mismatch.supplies.items()):
        if any(_same_counts(view.supplies.get(colour, {}), seen) for view in earlier):
            wanted = expected.supplies.get(colour, {})
            owed = {k: int(wanted.get(k, 0)) - int(seen.get(k, 0)) for k in sorted(seen)
                    if wanted.get(k, 0) != seen.get(k, 0)}
            change = ", ".join(f"{'+' if n > 0 else ''}{n} {k}" for k, n in owed.items())
            reminders.append(Finding("forgotten", f"{colour.capitalize()}'s supply is not up to date: {change}",
                                     colour, f"supply.{colour}", FORGOTTEN_RULE,
                                     "reminders.supply", {"player": colour, "counts": owed}))
        else:
            rest_supplies[colour] = seen
    return reminders, ViewDiff(rest_slots, rest_supplies)


def _same_counts(expected: dict, seen: dict) -> bool:
    return all(int(expected.get(key, 0)) == int(value) for key, value in seen.items())


def explain_illegal(game: str, state: GameState, residual: ViewDiff, players: Sequence[str],
                    expected: VisibleView, *, before: GameState | None = None) -> Finding:
    """The rule a physical change breaks, in the engine's words when the game has an explainer.

    ``state`` is where the best legal story ends, ``before`` the game's current state (the story may have
    moved past the decision the change belongs to). The first guess refused for a rule of its own wins; a
    refusal that only says another decision was expected ("it is Blue's turn") is kept for when no guess
    names a rule.
    """
    from .perception import explainer_of

    explainer = explainer_of(game)
    vague: Finding | None = None
    states = [state] + ([before] if before is not None and before is not state else [])
    guesses = [(at, guess) for at in states for guess in (explainer(at, residual, players) if explainer else [])]
    for at, guess in guesses:
        if isinstance(guess, Finding):
            return guess
        action = guess.action
        try:
            at.apply(action)
        except RuleError as refusal:
            if refusal.rule in SILENT_RULES:
                continue
            player = refusal.player or (players[action.player] if 0 <= action.player < len(players) else None)
            finding = Finding("illegal", refusal.message, player, guess.place or refusal.place, refusal.rule,
                              refusal.key, refusal.values)
            if refusal.rule not in VAGUE_RULES:
                return finding
            vague = vague or finding
    return vague or _generic_finding(residual, expected)


def _generic_finding(residual: ViewDiff, expected: VisibleView) -> Finding:
    for slot, seen in sorted(residual.slots.items()):
        return Finding("illegal", f"The table shows {describe(seen)} on {slot}, which no legal move explains",
                       colour_of(seen), place_of(slot), "the table must follow a legal move",
                       "alerts.unexplained_slot", {"slot": slot, "seen_pieces": seen})
    for colour, seen in sorted(residual.supplies.items()):
        wanted = expected.supplies.get(colour, {})
        extra = {key: int(value) - int(wanted.get(key, 0)) for key, value in sorted(seen.items())
                 if int(value) != wanted.get(key, 0)}
        counts = ", ".join(f"{n:+d} {key}" for key, n in extra.items())
        return Finding("illegal", f"{colour.capitalize()}'s supply shows {counts} that no legal move explains",
                       colour, f"supply.{colour}", "resources come only from what a building or rule gives",
                       "alerts.unexplained_supply", {"player": colour, "counts": extra})
    return Finding("illegal", "The table doesn't match any legal move", key="alerts.unexplained", values={})
