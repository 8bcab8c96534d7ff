"""Find the subjects: one slot per entity (or per group 「A和B」 of one label),
one per label word, and the answer's target.

Reads mentions and units; writes slots and `target`."""

from __future__ import annotations

from types import SimpleNamespace

from ...errors import CannotTranslate
from ... import tags
from ..ir import QueryGraph, Slot



def find_entities(g: QueryGraph) -> None:
    exclude = {u.ref("ent") for u in g.units_of("compare_entity", "exclude", "same_prop")}
    exclude |= {i for u in g.units for i in u.covers}
    groups: list[list[int]] = []
    for i, m in enumerate(g.m):
        if m.kind != "entity" or i in exclude:
            continue
        one = _the_one(m)
        again = next((grp for grp in groups if one and _the_one(g.m[grp[0]]) == one), None) if one else None
        if again is not None:  # 000596是古井贡酒不: a code and a name of the one company, one subject
            again.append(i)
            continue
        if groups and (_joined(g, groups[-1][-1], i) or _set_against(g, groups[-1][-1], i)
                       or _asked_alike(g, groups[-1][-1], i)) and \
                {r.label for r in g.m[groups[-1][-1]].entities} & {r.label for r in m.entities}:
            groups[-1].append(i)
        else:
            groups.append([i])
    for grp in groups:
        labels = [lab for lab in dict.fromkeys(r.label for r in g.m[grp[0]].entities)
                  if all(any(r.label == lab for r in g.m[i].entities) for i in grp)]
        label = g.pick(f"entity#{grp[0]}", labels, what="entity")
        names = []
        for i in grp:
            ref = next(r for r in g.m[i].entities if r.label == label)
            names.append(ref.name)
            if g.m[i].note:
                g.notes.append(g.m[i].note)
        names = list(dict.fromkeys(names))
        if len(names) > 1 and _both(g, grp):  # 同时持有茅台和五粮液: each one, not either
            for i, name in zip(grp, names):
                g.add_slot(label, g.pos(i), "entity", (name,), i)
        else:
            g.add_slot(label, g.pos(grp[0]), "entity", tuple(names), grp[0])


def _set_against(g: QueryGraph, i: int, j: int) -> bool:
    """茅台的收盘价比五粮液高多少: a name said before a difference that names the other
    (its `order=named`) — the two, in the order said, are one group."""
    a, b = g.m[i], g.m[j]
    return any(u.params.get("order") == "named" and a.end <= u.span[0] <= b.start < u.span[1]
               for u in g.units_of("difference"))


def _asked_alike(g: QueryGraph, i: int, j: int) -> bool:
    """601939的董事长 601398的董事长: each name followed the same way by the same kind word
    asks the one thing of each — a group, not one thing of both."""
    if j != i + 2 or j + 1 >= len(g.m):
        return False
    a, b = g.m[i + 1], g.m[j + 1]
    return a.kind == b.kind == "label" and a.targets == b.targets and \
        g.ex.between(i, i + 1) == g.ex.between(j, j + 1)


def _the_one(m) -> str | None:
    """The name an entity mention can only mean (None when it could mean several)."""
    names = {r.name for r in m.entities}
    return next(iter(names)) if len(names) == 1 else None


def _joined(g: QueryGraph, i: int, j: int) -> bool:
    """A connector between two names, a type word of the first allowed before it
    (白酒板块和银行板块: one group, as 白酒和银行), or a time (工行今天和建行: both today);
    two names typed with nothing between (汾酒泸州老窖) are a group too."""
    k = i + 1
    if k < j and g.m[k].kind == "label" and not g.ex.between(i, k) and \
            {r.label for r in g.m[i].entities} & set(g.m[k].targets):
        i = k
    elif k < j and g.m[k].kind == "time" and not g.ex.between(i, k):
        i = k
    between = g.ex.between(i, j)
    return (not between and j == i + 1) or bool(g.lang.connectors.fullmatch(between or "x"))


def _both(g: QueryGraph, grp: list[int]) -> bool:
    """A `both` unit (同时, 都) next to a group of names: every one of them holds."""
    a, b = g.pos(grp[0]), g.ex.tag_span(grp[-1])[1]
    near = lambda gap: len("".join(gap.split())) <= 4  # an edge word between (同时持有 茅台: spaces aside)
    return any(u.start <= b + 2 and (u.end >= a or near(g.ex.tagged[u.end:a])) for u in g.units_of("both"))


