"""涨幅前十的股票 / 收盘价最高的板块 / 按成交量排序: members ordered by a value
(a fall word such as 跌幅 sorts the other way), top k, the top one, or all."""

from __future__ import annotations

from ...errors import CannotTranslate
from ..ir import Column, Projection, QueryGraph, Sort
from .common import ask, rank_limit

NAME = "ranking"


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    return (a.extreme is not None or a.topk is not None or a.ordering is not None) and bool(a.shown)


def lower(g: QueryGraph):
    a = ask(g)
    unit = a.topk or a.extreme or a.ordering
    if g.target.kind == "entity" and len(g.target.names) == 1 and g.single_day is not None:
        # 银行板块今天涨幅倒数三名: one named thing on one day has one row to rank —
        # this reading is wrong (its members are meant); let the other choices answer
        raise CannotTranslate(g.lang.say("errors.no_query"))
    before = [x for x in a.shown if x.mention is not None and g.pos(x.mention) <= unit.start]
    ranked = before[-1] if before else a.shown[0]  # the property nearest before the unit, else the first
    direction = unit.params.get("dir", "desc")
    if unit.params.get("neutral") and a.ordering is not None:
        direction = a.ordering.params.get("dir", direction)  # 从小到大排，前5: the first five of that order
    desc = (direction == "desc") != g.flipped(ranked.ref)  # 跌幅最大: ascending
    limit = rank_limit(g, a)
    name = g.name_of(g.target)
    cols = [Column(*name)] + [Column(x.ref, x.alias) for x in a.shown if x.ref != ranked.ref] + [Column(ranked.ref, ranked.alias)]
    order = (Sort(ranked.ref, desc), Sort(name[0]))  # ties broken by name: stable answers
    return g.candidate((g.pattern(), Projection(tuple(cols), order=order, limit=limit)), NAME)
