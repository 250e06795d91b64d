"""The desk: the one game on the table now, the journal of past games, and who is watching.

Every request and every live stream goes through one :class:`Desk`. It swaps the current
:class:`companion.session.Session` when a game is started or resumed, and keeps the live streams
subscribed to whichever session is current, so a tablet never has to reconnect after "new game".
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Iterator, Mapping, Sequence

from .reveal import Reveal

KEEPALIVE_SECONDS = 15.0
_SWITCHED = {"type": "session_switched"}


class Desk:
    """Holds the current session (or none yet) and the journal; thread-safe."""

    def __init__(self, journal: Any, session: Any | None = None) -> None:
        self.journal = journal
        self._session = session
        self._lock = threading.RLock()
        self._watchers: set[queue.Queue] = set()
        # Which device plays which seat, per game: {game_id: {colour: device id}} (devices re-pair after a restart).
        self._seat_devices: dict[Any, dict[str, str]] = {}
        # The secret the table's device is showing now, per game (companion/web/reveal.py).
        self._reveals: dict[Any, Reveal] = {}

    # -- the current game -------------------------------------------------------------------
    @property
    def session(self) -> Any | None:
        return self._session

    def new_game(self, *, game: str, players: Sequence[str], seed: int, variants: Mapping[str, Any],
                 guided: bool, names: Mapping[str, str] | None = None, bots: Sequence[str] = ()) -> Any:
        """``bots``: the colours a program plays (the demo's bots); no device decides for them."""
        from companion.session import Session
        session = Session.new(self.journal, game=game, players=list(players), seed=seed,
                              variants=dict(variants), guided=guided, names=dict(names or {}), bots=list(bots))
        self._switch_to(session)
        return session

    def resume(self, game_id: Any | None = None) -> Any:
        from companion.session import Session
        session = Session.resume(self.journal) if game_id is None else Session.resume(self.journal, game_id)
        self._switch_to(session)
        return session

    def _switch_to(self, session: Any) -> None:
        with self._lock:
            self._session = session
            watchers = list(self._watchers)
        for watcher in watchers:
            watcher.put(_SWITCHED)

    # -- seats and devices ------------------------------------------------------------------
    def seat_devices(self, game_id: Any) -> dict[str, str]:
        """``{colour: device id}`` of the seats played on a device of their own in game ``game_id``."""
        with self._lock:
            return dict(self._seat_devices.get(game_id, {}))

    def seat_of(self, game_id: Any, device: str | None) -> str | None:
        """The colour ``device`` plays in game ``game_id`` (None: it is the table's device)."""
        return next((colour for colour, owner in self.seat_devices(game_id).items() if owner == device), None)

    def claim_seat(self, game_id: Any, device: str, colour: str | None) -> None:
        """``device`` plays ``colour`` from now on (taking it over from another device), or, with None, no seat."""
        with self._lock:
            seats = self._seat_devices.setdefault(game_id, {})
            for held in [c for c, owner in seats.items() if owner == device]:
                del seats[held]
            if colour is not None:
                seats[colour] = device
            shown = self._reveals.get(game_id)
            if shown is not None and shown.device == device:
                del self._reveals[game_id]
        self.notify("seat")

    # -- a secret shown on the table's device -----------------------------------------------
    def revealed(self, game_id: Any) -> Reveal | None:
        """The secret a table's device was asked to show in game ``game_id`` (it may be out of date: see
        :meth:`Reveal.shows`)."""
        with self._lock:
            return self._reveals.get(game_id)

    def reveal(self, game_id: Any, reveal: Reveal) -> None:
        """``reveal.device`` shows ``reveal.seat``'s secret (instead of any other device showing one)."""
        with self._lock:
            self._reveals[game_id] = reveal
        self.notify("reveal")

    def end_reveal(self, game_id: Any) -> None:
        """No device shows a secret in game ``game_id`` any more."""
        with self._lock:
            ended = self._reveals.pop(game_id, None)
        if ended is not None:
            self.notify("reveal")

    # -- guided play ------------------------------------------------------------------------
    def taught(self, game_id: Any) -> frozenset[str]:
        """The lessons read in the current game (the session journals them)."""
        session = self._session
        if session is None or session.game_id != game_id:
            return frozenset()
        return frozenset(session.lessons_read)

    def mark_taught(self, game_id: Any, key: str) -> None:
        session = self._session
        if session is not None and session.game_id == game_id:
            session.mark_lesson_read(key)

    # -- live streams -----------------------------------------------------------------------
    def notify(self, kind: str) -> None:
        """Wake every live stream for a change that is not the game's own (a lesson read, a setup step)."""
        with self._lock:
            watchers = list(self._watchers)
        for watcher in watchers:
            watcher.put({"type": kind})

    def watch(self, keepalive: float = KEEPALIVE_SECONDS) -> "Changes":
        """The changes from now on, each kind as it happens (``None`` on a quiet keep-alive tick).

        The watch is subscribed when this returns, so a screen that reads the state after calling it misses no
        change made in between. Bursts are coalesced: the stream reads everything queued before yielding once, so a
        slow tablet gets the latest state rather than a backlog. ``close()`` ends it (iterating to the end does too).
        """
        return Changes(self, keepalive)

    @staticmethod
    def _get(session_queue: queue.Queue, own: queue.Queue, keepalive: float) -> dict:
        """Wait on both queues: the session's (game changes) and the desk's own (switches, lessons)."""
        if session_queue is own:
            return own.get(timeout=keepalive)
        waited = 0.0
        step = 0.02
        while True:
            try:
                return session_queue.get(timeout=step)
            except queue.Empty:
                pass
            try:
                return own.get_nowait()
            except queue.Empty:
                waited += step
                if waited >= keepalive:
                    raise



class Changes:
    """One subscription to a desk's changes (see :meth:`Desk.watch`): iterate it for the kinds of change."""

    def __init__(self, desk: Desk, keepalive: float) -> None:
        self._desk, self._keepalive = desk, keepalive
        self._own: queue.Queue = queue.Queue()
        with desk._lock:
            desk._watchers.add(self._own)
        self._subscribed = desk._session
        self._session_queue = self._subscribed.subscribe() if self._subscribed is not None else None

    def __iter__(self) -> Iterator[str | None]:
        desk, own = self._desk, self._own
        try:
            while True:
                source = self._session_queue if self._session_queue is not None else own
                try:
                    first = desk._get(source, own, self._keepalive)
                except queue.Empty:
                    yield None
                    continue
                kinds = [first] + _drain(own) + (_drain(self._session_queue) if self._session_queue is not None else [])
                if any(kind == _SWITCHED for kind in kinds) or self._subscribed is not desk._session:
                    self._unsubscribe_session()
                    self._subscribed = desk._session
                    self._session_queue = self._subscribed.subscribe() if self._subscribed is not None else None
                yield str(kinds[-1].get("type", "change"))
        finally:
            self.close()

    def close(self) -> None:
        """Stop watching (idempotent)."""
        with self._desk._lock:
            self._desk._watchers.discard(self._own)
        self._unsubscribe_session()

    def _unsubscribe_session(self) -> None:
        if self._session_queue is not None and self._subscribed is not None:
            self._subscribed.unsubscribe(self._session_queue)
        self._session_queue = None

def _drain(source: queue.Queue) -> list[dict]:
    items = []
    while True:
        try:
            items.append(source.get_nowait())
        except queue.Empty:
            return items
