"""Join every slot to the tree grown from the target, nearest (in the text) first:
modifiers precede the head noun in Chinese. An upstream/downstream word orders a
chain edge (up)-[:chain]->(down); said twice (下游的下游), the chain is two links long.

Reads slots and `target`; writes links (and the hidden slots on them)."""

from __future__ import annotations

from ...errors import CannotTranslate
from ..ir import Link, QueryGraph, Step
from ..paths import link

MAX_CHAIN = 3  # links of a chain a question can ask across (下游的下游的下游)


def _chain_end(g: QueryGraph, chain, role: str) -> list:
    """稀土下游的公司: the chain's other end is not said (no 产业 word) but the
    answer is something else (the companies): the industries downstream are a
    slot of their own, between the named one and the answer."""
    named = [s for s in g.slots if s.kind == "entity" and s.label in chain.sources]
    if not named or g.target.label == named[0].label or any(
            s.label == named[0].label and s.kind != "entity" for s in g.slots):
        return []
    at = next(g.pos(i) for i, m in enumerate(g.m) if m.kind == "edge" and m.params.get("role") == role)
    return [g.add_slot(named[0].label, at)]


def run(g: QueryGraph) -> None:
    target = g.target
    placed = {target.var} | {v for ln in g.links for v in (ln.a, ln.b) if v in g.tree(target.var)}
    pending = [s for s in g.slots if s.var not in placed and s.kind in ("entity", "label")]
    role = next((m.params["role"] for m in g.m if m.kind == "edge" and "role" in m.params), None)
    hops = min(MAX_CHAIN, sum(1 for m in g.m if m.kind == "edge" and m.params.get("role") == role)) if role else 1
    chain = g.schema.role_edge("chain")[0] if role and g.schema.role_edge("chain") else None
    if chain is not None:
        pending += _chain_end(g, chain, role)
    # kinds said together (its industry and state): each hangs on the named thing, which goes first
    together = bool(g.said_together())
    pending.sort(key=lambda s: (not together or s.kind != "entity", -s.pos))
    for s in pending:
        if s.var in g.tree(target.var):
            continue
        anchors = [g.slot_of(v) for v in g.tree(target.var)]
        if chain is not None and s.label in chain.sources and any(a.label == s.label for a in anchors):
            other = next(a for a in anchors if a.label == s.label)
            up, down = (s, other) if role == "downstream" else (other, s)
            between = [g.new_var(down.label) for _ in range(hops - 1)]  # 下游的下游: one link further
            steps = tuple(Step(chain.name, True, v, down.label) for v in between + [down.var])
            g.links.append(Link(up.var, down.var, steps))
            continue
        best = None
        for a in anchors:
            if a.kind == "data":
                continue
            paths = g.schema.shortest_paths(s.label, a.label) if s.label != a.label else []
            if paths:
                d = (len(paths[0]), -a.pos if a.pos <= s.pos else a.pos)
                if best is None or d < best[0]:
                    best = (d, a)
        if best is None:
            raise CannotTranslate(g.lang.say("errors.cannot_connect", label=s.label))
        link(g, s, best[1])
    # data / hidden slots attach where they were created; make sure they hang on the tree
    for s in g.slots:
        if s.var not in g.tree(target.var) and s.kind in ("data", "hidden") and not g.linked(s.var):
            link(g, target, s)
