"""有多少只股票: the number of distinct members of the counted label (the label
word right after the count word, else the nearest before it, else the target);
涨停了几次 / 有几天: the number of dated rows that meet the conditions."""

from __future__ import annotations

from ..ir import Call, Column, Projection, QueryGraph, Whole

NAME = "count"


def applies(g: QueryGraph) -> bool:
    return g.has("count")


def lower(g: QueryGraph):
    cu = g.unit("count")
    rows = [x for x in g.slots if x.kind == "data" and g.schema.labels[x.label].day]
    if cu.params.get("of") == "rows" and rows:
        return g.candidate((g.pattern(), Projection((Column(Call("count", (Whole(rows[0].var),), distinct=True),
                                                             g.lang.say("columns.count")),))), NAME)
    labels = [x for x in g.slots if x.kind == "label"]
    after = [x for x in labels if 0 <= x.pos - cu.end <= 1]
    before = [x for x in labels if x.pos < cu.start]
    counted = after[0] if after else (max(before, key=lambda x: x.pos) if before else g.target)
    return g.candidate((g.pattern(), Projection((Column(Call("count", (Whole(counted.var),), distinct=True), g.lang.say("columns.count")),))),
                       NAME)
