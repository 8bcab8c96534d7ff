"""Ladybug (Kùzu) Cypher: a node's label is `label(n)`, not `labels(n)`; a date's year is
`date_part('year', d)`, not `d.year`; a total over no rows is 0, as in openCypher (the store says NULL); a median is the middle of the sorted values; a MATCH's WHERE right after a WITH … LIMIT is written
as WITH * WHERE (the store applies a MATCH's condition before the LIMIT above it: the top
company's current chairman would become some other company's)."""

from __future__ import annotations

from dataclasses import replace

from ..ast import AGGREGATES, Func, Item, Lit, Match, Query, Return, With
from .base import Generator


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

    def median(self, x) -> str:
        """No percentileCont: the middle of the sorted values (1-based; the two middle ones'
        mean when there is an even number of them)."""
        xs, n = f"list_sort(collect({self.gen(x)}))", f"size(collect({self.gen(x)}))"
        return f"(list_extract({xs}, ({n} + 1) / 2) + list_extract({xs}, ({n} + 2) / 2)) / 2.0"

    def query(self, q: Query) -> str:
        out, limited = [], False
        for c in q.clauses:
            if isinstance(c, Match) and limited and not c.optional and c.where is not None:
                out.append(self.match(Match(c.paths)) + f" WITH * WHERE {self.gen(c.where)}")
            else:
                out.append(self.gen(c))
            limited = limited or isinstance(c, With) and c.limit is not None
        return " ".join(out)
