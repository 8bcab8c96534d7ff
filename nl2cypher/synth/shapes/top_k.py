"""涨幅前十的股票 / 收盘价最高的板块 / 按成交量排序: members ordered by a value
(a fall word such as 跌幅 sorts the other way), top k, the top one, or all."""

from __future__ import annotations

from ...errors import CannotTranslate
from ..ir import Call, Column, Op, Pattern, Projection, QueryGraph, Ref, Slot, Sort, Whole, refs
from .common import aggregate_word, ask, asked, groups_own_rows, hangs_on, of_each, rank_limit, rows_total

NAME = "ranking"


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    return (a.extreme is not None or a.topk is not None or a.ordering is not None) and bool(a.shown)


def lower(g: QueryGraph):
    a = ask(g)
    unit = a.topk or a.extreme or a.ordering
    if g.target.kind == "entity" and len(g.target.names) == 1 and g.single_day is not None:
        # 银行板块今天涨幅倒数三名: one named thing on one day has one row to rank —
        # this reading is wrong (its members are meant); let the other choices answer
        raise CannotTranslate(g.lang.say("errors.no_query"))
    before = [x for x in a.shown if x.mention is not None and g.pos(x.mention) <= unit.start]
    ranked = before[-1] if before else a.shown[0]  # the property nearest before the unit, else the first
    named = {s.var for s in g.slots if s.kind == "entity" and len(s.names) == 1}
    if not hangs_on(g, ranked.ref.var, {g.target.var}) and groups_own_rows(g, ranked.ref.var, named):
        # 券商板块今天涨幅前三: its members ranked by the board's own daily change — their own are
        # meant; let the other choices answer
        raise CannotTranslate(g.lang.say("errors.no_query"))
    direction = unit.params.get("dir", "desc")
    if unit.params.get("neutral") and a.extreme is not None:
        direction = a.extreme.params.get("dir", direction)  # 最低的前五: the first five from the low end
    if unit.params.get("neutral") and a.ordering is not None:
        direction = a.ordering.params.get("dir", direction)  # 从小到大排，前5: the first five of that order
    desc = (direction == "desc") != g.flipped(ranked.ref)  # 跌幅最大: ascending
    limit = rank_limit(g, a)
    name = g.name_of(g.target)
    if _both_ends(g, a):  # 注册资本最大和最小的公司: the rows at either end
        return _ends(g, ranked, name)
    owner = _ranked_owner(g, ranked.ref)
    total = rows_total(g, ranked.ref)
    if not total and _over_several(g, ranked.ref):  # 半导体持仓市值最多的基金: all its semis held, added up
        total, owner = g.pdef_of(ranked.ref).total, None
    if total and owner is None and not _when(g, ranked.ref):  # 2023年净利润最高的: each one's year, not its best quarter
        value = Call(total, (ranked.ref,))
        alias = aggregate_word(g, total, ranked.alias)
        order = (Sort(value, desc), Sort(name[0]))
        return g.candidate((g.pattern(), Projection((Column(*name), Column(value, alias)), order=order, limit=limit)), NAME)
    cols = [Column(*name)] + ([Column(*g.name_of(owner))] if owner is not None else []) + of_each(g)
    when = _when(g, ranked.ref)
    cols += [Column(x.ref, x.alias) for x in a.shown if x.ref != ranked.ref] + when
    cols += [Column(ranked.ref, ranked.alias)]
    order = (Sort(ranked.ref, desc), Sort(name[0])) + tuple(Sort(c.expr) for c in when)  # ties by name, then day
    if owner is not None:  # …the owner's too (one holder's holdings tie by the stock's name)
        order += (Sort(g.name_of(owner)[0]),)
    if owner is not None and limit is not None:
        parts = _ranked_first(g, owner, Sort(ranked.ref, desc), limit, {r.var for c in cols for r in refs(c.expr)})
        if parts is not None:
            return g.candidate(parts + (Projection(tuple(cols), order=order),), NAME)
    # distinct: a thing joined but not shown (股东公司: its holders) must not repeat the ranked rows —
    # where every order is a column shown (a store orders distinct rows only by what they show)
    shown = {r.var for c in cols for r in refs(c.expr)}
    distinct = any(s.var not in shown for s in g.slots) and all(any(o.expr == c.expr for c in cols) for o in order)
    return g.candidate((g.pattern(), Projection(tuple(cols), distinct=distinct, order=order, limit=limit)), NAME)


def _both_ends(g: QueryGraph, a) -> bool:
    """最大和最小的: superlatives both ways (one each), no top k."""
    dirs = [u.params.get("dir", "desc") for u in g.units_of("extreme")]
    return a.topk is None and len(dirs) == 2 and set(dirs) == {"asc", "desc"}


def _ends(g: QueryGraph, ranked, name):
    """The highest and the lowest value over the rows carried, then the rows holding either."""
    hi, lo = "highest", "lowest"
    first = g.pattern()
    keep = Projection((Column(Call("max", (ranked.ref,)), hi), Column(Call("min", (ranked.ref,)), lo)), carry=True)
    either = Op("OR", Op("=", ranked.ref, Whole(hi)), Op("=", ranked.ref, Whole(lo)))
    again = Pattern(first.paths, first.conds + (either,))
    cols = (Column(*name), Column(ranked.ref, ranked.alias))
    return g.candidate((first, keep, again, Projection(cols, order=(Sort(ranked.ref, True), Sort(name[0])))), NAME)


