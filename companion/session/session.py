"""One game at the table: the engine state, its history, alerts and overrides, journaled as they happen.

The session is the single place that changes a game. The tablet, the reconciler (camera) and the
demo bots all call :meth:`Session.decide`; every change is journaled before it is acknowledged and
announced to subscribers (the tablet's server-sent events).

Chance outcomes and secret choices are journaled like any decision, with the seat they are private to,
so resume and replay stay exact. What leaves the session for a shared screen (:meth:`Session.snapshot`
without a seat) or as a record before the game ends never shows a secret.

>>> from companion.session import Journal, Session
>>> session = Session.new(Journal(":memory:"), game="nim", players=["red", "blue"], seed=3)  # doctest: +SKIP
>>> session.decide(session.state.pending().options[0].action)                                # doctest: +SKIP
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Mapping, Sequence

from companion.games import Action, GameState, RuleError, new_game

from .alerts import Alert
from .journal import Journal, JournalError
from .records import build_record


class Session:
    def __init__(self, journal: Journal, game_id: str, game: str, setup: Mapping[str, Any]) -> None:
        self.journal = journal
        self.game_id = game_id
        self.game = game
        self.setup = dict(setup)
        self._lock = threading.RLock()
        self._states: list[GameState] = [new_game(game, setup["players"], int(setup["seed"]),
                                                  **setup.get("variants", {}))]
        self._actions: list[Action] = []
        self._sources: list[str] = []
        self._private_to: list[int | None] = []
        self.alerts: list[Alert] = []
        self.overrides: dict[str, list[dict[str, Any]]] = {}
        self._subscribers: list[queue.Queue] = []
        self._change_seq = 0
        self._position_seq = 0
        self._lessons_read: list[str] = []

    # ---- creation ------------------------------------------------------------------------------------------

    @classmethod
    def new(cls, journal: Journal, *, game: str, players: Sequence[str], seed: int,
            variants: Mapping[str, Any] | None = None, guided: bool = False,
            names: Mapping[str, str] | None = None, bots: Sequence[str] = ()) -> "Session":
        """``bots``: the colours a program plays (the demo's); a device never decides for them."""
        setup = {"players": list(players), "seed": int(seed), "variants": dict(variants or {}),
                 "guided": bool(guided), "names": dict(names or {})}
        if bots:
            setup["bots"] = [colour for colour in players if colour in set(bots)]
        new_game(game, setup["players"], setup["seed"], **setup["variants"])   # refuse a bad setup before journaling
        game_id = journal.start_game(game, setup)
        return cls(journal, game_id, game, setup)

    @classmethod
    def resume(cls, journal: Journal, game_id: str | None = None) -> "Session":
        """Continue a journaled game (the latest unfinished one by default) exactly where it stopped."""
        game_id = game_id or journal.latest_unfinished()
        if game_id is None:
            raise JournalError(f"there is no unfinished game to resume in {journal.path}")
        game, setup = journal.game_setup(game_id)
        session = cls(journal, game_id, game, setup)
        for entry in journal.entries(game_id):
            session._replay(entry.kind, entry.payload)
        return session

    def _replay(self, kind: str, payload: dict[str, Any]) -> None:
        try:
            if kind == "decide":
                self._push(Action.from_json(payload["action"]), payload.get("source", "tablet"),
                           payload.get("private_to"))
            elif kind == "undo":
                self._pop()
            elif kind == "alert":
                self.alerts.append(Alert.from_json(payload["alert"]))
            elif kind == "resolve":
                self._alert(int(payload["alert_id"])).resolved = payload["how"]
            elif kind == "override":
                self._set_override(payload["slot"], payload["pieces"])
            elif kind == "lesson":
                self._lessons_read.append(str(payload["key"]))
        except (KeyError, ValueError) as damage:
            raise JournalError(f"game {self.game_id} in {self.journal.path} can't be replayed: "
                               f"a {kind} entry is damaged ({damage})") from None

    # ---- reading -------------------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def guided(self) -> bool:
        return bool(self.setup.get("guided"))

    @property
    def players(self) -> list[str]:
        return list(self.setup["players"])

    @property
    def bots(self) -> list[str]:
        """The colours a program plays (none in a game of people)."""
        return list(self.setup.get("bots", []))

    @property
    def lessons_read(self) -> list[str]:
        """Guided play: the lessons read in this game, in the order they were read (journaled: kept on resume)."""
        return list(self._lessons_read)

    @property
    def position_seq(self) -> int:
        """A number that grows with every decision and every undo, never repeating in this session: what was
        shown for one position (a secret revealed on a shared device) knows when the game has moved on."""
        return self._position_seq

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    def history(self) -> list[GameState]:
        """Every state from the start, the current one last (used for charts and the reconciler)."""
        return list(self._states)

    @property
    def sources(self) -> list[str]:
        """Where each committed decision came from (``camera``, ``prompt``, ``tablet`` …), in order."""
        return list(self._sources)

    # ---- commands ------------------------------------------------------------------------------------------

    def decide(self, action: Action, source: str = "tablet") -> GameState:
        """Apply a decision or a chance outcome; on ``RuleError`` nothing changes and nothing is journaled."""
        with self._lock:
            decision = self.state.pending()
            private_to = decision.private_to if decision is not None else None
            next_state = self.state.apply(action)
            entry: dict[str, Any] = {"action": action.to_json(), "source": source}
            if private_to is not None:
                entry["private_to"] = private_to
            self.journal.append(self.game_id, "decide", entry)
            self._states.append(next_state)
            self._actions.append(action)
            self._sources.append(source)
            self._private_to.append(private_to)
            self._position_seq += 1
            if next_state.is_over:
                self.journal.finish_game(self.game_id, self._result())
        self._announce("decision", source=source)
        return next_state

    def undo(self, back_to: int | None = None) -> Action | None:
        """Take back the last committed decision (with ``back_to``, every decision after the first ``back_to``,
        at once); the earliest decision taken back, or ``None`` when there is nothing to undo."""
        with self._lock:
            keep = len(self._actions) - 1 if back_to is None else max(0, back_to)
            if not self._actions or keep >= len(self._actions):
                return None
            was_over = self.state.is_over
            undone = None
            while len(self._actions) > keep:
                self.journal.append(self.game_id, "undo", {})
                undone = self._pop()
            self._position_seq += 1
            if was_over:
                self.journal.finish_game(self.game_id, None)
        self._announce("undo")
        return undone

    def mark_lesson_read(self, key: str) -> None:
        """Guided play: ``key``'s lesson was read (journaled once)."""
        with self._lock:
            if key in self._lessons_read:
                return
            self.journal.append(self.game_id, "lesson", {"key": key})
            self._lessons_read.append(key)
        self._announce("lesson")

    def raise_alert(self, message: str, *, player: str | None = None, place: str | None = None,
                    rule: str | None = None, kind: str = "illegal", key: str | None = None,
                    values: Mapping[str, Any] | None = None) -> Alert:
        """``key`` and ``values`` (optional) name the message in the pack's strings, as a ``RuleError`` does."""
        with self._lock:
            alert = Alert(len(self.alerts) + 1, message, kind, player, place, rule,
                          key=key, values=dict(values) if values else None)
            self.journal.append(self.game_id, "alert", {"alert": alert.to_json()})
            self.alerts.append(alert)
        self._announce("alert")
        return alert

    def resolve_alert(self, alert_id: int, how: str = "fixed") -> Alert:
        with self._lock:
            alert = self._alert(alert_id)
            if alert.resolved is None:
                self.journal.append(self.game_id, "resolve", {"alert_id": alert_id, "how": how})
                alert.resolved = how
        self._announce("alert_resolved")
        return alert

    def open_alerts(self) -> list[Alert]:
        return [alert for alert in self.alerts if alert.resolved is None]

    def override_slot(self, slot: str, pieces: list[dict[str, Any]]) -> None:
        """Record a player's correction of what the camera reads on a slot (``[]`` = empty)."""
        if not isinstance(slot, str) or not slot:
            raise ValueError("a slot name is needed")
        if not isinstance(pieces, list) or not all(isinstance(p, dict) and "kind" in p for p in pieces):
            raise ValueError("pieces must be a list of objects with a 'kind'")
        with self._lock:
            self.journal.append(self.game_id, "override", {"slot": slot, "pieces": pieces})
            self._set_override(slot, pieces)
        self._announce("override")

    # ---- outputs -------------------------------------------------------------------------------------------

    def export_record(self) -> dict[str, Any]:
        """The game as a record; before the game is over, secret decisions are kept out (who and what kind only)."""
        with self._lock:
            return build_record(self.game, self.setup, self._actions, self.state, self._private_to)

    def pp_history(self) -> list[dict[str, Any]]:
        """Each player's score at the end of every turn so far, and now (for the score chart)."""
        points = []
        previous_turn = None
        for state in self._states:
            turn = state.turn_number
            if turn != previous_turn and previous_turn is not None:
                points.append(self._pp_point(previous_state, previous_turn))
            previous_turn, previous_state = turn, state
        points.append(self._pp_point(self.state, self.state.turn_number))
        return points

    def _pp_point(self, state: GameState, turn: Any) -> dict[str, Any]:
        return {"turn": turn, "pp": {self.players[s.player]: s.total for s in state.scores()}}

    def snapshot(self, seat: int | None = None) -> dict[str, Any]:
        """Everything a screen needs, as JSON: a shared screen's (``seat`` None, no secret in it) or one seat's."""
        with self._lock:
            state = self.state
            decision = state.pending()
            if decision is not None and not decision.visible_to(seat):
                pending = decision.public_json()
            else:
                pending = decision.to_json() if decision else None
            snapshot: dict[str, Any] = {
                "game_id": self.game_id,
                "game": self.game,
                "players": self.players,
                "names": dict(self.setup.get("names", {})),
                "variants": dict(self.setup.get("variants", {})),
                "guided": self.guided,
                "decisions_made": len(self._actions),
                "position": self._position_seq,
                "seat": seat,
                "pending": pending,
                "scores": [score.to_json() for score in state.scores()],
                "winners": [self.players[seat] for seat in state.winners()] if state.is_over else None,
                "over": state.is_over,
                "pp_history": self.pp_history(),
                "alerts": [alert.to_json() for alert in self.alerts if alert.resolved is None],
                "events": [event for event in getattr(state, "events", []) or []
                           if event.get("private_to") in (None, seat)],
                "table_view": state.view(seat).to_json(),
                "overrides": dict(self.overrides),
                "change": self._change_seq,
            }
            summary = state.summary()
            if summary:
                snapshot["summary"] = summary
            return snapshot

    def subscribe(self) -> "queue.Queue[dict[str, Any]]":
        subscriber: queue.Queue = queue.Queue(maxsize=100)
        with self._lock:
            self._subscribers.append(subscriber)
        return subscriber

    def unsubscribe(self, subscriber: "queue.Queue[dict[str, Any]]") -> None:
        with self._lock:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)

    # ---- internals -----------------------------------------------------------------------------------------

    def _push(self, action: Action, source: str, private_to: int | None = None) -> None:
        self._states.append(self.state.apply(action))
        self._actions.append(action)
        self._sources.append(source)
        self._private_to.append(private_to)

    def _pop(self) -> Action | None:
        if not self._actions:
            return None
        self._states.pop()
        self._sources.pop()
        self._private_to.pop()
        return self._actions.pop()

    def _alert(self, alert_id: int) -> Alert:
        for alert in self.alerts:
            if alert.id == alert_id:
                return alert
        raise ValueError(f"there is no alert {alert_id}")

    def _set_override(self, slot: str, pieces: list[dict[str, Any]]) -> None:
        self.overrides[slot] = list(pieces)

    def _result(self) -> dict[str, Any]:
        return {"scores": [s.to_json() for s in self.state.scores()],
                "winners": [self.players[seat] for seat in self.state.winners()]}

    def _announce(self, change: str, **details: Any) -> None:
        with self._lock:
            self._change_seq += 1
            message = {"type": change, "seq": self._change_seq, **details}
            subscribers = list(self._subscribers)
        for subscriber in subscribers:
            try:
                subscriber.put_nowait(message)
            except queue.Full:       # a stalled screen must never stall the game
                pass
