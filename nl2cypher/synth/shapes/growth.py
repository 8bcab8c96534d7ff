"""同比 / 环比 of a report figure: this period against the same quarter a year
earlier, or against the previous quarter (or a named quarter: 比第三季度增长);
a daily figure against another day (今天的成交量比昨天多了多少, 今天收盘比昨天高吗):
both values, the difference and the change in percent — or, asked yes/no, whether
it rose (fell)."""

from __future__ import annotations

from ..ir import Call, Column, Const, Day, Op, PathSpec, Pattern, Projection, QueryGraph, Ref, Slot, Sort, Step, Whole
from .common import aggregate_word, ask, asked, branch, data_prop, figure_slots, many_between, picked_rows

NAME = "growth"


def applies(g: QueryGraph) -> bool:
    return g.has("growth")


def lower(g: QueryGraph):
    u = g.unit("growth")
    a, ent = data_prop(g), g.entity()
    if a is not None and ent is not None and u.params.get("kind") == "vs" and g.schema.labels[a.owner.label].day \
            and not g.schema.labels[a.owner.label].period:
        return _day_against_day(g, u, a, ent)
    if a is not None and set(g.schema.labels[a.owner.label].period) == {"year"}:
        one = _yearly(g, u, a, ent) if ent is not None and len(ent.names) == 1 else None
        return one or _yearly_each(g, u)
    if a is not None and isinstance(a.owner, Slot) and {"year", "quarter"} <= set(g.schema.labels[a.owner.label].period) \
            and (ent is None or ent.label != _reporter(g, a.owner) or len(ent.names) > 1):
        return _quarter_each(g, u, a)  # 工行和建行…同比增长多少: each one's, as of every company
    if a is None or ent is None or not g.schema.labels[a.owner.label].period:
        return None
    owner, prop = a.owner, a.prop
    period = g.schema.labels[owner.label].period
    t = next((m.time for i, m in enumerate(g.m) if m.kind == "time" and m.time.quarter and i != u.ref("time")), None)
    each = _each_quarter_yoy(g, a, ent) if t is None and u.params.get("kind") == "yoy" \
        and g.lang.found("each", g.ex.question) else None
    if each is not None:
        return each  # 2023年各季度…同比增速分别是多少: every quarter's
    whole = _year_against_year(g, u, a, ent) if t is None else None
    if whole is not None:
        return whole
    quarters = _quarters(g, u, owner.label)
    if quarters is None or many_between(g, ent.label, owner.label):
        return None
    (y, q), (py, pq) = quarters
    kind = u.params.get("kind")

    def in_quarter(y_, q_):
        return lambda v: [Op("=", Ref(v, period["year"]), Const(y_)), Op("=", Ref(v, period["quarter"]), Const(q_))]

    cur, cur_val = branch(g, ent.label, ent.names[0], owner.label, prop, in_quarter(y, q))
    prev, prev_val = branch(g, ent.label, ent.names[0], owner.label, prop, in_quarter(py, pq))
    other = _the_other_way(g, u)
    if other is not None:  # 同比增长多少？环比呢？: both rates of the one quarter
        (_, _), (oy, oq) = _quarters(g, other, owner.label)
        then, then_val = branch(g, ent.label, ent.names[0], owner.label, prop, in_quarter(oy, oq))
        return _both_ways(g, (cur, cur_val, f"{y}Q{q}"), (prev, prev_val, f"{py}Q{pq}", kind_of(u)),
                          (then, then_val, f"{oy}Q{oq}", kind_of(other)))
    diff = Op("-", Whole("cur"), Whole("prev"))  # 多了多少: the difference, beside the rate
    pct = Op("*", Op("/", diff, Call("abs", (Whole("prev"),))), Const(100.0))
    word = g.lang.word("growth", kind, fallback="other")
    parts = (cur, Projection((Column(cur_val, "cur"),), carry=True),
             prev, Projection((Column(Whole("cur")), Column(prev_val, "prev")), carry=True),
             Projection((Column(Whole("cur"), f"{y}Q{q}"), Column(Whole("prev"), f"{py}Q{pq}"),
                         Column(diff, g.lang.say("columns.day_difference", what=g.prop_word(owner.label, prop))),
                         Column(pct, g.lang.say("columns.growth", word=word))) + _which_way(g, u)))
    note = g.lang.say("notes.growth", word=word, year=y, quarter=q, prev_year=py, prev_quarter=pq)
    return g.candidate(parts, NAME, g.notes + [note])


