"""The revision stage: the question, what the engine understood, the words it
did not use and its top candidate go to an LLM (`backends.py`) through the
shared prompt (`prompt.py`: a fixed head with the whole schema, a short tail
with the question's labels and k similar examples); the validator
(`validate.py`) judges its answer on a parse. `Revision.review()` returns a
`RevisionResult`; the engine decides what to do with it. Modes:

- never: the heuristic query stands;
- auto (default): revise only where the heuristic needs help — its answer is
  below the trust line (`unsure`), the store refuses its query
  (`store_refuses`), a question that names what it asks about got an empty
  answer (`empty`), or it built nothing (`nothing_built`: the model writes
  from scratch). The trace records which fired;
- always: every question.

A refused revision is shown why once and tried again (writes never). A
missing model or an unreachable endpoint skips revision (the result says why)."""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..cypher.ast import Query
from ..cypher.dialects import render
from ..errors import Nl2CypherError, Refusal, RevisionUnavailable
from ..lang import prompt_text
from ..packs import Packs
from ..store import GraphStore
from .backends import load_backend
from .fewshot import FewShot
from .prompt import Ask, build_messages
from .validate import Validator, is_keep

MODES = ("never", "auto", "always")
# what made the engine ask, for the trace: code -> words
TRIGGERS = {
    "always": "mode always",
    "unsure": "the answer is unsure (confidence below the trust line)",
    "store_refuses": "the heuristic query does not run",
    "empty": "the answer is empty although the question names what it asks about",
    "nothing_built": "the heuristic built no query",
}


