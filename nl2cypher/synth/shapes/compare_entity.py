"""涨跌幅高于上海港湾的股票: the reference entity's value first, then the set
whose value compares with it — or whether one named entity's does (A的收盘价是否
高于B: one boolean), or how many do (…的公司有几家), or how many times the
reference's value it is (A的注册资本是B的几倍: one ratio, the same day on both sides)."""

from __future__ import annotations

from ..ir import Call, Column, Const, Op, Pattern, Projection, QueryGraph, Ref, Rows, Whole
from .common import branch, data_prop, day_conds, reference_entity, same_period

NAME = "list"


def applies(g: QueryGraph) -> bool:
    return g.has("compare_entity")


def lower(g: QueryGraph):
    target = g.target
    u = g.unit("compare_entity")
    ref_ent = reference_entity(g, u)
    a = data_prop(g)
    if a is None:
        return None
    owner, prop = a.owner, a.prop
    label = g.schema.labels[owner.label]
    if label.dynamic and not g.single_day:
        return None  # 这周跑赢白酒没: a window's change against another's, not one day's rows against each other
    rows = _own_rows(g, ref_ent.label, owner.label, prop)
    ref_branch, ref_val = branch(g, ref_ent.label, ref_ent.name, rows, prop,
                                 day_conds(g, rows) if label.dynamic
                                 else same_period(g, owner) if label.period else lambda v: [])
    main = g.pattern()
    pdef = g.schema.labels[owner.label].property(prop)
    if u.params.get("op") == "ratio":
        if target.kind != "entity":
            return None
        ratio = Op("/", Ref(owner.var, prop), Whole("ref"))
        ret = Projection((Column(ratio, g.lang.say("columns.ratio", value=pdef.description or prop)),))
        return g.candidate((ref_branch, Projection((Column(ref_val, "ref"),), carry=True), main, ret), "ratio")
    if u.params.get("op") == "difference":
        return _difference(g, target, ref_branch, ref_val, main, Ref(owner.var, prop), pdef.description or prop,
                           ref_ent.name, bool(u.params.get("pct")))
    op = u.params.get("op", ">")
    if g.flipped(Ref(owner.var, prop)):  # 跌得比爱尔眼科还多, 跌幅比…大: the lower change
        op = {">": "<", "<": ">", ">=": "<=", "<=": ">="}.get(op, op)
    weighed = Op(op, Ref(owner.var, prop), Whole("ref"))
    if g.has("yesno") and target.kind == "entity" and len(target.names) == 1:
        # 茅台的收盘价是否高于五粮液: whether, beside both values — no row when either has none, not "no"
        word = pdef.description or prop
        ret = Projection((Column(Ref(owner.var, prop), g.lang.say("columns.named_value", name=target.names[0], value=word)),
                          Column(Whole("ref"), g.lang.say("columns.named_value", name=ref_ent.name, value=word)),
                          Column(weighed, g.lang.say("columns.yesno"))))
        return g.candidate((ref_branch, Projection((Column(ref_val, "ref"),), carry=True), main, ret), "yesno")
    main = Pattern(main.paths, main.conds + (weighed,))
    answer = NAME
    if g.has("yesno") and target.kind == "entity":
        ret, answer = Projection((Column(Op(">", Call("count", (Rows(),)), Const(0)), g.lang.say("columns.yesno")),)), "yesno"
    elif g.has("count"):
        ret, answer = Projection((Column(Call("count", (Whole(target.var),), distinct=True),
                                         g.lang.say("columns.count")),)), "count"
    else:
        ret = Projection((Column(*g.name_of(target)), Column(Ref(owner.var, prop), pdef.description or prop)), True)
    return g.candidate((ref_branch, Projection((Column(ref_val, "ref"),), carry=True), main, ret), answer)


def _difference(g: QueryGraph, target, ref_branch, ref_val, main, value, word: str, ref_name: str, pct: bool):
    """How much bigger were JPMorgan's total assets than Citigroup's: the named one's
    value less the reference's, beside both (and in percent of the reference's, asked so)."""
    if target.kind != "entity":
        return None
    diff = Op("-", value, Whole("ref"))
    cols = (Column(*g.name_of(target)), Column(value, word),
            Column(Whole("ref"), g.lang.say("columns.named_value", name=ref_name, value=word)),
            Column(diff, g.lang.say("columns.difference", value=word)))
    if pct:
        pct_of_ref = Op("/", Op("*", diff, Const(100.0)), Call("abs", (Whole("ref"),)))
        cols += (Column(pct_of_ref, g.lang.say("columns.difference_pct", value=word)),)
    ret = Projection(cols)
    return g.candidate((ref_branch, Projection((Column(ref_val, "ref"),), carry=True), main, ret), "difference")


def _own_rows(g: QueryGraph, ref_label: str, owner_label: str, prop: str) -> str:
    """比白酒板块涨得多的股票: a board has daily rows of its own with the same
    measure — its value is read there, not from its members' rows (one value, not many)."""
    if ref_label == owner_label or g.schema.edges_between(ref_label, owner_label):
        return owner_label
    lab = g.schema.labels[owner_label]
    own = [h.dst for h in g.schema.neighbours(ref_label)
           if (d := g.schema.labels.get(h.dst)) is not None and d.dynamic == lab.dynamic and d.property(prop) is not None]
    return own[0] if len(own) == 1 else owner_label