def kind_of(u) -> str:
    return u.params.get("kind") or "other"


def _the_other_way(g: QueryGraph, u):
    """The second growth asked of the one quarter the other way (同比… 环比呢), if any."""
    return next((x for x in g.units_of("growth") if x is not u and kind_of(x) in ("yoy", "qoq")
                 and kind_of(x) != kind_of(u) and kind_of(u) in ("yoy", "qoq")), None)


def _both_ways(g: QueryGraph, cur, one, two):
    """The quarter's figure, against the same quarter a year before and the quarter before:
    each figure and each rate, one row."""
    (cb, cv, cname), (ab, av, aname, akind), (bb, bv, bname, bkind) = cur, one, two
    rate = lambda prev: Op("*", Op("/", Op("-", Whole("cur"), Whole(prev)), Call("abs", (Whole(prev),))), Const(100.0))
    word = lambda k: g.lang.say("columns.growth", word=g.lang.word("growth", k, fallback="other"))
    parts = (cb, Projection((Column(cv, "cur"),), carry=True),
             ab, Projection((Column(Whole("cur")), Column(av, "one")), carry=True),
             bb, Projection((Column(Whole("cur")), Column(Whole("one")), Column(bv, "two")), carry=True),
             Projection((Column(Whole("cur"), cname), Column(Whole("one"), aname), Column(Whole("two"), bname),
                         Column(rate("one"), word(akind)), Column(rate("two"), word(bkind)))))
    return g.candidate(parts, NAME)


def _each_quarter_yoy(g: QueryGraph, a, ent):
    """伊利股份2023年各季度单季净利润同比增速分别是多少: each quarter of the year said against the
    same quarter a year before — both figures, the change and the change in percent, by quarter."""
    owner, prop, period = a.owner, a.prop, g.schema.labels[a.owner.label].period
    y = next((m.time.year for m in g.m if m.kind == "time" and m.time.kind in ("year", "quarters") and m.time.year), None)
    if y is None or "quarter" not in period or len(ent.names) != 1 or many_between(g, ent.label, owner.label):
        return None
    year, quarter = period["year"], period["quarter"]
    cur, cur_val = branch(g, ent.label, ent.names[0], owner.label, prop, lambda v: [Op("=", Ref(v, year), Const(y))])
    q = Ref(cur_val.var, quarter)
    prev, prev_val = branch(g, ent.label, ent.names[0], owner.label, prop,
                            lambda v: [Op("=", Ref(v, year), Const(y - 1)), Op("=", Ref(v, quarter), q)],
                            e_var=cur.paths[0].var)
    diff = Op("-", cur_val, prev_val)
    word = g.prop_word(owner.label, prop)
    cols = (Column(q, g.prop_word(owner.label, quarter)), Column(cur_val, f"{y}{word}"), Column(prev_val, f"{y - 1}{word}"),
            Column(diff, g.lang.say("columns.day_difference", what=word)),
            Column(Op("*", Op("/", diff, Call("abs", (prev_val,))), Const(100.0)),
                   g.lang.say("columns.growth", word=g.lang.word("growth", "yoy", fallback="other"))))
    match = Pattern(cur.paths + prev.paths, cur.conds + prev.conds)
    return g.candidate((match, Projection(cols, order=(Sort(q),))), NAME)


def _quarters(g: QueryGraph, u, row_label: str):
    """(the quarter asked, the quarter it is measured against) as ((year, quarter), (year, quarter)):
    the quarter said (else the latest reported), against the same quarter a year before (同比), the
    quarter before (环比) or the quarter named (比第三季度: of the same year unless one is named)."""
    t = next((m.time for i, m in enumerate(g.m) if m.kind == "time" and m.time.quarter and i != u.ref("time")), None)
    if t is not None:
        y, q = t.year, t.quarter
    elif (latest := g.ctx.latest.get(row_label)) is not None:
        y, q = latest.year, (latest.month - 1) // 3 + 1
    else:
        return None
    kind = u.params.get("kind")
    if kind != "vs":
        return (y, q), ((y - 1, q) if kind == "yoy" else ((y, q - 1) if q > 1 else (y - 1, 4)))
    ref = g.m[u.ref("time")].time
    if ref is None or not ref.quarter:
        return None
    py, pq = ref.year, ref.quarter
    if t is not None and ref.year != y and not ref.names_year:
        py = y  # 2023年第四季度…比第三季度: the same year unless one is named
    if u.params.get("by") == "time" and (y, q) < (py, pq):
        return (py, pq), (y, q)  # 三季度和四季度净利润差多少: the later less the earlier
    return (y, q), (py, pq)


