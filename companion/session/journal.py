"""The SQLite journal: every committed decision, prompt answer, override and alert, written as it happens.

One file holds many games. Each game is a row in ``games`` and an append-only list of ``entries``;
a game is rebuilt by replaying its entries through the engine, so killing the process at any moment
loses nothing that was acknowledged. SQLite is the embedded default: no server to start.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,          -- JSON: players, names, seed, variants, guided
    started REAL NOT NULL,
    finished REAL,
    result TEXT                   -- JSON: final scores and winners, once over
);
CREATE TABLE IF NOT EXISTS entries (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,           -- decide | undo | alert | resolve | override
    payload TEXT NOT NULL,        -- JSON
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class JournalError(RuntimeError):
    """The journal file can't be used; the message says which file and what to do."""


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str
    payload: dict[str, Any]
    at: float


class Journal:
    """A journal file (or ``":memory:"``). Thread-safe: the web server calls it from several threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.RLock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
            self._db.execute("SELECT count(*) FROM games").fetchone()
        except sqlite3.DatabaseError as damage:
            raise JournalError(
                f"{self.path} is not a companion journal or is damaged ({damage}). "
                "Move it aside to start a new journal; the file was not changed.") from None

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ---- writing -------------------------------------------------------------------------------------------

    def start_game(self, game: str, setup: dict[str, Any]) -> str:
        game_id = time.strftime("%Y%m%d-%H%M%S-") + uuid.uuid4().hex[:6]
        with self._lock:
            self._db.execute("INSERT INTO games (id, game, setup, started) VALUES (?, ?, ?, ?)",
                             (game_id, game, json.dumps(setup), time.time()))
        return game_id

    def append(self, game_id: str, kind: str, payload: dict[str, Any]) -> int:
        """Write one entry durably and return its sequence number."""
        with self._lock:
            row = self._db.execute("SELECT coalesce(max(seq), 0) FROM entries WHERE game_id = ?",
                                   (game_id,)).fetchone()
            seq = int(row[0]) + 1
            self._db.execute("INSERT INTO entries (game_id, seq, kind, payload, at) VALUES (?, ?, ?, ?, ?)",
                             (game_id, seq, kind, json.dumps(payload), time.time()))
        return seq

    def finish_game(self, game_id: str, result: dict[str, Any] | None) -> None:
        """Mark a game over (``result`` = scores and winners) or, with ``None``, not over any more (after undo)."""
        with self._lock:
            self._db.execute("UPDATE games SET finished = ?, result = ? WHERE id = ?",
                             (time.time() if result else None, json.dumps(result) if result else None, game_id))

    # ---- reading -------------------------------------------------------------------------------------------

    def game_setup(self, game_id: str) -> tuple[str, dict[str, Any]]:
        with self._lock:
            try:
                row = self._db.execute("SELECT game, setup FROM games WHERE id = ?", (game_id,)).fetchone()
            except sqlite3.DatabaseError as damage:
                raise JournalError(f"game {game_id} in {self.path} is damaged ({damage})") from None
        if row is None:
            raise JournalError(f"no game {game_id!r} in {self.path}")
        return row[0], self._decode(row[1], f"the setup of game {game_id}")

    def entries(self, game_id: str) -> list[Entry]:
        """The game's entries in order; a damaged database page among them is a :class:`JournalError` naming the game
        (other games are unaffected)."""
        with self._lock:
            try:
                rows = self._db.execute("SELECT seq, kind, payload, at FROM entries WHERE game_id = ? ORDER BY seq",
                                        (game_id,)).fetchall()
            except sqlite3.DatabaseError as damage:
                raise JournalError(f"the entries of game {game_id} in {self.path} are damaged ({damage}); "
                                   "other games are unaffected") from None
        return [Entry(seq, kind, self._decode(payload, f"entry {seq} of game {game_id}"), at)
                for seq, kind, payload, at in rows]

    def latest_unfinished(self) -> str | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id FROM games WHERE finished IS NULL ORDER BY started DESC, rowid DESC LIMIT 1").fetchone()
        return row[0] if row else None

    def list_games(self) -> list[dict[str, Any]]:
        with self._lock:
            try:
                rows = self._db.execute(
                    "SELECT id, game, setup, started, finished, result FROM games ORDER BY started DESC").fetchall()
            except sqlite3.DatabaseError as damage:
                raise JournalError(f"the list of games in {self.path} is damaged ({damage})") from None
        games = []
        for game_id, game, setup, started, finished, result in rows:
            try:
                setup_data = json.loads(setup)
                result_data = json.loads(result) if result else None
            except json.JSONDecodeError:
                games.append({"id": game_id, "game": game, "damaged": True})
                continue
            games.append({"id": game_id, "game": game, "players": setup_data.get("players", []),
                          "names": setup_data.get("names", {}), "started": started, "finished": finished,
                          "winners": (result_data or {}).get("winners")})
        return games

    def _decode(self, text: str, what: str) -> dict[str, Any]:
        try:
            value = json.loads(text)
        except json.JSONDecodeError as damage:
            raise JournalError(f"{what} in {self.path} is damaged ({damage}); other games are unaffected") from None
        if not isinstance(value, dict):
            raise JournalError(f"{what} in {self.path} is damaged (not a JSON object)")
        return value
