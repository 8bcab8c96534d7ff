"""英可瑞涨跌幅行业排名: the entity's place within its group (board) on a day (in a report
period; by a figure of its own: 注册资本在白酒板块排第几): 1 + the members of its group
with a higher value."""

from __future__ import annotations

from ...errors import CannotTranslate
from ..ir import Call, Column, Const, Op, Pattern, PathSpec, Projection, QueryGraph, Ref, Step, Whole
from .common import data_prop, rows_total, same_period

NAME = "rank"


def applies(g: QueryGraph) -> bool:
    return g.has("rank_in_group")


def lower(g: QueryGraph):
    a, u = data_prop(g), g.unit("rank_in_group")
    if a is None:
        return None
    lab = g.schema.labels[a.owner.label]
    if lab.dynamic and not lab.period and g.day_range:
        # 3月以来的涨跌幅排第几: a change over days, not one day's row — no reading here
        raise CannotTranslate(g.lang.say("errors.no_query"))
    if lab.period and rows_total(g, Ref(a.owner.var, a.prop)):
        raise CannotTranslate(g.lang.say("errors.no_query"))  # 2023年全年净利润排第几: a year's total, no report row
    if not lab.dynamic and not lab.period:
        return _by_own(g, a, u)
    words = _group_words(g, u)
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
    period = same_period(g, a.owner)  # the day (report period) asked, for both rows
    name = Ref(ent.var, g.schema.labels[ent.label].display)
    conds = [Op("=", name, g.param(ent.names[0]))] + period(ov) + _the_group_named(g, group, gv)
    # the entity's own value, then OPTIONAL MATCH the members of its group above it
    base = Pattern((PathSpec(ent.var, ent.label, (Step(hop.edge, hop.forward, ov, olabel),)),
                    PathSpec(ent.var, ent.label, (Step(group_edge, True, gv, group),))), tuple(conds))
    above = Pattern((PathSpec(gv, group, (Step(group_edge, False, o, ent.label),
                                          Step(hop.edge, hop.forward, od, olabel))),),
                    tuple(period(od) + [Op(">", Ref(od, prop), Ref(ov, prop))]), optional=True)
    group_word = g.label_word(group)
    rank = Op("+", Call("count", (Whole(o),), distinct=True), Const(1))
    ret = Projection((Column(name, g.label_word(ent.label)), Column(Ref(gv, g.schema.labels[group].display), group_word),
                      Column(Ref(ov, prop), g.prop_word(olabel, prop)), Column(rank, g.lang.say("columns.rank_in_group", group=group_word))))
    return g.candidate((base, above, ret), NAME)


def _by_own(g: QueryGraph, a, u):
    """五粮液注册资本在白酒板块排第几: a figure of the thing's own, ranked among its group's members."""
    ent = a.owner if a.owner.kind == "entity" and len(a.owner.names) == 1 else None
    words = _group_words(g, u)
    hops = [h for lab in words for h in g.schema.edges_between(ent.label, lab) if h.forward] if ent else []
    if not hops:
        return None
    group, edge = hops[0].dst, hops[0].edge
    gv, o = g.new_var(group), g.new_var(ent.label)
    name = Ref(ent.var, g.schema.labels[ent.label].display)
    base = Pattern((PathSpec(ent.var, ent.label, (Step(edge, True, gv, group),)),),
                   (Op("=", name, g.param(ent.names[0])),) + tuple(_the_group_named(g, group, gv)))
    above = Pattern((PathSpec(gv, group, (Step(edge, False, o, ent.label),)),),
                    (Op(">", Ref(o, a.prop), Ref(ent.var, a.prop)),), optional=True)
    word = g.label_word(group)
    rank = Op("+", Call("count", (Whole(o),), distinct=True), Const(1))
    ret = Projection((Column(name, g.label_word(ent.label)), Column(Ref(gv, g.schema.labels[group].display), word),
                      Column(Ref(ent.var, a.prop), g.prop_word(ent.label, a.prop)),
                      Column(rank, g.lang.say("columns.rank_in_group", group=word))))
    return g.candidate((base, above, ret), NAME)


def _the_group_named(g: QueryGraph, group: str, var: str) -> list:
    """在白酒板块中排第几: the group the question names, when it names one (else each of the thing's)."""
    named = next((e for e in g.entities() if e.label == group and len(e.names) == 1), None)
    return [Op("=", Ref(var, g.schema.labels[group].display), g.param(named.names[0]))] if named else []


def _group_words(g: QueryGraph, u) -> tuple:
    """The kinds of group the unit names (板块里, or 有色金属里: its kind)."""
    said = u.ref("label") if u.ref("label") is not None else u.ref("ent")
    return () if said is None else g.m[said].targets or tuple(dict.fromkeys(e.label for e in g.m[said].entities))


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
    period, name = same_period(g, a.owner), Ref(ent.var, g.schema.labels[ent.label].display)
    base = Pattern((PathSpec(ent.var, ent.label, (Step(hop.edge, hop.forward, ov, olabel),)),),
                   tuple([Op("=", name, g.param(ent.names[0]))] + period(ov)))
    above = Pattern((PathSpec(o, ent.label, (Step(hop.edge, hop.forward, od, olabel),)),),
                    tuple(period(od) + [Op(">", Ref(od, a.prop), Ref(ov, a.prop))]), optional=True)
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
