"""同比 / 环比 of a report figure: this period against the same quarter a year
earlier, or against the previous quarter (or a named quarter: 比第三季度增长)."""

from __future__ import annotations

from ..ir import Call, Column, Const, Op, Projection, QueryGraph, Ref, Whole
from .common import branch, data_prop

NAME = "growth"


def applies(g: QueryGraph) -> bool:
    return g.has("growth")


def lower(g: QueryGraph):
    u = g.unit("growth")
    a, ent = data_prop(g), g.entity()
    if a is None or ent is None or not g.schema.labels[a.owner.label].period:
        return None
    owner, prop = a.owner, a.prop
    period = g.schema.labels[owner.label].period
    t = next((m.time for i, m in enumerate(g.m) if m.kind == "time" and m.time.quarter and i != u.ref("time")), None)
    if t is not None:
        y, q = t.year, t.quarter
    else:
        latest = g.ctx.latest.get(owner.label)
        if latest is None:
            return None
        y, q = latest.year, (latest.month - 1) // 3 + 1
    kind = u.params.get("kind")
    if kind == "vs":
        ref = g.m[u.ref("time")].time
        cur_t = next((m.time for i, m in enumerate(g.m) if m.kind == "time" and i != u.ref("time")
                      and m.time.quarter), None)
        if ref is None or not ref.quarter:
            return None
        if cur_t is not None:
            y, q = cur_t.year, cur_t.quarter
        py, pq = ref.year, ref.quarter
        if cur_t is not None and ref.year != y and not ref.names_year:
            py = y  # 2023年第四季度…比第三季度: the same year unless one is named
    else:
        py, pq = (y - 1, q) if kind == "yoy" else ((y, q - 1) if q > 1 else (y - 1, 4))

    def in_quarter(y_, q_):
        return lambda v: [Op("=", Ref(v, period["year"]), Const(y_)), Op("=", Ref(v, period["quarter"]), Const(q_))]

    cur, cur_val = branch(g, ent.label, ent.names[0], owner.label, prop, in_quarter(y, q))
    prev, prev_val = branch(g, ent.label, ent.names[0], owner.label, prop, in_quarter(py, pq))
    pct = Op("*", Op("/", Op("-", Whole("cur"), Whole("prev")), Call("abs", (Whole("prev"),))), Const(100.0))
    word = g.lang.word("growth", kind, fallback="other")
    parts = (cur, Projection((Column(cur_val, "cur"),), carry=True),
             prev, Projection((Column(Whole("cur")), Column(prev_val, "prev")), carry=True),
             Projection((Column(Whole("cur"), f"{y}Q{q}"), Column(Whole("prev"), f"{py}Q{pq}"),
                         Column(pct, g.lang.say("columns.growth", word=word)))))
    note = g.lang.say("notes.growth", word=word, year=y, quarter=q, prev_year=py, prev_quarter=pq)
    return g.candidate(parts, NAME, g.notes + [note])
