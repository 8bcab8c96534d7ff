"""Conditions: entity names, same-as, comparisons and ranges with numbers,
dates before/after, name patterns, exclusions.

Reads units, `props`, slots; writes conditions and `consumed` (the numbers and
dates a unit used up)."""

from __future__ import annotations

import datetime as dt

from ...schema import TIME_TYPES
from ..ir import Attached, Call, Day, Negated, Op, QueryGraph, Ref, Slot, Whole
from ..paths import edge_link, holder
from ..shapes.common import aggregate_word, rows_total

_MIRROR = {">": "<", "<": ">", ">=": "<=", "<=": ">="}
_NAME_OPS = {"starts_with": "STARTS WITH", "ends_with": "ENDS WITH", "contains": "CONTAINS", "not_contains": "CONTAINS"}


def _ref_of(g: QueryGraph, mention: int | None) -> Ref | None:
    """The property a property word was attached as."""
    return next((r for r, said in g.prop_mentions.items() if mention in said), None) if mention is not None else None


def run(g: QueryGraph) -> None:
    target = g.target
    for s in g.slots:
        if s.kind == "entity":
            ref = Ref(s.var, g.schema.labels[s.label].display)
            if len(s.names) == 1:
                g.conds.append(Op("=", ref, g.param(s.names[0])))
            else:
                g.conds.append(Op("IN", ref, g.param(list(s.names))))
    _others(g, target)
    for k, u in enumerate(g.units):
        if u.kind == "same" and u.ref("ent") is not None:
            ent = next((s for s in g.slots if s.mention == u.ref("ent")), None)
            if ent is not None and ent.label == target.label and ent is not target:
                disp = g.schema.labels[target.label].display
                g.conds.append(Op("<>", Ref(target.var, disp), Ref(ent.var, disp)))
        if u.kind == "compare_props":  # 收盘价高于开盘价: two figures of one row, one against the other
            pair = [_ref_of(g, u.ref(name)) for name in ("prop", "prop2")]
            if None in pair or pair[0].var != pair[1].var:
                g.unapplied.append(k)
            else:
                g.conds.append(Op(u.params.get("op", ">"), pair[0], pair[1]))
            continue
        if u.kind in ("compare", "between"):
            ref, pdef = prop_for_unit(g, u)
            counted = _counted_after(g, u) if ref is None and u.kind == "compare" else None
            rows = _times(g, u) if ref is None and u.kind == "compare" and counted is None else None
            if counted is not None or rows is not None:  # states with more than 5 companies: a bound on how many each has
                g.member_bounds.append((u.params.get("op", ">"), g.param(number(g, u.ref("num"), None)),
                                        Call("count", (Whole((counted or rows).var),), distinct=True),
                                        g.lang.say("columns.times") if rows is not None else ""))
                continue
            if ref is None:
                g.unapplied.append(k)  # nothing to compare: say so rather than drop the number
                continue
            # lost money: a rule's own number (value=0) when it names none
            a = number(g, u.ref("num"), pdef) if u.ref("num") is not None or "value" not in u.params \
                else float(u.params["value"])
            flip = _flipped_here(g, ref, u)
            if u.kind == "compare":
                op = u.params.get("op", ">")
                if flip and a > 0:  # 跌幅大于5%: 涨跌幅 < -5 (跌幅小于-5% is already signed)
                    op, a = _MIRROR.get(op, op), -a
                total = _summed_over_members(g, u, ref) or (rows_total(g, ref) if not _one_kind_of_row(g, ref) else "")
                if total:  # 2023年净利润超过100亿: the year's total over its quarters is bounded, not each quarter
                    g.member_bounds.append((op, g.param(a), Call(total, (ref,)), aggregate_word(g, total, g.prop_word(
                        g.slot_of(ref.var).label, ref.key))))
                    continue
                g.conds.append(Op(op, ref, g.param(a)))
            else:
                b = number(g, u.ref("num2"), pdef)
                lo, hi = sorted((-a, -b) if flip and min(a, b) > 0 else (a, b))
                g.conds.append(Op("AND", Op(">=", ref, g.param(lo)), Op("<=", ref, g.param(hi))))
        elif u.kind in ("date_compare", "date_in"):
            ref, pdef = _date_prop(g, u)
            t = g.m[u.ref("time")].time
            if _said_as_current(g, u.ref("time")):
                continue  # 现在的董事长什么时候上任的: 现在 says which one, not when
            if ref is None or t is None:
                g.unapplied.append(k)  # 2022年的注册资本: no date to put the year on, the year goes unused
                continue
            g.consumed.add(u.ref("time"))
            op = u.params.get("op", "<")
            if u.kind == "date_in":  # 今年上市的: from the period's first day to its last
                g.conds.extend(_on_days(ref, pdef, o, d) for o, d in ((">=", t.start), ("<=", t.end)) if d is not None)
                continue
            # before a period: its first day is out (<); up to it (<=) or from it (>=): in; after it (>): its last day is out
            day = (t.start or t.end) if op in ("<", ">=") else (t.end or t.start)
            g.conds.append(_on_days(ref, pdef, op, day))
        elif u.kind in _NAME_OPS:
            slot = _name_slot(g, u)
            ref = _field_ref(g, u, slot) or Ref(slot.var, g.schema.labels[slot.label].display)
            cond = Op(_NAME_OPS[u.kind], ref, g.param(u.text))
            g.conds.append(Negated(cond) if u.kind == "not_contains" else cond)
        elif u.kind == "exclude":
            m = g.m[u.ref("ent")]
            ref_ent = next((r for r in m.entities if r.label == target.label), m.entities[0])
            slot = target if target.label == ref_ent.label else next(
                (s for s in g.slots if s.label == ref_ent.label), None)
            if slot is None:  # 不包括银行板块 of companies: no board to leave out among them — say so
                g.unapplied.append(k)
                continue
            g.conds.append(Op("<>", Ref(slot.var, g.schema.labels[slot.label].display), g.param(ref_ent.name)))


