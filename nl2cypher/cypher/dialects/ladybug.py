"""Ladybug (Kùzu) Cypher: a node's label is `label(n)`, not `labels(n)`; a date's year is
`date_part('year', d)`, not `d.year`; a total over no rows is 0, as in openCypher (the store says NULL); a median is the middle of the sorted values; a MATCH's WHERE right after a WITH … LIMIT is written
as WITH * WHERE (the store applies a MATCH's condition before the LIMIT above it: the top
company's current chairman would become some other company's); a MATCH right after another is
written after a WITH * (the store loses rows there); text written by hand of either shape is
printed again the same way."""

from __future__ import annotations

from dataclasses import replace

import re

from ..ast import AGGREGATES, Func, Item, Lit, Match, Query, Return, With
from ..parse import Unsupported, parse
from .base import Generator

_TWO_MATCHES = re.compile(r"\bMATCH\b.*\bMATCH\b", re.I | re.S)


class Ladybug(Generator):
    name = "ladybug"
    FUNCTIONS = {"label": "label"}
    READ_PROCEDURES = frozenset({"show_tables", "table_info", "show_connection"})

    def date_part(self, d, unit: str) -> str:
        return f"date_part('{unit}', {self.gen(d)})"  # no d.year on a date

    def projection(self, head: str, c: With | Return) -> str:
        # a total over no rows is 0 (他管的基金合计持有宁德时代多少: none): only where nothing groups the
        # rows — a group's total always has rows — and only the column itself, not its sort
        if all(isinstance(i.expr, Func) and i.expr.name in AGGREGATES for i in c.items):
            c = replace(c, items=tuple(Item(Func("coalesce", (i.expr, Lit(0))), i.alias) if i.expr.name == "sum" else i
                                       for i in c.items))
        return super().projection(head, c)

    def days_between(self, a, b) -> str:
        return f"({self.gen(b, 6)} - {self.gen(a, 6)})"  # a date less a date is its days here

    def median(self, x) -> str:
        """No percentileCont: the middle of the sorted values (1-based; the two middle ones'
        mean when there is an even number of them)."""
        xs, n = f"list_sort(collect({self.gen(x)}))", f"size(collect({self.gen(x)}))"
        return f"(list_extract({xs}, ({n} + 1) / 2) + list_extract({xs}, ({n} + 2) / 2)) / 2.0"

    @classmethod
    def settle(cls, text: str) -> str:
        # text written by hand (a gold, the `cypher` command) meets the same store: printed
        # again when it has either shape below and the one parser reads it
        if not _TWO_MATCHES.search(text):
            return text
        try:
            q = parse(text)
        except Unsupported:
            return text
        return cls().generate(q) if any(_after_limit(q)) or any(_right_after_match(q)) else text

    def query(self, q: Query) -> str:
        out = []
        for c, late, joined in zip(q.clauses, _after_limit(q), _right_after_match(q)):
            text = self.match(Match(c.paths)) + f" WITH * WHERE {self.gen(c.where)}" if late else self.gen(c)
            out.append("WITH * " + text if joined else text)
        return " ".join(out)


def _right_after_match(q: Query) -> list[bool]:
    """Per clause: a MATCH right after another MATCH — the store loses rows there (a company's
    revenue, then its net income: none), not with a WITH between."""
    return [k > 0 and isinstance(c, Match) and not c.optional and isinstance(q.clauses[k - 1], Match)
            for k, c in enumerate(q.clauses)]


def _after_limit(q: Query) -> list[bool]:
    """Per clause: a MATCH whose condition the store would apply before an earlier LIMIT."""
    out, limited = [], False
    for c in q.clauses:
        out.append(isinstance(c, Match) and limited and not c.optional and c.where is not None)
        limited = limited or isinstance(c, With) and c.limit is not None
    return out
