"""Attach every property word to the slot that owns it (creating a daily-data or
report slot one hop from its parent), or to the link of an edge that carries it.

Reads mentions, slots and `target`; writes `props`, `prop_mentions`, new slots
and links."""

from __future__ import annotations

import re

from ...errors import CannotTranslate
from ... import tags
from ...schema import TIME_TYPES
from ..ir import Attached, Const, Day, Op, QueryGraph
from ..paths import edge_link, holder, link, member_between, owner_slot, ties_to
from .subjects import performance_asked


def run(g: QueryGraph) -> None:
    target = g.target
    why = [(u.start, u.end) for u in g.units_of("why")]
    for i, m in enumerate(g.m):
        if m.kind != "property" or i in g.consumed:
            continue
        if any(a <= g.pos(i) < b for a, b in why):
            continue  # 上涨的原因: the word belongs to the why-question
        # averaged over a named board (医药和中药板块平均涨跌幅): its members' rows — its own one row
        # averages to itself
        members = target is not None and target.kind == "entity" and bool(g.units_of("aggregate"))
        options = []
        for t in m.targets:
            owner, prop = t.split(".")
            if owner in g.schema.labels:
                slot = owner_slot(g, owner, g.pos(i), target, create=False)
                # 各板块平均存货周转率: each board's members' report rows, through the one kind joining them
                if slot is not None or any(g.schema.edges_between(s.label, owner) for s in g.slots if s.kind != "data") \
                        or members and _of_members(g, owner) or g.has("group") and member_between(g, owner) is not None:
                    options.append(t)
            elif owner in g.schema.edges:
                e = g.schema.edges[owner]
                if any(s.label in e.sources + e.targets for s in g.slots):
                    options.append(t)
        if not options:
            continue
        # prefer the target's own property (a fund's 代码, not its holdings'), then an edge between
        # things the question names (各持多少 of 股东 and a stock: the holders' edge), then an owner tied to it
        labels = {s.label for s in g.slots}

        def between(owner: str) -> bool:
            e = g.schema.edges.get(owner)
            return e is not None and bool(set(e.sources) & labels) and bool(set(e.targets) & labels)

        said_of = _kind_said_before(g, i)
        options.sort(key=lambda t: -2 if _owned_by(g, t.split(".")[0], said_of)
                     else -1 if members and _of_members(g, t.split(".")[0])
                     else 0 if target is not None and t.split(".")[0] == target.label
                     else 1 if between(t.split(".")[0]) else 2 if ties_to(g, t.split(".")[0], target) else 3)
        t = g.pick(f"property#{i}", options, what="property:" + m.text)
        owner, prop = t.split(".")
        owner_ = holder(g, owner, g.pos(i), target)
        if owner_ is None:
            continue
        a = Attached(i, owner_, prop)
        g.props.append(a)
        g.prop_mentions.setdefault(a.ref, []).append(i)
        lab = g.schema.labels.get(owner)
        shown = lab.derived[prop].shows if lab is not None and prop in lab.derived else ()
        g.props.extend(Attached(i, owner_, p) for p in shown)


def _kind_said_before(g: QueryGraph, i: int) -> set[str]:
    """所属板块涨幅超过2%的股票: the kind of thing said right before a property word (的
    between at most; or named things, 中 between) — the figure is that kind's."""
    m = g.m[i]
    before = [x for x in g.m if x.end <= m.start]
    last = max(before, key=lambda x: x.end, default=None)
    among = g.lang.glue("among")
    if last is not None and last.kind == "entity" and among and g.ex.question[last.end:m.start] == among:
        return {r.label for r in last.entities}  # 汽车零部件、锂电池中规模最大的: the named things' own figure
    if last is None or last.kind != "label" or g.ex.question[last.end:m.start] not in ("", g.lang.glue("of")):
        return set()
    if any(x.kind == "entity" and x.end == last.start for x in g.m):
        return set()  # 银行板块涨幅最大的股票: the kind word of a name, its members' figure
    return set(last.targets)


def _owned_by(g: QueryGraph, owner: str, kinds: set[str]) -> bool:
    """The owner is one of these kinds, or their dated rows (a board's daily data)."""
    return owner in kinds or any(g.schema.labels[owner].day and g.schema.edges_between(k, owner) for k in kinds
                                 if owner in g.schema.labels)


def _of_members(g: QueryGraph, owner: str) -> bool:
    """Are these rows (stock_data) the members' of the question's one thing (a board's
    stocks: an edge marked `members` from them to it)?"""
    found = member_between(g, owner)
    if found is None:
        return False
    slot, member = found
    return any(e.members and member in e.sources and slot.label in e.targets for e in g.schema.edges.values())


def default_change(g: QueryGraph) -> None:
    """A rank within a group, a change over a period or a ranking by how things did
    (哪个强) with no property named reads the daily change measure of the target (涨跌幅)."""
    if not g.props and (g.units_of("rank_in_group", "change") or performance_asked(g)):
        _target_measure(g, "change")
    elif any(names_change(g, u) for u in g.units_of("change")):
        _target_measure(g, "change", first=True)  # 涨了多少 量多大: the change, then the volume


def names_change(g: QueryGraph, u) -> bool:
    """Do the change words name the change measure itself (涨了多少, `names=change`), not
    a change of the property said right before them?"""
    return u.params.get("names") == "change" and not any(
        m.kind == "property" and g.ex.tag_span(i)[1] == u.start for i, m in enumerate(g.m))



def default_price(g: QueryGraph) -> None:
    """A day against another day with no property named (今天比上个月底涨了多少,
    现在跟年初比贵了多少): the price measure of the target."""
    if not g.props and any(u.params.get("kind") == "vs" for u in g.units_of("growth")):
        _target_measure(g, "price")