def find_labels(g: QueryGraph) -> None:
    same = bool(g.units_of("same", "same_prop"))
    unit_labels = {u.ref("label") for u in g.units_of("rank_in_group")}
    chain = _chain_label(g)
    covered = {i for u in g.units for i in u.covers}
    for i, m in enumerate(g.m):
        if m.kind != "label" or i in unit_labels or i in covered:
            continue
        label = g.pick(f"label#{i}", list(m.targets), what="label:" + m.text)
        p = g.pos(i)
        # a type word next to an entity of that label is just a type word (白酒板块, 股票贵州茅台)
        near = [q for q in _said_at(g, label) if abs(q - p) <= 12]
        if near and label != chain and not same:
            q = min(near, key=lambda q: abs(q - p))
            text = g.ex.tagged[min(q, p):max(q, p)]
            if len(tags.strip(text)) <= 4:
                continue
        if _kind_of_reference(g, i, label):
            continue  # 比白酒板块涨得多: the type word of the thing compared with
        if any(s.kind == "label" and s.label == label for s in g.slots):
            continue  # 股票…股票: one set
        if not same and label != chain and any(s.kind == "entity" and s.label == label for s in g.slots) \
                and not _round_trip(g, label, p):
            continue  # 贵州茅台…多少股: the entity is the stock meant
        g.add_slot(label, p, mention=i)


def _said_at(g: QueryGraph, label: str) -> list[int]:
    """Where the named things of `label` are said — every time (银行股…银行这个板块: the
    type word follows the name said again, not the first time)."""
    names = {n for s in g.slots if s.kind == "entity" and s.label == label for n in s.names}
    return [g.pos(j) for j, m in enumerate(g.m)
            if m.kind == "entity" and any(r.label == label and r.name in names for r in m.entities)]


def _kind_of_reference(g: QueryGraph, i: int, label: str) -> bool:
    """A type word right after a name the question compares with or leaves out
    (比白酒板块, 除了茅台这只股票): that name's kind, not a subject of its own."""
    refs = {u.ref("ent") for u in g.units_of("compare_entity", "exclude", "same_prop")}
    return any(j < i and not tags.strip(g.ex.between(j, i) or "") and any(r.label == label for r in g.m[j].entities)
               for j in refs if j is not None and g.m[j].kind == "entity")


def _round_trip(g: QueryGraph, label: str, p: int) -> bool:
    """富国科技创新指数A的经理还管了哪些基金: a word of the named thing's own kind after
    a word of another kind one step from it (its managers) names the things that
    other one leads to — not the named thing again."""
    ents = [s.pos for s in g.slots if s.kind == "entity" and s.label == label and s.pos < p]
    return any(s.kind == "label" and s.label != label and any(e < s.pos for e in ents) and s.pos < p
               and g.schema.edges_between(s.label, label) for s in g.slots)


def _chain_label(g: QueryGraph) -> str | None:
    """With an upstream/downstream word, the label the schema's chain edge joins to
    itself: its label word then names another member of the chain, not the entity."""
    chain = g.schema.role_edge("chain")
    if chain is None or not any(m.kind == "edge" and "role" in m.params for m in g.m):
        return None
    return chain[0].sources[0]


def choose_target(g: QueryGraph) -> None:
    """The answer's subject: the label word right after 哪些/哪个, else the head noun
    (last label word), else the last entity; with only properties and values
    named, the label that owns them."""
    g.target = _target(g)
    g.target = _one_link_on(g) or g.target


def _own_day_asked(g: QueryGraph, label: str) -> bool:
    """银行板块今年哪天涨得最猛: the day is asked of a group with daily rows of its own — its own."""
    days = (g.lang.words.get("asks") or {}).get("day", ())
    own = {h.dst for h in g.schema.neighbours(label) if g.schema.labels[h.dst].dynamic}
    return g.lang.says(g.ex.question, days) and any(t.split(".")[0] in own for m in g.m if m.kind == "property"
                                                     for t in m.targets)


def _group_asked(g: QueryGraph, labels: list[Slot]) -> Slot | None:
    """董事长是女的银行有哪些: a named group right before the asking word, after the words
    that describe it, is the head — its members (the one kind that belongs to it) are listed."""
    if not labels:
        return None
    for u in g.units_of("list"):
        group = next((s for s in g.entities() if len(s.names) == 1 and s.pos < u.start
                      and tags.MARK.fullmatch(g.ex.tagged[s.pos:u.start])), None)
        if group is None or any(s.pos > group.pos for s in labels):
            continue
        members = {src for e in g.schema.edges.values() if group.label in e.targets and e.members
                   for src in e.sources if src != group.label}
        if len(members) == 1:
            return g.add_slot(members.pop(), group.pos)
    return None