def _others(g: QueryGraph, target) -> None:
    """富国科技创新指数A的经理还管了哪些基金: things of the named one's own kind reached
    through another are the others — the named one left out."""
    if target.kind != "label" or not g.lang.found("others", g.ex.question) or g.units_of("same"):
        return
    disp = g.schema.labels[target.label].display
    for s in g.slots:
        if s.kind == "entity" and s.label == target.label and len(s.names) == 1:
            g.conds.append(Op("<>", Ref(target.var, disp), g.param(s.names[0])))


def _counted_after(g: QueryGraph, u):
    """More than 5 companies: the kind of thing right after the number is what is counted."""
    if u.ref("num") is None:
        return None
    said = next((m for i, m in enumerate(g.m) if m.kind == "label" and g.ex.tag_span(i)[0] >= u.end
                 and not g.ex.tagged[u.end:g.ex.tag_span(i)[0]].strip()), None)
    return next((s for s in g.slots if said is not None and s.label in said.targets and s.kind == "label"), None)


def _times(g: QueryGraph, u):
    """涨停超过2次 / 至少涨停两回: the number counts the dated rows that meet the other
    conditions (a `times` word after it), for each thing asked."""
    if u.ref("num") is None or not g.conds and not g.units_of("value"):
        return None
    said = g.ex.tagged[g.ex.tag_span(u.ref("num"))[1]:u.end + 2]
    if not any(said.lstrip().startswith(str(w)) for w in g.lang.words.get("times") or ()):
        return None
    return next((s for s in g.slots if s.kind == "data" and g.schema.labels[s.label].day), None)


def _flipped_here(g: QueryGraph, ref: Ref, u) -> bool:
    """Does the word this comparison is about measure the other way (跌幅超过10%…及各自区间涨跌幅:
    the 跌幅 said before it, not the column asked after)?"""
    said = [i for i in g.prop_mentions.get(ref, ()) if g.pos(i) < u.start]
    if not said:
        return g.flipped(ref)
    return g.m[max(said, key=g.pos)].params.get("flip") == "true"


def _summed_over_members(g: QueryGraph, u, ref: Ref) -> str:
    """管的基金规模合计超过100亿的经理: an aggregate word said with the figure (总规模, 规模合计)
    bounds each answer's total over its members, not each member's own figure."""
    t = g.target
    mention = next((i for i in g.prop_mentions.get(ref, ()) if g.pos(i) < u.start), None)
    if t is None or t.var == ref.var or t.kind == "data" or mention is None:
        return ""
    said = [a for a in g.units_of("aggregate") if g.pos(mention) - 2 <= a.start and a.end <= u.start]
    return said[-1].params.get("fn", "sum") if said else ""


def _one_kind_of_row(g: QueryGraph, ref: Ref) -> bool:
    """Are these rows narrowed to one kind already (年报: one report a year, no total)?"""
    return any(isinstance(c, Op) and isinstance(c.left, Ref) and c.left.var == ref.var and c.left.key != ref.key
               for c in g.conds)


