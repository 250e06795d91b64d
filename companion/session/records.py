"""Game records: a game as its setup plus its decisions, exported as JSON and replayed exactly.

A record exported before the game is over keeps its secrets out: a secret decision (or a chance outcome
private to one seat) appears as who decided and what kind, with ``"secret": true`` and no arguments. Such a
record says ``"complete": false`` and cannot be replayed; once the game is over every decision is in it.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.games import Action, GameState, new_game

RECORD_FORMAT = "companion-record/1"


def build_record(game: str, setup: Mapping[str, Any], actions: list[Action], state: GameState,
                 private_to: Sequence[int | None] | None = None) -> dict[str, Any]:
    private_to = list(private_to) if private_to is not None else [None] * len(actions)
    hide = not state.is_over
    entries = [_secret_entry(action) if hide and seat is not None else _entry(action, seat)
               for action, seat in zip(actions, private_to)]
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "game": game,
        "players": list(setup["players"]),
        "names": dict(setup.get("names", {})),
        "seed": setup["seed"],
        "variants": dict(setup.get("variants", {})),
        "actions": entries,
        "complete": not any(entry.get("secret") for entry in entries),
        "over": state.is_over,
        "scores": [score.to_json() for score in state.scores()],
    }
    if state.is_over:
        record["winners"] = [setup["players"][seat] for seat in state.winners()]
    return record


def _entry(action: Action, private_to: int | None) -> dict[str, Any]:
    entry = action.to_json()
    if private_to is not None:
        entry["private_to"] = private_to
    return entry


def _secret_entry(action: Action) -> dict[str, Any]:
    return {"player": action.player, "kind": action.kind, "secret": True}


def replay_record(record: Mapping[str, Any]) -> GameState:
    """Rebuild the final state of a record; raises ``ValueError`` or ``RuleError`` naming the bad decision."""
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a game record (expected format {RECORD_FORMAT!r})")
    if record.get("complete") is False:
        raise ValueError("this record was exported before the game ended: its secret decisions are not in it, "
                         "so it can't be replayed (export it again once the game is over)")
    state = new_game(record["game"], record["players"], int(record["seed"]), **record.get("variants", {}))
    for number, action_json in enumerate(record["actions"], start=1):
        try:
            state = state.apply(Action.from_json(action_json))
        except ValueError as refusal:
            raise type(refusal)(f"decision {number} of the record can't be replayed: {refusal}") from None
    return state
