"""平均/合计/最高/最低 of a value (per entity of a group), including a period's
total the schema implies (去年的净利润 = the sum of its quarters)."""

from __future__ import annotations

from ..ir import Call, Column, Op, Projection, QueryGraph, Ref, Sort, Whole
from .common import (Shown, aggregate_word, ask, asked, asks_which_day, by_year, each_value, members_rows,
                     month_columns, one_things_rows, period_columns, picked_rows, the_day_of, the_days_of_both,
                     years_said)

NAME = "aggregate"
SINGLE_VALUE_PENALTY = 0.1  # an average of one value: another reading is likelier
NUMBERS = ("int", "int64", "float", "double", "decimal")  # property types a total or a mean is taken of


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    return a.agg is not None and bool(a.shown)


def lower(g: QueryGraph):
    a = ask(g)
    fn = a.agg.params.get("fn", "avg")
    fns = _functions(g, fn)
    last = a.shown[-1]
    periods = _each_period(g, last)
    by_month = bool(periods) and g.lang.found("each_month", g.ex.question)  # 每个月最高价: a month's, not the day
    if fns == [fn] and fn in ("max", "min") and not by_month and (asks_which_day(g) or one_things_rows(g, a, last)):
        # 今年最低点是哪天: that day's row
        return the_day_of(g, a, last, fn == "max", NAME)
    if sorted(fns) == ["max", "min"] and not by_month and asks_which_day(g):
        return the_days_of_both(g, a, last, NAME)  # 最高和最低…分别在哪天: both days
    ranked = _ranked_by_value(g, a, fn) or _ranked_by_total(g, a, fn, last)
    if ranked is not None:
        return ranked
    stored = _stored(g, last)
    if fn in ("sum", "avg") and stored is not None and stored.type not in NUMBERS:
        return None  # 合计所在省份: no total of words — another reading answers
    single, several = _single_value(g, last), any(len(s.names) > 1 for s in a.ents)
    if single and not several:  # 白酒板块今天平均收盘价: over its stocks, not its own one row
        members = next((r for s in a.ents for r in [members_rows(g, s.var, last.ref)] if r is not None), None)
        if members is not None:
            last, single = Shown(members, g.prop_word(g.slot_of(members.var).label, members.key), last.mention), False
            periods = _each_period(g, last)
    # 这些基金总规模, 这些股票今天平均涨了多少: one number over all of them (each has one value that day)
    # …unless a period at a time is asked of many things' rows (每年所有公司净利润总和: each year's)
    total = (asked(g, "total") or single and several) and not asked(g, "each") and not periods
    cols = [] if total else [Column(*g.name_of(s)) for s in a.ents if len(s.names) > 1] + each_value(g) + _each_thing(g)
    cols += periods
    cols += [Column(Call(f, (s.ref,)), aggregate_word(g, f, s.alias)) for f, s in _paired(g, a, fns, last)]
    if sorted(fns) == ["max", "min"] and g.has("difference"):  # 收盘价最大值和最小值相差多少: and the gap
        cols.append(Column(Op("-", Call("max", (last.ref,)), Call("min", (last.ref,))),
                           g.lang.say("columns.difference", value=last.alias)))
    if single and not several:
        g.choices.penalty += SINGLE_VALUE_PENALTY
    order = tuple(Sort(c.expr) for c in periods)
    return g.candidate((g.pattern(), *_each_once(g, last, cols), Projection(tuple(cols), order=order)), NAME)


def _functions(g: QueryGraph, fn: str) -> list[str]:
    """平均值、最大值和最小值: each aggregate said of the figure, in the order said."""
    said = [u.params.get("fn", "avg") for u in sorted(g.units_of("aggregate"), key=lambda u: u.start)]
    return list(dict.fromkeys(said)) or [fn]


def _paired(g: QueryGraph, a, fns: list[str], last: Shown) -> list[tuple[str, Shown]]:
    """最高价的最大值和最低价的最小值: each aggregate of the figure said just before it, when
    each has its own; else every aggregate of the one figure (平均值、最大值和最小值)."""
    units = sorted(g.units_of("aggregate"), key=lambda u: u.start)
    at = [(g.ex.tag_span(s.mention)[0], s) for s in a.shown if s.mention is not None]
    pairs, start = [], -1
    for u in units:
        said = [s for pos, s in at if start < pos < u.start]
        if not said:
            return [(f, last) for f in fns]
        pairs.append((u.params.get("fn", "avg"), said[-1]))
        start = u.start
    return pairs if len(pairs) > 1 and len({id(s) for _, s in pairs}) == len(pairs) else [(f, last) for f in fns]


