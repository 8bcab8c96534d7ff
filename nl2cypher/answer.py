"""What the engine gives back: an `Answer` (the query it ran, the rows, what it
assumed) and its `Trace` (how it got there, stage by stage)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .lexicon import Mention
from .units import Unit


@dataclass
class Trace:
    mentions: list[Mention] = field(default_factory=list)
    tagged: str = ""
    units: list[Unit] = field(default_factory=list)
    candidates: list[dict] = field(default_factory=list)  # cypher, score, prior, choices, description
    timings_ms: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    revision: dict = field(default_factory=dict)  # what the reviser was asked, said, and why it was (not) used
    understanding: Any = None  # understanding.Understanding: unexplained words, unused mentions, margin
    resolution: dict = field(default_factory=dict)  # in a conversation: how the turn was read (kind, question)
    listed: str | None = None  # the label of the things in the answer's first column (a follow-up's 哪条, 其中)
    named_rows: list = field(default_factory=list)  # names or values asked by name, each owed a row of its own
    ranks_all: bool = False  # every row shown, ordered by a figure (…，并指出涨幅最大的: the first is the one)
    later: Any = None  # a revision to ask for if the answer comes back empty (engine.ask), else None
    clauses: int = 0  # answered by one query over this many clauses of the question (clauses.py)
    tied: bool = False  # a sure reading whose pick is one of several tied (flagged for that alone)
    read: str = ""  # the question as read when the engine rewrote it (a view dropped, a day written): the mentions' text


@dataclass
class Answer:
    question: str
    cypher: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    columns: list[str] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)
    error: str | None = None
    error_type: str | None = None  # the error's class: BadQuestion, UnknownEntity, QueryError, LimitExceeded…
    truncated: bool = False  # more rows than the engine's cap
    elapsed_ms: float = 0.0
    kind: str = ""  # list | lookup | entity | count | aggregate | ranking | yesno | ...
    notes: list[str] = field(default_factory=list)
    confidence: float | None = None  # in [0, 1]; below the trust line (0.5) the answer may not be what was meant
    unexplained: list[str] = field(default_factory=list)  # words of the question nothing accounted for
    interpretation: str | None = None  # the query that ran, said in the question's language
    resolved_question: str | None = None  # in a conversation: the self-contained question answered
    follow_up: str | None = None  # in a conversation: how the question leaned on the turns before
    conversation: str | None = None  # in a named conversation: its id …
    turn: int | None = None  # … and this answer's turn (1, 2, …)
    trace: Trace = field(default_factory=Trace)

    def record(self, id: int | None = None) -> dict[str, Any]:
        """The batch contract's JSON record."""
        rec = {"question": self.question, "cypher": self.cypher, "params": self.params, "columns": self.columns,
               "rows": self.rows, "error": self.error, "elapsed_ms": round(self.elapsed_ms, 2)}
        rec["confidence"] = self.confidence
        rec["unexplained"] = self.unexplained
        rec["interpretation"] = self.interpretation
        if self.conversation is not None:  # a turn of a conversation file or a service session
            rec.update(conversation=self.conversation, turn=self.turn, resolved_question=self.resolved_question)
        if self.error_type:
            rec["error_type"] = self.error_type
        if self.truncated:
            rec["truncated"] = True
        return {"id": id, **rec} if id is not None else rec
