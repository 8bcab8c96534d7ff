"""NebulaGraph nGQL (3.x, its openCypher-compatible MATCH): labels are tags, and a
vertex property is read through its tag (`v.stock.name`, required since 3.0) while
an edge property stays `e.prop`; equality is `==`, inequality `!=`; a vertex's
labels are `tags(v)`; a variable-length edge must give its maximum length; ORDER
BY names a column of the projection (its alias), not an expression — the
`sort_by_alias` rewrite does that before printing.

No NebulaGraph server can run here: this generator is kept honest by
construction (it changes only what the nGQL manual says differs) and by the golden
tests in tests/test_dialects.py."""

from __future__ import annotations

from dataclasses import replace

from ..ast import Item, Match, Order, Prop, Query, Rel, Return, Var, With
from .base import Generator


def sort_by_alias(q: Query) -> Query:
    """ORDER BY <expr> -> ORDER BY <its column's alias>; a sort key that is not a
    column becomes one (`_sort1` …), since nGQL sorts only by column names."""
    clauses = []
    for c in q.clauses:
        if isinstance(c, (With, Return)) and c.order:
            items, order = list(c.items), []
            for o in c.order:
                k = next((j for j, i in enumerate(items) if i.expr == o.expr), None)
                if k is None:
                    items.append(Item(o.expr, f"_sort{len(order) + 1}"))
                    k = len(items) - 1
                elif items[k].alias is None:
                    if isinstance(items[k].expr, Var):
                        order.append(Order(items[k].expr, o.desc))
                        continue
                    items[k] = Item(items[k].expr, f"_sort{len(order) + 1}")
                order.append(Order(Var(items[k].alias), o.desc))
            c = replace(c, items=tuple(items), order=tuple(order))
        clauses.append(c)
    return Query(tuple(clauses), q.params)


class Nebula(Generator):
    name = "nebula"
    FUNCTIONS = {"label": "tags"}
    OPERATORS = {"=": "==", "<>": "!="}
    REWRITES = (sort_by_alias,)

    def generate(self, q: Query) -> str:
        # which tag each vertex variable has: a property is read through it
        self.tags: dict[str, str] = {}
        for c in q.clauses:
            if isinstance(c, Match):
                for p in c.paths:
                    for n in (p.start, *(n for _, n in p.steps)):
                        if n.var and n.label:
                            self.tags.setdefault(n.var, n.label)
            elif isinstance(c, With):
                # a WITH that renames a vertex keeps its tag under the new name
                for i in c.items:
                    if i.alias and isinstance(i.expr, Var) and i.expr.name in self.tags:
                        self.tags[i.alias] = self.tags[i.expr.name]
        return super().generate(q)

    def prop(self, e: Prop) -> str:
        tag = self.tags.get(e.var)
        if tag is None:  # an edge (or a projected value): no tag in between
            return super().prop(e)
        return f"{self.ident(e.var)}.{self.ident(tag)}.{self.ident(e.key)}"

    def hops(self, r: Rel) -> str:
        if (r.min_hops is not None or r.max_hops is not None) and r.max_hops is None:
            raise ValueError("nGQL needs a maximum length on a variable-length edge")
        return super().hops(r)
