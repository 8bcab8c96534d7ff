"""和贵州茅台同一省份的股票: members with the same value of a property as the
entity, the entity itself left out (or how many, when counted)."""

from __future__ import annotations

from ..ir import Call, Column, Op, Pattern, PathSpec, Projection, QueryGraph, Ref, Whole
from .common import reference_entity

NAME = "list"


def applies(g: QueryGraph) -> bool:
    return g.has("same_prop")


def lower(g: QueryGraph):
    target = g.target
    u = g.unit("same_prop")
    pm = g.m[u.ref("prop")]
    ref_ent = reference_entity(g, u)
    prop = next((t.split(".")[1] for t in pm.targets if t.split(".")[0] == ref_ent.label), None)
    if prop is None or ref_ent.label != target.label:
        return None
    e = g.new_var(ref_ent.label)
    disp = g.schema.labels[target.label].display
    main = g.pattern()
    conds = main.conds + (Op("=", Ref(e, disp), g.param(ref_ent.name)), Op("=", Ref(target.var, prop), Ref(e, prop)),
                          Op("<>", Ref(target.var, disp), Ref(e, disp)))
    pdef = g.schema.labels[target.label].property(prop)
    answer = NAME
    if g.has("count"):
        ret, answer = Projection((Column(Call("count", (Whole(target.var),), distinct=True),
                                         g.lang.say("columns.count")),)), "count"
    else:
        ret = Projection((Column(*g.name_of(target)), Column(Ref(target.var, prop), pdef.description or prop)), True)
    return g.candidate((Pattern(main.paths + (PathSpec(e, ref_ent.label),), conds), ret), answer)
