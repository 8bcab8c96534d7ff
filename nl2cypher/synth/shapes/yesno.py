"""贵州茅台今天涨停了吗: whether any row satisfies the conditions. Asked of a
kind of thing (有没有连板3天以上的票), the answer is the list: an empty one says no,
and a full one says which."""

from __future__ import annotations

from ..ir import Call, Column, Const, Op, Projection, QueryGraph, Rows

NAME = "yesno"


def applies(g: QueryGraph) -> bool:
    return g.has("yesno") and bool(g.conds or len(g.slots) > 1) and not _asks_of_a_kind(g)


def _asks_of_a_kind(g: QueryGraph) -> bool:
    """The thing the yes/no word asks about — the first named or kind word after
    it (有没有|贵州茅台), else the last before it (白酒股|有吗), or the answer's
    kind after it — is a kind of thing."""
    at = g.unit("yesno").span[0]
    things = sorted((g.ex.question_span(x.pos, x.pos + 1)[0], x) for x in g.slots if x.kind in ("entity", "label"))
    after = [x for p, x in things if p >= at]
    before = [x for p, x in things if p < at]
    thing = after[0] if after else (before[-1] if before else None)
    # 有没有同时持有茅台和五粮液的基金: the names only narrow the kind the question ends on
    return thing is not None and (thing.kind == "label" or g.target.kind == "label" and g.target in after)


def lower(g: QueryGraph):
    return g.candidate((g.pattern(), Projection((Column(Op(">", Call("count", (Rows(),)), Const(0)), g.lang.say("columns.yesno")),))), NAME)
