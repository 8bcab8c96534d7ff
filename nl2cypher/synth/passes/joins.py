"""Join every slot to the tree grown from the target, nearest (in the text) first:
modifiers precede the head noun in Chinese. An upstream/downstream word orders a
chain edge (up)-[:chain]->(down); said twice (下游的下游), the chain is two links long.

Reads slots and `target`; writes links (and the hidden slots on them)."""

from __future__ import annotations

from ...errors import CannotTranslate
from ..ir import Link, QueryGraph, Slot, Step
from ..paths import link

MAX_CHAIN = 3  # links of a chain a question can ask across (下游的下游的下游)
MAX_DEPTH = 30  # links a chain followed all the way may take (一直往下游)


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


def _chain_start(g: QueryGraph, chain, role: str) -> list:
    """长沙电池的上游产业: the named thing is no link of the chain (a company) but the answer is
    (industries): the chain starts from its own industries — a slot of their own, between."""
    named = [s for s in g.slots if s.kind == "entity" and s.label not in chain.sources]
    said = any(m.kind == "edge" and m.params.get("role") is None for m in g.m)  # 关联的产业它的上游: both asked
    if not named or said or g.target.label not in chain.sources or g.target.kind == "entity" or any(
            s.label == g.target.label and s is not g.target for s in g.slots):
        return []
    at = next(g.pos(i) for i, m in enumerate(g.m) if m.kind == "edge" and m.params.get("role") == role)
    return [g.add_slot(g.target.label, at)]


def _links_said(g: QueryGraph, role: str) -> int:
    """下游的下游: chain words one right after another are that many links; said again
    further on (影响哪些下游 下游有哪些公司) it is the same link."""
    return g.ex.in_a_row([i for i, m in enumerate(g.m) if m.kind == "edge" and m.params.get("role") == role
                          and "yields" not in m.params], g.lang.glue("of")) or 1


def run(g: QueryGraph) -> None:
    target = g.target
    placed = {target.var} | {v for ln in g.links for v in (ln.a, ln.b) if v in g.tree(target.var)}
    pending = [s for s in g.slots if s.var not in placed and s.kind in ("entity", "label")]
    # a chain word says which way; its verb (影响) only when none does (影响光伏组件的上游: upstream)
    roles = sorted((m for m in g.m if m.kind == "edge" and "role" in m.params), key=lambda m: "yields" in m.params)
    role = roles[0].params["role"] if roles else None
    hops = min(MAX_CHAIN, _links_said(g, role)) if role else 1
    every = any(m.kind == "edge" and m.params.get("role") == role and m.params.get("links") == "all" for m in g.m)
    chain = g.schema.role_edge("chain")[0] if role and g.schema.role_edge("chain") else None
    if chain is not None:
        pending += _chain_end(g, chain, role) + _chain_start(g, chain, role)
    # kinds said together (its industry and state): each hangs on the named thing, which goes first
    together = bool(g.said_together())
    # a kind of thing one hop from the target before a name further off (the directors of every
    # company in the Software industry: the companies hang on the directors, the industry on them)
    pending.sort(key=lambda s: (not together or s.kind != "entity", not _next_to(g, s, target), -s.pos))
    waiting = {s.var for s in pending if s.mention in {u.ref("ent") for u in g.units_of("same")}}
    deferred: set[str] = set()
    while pending:
        s = pending.pop(0)
        if s.var in g.tree(target.var):
            continue
        held = g.tree(target.var)  # a chain's links between (下游的下游) are no slot
        anchors = [x for x in g.slots if x.var in held]
        if chain is not None and s.label in chain.sources and any(a.label == s.label for a in anchors):
            other = next(a for a in anchors if a.label == s.label)
            up, down = (s, other) if role == "downstream" else (other, s)
            between = [g.new_var(down.label) for _ in range(hops - 1)]  # 下游的下游: one link further
            steps = tuple(Step(chain.name, True, v, down.label) for v in between + [down.var])
            if every:  # 一直往下游: every link there is, as far as the chain goes
                steps = (Step(chain.name, True, down.var, down.label, hops=(1, MAX_DEPTH)),)
            g.links.append(Link(up.var, down.var, steps))
            continue
        best = _nearest(g, s)
        if best is None and s.var in waiting and pending:
            waiting.discard(s.var)  # the same state as Tesla: Tesla hangs on the state, placed first
            pending.append(s)
            continue
        if best is None:
            raise CannotTranslate(g.lang.say("errors.cannot_connect", label=s.label))
        if s.var not in deferred and _through_a_named(g, s, best, pending):
            deferred.add(s.var)  # 大连特钢 董事长任职日期 股东有谁: the chairman joins the stock named, not another
            pending.append(s)
            continue
        link(g, s, best)
    # data / hidden slots attach where they were created; make sure they hang on the tree
    for s in g.slots:
        if s.var not in g.tree(target.var) and s.kind in ("data", "hidden") and not g.linked(s.var):
            link(g, target, s)


def _through_a_named(g: QueryGraph, s: Slot, best: Slot, pending: list[Slot]) -> bool:
    """Would `s` join `best` through a thing of a kind a named thing still waiting is of (a chairman
    and a holder through some stock, with 大连特钢 said): then the named one goes first."""
    paths = g.schema.shortest_paths(s.label, best.label) if s.label != best.label else []
    between = {h.dst for h in paths[0].hops[:-1]} if paths else set()
    return any(p.kind == "entity" and p.label in between for p in pending)


def _nearest(g: QueryGraph, s: Slot) -> Slot | None:
    """The slot of the tree `s` joins: fewest hops, then the nearest before it in the text."""
    best = None
    for a in (g.slot_of(v) for v in g.tree(g.target.var)):
        if a.kind == "data":
            continue
        paths = g.schema.shortest_paths(s.label, a.label) if s.label != a.label else []
        if paths:
            d = (len(paths[0]), -a.pos if a.pos <= s.pos else a.pos)
            if best is None or d < best[0]:
                best = (d, a)
    return best[1] if best is not None else None


def _next_to(g: QueryGraph, s: Slot, target: Slot) -> bool:
    """A kind of thing (not a name) the schema joins to the target in one hop."""
    paths = g.schema.shortest_paths(s.label, target.label) if s.label != target.label else []
    return s.kind == "label" and bool(paths) and len(paths[0]) == 1
