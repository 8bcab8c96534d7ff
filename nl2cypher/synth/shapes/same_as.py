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
    units = g.units_of("same_prop")
    first = next((u for u in units if u.ref("ent") is not None), None)
    if first is None:
        return None
    ref_ent = reference_entity(g, first)
    props = []  # 同学历同性别: each property said the same
    for u in units:
        prop = next((t.split(".")[1] for t in g.m[u.ref("prop")].targets if t.split(".")[0] == ref_ent.label), None)
        if prop is not None and prop not in props:
            props.append(prop)
    if not props or ref_ent.label != target.label:
        return None
    e = g.new_var(ref_ent.label)
    disp = g.schema.labels[target.label].display
    main = g.pattern()
    conds = main.conds + (Op("=", Ref(e, disp), g.param(ref_ent.name)),) + tuple(
        Op("=", Ref(target.var, p), Ref(e, p)) for p in props) + (Op("<>", Ref(target.var, disp), Ref(e, disp)),)
    answer = NAME
    if g.has("count"):
        ret, answer = Projection((Column(Call("count", (Whole(target.var),), distinct=True),
                                         g.lang.say("columns.count")),)), "count"
    else:
        shown = [(p, g.schema.labels[target.label].property(p)) for p in props]
        ret = Projection((Column(*g.name_of(target)),) + tuple(Column(Ref(target.var, p), pdef.description or p)
                                                               for p, pdef in shown), True)
    return g.candidate((Pattern(main.paths + (PathSpec(e, ref_ent.label),), conds), ret), answer)
