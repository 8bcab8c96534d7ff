"""One warm engine shared by everyone a process serves — the HTTP routes and the
agents' tools: answers are computed one at a time (the engine and its one store
connection are not thread-safe), and conversations are kept by id (in memory, or
in a file every worker shares: `conversations.py`)."""

from __future__ import annotations

import datetime as dt
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .answer import Answer
from .conversations import InFile, InMemory

if TYPE_CHECKING:
    from .engine import Engine
    from .session import Session

MAX_SESSIONS = 1_000  # conversations kept; the least recently used is dropped first


class UnknownConversation(LookupError):
    """A conversation id nobody started here (or one dropped as the oldest)."""


class SharedEngine:
    def __init__(self, engine: "Engine", max_sessions: int = MAX_SESSIONS, conversations: str | Path | None = None):
        self.engine = engine
        self.lock = threading.Lock()
        self.kept = InFile(conversations, max_sessions) if conversations else InMemory(max_sessions)

    def ask(self, question: str, today: dt.date | None = None, conversation: str | None = None,
            start: bool = True) -> Answer:
        """One question, or a turn of `conversation` (an id not seen yet starts it,
        unless `start` is False)."""
        with self.lock:
            if conversation is None:
                return self.engine.ask(question, today=today)
            session = self._session(conversation, start)
            ans = session.ask(question, today=today)
            self.kept.put(conversation, session)
            return ans

    def start(self, conversation: str) -> None:
        with self.lock:
            self.kept.put(conversation, self._session(conversation, True))

    def turns(self, conversation: str) -> dict:
        with self.lock:
            return self._session(conversation, False).to_json()

    def forget(self, conversation: str) -> None:
        with self.lock:
            if not self.kept.drop(conversation):
                raise UnknownConversation(conversation)

    def _session(self, sid: str, start: bool) -> "Session":
        session = self.kept.get(self.engine, sid)
        if session is None:
            if not start:
                raise UnknownConversation(sid)
            session = self.engine.session(sid)
        return session


def served_record(ans: Answer, max_rows: int | None = None) -> dict[str, Any]:
    """The batch record as the service and the tools send it: at most `max_rows`
    rows (`truncated` says when cut), with the answer's kind and notes."""
    rec = ans.record()
    rows = rec["rows"]
    cut = max_rows is not None and len(rows) > max_rows
    rec["rows"] = rows[:max_rows] if cut else rows
    rec["truncated"] = bool(ans.truncated or cut)
    rec.setdefault("error_type", None)
    rec["kind"] = ans.kind or None
    rec["notes"] = ans.notes
    return rec