def _edge_end_asked(g: QueryGraph, head: Slot) -> Slot | None:
    """易方达…的经理还管了哪些 / 管了啥: an edge word after the last label word, then the
    asking word with nothing after it, asks for the edge's other end from that label."""
    edges = [i for i, m in enumerate(g.m) if m.kind == "edge" and "role" not in m.params and g.pos(i) > head.pos]
    asks = [u for u in g.units_of("list") if edges and u.start > g.pos(edges[-1])]
    if not edges or any(m.kind in ("label", "property", "entity") + (() if asks else ("value",))
                        and g.pos(i) > g.pos(edges[-1]) for i, m in enumerate(g.m)):
        return None  # …nothing named after the edge word: what it reaches is asked
    far = _far_end(g, g.m[edges[-1]], head.label)
    if not asks and (g.units or far in {s.label for s in g.entities()}):
        return None  # 张丽华 管的基金 重仓 (the edge word last, nothing asked): its holdings — not 茅台被哪些基金重仓
    return g.add_slot(far, len(g.ex.tagged)) if far is not None else None


def _links_said(g: QueryGraph) -> list[str]:
    """天弘新能源指数A 重仓 + 占比, 中国平安 利空: after the one named thing, only words of one
    kind of link — its edge word, its own figures, a value of it (利空: a news link's
    direction) — the link asked; the things it links to are the answer."""
    ents = [s for s in g.slots if s.kind == "entity"]
    if len(ents) != 1:
        return []
    links: set[str] = set()
    if not any(m.kind in ("edge", "value") for m in g.m):
        return []  # 鼎盛钢铁是啥时候上市的: a figure of its own link only — its own, not a list of what it links to
    for i, m in enumerate(g.m):
        if g.pos(i) <= ents[0].pos or m.kind == "time":
            continue
        if m.kind == "edge" and "role" not in m.params:
            links |= set(m.targets)
        elif m.kind in ("property", "value") and m.targets and all(t.split(".")[0] in g.schema.edges for t in m.targets):
            links |= {t.split(".")[0] for t in m.targets}
        else:
            return []
    return sorted(links) if len(links) == 1 else []


def _far_end(g: QueryGraph, m, label: str) -> str | None:
    """The kind an edge word reaches from a thing of `label`: the edge's other end — or,
    the edge being another kind of holder's (中央汇金持仓了哪些: a fund's 持仓), the one kind
    of its ends that `label` reaches by an edge of its own."""
    edges = [g.schema.edges[t] for t in m.targets if t in g.schema.edges]
    for a, b in (pair for e in edges for pair in e.endpoints):
        other = a if label == b else b if label == a else None
        if other and other != label:
            return other
    ends = {x for e in edges for pair in e.endpoints for x in pair} - {label}
    reached = {x for e in g.schema.edges.values() for a, b in e.endpoints
               for x in ((b,) if a == label else (a,) if b == label else ()) if x in ends}
    return reached.pop() if len(reached) == 1 else None


def _one_link_on(g: QueryGraph) -> Slot | None:
    """中国石化相关产业的上游: a chain word right after a word for the chain's own kind of
    thing (nothing named of that kind) asks for the things one link on from those, each
    shown beside the one it is linked to."""
    chain, t = _chain_label(g), g.target
    said = [i for i, m in enumerate(g.m) if m.kind == "edge" and "role" in m.params]
    if chain is None or t.label != chain or t.kind != "label" or t.mention is None or not said \
            or said[-1] < t.mention or any(s.kind == "entity" and s.label == chain for s in g.slots):
        return None
    if tags.strip(g.ex.between(t.mention, said[-1]) or "") not in ("", g.lang.glue("of")):
        return None
    g.shown_with.append(t)  # …beside the industry each one is upstream of
    return g.add_slot(chain, g.pos(said[-1]))


def _other_end_named(g: QueryGraph, role, ends: list[Slot]) -> Slot | None:
    """生猪养殖上游是饲料吗, 铁矿石和焦煤都是钢材上游吗: asked whether a named thing is one
    link on from another — the one the chain word is not said of is the answer's."""
    if not g.has("yesno") or len(ends) < 2:
        return None
    of = next((s for s in ends if s.mention is not None and g.m[s.mention].end <= role.start
               and g.ex.question[g.m[s.mention].end:role.start] in ("", g.lang.glue("of"))), None)
    return next((s for s in ends if s is not of), None) if of is not None else None


def _kind_said_at(g: QueryGraph, s: Slot) -> list[int]:
    """Everywhere a kind's word was said (its slot was made where it was said first)."""
    return [s.pos] + [g.pos(i) for i, m in enumerate(g.m) if m.kind == "label" and m.targets == (s.label,)]


