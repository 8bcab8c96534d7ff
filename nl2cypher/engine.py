"""Engine.ask(): the pipeline of DESIGN.md, stage by stage, timed.

    question -> lexicon (mentions) -> units -> synthesis (candidates)
             -> ranking -> execution (read-only) -> Answer + Trace
"""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cypher.render import render
from .errors import Nl2CypherError
from .lexicon import Lexicon, Mention
from .rank import Ranker, verbalise
from .schema import Schema, default_schema
from .store import GraphStore, LadybugStore
from .synth import CannotTranslate, Context, Synthesizer
from .triggers import load_triggers
from .units import Unit, map_units

MAX_QUESTION_CHARS = 500


class BadQuestion(Nl2CypherError):
    """Empty, meaningless or oversized input."""


@dataclass
class Trace:
    mentions: list[Mention] = field(default_factory=list)
    tagged: str = ""
    units: list[Unit] = field(default_factory=list)
    candidates: list[dict] = field(default_factory=list)  # cypher, score, prior, choices, description
    timings_ms: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    revision: dict = field(default_factory=dict)  # what the reviser was asked, said, and why it was (not) used


@dataclass
class Answer:
    question: str
    cypher: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    columns: list[str] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)
    error: str | None = None
    elapsed_ms: float = 0.0
    kind: str = ""  # list | lookup | entity | count | aggregate | ranking | yesno | ...
    notes: list[str] = field(default_factory=list)
    trace: Trace = field(default_factory=Trace)

    def record(self, id: int | None = None) -> dict[str, Any]:
        """The batch contract's JSON record."""
        rec = {"question": self.question, "cypher": self.cypher, "params": self.params, "columns": self.columns,
               "rows": self.rows, "error": self.error, "elapsed_ms": round(self.elapsed_ms, 2)}
        return {"id": id, **rec} if id is not None else rec


def _current_annotations(stored: Schema) -> Schema:
    """A KG keeps the schema it was loaded with. When the packaged schema of the
    same name has the same structure, its descriptions and annotations (which a
    domain expert may have improved since) are used without a reload."""
    try:
        pkg = default_schema()
    except Nl2CypherError:
        return stored
    if pkg.name == stored.name and pkg.structure() == stored.structure():
        return pkg
    return stored


class Engine:
    """Translate and answer questions over one graph store."""

    def __init__(self, store: GraphStore | str | Path, today: dt.date | None = None, *, rank: bool = True,
                 encoder: str | None = None, triggers_path: str | Path | None = None, dialect: str | None = None,
                 revise: str | None = None, reviser=None, fewshot_k: int = 4, schema_slice: bool = True,
                 adapter: str | None = None):
        self.store = LadybugStore(store) if isinstance(store, (str, Path)) else store
        self.schema = _current_annotations(self.store.schema)
        self.today = today
        self.dialect = dialect or ("ladybug" if self.store.backend == "ladybug" else "neo4j")
        self.triggers = load_triggers(self.schema, triggers_path)
        self.lexicon = Lexicon.from_store(self.store, self.triggers)
        self.synth = Synthesizer(self.schema)
        self.ranker = Ranker(self.schema, encoder, enabled=rank)
        self.trading_days, self.latest = self._calendar()
        from .revise import Revision

        self.revision = Revision(self, mode=revise, backend=reviser, k=fewshot_k, schema_slice=schema_slice,
                                 adapter=adapter)

    def _calendar(self) -> tuple[list[dt.date], dict[str, dt.date]]:
        """Trading days = the dates of the label the schema marks `calendar: trading`
        (else the first daily label); latest date per label."""
        days: list[dt.date] = []
        latest: dict[str, dt.date] = {}
        calendar = self.schema.calendar_label or next(iter(self.schema.dynamic_labels), None)
        for lab in self.schema.labels.values():
            if lab.property("date") is None or lab.property("date").type != "date":
                continue
            if lab.name == calendar:
                days = [dt.date.fromisoformat(d) for (d,) in
                        self.store.run(f"MATCH (n:{lab.name}) RETURN DISTINCT n.date ORDER BY n.date").rows if d]
            rows = self.store.run(f"MATCH (n:{lab.name}) RETURN max(n.date)").rows
            if rows and rows[0][0]:
                latest[lab.name] = dt.date.fromisoformat(rows[0][0])
        return days, latest

    def context(self, today: dt.date | None) -> Context:
        return Context(today or self.today or dt.date.today(), self.trading_days, self.latest)

    def translate(self, question: str, today: dt.date | None = None) -> Answer:
        """Everything but execution."""
        ans = Answer(question)
        tr = ans.trace
        q = (question or "").strip()
        if not q or not any(ch.isalnum() for ch in q):
            raise BadQuestion("问题为空或只有标点 (the question is empty)")
        if len(q) > MAX_QUESTION_CHARS:
            raise BadQuestion(f"问题太长（{len(q)} 字，最多 {MAX_QUESTION_CHARS} 字） (question too long)")
        ctx = self.context(today)
        t0 = time.perf_counter()
        ex = self.lexicon.extract(q, ctx.today, self.trading_days)
        t1 = time.perf_counter()
        units = map_units(ex, self.triggers)
        t2 = time.perf_counter()
        try:
            cands = self.synth.candidates(ex, units, ctx)
        except CannotTranslate:
            tr.mentions, tr.tagged, tr.units = ex.mentions, ex.tagged, units
            if not self.revision.generate(ans, ex, ctx):  # an LLM may write it from scratch, validated
                raise
            return ans
        t3 = time.perf_counter()
        ranked = self.ranker.rank(ex.question, cands)
        t4 = time.perf_counter()
        tr.mentions, tr.tagged, tr.units = ex.mentions, ex.tagged, units
        tr.timings_ms = {"lexicon": (t1 - t0) * 1e3, "units": (t2 - t1) * 1e3, "synthesis": (t3 - t2) * 1e3,
                         "ranking": (t4 - t3) * 1e3}
        for c in ranked:
            tr.candidates.append({"cypher": render(c.query, self.dialect), "params": c.query.params,
                                  "score": round(c.score, 4), "prior": round(c.prior, 4), "choices": list(c.choices),
                                  "description": verbalise(c.query, self.schema)})
        best = ranked[0]
        ans.cypher = render(best.query, self.dialect)
        ans.params = dict(best.query.params)
        ans.kind = best.answer
        ans.notes = list(dict.fromkeys(best.notes))
        tr.notes = ans.notes
        self.revision.maybe_revise(ans, ex, ctx, ranked)
        return ans

    def ask(self, question: str, today: dt.date | None = None) -> Answer:
        t0 = time.perf_counter()
        try:
            ans = self.translate(question, today)
            t1 = time.perf_counter()
            res = self.store.run(ans.cypher, ans.params)
            ans.trace.timings_ms["execution"] = (time.perf_counter() - t1) * 1e3
            ans.columns, ans.rows = res.columns, res.rows
        except Nl2CypherError as e:
            ans = locals().get("ans") or Answer(question)
            ans.error = str(e)
        ans.elapsed_ms = (time.perf_counter() - t0) * 1e3
        return ans

    def close(self) -> None:
        self.store.close()
