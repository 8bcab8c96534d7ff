"""The base generator: prints a query AST as openCypher text. It dispatches on
the AST node's type (`Bin` -> `bin`, `Match` -> `match` ...); a dialect is a
subclass that overrides only the methods that differ, plus `REWRITES`, AST -> AST
functions applied before printing (after sqlglot's generator/transforms split).
The only place Cypher text is assembled: names come from the AST, values stay
parameters unless `inline_params` asks to show them (for a prompt to read)."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

from ..ast import (Bin, DateLit, Func, IsNull, Item, Lit, Match, Node, Not, Order, Param, Path, Prop, Query, Rel,
                   Return, Star, Var, With)

_IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*\Z")
PRECEDENCE = {"OR": 1, "AND": 2, "=": 4, "<>": 4, "<": 4, ">": 4, "<=": 4, ">=": 4, "STARTS WITH": 4,
              "ENDS WITH": 4, "CONTAINS": 4, "IN": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}
# the functions the engine names for a part of a date, rendered as each store reads a date
DATE_PARTS = {"year_of": "year", "month_of": "month"}
_METHOD = {Var: "var", Prop: "prop", Param: "param", Lit: "lit", DateLit: "datelit", Star: "star", Func: "func",
           Not: "not_", IsNull: "isnull", Bin: "bin", Node: "node", Rel: "rel", Path: "path", Match: "match",
           Item: "item", With: "with_", Return: "return_", Query: "query"}


class Generator:
    name = "cypher"
    FUNCTIONS: dict[str, str] = {"label": "labels"}  # the AST's function name -> this dialect's
    OPERATORS: dict[str, str] = {}  # the AST's operator -> this dialect's
    REWRITES: tuple[Callable[[Query], Query], ...] = ()
    READ_PROCEDURES: frozenset[str] = frozenset()  # what the guard lets CALL reach (lower case)

    def __init__(self, inline_params: dict[str, Any] | None = None):
        self.inline = inline_params

    # ---- entry points -----------------------------------------------------------
    @classmethod
    def settle(cls, text: str) -> str:
        """Query text written by hand, as this store must read it to mean what
        openCypher means; most stores read it unchanged."""
        return text

    def generate(self, q: Query) -> str:
        for rewrite in self.REWRITES:
            q = rewrite(q)
        return self.gen(q)

    def gen(self, node, parent: int = 0) -> str:
        try:
            method = getattr(self, _METHOD[type(node)])
        except KeyError:
            raise TypeError(f"cannot render {type(node).__name__}") from None
        return method(node, parent) if isinstance(node, Bin) else method(node)

    # ---- names and values ---------------------------------------------------------
    def ident(self, name: str) -> str:
        return name if _IDENT.match(name) else "`" + name.replace("`", "``") + "`"

    def literal(self, v) -> str:
        if v is None:
            return "null"
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v, ensure_ascii=False)
        if isinstance(v, (list, tuple)):
            return "[" + ", ".join(self.literal(x) for x in v) + "]"
        raise TypeError(f"no literal form for {type(v).__name__}")

    # ---- expressions -----------------------------------------------------------------
    def var(self, e: Var) -> str:
        return self.ident(e.name)

    def prop(self, e: Prop) -> str:
        return f"{self.ident(e.var)}.{self.ident(e.key)}"

    def param(self, e: Param) -> str:
        if self.inline is not None and e.name in self.inline:
            v = self.inline[e.name]
            return "[" + ", ".join(self.literal(x) for x in v) + "]" if isinstance(v, list) else self.literal(v)
        return "$" + e.name

    def lit(self, e: Lit) -> str:
        return self.literal(e.value)

    def datelit(self, e: DateLit) -> str:
        return f"date('{e.value.isoformat()}')"

    def star(self, e: Star) -> str:
        return "*"

    def func(self, f: Func) -> str:
        if f.name == "years_between":  # whole years from one date to another (成立多少年了)
            return self.years_between(*f.args)
        if f.name == "days_between":  # days from one date to another (上任多少天)
            return self.days_between(*f.args)
        if f.name in DATE_PARTS:  # a date's year, its month (各月涨停次数: rows grouped by month)
            return self.date_part(f.args[0], DATE_PARTS[f.name])
        if f.name == "median":  # 中位数: no store has one name for it
            return self.median(f.args[0])
        if f.name == "year_month_of":  # a month over several years, as one number (202403)
            return f"({self.date_part(f.args[0], 'year')} * 100 + {self.date_part(f.args[0], 'month')})"
        args = ", ".join(self.gen(a) for a in f.args)
        return f"{self.FUNCTIONS.get(f.name, f.name)}({'DISTINCT ' if f.distinct else ''}{args})"

    def median(self, x) -> str:
        return f"percentileCont({self.gen(x)}, 0.5)"

    def years_between(self, a, b) -> str:
        """Whole years from date a to date b: the dates as numbers YYYYMMDD, their difference
        in whole 10,000s (integer division: 2024-03-15 less 2000-03-16 is 23 years)."""
        return f"({self._yyyymmdd(b)} - {self._yyyymmdd(a)}) / 10000"

    def days_between(self, a, b) -> str:
        return f"duration.inDays({self.gen(a)}, {self.gen(b)}).days"

    def _yyyymmdd(self, d) -> str:
        if isinstance(d, DateLit):
            return str(d.value.year * 10000 + d.value.month * 100 + d.value.day)
        return "(%s * 10000 + %s * 100 + %s)" % tuple(self.date_part(d, u) for u in ("year", "month", "day"))

    def date_part(self, d, unit: str) -> str:
        return f"{self.gen(d, 9)}.{unit}"

    def not_(self, e: Not) -> str:
        return f"NOT ({self.gen(e.expr)})"

    def isnull(self, e: IsNull) -> str:
        return f"{self.gen(e.expr, 9)} IS {'NOT ' if e.negated else ''}NULL"

    def bin(self, e: Bin, parent: int = 0) -> str:
        p = PRECEDENCE[e.op]
        text = f"{self.gen(e.left, p)} {self.OPERATORS.get(e.op, e.op)} {self.gen(e.right, p + 1)}"
        return f"({text})" if p < parent else text

    # ---- patterns ------------------------------------------------------------------------
    def node(self, n: Node) -> str:
        inner = self.ident(n.var) if n.var else ""
        if n.label:
            inner += ":" + self.ident(n.label)
        return f"({inner})"

    def hops(self, r: Rel) -> str:
        if r.min_hops is None and r.max_hops is None:
            return ""
        return f"*{r.min_hops or 1}..{r.max_hops or ''}"

    def rel(self, r: Rel) -> str:
        inner = (self.ident(r.var) if r.var else "") + ":" + self.ident(r.type) + self.hops(r)
        if r.forward is None:  # either way (as a revision wrote it)
            return f"-[{inner}]-"
        return f"-[{inner}]->" if r.forward else f"<-[{inner}]-"

    def path(self, p: Path) -> str:
        return self.gen(p.start) + "".join(self.gen(r) + self.gen(n) for r, n in p.steps)

    # ---- clauses ---------------------------------------------------------------------------
    def match(self, c: Match) -> str:
        text = ("OPTIONAL MATCH " if c.optional else "MATCH ") + ", ".join(self.gen(p) for p in c.paths)
        return text + (f" WHERE {self.gen(c.where)}" if c.where is not None else "")

    def item(self, i: Item) -> str:
        text = self.gen(i.expr)
        return f"{text} AS {self.ident(i.alias)}" if i.alias else text

    def order(self, os: tuple[Order, ...]) -> str:
        return " ORDER BY " + ", ".join(self.gen(o.expr) + (" DESC" if o.desc else "") for o in os) if os else ""

    def projection(self, head: str, c: With | Return) -> str:
        text = head + ("DISTINCT " if c.distinct else "") + ", ".join(self.gen(i) for i in c.items)
        text += self.order(c.order)
        if c.skip:
            text += f" SKIP {int(c.skip)}"
        if c.limit is not None:
            text += f" LIMIT {int(c.limit)}"
        return text

    def with_(self, c: With) -> str:
        return self.projection("WITH ", c) + (f" WHERE {self.gen(c.where)}" if c.where is not None else "")

    def return_(self, c: Return) -> str:
        return self.projection("RETURN ", c)

    def query(self, q: Query) -> str:
        return " ".join(self.gen(c) for c in q.clauses)