def _reporter(g: QueryGraph, row: Slot) -> str | None:
    """The label whose things report these rows, one link away (a stock its quarterly reports)."""
    return next((s.label for s in g.slots if s is not row and len(g.schema.shortest_paths(s.label, row.label)[0].hops) == 1),
                None)


def _quarter_each(g: QueryGraph, u, a):
    """三季度净利润同比下降的有哪些, 环比增长超过50%的, 白酒板块四季度净利润同比 逐只列: each
    thing's figure in the quarter and in the one it is measured against, the change and the
    change in percent — those that rose (fell), or by more than the figure said (a bound said
    of the figure is the percent's), ranked when asked, else all of them."""
    row = a.owner
    period, quarters = g.schema.labels[row.label].period, _quarters(g, u, row.label)
    owner = next((s for s in g.slots if s is not row and s.label == _reporter(g, row)), None)
    if quarters is None or owner is None or len(g.units_of("growth")) > 1 or g.lang.found("each", g.ex.question):
        return None  # 同比 and 环比 both bounded, every quarter against the one before: not one comparison's
    (y, q), (py, pq) = quarters
    hop = g.schema.shortest_paths(owner.label, row.label)[0].hops[0]
    said = [c for c in g.conds if isinstance(c, Op) and c.left == Ref(row.var, a.prop)]  # 增长超过50%
    keep = [c for c in g.conds if c not in said and not (isinstance(c, Op) and c.left in
                                                         (Ref(row.var, period["year"]), Ref(row.var, period["quarter"])))]
    prev_var = g.new_var(row.label)
    prev, cur = Ref(prev_var, a.prop), Ref(row.var, a.prop)
    down = u.params.get("dir") == "down"
    diff = Op("-", prev, cur) if down else Op("-", cur, prev)
    pct = Op("*", Op("/", diff, Call("abs", (prev,))), Const(100.0))
    second = [Op("=", Ref(prev_var, period["year"]), Const(py)), Op("=", Ref(prev_var, period["quarter"]), Const(pq))]
    second += [Op(c.op, pct, c.right) for c in said]
    k = ask(g)
    ranked = k.extreme or k.topk or k.ordering or k.which
    named = any(len(s.names) > 1 for s in g.entities())  # 工行和建行同比增长多少: theirs, whichever way
    if not said and ranked is None and u.params.get("dir") and not named:  # 同比下降的: those that fell
        second.append(Op(">", diff, Const(0)))
    what = g.prop_word(row.label, a.prop)
    word = g.lang.word("growth", u.params.get("kind"), fallback="other")
    name = Column(*g.name_of(owner))
    # …及其所属行业板块: other things asked beside each one, shown too
    beside = tuple(Column(*g.name_of(s)) for s in g.slots if s.kind == "label" and s is not owner and s is not row)
    cols = (name, *beside, Column(cur, f"{y}Q{q}{what}"), Column(prev, f"{py}Q{pq}{what}"),
            Column(diff, g.lang.say("columns.day_fall" if down else "columns.day_difference", what=what)),
            Column(pct, g.lang.say("columns.day_fall_pct") if down else g.lang.say("columns.growth", word=word)))
    if ranked is not None:
        desc = ranked.params.get("dir", "desc") != "asc"
        ret = Projection(cols, order=(Sort(pct, desc), Sort(name.expr)), limit=picked_rows(g, k, bool(k.which)))
    else:
        ret = Projection(cols, order=(Sort(pct, True), Sort(name.expr)))
    first = g.pattern(conds=keep + [Op("=", Ref(row.var, period["year"]), Const(y)),
                                    Op("=", Ref(row.var, period["quarter"]), Const(q))])
    step = Step(hop.edge, hop.forward, prev_var, row.label)
    note = g.lang.say("notes.growth", word=word, year=y, quarter=q, prev_year=py, prev_quarter=pq)
    return g.candidate((first, Pattern((PathSpec(owner.var, owner.label, (step,)),), tuple(second)), ret), NAME,
                       g.notes + [note])


