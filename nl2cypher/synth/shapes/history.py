"""历史最高价: the highest (lowest) value over all the entity's rows."""

from __future__ import annotations


from ..ir import Call, Column, Projection, QueryGraph
from .common import ask

NAME = "aggregate"


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    return a.history is not None and bool(a.shown) and bool(a.ents)


def lower(g: QueryGraph):
    a = ask(g)
    last = a.shown[-1]
    i = last.mention
    low = a.history.params.get("dir") == "asc" or (i is not None and g.lang.means_low(g.m[i].text))
    cols = [Column(*g.name_of(s)) for s in a.ents] + [Column(Call("min" if low else "max", (last.ref,)), g.lang.say("columns.history", value=last.alias))]
    return g.candidate((g.pattern(), Projection(tuple(cols))), NAME)
