"""Where a server keeps its conversations between turns: in its own memory (one
process), or in a small SQLite file that every worker of `serve --workers N`
shares, so a conversation's next turn may reach any worker. A conversation is
kept as the plain value a Session already is (`to_json`); the least recently
used are dropped first when there are too many."""

from __future__ import annotations

import json
import sqlite3
import time
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import Engine
    from .session import Session


class InMemory:
    """One process's conversations, as live sessions."""

    def __init__(self, limit: int):
        self.limit = limit
        self._kept: OrderedDict[str, "Session"] = OrderedDict()

    def get(self, engine: "Engine", sid: str) -> "Session | None":
        return self._kept.get(sid)

    def put(self, sid: str, session: "Session") -> None:
        self._kept[sid] = session
        self._kept.move_to_end(sid)
        while len(self._kept) > self.limit:
            self._kept.popitem(last=False)

    def drop(self, sid: str) -> bool:
        return self._kept.pop(sid, None) is not None


class InFile:
    """Conversations in a SQLite file, shared by processes (WAL: readers never wait
    on the writer). Two turns of one conversation racing on two workers: the later
    write wins."""

    def __init__(self, path: str | Path, limit: int):
        self.limit = limit
        self.db = sqlite3.connect(str(path), timeout=30, isolation_level=None, check_same_thread=False)
        # switching to WAL takes the file for itself (workers opening it at once: "database is locked"); a file
        # already in WAL — the service makes it so before its workers start — is left as it is
        if self.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS conversation (id TEXT PRIMARY KEY, used REAL, data TEXT)")
        self.db.execute("CREATE INDEX IF NOT EXISTS conversation_used ON conversation (used)")

    def get(self, engine: "Engine", sid: str) -> "Session | None":
        from .session import Session

        row = self.db.execute("SELECT data FROM conversation WHERE id = ?", (sid,)).fetchone()
        return Session.from_json(engine, json.loads(row[0])) if row else None

    def put(self, sid: str, session: "Session") -> None:
        self.db.execute("INSERT OR REPLACE INTO conversation VALUES (?, ?, ?)",
                        (sid, time.time(), json.dumps(session.to_json(), ensure_ascii=False)))
        self.db.execute("DELETE FROM conversation WHERE id IN (SELECT id FROM conversation ORDER BY used DESC "
                        "LIMIT -1 OFFSET ?)", (self.limit,))

    def drop(self, sid: str) -> bool:
        return self.db.execute("DELETE FROM conversation WHERE id = ?", (sid,)).rowcount > 0
