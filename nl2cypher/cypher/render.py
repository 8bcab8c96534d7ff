"""Render a query AST as text for one dialect. The only place Cypher text is
assembled; names come from the schema, values stay parameters."""

from __future__ import annotations

import json
import re

from .ast import (Bin, DateLit, Func, IsNull, Item, Lit, Match, Node, Not, Order, Param, Path, Prop, Query,
                  Rel, Return, Star, Var, With)

_IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*\Z")
_PRECEDENCE = {"OR": 1, "AND": 2, "=": 4, "<>": 4, "<": 4, ">": 4, "<=": 4, ">=": 4, "STARTS WITH": 4,
               "ENDS WITH": 4, "CONTAINS": 4, "IN": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}


class Dialect:
    name = "cypher"
    label_func = "labels"
    params: dict | None = None  # set: parameters are shown inline (for prompts, never for execution)

    def ident(self, name: str) -> str:
        return name if _IDENT.match(name) else "`" + name.replace("`", "``") + "`"

    def func(self, f: Func) -> str:
        name = f.name
        if name == "label":
            name = self.label_func
        args = ", ".join(self.expr(a) for a in f.args)
        return f"{name}({'DISTINCT ' if f.distinct else ''}{args})"

    def literal(self, v) -> str:
        if v is None:
            return "null"
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v, ensure_ascii=False)
        raise TypeError(f"no literal form for {type(v).__name__}")

    def expr(self, e, parent: int = 0) -> str:
        if isinstance(e, Var):
            return self.ident(e.name)
        if isinstance(e, Prop):
            return f"{self.ident(e.var)}.{self.ident(e.key)}"
        if isinstance(e, Param):
            if self.params is not None and e.name in self.params:
                v = self.params[e.name]
                return "[" + ", ".join(self.literal(x) for x in v) + "]" if isinstance(v, list) else self.literal(v)
            return "$" + e.name
        if isinstance(e, Lit):
            return self.literal(e.value)
        if isinstance(e, DateLit):
            return f"date('{e.value.isoformat()}')"
        if isinstance(e, Star):
            return "*"
        if isinstance(e, Func):
            return self.func(e)
        if isinstance(e, Not):
            return f"NOT ({self.expr(e.expr)})"
        if isinstance(e, IsNull):
            return f"{self.expr(e.expr, 9)} IS {'NOT ' if e.negated else ''}NULL"
        if isinstance(e, Bin):
            p = _PRECEDENCE[e.op]
            text = f"{self.expr(e.left, p)} {e.op} {self.expr(e.right, p + 1)}"
            return f"({text})" if p < parent else text
        raise TypeError(f"cannot render {type(e).__name__}")

    def node(self, n: Node) -> str:
        inner = self.ident(n.var) if n.var else ""
        if n.label:
            inner += ":" + self.ident(n.label)
        return f"({inner})"

    def rel(self, r: Rel) -> str:
        inner = (self.ident(r.var) if r.var else "") + ":" + self.ident(r.type)
        if r.min_hops is not None or r.max_hops is not None:
            inner += f"*{r.min_hops or 1}..{r.max_hops or ''}"
        return f"-[{inner}]->" if r.forward else f"<-[{inner}]-"

    def path(self, p: Path) -> str:
        return self.node(p.start) + "".join(self.rel(r) + self.node(n) for r, n in p.steps)

    def item(self, i: Item) -> str:
        text = self.expr(i.expr)
        return f"{text} AS {self.ident(i.alias)}" if i.alias else text

    def order(self, os: tuple[Order, ...]) -> str:
        return " ORDER BY " + ", ".join(self.expr(o.expr) + (" DESC" if o.desc else "") for o in os) if os else ""

    def clause(self, c) -> str:
        if isinstance(c, Match):
            text = ("OPTIONAL MATCH " if c.optional else "MATCH ") + ", ".join(self.path(p) for p in c.paths)
            return text + (f" WHERE {self.expr(c.where)}" if c.where is not None else "")
        if isinstance(c, (With, Return)):
            head = "WITH " if isinstance(c, With) else "RETURN "
            text = head + ("DISTINCT " if c.distinct else "") + ", ".join(self.item(i) for i in c.items)
            text += self.order(c.order)
            if c.limit is not None:
                text += f" LIMIT {int(c.limit)}"
            if isinstance(c, With) and c.where is not None:
                text += f" WHERE {self.expr(c.where)}"
            return text
        raise TypeError(f"cannot render clause {type(c).__name__}")

    def query(self, q: Query) -> str:
        return " ".join(self.clause(c) for c in q.clauses)


class Neo4jDialect(Dialect):
    name = "neo4j"
    label_func = "labels"


class LadybugDialect(Dialect):
    name = "ladybug"
    label_func = "label"


DIALECTS = {d.name: d() for d in (Neo4jDialect, LadybugDialect)}


def render(q: Query, dialect: str = "neo4j", inline_params: bool = False) -> str:
    """Cypher text for one dialect. `inline_params` shows parameter values as
    literals, for a prompt to read; queries that run always keep parameters."""
    try:
        base = DIALECTS[dialect]
    except KeyError:
        raise ValueError(f"unknown dialect {dialect!r}: {', '.join(DIALECTS)}") from None
    if not inline_params:
        return base.query(q)
    d = type(base)()
    d.params = q.params
    return d.query(q)
