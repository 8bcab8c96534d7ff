"""The default: a lone entity's node; an entity's values (with the date of each
daily row); or the list of members of the target with the values asked."""

from __future__ import annotations

from ..ir import Call, Column, Const, Day, Link, Op, Projection, QueryGraph, Ref, Slot, Sort, Whole
from ..paths import edge_link
from .common import ask, asked, hangs_on, joined_years, of_each, quoted

NAME = "lookup"


def applies(g: QueryGraph) -> bool:
    return True


def lower(g: QueryGraph):
    a, target = ask(g), g.target
    if target.kind == "entity" and not a.shown and len([s for s in g.slots if s.kind != "hidden"]) == 1:
        if g.has("list"):  # 600519是哪家公司: which one, by name
            return g.candidate((g.pattern(), Projection((Column(*g.name_of(target)),), True)), "lookup")
        # 600809是啥: its name first, then all it has (帮我看看宁德: and its latest day)
        cols = (Column(*g.name_of(target)), Column(Whole(target.var), g.lang.say("columns.details")))
        return g.candidate(quoted(g, target, cols) if not g.units else (g.pattern(), Projection(cols)), "entity")
    dated = target.kind != "entity" and g.schema.labels[target.label].day
    if dated and not a.shown and any(g.schema.edges_between(s.label, target.label) for s in a.ents):  # 茅台今天的行情, 2023年的财报: those dated rows, whole
        return g.candidate((g.pattern(), Projection((Column(Whole(target.var)),), True,
                                                    (Sort(g.day(target.var, target.label)),))), "lookup")
    answer = "lookup" if a.ents and target.kind == "entity" else "list"
    cols = _about(g, target) + [Column(*g.name_of(s)) for s in _asked_with(g, target)] + of_each(g)
    between = _members_between(g, target) if answer == "list" else []
    cols += [Column(*g.name_of(s)) for s in between]
    for s in a.ents:
        if s is not target and (len(s.names) > 1 or target.kind == "label") and answer == "lookup":
            cols.insert(0, Column(*g.name_of(s)))
        elif s is not target and len(s.names) > 1 and answer == "list":
            cols.insert(0, Column(*g.name_of(s)))  # A和B的董事长: whose each row is
    if answer == "list" and asked(g, "each"):  # 持有茅台的基金各自的基金经理: which fund each one runs
        cols[:0] = [Column(*g.name_of(s)) for s in g.slots if s.kind == "label" and s is not target]
    if target.kind == "entity" and len(target.names) <= 1 and answer == "lookup" and a.shown:
        cols = [Column(*g.name_of(target))]
    multi_day = any(s.kind == "data" for s in g.slots) and g.day_range
    order = ()
    t = g.time_span()
    yearly = [s for s in g.slots if s.kind == "data" and s not in a.data_slots and g.schema.labels[s.label].period]
    for s in a.data_slots + yearly:  # rows with a date, and rows of a period only (a fact's year)
        if s in a.data_slots and (multi_day or answer == "lookup"):
            cols.append(Column(g.day(s.var, s.label), g.lang.say("columns.day")))
            if multi_day:  # several things over days: each thing's days in turn (a day's things by name)
                order = _each_named(g, a) + (Sort(g.day(s.var, s.label)),) + \
                    ((Sort(g.name_of(target)[0]),) if target.kind == "label" else ())
        period = g.schema.labels[s.label].period
        if s in yearly:  # a figure of several years: which year each is, each thing's in turn
            if _one_year(t) and len(joined_years(g)) < 2:
                continue
            year = Ref(s.var, period["year"])
            cols.append(Column(year, g.prop_word(s.label, year.key)))
            order = order or _each_named(g, a) + (Sort(year),)
        elif t is not None and period and (t.kind == "quarters" or t.longer_than_a_report):  # which quarter each row is
            keys = [Ref(s.var, period[k]) for k in ("year", "quarter") if k in period]
            cols += [Column(r, g.prop_word(s.label, r.key)) for r in keys]
            order = order or _each_named(g, a) + tuple(Sort(r) for r in keys)  # the reports in time order
    cols += _measures_named(g)
    held = _held(g, target) if answer == "list" and not a.shown else []
    cols += [Column(x.ref, x.alias) for x in a.shown] + held + _which_way(g, a.shown) + _sentiment(g, target)
    tenure = [r for r in g.tenure_unasked if r.var == target.var]
    cols += [Column(r, g.prop_word(target.label, r.key)) for r in tenure]  # 都有谁: when each began and left
    for s in g.shown_with:  # 已经离任的董事长: of which company; 上游: of which industry (another name when the same)
        expr, alias = g.name_of(s)
        cols.append(Column(expr, g.lang.say("columns.linked", value=alias) if any(c.alias == alias for c in cols) else alias))
    if not order:  # 股东有哪些，各持多少: the biggest holding first; 板块各股今天的涨跌幅: the best first
        shown = [x.ref for x in a.shown] + [c.expr for c in held]
        # (跌幅超过2%的个股及跌幅: a fall asked, the biggest fall first)
        order = tuple(Sort(w, not g.flipped(w)) for w in _weights(g) + _changes(g, answer) + [c.expr for c in held]
                      + _figure(g, answer, shown) if w in shown)[:1]
        order += (Sort(g.name_of(target)[0]),) if order else ()  # ties by name: the same order every time
    if not order and between:  # the directors of the medical device companies: company by company
        order = (Sort(g.name_of(between[0])[0]), Sort(g.name_of(target)[0]))
    # a list showing a date, the earliest first: 认购啥时候截止; 历任董事长 in the order they took office
    dated = next((r for r in [x.ref for x in a.shown] + tenure if g.is_date(r)), None) \
        if answer == "list" and not order else None
    if dated is not None:
        order = (Sort(dated), Sort(g.name_of(target)[0]))
    return g.candidate((g.pattern(), Projection(tuple(_dedupe(cols)), True, order)), answer)


