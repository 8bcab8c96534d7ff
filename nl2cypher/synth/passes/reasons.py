"""Why a listed row is there: rows chosen by a condition on another thing
(董事长是女的公司, 有利空消息的股票, 经理是博士的基金) show that thing beside each
row — the reason it was listed, which a user checking the answer looks for."""

from __future__ import annotations

from ..ir import Op, QueryGraph, Ref, Slot


def run(g: QueryGraph) -> None:
    for s in g.slots:
        if s is g.target or s.kind != "label" or s in g.shown_with or g.schema.labels[s.label].dynamic:
            continue
        if _chosen_by(g, s):
            g.shown_with.append(s)


def _chosen_by(g: QueryGraph, s: Slot) -> bool:
    """A value condition on the thing itself, or on the tie that reaches it (a news
    item's tendency toward the stock)."""
    own = {s.var} | {v for ln in g.links if s.var in (ln.a, ln.b) and len(ln.steps) == 1
                     for v in (ln.rel_var, ln.steps[0].rel_var) if v}
    return any(isinstance(c, Op) and isinstance(c.left, Ref) and c.left.var in own and not isinstance(c.right, Ref)
               for c in g.conds)
