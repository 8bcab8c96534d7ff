"""每个板块各有多少只股票 / 各行业今天的平均涨幅 / 按省份统计公司数量取前五 /
管的基金最多的经理: one row per group — a label's things or a property's values —
with a count or an aggregate, ordered by it (top k when asked); or, for a
superlative with neither (the largest company in each industry), each group's best."""

from __future__ import annotations

from ...errors import CannotTranslate
from ...units import Unit
from ..ir import Attached, Call, Column, Const, Expr, Op, Pattern, Projection, QueryGraph, Ref, Sort, Whole
from ..paths import holder
from .common import aggregate_word, ask, dated_day, every_group, groups_own_rows, members_rows, rank_limit

NAME = "group"
NUMBERS = ("int", "int64", "float", "double", "decimal")  # figures, never a group's key


def applies(g: QueryGraph) -> bool:
    return g.has("group") or bool(g.member_bounds) or _most_of_a_month(g) is not None


def lower(g: QueryGraph):
    most = _most_of_a_month(g)
    if not g.has("group") and most is None:  # which states have more than 5 companies: by the answer's things
        return _bounded(g, *g.name_of(g.target), g.target.var)
    unit = _grouping(g) if g.has("group") else most
    key = _key(g, unit)
    if key is None:
        return None
    key_ref, key_alias, key_slot = key
    if g.member_bounds:
        return _bounded(g, key_ref, key_alias, key_slot)
    measures = _measures(g, unit, key_ref, key_slot)
    if not measures:
        return _best_of_each(g, key_ref, key_alias, key_slot)
    expr = measures[0][0]
    a = ask(g)
    rank = a.topk or a.extreme
    desc = (rank or unit).params.get("dir", "desc") == "desc"
    limit = rank_limit(g, a)
    cols = (Column(key_ref, key_alias),) + tuple(Column(e, alias) for e, alias in measures)
    order = (Sort(expr, desc), Sort(key_ref))  # ties broken by the group's name: stable answers
    n = next((e for e, _ in measures if isinstance(e, Call) and e.fn == "count"), None)
    if n is not None and any(u.params.get("of") == "groups" for u in g.units_of("share")):
        return _with_shares(g, cols, n, desc, limit)
    every = every_group(g, key_slot, n) if n is not None and len(measures) == 1 else None
    return g.candidate((*(every or (g.pattern(),)), Projection(cols, order=order, limit=limit)), NAME)


def _with_shares(g: QueryGraph, cols: tuple, n: Call, desc: bool, limit: int | None):
    """利好和利空各有多少条 占比: all that is counted first, then each group with its figures carried
    beside that total, and its count's share of it."""
    whole = (g.pattern(), Projection((Column(n, "total"),), carry=True))
    names = [f"m{k}" for k in range(len(cols))]
    carried = Projection(tuple(Column(c.expr, v) for c, v in zip(cols, names)) + (Column(Whole("total"), "total"),),
                         carry=True)
    counted = Whole(names[[c.expr for c in cols].index(n)])
    shown = tuple(Column(Whole(v), c.alias) for c, v in zip(cols, names))
    shown += (Column(Op("/", Op("*", counted, Const(100.0)), Whole("total")), g.lang.say("columns.group_share")),)
    order = (Sort(Whole(names[1]), desc), Sort(Whole(names[0])))
    return g.candidate(whole + (g.pattern(), carried, Projection(shown, order=order, limit=limit)), NAME)


def _bounded(g: QueryGraph, key_ref: Ref, key_alias: str, key_slot: str | None):
    """For each state with more than five companies, the number of companies (for each
    company whose 2023 profit passed 100亿, that total): the groups' aggregate first, the
    bound on it kept, the most first."""
    op, value, n, word = g.member_bounds[0]
    if key_slot is None or n.args[0].var == key_slot:  # a bound no reading of the groups holds
        raise CannotTranslate(g.lang.say("errors.no_query"))
    a = ask(g)
    keep = Projection((Column(key_ref, "group_key"), Column(n, "members")), carry=True,
                      where=(Op(op, Whole("members"), value),))
    if g.has("count") and not g.has("group") and not g.has("list"):  # 去年净利润超过50亿的白酒股有几只: those kept, counted
        return g.candidate((g.pattern(), keep, Projection((Column(Call("count", (Whole("group_key"),)),
                                                                  g.lang.say("columns.count")),))), NAME)
    cols = (Column(Whole("group_key"), key_alias), Column(Whole("members"), word or g.lang.say("columns.count")))
    order = (Sort(Whole("members"), True), Sort(Whole("group_key")))
    return g.candidate((g.pattern(), keep, Projection(cols, order=order, limit=rank_limit(g, a))), NAME)


