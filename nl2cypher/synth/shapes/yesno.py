"""贵州茅台今天涨停了吗: whether any row satisfies the conditions. Asked of a
kind of thing (有没有连板3天以上的票), the answer is the list: an empty one says no,
and a full one says which."""

from __future__ import annotations

from ..ir import Call, Column, Const, Op, Projection, QueryGraph, Ref, Rows, Slot, Sort, Value, Whole
from .common import a_years_total, aggregate_word

NAME = "yesno"


def applies(g: QueryGraph) -> bool:
    return g.has("yesno") and bool(g.conds or len(g.slots) > 1) and (not _asks_of_a_kind(g) or bool(_described(g))) \
        and not _asks_a_value(g)


def _asks_a_value(g: QueryGraph) -> bool:
    """华夏医疗健康股票A还能买吗 (a property word, no condition but its name): its value is the answer."""
    t = g.target
    if t.kind != "entity" or len(t.names) != 1 or not g.props:
        return False
    plain = {g.schema.labels[s.label].display for s in g.slots} | {g.schema.labels[s.label].day for s in g.slots}
    return all(isinstance(c, Op) and isinstance(c.left, Ref) and c.left.key in plain for c in g.conds)


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
    if thing is not None and (thing.kind == "label" or g.target.kind == "label" and g.target in after):
        return True
    # 有基金持有它吗: a kind word right after 有 — are there such things (which ones)
    return any(x.kind == "label" and _after_exists(g, p) for p, x in things)


def _after_exists(g: QueryGraph, at: int) -> bool:
    before = g.ex.question[:at].rstrip()
    return any(before.endswith(w) for w in g.lang.words.get("exists") or ())


def lower(g: QueryGraph):
    own = _own_values(g)
    if own:  # 中欧医疗健康指数C是不是暂停申购了: whether it is, and what it is (of each one named)
        g.conds = [c for c in g.conds if c not in own]
        cols = (Column(own[0], g.lang.say("columns.yesno")),) + tuple(
            Column(c.left, g.prop_word(g.target.label, c.left.key)) for c in own)
        if len(g.target.names) > 1:  # 这两只有没有哪个暂停申购了: each one's
            name = Column(*g.name_of(g.target))
            return g.candidate((g.pattern(), Projection((name,) + cols, True, order=(Sort(name.expr),))), NAME)
        return g.candidate((g.pattern(), Projection(cols, True)), NAME)
    described = _described(g)
    if described:  # 管理国泰消费升级混合A的经理是博士吗: each such one, whether it is, and what it is
        t = g.target
        g.conds = [c for c in g.conds if c not in described]
        cols = (Column(Ref(t.var, g.schema.labels[t.label].display), g.label_word(t.label)),
                Column(described[0], g.lang.say("columns.yesno"))) + tuple(
            Column(c.left, g.prop_word(t.label, c.left.key)) for c in described)
        return g.candidate((g.pattern(), Projection(cols, True)), NAME)
    bound = _one_rows_bound(g)
    if bound is not None:  # 隆基去年四季度是不是亏了: whether it did, and the figure
        g.conds = [c for c in g.conds if c is not bound]
        label = next(s.label for s in g.slots if s.var == bound.left.var)
        word = g.prop_word(label, bound.left.key)
        if a_years_total(g, bound.left, label):  # 隆基去年亏了吗: the year's quarters summed, then weighed
            total = Call("sum", (bound.left,))
            cols = (Column(Op(bound.op, total, bound.right), g.lang.say("columns.yesno")),
                    Column(total, aggregate_word(g, "sum", word)))
            return g.candidate((g.pattern(), Projection(cols)), NAME)
        cols = (Column(bound, g.lang.say("columns.yesno")), Column(bound.left, word))
        return g.candidate((g.pattern(), Projection(cols, True)), NAME)
    flags = _days_flags(g)
    if flags:  # 成都软件今天涨停了吗，连续几天了: whether it did that day, and the figures asked beside
        g.conds = [c for c in g.conds if c not in flags]
        said = {(c.left.var, c.left.key) for c in flags}
        cols = (Column(flags[0], g.lang.say("columns.yesno")),) + tuple(
            Column(c.left, g.prop_word(g.slot_of(c.left.var).label, c.left.key)) for c in flags) + tuple(
            Column(a.ref, g.prop_word(a.owner.label, a.prop)) for a in g.props
            if isinstance(a.owner, Slot) and (a.var, a.prop) not in said)
        return g.candidate((g.pattern(), Projection(cols, True)), NAME)
    several = next((s for s in g.entities() if len(s.names) > 1), None)
    if several is not None and g.lang.found("all_of", g.ex.question):
        # 铁矿石和焦煤都是钢材上游吗: every one named is, not any one
        every = Op("=", Call("count", (Whole(several.var),), distinct=True), Const(len(several.names)))
        return g.candidate((g.pattern(), Projection((Column(every, g.lang.say("columns.yesno")),))), NAME)
    return g.candidate((g.pattern(), Projection((Column(Op(">", Call("count", (Rows(),)), Const(0)), g.lang.say("columns.yesno")),))), NAME)


