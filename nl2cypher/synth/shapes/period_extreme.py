"""贵州茅台近5日最高的收盘价: the max (min) of one entity's value over a period —
of its own daily rows, or asked which day (哪一天成交量最大, 出现在哪天), that day's
row: the day and the value."""

from __future__ import annotations

from ..ir import Call, Column, Projection, QueryGraph
from .common import aggregate_word, ask, asks_which_day, one_things_rows, the_day_of

NAME = "aggregate"


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    return (a.extreme is not None and bool(a.shown) and bool(a.ents) and not any(s.kind == "label" for s in g.slots)
            and bool(a.data_slots) and g.day_range)


def lower(g: QueryGraph):
    a = ask(g)
    last = a.shown[-1]
    desc = (a.extreme.params.get("dir") == "desc") != g.flipped(last.ref)  # 哪天跌得最多: the lowest change
    if asks_which_day(g) or one_things_rows(g, a, last):
        return the_day_of(g, a, last, desc, NAME)
    fn = "max" if desc else "min"
    word = aggregate_word(g, fn, last.alias)
    cols = [Column(*g.name_of(s)) for s in a.ents] + [Column(Call(fn, (last.ref,)), word)]
    return g.candidate((g.pattern(), Projection(tuple(cols))), NAME)