def _each_thing(g: QueryGraph) -> list[Column]:
    """白酒板块每只股票2023年全年净利润: things of a kind said right after an `each` word —
    each one's total over the period, one row each (not one total over all of them)."""
    if g.single_day is not None:
        return []  # 板块个股今天平均涨跌幅: one row each that day, the average is over them
    words = [str(w) for w in (g.lang.words.get("asks") or {}).get("each", ())]
    for s in g.slots:
        if s.kind != "label" or s.mention is None or g.schema.labels[s.label].dynamic:
            continue
        before = g.ex.tagged[:g.ex.tag_span(s.mention)[0]]
        if any(before.endswith(w) for w in words):
            return [Column(*g.name_of(s))]
    return []


def _each_period(g: QueryGraph, shown: Shown) -> list[Column]:
    """Average R&D of the software companies per year: a total over many things, asked
    a period at a time (the language's `each` words) — one row a period. One thing's
    figures (平均每天成交, Apple's average per year) are one number."""
    slot = next((s for s in g.slots if s.var == shown.ref.var and s.kind == "data"), None)
    q = g.ex.question
    if slot is None or not any(g.lang.found(w, q) for w in ("each_quarter", "each_year", "each_month")) \
            and not years_said(g):  # 2022年和2023年的净利润: a year at a time
        return []
    lab = g.schema.labels[slot.label]
    if lab.period:  # reports by period: 每年 the year's (one thing's too), 各季度 each quarter's
        yearly = by_year(g)
        one = any(len(s.names) == 1 and _own_rows(g, s.label, slot.label) for s in g.entities())
        # Chipotle's average net income over 2019, 2020 and 2021: one row a year is its own figure — one number
        if one and (not yearly or set(lab.period) <= {"year"} and not g.lang.found("each_year", q)):
            return []
        keys = ("year",) if yearly or g.lang.found("each_year", q) else ("year", "quarter")
        return [Column(Ref(slot.var, lab.period[k]), g.prop_word(slot.label, lab.period[k])) for k in keys if k in lab.period]
    # daily rows a month at a time (茅台2023年每个月的平均收盘价), one thing's too
    return month_columns(g) if lab.day and g.lang.found("each_month", q) else []


def _own_rows(g: QueryGraph, owner: str, rows: str) -> bool:
    """Are these rows a thing's own (its facts through its concepts), not its members'?"""
    paths = g.schema.shortest_paths(owner, rows)
    labels = g.schema.labels
    return bool(paths) and all(labels[h.dst].measure or labels[h.dst].period or labels[h.dst].dynamic
                               for h in paths[0].hops[:-1])


def _stored(g: QueryGraph, shown: Shown):
    """The schema's definition of a property the answer shows (None for a derived one)."""
    slot = next((s for s in g.slots if s.var == shown.ref.var), None)
    return g.schema.labels[slot.label].property(shown.ref.key) if slot is not None else None


def _ranked_by_value(g: QueryGraph, a, fn: str):
    """注册资本合计最多的省份, 平均注册资本最高的上市板块: each value of a word
    property with its total (mean) of a figure, ranked — the one at the top."""
    rank = a.extreme or a.which
    if rank is None or not rank.params.get("dir") or not a.shown:
        return None
    pair = [(x, _stored(g, x)) for x in a.shown[-2:]]
    key = next((x for x, d in pair if d is not None and d.vocabulary), None)
    named = key is None  # 深市主板和创业板谁高: the values named, each shown (the higher first), like two names
    key = (key.ref, g.lang.label_word(key.alias)) if key is not None else _values_named(g)
    figure = next((x for x, d in pair if d is not None and d.type in NUMBERS), None)
    if key is None or figure is None or _fixed(g, key[0]):
        return None  # 本科学历经理中规模最大的: one value kept, nothing to rank it against
    total = Call(fn, (figure.ref,))
    cols = (Column(*key),
            Column(total, aggregate_word(g, fn, figure.alias)))
    # 平均跌得最多的上市板块: a figure named by a fall word ranks the other way
    order = (Sort(total, (rank.params["dir"] == "desc") != g.flipped(figure.ref)), Sort(key[0]))
    limit = None if named and a.topk is None else picked_rows(g, a, True)
    return g.candidate((g.pattern(), Projection(cols, order=order, limit=limit)), NAME)  # 前三: three


