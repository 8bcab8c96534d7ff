"""A small Cypher AST: what the synthesiser builds and the renderer prints.
Values from a question enter only as Param nodes (query parameters)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Union

__all__ = [
    "Expr", "Var", "Prop", "Param", "Lit", "DateLit", "Func", "Bin", "Not", "IsNull", "Star",
    "Node", "Rel", "Path", "Match", "Item", "Order", "With", "Return", "Query", "and_all", "conjuncts", "nodes",
    "transform",
]


@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class Prop:
    var: str
    key: str


@dataclass(frozen=True)
class Param:
    name: str


@dataclass(frozen=True)
class Lit:
    """A literal the engine itself chose (a number from a template, true/false,
    a default k) — never text copied from the question."""

    value: Any


@dataclass(frozen=True)
class DateLit:
    """A date resolved in Python from a time expression, rendered as date('…')."""

    value: dt.date


AGGREGATES = frozenset({"count", "sum", "avg", "min", "max", "collect"})  # the functions that fold rows into one


@dataclass(frozen=True)
class Func:
    name: str
    args: tuple = ()
    distinct: bool = False


@dataclass(frozen=True)
class Bin:
    op: str  # = <> < > <= >= + - * / AND OR "STARTS WITH" "ENDS WITH" CONTAINS IN
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class Not:
    expr: "Expr"


@dataclass(frozen=True)
class IsNull:
    expr: "Expr"
    negated: bool = False


@dataclass(frozen=True)
class Star:
    """count(*)."""


Expr = Union[Var, Prop, Param, Lit, DateLit, Func, Bin, Not, IsNull, Star]


def and_all(exprs: list[Expr]) -> Expr | None:
    out = None
    for e in exprs:
        out = e if out is None else Bin("AND", out, e)
    return out


@dataclass(frozen=True)
class Node:
    var: str | None
    label: str | None = None


@dataclass(frozen=True)
class Rel:
    type: str
    forward: bool | None = True  # (a)-[:t]->(b) when True, (a)<-[:t]-(b) when False, either way when None
    var: str | None = None
    min_hops: int | None = None  # variable length when set
    max_hops: int | None = None


@dataclass(frozen=True)
class Path:
    """node (rel node)*"""

    start: Node
    steps: tuple[tuple[Rel, Node], ...] = ()


@dataclass(frozen=True)
class Match:
    paths: tuple[Path, ...]
    where: Expr | None = None
    optional: bool = False


@dataclass(frozen=True)
class Item:
    expr: Expr
    alias: str | None = None


@dataclass(frozen=True)
class Order:
    expr: Expr
    desc: bool = False


@dataclass(frozen=True)
class With:
    items: tuple[Item, ...]
    distinct: bool = False
    where: Expr | None = None
    order: tuple[Order, ...] = ()
    limit: int | None = None
    skip: int | None = None  # the rows passed over before the ones kept (the second largest: SKIP 1 LIMIT 1)


@dataclass(frozen=True)
class Return:
    items: tuple[Item, ...]
    distinct: bool = False
    order: tuple[Order, ...] = ()
    limit: int | None = None
    skip: int | None = None


@dataclass(frozen=True)
class Query:
    clauses: tuple
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def labels(self) -> set[str]:
        out = set()
        for c in self.clauses:
            if isinstance(c, Match):
                for p in c.paths:
                    for n in (p.start, *(s[1] for s in p.steps)):
                        if n.label:
                            out.add(n.label)
        return out

    def param_names(self) -> set[str]:
        """Parameters the query text refers to."""
        return {x.name for x in nodes(self.clauses) if isinstance(x, Param)}

    def rel_types(self) -> set[str]:
        return {r.type for c in self.clauses if isinstance(c, Match) for p in c.paths for r, _ in p.steps}

    def listed(self) -> str | None:
        """The label of the things in the answer's first column (s.name → stock), if a node's;
        of the things counted, when it counts them (count(DISTINCT s) → stock)."""
        ret = next((c for c in reversed(self.clauses) if isinstance(c, Return)), None)
        first = ret.items[0].expr if ret is not None and ret.items else None
        if isinstance(first, Func) and first.name.lower() == "count" and len(first.args) == 1:
            first = first.args[0]
        var = first.var if isinstance(first, Prop) else first.name if isinstance(first, Var) else None
        for x in nodes(self.clauses):
            if isinstance(x, Node) and x.var == var and x.label:
                return x.label
        return None

    def ranks_all(self) -> bool:
        """Are all the rows shown, ordered by a figure (not by the names they list)? With a
        superlative asked, the first row is the one it asked for."""
        ret = next((c for c in reversed(self.clauses) if isinstance(c, Return)), None)
        if ret is None or not ret.order or ret.limit is not None or not ret.items:
            return False
        return ret.order[0].expr != ret.items[0].expr

    def named_rows(self) -> list:
        """The names or values the answer's first column was asked for (s.province IN $p0,
        no LIMIT): each should have a row of its own."""
        ret = next((c for c in reversed(self.clauses) if isinstance(c, Return)), None)
        first = ret.items[0].expr if ret is not None and ret.items else None
        if not isinstance(first, Prop) or ret.limit is not None:
            return []
        for c in self.clauses:
            for x in conjuncts(c.where if isinstance(c, (Match, With)) else None):
                if isinstance(x, Bin) and x.op.upper() == "IN" and x.left == first and isinstance(x.right, Param):
                    value = self.params.get(x.right.name)
                    return list(value) if isinstance(value, (list, tuple)) else []
        return []

    def contradicts(self) -> bool:
        """Do the conditions of one WHERE exclude every row (涨幅 > 0 AND 涨幅 < 0,
        two different values for one property)? Such a query answers nothing asked."""
        for c in self.clauses:
            where = c.where if isinstance(c, (Match, With)) else None
            bounds: dict[Prop, list[tuple[str, Any]]] = {}
            pairs: dict[tuple, set[str]] = {}  # 收阳…收阴: one property against another, both ways
            for x in conjuncts(where):
                if isinstance(x, Bin) and isinstance(x.left, Prop) and isinstance(x.right, Prop) and x.op in _BOUNDS:
                    a, b, op = (x.left, x.right, x.op) if repr(x.left) <= repr(x.right) else (x.right, x.left, _FLIP[x.op])
                    pairs.setdefault((a, b), set()).add(op)
                elif isinstance(x, Bin) and isinstance(x.left, Prop) and x.op in _BOUNDS:
                    value = self.params.get(x.right.name) if isinstance(x.right, Param) else getattr(x.right, "value", None)
                    if value is not None and not isinstance(value, (list, tuple, dict)):
                        bounds.setdefault(x.left, []).append((x.op, value))
            if any(_excluded(b) for b in bounds.values()) or any(_apart(ops) for ops in pairs.values()):
                return True
        return False


_BOUNDS = ("=", "<", "<=", ">", ">=")
_FLIP = {"=": "=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _apart(ops: set[str]) -> bool:
    """Can one pair of values meet every one of these comparisons?"""
    return any(o in ops for op in ops for o in _CLASH.get(op, ()))


_CLASH = {">": ("<", "<=", "="), "<": (">", ">=", "="), "=": ("<", ">")}


def conjuncts(e):
    """The parts of an AND chain (one part: itself; None: none)."""
    if isinstance(e, Bin) and e.op == "AND":
        yield from conjuncts(e.left)
        yield from conjuncts(e.right)
    elif e is not None:
        yield e


def _excluded(bounds: list[tuple[str, Any]]) -> bool:
    """No value meets every bound (values of one comparable kind only)."""
    try:
        eq = {v for op, v in bounds if op == "="}
        lo = [(v, op == ">") for op, v in bounds if op in (">", ">=")]
        hi = [(v, op == "<") for op, v in bounds if op in ("<", "<=")]
        if len(eq) > 1:
            return True
        for v in eq:
            lo.append((v, False))
            hi.append((v, False))
        if lo and hi:
            (a, strict_a), (b, strict_b) = max(lo, key=lambda t: (t[0], t[1])), min(hi, key=lambda t: (t[0], not t[1]))
            return a > b or (a == b and (strict_a or strict_b))
    except TypeError:  # a date against a number: not ours to judge
        return False
    return False


_FIELDS: dict[type, tuple[str, ...]] = {}  # a node class's fields, read once


def nodes(x):
    """Every node below x (a clause, an expression, a tuple of them), x first, in order."""
    stack = [x]
    while stack:
        x = stack.pop()
        yield x
        if isinstance(x, (list, tuple)):
            stack.extend(reversed(x))
            continue
        fields = _FIELDS.get(type(x))
        if fields is None:
            dc = hasattr(x, "__dataclass_fields__") and not isinstance(x, type)
            fields = _FIELDS[type(x)] = tuple(reversed(tuple(x.__dataclass_fields__))) if dc else ()
        stack.extend(getattr(x, f) for f in fields)


def transform(x, fn):
    """x rebuilt bottom-up with fn applied to every node (fn returns the node
    itself to keep it); a Query keeps its parameters."""
    if isinstance(x, tuple):
        return tuple(transform(y, fn) for y in x)
    if hasattr(x, "__dataclass_fields__") and not isinstance(x, type):
        changed = {f: transform(getattr(x, f), fn) for f in x.__dataclass_fields__ if f != "params"}
        x = type(x)(**changed, **({"params": x.params} if isinstance(x, Query) else {}))
    return fn(x)