def _days_flags(g: QueryGraph) -> list[Op]:
    """One named thing's row of one day, a flag of it asked (涨停了吗) beside a figure
    (连续涨停天数多少): the flag's conditions; none when nothing else is asked."""
    t = g.target
    if t.kind != "entity" or len(t.names) != 1 or not g.props:
        return []
    days = {s.var: g.schema.labels[s.label].day for s in g.slots if s.kind == "data" and g.schema.labels[s.label].day}
    pinned = {c.left.var for c in g.conds if isinstance(c, Op) and c.op == "=" and isinstance(c.left, Ref)
              and days.get(c.left.var) == c.left.key}
    flags = [c for c in g.conds if isinstance(c, Op) and c.op == "=" and isinstance(c.left, Ref)
             and c.left.var in pinned and c.left.key != days[c.left.var]]
    rest = [c for c in g.conds if c not in flags and not (isinstance(c, Op) and isinstance(c.left, Ref)
                                                         and c.left.var in pinned and c.left.key == days[c.left.var])]
    return flags if flags and all(isinstance(c, Op) and c.op == "=" for c in rest) else []


def _own_values(g: QueryGraph) -> list[Op]:
    """Values of the named things' own properties the question asks about."""
    t = g.target
    if t.kind != "entity":
        return []
    name = g.schema.labels[t.label].display
    return [c for c in g.conds if isinstance(c, Op) and c.op == "=" and isinstance(c.left, Ref)
            and c.left.var == t.var and c.left.key != name]


def _described(g: QueryGraph) -> list[Op]:
    """Things of a kind a named thing describes (国泰消费升级混合A's manager), asked whether a
    value of theirs is the one said after a copula (是博士吗): those value conditions."""
    t = g.target
    if t.kind != "label" or not any(s.kind == "entity" for s in g.slots):
        return []
    name = g.schema.labels[t.label].display
    own = [c for c in g.conds if isinstance(c, Op) and c.op == "=" and isinstance(c.left, Ref)
           and c.left.var == t.var and c.left.key != name]
    copulas = tuple(str(w) for w in g.lang.words.get("copula") or ())
    said = any(m.kind == "value" and g.ex.question[:m.start].rstrip().endswith(copulas) for m in g.ex.mentions)
    return own if own and copulas and said else []


def _one_rows_bound(g: QueryGraph) -> Op | None:
    """One named thing's figure against a bound (净利润 < 0 of a quarter pinned by equalities):
    the one bound, when no other condition of that row is a range (a period's rows ask whether any)."""
    t = g.target
    if t.kind != "entity" or len(t.names) != 1:
        return None
    ranges = [c for c in g.conds if isinstance(c, Op) and c.op in ("<", ">", "<=", ">=") and isinstance(c.left, Ref)]
    if len(ranges) != 1 or not isinstance(ranges[0].right, (Const, Value)):
        return None
    return ranges[0] if any(s.var == ranges[0].left.var for s in g.slots) else None