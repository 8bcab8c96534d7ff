"""这周每天都上涨的股票 / 2023年四个季度都盈利的白酒股: things whose every dated row
(day, report) in the period meets a threshold — the lowest (highest) of them
beyond it. A condition no threshold says (每天都涨停) is left to the other shapes,
which flag the words."""

from __future__ import annotations

from ..ir import Call, Column, Const, Op, Projection, QueryGraph, Ref, Sort, Whole

NAME = "every"
BELOW = {"<": "max", "<=": "max"}  # all below: the highest below; all above: the lowest above


def applies(g: QueryGraph) -> bool:
    return g.has("every") and _threshold(g) is not None


def _threshold(g: QueryGraph) -> Op | None:
    """The one condition a dated row must meet (涨跌幅 > 0, 净利润 > 0)."""
    rows = {s.var for s in g.slots if g.schema.labels[s.label].dynamic or g.schema.labels[s.label].period}
    found = [c for c in g.conds if isinstance(c, Op) and c.op in ("<", "<=", ">", ">=")
             and isinstance(c.left, Ref) and c.left.var in rows and isinstance(c.right, Const)]
    return found[0] if len(found) == 1 else None


def lower(g: QueryGraph):
    cond, t = _threshold(g), g.target
    if t is None or t.kind == "data":
        return None
    bound = Call(BELOW.get(cond.op, "min"), (cond.left,))
    keep = Projection((Column(Whole(t.var)), Column(bound, "every_row")), carry=True,
                      where=(Op(cond.op, Whole("every_row"), cond.right),))
    if g.has("count"):
        cols = (Column(Call("count", (Whole(t.var),), distinct=True), g.lang.say("columns.count")),)
        return g.candidate((g.pattern(conds=[c for c in g.conds if c is not cond]), keep, Projection(cols)), NAME)
    if g.has("yesno") and t.kind == "entity":  # 万科A去年四个季度是不是都亏了: whether, not a list of it or none
        cols = (Column(Op(">", Call("count", (Whole(t.var),)), Const(0)), g.lang.say("columns.yesno")),)
        return g.candidate((g.pattern(conds=[c for c in g.conds if c is not cond]), keep, Projection(cols)), NAME)
    name = g.name_of(t)
    return g.candidate((g.pattern(conds=[c for c in g.conds if c is not cond]), keep,
                        Projection((Column(*name),), distinct=True, order=(Sort(name[0]),))), NAME)
