"""Joining slots over schema paths: the operations several passes share."""

from __future__ import annotations

from ..errors import CannotTranslate
from .ir import Link, QueryGraph, Slot, Step


def link(g: QueryGraph, a: Slot, b: Slot, edge: str | None = None) -> Link:
    """Join a to b by a shortest schema path (through `edge` if given); a choice
    point when several paths are as short. Intermediate nodes become hidden slots."""
    s = g.schema
    paths = s.shortest_paths(a.label, b.label) if a.label != b.label else s.shortest_paths(a.label, a.label)
    if edge:
        direct = [p for p in paths if any(h.edge == edge for h in p.hops)]
        if not direct:
            direct = [p for p in (s.shortest_paths(a.label, b.label, max_hops=2) or []) if any(h.edge == edge for h in p.hops)]
        paths = direct or paths
    mentioned = {t for m in g.m if m.kind == "edge" for t in m.targets}
    if not paths:
        raise CannotTranslate(g.lang.say("errors.no_path", a=a.label, b=b.label))
    paths.sort(key=lambda p: -sum(h.edge in mentioned for h in p.hops))
    path = g.pick(f"path:{a.var}-{b.var}", paths, ["-".join(h.edge for h in p.hops) for p in paths],
                  what=f"path:{a.label}-{b.label}")
    hops = path.hops
    if not edge and len(hops) > 1 and (via := _held_already(g, a, hops[0])) is not None:
        a, hops = via, hops[1:]  # 基金持仓市值合计最多的板块: through the holdings already read, not a second hold
    steps: list[Step] = []
    for k, h in enumerate(hops):
        if k == len(hops) - 1:
            var = b.var
        else:
            var = g.add_slot(h.dst, b.pos, kind="hidden").var
        steps.append(Step(h.edge, h.forward, var, h.dst))
    # the named edge gets a variable (its properties are read): on its own step, also in a longer path
    at = next((k for k, st in enumerate(steps) if st.edge == edge), None) if edge else None
    rel_var = g.new_var(edge) if at is not None else None
    if rel_var:
        steps[at] = _with_rel_var(steps[at], rel_var)
    ln = Link(a.var, b.var, tuple(steps), rel_var)
    g.links.append(ln)
    return ln


def _held_already(g: QueryGraph, a: Slot, hop) -> Slot | None:
    """The hidden thing `a` already reaches over this hop's edge (the stocks of a holding
    whose figure is asked), to go on from."""
    for ln in g.links:
        if ln.a == a.var and len(ln.steps) == 1 and ln.steps[0].edge == hop.edge and ln.steps[0].forward == hop.forward:
            end = g.slot_of(ln.b)
            if end.kind == "hidden" and end.label == hop.dst:
                return end
    return None


def _with_rel_var(st: Step, rel_var: str) -> Step:
    return Step(st.edge, st.forward, st.var, st.label, rel_var)


def edge_link(g: QueryGraph, edge: str, target: Slot | None, near: int) -> Link | None:
    """Make sure the pattern holds an `edge` relationship with a variable (its
    properties are asked about or filtered)."""
    for i, ln in enumerate(g.links):
        if len(ln.steps) == 1 and ln.steps[0].edge == edge:
            if ln.rel_var is None:  # the edge now needs a variable: the link is replaced, not changed
                rel_var = g.new_var(edge)
                ln = g.links[i] = Link(ln.a, ln.b, (_with_rel_var(ln.steps[0], rel_var),), rel_var)
            return ln
    e = g.schema.edges[edge]
    ends = [s for s in g.slots if s.label in e.sources + e.targets and s.kind != "data"]
    if not ends:
        return None
    a = min(ends, key=lambda s: (s is not target, abs(s.pos - near)))
    others = e.targets if a.label in e.sources else e.sources
    # an edge from several labels (news of a stock or of a fund) joins the one the question names,
    # the nearest when it names both (基金持的那些股票的利空新闻: the stocks')
    named = [s for s in g.slots if s.label in others and s is not a and s.kind != "data"]
    b = min(named, key=lambda s: abs(s.pos - near)) if named else None
    if b is None:
        b = g.add_slot(others[0], near, kind="hidden")
    return link(g, a, b, edge=edge)


def owner_slot(g: QueryGraph, owner: str, near: int, target: Slot | None, create: bool = True) -> Slot | None:
    """The slot that holds property owner `owner` (a label): an existing slot of
    that label (nearest to the mention), else a data slot hanging off a slot it
    is one hop from (stock -> stock_data)."""
    same = [s for s in g.slots if s.label == owner]
    if same:
        # 锂电池的上游里产业规模最大的: a ranking ranks the things listed, not the one thing named
        ranked = any(g.has(k) for k in ("extreme", "topk", "order"))
        return min(same, key=lambda s: (s is not target and s.kind == "hidden",
                                        ranked and len(same) > 1 and len(s.names) == 1, abs(s.pos - near)))
    if not create:
        return None
    parents = [s for s in g.slots if s.kind != "data" and g.schema.edges_between(s.label, owner)]
    if not parents:
        found = member_between(g, owner)
        if found is None:
            return None
        group, member = found
        parents = [g.add_slot(member, near, kind="hidden")]
        link(g, parents[0], group)
    parent = min(parents, key=lambda s: (s is not target, abs(s.pos - near)))
    slot = g.add_slot(owner, near, kind="data")
    link(g, parent, slot)
    return slot


def member_between(g: QueryGraph, owner: str) -> tuple[Slot, str] | None:
    """各个板块今天涨停的有多少: rows (stock_data) two hops from the question's one
    slot, through the one kind of thing joining them (the board's stocks)."""
    slots = [s for s in g.slots if s.kind != "data"]
    found = {(s.var, m) for s in slots for m, lab in g.schema.labels.items()
             if not lab.dynamic and m != s.label and g.schema.edges_between(s.label, m)
             and g.schema.edges_between(m, owner)}
    if len(found) != 1:
        return None
    var, member = found.pop()
    return g.slot_of(var), member


def ties_to(g: QueryGraph, owner: str, target: Slot) -> bool:
    """Is `owner` (a label or an edge) the target's own, or one hop from it?"""
    if owner in g.schema.edges:
        e = g.schema.edges[owner]
        return target.label in e.sources + e.targets
    return owner == target.label or bool(g.schema.edges_between(target.label, owner))


def holder(g: QueryGraph, owner: str, near: int, target: Slot | None) -> Slot | Link | None:
    """Where a `label.prop` or `edge.prop` lives in the pattern: the owner's slot, or
    the link of the edge (both made when missing)."""
    if owner in g.schema.labels:
        return owner_slot(g, owner, near, target)
    return edge_link(g, owner, target, near)