def _last_said(g: QueryGraph, s: Slot) -> int:
    """人工智能相关的股票里，基金持仓最多的股票: the kind said again at the end is the head."""
    return max(_kind_said_at(g, s))


def _target(g: QueryGraph) -> Slot:
    grouping = {u.ref("label") for u in g.units_of("same")}
    labels = [s for s in g.slots if s.kind == "label" and s.mention not in grouping]
    of_each = g.asked_of_each()
    rest = [s for s in labels if s not in of_each]
    if rest or g.entities():  # the top 5 companies, with their state: the companies are listed
        labels = rest
    if not labels and grouping:
        # 跟中芯国际同一个板块的有哪些: the group word says which group, the answer is the entity's kind
        u = g.units_of("same")[0]
        ref = next((s for s in g.slots if s.mention == u.ref("ent")), None)
        if ref is not None:
            return g.add_slot(ref.label, len(g.ex.tagged))
    for u in g.units_of("list"):
        after = [s for s in labels if any(0 <= p - u.end <= 1 for p in _kind_said_at(g, s))]
        if after:
            return after[0]
    inside = _picked_from(g, labels)
    if inside is not None:
        return inside
    person = _person_asked(g, labels)
    if person is not None:
        return person
    members = _group_asked(g, labels)
    if members is not None:
        return members
    if labels:
        head = max(labels, key=lambda s: _last_said(g, s))
        return _edge_end_asked(g, head) or head
    ents = g.entities()
    end = len(g.ex.tagged)
    said = _links_said(g)
    if ents and (g.units_of("list", "count") or said):  # 王明管哪些 / 黄明管几只: the edge's other end
        edges = [m for m in g.m if m.kind == "edge" and "role" not in m.params] or \
            [SimpleNamespace(targets=tuple(said))]  # 利空 几条: the link a value word is of
        far = next((lab for m in edges for lab in [_far_end(g, m, ents[0].label)] if lab), None)
        if far is not None:
            return g.add_slot(far, end)
    role = next((m for m in g.m if m.kind == "edge" and "role" in m.params), None)
    if role is not None:
        ends = [s for s in ents if s.label in g.schema.edges[role.targets[0]].targets]
        other = _other_end_named(g, role, ends)
        if other is not None:
            return other
        if ends:
            return g.add_slot(ends[0].label, end)
    # …or a list asked of those that meet a value (白酒今天涨了的都有谁): one group is no list — its members are
    ranks_or_filters = (g.units_of("topk", "extreme", "order", "which")
                        or (g.units_of("compare") and not g.has("yesno"))
                        or (g.units_of("list") and any(m.kind == "value" for m in g.m) and not g.has("yesno")))
    if ents and len(ents) == 1 and len(ents[0].names) == 1 and (ranks_or_filters or _members_only(g, ents[0].label)) \
            and not _own_day_asked(g, ents[0].label):
        # 银行板块今天涨幅倒数三名, 白酒板块，涨幅超过3%, 银行板块谁涨得最多: one named
        # group ranked or filtered by a value — its members are meant; so they are
        # when only they have what is asked (今日涨停 煤炭, 银行板块平均成交额)
        members = _members(g, ents[0].label)
        if members:
            return g.add_slot(g.pick("members", members, what="members"), end)
    listed = _ranked_among(g, ents) if ranks_or_filters else None
    if listed is not None:
        return listed
    shared = _shared_members(g, ents)
    if shared:  # New York insurers' net income: the companies both name
        return g.add_slot(g.pick("members", shared, what="members"), end)
    if ents:
        return max(ents, key=lambda s: s.pos)
    # no label and no entity: infer from the properties / values named
    owners = []
    for m in g.m:
        if m.kind in ("property", "value"):
            for t in m.targets:
                owner = t.split(".")[0]
                if owner in g.schema.labels:
                    if g.schema.labels[owner].dynamic or g.schema.labels[owner].period:
                        # daily rows and reports belong to a named parent
                        parents = [h.dst for h in g.schema.neighbours(owner) if not g.schema.labels[h.dst].dynamic]
                        owners.extend(parents[:1])
                    else:
                        owners.append(owner)
                elif owner in g.schema.edges:
                    owners.extend(g.schema.edges[owner].targets[:1])
    if not owners:
        raise CannotTranslate(g.lang.say("errors.nothing_recognised"))
    label = g.pick("subject", list(dict.fromkeys(owners)))
    return g.add_slot(label, end)