def _best_of_each(g: QueryGraph, key_ref: Ref, key_alias: str, key_slot: str | None):
    """The largest company in each industry: each group's highest (lowest) value first,
    then the things that have it — ties all shown. One per group: a top k of each declines."""
    a = ask(g)
    shown = [x for x in a.shown if x.ref != key_ref]
    if a.extreme is None or a.topk is not None or not shown or key_slot in (None, g.target.var):
        return None
    ranked = shown[0]
    if ranked.ref.var == key_slot or groups_own_rows(g, ranked.ref.var, {key_slot}):
        # the group's own figure (a board's own change) has no best among its members:
        # this reading is wrong, let the other choices answer
        raise CannotTranslate(g.lang.say("errors.no_query"))
    desc = (a.extreme.params.get("dir", "desc") == "desc") != g.flipped(ranked.ref)
    base = g.pattern()
    best = Projection((Column(Whole(key_slot)), Column(Call("max" if desc else "min", (ranked.ref,)), "best")), carry=True)
    again = Pattern(base.paths, base.conds + (Op("=", ranked.ref, Whole("best")),))
    name = g.name_of(g.target)
    cols = (Column(key_ref, key_alias), Column(*name), Column(ranked.ref, ranked.alias))
    return g.candidate((base, best, again, Projection(cols, order=(Sort(key_ref), Sort(name[0])))), NAME)


def _grouping(g: QueryGraph):
    """The group asked: the average revenue per company for each state is by state — of
    two, the one that is not what reports the figure (per company says what is averaged)."""
    units = g.units_of("group")
    if len(units) > 1 and g.has("aggregate"):
        reporters = {r for s in g.slots if g.schema.labels[s.label].measure for r in g.schema.reporters(s.label)}
        others = [u for u in units if u.ref("label") is None or not set(g.m[u.ref("label")].targets) & reporters]
        if others:
            return others[0]
    return units[0]


def _key(g: QueryGraph, unit) -> tuple[Ref, str, str | None] | None:
    """What the rows are grouped by: a property's values (按省份), a label's
    things (每个板块), the property of values listed before 各 (本科、硕士、博士各几个),
    or — for 「…最多的经理」 — the answer's subject."""
    if (month := _month_key(g)) is not None:  # 2023年各月涨停次数最多的是哪个月: by month
        return month
    v = unit.ref("val")
    if v is not None:  # 利好和利空各几条: the property those values are of
        held = {s.label for s in g.slots} | {st.edge for ln in g.links for st in ln.steps}
        fit = next((t for t in g.m[v].targets if t.partition(".")[0] in held), g.m[v].targets[0])
        owner, _, prop = fit.partition(".")
        where = holder(g, owner, g.pos(v), g.target)
        pdef = g.pdef(where, prop) if where is not None else None
        if pdef is None:
            return None
        return Attached(v, where, prop).ref, g.lang.label_word(pdef.description) if pdef.description else prop, None
    p = unit.ref("prop")
    if p is not None:
        a = next((x for x in g.props if x.mention == p or p in g.prop_mentions.get(x.ref, ())), None)
        if a is None:
            return None
        pdef = g.pdef(a.owner, a.prop)
        if unit.params.get("count") == "label" and pdef is not None and pdef.type in NUMBERS:
            return None  # 哪个板块跌得最多: a figure ranks the things, it does not group them
        # the property's owner is still what is counted (公司 by 省份)
        return a.ref, g.lang.label_word(pdef.description) if pdef is not None and pdef.description else a.prop, None
    if unit.params.get("count") == "label" and (by := _said_after(g, unit)) is not None:
        return by  # 股票数量最多的省份: the things counted per value of the property said after
    # the kind said (每个板块), or several named (五粮液和茅台的第一大股东分别是谁: per one of them)
    lab = None if unit.params.get("count") in ("label", "rows") else \
        (unit.ref("label") if unit.ref("label") is not None else unit.ref("ent"))
    slot = next((s for s in g.slots if s.mention == lab), None) if lab is not None else g.target
    counted = unit.ref("label") if unit.params.get("count") == "label" else None
    if slot is not None and counted is not None and slot.mention == counted:
        # 于凯、冯强、刘斌谁管的基金最多, 女基金经理中谁管的基金最多: the funds are counted, per
        # one of the names said (per one of the other kind's things)
        others = [s for s in g.slots if s is not slot and (s.kind == "label" or s.kind == "entity" and len(s.names) > 1)]
        slot = max(others, key=lambda s: s.pos) if others else slot
    if slot is None and lab is not None:  # 白酒股…按公司列: the kind said again, the one slot of it
        same = [s for s in g.slots if s.label in g.m[lab].targets and s.kind != "entity"]
        slot = same[0] if len(same) == 1 else None
    if slot is None or slot.kind == "entity" and len(slot.names) < 2:
        return None  # 于凯、冯强、刘斌谁管的基金最多: several named are grouped like a kind's things
    ref, word = g.name_of(slot)
    return ref, word, slot.var


def _most_of_a_month(g: QueryGraph) -> Unit | None:
    """2023年哪个月涨停的最多: the most (fewest) of no figure, asked of a month — the
    month's dated rows counted, a month at a time."""
    a = ask(g)
    if a.extreme is None or a.shown or _month_key(g) is None:
        return None
    return Unit("group", a.extreme.start, a.extreme.end, {"count": "rows", "dir": a.extreme.params.get("dir", "desc")})


