"""Why did it rise / fall: the news linked to the entity by the schema's sentiment
edge, with that tendency, becomes the answer's target.

Reads the `why` unit and the schema role `sentiment`; writes a slot, a link, a
condition and `target`."""

from __future__ import annotations

from ..ir import Const, Op, QueryGraph, Ref
from ..paths import link


def run(g: QueryGraph) -> None:
    why = g.unit("why")
    role = g.schema.role_edge("sentiment")
    if why is None or role is None:
        return
    edge, prop = role
    news_label = edge.targets[0]
    news = next((s for s in g.slots if s.label == news_label), None)
    if news is None:
        news = g.add_slot(news_label, len(g.ex.tagged))
    anchor = g.entity() or g.target
    ln = link(g, anchor, news, edge=edge.name)
    tendency = int(why.params.get("sign", 1))
    for i, m in enumerate(g.m):
        if why.start <= g.pos(i) < why.end and (m.params.get("flip") == "true" or m.params.get("op") in ("<", "<=")):
            tendency = -1  # 为什么下跌: the word itself means a fall
    g.conds.append(Op("=", Ref(ln.rel_var, prop), Const(tendency)))
    g.target = news
