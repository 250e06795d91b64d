"""Game records: a game as its setup plus its decisions, exported as JSON and replayed exactly."""

from __future__ import annotations

from typing import Any, Mapping

from companion.games import Action, GameState, new_game

RECORD_FORMAT = "companion-record/1"


def build_record(game: str, setup: Mapping[str, Any], actions: list[Action], state: GameState) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "game": game,
        "players": list(setup["players"]),
        "names": dict(setup.get("names", {})),
        "seed": setup["seed"],
        "variants": dict(setup.get("variants", {})),
        "actions": [action.to_json() for action in actions],
        "over": state.is_over,
        "scores": [score.to_json() for score in state.scores()],
    }
    if state.is_over:
        record["winners"] = [setup["players"][seat] for seat in state.winners()]
    return record


def replay_record(record: Mapping[str, Any]) -> GameState:
    """Rebuild the final state of a record; raises ``ValueError`` or ``RuleError`` naming the bad decision."""
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a game record (expected format {RECORD_FORMAT!r})")
    state = new_game(record["game"], record["players"], int(record["seed"]), **record.get("variants", {}))
    for number, action_json in enumerate(record["actions"], start=1):
        try:
            state = state.apply(Action.from_json(action_json))
        except ValueError as refusal:
            raise type(refusal)(f"decision {number} of the record can't be replayed: {refusal}") from None
    return state
