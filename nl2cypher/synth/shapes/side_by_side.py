"""Several figures of each thing side by side, a column each: Apple's revenue, net
income and diluted EPS for 2019-2023 (a row a year); the five largest banks by total
assets with their net income (ranked by the figure the ranking names). A row has
every figure asked: a year a figure is missing from is left out."""

from __future__ import annotations

from ..ir import Column, Op, Pattern, Projection, QueryGraph, Ref, Sort, Value
from .common import another_figure, ask, by_period, figure_ranked, figure_slots, named_once, periods_shown, rank_limit

NAME = "list"


def applies(g: QueryGraph) -> bool:
    return _named(g) is not None


def lower(g: QueryGraph):
    a, measure, owner = figure_slots(g)
    values = _named(g)
    words = _words(g, values)
    conds = named_once(g, g.conds, measure, values[0])
    joins = [another_figure(g, owner, measure, a.owner, value, a.prop) for value in values[1:]]
    if None in joins:
        return None
    figures = [Ref(a.owner.var, a.prop)] + [j[2] for j in joins]
    cols = [Column(*g.name_of(owner))] + periods_shown(g, a.owner) + [Column(f, w) for f, w in zip(figures, words)]
    ret = _projection(g, cols, figures, values, a.owner)
    main = g.pattern()
    if ret.limit is not None and ret.order[0].expr == figures[0]:
        # the five largest by total assets, with their net income: ranked by the one, the others where reported
        extra = tuple(Pattern((path,), tuple(more), optional=True) for path, more, _ in joins)
        return g.candidate((Pattern(main.paths, tuple(conds)), *extra, ret), NAME)
    paths = main.paths + tuple(j[0] for j in joins)
    conds += [c for j in joins for c in j[1]]
    return g.candidate((Pattern(paths, tuple(conds)), ret), NAME)


def _named(g: QueryGraph):
    """The several measures named, in the order said: a question of figures only (no
    count, total, growth or comparison of its own)."""
    found = figure_slots(g)
    if found is None or any(u.kind in OWN_SHAPES for u in g.units):
        return None
    measure = found[1]
    key = Ref(measure.var, g.schema.labels[measure.label].display)
    named = [c for c in g.conds if isinstance(c, Op) and c.op in ("=", "IN") and c.left == key
             and isinstance(c.right, Value)]
    values = [v for c in named for v in (g.params[c.right.name] if c.op == "IN" else [g.params[c.right.name]])]
    if len(set(values)) < 2:
        return None
    said = [v for m in g.m if m.kind == "value" for v in m.params.get("value") or () if v in values]
    return list(dict.fromkeys(said + values))


# units other shapes answer (a total, a count, a growth, a comparison with another thing)
OWN_SHAPES = ("aggregate", "count", "growth", "derived", "compare_entity", "difference", "which", "group", "rank_in_group",
              "history", "change", "why", "same", "same_prop", "both", "yesno")


def _words(g: QueryGraph, values: list[str]) -> list[str]:
    """Each figure's column: the words that asked for it (revenue, diluted EPS)."""
    return [next((m.text for m in g.m if m.kind == "value" and v in (m.params.get("value") or ())), v) for v in values]


def _projection(g: QueryGraph, cols: list[Column], figures: list[Ref], values: list[str], row) -> Projection:
    """Ranked by the figure named after the ranking word (by total assets), else the
    first; unranked, by thing and period."""
    a = ask(g)
    ranked = a.extreme or a.topk or a.ordering
    if ranked is None:
        periods = by_period(g, cols, row)
        return Projection(tuple(cols), order=(Sort(cols[0].expr), *periods) if periods else ())
    by = figure_ranked(g, values)
    key = figures[values.index(by)] if by is not None else figures[0]
    desc = ranked.params.get("dir", "desc") != "asc"
    return Projection(tuple(cols), order=(Sort(key, desc), Sort(cols[0].expr)), limit=rank_limit(g, a))