def _target_measure(g: QueryGraph, measure: str, first: bool = False) -> None:
    """The target's daily rows' `measure` (the schema's change or price) is what is read
    (`first`: before the properties named, unless one of them is it)."""
    target = g.target
    owner = next((lab for lab in g.schema.labels.values() if lab.dynamic and lab.measures.get(measure)
                  and g.schema.edges_between(target.label, lab.name)), None)
    slot = owner_slot(g, owner.name, target.pos, target) if owner is not None else None
    if slot is None or any(a.owner is slot and a.prop == owner.measures[measure] for a in g.props):
        return
    g.props.insert(0 if first else len(g.props), Attached(None, slot, owner.measures[measure]))


def default_figure(g: QueryGraph) -> None:
    """A value naming a measure (a concept of a filing: revenue) with no property
    asked: what is read is the measure's figure (the schema's `measure` of its label)."""
    if g.props:
        return
    measured = [(i, t.split(".")[0]) for i in sorted(g.used) if g.m[i].kind == "value" for t in g.m[i].targets
                if t.split(".")[0] in g.schema.labels and g.schema.labels[t.split(".")[0]].measure]
    if not measured:
        return
    i, owner = measured[0]
    label, _, prop = g.schema.labels[owner].measure.partition(".")
    slot = owner_slot(g, label, g.pos(i), g.target, create=False)
    named = holder(g, owner, g.pos(i), g.target)  # the concept the value names: its own figures
    if slot is None and named is not None and g.schema.edges_between(named.label, label):
        slot = g.add_slot(label, g.pos(i), kind="data")
        link(g, named, slot)
    if slot is None:
        return
    a = Attached(None, slot, prop)
    g.props.append(a)
    for j, _ in measured:  # a loss is net income read the other way; lost money: below zero
        g.prop_mentions.setdefault(a.ref, []).append(j)
        bound = re.fullmatch(r"([<>]=?)(-?[\d.]+)", str(g.m[j].params.get("figure", "")))
        if bound:
            g.conds.append(Op(bound.group(1), a.ref, Const(float(bound.group(2)))))


def _own_date(g: QueryGraph) -> Attached:
    lab = g.schema.labels[g.target.label]
    dates = [lab.day] if lab.day else [p.name for p in lab.properties.values() if p.type in TIME_TYPES]
    if len(dates) != 1:
        raise CannotTranslate(g.lang.say("errors.no_query"))
    return Attached(None, g.target, dates[0])


def _named_date(g: QueryGraph, prop: str) -> Attached:
    """最近上市的新股: the date the unit names (`prop`, a label's or an edge's)."""
    owner, _, key = prop.partition(".")
    if owner in g.schema.edges:
        ln = edge_link(g, owner, g.target, g.target.pos)
        if ln is not None:
            return Attached(None, ln, key)
    elif owner == g.target.label or g.schema.labels[owner].dynamic:  # 最老的公司: its own date (最老的基金 has none
        # of a company's); 上一次涨停: the latest of its daily rows
        slot = owner_slot(g, owner, g.target.pos, g.target)
        if slot is not None:
            return Attached(None, slot, key)
    raise CannotTranslate(g.lang.say("errors.no_query"))


def default_weight(g: QueryGraph) -> None:
    """A ranking with no property named over a relationship that has a size
    (持茅台最多的基金, 第一大股东, 前十大持仓): ranked by the edge's `weight`; so is
    one right beside the edge's word (持有最多的股票今天涨了多少: the largest holding's change)."""
    rank = next(iter(g.units_of("extreme", "topk")), None)
    # …of each of several named too (五粮液和茅台的第一大股东分别是谁), not of each of a kind's groups
    if rank is None or g.units_of("aggregate", "count") or any(u.ref("ent") is None for u in g.units_of("group")):
        return
    before = _edge_beside(g, rank.start, rank.end) if g.props else None
    if g.props and (before is None or any(g.pos(i) < rank.start for ms in g.prop_mentions.values() for i in ms)):
        return
    for ln in g.links:
        for st in ln.steps:
            weight = g.schema.edges[st.edge].weight
            if weight and (before is None or st.edge == before):
                held = edge_link(g, st.edge, g.target, g.target.pos)
                if held is not None:
                    g.props.insert(0, Attached(None, held, weight))  # what the ranking orders by
                return


def _edge_beside(g: QueryGraph, start: int, end: int) -> str | None:
    """The edge whose word is next to the stretch [start, end), a name between
    allowed (〈持有〉最多, 〈持〉茅台最多, 最大的〈持仓〉)."""
    particles = g.lang.fillers.particles
    for i, m in enumerate(g.m):
        a, b = g.ex.tag_span(i)
        if m.kind != "edge":
            continue
        if a >= end and all(c in particles for c in g.ex.tagged[end:a]):
            return m.targets[0]
        inside = [x for j, x in enumerate(g.m) if b <= g.pos(j) < start]
        if b <= start and not tags.strip(g.ex.tagged[b:start]) and all(x.kind == "entity" for x in inside) \
                and len(inside) <= 1:
            return m.targets[0]
    return None


def default_newest(g: QueryGraph) -> None:
    """最近的那个新股 (a ranking unit `by=day`): the newest by the target's own date
    (or the one the unit names: 最近上市), of those already come; a target with no
    single date has no such reading."""
    for u in g.units:
        if u.kind not in ("extreme", "topk") or u.params.get("by") != "day":
            continue
        newest = _named_date(g, u.params["prop"]) if u.params.get("prop") else _own_date(g)
        g.props.insert(0, newest)  # what the ranking orders by
        g.conds.append(Op("<=", newest.ref, Day(g.ctx.today)))
