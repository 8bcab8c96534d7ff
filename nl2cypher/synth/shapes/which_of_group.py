"""茅台和五粮液哪个收盘价高: the members of the group ranked by the value, the highest
(lowest) first — all of them where the language pack says users expect each one's figure, else
the one; a figure asked for a longer period (全年净利润) is each member's total over it."""

from __future__ import annotations

from ..ir import Call, Column, Projection, QueryGraph, Sort
from .common import aggregate_word, ask, asked, period_total, the_one

NAME = "ranking"


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    return a.which is not None and a.group is not None and bool(a.shown)


def lower(g: QueryGraph):
    a = ask(g)
    last = a.shown[-1]
    name = g.name_of(a.group)
    value, alias = last.ref, last.alias
    total = period_total(g, a.shown)
    if total:  # 2023年全年净利润谁高: each one's year (the sum of its quarters), not its best quarter
        value, alias = Call(total, (last.ref,)), aggregate_word(g, total, last.alias)
    desc = (a.which.params.get("dir", "desc") == "desc") != g.flipped(last.ref)  # 哪个跌得多: the lower change
    order = (Sort(value, desc), Sort(name[0]))
    limit = None if asked(g, "each") else the_one(g)  # 分别是多少，哪家更高: every one's, the higher first
    return g.candidate((g.pattern(), Projection((Column(*name), Column(value, alias)), order=order, limit=limit)), NAME)
