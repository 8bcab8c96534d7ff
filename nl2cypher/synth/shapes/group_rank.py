"""英可瑞涨跌幅行业排名: the entity's place within its group (board) on a day:
1 + the members of its group with a higher value."""

from __future__ import annotations

from ..ir import Call, Column, Const, Day, Op, Pattern, PathSpec, Projection, QueryGraph, Ref, Step, Whole
from .common import data_prop

NAME = "rank"


def applies(g: QueryGraph) -> bool:
    return g.has("rank_in_group")


def lower(g: QueryGraph):
    a, ent = data_prop(g), g.entity()
    if a is None or ent is None or not g.schema.labels[a.owner.label].dynamic:
        return None
    owner, prop = a.owner, a.prop
    u = g.unit("rank_in_group")
    words = g.m[u.ref("label")].targets if u.ref("label") is not None else ()
    hops = [h for lab in words for h in g.schema.edges_between(ent.label, lab) if h.forward]
    if not hops:
        return None
    group, group_edge = hops[0].dst, hops[0].edge
    gv, o, od = g.new_var(group), g.new_var(ent.label), g.new_var(owner.label)
    hop = g.schema.shortest_paths(ent.label, owner.label)[0].hops[0]
    day = g.single_day
    name = Ref(ent.var, g.schema.labels[ent.label].display)
    conds = [Op("=", name, g.param(ent.names[0]))]
    if day:
        conds.append(Op("=", g.day(owner.var, owner.label), Day(day)))
    # the entity's own value, then OPTIONAL MATCH the members of its group above it
    base = Pattern((PathSpec(ent.var, ent.label, (Step(hop.edge, hop.forward, owner.var, owner.label),)),
                    PathSpec(ent.var, ent.label, (Step(group_edge, True, gv, group),))), tuple(conds))
    above = Pattern((PathSpec(gv, group, (Step(group_edge, False, o, ent.label),
                                          Step(hop.edge, hop.forward, od, owner.label))),),
                    tuple(([Op("=", g.day(od, owner.label), Day(day))] if day else [])
                          + [Op(">", Ref(od, prop), Ref(owner.var, prop))]), optional=True)
    group_word = g.label_word(group)
    rank = Op("+", Call("count", (Whole(o),), distinct=True), Const(1))
    ret = Projection((Column(name, g.label_word(ent.label)), Column(Ref(gv, g.schema.labels[group].display), group_word),
                      Column(Ref(owner.var, prop), prop), Column(rank, g.lang.say("columns.rank_in_group", group=group_word))))
    return g.candidate((base, above, ret), NAME)
