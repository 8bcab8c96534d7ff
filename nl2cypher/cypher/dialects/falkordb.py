"""FalkorDB's openCypher (4.x). It lacks `=~`, `EXISTS {}` subqueries and `:A|B`,
which the engine never writes, and names outside ASCII are back-quoted already;
what differs is its planner: a pattern starts from the node with the most
filters, not from the one an index finds. `anchor_named` starts it from the named
entities (a stock's five days: every day's rows scanned, 125 ms at 10× size, or
the stock found by name, 0.5 ms). The cross-store test (tests/test_falkordb.py)
runs the dev and real-style sets on a live server against Ladybug's answers."""

from __future__ import annotations

from ..ast import Bin, Item, Match, Node, Param, Path, Prop, Query, Var, With
from .base import Generator


def anchor_named(q: Query) -> Query:
    """MATCH <pattern> WHERE s.name = $p AND <rest>  →  MATCH (s:stock) WHERE
    s.name = $p WITH s MATCH <pattern> WHERE <rest>: the same rows, found from s."""
    first = q.clauses[0] if q.clauses else None
    if not isinstance(first, Match) or first.optional or first.where is None:
        return q
    parts = _conjuncts(first.where)
    named = [e for e in parts if isinstance(e, Bin) and e.op in ("=", "IN") and isinstance(e.left, Prop)
             and isinstance(e.right, Param)]
    labels = {n.var: n.label for p in first.paths for n in (p.start, *(n for _, n in p.steps)) if n.var and n.label}
    anchors = [v for v in dict.fromkeys(e.left.var for e in named) if v in labels]
    if not anchors or len(labels) == len(anchors):
        return q  # nothing named, or nothing but the named: already found by the index
    named = [e for e in named if e.left.var in anchors]
    rest = [e for e in parts if e not in named]
    head = (Match(tuple(Path(Node(v, labels[v])) for v in anchors), _and(named)),
            With(tuple(Item(Var(v)) for v in anchors)), Match(first.paths, _and(rest)))
    return Query(head + tuple(q.clauses[1:]), q.params)


def _conjuncts(e) -> list:
    return _conjuncts(e.left) + _conjuncts(e.right) if isinstance(e, Bin) and e.op == "AND" else [e]


def _and(parts: list):
    out = None
    for p in parts:
        out = p if out is None else Bin("AND", out, p)
    return out


class FalkorDB(Generator):
    name = "falkordb"
    REWRITES = (anchor_named,)
    READ_PROCEDURES = frozenset({"db.labels", "db.relationshiptypes", "db.propertykeys", "db.indexes",
                                 "db.meta.stats"})
