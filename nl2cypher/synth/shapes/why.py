"""为什么涨/跌: the news items (the target the sentiment pass chose)."""

from __future__ import annotations

from ..ir import Column, Projection, QueryGraph

NAME = "list"


def applies(g: QueryGraph) -> bool:
    return g.has("why")


def lower(g: QueryGraph):
    return g.candidate((g.pattern(), Projection((Column(*g.name_of(g.target)),), True)), NAME)
