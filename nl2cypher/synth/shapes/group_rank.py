"""英可瑞涨跌幅行业排名: the entity's place within its group (board) on a day:
1 + the members of its group with a higher value."""

from __future__ import annotations

from ..ir import Call, Column, Const, Day, Op, Pattern, PathSpec, Projection, QueryGraph, Ref, Step, Whole
from .common import data_prop

NAME = "rank"


def applies(g: QueryGraph) -> bool:
    return g.has("rank_in_group")


def lower(g: QueryGraph):
    a, u = data_prop(g), g.unit("rank_in_group")
    if a is None or not g.schema.labels[a.owner.label].dynamic:
        return None
    said = u.ref("label") if u.ref("label") is not None else u.ref("ent")  # 板块里, or 有色金属里: its kind
    words = () if said is None else g.m[said].targets or tuple(dict.fromkeys(e.label for e in g.m[said].entities))
    # the one ranked: the named thing that belongs to a group of that word (有色金属板块里…紫金矿业排第几)
    ent, hops = next(((e, hs) for e in g.entities()
                      if (hs := [h for lab in words for h in g.schema.edges_between(e.label, lab) if h.forward])),
                     (None, []))
    if ent is None:
        return _among_all(g, a, words)
    prop, own = a.prop, _own_rows(g, ent.label, a.owner, a.prop)
    if own is None:
        return None
    ov, olabel = own
    group, group_edge = hops[0].dst, hops[0].edge
    gv, o, od = g.new_var(group), g.new_var(ent.label), g.new_var(olabel)
    hop = g.schema.shortest_paths(ent.label, olabel)[0].hops[0]
    day = g.single_day
    name = Ref(ent.var, g.schema.labels[ent.label].display)
    conds = [Op("=", name, g.param(ent.names[0]))]
    if day:
        conds.append(Op("=", g.day(ov, olabel), Day(day)))
    # the entity's own value, then OPTIONAL MATCH the members of its group above it
    base = Pattern((PathSpec(ent.var, ent.label, (Step(hop.edge, hop.forward, ov, olabel),)),
                    PathSpec(ent.var, ent.label, (Step(group_edge, True, gv, group),))), tuple(conds))
    above = Pattern((PathSpec(gv, group, (Step(group_edge, False, o, ent.label),
                                          Step(hop.edge, hop.forward, od, olabel))),),
                    tuple(([Op("=", g.day(od, olabel), Day(day))] if day else [])
                          + [Op(">", Ref(od, prop), Ref(ov, prop))]), optional=True)
    group_word = g.label_word(group)
    rank = Op("+", Call("count", (Whole(o),), distinct=True), Const(1))
    ret = Projection((Column(name, g.label_word(ent.label)), Column(Ref(gv, g.schema.labels[group].display), group_word),
                      Column(Ref(ov, prop), g.prop_word(olabel, prop)), Column(rank, g.lang.say("columns.rank_in_group", group=group_word))))
    return g.candidate((base, above, ret), NAME)


def _among_all(g: QueryGraph, a, words):
    """银行板块涨幅在所有行业板块中排第几: a named thing of the group's own kind, ranked among
    all things of that kind — 1 + those with a higher value (on the day asked)."""
    ent = next((e for e in g.entities() if e.label in words and len(e.names) == 1), None)
    own = _own_rows(g, ent.label, a.owner, a.prop) if ent is not None else None
    if own is None:
        return None
    ov, olabel = own
    o, od = g.new_var(ent.label), g.new_var(olabel)
    hop = g.schema.shortest_paths(ent.label, olabel)[0].hops[0]
    day, name = g.single_day, Ref(ent.var, g.schema.labels[ent.label].display)
    base = Pattern((PathSpec(ent.var, ent.label, (Step(hop.edge, hop.forward, ov, olabel),)),),
                   tuple([Op("=", name, g.param(ent.names[0]))] + ([Op("=", g.day(ov, olabel), Day(day))] if day else [])))
    above = Pattern((PathSpec(o, ent.label, (Step(hop.edge, hop.forward, od, olabel),)),),
                    tuple(([Op("=", g.day(od, olabel), Day(day))] if day else [])
                          + [Op(">", Ref(od, a.prop), Ref(ov, a.prop))]), optional=True)
    word = g.label_word(ent.label)
    rank = Op("+", Call("count", (Whole(o),), distinct=True), Const(1))
    ret = Projection((Column(name, word), Column(Ref(ov, a.prop), g.prop_word(olabel, a.prop)),
                      Column(rank, g.lang.say("columns.rank_in_group", group=word))))
    return g.candidate((base, above, ret), NAME)


def _own_rows(g: QueryGraph, label: str, owner, prop: str):
    """The entity's own dated rows holding the figure: the rows the figure was read on when
    they are one step from it, else its own rows with a property of that name (a stock's
    涨跌幅 said beside 板块, read as the board's own, is the stock's): (var, label), or None."""
    paths = g.schema.shortest_paths(label, owner.label)
    if paths and len(paths[0].hops) == 1:
        return owner.var, owner.label
    for h in g.schema.neighbours(label):
        lab = g.schema.labels.get(h.dst)
        if h.forward and lab is not None and lab.dynamic and prop in lab.properties:
            return g.new_var(h.dst), h.dst
    return None