def _year_against_year(g: QueryGraph, u, a, ent):
    """2023年全年净利润同比增长多少, 2023年净利润比2022年增长多少: a figure the schema
    totals over a year (the sum of its quarters), one year's total against another's."""
    owner, prop = a.owner, a.prop
    pdef = g.schema.labels[owner.label].property(prop)
    year = g.schema.labels[owner.label].period.get("year")
    cur_t = next((m.time for i, m in enumerate(g.m) if m.kind == "time" and m.time.kind == "year"
                  and i != u.ref("time")), None)
    if pdef is None or not pdef.total or year is None or cur_t is None or not cur_t.year:
        return None
    ref = g.m[u.ref("time")].time if u.ref("time") is not None else None
    if u.params.get("kind") == "vs" and (ref is None or ref.kind != "year" or not ref.year):
        return None
    y, py = cur_t.year, ref.year if u.params.get("kind") == "vs" else cur_t.year - 1

    def in_year(y_):
        return lambda v: [Op("=", Ref(v, year), Const(y_))]

    cur, cur_val = branch(g, ent.label, ent.names[0], owner.label, prop, in_year(y))
    prev, prev_val = branch(g, ent.label, ent.names[0], owner.label, prop, in_year(py))
    diff = Op("-", Whole("cur"), Whole("prev"))
    pct = Op("*", Op("/", diff, Call("abs", (Whole("prev"),))), Const(100.0))
    word = g.lang.word("growth", u.params.get("kind"), fallback="other")
    what = aggregate_word(g, pdef.total, g.prop_word(owner.label, prop))
    parts = (cur, Projection((Column(Call(pdef.total, (cur_val,)), "cur"),), carry=True),
             prev, Projection((Column(Whole("cur")), Column(Call(pdef.total, (prev_val,)), "prev")), carry=True),
             Projection((Column(Whole("cur"), f"{y}{what}"), Column(Whole("prev"), f"{py}{what}"),
                         Column(diff, g.lang.say("columns.day_difference", what=what)),
                         Column(pct, g.lang.say("columns.growth", word=word))) + _which_way(g, u)))
    return g.candidate(parts, NAME)


def _yearly(g: QueryGraph, u, a, ent):
    """Apple's revenue growth from 2020 to 2021, did that figure increase from 2022,
    the year-over-year growth in fiscal 2023: a figure reported once a year, the later
    year's against the earlier's — both values, the change and the change in percent
    (asked yes/no: whether it rose, or fell)."""
    years = _two_years(g, u)
    if years is None or sum(s.kind == "entity" for s in g.slots) != 1 or many_between(g, ent.label, a.owner.label) \
            or not _reports(g, ent.label, a.owner.label) or asked(g, "each"):
        return None  # Apple's against Meta's, an industry's companies, each year's: not one thing's two years
    py, y = years
    year = g.schema.labels[a.owner.label].period["year"]

    def in_year(y_):
        return lambda v: [Op("=", Ref(v, year), Const(y_))]

    cur, cur_val = branch(g, ent.label, ent.names[0], a.owner.label, a.prop, in_year(y))
    prev, prev_val = branch(g, ent.label, ent.names[0], a.owner.label, a.prop, in_year(py))
    what = g.prop_word(a.owner.label, a.prop)
    head = (cur, Projection((Column(cur_val, "cur"),), carry=True),
            prev, Projection((Column(Whole("cur")), Column(prev_val, "prev")), carry=True))
    values = (Column(Whole("cur"), f"{y} {what}".strip()), Column(Whole("prev"), f"{py} {what}".strip()))
    down = u.params.get("dir") == "down"  # how much did it fall: the fall, not the change
    diff = Op("-", Whole("prev"), Whole("cur")) if down else Op("-", Whole("cur"), Whole("prev"))
    pct = Op("/", Op("*", diff, Const(100.0)), Call("abs", (Whole("prev"),)))
    cols = values + (Column(diff, g.lang.say("columns.day_fall" if down else "columns.day_difference", what=what)),
                     Column(pct, g.lang.say("columns.day_fall_pct" if down else "columns.day_change")))
    if g.has("yesno"):  # did it increase (decrease): whether, beside the values
        op = "<" if u.params.get("dir") == "down" else ">"
        cols += (Column(Op(op, Whole("cur"), Whole("prev")), g.lang.say("columns.yesno")),)
    return g.candidate(head + (Projection(cols),), NAME)


