"""The engine's own queries (the trading calendar, latest dates, the entity
dictionary, a store's counts), built as ASTs like every other query so each
dialect prints them its own way. Label and property names come from the caller
(the schema); nothing here knows a domain."""

from __future__ import annotations

from .ast import Func, IsNull, Item, Match, Node, Order, Path, Prop, Query, Rel, Return, Var

_N = "n"


def _all(label: str) -> Match:
    return Match((Path(Node(_N, label)),))


def distinct_values(label: str, prop: str, ordered: bool = True, skip_null: bool = False) -> Query:
    """MATCH (n:label) [WHERE n.prop IS NOT NULL] RETURN DISTINCT n.prop [ORDER BY n.prop]"""
    value = Prop(_N, prop)
    where = IsNull(value, negated=True) if skip_null else None
    return Query((Match((Path(Node(_N, label)),), where),
                  Return((Item(value),), distinct=True, order=(Order(value),) if ordered else ())))


def bounds(label: str, prop: str) -> Query:
    """MATCH (n:label) RETURN min(n.prop), max(n.prop)"""
    v = Prop(_N, prop)
    return Query((_all(label), Return((Item(Func("min", (v,))), Item(Func("max", (v,)))))))


def span(label: str, prop: str) -> Query:
    """MATCH (n:label) RETURN min(n.prop), max(n.prop), count(DISTINCT n.prop)"""
    v = Prop(_N, prop)
    return Query((_all(label), Return((Item(Func("min", (v,))), Item(Func("max", (v,))),
                                      Item(Func("count", (v,), distinct=True))))))


def properties(label: str, props: list[str]) -> Query:
    """MATCH (n:label) RETURN n.p1, n.p2, …"""
    return Query((_all(label), Return(tuple(Item(Prop(_N, p)) for p in props))))


def count_nodes(label: str) -> Query:
    """MATCH (n:label) RETURN count(n)"""
    return Query((_all(label), Return((Item(Func("count", (Var(_N),))),))))


def count_edges(edge: str) -> Query:
    """MATCH ()-[r:edge]->() RETURN count(r)"""
    return Query((Match((Path(Node(None), ((Rel(edge, True, "r"), Node(None)),)),)),
                  Return((Item(Func("count", (Var("r"),))),))))


def edge_values(source: str, edge: str, target: str, key: str, prop: str) -> Query:
    """MATCH (n:source)-[r:edge]->(:target) RETURN n.key, r.prop"""
    path = Path(Node(_N, source), ((Rel(edge, True, "r"), Node(None, target)),))
    return Query((Match((path,)), Return((Item(Prop(_N, key)), Item(Prop("r", prop))))))