def _asked_with(g: QueryGraph, target: Slot) -> list[Slot]:
    """The target, and the kinds said together with it (which industry and state is Apple
    in), each asked beside it in the order said."""
    run = next((r for r in g.said_together() if target in r), [target]) if target.kind == "label" else [target]
    return [s for s in run if s is target or g.linked(s.var)]


def _members_between(g: QueryGraph, target: Slot) -> list[Slot]:
    """The directors of the medical device companies, the states the railroads are in:
    things asked of a named group's members say which member each row is."""
    def member(s: Slot, group: Slot) -> bool:  # belongs to it (a holding, with a size, is no membership)
        return any(s.label in e.sources and group.label in e.targets and not e.weight for e in g.schema.edges.values())

    return [s for s in g.slots if s.kind == "label" and s is not target and hangs_on(g, s.var, {target.var})
            and any(e.kind == "entity" and hangs_on(g, s.var, {e.var}) and member(s, e) for e in g.slots)]


def _measures_named(g: QueryGraph) -> list[Column]:
    """Revenue and net income of Ford: rows naming one of several measures asked
    (a concept's name) say which measure each figure is."""
    out = []
    for s in g.slots:
        if g.schema.labels[s.label].measure and any(
                isinstance(c, Op) and c.op == "IN" and isinstance(c.left, Ref) and c.left.var == s.var for c in g.conds):
            out.append(Column(*g.name_of(s)))
    return out


def _one_year(t) -> bool:
    return t is not None and t.start is not None and t.end is not None and t.start.year == t.end.year


def _held(g: QueryGraph, target) -> list[Column]:
    """贵州茅台的股东有哪些, 这只基金持有哪些股票: things joined to one named thing
    by an edge with a size (its `weight`) show how big each tie is, biggest first —
    not when joined to two (同时持有茅台和五粮液的基金: one tie's size would pass for both)."""
    ties = []
    for ln in list(g.links):
        edge = g.schema.edges[ln.steps[0].edge] if len(ln.steps) == 1 else None
        if edge is None or not edge.weight or target.var not in (ln.a, ln.b):
            continue
        other = g.slot_of(ln.a if ln.b == target.var else ln.b)
        if other.kind == "entity" and len(other.names) == 1:
            ties.append(edge)
    if len(ties) != 1:
        return []
    tie = edge_link(g, ties[0].name, target, target.pos)
    pdef = g.pdef(tie, ties[0].weight)
    return [Column(Ref(tie.rel_var, ties[0].weight), pdef.description if pdef and pdef.description else ties[0].weight)]


