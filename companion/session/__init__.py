"""A game at the table: session, SQLite journal, alerts and game records."""

from .alerts import Alert
from .journal import Journal, JournalError
from .records import RECORD_FORMAT, build_record, replay_record
from .session import Session

__all__ = ["Alert", "Journal", "JournalError", "RECORD_FORMAT", "Session", "build_record", "replay_record"]
