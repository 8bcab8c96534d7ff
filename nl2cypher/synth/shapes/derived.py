"""Two figures of the same thing, computed into one: R&D as a percent of revenue,
the ratio of current assets to current liabilities, operating cash flow minus capex,
did it spend more on buybacks than on capex — each thing's two figures of the same
period side by side, with what was computed from them (ranked by it when asked;
companies whose net income exceeded their cash flow: those whose did)."""

from __future__ import annotations

from ..ir import Column, Const, Op, Pattern, Projection, QueryGraph, Ref, Sort
from .common import another_figure, ask, figure_slots, periods_shown, rank_limit

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
    by = _ranked_by(g, u, (first, second))
    main_value = by or first  # the figure a ranking names is read first; the other joins it
    other_value = second if main_value == first else first
    joined = another_figure(g, owner, measure, a.owner, other_value, a.prop)
    if joined is None:
        return None
    path, more, other = joined
    refs = {main_value: Ref(a.owner.var, a.prop), other_value: other}
    one, two = refs[first], refs[second]
    main = g.pattern()
    name = g.schema.labels[measure.label].display
    conds = [c for c in main.conds if not (isinstance(c, Op) and isinstance(c.left, Ref) and c.left.var == measure.var
                                           and c.left.key == name)]  # the figures named, one on each side
    conds.append(Op("=", Ref(measure.var, name), g.param(main_value)))
    op = u.params.get("op", "ratio")
    cols = [Column(*g.name_of(owner))] + periods_shown(g, a.owner) + [Column(one, first_word), Column(two, second_word)]
    computed = _computed(g, op, one, two, first_word, second_word)
    if op in ("<", ">") and owner.kind != "entity":  # companies whose net income exceeded their cash flow: those
        conds.append(computed.expr)
    else:
        cols.append(computed)
    ret = _projection(g, cols, computed, a.owner, refs.get(by))
    if by is not None and ret.limit is not None:  # the top 10 by revenue, with their net margin: ranked by the one
        parts = (Pattern(main.paths, tuple(conds)), Pattern((path,), tuple(more), optional=True), ret)
    else:
        parts = (Pattern(main.paths + (path,), tuple(conds + more)), ret)
    return g.candidate(parts, "yesno" if op in ("<", ">") and owner.kind == "entity" else NAME)


def _ranked_by(g: QueryGraph, u, values: tuple[str, str]) -> str | None:
    """The one of the two figures a ranking names on its own, after its word (the top
    10 by revenue, with their net margin), if any."""
    a = ask(g)
    ranked = a.extreme or a.topk or a.ordering
    if ranked is None:
        return None
    own = set(u.refs.values())
    return next((v for i, m in enumerate(g.m) if m.kind == "value" and i not in own and g.pos(i) >= ranked.start
                 for v in (m.params.get("value") or ())[:1] if v in values), None)


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


def _projection(g: QueryGraph, cols: list[Column], computed: Column, row, by: Ref | None) -> Projection:
    """Ranked when the question ranks — by the figure it names, else by the computed
    one; else by period."""
    a = ask(g)
    ranked = a.extreme or a.topk or a.ordering
    if ranked is not None and computed.alias != g.lang.say("columns.yesno"):
        desc = ranked.params.get("dir", "desc") != "asc"
        key = computed.expr if by is None else by
        return Projection(tuple(cols), order=(Sort(key, desc), Sort(cols[0].expr)), limit=rank_limit(g, a))
    periods = [Sort(c.expr) for c in cols if isinstance(c.expr, Ref) and c.expr.var == row.var
               and c.expr.key in g.schema.labels[row.label].period.values()]
    return Projection(tuple(cols), order=tuple(periods))
