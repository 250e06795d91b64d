"""The log of moves in plain words: who did what, and whose points it changed.

Each committed decision is said as its option's words in the position it was taken in (the pack's strings where
the pack names them, else the engine's English label), with the points each player gained or lost by it. A
secret decision is logged as who decided, never what, except to the seat it was private to; the table's own
decisions (chance) as "the table".
Each move is worked out once per game and kept (a game's log only grows, or shrinks by undo).
"""

from __future__ import annotations

import threading
from typing import Any, Mapping

from companion.games import CHANCE

from . import i18n, messages

_known: dict[Any, list[tuple[Any, dict[str, Any]]]] = {}
_known_lock = threading.Lock()


def move_log(session: Any, lang: str, *, last: int = 40, seat: int | None = None) -> list[dict[str, Any]]:
    """The last ``last`` moves of ``session``, oldest first: ``{number, player, secret, text, points}`` in ``lang``,
    as ``seat`` may read them (``None``: a shared screen). ``secret``: decided in secret, its words kept from this
    reader (``text`` None)."""
    moves = _moves(session)[-last:]
    text = i18n.texts(lang, session.game)
    names = session.setup.get("names", {})
    said = []
    for move in moves:
        words = None
        if lang != i18n.DEFAULT_LANGUAGE and move["message"] is not None:
            words = messages.say(text, move["message"][0], move["message"][1], names)
        hidden = move["private_to"] is not None and move["private_to"] != seat
        said.append({"number": move["number"], "player": move["player"], "secret": hidden,
                     "text": None if hidden else (words or move["label"]), "points": move["points"]})
    return said


def _moves(session: Any) -> list[dict[str, Any]]:
    states, actions = session.history(), session.actions
    with _known_lock:
        if session.game_id not in _known:
            _known.clear()                   # one game on the table at a time: forget the others
        known = _known.get(session.game_id, [])
        same = 0
        while same < min(len(known), len(actions)) and known[same][0] is states[same + 1]:
            same += 1
        known = known[:same]
        for index in range(same, len(actions)):
            known.append((states[index + 1], _move(session, states[index], states[index + 1], actions[index], index)))
        _known[session.game_id] = known
        return [move for _state, move in known]


def _move(session: Any, before: Any, after: Any, action: Any, index: int) -> dict[str, Any]:
    decision = before.pending()
    option = next((o for o in (decision.options if decision else ()) if o.action == action), None)
    label = option.label if option is not None and option.label else _plain(action)
    message = None
    if option is not None:
        labels = messages.labels_part(session.game)
        message = labels.option_message(before, decision, option) if labels is not None else None
    players = session.players
    player = players[action.player] if action.player != CHANCE and 0 <= action.player < len(players) else None
    return {"number": index + 1, "player": player, "label": label, "message": message,
            "private_to": decision.private_to if decision is not None else None,
            "points": _points_changed(before, after, players)}


def _plain(action: Any) -> str:
    values = ", ".join(f"{name} {value}" for name, value in action.arg_dict.items())
    return f"{action.kind} {values}".strip()


def _points_changed(before: Any, after: Any, players: list[str]) -> dict[str, int]:
    was: Mapping[int, int] = {score.player: score.total for score in before.scores()}
    changed = {}
    for score in after.scores():
        delta = score.total - was.get(score.player, 0)
        if delta:
            changed[players[score.player]] = delta
    return changed