def _ranked_among(g: QueryGraph, ents: list[Slot]) -> Slot | None:
    """华海锂电、分众传媒中中央汇金持股比例最高的: several names before a `within` word
    (or the language's among-join) are what a ranking picks from, not the one named after."""
    if len(ents) < 2:
        return None
    words = [*(g.lang.words.get("within") or ()), g.lang.glue("among")]
    for s in ents:
        said = [i for i, m in enumerate(g.m) if m.kind == "entity" and {r.name for r in m.entities} & set(s.names)]
        if len(s.names) < 2 or not said:
            continue
        rest = g.ex.tagged[g.ex.tag_span(said[-1])[1]:]
        if any(w and rest.startswith(w) for w in words):
            return s
    return None


def _picked_from(g: QueryGraph, labels: list[Slot]) -> Slot | None:
    """今天涨停的股票里面有利好消息的有哪些: the set a question picks from (a label
    word before a `within` word) is what it lists, not a later label word."""
    if len(labels) < 2:
        return None
    for s in labels[:-1]:
        if s.mention is None:
            continue
        rest = g.ex.tagged[g.ex.tag_span(s.mention)[1]:]
        if any(rest.startswith(w) for w in g.lang.words.get("within") or ()):
            return s
    return None


def _person_asked(g: QueryGraph, labels: list[Slot]) -> Slot | None:
    """规模最大的基金是谁管理的: who (the language's `asks.person`) over an edge word
    from a thing the question names to people it names no word of — those people."""
    who = g.lang.says(g.ex.question, (g.lang.words.get("asks") or {}).get("person", ()))
    if not labels or not (who or _edge_listed(g)):
        return None
    have = {s.label for s in g.slots}
    for i, m in enumerate(g.m):
        for name in m.targets if m.kind == "edge" and "role" not in m.params else ():
            for a, b in g.schema.edges[name].endpoints:
                other = b if a in have else a if b in have else None
                if other and other not in have and g.schema.labels[other].person:
                    return g.add_slot(other, g.pos(i))
    return None


def _edge_listed(g: QueryGraph) -> bool:
    """List the directors of every software company: a list word right before an
    edge's word asks for the people at its end."""
    for u in g.units_of("list"):
        for i, m in enumerate(g.m):
            between = g.ex.tagged[u.end:g.pos(i)]
            if m.kind == "edge" and g.pos(i) >= u.end and (not between.strip() or g.lang.fillers.covers(between, True)):
                return True
    return False


def _owners(g: QueryGraph, owner: str) -> set[str]:
    """The label a property word's owner stands for: itself, or the parent of its daily rows."""
    if owner not in g.schema.labels:
        return set()
    labels = g.schema.labels
    if labels[owner].measure:  # a concept's value (total assets): the company that reports it
        return g.schema.reporters(owner)
    if labels[owner].dynamic or labels[owner].period:
        return {h.dst for h in g.schema.neighbours(owner) if not labels[h.dst].dynamic}
    return {owner}


def _members_only(g: QueryGraph, group: str) -> bool:
    """A property or value word names something the group's own rows lack."""
    for m in g.m:
        if m.kind in ("property", "value"):
            owners = set()
            for t in m.targets:
                owners |= _owners(g, t.split(".")[0])
            if owners and group not in owners:
                return True
    return False


def _shared_members(g: QueryGraph, ents: list[Slot]) -> list[str]:
    """Several groups, each named once (a state, an industry), with a figure only their
    members have: the members of all of them."""
    if len(ents) < 2 or any(len(e.names) != 1 for e in ents) or not all(_members_only(g, e.label) for e in ents):
        return []
    each = [_members(g, e.label) for e in ents]
    return [m for m in each[0] if all(m in other for other in each[1:])]


def _members(g: QueryGraph, group: str) -> list[str]:
    """Labels whose nodes belong to a node of `group` (an edge from them into it)
    and own a property (or a value of one) the question names."""
    named = set()
    for m in g.m:
        if m.kind in ("property", "value"):
            for t in m.targets:
                named |= _owners(g, t.split(".")[0])
    if performance_asked(g):  # 半导体板块里谁最猛: what has a daily change
        named |= {x for lab in g.schema.labels.values() if lab.measures.get("change") for x in _owners(g, lab.name)}
    out = []
    for e in g.schema.edges.values():
        if group in e.targets:
            out += [src for src in e.sources if src != group and src in named and not g.schema.labels[src].dynamic]
    return list(dict.fromkeys(out))


def performance_asked(g: QueryGraph) -> bool:
    """哪个板块强, 谁最猛: a ranking by how things did (the language's `asks.performance`),
    which reads their change."""
    words = (g.lang.words.get("asks") or {}).get("performance", ())
    return any(any(str(w) in g.ex.tagged[u.start:u.end] for w in words) for u in g.units_of("which", "extreme"))