def _yearly_each(g: QueryGraph, u):
    """Which grew faster, UnitedHealth or CVS; the semiconductor company that grew revenue
    the most from 2020 to 2022; which banks' net income fell: each thing's figure in the two
    years, the change and the change in percent — ranked by the percent when asked, those
    that rose (fell) when asked which, else all of them."""
    found, years = figure_slots(g), _two_years(g, u)
    if found is None or years is None or g.lang.found("each", g.ex.question):
        return None  # each year's growth: not two years'
    a, measure, owner = found
    row, (py, y) = a.owner, years
    year = g.schema.labels[row.label].period["year"]
    hops = g.schema.shortest_paths(measure.label, row.label)[0].hops
    if len(hops) != 1:
        return None
    main = g.pattern()
    conds = [c for c in main.conds if not (isinstance(c, Op) and c.left == Ref(row.var, year))]
    later = g.new_var(row.label)  # the later year's fact of the same concept, a MATCH of its own
    second = [Op("=", Ref(later, year), Const(y))]
    prev, cur = Ref(row.var, a.prop), Ref(later, a.prop)
    down = u.params.get("dir") == "down"
    diff = Op("-", prev, cur) if down else Op("-", cur, prev)
    pct = Op("/", Op("*", diff, Const(100.0)), Call("abs", (prev,)))
    what = g.prop_word(row.label, a.prop)
    name = Column(*g.name_of(owner))
    cols = (name, Column(prev, f"{py} {what}".strip()), Column(cur, f"{y} {what}".strip()),
            Column(diff, g.lang.say("columns.day_fall" if down else "columns.day_difference", what=what)),
            Column(pct, g.lang.say("columns.day_fall_pct" if down else "columns.day_change")))
    k = ask(g)
    ranked = k.extreme or k.topk or k.ordering or k.which
    if ranked is not None:
        desc = ranked.params.get("dir", "desc") != "asc"
        limit = picked_rows(g, k, bool(k.which))  # which grew faster: the one
        ret = Projection(cols, order=(Sort(pct, desc), Sort(name.expr)), limit=limit)
    else:
        if g.has("list") and owner.kind != "entity":  # which banks' net income fell: those whose did
            second.append(Op(">", diff, Const(0)))
        ret = Projection(cols, order=(Sort(name.expr),))
    first = Pattern(main.paths, tuple(conds + [Op("=", Ref(row.var, year), Const(py))]))
    step = Step(hops[0].edge, hops[0].forward, later, row.label)
    return g.candidate((first, Pattern((PathSpec(measure.var, measure.label, (step,)),), tuple(second)), ret), NAME)


def _two_years(g: QueryGraph, u) -> tuple[int, int] | None:
    """The earlier and the later year a growth is between (the year before, asked year over year)."""
    years = sorted({y for m in g.m if m.kind == "time" and m.time is not None for y in _years_of(m.time)})
    if len(years) == 1 and u.params.get("kind") == "yoy":
        years = [years[0] - 1, years[0]]
    return tuple(years) if len(years) == 2 else None


def _reports(g: QueryGraph, label: str, owner: str) -> bool:
    """Does a thing of this label report the figure itself (a company its concepts'
    facts), rather than through things of another kind (an industry's companies)?"""
    hops = g.schema.shortest_paths(label, owner)[0].hops if label != owner else ()
    return not hops or hops[0].dst == owner or bool(g.schema.labels[hops[0].dst].measure)


def _years_of(t) -> list[int]:
    """The years a time names: one year, or the first and last of a span of years."""
    if t.kind == "year" and t.year:
        return [t.year]
    if t.start is not None and t.end is not None and t.start.year != t.end.year:
        return [t.start.year, t.end.year]
    return []


