"""Rows named through an edge (the label's `named_by`): a new issue is listed
by its stock's name, not by its subscription code. The listed slot gets the
node at the edge's other end (joined if the question did not already) and its
display becomes the answer's name column; the row's own display (the code) is shown beside.

Reads slots and links; writes links, hidden slots and `named`."""

from __future__ import annotations

from ..ir import Attached, QueryGraph
from ..paths import link


def run(g: QueryGraph) -> None:
    for s in list(g.slots):
        edge = g.schema.labels[s.label].named_by
        if not edge or s.kind != "label":
            continue
        e = g.schema.edges[edge]
        other = e.targets[0] if s.label in e.sources else e.sources[0]
        joined = next((ln for ln in g.links if s.var in (ln.a, ln.b) and any(st.edge == edge for st in ln.steps)), None)
        if joined is not None:
            g.named[s.var] = joined.b if joined.a == s.var else joined.a
        else:
            namer = g.add_slot(other, s.pos, kind="hidden")
            link(g, s, namer)
            g.named[s.var] = namer.var
        own = g.schema.labels[s.label].display  # and its own name beside (瑞丰证券, 申购代码 002275)
        listed = not any(g.has(k) for k in ("aggregate", "count", "group"))
        if listed and not any(a.owner is s and a.prop == own for a in g.props):
            g.props.append(Attached(None, s, own))
