"""五粮液和泸州老窖的收盘价相差多少: max − min of the value over the group."""

from __future__ import annotations

from ..ir import Call, Column, Op, Projection, QueryGraph
from .common import ask

NAME = "difference"


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    return g.has("difference") and a.group is not None and bool(a.shown)


def lower(g: QueryGraph):
    last = ask(g).shown[-1]
    diff = Op("-", Call("max", (last.ref,)), Call("min", (last.ref,)))
    return g.candidate((g.pattern(), Projection((Column(diff, g.lang.say("columns.difference", value=last.alias)),))), NAME)
