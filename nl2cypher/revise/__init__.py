"""The revision stage: the relevant schema slice, few-shot examples chosen by
similarity and the top candidate go to an LLM (`backends.py`) through the
shared prompt (`prompt.py`); its answer is used only if the validator
(`validate.py`) accepts it. Modes:

- never: the heuristic query stands;
- auto (default): revise only when the heuristic is unsure (candidates within
  a hair of each other), when its query fails to run, or when it built nothing
  (then the LLM writes from scratch);
- always: every question.

A missing model or an unreachable endpoint skips revision with a note."""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

from ..cypher.render import render
from ..errors import Nl2CypherError
from .backends import RevisionUnavailable, load_backend
from .fewshot import FewShot
from .prompt import build_messages
from .validate import Validator

if TYPE_CHECKING:
    from ..engine import Answer, Engine

MODES = ("never", "auto", "always")
REPAIR = "这个查询不能用：{reason}。请只输出修正后的一条 Cypher 查询。"


def _repairable(reason: str | None) -> bool:
    """Worth a second try: a name, an arrow, a literal or a syntax slip — never
    an attempt to write, which ends the revision."""
    return bool(reason) and "write" not in reason and "statement" not in reason and "procedure" not in reason
AUTO_MARGIN = 0.005  # top two candidates closer than this: the ranking is unsure


class Revision:
    def __init__(self, engine: "Engine", mode: str | None = None, backend=None, k: int = 4, repair: bool = True,
                 schema_slice: bool = True, adapter: str | None = None):
        mode = mode or os.environ.get("NL2CYPHER_REVISE") or "auto"
        if mode not in MODES:
            raise Nl2CypherError(f"unknown revision mode {mode!r}: {', '.join(MODES)}")
        self.engine = engine
        self.mode = mode
        self._backend = backend
        self._unavailable: str | None = None
        self.k = k
        self.repair = repair
        self.schema_slice = schema_slice  # False: the whole schema goes into the prompt (an ablation)
        self._fewshot: FewShot | None = None
        self.adapter = adapter  # None: the default (shipped adapter); "none": the base model alone

    # ---- when -------------------------------------------------------------
    def _wanted(self, ranked) -> str | None:
        if self.mode == "never":
            return None
        if self.mode == "always":
            return "mode always"
        if len(ranked) > 1 and abs(ranked[0].score - ranked[1].score) < AUTO_MARGIN:
            return "the top candidates score almost the same"
        return None

    def maybe_revise(self, ans: "Answer", ex, ctx, ranked) -> None:
        why = self._wanted(ranked)
        if why is None and self.mode == "auto":
            try:
                self.engine.store.explain(ans.cypher, ans.params)
            except Nl2CypherError:
                why = "the heuristic query does not run"
        if why is not None:
            self._run(ans, ex, ctx, why, candidate=ranked[0].query)

    def generate(self, ans: "Answer", ex, ctx) -> bool:
        """No candidate: let the model write one (validated). True if it did."""
        if self.mode == "never":
            return False
        self._run(ans, ex, ctx, "the heuristic built no query", candidate=None)
        return ans.cypher is not None

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

    def slice_text(self, ex, candidate) -> str:
        """The labels and edges the question touches: the candidate's, and those
        its words name."""
        schema = self.engine.schema
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

    def _run(self, ans: "Answer", ex, ctx, why: str, candidate) -> None:
        eng = self.engine
        info = ans.trace.revision
        info["why"] = why
        t0 = time.perf_counter()
        try:
            backend = self.backend
            examples = self.fewshot().select(ex.question, self.k, eng.ranker.encoder) if self.k else []
            cand_text = render(candidate, eng.dialect, inline_params=True) if candidate is not None else None
            messages = build_messages(ex.question, self.slice_text(ex, candidate), examples,
                                      ctx.today.isoformat(), cand_text)
            output = backend.complete(messages)
        except (RevisionUnavailable, Nl2CypherError) as e:
            info["skipped"] = str(e)
            ans.notes.append(f"未进行 LLM 修订：{e}")
            return
        info.update({"backend": getattr(backend, "label", backend.name), "output": output,
                     "examples": [e.question for e in examples]})
        numbers = [m.number.value for m in ex.mentions if m.number] + \
                  [m.number.value / 1e4 for m in ex.mentions if m.number] + \
                  [m.number.value / 1e8 for m in ex.mentions if m.number]
        dates = [d.isoformat() for m in ex.mentions if m.time for d in (m.time.start, m.time.end) if d]
        cand_params = dict(candidate.params) if candidate is not None else {}
        validator = Validator(eng.schema, eng.store, ex.question, ans.cypher or "", cand_params, numbers, dates)
        verdict = validator.check(output)
        if not verdict.ok and self.repair and _repairable(verdict.refused):
            # one repair round: the model sees why its query was refused
            info["first_refusal"] = verdict.refused
            retry = messages + [{"role": "assistant", "content": output},
                                {"role": "user", "content": REPAIR.format(reason=verdict.refused)}]
            try:
                output = backend.complete(retry)
                info["repair_output"] = output
                verdict = validator.check(output)
            except (RevisionUnavailable, Nl2CypherError) as e:
                info["skipped"] = str(e)
        info["elapsed_ms"] = round((time.perf_counter() - t0) * 1000, 1)
        ans.trace.timings_ms["revision"] = info["elapsed_ms"]
        if not verdict.ok:
            info["refused"] = verdict.refused
            return
        info["fixes"] = verdict.fixes
        changed = verdict.query != ans.cypher
        info["accepted"] = True
        info["changed"] = changed
        ans.cypher, ans.params = verdict.query, verdict.params
        if changed:
            ans.notes.append("查询经 LLM 修订并通过校验")
