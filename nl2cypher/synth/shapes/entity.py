"""介绍一下贵州茅台: the entity's node with all its properties — unless the
question names another kind of thing to show (介绍一下它的董事长: the chairman)."""

from __future__ import annotations

from ..ir import Column, Projection, QueryGraph, Whole
from .common import ask, quoted

NAME = "entity"


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    return g.has("info") and bool(a.ents) and not a.shown and g.target.kind == "entity"


def lower(g: QueryGraph):
    ents = ask(g).ents
    cols = tuple(Column(Whole(s.var)) for s in ents)
    if len(ents) == 1 and len(ents[0].names) == 1:  # 茅台怎么样: all it has, and its latest day
        return g.candidate(quoted(g, ents[0], cols), NAME)
    return g.candidate((g.pattern(), Projection(cols)), NAME)
