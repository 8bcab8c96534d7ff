"""Value words (涨停, 广东, 创业板, 利好) become conditions on the property they
are a value of; two values of one property asked together (是男是女) ask for the
property instead.

Reads mentions; writes conditions, `props`, `used`, and slots/links for the owners."""

from __future__ import annotations

from typing import Any

from ..ir import Attached, Const, Op, QueryGraph
from ..paths import holder, owner_slot


def run(g: QueryGraph) -> None:
    target = g.target
    why = [(u.start, u.end) for u in g.units_of("why")]
    asked: list[Attached] = []
    seen: dict[str, set] = {}
    for m in g.m:
        if m.kind == "value" and "op" not in m.params:
            for t in m.targets:
                seen.setdefault(t, set()).add(tuple(m.params.get("value") or ()))
    alternatives = {t for t, vals in seen.items() if len(vals) > 1}
    for i, m in enumerate(g.m):
        if m.kind != "value" or i in g.consumed or any(a <= g.pos(i) < b for a, b in why):
            continue
        options = [t for t in m.targets if _feasible(g, t)]
        if not options:
            continue
        t = g.pick(f"value#{i}", options, what="value:" + m.text)
        owner, prop = t.split(".")
        if t in alternatives:
            slot = owner_slot(g, owner, g.pos(i), target) if owner in g.schema.labels else None
            if slot is not None and all(a.prop != prop for a in asked):
                asked.append(Attached(i, slot, prop))
            if slot is not None:
                g.used.add(i)
            continue
        values = m.params.get("value") or []
        pdef = g.schema.labels[owner].property(prop) if owner in g.schema.labels else g.schema.edges[owner].properties[prop]
        typed = [_typed(v, pdef.type, g.lang) for v in values]
        where = holder(g, owner, g.pos(i), target)
        if where is None:
            continue
        ref = Attached(i, where, prop).ref
        g.used.add(i)
        op = m.params.get("op", "=")
        if op != "=":
            g.conds.append(Op(op, ref, Const(typed[0])))  # 上涨了: 涨跌幅 > 0, a threshold from the table
        elif isinstance(typed[0], bool) or pdef.type == "int":
            g.conds.append(Op("=", ref, Const(typed[0])))  # engine-chosen literal from the table
        elif len(typed) == 1:
            g.conds.append(Op("=", ref, g.param(typed[0])))
        else:
            g.conds.append(Op("IN", ref, g.param(typed)))
    g.props.extend(asked)


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