def _values_named(g: QueryGraph) -> tuple | None:
    """深市主板和创业板今天平均涨幅谁高: the values named of a word property (IN), each one's figure."""
    for c in g.conds:
        slot = next((s for s in g.slots if isinstance(c, Op) and c.op == "IN" and isinstance(c.left, Ref)
                     and s.var == c.left.var), None)  # (an edge's IN has no slot)
        d = g.schema.labels[slot.label].property(c.left.key) if slot is not None else None
        if d is not None and d.vocabulary:
            return c.left, g.lang.label_word(g.prop_word(slot.label, c.left.key))
    return None


def _fixed(g: QueryGraph, ref: Ref) -> bool:
    """Is this property held to one value by a condition (学历 = 本科)?"""
    return any(isinstance(c, Op) and c.op == "=" and c.left == ref for c in g.conds)


def _ranked_by_total(g: QueryGraph, a, fn: str, last: Shown):
    """哪个经理管的基金规模加起来最多, 张丽华和韩伟谁管的规模总和更大, 总规模前十的经理:
    each one's total of what it reaches, ranked — not one total over all of them."""
    rank, t = a.extreme or a.which or a.topk, g.target
    if rank is None or not rank.params.get("dir") or last.ref.var == t.var or t.kind not in ("label", "entity") \
            or (t.kind == "entity" and len(t.names) < 2):
        return None
    name = g.name_of(t)
    total = Call(fn, (last.ref,))
    cols = (Column(*name), Column(total, aggregate_word(g, fn, last.alias)))
    order = (Sort(total, (rank.params["dir"] == "desc") != g.flipped(last.ref)), Sort(name[0]))
    return g.candidate((g.pattern(), Projection(cols, order=order, limit=picked_rows(g, a, True))), NAME)


def _each_once(g: QueryGraph, shown: Shown, cols: list[Column]) -> tuple:
    """女基金经理管的基金平均规模: a fund two of them run counts once — the things
    whose value is aggregated, joined to others, are made distinct first."""
    owner = next((x for x in g.slots if x.var == shown.ref.var), None)
    if owner is None or owner.kind not in ("label", "data"):
        return ()
    # a day's row counts once however many news items its stock has (有利好消息的股票今天平均涨了多少)
    own = {owner.var} | ({v for ln in g.links if owner.var in (ln.a, ln.b) for v in (ln.a, ln.b)}
                         if owner.kind == "data" else set())
    if not any(_fans_out(g, x) for x in g.slots if x.var not in own):
        return ()  # joined only to one named thing or one day's row: each is one row already
    keep = [owner.var] + [c.expr.var for c in cols[:-1] if isinstance(c.expr, Ref) and c.expr.var != owner.var]
    return (Projection(tuple(Column(Whole(v)) for v in dict.fromkeys(keep)), distinct=True, carry=True),)


def _single_value(g: QueryGraph, shown: Shown) -> bool:
    slot = next((x for x in g.slots if x.var == shown.ref.var), None)
    if slot is not None and slot.kind == "entity" and len(slot.names) > 1:
        return True  # 这两只基金的平均规模: one figure each, the mean is over them
    if slot is None or slot.kind != "data" or g.single_day is None:
        return False
    parent = [ln for ln in g.links if ln.b == slot.var or ln.a == slot.var]
    ends = {ln.a for ln in parent} | {ln.b for ln in parent}
    return any(g.slot_of(v).kind == "entity" for v in ends if v != slot.var)


def _fans_out(g: QueryGraph, slot) -> bool:
    """Can this slot match several nodes per aggregated thing (several managers of a fund)?"""
    if slot.kind == "entity":
        return len(slot.names) > 1
    return not (slot.kind == "data" and g.single_day is not None)