def _over_several(g: QueryGraph, ref) -> bool:
    """Is the figure ranked on a relationship of the ranked thing to things the question
    picks (its holdings of a board's stocks), one that adds up over them (`total` on the
    edge's property)? Then each thing's figure is its total over those relationships."""
    ln = next((x for x in g.links if x.rel_var == ref.var), None)
    pdef = g.pdef_of(ref) if ln is not None else None
    if pdef is None or not pdef.total or g.target.var not in (ln.a, ln.b):
        return False
    other = g.slot_of(ln.b if ln.a == g.target.var else ln.a)
    if other.kind == "entity":  # one thing at the other end (茅台's holders): one relationship each
        return False
    # the things at the other end picked by a named thing they link to (a board's stocks)
    near = {x.b if x.a == other.var else x.a for x in g.links if x is not ln and other.var in (x.a, x.b)}
    return any(g.slot_of(v).kind == "entity" for v in near)


def _when(g: QueryGraph, ref) -> list[Column]:
    """招行23年哪个季度赚得最多: asked when, the ranked row's day (or report period) shows."""
    slot = next((x for x in g.slots if x.var == ref.var and x.kind == "data"), None)
    if slot is None:
        return []
    lab = g.schema.labels[slot.label]
    one = g.target.kind == "entity" and len(g.target.names) == 1
    # 过去一年连续涨停天数最多的: one day's row of many days ranked — the day shows which
    several_days = bool(lab.day) and not lab.period and g.single_day is None \
        and not g.lang.found("each_day", g.ex.question)  # 每个交易日…前5: a top five a day, not shown by a day column
    if not asked(g, "day") and not (one and lab.period and not lab.day) and not several_days:
        return []  # Merck's highest R&D in any year: one thing's yearly figures, the year is its answer
    keys = [lab.period[k] for k in ("year", "quarter") if k in lab.period] if lab.period else [lab.day] if lab.day else []
    return [Column(Ref(slot.var, k), g.prop_word(slot.label, k)) for k in keys]


def _ranked_owner(g: QueryGraph, ref) -> Slot | None:
    """规模最大的基金是谁管的: the thing ranked (or the holder whose holding is ranked)
    when it is not the target — the answer names it too."""
    ln = next((x for x in g.links if x.rel_var == ref.var), None)
    vars_ = (ln.a, ln.b) if ln is not None else (_reporter(g, ref.var),)
    # 香港中央结算持股比例最高的是哪家: one holder named, its holdings ranked — the things held, though unsaid
    kinds = ("label", "hidden") if ln is not None and g.target.kind == "entity" and len(g.target.names) == 1 else ("label",)
    # 这六家中注册资本最大的是哪家 董事长是谁: one of the things named is picked — named too
    return next((s for s in g.slots if s.var in vars_ and s is not g.target
                 and (s.kind in kinds or s.kind == "entity" and len(s.names) > 1)), None)


def _reporter(g: QueryGraph, var: str) -> str:
    """The thing a figure's row hangs on (a fact's company, through its concept):
    the directors of the pharma company with the biggest revenue rank the companies."""
    seen = {var}
    while g.slot_of(var).kind == "data":
        near = [ln.b if ln.a == var else ln.a for ln in g.links if var in (ln.a, ln.b)]
        var = next((v for v in near if v not in seen), None)
        if var is None:
            return next(iter(seen))
        seen.add(var)
    return var


def _ranked_first(g: QueryGraph, owner: Slot, by: Sort, limit: int, shown: set[str]) -> tuple | None:
    """Rank the owners first, then follow them to the target: the biggest fund's
    managers are all of them (ranking fund-manager pairs would keep one). Not when a
    column shows something neither carried nor followed to (a holding's 占比)."""
    later = [ln for ln in g.links if g.target.var in (ln.a, ln.b)]
    after = {v for ln in later for v in (ln.a, ln.b, ln.rel_var, *(st.var for st in ln.steps))} - {owner.var}
    if not later or by.expr.var in after:
        return None
    first = [ln for ln in g.links if ln not in later]
    conds = [(c, any(r.var in after for r in refs(c))) for c in g.conds]
    carried = (Column(Whole(owner.var)),) + ((Column(Whole(by.expr.var)),) if by.expr.var != owner.var else ())
    # the things the later links start from go along too (持仓市值最大的股票属于哪个板块: the stock held)
    joins = {v for ln in first for v in (ln.a, ln.b)} & {v for ln in later for v in (ln.a, ln.b)}
    carried += tuple(Column(Whole(v)) for v in sorted(joins - {owner.var, by.expr.var}))
    tie = g.name_of(owner)[0]
    if tie.var in after:  # a new issue named by its stock, joined later: its own code breaks the tie
        tie = Ref(owner.var, g.schema.labels[owner.label].display)
    if shown - {c.expr.var for c in carried} - after:
        return None
    keep = Projection(carried, distinct=True, order=(by, Sort(tie)), limit=limit, carry=True)
    alone = {s.var for s in g.slots} - after
    return (g.pattern(first, [c for c, late in conds if not late], alone), keep,
            g.pattern(later, [c for c, late in conds if late], set()))

