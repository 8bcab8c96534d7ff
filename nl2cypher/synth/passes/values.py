"""Value words (涨停, 广东, 创业板, 利好) become conditions on the property they
are a value of; values of one property joined by a connector (浙江和江苏的公司)
are one condition, either value; two values asked otherwise (是男是女) ask for
the property instead.

Reads mentions; writes conditions, `props`, `used`, and slots/links for the owners."""

from __future__ import annotations

from typing import Any

from ..ir import Attached, Const, Negated, Op, QueryGraph, Ref
from ..paths import holder, member_between, owner_slot


def run(g: QueryGraph) -> None:
    target = g.target
    why = [(u.start, u.end) for u in g.units_of("why")]
    asked: list[Attached] = []
    seen: dict[str, set] = {}
    for m in g.m:
        if m.kind == "value" and "op" not in m.params:
            for t in m.targets:
                seen.setdefault(t, set()).add(tuple(m.params.get("value") or ()))
    paired = {i for u in g.units if "val2" in u.refs for i in u.refs.values()}
    # two values of one property asked apart (是男是女) ask for it — but two measures (revenue … net income) are figures
    alternatives = {t for t, vals in seen.items() if len(vals) > 1 and not _measure(g, t)}
    joined = _joined(g)
    negated = {i for u in g.units_of("not_value") for i in u.refs.values()}  # 非科创板, 不是银行的: the value's complement
    picked: dict[tuple, list[str]] = {}
    for i, m in enumerate(g.m):
        if m.kind != "value" or i in g.consumed or any(a <= g.pos(i) < b for a, b in why):
            continue
        if i in joined and not joined[i]:
            continue  # read with the first value of its group
        if _modifies(g, i):
            continue
        members = [t for t in m.targets if member_between(g, t.split(".")[0]) is not None]  # the board's stocks' rows
        options = [t for t in m.targets if _feasible(g, t)] or members
        if members and g.has("count") and g.unit("count").params.get("of") != "rows" and target is not None \
                and target.kind == "entity" and len(target.names) == 1:
            options = members  # 军工板块今天上涨的有几只: its stocks that rose, counted (not its own rise: all or none)
        if set(options) & set(picked.get(m.targets, ())):
            options = picked[m.targets]  # 上涨的几只，下跌的几只: the same rows as the value word before
        if not options:
            continue
        t = g.pick(f"value#{i}", options, what="value:" + m.text)
        picked[m.targets] = [t]
        owner, prop = t.split(".")
        if t in alternatives and i not in joined and i not in paired:  # a rule's pair (R&D as a percent of revenue): its own
            # 利好还是利空: a link's property (how the news bears on it) is read on that link
            slot = owner_slot(g, owner, g.pos(i), target) if owner in g.schema.labels else holder(g, owner, g.pos(i), target)
            if slot is not None and all(a.prop != prop for a in asked):
                asked.append(Attached(i, slot, prop))
            if slot is not None:
                g.used.add(i)
            continue
        values = [v for j in joined.get(i) or [i] for v in g.m[j].params.get("value") or []]
        g.used.update(joined.get(i) or ())
        pdef = g.schema.labels[owner].property(prop) if owner in g.schema.labels else g.schema.edges[owner].properties[prop]
        typed = [_typed(v, pdef.type, g.lang) for v in values]
        where = holder(g, owner, g.pos(i), target)
        if where is None:
            continue
        ref = Attached(i, where, prop).ref
        g.used.add(i)
        before = len(g.conds)
        _condition(g, m, ref, pdef, typed)
        if negated & {i, *(joined.get(i) or ())}:
            g.conds[before:] = [Negated(c) for c in g.conds[before:]]
    g.props.extend(asked)


def _condition(g: QueryGraph, m, ref: Ref, pdef, typed: list) -> None:
    """The condition a value word sets on its property (several values: either one)."""
    op = m.params.get("op", "=")
    if "than" in m.params:  # 收阳: the close above the same row's open (another property, not a number)
        g.conds.append(Op(op, ref, Ref(ref.var, m.params["than"])))
    elif op in ("CONTAINS", "STARTS WITH"):  # a word of a searchable text (有回购消息的), a family (易方达的基金)
        g.conds.append(Op(op, ref, g.param(typed[0])))
    elif op != "=":
        g.conds.append(Op(op, ref, Const(typed[0])))  # 上涨了: 涨跌幅 > 0, a threshold from the table
    elif (isinstance(typed[0], bool) or pdef.type == "int") and len(typed) == 1:
        g.conds.append(Op("=", ref, Const(typed[0])))  # engine-chosen literal from the table
    elif len(typed) == 1:
        g.conds.append(Op("=", ref, g.param(typed[0])))
    else:
        g.conds.append(Op("IN", ref, g.param(typed)))


def _measure(g: QueryGraph, target: str) -> bool:
    label = g.schema.labels.get(target.partition(".")[0])
    return label is not None and bool(label.measure)


def _modifies(g: QueryGraph, i: int) -> bool:
    """A word of a searchable text right before a word for other things (主要股东,
    机构股东) describes those things; it does not search the news."""
    m = g.m[i]
    if m.params.get("op") != "CONTAINS" or i + 1 >= len(g.m):
        return False
    nxt = g.m[i + 1]
    owner = m.targets[0].partition(".")[0]
    return nxt.start == m.end and nxt.kind == "label" and owner not in nxt.targets


def _joined(g: QueryGraph) -> dict[int, list[int]]:
    """Values of one property next to each other with only a connector between
    (浙江和江苏, 白酒、银行): the first's index maps to the group, the others' to []."""
    out: dict[int, list[int]] = {}
    group: list[int] = []
    for i, m in enumerate(g.m):
        if m.kind != "value" or "op" in m.params:
            continue
        if group and set(g.m[group[-1]].targets) & set(m.targets) and \
                g.lang.connectors.fullmatch(g.ex.between(group[-1], i) or "x"):
            group.append(i)
            continue
        if len(group) > 1:
            out.update({group[0]: group, **{j: [] for j in group[1:]}})
        group = [i]
    if len(group) > 1:
        out.update({group[0]: group, **{j: [] for j in group[1:]}})
    return out


def _feasible(g: QueryGraph, t: str) -> bool:
    owner = t.split(".")[0]
    if owner in g.schema.labels:
        return any(s.label == owner for s in g.slots) or any(
            g.schema.edges_between(s.label, owner) for s in g.slots if s.kind != "data") or not g.slots
    e = g.schema.edges.get(owner)
    return e is not None and any(s.label in e.sources + e.targets for s in g.slots)


def _typed(v: Any, ptype: str, lang) -> Any:
    if ptype == "bool":
        return lang.means_true(v)
    if ptype == "int":
        return int(v)
    if ptype == "float":
        return float(v)
    return str(v)
