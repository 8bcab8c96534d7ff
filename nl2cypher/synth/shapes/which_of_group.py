"""茅台和五粮液哪个收盘价高: the member of the group with the highest (lowest) value."""

from __future__ import annotations

from ..ir import Column, Projection, QueryGraph, Sort
from .common import ask

NAME = "ranking"


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    return a.which is not None and a.group is not None and bool(a.shown)


def lower(g: QueryGraph):
    a = ask(g)
    last = a.shown[-1]
    name = g.name_of(a.group)
    order = (Sort(last.ref, a.which.params.get("dir", "desc") == "desc"), Sort(name[0]))
    return g.candidate((g.pattern(), Projection((Column(*name), Column(last.ref, last.alias)), order=order, limit=1)),
                       NAME)
