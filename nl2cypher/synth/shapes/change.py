"""累计涨幅 over a period: the last price in the period against the price of the
trading day before it (the label's `measures.price`)."""

from __future__ import annotations

from dataclasses import replace

from ..ir import Call, Column, Const, Day, Op, Pattern, Projection, QueryGraph, Ref, Sort, Whole
from .common import aggregate_word, ask, branch, data_prop, each, many_between, picked_rows

NAME = "change"


def applies(g: QueryGraph) -> bool:
    return g.has("change") or _which_way_over_days(g) or _members_average(g)


def _members_average(g: QueryGraph) -> bool:
    """银行板块成分股本周的平均涨幅: each member's change over the period, averaged (not the
    average of their days' changes — 平均每天 asks that)."""
    agg, t, ent, a = g.unit("aggregate"), g.time_span(), g.entity(), data_prop(g)
    if agg is None or agg.params.get("fn", "avg") != "avg" or t is None or t.kind == "day" or ent is None or a is None:
        return False
    if len(ent.names) != 1 or g.lang.found("each_averaged", g.ex.question):
        return False
    return a.prop == g.schema.labels[a.owner.label].measures.get("change") and many_between(g, ent.label, a.owner.label)


def _which_way_over_days(g: QueryGraph) -> bool:
    """这个月是涨了还是跌了, 年内涨幅: asked which way or how much it changed over a period,
    the period's change answers (not each day's, unless each is asked)."""
    t = g.time_span()
    said = [m for m in g.m if m.kind == "property"]  # 近5日涨幅和成交量: the days' rows, both figures
    asked = bool(said) and all(m.params.get("asks") in ("rise", "fall") or m.params.get("over") == "change"
                               for m in said) and not each(g)
    return asked and t is not None and t.kind != "day" and g.entity() is not None \
        and not any(g.has(k) for k in ("extreme", "topk", "order", "aggregate", "which", "growth", "compare"))


def lower(g: QueryGraph):
    ent, t, a = g.entity(), g.time_span(), data_prop(g)
    if a is not None and a.prop not in g.schema.labels[a.owner.label].measures.values():
        return None  # 累计成交量: a plain total (passes/totals.py)
    if a is not None and g.has("change") and g.unit("change").params.get("of") == "change" and \
            not _says_change(g, a.owner.label):
        return None  # 本周收盘价是多少: the prices of the week, not a change (年内收多少 涨跌几个点: both)
    if t is None or t.kind == "day":
        return None  # 今天涨了多少: the day's own change
    if g.lang.found("each_day", g.ex.question) and not g.lang.found("each_averaged", g.ex.question):
        return None  # 上周每天涨跌多少: each day's change, listed
    if ent is None or a is None or not g.ctx.trading_days:
        return None
    price = g.schema.labels[a.owner.label].measures.get("price")
    if price is None:
        return None
    end = g.ctx.trading_day_on_or_before(t.end or g.ctx.today)
    before = g.ctx.period_base(t.start or end, end)
    if before is None:
        return None

    def on(d):
        return lambda v: [Op("=", g.day(v, a.owner.label), Day(d))]

    say, price_word = g.lang.say, g.prop_word(a.owner.label, price)
    change_word = g.prop_word(a.owner.label, g.schema.labels[a.owner.label].measures.get("change", price))
    notes = g.notes + [say("notes.change", change=change_word, end=end, before=before)]
    if len(ent.names) > 1 or many_between(g, ent.label, a.owner.label):
        # 古井贡酒和山西汾酒今年以来涨了多少: a row each (半导体板块…股价涨了多少: each of its stocks)
        match, rows = _each_named(g, ent, a.owner.label, price, on(before), on(end), (before, end), change_word)
        if _members_average(g):
            rows = Projection((Column(Call("avg", (rows.columns[-1].expr,)), aggregate_word(g, "avg", change_word)),))
        else:
            rows = _ranked(g, rows, Ref(a.var, a.prop))
        return g.candidate((match, rows), NAME, notes)
    first, first_val = branch(g, ent.label, ent.names[0], a.owner.label, price, on(before))
    last, last_val = branch(g, ent.label, ent.names[0], a.owner.label, price, on(end))
    pct = Op("*", Op("/", Op("-", Whole("close_end"), Whole("close_before")), Whole("close_before")), Const(100.0))
    parts = (first, Projection((Column(first_val, "close_before"),), carry=True),
             last, Projection((Column(Whole("close_before")), Column(last_val, "close_end")), carry=True),
             Projection((Column(Whole("close_before"), say("columns.change_price", day=before, price=price_word)),
                         Column(Whole("close_end"), say("columns.change_price", day=end, price=price_word)),
                         Column(pct, say("columns.change", change=change_word)))))
    return g.candidate(parts, NAME, notes)


def _each_named(g: QueryGraph, ent, owner: str, price: str, at_before, at_end, days, change_word: str) -> tuple:
    """Each named thing's price on the day before the period and on its last day, side by side."""
    first, first_val = branch(g, ent.label, tuple(ent.names), owner, price, at_before)
    e, label = first.paths[0].var, ent.label
    if len(first.paths[0].steps) > 1:  # through the things it has many of: each of those
        e, label = first.paths[0].steps[-2].var, first.paths[0].steps[-2].label
    last, last_val = branch(g, label, tuple(ent.names), owner, price, at_end, e_var=e)
    say, word = g.lang.say, g.prop_word(owner, price)
    pct = Op("*", Op("/", Op("-", last_val, first_val), first_val), Const(100.0))
    match = Pattern(first.paths + last.paths, first.conds + last.conds)
    cols = (Column(Ref(e, g.schema.labels[label].display), g.label_word(label)),
            Column(first_val, say("columns.change_price", day=days[0], price=word)),
            Column(last_val, say("columns.change_price", day=days[1], price=word)),
            Column(pct, say("columns.change", change=change_word)))
    return match, Projection(cols, order=(Sort(pct, True), Sort(cols[0].expr)))


def _ranked(g: QueryGraph, rows: Projection, change: Ref) -> Projection:
    """半导体板块里这周最猛的是哪个 涨了多少: the ranking asked keeps its rows (and its way)."""
    a = ask(g)
    unit = a.topk or a.extreme
    if unit is None:
        return rows
    desc = (unit.params.get("dir", "desc") == "desc") != g.flipped(change)
    return replace(rows, order=(Sort(rows.order[0].expr, desc),) + rows.order[1:], limit=picked_rows(g, a, True))


def _says_change(g: QueryGraph, label: str) -> bool:
    """Does a property word of the question name the label's change measure (涨跌)?"""
    change = f"{label}.{g.schema.labels[label].measures.get('change')}"
    return any(m.kind == "property" and change in m.targets for m in g.m)