def _said_as_current(g: QueryGraph, i: int) -> bool:
    """Is this time word the start of a `current` word said here (现在的, 目前的)?"""
    said = g.m[i].text
    return any(str(w).startswith(said) and str(w) in g.ex.question for w in g.lang.words.get("current") or ())


def _on_days(ref, pdef, op: str, day: dt.date) -> Op:
    """A bound on whole days: a time of day (认购开始时间 2023-12-31 09:30) is within its day —
    up to a day (<=) is before the next one begins, after it (>) from the next one on."""
    if pdef is None or pdef.type != "datetime" or op not in ("<=", ">"):
        return Op(op, ref, Day(day))
    return Op("<" if op == "<=" else ">=", ref, Day(day + dt.timedelta(days=1)))


def _date_prop(g: QueryGraph, u):
    """The date a before/after/within unit compares: the one its row names
    (上市 after a time is the listing date), the property word it reads
    (今年〈上市日期〉), else the nearest date property."""
    if "prop" in u.params:
        owner, _, prop = u.params["prop"].partition(".")
        where = holder(g, owner, u.start, g.target)
        return (Attached(None, where, prop).ref, g.pdef(where, prop)) if where is not None else (None, None)
    if u.ref("prop") is not None:
        a = next((a for a in g.props if a.mention == u.ref("prop")), None)
        pdef = g.pdef(a.owner, a.prop) if a is not None else None
        return (a.ref, pdef) if pdef is not None and pdef.type in TIME_TYPES else (None, None)
    return prop_for_unit(g, u, types=TIME_TYPES)


def _name_slot(g: QueryGraph, u) -> Slot:
    after = [s for s in g.slots if s.kind == "label" and s.pos >= u.end]
    return min(after, key=lambda s: s.pos) if after else g.target


def _field_ref(g: QueryGraph, u, slot: Slot) -> Ref | None:
    """代码以688开头: a pattern of the property the rule names, not of the name."""
    i = u.ref("prop")
    keys = [t.split(".", 1)[1] for t in g.m[i].targets if t.startswith(slot.label + ".")] if i is not None else []
    return Ref(slot.var, keys[0]) if keys else None


def prop_for_unit(g: QueryGraph, u, types=("int", "float")):
    """The property a comparison talks about: the nearest property word before
    the unit (else after it) of a fitting type."""
    best = None
    for a in g.props:
        pdef = g.pdef(a.owner, a.prop)
        if pdef is None or pdef.type not in types:
            continue
        # a figure read with no word of its own (a measure's value) stands where its row does
        p = g.pos(a.mention) if a.mention is not None else getattr(a.owner, "pos", u.start)
        d = (0, u.start - p) if p <= u.start else (1, p - u.start)
        if best is None or d < best[0]:
            best = (d, a, pdef)
    if best is None:
        return _edge_prop_for_unit(g, u) if set(types) & {"int", "float"} else (None, None)
    _, a, pdef = best
    return a.ref, pdef


def _edge_prop_for_unit(g: QueryGraph, u):
    """持股超过20%: no property word, but a relationship word whose edge has a
    numeric property in the number's unit."""
    idx = u.ref("num")
    unit = g.m[idx].number.unit if idx is not None and g.m[idx].number else ""
    for i in range(len(g.m) - 1, -1, -1):
        m = g.m[i]
        if m.kind != "edge" or g.pos(i) > u.start:
            continue
        for etype in m.targets:
            e = g.schema.edges.get(etype)
            if e is None:
                continue
            props = [p for p in e.properties.values() if p.type in ("int", "float") and (p.unit == unit or not unit)]
            if props:
                ln = edge_link(g, etype, g.slots[-1] if g.slots else None, g.pos(i))
                if ln is not None:
                    return Attached(None, ln, props[0].name).ref, props[0]
    return None, None


def number(g: QueryGraph, idx: int | None, pdef) -> float | int:
    """The number a unit compares with, in the property's unit (1.2亿 of a 万元 figure -> 12000)."""
    n = g.m[idx].number
    g.consumed.add(idx)
    v = n.value
    factor = g.lang.unit_factor(pdef.unit) if pdef is not None else None
    if factor and (n.scale != 1 or g.lang.is_base_unit(n.unit)):
        v = v / factor
    if pdef is not None and pdef.type == "int" and float(v).is_integer():
        return int(v)
    return int(v) if float(v).is_integer() and n.is_int else v