def _about(g: QueryGraph, target) -> list[Column]:
    """最近有啥利空新闻, 银行板块有哪些利空: news about no thing named shows what
    each item is about (the other end of the schema's `sentiment` edge)."""
    role = g.schema.role_edge("sentiment")
    if role is None or target.label not in role[0].targets:
        return []
    for ln in g.links:
        if target.var in (ln.a, ln.b) and len(ln.steps) == 1 and ln.steps[0].edge == role[0].name:
            other = g.slot_of(ln.a if ln.b == target.var else ln.b)
            return [Column(*g.name_of(other))] if other.kind != "entity" else []
    return []


def _sentiment(g: QueryGraph, target) -> list[Column]:
    """五粮液最近有啥新闻: each news item shows whether it is good or bad for the
    thing named (the schema's `sentiment` role)."""
    role = g.schema.role_edge("sentiment")
    if role is None or target.label not in role[0].targets or not g.entities():
        return []
    edge, prop = role
    if not any(st.edge == edge.name for ln in g.links for st in ln.steps):
        return []
    held = edge_link(g, edge.name, target, target.pos)
    if held is None:
        return []
    pdef = g.pdef(held, prop)
    return [Column(Ref(held.rel_var, prop), g.lang.label_word(pdef.description if pdef and pdef.description else prop))]



def _which_way(g: QueryGraph, shown) -> list[Column]:
    """涨了吗, 跌了没: whether it rose (fell), beside the change asked that way; 成立多少年了 / 上任多少天:
    the whole years (the days) since the date asked that way."""
    for x in shown:
        for i in g.prop_mentions.get(x.ref, []):
            way = g.m[i].params.get("asks")
            if way in ("rise", "fall"):
                return [Column(Op(">" if way == "rise" else "<", x.ref, Const(0)), g.lang.say(f"columns.{way}"))]
            if way in ("years", "days") and g.is_date(x.ref):  # 成立多少年了: whole years (days) from it to the reference day
                return [Column(Call(f"{way}_between", (x.ref, Day(g.ctx.today))), g.lang.say(f"columns.{way}", value=x.alias))]
    return []


def _changes(g: QueryGraph, answer: str) -> list[Ref]:
    """The day's change measure of the things listed, when a list shows one day's."""
    if answer != "list" or g.single_day is None:
        return []
    return [a.ref for a in g.props if isinstance(a.owner, Slot) and g.schema.labels[a.owner.label].measures.get("change")
            == a.prop]


def _weights(g: QueryGraph) -> list[Ref]:
    """The shown sizes of relationships (an edge's `weight`: a holding's share, and the
    other figures of a weighed edge: a stake's share of the tradable shares)."""
    return [a.ref for a in g.props if isinstance(a.owner, Link) and (e := g.schema.edges[a.owner.steps[0].edge]).weight
            and (p := e.properties.get(a.prop)) is not None and p.type in ("int", "float")]


def _figure(g: QueryGraph, answer: str, shown: list) -> list[Ref]:
    """管的基金都是啥 规模多大: a list showing one figure of its things, the largest first."""
    figures = [r for r in shown if isinstance(r, Ref) and (p := g.pdef_of(r)) is not None and p.type in ("int", "float")]
    return figures if answer == "list" and len(figures) == 1 else []


def _dedupe(cols: list[Column]) -> list[Column]:
    out, seen = [], set()
    for c in cols:
        if c.expr not in seen:
            seen.add(c.expr)
            out.append(c)
    return out


def _each_named(g: QueryGraph, a) -> tuple:
    """Several things named (五粮液和泸州老窖): by name first, each one's rows together."""
    return tuple(Sort(g.name_of(e)[0]) for e in a.ents if len(e.names) > 1)
