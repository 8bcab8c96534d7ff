"""我有300股茅台今天赚了还是亏了, 1000股招行昨天收盘市值多少, 成本价50的宁德现在亏多少: the
user's own holding — so many shares, bought at a price — valued at a day's close (the schema's
`price` measure): its worth, that day's gain (the shares times the change from the trading day
before, or from the day before a period said), the gain since the price paid."""

from __future__ import annotations

import datetime as dt

from ..ir import Column, Const, Day, Op, Projection, QueryGraph, Ref, Whole
from .common import branch

NAME = "position"


def applies(g: QueryGraph) -> bool:
    priced = _priced(g) if g.has("holding") else None  # (every question passes here: the holding's words first)
    return priced is not None and bool(_said(g, priced, "shares") or _said(g, priced, "cost"))


def _priced(g: QueryGraph):
    """(the one named thing, the daily label that prices it) — one hop away, `measures.price`."""
    ents = [s for s in g.entities() if len(s.names) == 1]
    if len(ents) != 1:
        return None
    for lab in g.schema.labels.values():
        if lab.measures.get("price") and lab.day:
            paths = g.schema.shortest_paths(ents[0].label, lab.name)
            if paths and len(paths[0].hops) == 1:
                return ents[0], lab
    return None


def _asked(g: QueryGraph, role: str) -> bool:
    return any(u.params.get("role") == role for u in g.units_of("holding"))


def _said(g: QueryGraph, priced, role: str) -> float | None:
    """The number a holding unit of this role read (300 of 300股, 50 of 成本价50); shares are
    counted in the priced thing's own kind (not 3 of top 3 shareholders)."""
    units = g.lang.words.get("share_units") or ()
    for u in g.units_of("holding"):
        k, kind = u.ref("num"), u.ref("label")
        if u.params.get("role") != role:
            continue
        if k is not None and g.m[k].number is not None and (role != "shares" or g.m[k].number.unit in units):
            return g.m[k].number.value
        if u.text.strip().isdigit() and (kind is None or priced[0].label in g.m[kind].targets):
            return float(u.text)  # 300股茅台: digits the lexicon left untagged beside the 股 it read
    return None


def _days(g: QueryGraph) -> tuple[dt.date, dt.date | None]:
    """The day valued, and the day before the period said (a period's gain) or None."""
    ctx = g.ctx
    k = next((i for i, m in enumerate(g.m) if m.kind == "time" and m.time is not None and m.time.start is not None),
             None)
    span = g.m[k].time if k is not None else None
    if k is not None:
        g.consumed.add(k)  # the day (period) the holding is valued at
    if span is None or span.end is None:
        return ctx.trading_day_on_or_before(g.single_day or ctx.today), None
    end = ctx.trading_day_on_or_before(min(span.end, ctx.today))
    if span.start == span.end:
        return end, None
    return end, ctx.trading_day_before(span.start)


def _on(g: QueryGraph, label: str, d: dt.date):
    return lambda v: [Op("=", g.day(v, label), Day(d))]


def lower(g: QueryGraph):
    priced = _priced(g)
    ent, lab = priced
    shares, cost = _said(g, priced, "shares"), _said(g, priced, "cost")
    price = lab.measures["price"]
    day, before = _days(g)
    word = g.prop_word(lab.name, price)
    cur, cur_val = branch(g, ent.label, ent.names[0], lab.name, price, _on(g, lab.name, day))
    n = Const(int(shares)) if shares is not None else None
    if _asked(g, "worth") and n is not None:
        cols = (Column(cur_val, f"{day}{word}"), Column(n, g.lang.say("columns.position_shares")),
                Column(Op("*", n, cur_val), g.lang.say("columns.position_worth")))
        return g.candidate((cur, Projection(cols)), NAME)
    if cost is not None:  # since the price paid
        paid = Const(cost)
        gain = Op("-", cur_val, paid)
        cols = (Column(cur_val, f"{day}{word}"), Column(paid, g.lang.say("columns.position_cost")),
                Column(gain, g.lang.say("columns.position_gain_each")),
                Column(Op("/", Op("*", gain, Const(100.0)), paid), g.lang.say("columns.position_gain_pct")))
        if n is not None:
            cols += (Column(Op("*", n, gain), g.lang.say("columns.position_gain")),
                     Column(Op("*", n, cur_val), g.lang.say("columns.position_worth")))
        if _asked(g, "even"):  # 回本没: whether it is back
            cols += (Column(Op(">=", cur_val, paid), g.lang.say("columns.position_even")),)
        return g.candidate((cur, Projection(cols)), NAME)
    one_day = before is None  # that day's own change is stored (the schema's `change` measure)
    before = before or g.ctx.trading_day_before(day)
    change = lab.measures.get("change") if one_day else None
    if before is None:
        return None
    prev, prev_val = branch(g, ent.label, ent.names[0], lab.name, price, _on(g, lab.name, before))
    gain = Op("-", Whole("cur"), Whole("prev"))
    pct = Whole("chg") if change else Op("/", Op("*", gain, Const(100.0)), Whole("prev"))
    cols = (Column(Whole("cur"), f"{day}{word}"), Column(Whole("prev"), f"{before}{word}"),
            Column(gain, g.lang.say("columns.position_gain_each")),
            Column(pct, g.prop_word(lab.name, change) if change else g.lang.say("columns.position_gain_pct")),
            Column(Op("*", n, gain), g.lang.say("columns.position_gain")))
    kept = (Column(Ref(cur_val.var, change), "chg"),) if change else ()
    carried = (Column(Whole("chg")),) if change else ()
    return g.candidate((cur, Projection((Column(cur_val, "cur"),) + kept, carry=True),
                        prev, Projection((Column(Whole("cur")),) + carried + (Column(prev_val, "prev"),), carry=True),
                        Projection(cols)), NAME)