def _day_against_day(g: QueryGraph, u, a, ent):
    ref = g.m[u.ref("time")].time
    cur_t = next((m.time for i, m in enumerate(g.m) if m.kind == "time" and i != u.ref("time")), None)
    if ref is None or ref.end is None or (ref.start is not None and ref.start != ref.end):
        return None  # 比上周: a period against a day is not this shape's
    if cur_t is not None and (cur_t.end is None or (cur_t.start is not None and cur_t.start != cur_t.end)):
        return None
    label = a.owner.label
    cur_day = g.ctx.trading_day_on_or_before(cur_t.end if cur_t is not None else g.ctx.today)
    ref_day = g.ctx.trading_day_on_or_before(ref.end)
    if cur_day is None or ref_day is None or cur_day == ref_day:
        return None
    other = _prop_after(g, a, g.pos(u.ref("time")))
    if u.params.get("by") == "time" and other == a.prop and cur_day < ref_day:
        cur_day, ref_day = ref_day, cur_day  # 昨天和今天成交量差多少: the later day's less the earlier's
    elif other == a.prop and cur_day < ref_day and g.lang.found("moves", g.ex.question[slice(*u.span)]):
        cur_day, ref_day = ref_day, cur_day  # 去年3月15号收多少 跟今天比涨了几个点: a move runs forward in time

    def on(d):
        return lambda v: [Op("=", g.day(v, label), Day(d))]

    agg = g.unit("aggregate")  # 白酒板块今天平均涨幅比昨天高吗: the average of each day
    if agg is None and many_between(g, ent.label, label):
        return None  # 白酒板块今天成交量比昨天: each of its stocks' two days, not one figure each
    if agg is None and len(ent.names) > 1 and not g.has("yesno"):
        return _each_against_day(g, ent, label, (a.prop, other), (cur_day, ref_day), on)
    names = tuple(ent.names) if agg is not None else ent.names[0]
    cur, cur_val = branch(g, ent.label, names, label, a.prop, on(cur_day))
    prev, prev_val = branch(g, ent.label, names, label, other, on(ref_day))
    if agg is not None:
        fn = agg.params.get("fn", "avg")
        cur_val, prev_val = Call(fn, (cur_val,)), Call(fn, (prev_val,))
    word, other_word = g.prop_word(label, a.prop), g.prop_word(label, other)
    if agg is not None:  # 平均涨跌幅
        word, other_word = (aggregate_word(g, fn, w)
                            for w in (word, other_word))
    head = (cur, Projection((Column(cur_val, "cur"),), carry=True),
            prev, Projection((Column(Whole("cur")), Column(prev_val, "prev")), carry=True))
    values = (Column(Whole("cur"), f"{cur_day}{word}"), Column(Whole("prev"), f"{ref_day}{other_word}"))
    if g.has("yesno"):  # 今天收盘比昨天高吗: whether, beside the two values
        op = "<" if u.params.get("dir") == "down" else ">"
        cols = values + (Column(Op(op, Whole("cur"), Whole("prev")), g.lang.say("columns.yesno")),)
    else:
        diff = Op("-", Whole("cur"), Whole("prev"))
        pct = Op("/", Op("*", diff, Const(100.0)), Call("abs", (Whole("prev"),)))  # 100.0 first: volumes are integers
        cols = values + (Column(diff, g.lang.say("columns.day_difference", what=word)),
                         Column(pct, g.lang.say("columns.day_change")))
        cols += _which_way(g, u)
    return g.candidate(head + (Projection(cols),), NAME)


def _each_against_day(g: QueryGraph, ent, label: str, props: tuple[str, str], days: tuple, on):
    """这五个板块较上周五收盘各涨了多少: each one's figure on the day against its own on the
    other day, a row each (most risen first)."""
    cur, cur_val = branch(g, ent.label, tuple(ent.names), label, props[0], on(days[0]))
    e = cur.paths[0].var
    prev, prev_val = branch(g, ent.label, tuple(ent.names), label, props[1], on(days[1]), e_var=e)
    word, other_word = g.prop_word(label, props[0]), g.prop_word(label, props[1])
    diff = Op("-", cur_val, prev_val)
    pct = Op("/", Op("*", diff, Const(100.0)), Call("abs", (prev_val,)))
    cols = (Column(Ref(e, g.schema.labels[ent.label].display), g.label_word(ent.label)),
            Column(cur_val, f"{days[0]}{word}"), Column(prev_val, f"{days[1]}{other_word}"),
            Column(diff, g.lang.say("columns.day_difference", what=word)), Column(pct, g.lang.say("columns.day_change")))
    match = Pattern(cur.paths + prev.paths, cur.conds + prev.conds)
    return g.candidate((match, Projection(cols, order=(Sort(pct, True), Sort(cols[0].expr)))), NAME)


def _which_way(g: QueryGraph, u) -> tuple[Column, ...]:
    """比一年前高还是低, 比前年三季度多还是少: which way, beside the values; 同比下降了吗, 比第二季度多吗:
    whether it went the way asked (a fall word asks whether it fell)."""
    if u.params.get("either"):
        return (Column(Op(">", Whole("cur"), Whole("prev")), g.lang.say("columns.day_higher")),)
    if g.has("yesno"):
        return (Column(Op("<" if u.params.get("dir") == "down" else ">", Whole("cur"), Whole("prev")),
                       g.lang.say("columns.yesno")),)
    return ()


def _prop_after(g: QueryGraph, a, pos: int) -> str:
    """今天收盘比周一开盘高了多少: a second property of the same rows named after the
    other day is that day's value; else the same property on both days."""
    for b in g.props:
        if b is not a and b.owner is a.owner and b.mention is not None and g.pos(b.mention) > pos:
            return b.prop
    return a.prop
