"""What the answer shapes share: a summary of what the question asks for, and
the reference-value branch (MATCH an entity's own row on a day or period)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable

from ...units import Unit
from ..ir import (Attached, Call, Column, Const, Day, Expr, Op, Pattern, PathSpec, Projection, QueryGraph, Ref, Slot, Sort,
                  Step, Whole, refs)
from ..paths import link


@dataclass(frozen=True)
class Shown:
    """A property the answer shows: its reference, column name and the word that named it."""

    ref: Ref
    alias: str
    mention: int | None


@dataclass
class Ask:
    shown: list[Shown]
    ents: list[Slot]
    data_slots: list[Slot]  # daily / report rows that carry a date
    group: Slot | None  # an entity slot naming several entities 「A和B」
    agg: Unit | None
    extreme: Unit | None
    which: Unit | None
    topk: Unit | None
    ordering: Unit | None
    history: Unit | None


def ask(g: QueryGraph) -> Ask:
    """Computed once per graph, when the first general shape is tried."""
    if getattr(g, "_ask", None) is None:
        g._ask = _ask(g)
    return g._ask


def _ask(g: QueryGraph) -> Ask:
    shown = []
    for a in g.props:
        pdef = g.pdef(a.owner, a.prop)
        shown.append(Shown(a.ref, pdef.description if pdef is not None and pdef.description else a.prop, a.mention))
    ents = g.entities()
    agg = g.unit("aggregate")
    total = period_total(g, shown)
    if agg is None and total and not (g.units_of("extreme", "topk", "order") and any(x.kind == "label" for x in g.slots)):
        agg = Unit("aggregate", 0, 0, {"fn": total})
    extreme = g.unit("extreme")
    if extreme is None and not any(len(x.names) > 1 for x in ents):
        extreme = g.unit("which")
    return Ask(shown, ents,
               [s for s in g.slots if s.kind == "data" and g.schema.labels[s.label].day],
               next((s for s in ents if len(s.names) > 1), None), agg, extreme, g.unit("which"), g.unit("topk"),
               g.unit("order"), g.unit("history"))


def period_total(g: QueryGraph, shown: list[Shown]) -> str:
    """A per-row figure asked for a longer period: the schema's `total` says how
    rows combine (去年的净利润 = sum of quarters, 本月最高价 = max of days)."""
    if not shown or not any(x.kind == "entity" for x in g.slots):
        return ""
    return rows_total(g, shown[-1].ref)


def rows_total(g: QueryGraph, ref: Ref) -> str:
    """How a per-row figure combines over the period asked (sum of a year's quarters),
    or "" when the rows are asked one by one or the period is one report."""
    t = g.time_span()
    joined = t is None and years_said(g)  # 2022年和2023年: each a year, longer than a report
    if t is None and not joined or t is not None and t.quarter or each(g) and not by_year(g) \
            or g.lang.found("each_quarter", g.ex.question):
        return ""  # 2023年每个季度的净利润 (每季), 近三天的最高价分别多少: the rows, one by one
    slot = next((x for x in g.slots if x.var == ref.var), None)
    if slot is None or slot.label not in g.schema.labels:
        return ""
    pdef = g.schema.labels[slot.label].property(ref.key)
    if pdef is None or not pdef.total or not (joined or t.longer_than_a_report):
        return ""
    return pdef.total


def by_year(g: QueryGraph) -> bool:
    """2021到2023每年净利润: a year at a time over several years, no quarter named (每年Q1
    is each year's first quarter) — each year's total."""
    times = [m.time for i, m in enumerate(g.m) if m.kind == "time" and i not in g.consumed]
    spans = [t for t in times if t.start is not None and t.end is not None]
    if years_said(g):
        return True  # 2022年和2023年的净利润: each year said, each year's total
    return g.lang.found("each_year", g.ex.question) and not any(t.quarter or t.kind == "quarters" for t in times) \
        and any(t.start.year < t.end.year for t in spans)


def years_said(g: QueryGraph) -> bool:
    """Whole years said one after another (2022年和2023年): report rows of either year, no quarter named."""
    years = {lab.period.get("year") for lab in g.schema.labels.values() if lab.period}
    return any(isinstance(c, Op) and c.op == "IN" and isinstance(c.left, Ref) and c.left.key in years
               for c in g.conds) and not any(m.kind == "time" and m.time.quarter for m in g.m)


def each(g: QueryGraph) -> bool:
    """The question asks for the rows one by one (每个季度; 分别 when one figure of
    one thing is asked): no total over them."""
    one = len(g.props) == 1 and all(len(s.names) <= 1 for s in g.entities())
    return bool(g.lang.found("each", g.ex.question) or (one and g.lang.found("each_of_one", g.ex.question)))


def each_value(g: QueryGraph) -> list[Column]:
    """分别计算沪市主板、深市主板…的平均注册资本, 沪市主板和深市主板…各有多少只: several
    values of a word property and each asked — a column of the value, one row per value."""
    if not asked(g, "each"):
        return []
    cols = []
    for c in g.conds:
        if isinstance(c, Op) and c.op == "IN" and isinstance(c.left, Ref):
            slot = next((s for s in g.slots if s.var == c.left.var), None)
            pdef = g.schema.labels[slot.label].property(c.left.key) if slot is not None else None
            if pdef is not None and pdef.vocabulary:
                cols.append(Column(c.left, g.lang.label_word(pdef.description or c.left.key)))
    return cols


def of_each(g: QueryGraph) -> list[Column]:
    """Their industry and state, where each is based: a column of each kind asked of
    the things listed, beside them."""
    return [Column(*g.name_of(s)) for s in g.asked_of_each() if s is not g.target and g.linked(s.var)]


def reference_entity(g: QueryGraph, u: Unit):
    """The entity a unit compares with (和贵州茅台同一…, 高于上海港湾): its reading as
    the target's label when it has one."""
    m = g.m[u.ref("ent")]
    return next((r for r in m.entities if r.label == g.target.label), m.entities[0])


def data_prop(g: QueryGraph) -> Attached | None:
    """The first property attached to a slot (not to a relationship)."""
    return next((a for a in g.props if isinstance(a.owner, Slot)), None)


def day_conds(g: QueryGraph, label: str) -> Callable[[str], list[Expr]]:
    return lambda var: [Op("=", g.day(var, label), Day(g.single_day))] if g.single_day else []


def a_years_total(g: QueryGraph, ref: Ref, label: str) -> bool:
    """A figure kept per report period that adds up over a year (净利润), its year pinned and its
    quarter not: the year's figure is the sum of its quarters."""
    lab = g.schema.labels[label]
    pdef = lab.properties.get(ref.key)
    pinned = {c.left.key for c in g.conds if isinstance(c, Op) and c.op == "=" and isinstance(c.left, Ref)
              and c.left.var == ref.var}
    return bool(lab.period) and getattr(pdef, "total", None) == "sum" and lab.period.get("year") in pinned \
        and not (set(lab.period.values()) - {lab.period.get("year")}) & pinned


def same_period(g: QueryGraph, owner: Slot) -> Callable[[str], list[Expr]]:
    """The report period the question's rows are filtered to, for another row
    (净利润比格力电器高: the reference's profit of the same quarter)."""
    lab = g.schema.labels[owner.label]
    keys = set(lab.period.values()) | ({lab.day} if lab.day else set())
    conds = [c for c in g.conds if isinstance(c, Op) and isinstance(c.left, Ref) and c.left.var == owner.var
             and c.left.key in keys and isinstance(c.right, (Const, Day))]
    return lambda var: [Op(c.op, Ref(var, c.left.key), c.right) for c in conds]


def measure_named(g: QueryGraph, label: str, var: str) -> list[Expr]:
    """A row on the way that names the measure (a company's concept, us-gaap:Revenues):
    the question's filter on it goes with every branch that reads the figure."""
    if not g.schema.labels[label].measure:
        return []
    slots = {s.var for s in g.slots if s.label == label}
    return [Op(c.op, Ref(var, c.left.key), c.right) for c in g.conds
            if isinstance(c, Op) and isinstance(c.left, Ref) and c.left.var in slots]


def branch(g: QueryGraph, ent_label: str, ent_name: str | tuple[str, ...], owner_label: str, prop: str,
           conds_for: Callable[[str], list[Expr]], e_var: str | None = None) -> tuple[Pattern, Ref]:
    """MATCH (e)-…->(o) WHERE e.name = $p AND <date/period of o>: a reference value
    (of several things when given several names, for an aggregate over them); `e_var`:
    a second branch from the things an earlier one matched (no name condition again)."""
    o_var = g.new_var(owner_label)
    conds = []
    if e_var is None:
        e_var = g.new_var(ent_label)
        name = Ref(e_var, g.schema.labels[ent_label].display)
        several = isinstance(ent_name, tuple) and len(ent_name) > 1
        conds = [Op("IN", name, g.param(list(ent_name))) if several else
                 Op("=", name, g.param(ent_name[0] if isinstance(ent_name, tuple) else ent_name))]
    if ent_label == owner_label:
        path = PathSpec(e_var, ent_label)
        o_var = e_var
    else:
        hops = g.schema.shortest_paths(ent_label, owner_label)[0].hops
        steps = []
        for k, h in enumerate(hops):
            v = o_var if k == len(hops) - 1 else g.new_var(h.dst)
            steps.append(Step(h.edge, h.forward, v, h.dst))
            conds += measure_named(g, h.dst, v)
        path = PathSpec(e_var, ent_label, tuple(steps))
    conds += conds_for(o_var)
    return Pattern((path,), tuple(conds)), Ref(o_var, prop)


def quote(g: QueryGraph, target: Slot) -> tuple[Pattern, tuple[Column, ...]] | None:
    """A thing with daily rows asked about alone (帮我看看宁德, 茅台怎么样): beside all it has,
    its latest trading day — the rows' price and change (`measures`), optional (none that day)."""
    day = g.ctx.trading_day_on_or_before(g.ctx.today) if g.ctx.trading_days else None
    for h in g.schema.neighbours(target.label) if day is not None else ():
        lab = g.schema.labels.get(h.dst)
        if not h.forward or lab is None or not lab.dynamic or not {"price", "change"} <= set(lab.measures):
            continue
        v = g.new_var(h.dst)
        rows = Pattern((PathSpec(target.var, target.label, (Step(h.edge, True, v, h.dst),)),),
                       (Op("=", g.day(v, h.dst), Day(day)),), optional=True)
        return rows, (Column(g.day(v, h.dst), g.lang.say("columns.day")),) + tuple(
            Column(Ref(v, lab.measures[k]), g.prop_word(h.dst, lab.measures[k])) for k in ("price", "change"))
    return None


def quoted(g: QueryGraph, target: Slot, cols: tuple[Column, ...]) -> tuple:
    """The query's parts showing `cols`, and the thing's latest day beside them when it has one."""
    day = quote(g, target)
    if day is None:
        return g.pattern(), Projection(cols)
    return g.pattern(), day[0], Projection(cols + day[1])


def many_between(g: QueryGraph, ent_label: str, owner: str) -> bool:
    """白酒板块…成交量: the rows are of things the named one has many of (its stocks'), not
    its own — a branch of one name yields many values (two such branches paired every one)."""
    if ent_label == owner:
        return False
    between = g.schema.shortest_paths(ent_label, owner)[0].hops[:-1]
    # a measure's own node on the way (a company's Revenues concept) is one, named by the figure asked
    return any(not g.schema.labels[h.dst].measure for h in between)


def asks_which_day(g: QueryGraph) -> bool:
    """哪一天成交量最大, 最低点是哪天: the day of an extreme is asked (the language's `asks.day`)."""
    return bool(ask(g).data_slots) and asked(g, "day")


def asked(g: QueryGraph, what: str) -> bool:
    """Does the question use a word of the language's `asks.<what>` list?"""
    return g.lang.says(g.ex.question, (g.lang.words.get("asks") or {}).get(what, ()))


def one_things_rows(g: QueryGraph, a: Ask, shown: Shown) -> bool:
    """比亚迪今年以来最高价是多少: the value is of one thing's own daily rows — so
    its highest (lowest) is a day's, and which day shows beside it."""
    if len(a.ents) != 1 or len(a.ents[0].names) != 1 or len(a.data_slots) != 1:
        return False
    rows = a.data_slots[0]
    return shown.ref.var == rows.var and bool(g.schema.edges_between(a.ents[0].label, rows.label))


def the_day_of(g: QueryGraph, a: Ask, shown: Shown, desc: bool, name: str):
    """The row of the highest (lowest) value: its day and the value, ties to the earliest day."""
    day = g.day(a.data_slots[0].var, a.data_slots[0].label)
    if shown.ref == day:  # 上一次涨停是哪天: the day is what is ranked
        cols = [Column(*g.name_of(s)) for s in a.ents] + [Column(day, g.lang.say("columns.day"))]
        return g.candidate((g.pattern(), Projection(tuple(cols), order=(Sort(day, desc),), limit=1)), name)
    cols = [Column(*g.name_of(s)) for s in a.ents] + [Column(day, g.lang.say("columns.day")),
                                                      Column(shown.ref, shown.alias)]
    # 每天成交了多少股？哪一天成交得最多: every day's, the most first
    limit = None if a.extreme is not None and _several_then_which(g, a.extreme) else 1
    return g.candidate((g.pattern(), Projection(tuple(cols), order=(Sort(shown.ref, desc), Sort(day)), limit=limit)),
                       name)


def the_days_of_both(g: QueryGraph, a: Ask, shown: Shown, name: str):
    """最高收盘价和最低收盘价…分别出现在哪一天: the rows holding the highest and the lowest
    value, each with its day — the highest first."""
    day = g.day(a.data_slots[0].var, a.data_slots[0].label)
    first = g.pattern()
    keep = Projection((Column(Call("max", (shown.ref,)), "highest"), Column(Call("min", (shown.ref,)), "lowest")),
                      carry=True)
    either = Op("OR", Op("=", shown.ref, Whole("highest")), Op("=", shown.ref, Whole("lowest")))
    cols = [Column(*g.name_of(s)) for s in a.ents] + [Column(day, g.lang.say("columns.day")),
                                                      Column(shown.ref, shown.alias)]
    return g.candidate((first, keep, Pattern(first.paths, first.conds + (either,)),
                        Projection(tuple(cols), order=(Sort(shown.ref, True), Sort(day)))), name)


def rank_limit(g: QueryGraph, a: Ask) -> int | None:
    """How many rows a ranking keeps: 前N (the number used up), a topk rule's own k,
    one for a superlative (最多的; every candidate the asker named: `the_one`), all otherwise."""
    if a.topk is not None:
        k = a.topk.ref("num")
        if k is not None and a.topk.params.get("nth"):  # 第二大: one row, at that place
            g.consumed.add(k)
            g.nth = int(g.m[k].number.value)
            return 1
        if k is None:
            return int(a.topk.params.get("k", g.ctx.top_k))
        g.consumed.add(k)
        return int(g.m[k].number.value)
    return the_one(g) if a.extreme is not None and not _several_then_which(g, a.extreme) else None


def picked_rows(g: QueryGraph, a: Ask, picks: bool) -> int | None:
    """The rows a ranking keeps (`rank_limit`), else — when it picks (哪个涨得多) — `the_one`."""
    return rank_limit(g, a) or (the_one(g) if picks else None)


NAMED_RANKED = 6  # candidates a user types to be ranked all (more came from an answer: which one)


def the_one(g: QueryGraph) -> int | None:
    """The rows a superlative keeps: the one at the top — or every candidate when the asker
    named them all (招行跟工行今天谁涨得多: both, the higher first, answer which and by how much)."""
    t = g.target
    # …but of more names than one types (这十家里哪只涨得最多: the answer before's list), the one
    if t.kind != "entity" or not 2 <= len(t.names) <= NAMED_RANKED or not g.lang.words.get("named_candidates_ranked"):
        return g.ctx.top_k if _picked_in_plural(g) else 1
    ends = [g.ex.tag_span(i)[1] for i, m in enumerate(g.ex.mentions)
            if m.kind == "entity" and any(e.name in t.names for e in m.entities)]
    unit = next((u for u in g.units_of("extreme", "which", "topk") if ends and u.start >= max(ends)), None)
    between = g.ex.tagged[max(ends):unit.start] if unit is not None else ""
    # …but 这七只中涨得最多的, 这些红三兵的里面 (a list picked from, often the answer before): one
    return 1 if any(str(w) in between for w in g.lang.words.get("among_named") or ()) else None


def _picked_in_plural(g: QueryGraph) -> bool:
    """最便宜的基金是哪几只: a superlative asked in the plural after it — the first few."""
    ext = g.unit("extreme")
    return ext is not None and g.target.kind != "entity" and any(
        str(w) in g.ex.tagged[ext.start:] for w in g.lang.words.get("plural_picks") or ())


def _several_then_which(g: QueryGraph, extreme) -> bool:
    """拿了哪些票 哪个比例最高, 各板块分别有多少只，哪个最多, 每个省有多少家上市公司哪个省最多,
    哪个省最多？每个省各有几家, 按成立时间排序，最早的是哪家: several asked for (or all of them
    ordered) in an ask of their own beside which is the most — every one, the most first, answers both."""
    asks = g.lang.words.get("asks") or {}
    several, every = tuple(asks.get("several", ())), tuple(asks.get("every", ()))
    marks = str(g.lang.words.get("clause_marks") or "") + " "
    q = g.ex.tagged
    before, after = q[:extreme.start], q[extreme.end:]
    # …上市公司哪个省最多: a new ask, unmarked, opens with its which or its grouping
    opens = [u.start for u in g.units_of("which", "group") if u.start < extreme.start]
    cut = max([before.rfind(c) for c in marks] + opens, default=-1)
    nxt = min((after.find(c) for c in marks if c in after), default=-1)
    end = extreme.end + nxt if nxt >= 0 else len(q)
    ordered = any(u.end <= max(cut, 0) or u.start >= end for u in g.units_of("order"))
    return ordered or (cut > 0 and g.lang.says(before[:cut], several + every)) or \
        (nxt >= 0 and g.lang.says(after[nxt:], every))


def members_rows(g: QueryGraph, key_slot: str | None, ref: Ref) -> Ref | None:
    """各行业板块今天的平均涨幅: a group has one row of its own a day — nothing to
    average — so the figure is over its members' rows that day (the stocks of each board)."""
    rows = next((s for s in g.slots if s.var == ref.var), None)
    if key_slot is None or rows is None or rows.kind != "data" or g.single_day is None:
        return None
    group = g.slot_of(key_slot)
    if not g.schema.edges_between(group.label, rows.label):
        return None  # not the group's own rows
    for e in g.schema.edges.values():
        for member in (x for x in e.sources if group.label in e.targets and x != group.label):
            own = next((lab for lab in g.schema.labels.values() if lab.dynamic and lab.day and ref.key in lab.properties
                        and g.schema.edges_between(member, lab.name)), None)
            if own is not None:
                drop_slot(g, rows)  # the group's own row that day is not read
                m = g.add_slot(member, rows.pos, kind="hidden")
                link(g, m, group)
                d = g.add_slot(own.name, rows.pos, kind="data")
                link(g, m, d)
                g.conds.append(Op("=", g.day(d.var, own.name), Day(g.single_day)))
                return Ref(d.var, ref.key)
    return None


def drop_slot(g: QueryGraph, slot) -> None:
    g.slots.remove(slot)
    g.links = [ln for ln in g.links if slot.var not in (ln.a, ln.b)]
    g.conds = [c for c in g.conds if not (isinstance(c, Op) and isinstance(c.left, Ref) and c.left.var == slot.var)]


def figure_slots(g: QueryGraph):
    """(the row slot whose property is asked, the slot naming its measure, the slot of the
    thing reporting it) — a company's concept and its facts — or None."""
    a = data_prop(g)
    measure = next((s for s in g.slots if g.schema.labels[s.label].measure), None)
    if a is None or measure is None or not isinstance(a.owner, Slot):
        return None
    if a.owner.label != g.schema.labels[measure.label].measure.partition(".")[0]:
        return None
    reporters = g.schema.reporters(measure.label)
    owner = next((s for s in g.slots if s.label in reporters), None)
    return None if owner is None else (a, measure, owner)


def another_figure(g: QueryGraph, owner: Slot, measure: Slot, row: Slot, value: str, prop: str):
    """The same thing's figure of another measure in the same period (its revenue beside
    its net income): (the path from the owner, its conditions, the figure)."""
    hops = g.schema.shortest_paths(owner.label, row.label)[0].hops
    if len(hops) != 2 or hops[0].dst != measure.label:
        return None
    other, other_row = g.new_var(measure.label), g.new_var(row.label)
    steps = (Step(hops[0].edge, hops[0].forward, other, measure.label), Step(hops[1].edge, hops[1].forward, other_row, row.label))
    conds = [Op("=", Ref(other, g.schema.labels[measure.label].display), g.param(value))]
    conds += [Op("=", Ref(other_row, key), Ref(row.var, key)) for key in g.schema.labels[row.label].period.values()]
    return PathSpec(owner.var, owner.label, steps), conds, Ref(other_row, prop)


def named_once(g: QueryGraph, conds, measure: Slot, value: str) -> list[Expr]:
    """Conditions with the measure named once — the figure read first, the others joined
    to it — in place of every figure the values pass named on it."""
    name = Ref(measure.var, g.schema.labels[measure.label].display)
    return [c for c in conds if not (isinstance(c, Op) and c.left == name)] + [Op("=", name, g.param(value))]


def figure_ranked(g: QueryGraph, values, skip=()) -> str | None:
    """The one of these measures a ranking names after its word (the top 10 by revenue,
    with their net margin: revenue), if the question ranks and names one."""
    a = ask(g)
    ranked = a.extreme or a.topk or a.ordering
    if ranked is None:
        return None
    return next((v for i, m in enumerate(g.m) if m.kind == "value" and i not in skip and g.pos(i) >= ranked.start
                 for v in (m.params.get("value") or ())[:1] if v in values), None)


def by_period(g: QueryGraph, cols: list[Column], row: Slot) -> tuple[Sort, ...]:
    """The columns that are the row's period, as an order (a company's years in turn)."""
    keys = set(g.schema.labels[row.label].period.values())
    return tuple(Sort(c.expr) for c in cols if isinstance(c.expr, Ref) and c.expr.var == row.var and c.expr.key in keys)


def periods_shown(g: QueryGraph, row: Slot) -> list[Column]:
    """The period of each row, when the question spans several (2019-2023) or none."""
    t = g.time_span()
    if t is not None and (t.kind == "year" and t.year and len(joined_years(g)) < 2) or not g.schema.labels[row.label].period:
        return []
    return period_columns(g, row)


def dated_day(g: QueryGraph, counted: Slot | None = None) -> Ref | None:
    """The day of the dated rows (of the things counted themselves when they carry the day)."""
    rows = [s for s in g.slots if g.schema.labels[s.label].day and not g.schema.labels[s.label].period]
    dated = next((s for s in rows if s is not counted), None) or next((s for s in rows if s is counted), None)
    return Ref(dated.var, g.schema.labels[dated.label].day) if dated is not None else None


def month_columns(g: QueryGraph, counted: Slot | None = None, parts: tuple = ("year", "month")) -> list[Column]:
    """2023年各月涨停次数, 每个月发了几只新股: the year and the month of the dated rows, one row
    a month (新股按年份统计各年几只: the year alone, one row a year)."""
    day = dated_day(g, counted)
    if day is None:
        return []
    return [Column(Call(f"{part}_of", (day,)), g.lang.say(f"columns.{part}")) for part in parts]


def period_columns(g: QueryGraph, row: Slot) -> list[Column]:
    """A column for each key of the row's period (its year, its quarter)."""
    return [Column(Ref(row.var, key), g.prop_word(row.label, key)) for key in g.schema.labels[row.label].period.values()]


def aggregate_word(g: QueryGraph, fn: str, value: str) -> str:
    """The column of a total, a mean, a highest … of a value (平均涨幅, average value)."""
    return g.lang.say("columns.aggregate", fn=g.lang.word("aggregates", fn), value=value)


def hangs_on(g: QueryGraph, var: str, slots: set[str]) -> bool:
    """Is this slot one of those, or joined straight to one (a board's own daily row)?"""
    return var in slots or any(var in (ln.a, ln.b) and {ln.a, ln.b} & slots for ln in g.links)


def groups_own_rows(g: QueryGraph, var: str, groups: set[str]) -> bool:
    """Are these the dated rows of one of these groups (a board's own daily change)? Its
    members ranked by them all tie — that reading is wrong."""
    return any(s.var == var and s.kind == "data" for s in g.slots) and hangs_on(g, var, groups)


def joined_years(g: QueryGraph) -> dict[int, int]:
    """Years said one after another with a connector between (in 2015 and 2023, for
    2019, 2020 and 2021): each mention's year; a single year alone."""
    said = _times_in_a_row(g, lambda t: t.kind == "year" and bool(t.year), side_by_side=False)
    return {i: t.year for i, t in said.items()}


def joined_times(g: QueryGraph, kind: str) -> dict[int, "object"]:
    """Days (quarters) said one after another with a connector or nothing between (3月14号和
    3月15号, 三季度四季度) and nothing comparing them: each mention's time; one alone."""
    if any(g.has(k) for k in ("difference", "which", "compare_entity", "growth")) or any(
            u.params.get("of") != "change" for u in g.units_of("change")) \
            or g.lang.found("days_compared", g.ex.question):  # (…收盘多少 asks the values)
        return {}
    return _times_in_a_row(g, lambda t: t.kind == kind and t.start is not None, side_by_side=True)


def _times_in_a_row(g: QueryGraph, fits, side_by_side: bool) -> dict[int, "object"]:
    """The unused times from the first on that fit, each after the one before with a connector
    between (or, `side_by_side`, nothing): mention index -> its time."""
    times = [(i, m) for i, m in enumerate(g.m) if m.kind == "time" and i not in g.consumed]
    out = {}
    for k, (i, m) in enumerate(times):
        if not fits(m.time):
            break
        between = g.ex.question[times[k - 1][1].end:m.start] if k else ""
        if k and (between.strip() or not side_by_side) and not g.lang.connectors.fullmatch(between):
            break
        out[i] = m.time
    return out


def every_group(g: QueryGraph, key_slot: str | None, n: Call) -> tuple[Pattern, Pattern] | None:
    """五粮液和茅台各有几条利空, 产业规模超过1000亿的产业分别关联多少只股票: the groups named (or bounded
    by a condition of their own) are each shown, 0 for one with none — the counted things
    joined to them optionally (a plain MATCH drops a group that has none)."""
    if key_slot is None or len(g.links) != 1 or not isinstance(n.args[0], Whole):
        return None
    key, ln = g.slot_of(key_slot), g.links[0]
    ends = {ln.a, ln.b}
    own = [c for c in g.conds if {r.var for r in refs(c)} <= {key_slot}]
    if key_slot not in ends or n.args[0].var not in ends or not (own or key.kind == "entity" and len(key.names) > 1):
        return None
    rest = [c for c in g.conds if c not in own]
    return g.pattern(links=[], conds=own, alone={key_slot}), \
        dataclasses.replace(g.pattern(conds=rest, alone=set()), optional=True)
