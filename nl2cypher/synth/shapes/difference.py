"""五粮液和泸州老窖的收盘价相差多少: max − min of the value over the group; where the
rule says the order named counts (the difference between Microsoft's and Apple's
diluted EPS), both values and the first's less the second's; asked which one too
(谁注册资本大 大多少), the one with it beside both values and the difference."""

from __future__ import annotations

from ..ir import Call, Column, Op, Pattern, Projection, QueryGraph, Sort, Whole
from .common import a_years_total, aggregate_word, ask, branch, day_conds, same_period

NAME = "difference"


def applies(g: QueryGraph) -> bool:
    a = ask(g)
    return g.has("difference") and a.group is not None and bool(a.shown)


def lower(g: QueryGraph):
    a = ask(g)
    last = a.shown[-1]
    # …分别是多少？差几个百分点: each one's value asked too — both, and the first's less the second's
    unit = g.unit("difference")
    named_order = unit.params.get("order") == "named" or g.lang.found("each_of_one", g.ex.question)
    if named_order and len(a.group.names) == 2:
        named = _in_order_named(g, a.group, last, less=unit.params.get("way") == "less")
        if named is not None:
            return named
    row = next((s for s in g.slots if s.var == last.ref.var), None)
    if row is not None and a_years_total(g, last.ref, row.label):
        return _of_totals(g, a.group, last)  # 中信证券和华泰证券2023年全年净利润差多少: each one's year
    if g.has("which") and len(a.group.names) == 2:
        return _which_and_by_how_much(g, a.group, last)
    diff = Op("-", Call("max", (last.ref,)), Call("min", (last.ref,)))
    return g.candidate((g.pattern(), Projection((Column(diff, g.lang.say("columns.difference", value=last.alias)),))), NAME)


def _which_and_by_how_much(g: QueryGraph, group, last):
    """招商银行和工商银行注册资本哪个大 大多少: the one with the higher value (lower, asked
    so), both values and the difference — the two values first, then the one that has it."""
    unit = g.unit("which")
    desc = (unit.params.get("dir", "desc") == "desc") != g.flipped(last.ref)
    base = g.pattern()
    both = Projection((Column(Call("max", (last.ref,)), "hi"), Column(Call("min", (last.ref,)), "lo")), carry=True)
    again = Pattern(base.paths, base.conds + (Op("=", last.ref, Whole("hi" if desc else "lo")),))
    name = g.name_of(group)
    cols = (Column(*name), Column(Whole("hi"), aggregate_word(g, "max", last.alias)),
            Column(Whole("lo"), aggregate_word(g, "min", last.alias)),
            Column(Op("-", Whole("hi"), Whole("lo")), g.lang.say("columns.difference", value=last.alias)))
    # the one picked (of a tie, the first by name)
    return g.candidate((base, both, again, Projection(cols, True, (Sort(name[0]),), limit=1)), NAME)


def _of_totals(g: QueryGraph, group, last):
    """A figure kept per quarter asked of a year is each one's total over it: the difference of
    the totals — and, asked which (哪个多), the one with the larger (smaller) beside both totals."""
    name, total = g.name_of(group), Call("sum", (last.ref,))
    word = aggregate_word(g, "sum", last.alias)
    each = Projection((Column(name[0], "thing"), Column(total, "total")), carry=True)
    both = Projection((Column(Call("max", (Whole("total"),)), "hi"), Column(Call("min", (Whole("total"),)), "lo")),
                      carry=True)
    diff = Column(Op("-", Whole("hi"), Whole("lo")), g.lang.say("columns.difference", value=word))
    if not g.has("which"):
        return g.candidate((g.pattern(), each, both, Projection((diff,))), NAME)
    desc = (g.unit("which").params.get("dir", "desc") == "desc") != g.flipped(last.ref)
    again = Projection((Column(name[0], "thing"), Column(total, "total"), Column(Whole("hi")), Column(Whole("lo"))),
                       carry=True, where=(Op("=", Whole("total"), Whole("hi" if desc else "lo")),))
    cols = (Column(Whole("thing"), name[1]), Column(Whole("hi"), aggregate_word(g, "max", word)),
            Column(Whole("lo"), aggregate_word(g, "min", word)), diff)
    base = g.pattern()  # matched again: the one whose total is the larger (of a tie, the first by name)
    return g.candidate((base, each, both, base, again, Projection(cols, order=(Sort(Whole("thing")),), limit=1)), NAME)


def _in_order_named(g: QueryGraph, group, last, less: bool = False):
    """Both values and the first's less the second's — the second's less the first's when asked how
    much less the first has (工商银行比招商银行低多少)."""
    row = next((s for s in g.slots if s.var == last.ref.var), None)
    if row is None:
        return None
    label = g.schema.labels[row.label]
    conds = day_conds(g, row.label) if label.dynamic else same_period(g, row) if label.period else (lambda v: [])
    first, one = branch(g, group.label, group.names[0], row.label, last.ref.key, conds)
    second, two = branch(g, group.label, group.names[1], row.label, last.ref.key, conds)
    say = lambda name: g.lang.say("columns.named_value", name=name, value=last.alias)  # noqa: E731
    return g.candidate((first, Projection((Column(one, "one"),), carry=True),
                        second, Projection((Column(Whole("one")), Column(two, "two")), carry=True),
                        Projection((Column(Whole("one"), say(group.names[0])), Column(Whole("two"), say(group.names[1])),
                                    Column(Op("-", *((Whole("two"), Whole("one")) if less else (Whole("one"), Whole("two")))),
                                           g.lang.say("columns.difference", value=last.alias))))), NAME)