@dataclass
class RevisionResult:
    """One revision: why it was asked, what the model said, and the verdict."""

    trigger: str  # a key of TRIGGERS
    query: str | None = None  # the accepted query (may equal the candidate)
    params: dict[str, Any] = field(default_factory=dict)
    refusal: Refusal | None = None
    refused: str | None = None  # the validator's message
    skipped: str | None = None  # the reviser could not run
    backend: str | None = None
    output: str | None = None
    examples: list[str] = field(default_factory=list)
    first_refusal: str | None = None  # refused once, then repaired
    repair_output: str | None = None
    fixes: list[str] = field(default_factory=list)
    elapsed_ms: float | None = None

    @property
    def accepted(self) -> bool:
        return self.query is not None

    def trace(self) -> dict[str, Any]:
        """For the answer's trace: only what happened."""
        out: dict[str, Any] = {"why": TRIGGERS[self.trigger], "trigger": self.trigger}
        for key in ("skipped", "backend", "output", "first_refusal", "repair_output", "elapsed_ms", "refused"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.backend is not None:
            out["examples"] = self.examples
        if self.refusal is not None:
            out["refusal"] = self.refusal.name
        if self.accepted:
            out["fixes"] = self.fixes
            out["accepted"] = True
        return out


class Revision:
    def __init__(self, packs: Packs, store: GraphStore, dialect: str, encoder: Callable[[], Any],
                 mode: str | None = None, backend=None,
                 k: int = 2, repair: bool = True, schema_slice: bool = True, adapter: str | None = None):
        mode = mode or os.environ.get("NL2CYPHER_REVISE") or "auto"
        if mode not in MODES:
            raise Nl2CypherError(f"unknown revision mode {mode!r}: {', '.join(MODES)}")
        self.schema, self.store, self.dialect, self.encoder = packs.schema, store, dialect, encoder
        self.lang, self.domain = packs.lang, packs.domain
        self.mode = mode
        self._backend = backend
        self._unavailable: str | None = None
        self.k = k
        self.repair = repair
        self.schema_slice = schema_slice  # False: the whole schema goes into the prompt (an ablation)
        self._fewshot: FewShot | None = None
        self.adapter = adapter  # None: the default (shipped adapter); "none": the base model alone

    @contextlib.contextmanager
    def paused(self):
        """No revision inside (a question's clauses tried one by one: the model is for the whole)."""
        mode, self.mode = self.mode, "never"
        try:
            yield
        finally:
            self.mode = mode

    # ---- when -------------------------------------------------------------
    def wanted(self, cypher: str, params: dict, unsure: bool = False) -> str | None:
        """Which trigger fires for this candidate, or None."""
        if self.mode == "never":
            return None
        if self.mode == "always":
            return "always"
        if unsure:
            return "unsure"
        try:
            self.store.explain(cypher, params)
        except Nl2CypherError:
            return "store_refuses"
        return None

    def review(self, ex, ctx, candidate: Query, understood: str | None, unused: tuple[str, ...],
               unsure: bool = False) -> RevisionResult | None:
        """Revise the top candidate if it is wanted; None when it is not."""
        trigger = self.wanted(render(candidate, self.dialect), candidate.params, unsure)
        return None if trigger is None else self._run(ex, ctx, trigger, candidate, understood, unused)

    def after_empty(self, ex, ctx, candidate: Query, understood: str | None,
                    unused: tuple[str, ...]) -> RevisionResult | None:
        """The candidate ran and found nothing although the question named what it
        asks about: in mode auto, one revision (None otherwise)."""
        if self.mode != "auto":
            return None
        return self._run(ex, ctx, "empty", candidate, understood, unused)

    def generate(self, ex, ctx) -> RevisionResult | None:
        """No candidate: let the model write one (validated); None in mode never,
        and when the question named nothing of the KG — a query written from
        nothing, with nothing to ground it, is a guess no check can vouch for."""
        if self.mode == "never" or not ex.mentions:
            return None
        return self._run(ex, ctx, "nothing_built", None, None, ())

    # ---- how ----------------------------------------------------------------
    @property
    def backend(self):
        if self._backend is None:
            if self._unavailable:
                raise RevisionUnavailable(self._unavailable)
            try:
                self._backend = load_backend(adapter=self.adapter)
            except RevisionUnavailable as e:
                self._unavailable = str(e)  # say it once per engine, not once per question
                raise
        return self._backend

    def fewshot(self) -> FewShot:
        if self._fewshot is None:
            self._fewshot = FewShot(self.domain.fewshot_path)
        return self._fewshot

    def focus(self, ex, candidate: Query | None) -> tuple[str, ...]:
        """The labels and edges the question touches (the schema slice): the
        candidate's, and those its words name. Empty without the slice (an ablation)."""
        if not self.schema_slice:
            return ()
        schema = self.schema
        names = set(candidate.labels() | candidate.rel_types()) if candidate is not None else set()
        for m in ex.mentions:
            names.update(r.label for r in m.entities)
            owners = (t.split(".")[0] for t in m.targets)
            names.update(o for o in owners if o in schema.labels or o in schema.edges)
        return tuple(sorted(names))

    def _run(self, ex, ctx, trigger: str, candidate: Query | None, understood: str | None,
             unused: tuple[str, ...]) -> RevisionResult:
        res = RevisionResult(trigger)
        t0 = time.perf_counter()
        try:
            backend = self.backend
            examples = self.fewshot().select(ex.question, self.k, self.encoder()) if self.k else []
            cand_text = render(candidate, self.dialect, inline_params=True) if candidate is not None else None
            ask = Ask(ex.question, cand_text, understood, tuple(unused), self.focus(ex, candidate))
            messages = build_messages(ask, self.schema.render(), examples, ctx.today.isoformat(), self.lang.code,
                                      self.domain.name)
            output = backend.complete(messages)
        except (RevisionUnavailable, Nl2CypherError) as e:
            res.skipped = str(e)
            return res
        except Exception as e:  # noqa: BLE001 - a failing reviser costs the revision, never the answer
            res.skipped = f"the reviser failed: {type(e).__name__}: {e}"
            return res
        res.backend, res.output = getattr(backend, "label", backend.name), output
        res.examples = [e.question for e in examples]
        if candidate is not None and is_keep(output, self.lang.code):  # the candidate stands as it is
            res.elapsed_ms = round((time.perf_counter() - t0) * 1000, 1)
            res.query, res.params = render(candidate, self.dialect), dict(candidate.params)
            return res
        validator = self.validator(ex, candidate)
        verdict = validator.check(output)
        if not verdict.ok and self.repair and verdict.reason is not None and verdict.reason.repairable:
            # one repair round: the model sees why its query was refused
            res.first_refusal = verdict.refused
            retry = messages + [{"role": "assistant", "content": output},
                                {"role": "user", "content": prompt_repair(self.lang.code, verdict.refused)}]
            try:
                output = backend.complete(retry)
                res.repair_output = output
                verdict = validator.check(output)
            except Exception as e:  # noqa: BLE001 - as above: the first verdict stands
                res.skipped = f"the reviser failed: {type(e).__name__}: {e}"
        res.elapsed_ms = round((time.perf_counter() - t0) * 1000, 1)
        if not verdict.ok:
            res.refusal, res.refused = verdict.reason, verdict.refused
            return res
        res.query, res.params, res.fixes = verdict.query, verdict.params, verdict.fixes
        return res

    def validator(self, ex, candidate: Query | None) -> Validator:
        """What the question allows a revision: its numbers (as said, in 万 and
        亿), its dates, the candidate's values, the kinds of thing it asks about."""
        said = [m.number.value for m in ex.mentions if m.number]
        numbers = said + [n / 1e4 for n in said] + [n / 1e8 for n in said]
        dates = [d.isoformat() for m in ex.mentions if m.time for d in (m.time.start, m.time.end) if d]
        kinds = [m.targets for m in ex.mentions if m.kind == "label" and m.targets]  # 董事长, 基金: what is asked about
        return Validator(self.schema, self.store, ex.question, candidate, None, numbers, dates,
                         stops=self.lang.explanation_starts, question_labels=kinds)


def prompt_repair(lang: str, reason: str | None) -> str:
    """The repair round's request: the refusal, and a query only."""
    return prompt_text(lang)["repair"].format(reason=reason)
