"""Cypher synthesis: mentions and units become candidate queries.

For each vector of named choices (行业 = board or industry, 收盘价 of a stock or a
board, which schema path), the passes of `passes.PASSES` build a query graph
(`ir.py`); the first answer shape of `shapes.SHAPES` that applies lowers it to a
Cypher AST (`lower.py`). Every distinct result is a candidate, with a prior that
prefers the trigger table's first alternatives."""

from __future__ import annotations

from ..cypher.dialects import render
from ..errors import CannotTranslate, LimitExceeded
from ..lexicon import Extraction
from ..packs import Packs
from ..units import Unit
from .choices import Choices, alternatives
from .ir import Candidate, Context, QueryGraph
from .passes import PASSES
from .shapes import shape

__all__ = ["Synthesizer", "Candidate", "Context", "CannotTranslate", "build"]

MAX_CANDIDATES = 8
MAX_ATTEMPTS = 40
MAX_ALTERNATIVES = 24
MAX_SLOTS = 12  # nodes in one query: a question that repeats itself must not become a 27-way join


def build(packs: Packs, ex: Extraction, units: list[Unit], ctx: Context, choices: Choices) -> Candidate:
    """One candidate under one vector of choices: every pass in order, then the shape."""
    g = QueryGraph(packs, ex, units, ctx, choices)
    for p in PASSES:
        p(g)
        if len(g.slots) > MAX_SLOTS:
            raise LimitExceeded(g.lang.say("errors.too_many_joins", slots=len(g.slots), limit=MAX_SLOTS))
    return shape(g)


class Synthesizer:
    def __init__(self, packs: Packs):
        self.packs, self.schema, self.lang = packs, packs.schema, packs.lang

    def candidates(self, ex: Extraction, units: list[Unit], ctx: Context) -> list[Candidate]:
        out: list[Candidate] = []
        seen: set[str] = set()
        queue: list[dict[str, int]] = [{}]
        tried = 0
        first_error: Exception | None = None
        while queue and len(out) < MAX_CANDIDATES and tried < MAX_ATTEMPTS:
            vector = queue.pop(0)
            tried += 1
            choices = Choices(vector)
            try:
                cand = build(self.packs, ex, units, ctx, choices)
            except CannotTranslate as e:
                first_error = first_error or e
                cand = None
            if tried == 1:  # the alternatives: every combination of the choice points the first run met
                queue.extend(alternatives(choices.points, MAX_ALTERNATIVES))
            if cand is None or cand.query.contradicts():  # 涨的…跌的 as one condition: no row meets it
                continue
            key = render(cand.query) + repr(sorted(cand.query.params.items()))
            if key in seen:
                continue
            seen.add(key)
            out.append(cand)
        if not out:
            raise first_error or CannotTranslate(self.lang.say("errors.no_query"))
        out.sort(key=lambda c: -c.prior)
        return out
