"""今年以来涨得最多的股票 / 上周哪个板块跌得最多 / 这个月涨幅前五 / 格力和美的这个月哪个
涨得多 / 今年以来涨幅排名: things ranked by
their change over a period — the last price in it against the price of the
trading day before it (the label's `measures`), as `change` does for one thing —
not by their best single day."""

from __future__ import annotations

from ..ir import Column, Const, Day, Op, Pattern, PathSpec, Projection, QueryGraph, Ref, Sort, Step, Value, refs
from .common import ask, each, picked_rows

NAME = "change_rank"


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    ranks = a.extreme is not None or a.topk is not None or (a.which is not None and a.group is not None) \
        or a.ordering is not None  # 今年以来涨幅排名: every one, ranked by its change
    return (ranks or bool(_bounds(g))) and g.day_range and g.target is not None and len(a.data_slots) == 1 \
        and (g.target.kind != "entity" or len(g.target.names) > 1)  # 格力和美的这个月哪个涨得多: the group


def _bounds(g: QueryGraph) -> list[Op]:
    """本周涨幅超过5%的股票, 今年以来跌幅超过10%的板块: the change bounded is the period's —
    not any one day's (unless a day or each day is asked: 本周哪天涨超过5%, 每天都涨超过3%)."""
    a = ask(g)
    if len(a.data_slots) != 1 or each(g) or g.lang.found("each_day", g.ex.question) or \
            g.lang.says(g.ex.question, (g.lang.words.get("asks") or {}).get("day", ())):
        return []
    rows = a.data_slots[0]
    change = g.schema.labels[rows.label].measures.get("change")
    return [c for c in g.conds if isinstance(c, Op) and c.op in ("<", ">", "<=", ">=")
            and c.left == Ref(rows.var, change) and isinstance(c.right, (Value, Const))]


def lower(g: QueryGraph):
    a = ask(g)
    rows = a.data_slots[0]
    measures = g.schema.labels[rows.label].measures
    ranked = next((x for x in a.shown if x.ref == Ref(rows.var, measures.get("change"))), None)
    price, t = measures.get("price"), g.time_span()
    if ranked is None or price is None or t is None or not g.ctx.trading_days:
        return None
    end = g.ctx.trading_day_on_or_before(t.end or g.ctx.today)
    before = g.ctx.period_base(t.start or end, end)
    bounds = _bounds(g)
    base = g.pattern()
    day = g.day(rows.var, rows.label)
    if before is None or any(_reads(c, rows.var) and not _reads_only(c, day) and c not in bounds for c in base.conds):
        return None  # a condition on the daily rows themselves (涨停的): a day's question, not a period's
    last = g.new_var(rows.label)
    paths = base.paths + tuple(_to(p, rows.var, last) for p in base.paths if _ends_at(p, rows.var))
    conds = tuple(c for c in base.conds if not _reads(c, rows.var))
    conds += (Op("=", day, Day(before)), Op("=", g.day(last, rows.label), Day(end)))
    first_price, last_price = Ref(rows.var, price), Ref(last, price)
    pct = Op("*", Op("/", Op("-", last_price, first_price), first_price), Const(100.0))
    conds += tuple(Op(c.op, pct, c.right) for c in bounds)
    unit = a.topk or a.extreme or a.which or a.ordering
    # 跌得最多: ascending; a bound alone lists the most moved first (a fall's bound: the most fallen)
    desc = (unit.params.get("dir", "desc") == "desc") != g.flipped(ranked.ref) if unit is not None else \
        all(c.op in (">", ">=") for c in bounds)
    name = g.name_of(g.target)
    change = g.prop_word(rows.label, measures.get("change"))
    cols = (Column(*name), Column(pct, g.lang.say("columns.change", change=change)))
    order = (Sort(pct, desc), Sort(name[0]))
    note = g.lang.say("notes.change", change=change, end=end, before=before)
    limit = picked_rows(g, a, unit is a.which) if unit is not None else None
    return g.candidate((Pattern(paths, conds), Projection(cols, order=order, limit=limit)), "ranking",
                       g.notes + [note])


def _ends_at(p: PathSpec, var: str) -> bool:
    return bool(p.steps) and p.steps[-1].var == var


def _to(p: PathSpec, var: str, new: str) -> PathSpec:
    """The same path to another row of the same kind."""
    last = p.steps[-1]
    return PathSpec(p.var, p.label, p.steps[:-1] + (Step(last.edge, last.forward, new, last.label),))


def _reads(e, var: str) -> bool:
    return any(r.var == var for r in refs(e))


def _reads_only(e, ref: Ref) -> bool:
    return all(r == ref for r in refs(e))
