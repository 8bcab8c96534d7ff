"""Time: daily rows are filtered to a trading day (the asked day, else the latest
trading day on or before it, noted) or to a period; report rows to a quarter,
half-year or year (the latest report when none is named). Skipped when the
question asks about all history (历史最高).

Reads the first unused time mention; writes conditions, `single_day`,
`day_range`, notes."""

from __future__ import annotations

from ..ir import Const, Day, Op, QueryGraph, Ref, Slot
from ..shapes.common import asked as asks, joined_times, joined_years


def run(g: QueryGraph) -> None:
    if g.has("history"):
        return
    t = g.time_span()
    for s in list(g.slots):
        lab = g.schema.labels[s.label]
        if lab.period:
            report_period(g, s, t)
        elif lab.dynamic and lab.day:
            daily_period(g, s, t)
        elif lab.day and t is not None and t.kind != "day":  # 这个月发行量最大的新股: issued this month
            dated_period(g, s, t)


# units that read a stretch of days; without them 截至3月8日 asks for one value
_OVER_DAYS = ("aggregate", "extreme", "change", "order", "topk", "growth")


def daily_period(g: QueryGraph, s: Slot, t) -> None:
    ref = g.day(s.var, s.label)
    ctx = g.ctx
    as_of = t is not None and t.kind == "until" and t.end is not None and not any(g.has(k) for k in _OVER_DAYS)
    if t is None and g.has("extreme") and asks(g, "day"):  # 茅台哪天收盘最高: over every day there is
        g.day_range = True
        return
    days = joined_times(g, "day") if t is not None and t.kind == "day" else {}
    if len(days) > 1:  # 3月14号和15号的收盘价: each of those days
        g.conds.append(_either([Op("=", ref, Day(ctx.trading_day_on_or_before(d.start) if ctx.trading_days
                                                   else d.start)) for d in days.values()]))
        g.consumed.update(days)
        g.day_range = True
        return
    if t is None or t.kind == "day" or as_of:
        asked = t.end if as_of else t.start if t is not None else ctx.today
        day = ctx.trading_day_on_or_before(asked) if ctx.trading_days else asked
        if day != asked:
            g.notes.append(g.lang.say("notes.not_a_trading_day", asked=asked.isoformat(), day=day.isoformat()))
        g.conds.append(Op("=", ref, Day(day)))
        g.single_day = day
    else:
        if t.start is not None:
            g.conds.append(Op(">=", ref, Day(t.start)))
        if t.end is not None:
            g.conds.append(Op("<=", ref, Day(t.end)))
        g.day_range = True


def dated_period(g: QueryGraph, s: Slot, t) -> None:
    """Things dated once (a new issue's release day), asked over a period: those dated in it."""
    ref = g.day(s.var, s.label)
    if t.start is not None:
        g.conds.append(Op(">=", ref, Day(t.start)))
    if t.end is not None:
        g.conds.append(Op("<=", ref, Day(t.end)))
    g.used.add(next(i for i, m in enumerate(g.m) if m.kind == "time" and i not in g.consumed))


def report_period(g: QueryGraph, s: Slot, t) -> None:
    period = g.schema.labels[s.label].period
    year, quarter, half = (Ref(s.var, period[k]) if k in period else None for k in ("year", "quarter", "half"))
    if t is None:
        latest = g.ctx.latest.get(s.label)
        if latest is None:
            return
        y, q = latest.year, (latest.month - 1) // 3 + 1
        g.conds.extend([Op("=", year, Const(y)), Op("=", quarter, Const(q))])
        g.notes.append(g.lang.say("notes.latest_report", year=y, quarter=q))
        return
    if t.quarter and t.year is None:  # 2020到2023每年四季度: that quarter of each year
        g.conds.extend([Op(">=", year, Const(t.start.year)), Op("<=", year, Const(t.end.year)),
                        Op("=", quarter, Const(t.quarter))])
    elif t.quarter and len(qs := joined_times(g, "quarter")) > 1 and len({q.year for q in qs.values()}) == 1:
        # 2023年三季度和四季度: both quarters of the year
        g.conds.extend([Op("=", year, Const(t.year)), Op("IN", quarter, Const([q.quarter for q in qs.values()]))])
        g.consumed.update(qs)
    elif t.quarter:
        g.conds.extend([Op("=", year, Const(t.year)), Op("=", quarter, Const(t.quarter))])
    elif t.half:
        g.conds.extend([Op("=", year, Const(t.year)), Op("=", half, Const(t.half))])
    elif t.kind == "year" and t.year and len(joined_years(g)) > 1:  # in 2015 and 2023: either year
        years = joined_years(g)
        g.conds.append(Op("IN", year, Const(list(years.values()))))
        g.consumed.update(years)
    elif t.kind == "year" and t.year:
        g.conds.append(Op("=", year, Const(t.year)))
    elif not g.schema.labels[s.label].day and year is not None:  # yearly rows with no date: the years spanned
        if t.start:
            g.conds.append(Op(">=", year, Const(t.start.year)))
        if t.end:
            g.conds.append(Op("<=", year, Const(t.end.year)))
    else:
        if t.start:
            g.conds.append(Op(">=", g.day(s.var, s.label), Day(t.start)))
        if t.end:
            g.conds.append(Op("<=", g.day(s.var, s.label), Day(t.end)))


def _either(conds: list) -> Op:
    """c1 OR c2 OR …: any of the days said."""
    out = conds[0]
    for c in conds[1:]:
        out = Op("OR", out, c)
    return out
