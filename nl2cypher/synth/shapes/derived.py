"""Two figures of the same thing, computed into one: R&D as a percent of revenue,
the ratio of current assets to current liabilities, operating cash flow minus capex,
did it spend more on buybacks than on capex — each thing's two figures of the same
period side by side, with what was computed from them (ranked by it when asked;
companies whose net income exceeded their cash flow: those whose did)."""

from __future__ import annotations

from ..ir import Column, Const, Op, Pattern, Projection, QueryGraph, Ref, Sort
from .common import another_figure, ask, by_period, figure_ranked, figure_slots, named_once, periods_shown, rank_limit

NAME = "derived"


def applies(g: QueryGraph) -> bool:
    return g.has("derived")


def lower(g: QueryGraph):
    u = g.unit("derived")
    found, figures = figure_slots(g), _figures(g, u)
    if found is None or figures is None:
        return None
    a, measure, owner = found
    (first, first_word), (second, second_word) = figures
    by = figure_ranked(g, (first, second), skip=set(u.refs.values()))
    main_value = by or first  # the figure a ranking names is read first; the other joins it
    other_value = second if main_value == first else first
    joined = another_figure(g, owner, measure, a.owner, other_value, a.prop)
    if joined is None:
        return None
    path, more, other = joined
    refs = {main_value: Ref(a.owner.var, a.prop), other_value: other}
    one, two = refs[first], refs[second]
    main = g.pattern()
    conds = named_once(g, main.conds, measure, main_value)
    op = u.params.get("op", "ratio")
    weighs = op in ("<", ">")
    cols = [Column(*g.name_of(owner))] + periods_shown(g, a.owner) + [Column(one, first_word), Column(two, second_word)]
    computed = _computed(g, op, one, two, first_word, second_word)
    if weighs and owner.kind != "entity":  # companies whose net income exceeded their cash flow: those
        conds.append(computed.expr)
    else:
        cols.append(computed)
    ret = _projection(g, cols, computed.expr, a.owner, refs.get(by), ranks=not weighs)
    if by is not None and ret.limit is not None:  # the top 10 by revenue, with their net margin: ranked by the one
        parts = (Pattern(main.paths, tuple(conds)), Pattern((path,), tuple(more), optional=True), ret)
    else:
        parts = (Pattern(main.paths + (path,), tuple(conds + more)), ret)
    return g.candidate(parts, "yesno" if weighs and owner.kind == "entity" else NAME)


def _figures(g: QueryGraph, u) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """The two figures the rule names, each as (the KG's name, the user's words); the
    second first where the rule says so (what percentage of revenue went to R&D)."""
    picked = []
    for ref in ("val", "val2"):
        i = u.ref(ref)
        values = g.m[i].params.get("value") if i is not None else None
        if not values or len(values) != 1:
            return None
        g.used.add(i)
        picked.append((values[0], g.m[i].text))
    if picked[0][0] == picked[1][0]:
        return None  # one figure of two things (Amazon's revenue to Walmart's): not two figures of one
    return tuple(reversed(picked)) if u.params.get("order") == "reversed" else tuple(picked)


def _computed(g: QueryGraph, op: str, one, two, first_word: str, second_word: str) -> Column:
    say = lambda key: g.lang.say(f"columns.derived_{key}", a=first_word, b=second_word)  # noqa: E731
    if op == "percent":
        return Column(Op("/", Op("*", one, Const(100.0)), two), say("percent"))
    if op == "difference":
        return Column(Op("-", one, two), say("difference"))
    if op == "sum":
        return Column(Op("+", one, two), say("sum"))
    if op in ("<", ">"):
        return Column(Op(op, one, two), g.lang.say("columns.yesno"))
    return Column(Op("/", Op("*", one, Const(1.0)), two), say("ratio"))


def _projection(g: QueryGraph, cols: list[Column], computed, row, by: Ref | None, ranks: bool) -> Projection:
    """Ranked when the question ranks — by the figure it names, else by the computed
    one; else by period."""
    a = ask(g)
    ranked = a.extreme or a.topk or a.ordering
    if ranked is not None and ranks:
        desc = ranked.params.get("dir", "desc") != "asc"
        return Projection(tuple(cols), order=(Sort(by or computed, desc), Sort(cols[0].expr)), limit=rank_limit(g, a))
    return Projection(tuple(cols), order=by_period(g, cols, row))
