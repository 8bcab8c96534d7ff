"""贵州茅台今天涨停了吗: whether any row satisfies the conditions."""

from __future__ import annotations

from ..ir import Call, Column, Const, Op, Projection, QueryGraph, Rows

NAME = "yesno"


def applies(g: QueryGraph) -> bool:
    return g.has("yesno") and bool(g.conds or len(g.slots) > 1)


def lower(g: QueryGraph):
    return g.candidate((g.pattern(), Projection((Column(Op(">", Call("count", (Rows(),)), Const(0)), g.lang.say("columns.yesno")),))), NAME)
