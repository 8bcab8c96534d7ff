"""The revision stage: the relevant schema slice, few-shot examples chosen by
similarity and the top candidate go to an LLM (`backends.py`) through the
shared prompt (`prompt.py`); the validator (`validate.py`) judges its answer.
`Revision.review()` returns a `RevisionResult`; the engine decides what to do
with it. Modes:

- never: the heuristic query stands;
- auto (default): revise only when the heuristic is unsure (the answer's
  confidence is below the trust line, or candidates are within a hair of each
  other), when its query fails to run, or when it built nothing (then the LLM
  writes from scratch);
- always: every question.

A missing model or an unreachable endpoint skips revision (the result says why)."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..cypher.ast import Query
from ..cypher.dialects import render
from ..errors import Nl2CypherError, Refusal, RevisionUnavailable
from ..lang import Language, load_language, prompt_text
from ..schema import Schema
from ..store import GraphStore
from .backends import load_backend
from .fewshot import FewShot
from .prompt import build_messages
from .validate import Validator

MODES = ("never", "auto", "always")
AUTO_MARGIN = 0.005  # top two candidates closer than this: the ranking is unsure


@dataclass
class RevisionResult:
    """One revision: why it was asked, what the model said, and the verdict."""

    why: str
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
        out: dict[str, Any] = {"why": self.why}
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
    def __init__(self, schema: Schema, store: GraphStore, dialect: str, encoder: Callable[[], Any],
                 lang: Language | None = None, domain: str | None = None, mode: str | None = None, backend=None,
                 k: int = 4, repair: bool = True, schema_slice: bool = True, adapter: str | None = None):
        mode = mode or os.environ.get("NL2CYPHER_REVISE") or "auto"
        if mode not in MODES:
            raise Nl2CypherError(f"unknown revision mode {mode!r}: {', '.join(MODES)}")
        self.schema, self.store, self.dialect, self.encoder = schema, store, dialect, encoder
        self.lang = lang or load_language()
        self.domain = domain
        self.mode = mode
        self._backend = backend
        self._unavailable: str | None = None
        self.k = k
        self.repair = repair
        self.schema_slice = schema_slice  # False: the whole schema goes into the prompt (an ablation)
        self._fewshot: FewShot | None = None
        self.adapter = adapter  # None: the default (shipped adapter); "none": the base model alone

    # ---- when -------------------------------------------------------------
    def wanted(self, ranked, cypher: str, params: dict, unsure: bool = False) -> str | None:
        """Why this question should be revised, or None."""
        if self.mode == "never":
            return None
        if self.mode == "always":
            return "mode always"
        if unsure:
            return "the answer is unsure (confidence below the trust line)"
        if len(ranked) > 1 and abs(ranked[0].score - ranked[1].score) < AUTO_MARGIN:
            return "the top candidates score almost the same"
        try:
            self.store.explain(cypher, params)
        except Nl2CypherError:
            return "the heuristic query does not run"
        return None

    def review(self, ex, ctx, ranked, cypher: str, params: dict, unsure: bool = False) -> RevisionResult | None:
        """Revise the top candidate if it is wanted; None when it is not."""
        why = self.wanted(ranked, cypher, params, unsure)
        return None if why is None else self._run(ex, ctx, why, ranked[0].query, cypher)

    def generate(self, ex, ctx) -> RevisionResult | None:
        """No candidate: let the model write one (validated); None in mode never."""
        if self.mode == "never":
            return None
        return self._run(ex, ctx, "the heuristic built no query", None, None)

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
            self._fewshot = FewShot()
        return self._fewshot

    def slice_text(self, ex, candidate: Query | None) -> str:
        """The labels and edges the question touches: the candidate's, and those
        its words name."""
        schema = self.schema
        if not self.schema_slice:
            return schema.render()
        labels = set(candidate.labels()) if candidate is not None else set()
        edges = set(candidate.rel_types()) if candidate is not None else set()
        for m in ex.mentions:
            for r in m.entities:
                labels.add(r.label)
            for t in m.targets:
                owner = t.split(".")[0]
                if owner in schema.labels:
                    labels.add(owner)
                elif owner in schema.edges:
                    edges.add(owner)
        return schema.slice(labels, edges).render()

    def _run(self, ex, ctx, why: str, candidate: Query | None, cypher: str | None) -> RevisionResult:
        res = RevisionResult(why)
        t0 = time.perf_counter()
        try:
            backend = self.backend
            examples = self.fewshot().select(ex.question, self.k, self.encoder()) if self.k else []
            cand_text = render(candidate, self.dialect, inline_params=True) if candidate is not None else None
            messages = build_messages(ex.question, self.slice_text(ex, candidate), examples,
                                      ctx.today.isoformat(), cand_text, self.lang.code, self.domain)
            output = backend.complete(messages)
        except (RevisionUnavailable, Nl2CypherError) as e:
            res.skipped = str(e)
            return res
        res.backend, res.output = getattr(backend, "label", backend.name), output
        res.examples = [e.question for e in examples]
        numbers = [m.number.value for m in ex.mentions if m.number] + \
                  [m.number.value / 1e4 for m in ex.mentions if m.number] + \
                  [m.number.value / 1e8 for m in ex.mentions if m.number]
        dates = [d.isoformat() for m in ex.mentions if m.time for d in (m.time.start, m.time.end) if d]
        kinds = [m.targets for m in ex.mentions if m.kind == "label" and m.targets]  # 董事长, 基金: what is asked about
        validator = Validator(self.schema, self.store, ex.question, candidate, None, numbers, dates,
                              stops=self.lang.explanation_starts, question_labels=kinds)
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
            except (RevisionUnavailable, Nl2CypherError) as e:
                res.skipped = str(e)
        res.elapsed_ms = round((time.perf_counter() - t0) * 1000, 1)
        if not verdict.ok:
            res.refusal, res.refused = verdict.reason, verdict.refused
            return res
        res.query, res.params, res.fixes = verdict.query, verdict.params, verdict.fixes
        return res


def prompt_repair(lang: str, reason: str | None) -> str:
    """The repair round's request: the refusal, and a query only."""
    return prompt_text(lang)["repair"].format(reason=reason)
