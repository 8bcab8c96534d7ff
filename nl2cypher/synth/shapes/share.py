"""博士学历的基金经理占全部基金经理的比例: how many things of a kind meet the conditions, out of
all things of that kind — the count, the whole and the share in per cent."""

from __future__ import annotations

from ..ir import Call, Column, Const, Op, Pattern, PathSpec, Projection, QueryGraph, Whole

NAME = "share"


def applies(g: QueryGraph) -> bool:
    # 暂停申购的 (a condition), 被基金持有的 (a link to other things): some of them, not all
    u = g.unit("share")
    return u is not None and u.params.get("of") != "groups" and bool(g.conds or g.links) and g.target.kind == "label"


def lower(g: QueryGraph):
    t, say = g.target, g.lang.say
    every = g.new_var(t.label)
    word = g.label_word(t.label)
    n = Call("count", (Whole(t.var),), distinct=True)
    whole = (Pattern((PathSpec(every, t.label),), ()),
             Projection((Column(Call("count", (Whole(every),), distinct=True), "total"),), carry=True))
    shown = Projection((Column(n, say("columns.count")), Column(Whole("total"), say("columns.share_total", label=word)),
                        Column(Op("/", Op("*", n, Const(100.0)), Whole("total")), say("columns.share", label=word))))
    return g.candidate(whole + (g.pattern(), shown), NAME)