def _month_key(g: QueryGraph) -> tuple[Call, str, None] | None:
    """Dated rows grouped a month at a time (各月, 哪个月): the month, within one
    calendar year; its year and month as one number (202403) over longer."""
    day = dated_day(g) if g.lang.found("each_month", g.ex.question) else None
    if day is None:
        return None
    t = g.time_span()
    one_year = t is not None and t.start is not None and t.end is not None and t.start.year == t.end.year
    return Call("month_of" if one_year else "year_month_of", (day,)), g.lang.say("columns.month"), None


def _said_after(g: QueryGraph, unit) -> tuple[Ref, str, None] | None:
    """The property said right after a count's superlative (…最多的省份, …最多的5个省), as the key."""
    after = [i for i in range(len(g.m)) if g.pos(i) >= unit.end and g.m[i].kind != "number"]
    nxt = min(after, key=g.pos, default=None)
    if nxt is None or g.m[nxt].kind != "property":
        return None
    a = next((x for x in g.props if x.mention == nxt or nxt in g.prop_mentions.get(x.ref, ())), None)
    pdef = g.pdef(a.owner, a.prop) if a is not None else None
    if pdef is None:
        return None
    return a.ref, g.lang.label_word(pdef.description) if pdef.description else a.prop, None


def _measures(g: QueryGraph, unit, key_ref: Ref, key_slot: str | None) -> list[tuple[Expr, str]]:
    """What each group shows, in the order said: the aggregate of each property asked
    (平均涨幅; 单位净值 平均/最高/最低: three of one), a count of the counted things (or of
    dated rows: 涨停次数) when no aggregate is asked or a count is asked beside them
    (股票数量和平均注册资本); nothing when neither is asked."""
    a = ask(g)
    shown = [x for x in a.shown if x.ref != key_ref]
    found: list[tuple[int, Expr, str]] = []
    said = g.units_of("aggregate") or ([a.agg] if a.agg is not None else [])  # or the period's total (全年净利润)
    for u in said if shown else ():
        fn, x = u.params.get("fn", "avg"), _figure_of(g, u, shown)
        expr = Call(fn, (members_rows(g, key_slot, x.ref) or x.ref,))
        if all(e != expr for _, e, _ in found):
            found.append((u.start, expr, aggregate_word(g, fn, x.alias)))
    counted = _counted(g, unit, key_slot) if not found or g.has("count") else None
    if counted is not None:
        found.append(((g.unit("count") or unit).start, Call("count", (Whole(counted),), distinct=True),
                      g.lang.say("columns.count")))
    return [(e, alias) for _, e, alias in sorted(found, key=lambda f: f[0])]


def _figure_of(g: QueryGraph, u, shown):
    """The property an aggregate word is of: the one said next after it, else the last before it."""
    after = [x for x in shown if x.mention is not None and g.pos(x.mention) >= u.end]
    before = [x for x in shown if x.mention is not None and g.pos(x.mention) < u.start]
    return min(after, key=lambda x: g.pos(x.mention)) if after else \
        (max(before, key=lambda x: g.pos(x.mention)) if before else shown[-1])


def _counted(g: QueryGraph, unit, key_slot: str | None) -> str | None:
    cu = g.unit("count")
    if unit.params.get("count") == "rows" or cu is not None and cu.params.get("of") == "rows":
        # 涨停次数最多, 各板块涨停了多少次: the dated rows that meet the conditions
        rows = [s for s in g.slots if s.kind == "data" and g.schema.labels[s.label].day]
        if rows:
            return rows[0].var
        # 被基金持有次数最多: no dated rows, the times are the things said before (the funds)
        before = [s for s in g.slots if s.var != key_slot and s.kind == "label" and s.pos < unit.start]
        return max(before, key=lambda s: s.pos).var if before else None
    if not (g.has("count") or unit.params.get("count")):
        return _counted_by_another(g, unit, key_slot)
    cu = g.unit("count") or unit
    others = [s for s in g.slots if s.var != key_slot and s.kind == "label"] or \
        [s for s in g.slots if s.var != key_slot and s.kind == "hidden" and not g.schema.labels[s.label].dynamic]
    after = [s for s in others if s.pos >= cu.start]
    if unit.params.get("count") == "label":  # 管的基金最多: the label word before 最多
        before = [s for s in others if s.pos < unit.end]
        return max(before, key=lambda s: s.pos).var if before else None
    pick = after[0] if after else (others[-1] if others else g.target)
    return None if pick.var == key_slot else pick.var


def _counted_by_another(g: QueryGraph, unit, key_slot: str | None) -> str | None:
    """各省份股票数量前10: grouped by one word (各省份), the things counted said by another (股票数量)."""
    other = next((u for u in g.units_of("group") if u is not unit and u.params.get("count") == "label"), None)
    lab = other.ref("label") if other is not None else None
    slot = next((s for s in g.slots if s.mention == lab), None) if lab is not None else None
    return slot.var if slot is not None and slot.var != key_slot else None
