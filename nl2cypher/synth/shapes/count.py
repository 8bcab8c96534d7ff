"""有多少只股票: the number of distinct members of the counted label (the label
word right after the count word, else the nearest before it, else the target);
涨停了几次 / 有几天: the number of dated rows that meet the conditions."""

from __future__ import annotations

from ..ir import Call, Column, Projection, QueryGraph, Ref, Slot, Sort, Whole
from ..paths import link
from .common import aggregate_word, ask, asked, each, each_value, every_group, hangs_on, month_columns

NAME = "count"


def applies(g: QueryGraph) -> bool:
    return g.has("count")


def lower(g: QueryGraph):
    cu = g.unit("count")
    rows = [x for x in g.slots if x.kind == "data" and g.schema.labels[x.label].day]
    if cu.params.get("of") == "rows" and rows:  # 涨停了几次 (各月: a count a month)
        times = Column(Call("count", (Whole(rows[0].var),), distinct=True), g.lang.say("columns.count"))
        periods = _each_period(g, rows[0])
        return g.candidate((g.pattern(), Projection(tuple(periods) + (times,),
                                                    order=tuple(Sort(c.expr) for c in periods))), NAME)
    labels = [x for x in g.slots if x.kind == "label"]
    after = [x for x in labels if 0 <= x.pos - cu.end <= 1]
    before = [x for x in labels if x.pos < cu.start]
    counted = after[0] if after else (max(before, key=lambda x: x.pos) if before else _members(g, g.target))
    cols = (Column(Call("count", (Whole(counted.var),), distinct=True), g.lang.say("columns.count")),)
    each = next((s for s in g.entities() if len(s.names) > 1 and s is not counted), None)
    every = None
    if each is not None and g.lang.found("each_of_several", g.ex.question):  # 蔡雪和许海波各管了几只: each one's
        every = every_group(g, each.var, cols[0].expr)  # …0 for one that has none
        cols = (Column(*g.name_of(each)),) + cols
    else:  # 沪市主板和深市主板今天上涨的各有多少只: each value's
        cols = tuple(each_value(g)) + cols
    periods = _each_period(g, counted)
    if periods:  # 2020到2023年每年四季度亏损的公司数量: one count per report period, in order
        return g.candidate((g.pattern(), Projection(tuple(periods) + cols, order=tuple(Sort(c.expr) for c in periods))), NAME)
    total = _their_total(g, cu, counted)
    if total is not None:  # how many banks are there, and their combined net income: both
        cols += (total,)
    elif any(u.start > cu.end for u in g.units_of("list")):  # 有几只？分别是哪几只: which ones, beside how many
        cols += (Column(Call("collect", (g.name_of(counted)[0],), distinct=True), g.lang.say("columns.names")),)
    return g.candidate((*(every or (g.pattern(),)), Projection(cols)), NAME)


def _each_period(g: QueryGraph, counted: Slot) -> list[Column]:
    """The period columns of the reports a count spans one by one (每年四季度: each year;
    最近4个季度: each year and quarter), when what is counted is not the reports."""
    t = g.time_span()
    if t is not None and t.kind != "quarters" and g.single_day is None and g.lang.found("each_month", g.ex.question):
        return month_columns(g, counted)
    if (t is None or t.kind != "quarters") and g.single_day is None and g.lang.found("each_year", g.ex.question):
        return month_columns(g, counted, ("year",))
    if t is not None and t.kind != "quarters" and g.single_day is None and g.lang.found("each_day", g.ex.question):
        return _each_day(g, counted)
    if t is None or t.kind != "quarters" or not (asked(g, "each") or each(g)):
        return []
    rep = next((s for s in g.slots if g.schema.labels[s.label].period and s is not counted), None)
    if rep is None:
        return []
    period = g.schema.labels[rep.label].period
    keys = [period["year"]] + ([] if t.quarter or "quarter" not in period else [period["quarter"]])
    return [Column(Ref(rep.var, k), g.prop_word(rep.label, k)) for k in keys]


def _each_day(g: QueryGraph, counted: Slot) -> list[Column]:
    """本月每天涨停的股票数量: over a window of days, one count a day — the day of
    the dated rows the things are counted by."""
    rows = next((s for s in g.slots if g.schema.labels[s.label].day and s is not counted), None)
    if rows is None:
        return []
    day = g.schema.labels[rows.label].day
    return [Column(Ref(rows.var, day), g.prop_word(rows.label, day))]


def _their_total(g: QueryGraph, cu, counted: Slot) -> Column | None:
    """A total (mean) of a figure asked after the count, of the things counted — not a
    figure of a named thing's own (a board's own close is no total of its stocks')."""
    agg = next((u for u in g.units_of("aggregate") if u.start > cu.end), None)
    shown = ask(g).shown
    if agg is None or not shown or counted.kind == "entity":
        return None
    if hangs_on(g, shown[-1].ref.var, {s.var for s in g.slots if s.kind == "entity"}):
        return None
    fn = agg.params.get("fn", "sum")
    return Column(Call(fn, (shown[-1].ref,)), aggregate_word(g, fn, shown[-1].alias))


def _members(g: QueryGraph, slot: Slot) -> Slot:
    """白酒板块总共几只 / 银行和券商板块各有几只: a count of named things is of their members —
    the one kind of thing with an edge into them (the boards' stocks) — not of the things."""
    groups = {t for e in g.schema.edges.values() if e.members for t in e.targets}
    if slot.kind != "entity" or not slot.names or len(slot.names) > 1 and slot.label not in groups:
        return slot  # (五只基金中几只…: several things that have no members are counted themselves)
    into = {src for e in g.schema.edges.values() if slot.label in e.targets for src in e.sources
            if src != slot.label and not g.schema.labels[src].dynamic}
    if len(into) != 1:
        return slot
    label = into.pop()
    joined = next((s for s in g.slots if s.label == label and s is not slot), None)
    if joined is not None:  # 军工板块今天上涨的有几只: the members a condition reached already
        return joined
    member = g.add_slot(label, slot.pos, kind="hidden")
    link(g, member, slot)
    return member
