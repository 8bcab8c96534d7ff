"""芯片制造的上游跟下游各是什么: both ends of the schema's chain asked at once — one row for
each thing the chain starts from, its upstream and its downstream members side by side."""

from __future__ import annotations

from ..ir import Call, Column, Link, Pattern, PathSpec, Projection, QueryGraph, Ref, Step, Whole

NAME = "list"
SKIP = {"count", "aggregate", "topk", "group", "compare", "difference", "extreme", "growth", "share", "rank_in_group",
        "history", "yesno", "change", "every"}  # a figure over the chain: other shapes


def _roles(g: QueryGraph) -> set[str]:
    """The ways said, unless one is said of the other (下游的上游: a chain two links long, one way then back)."""
    ways = [m for m in g.m if m.kind == "edge" and "role" in m.params
            and "yields" not in m.params and m.params.get("links") != "all"]
    of = g.lang.glue("of")
    if any(g.ex.question[a.end:b.start].strip() == of for a, b in zip(ways, ways[1:]) if of):
        return set()
    return {m.params["role"] for m in ways}


def _chain_link(g: QueryGraph, edge: str) -> Link | None:
    return next((ln for ln in g.links if len(ln.steps) == 1 and ln.steps[0].edge == edge), None)


def applies(g: QueryGraph) -> bool:
    chain = g.schema.role_edge("chain")
    return (chain is not None and _roles(g) == {"upstream", "downstream"}
            and not any(u.kind in SKIP for u in g.units))


def lower(g: QueryGraph):
    chain = g.schema.role_edge("chain")[0]
    ln = _chain_link(g, chain.name)
    if ln is None or g.target.var not in (ln.a, ln.steps[0].var):
        return None
    anchor = g.slot_of(ln.steps[0].var if ln.a == g.target.var else ln.a)
    rest = [x for x in g.links if x is not ln]
    main = g.pattern(rest, alone={anchor.var})
    if any(g.target.var in {p.var, *(st.var for st in p.steps)} for p in main.paths):
        return None
    disp = g.schema.labels[anchor.label].display
    name = g.name_of(anchor)
    up, down = g.new_var(anchor.label), g.new_var(anchor.label)
    ups = Pattern((PathSpec(up, anchor.label, (Step(chain.name, True, anchor.var, anchor.label),)),), optional=True)
    downs = Pattern((PathSpec(anchor.var, anchor.label, (Step(chain.name, True, down, anchor.label),)),), optional=True)
    keep = Projection((Column(Whole(anchor.var)), Column(Call("collect", (Ref(up, disp),), distinct=True), "upstream")),
                      carry=True)
    ret = Projection((Column(*name), Column(Whole("upstream"), g.lang.say("columns.upstream")),
                      Column(Call("collect", (Ref(down, disp),), distinct=True), g.lang.say("columns.downstream"))))
    return g.candidate((main, ups, keep, downs, ret), NAME)
