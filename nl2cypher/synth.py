"""Cypher synthesis: mentions and units become query ASTs.

One variable per entity (or per group 「A和B」), labels joined by the shortest
schema paths, properties attached to the variable that owns them, conditions
from units, and a RETURN shaped by the answer wanted (list, lookup, count,
aggregate, top-k, difference, yes/no, ...). Each ambiguity (行业 = trade or
industry, 收盘价 of a stock or a board, ...) is a choice point; every
combination of choices is one candidate, with a prior that prefers the
trigger table's first alternative."""

from __future__ import annotations

import datetime as dt
import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from .cypher.ast import (Bin, DateLit, Func, Item, Lit, Match, Node, Not, Order, Param, Path, Prop,
                         Query, Rel, Return, Star, Var, With, and_all)
from .cypher.render import render
from .errors import Nl2CypherError
from .lexicon import Extraction
from .schema import Schema
from .timeexpr import TimeSpan
from .units import Unit

DEFAULT_TOP_K = 5
MAX_CANDIDATES = 8
_CONNECTORS = re.compile(r"\s*(和|与|、|及|以及|跟|还有|或|或者|,|，|对比|vs|VS)\s*")
_UNIT_FACTORS = {"万元": 1e4, "亿元": 1e8, "万股": 1e4}


class CannotTranslate(Nl2CypherError):
    """The question names nothing the translator can build a query from."""


@dataclass
class Context:
    """Facts about the loaded KG the synthesiser needs besides the schema."""

    today: dt.date
    trading_days: list[dt.date] = field(default_factory=list)
    latest: dict[str, dt.date] = field(default_factory=dict)  # label -> latest `date` value
    top_k: int = DEFAULT_TOP_K

    def trading_day_on_or_before(self, day: dt.date) -> dt.date:
        import bisect

        days = self.trading_days
        k = bisect.bisect_right(days, day)
        return days[k - 1] if k else day

    def trading_day_before(self, day: dt.date) -> dt.date | None:
        import bisect

        days = self.trading_days
        k = bisect.bisect_left(days, day)
        return days[k - 1] if k else None


@dataclass
class Candidate:
    query: Query
    prior: float
    choices: tuple[str, ...]  # what was chosen at each choice point, for the trace
    notes: list[str] = field(default_factory=list)
    answer: str = "list"
    score: float = 0.0


@dataclass
class Slot:
    var: str
    label: str
    pos: int  # position in the tagged question
    names: list[str] = field(default_factory=list)  # entity names anchoring this slot
    kind: str = "label"  # entity | label | data | hidden
    mention: int | None = None


@dataclass
class Link:
    a: str
    b: str
    steps: list[tuple[Rel, Node]]  # path from a to b (b is the last node)
    rel_var: str | None = None


class _Choices:
    """Replays a vector of option indices; records the choice points met."""

    def __init__(self, vector: tuple[int, ...]):
        self.vector = vector
        self.points: list[int] = []  # number of options at each point met
        self.taken: list[str] = []
        self.penalty = 0.0

    def pick(self, what: str, options: list[Any], labels: list[str] | None = None) -> Any:
        if len(options) <= 1:
            return options[0] if options else None
        i = len(self.points)
        self.points.append(len(options))
        k = self.vector[i] if i < len(self.vector) else 0
        k = min(k, len(options) - 1)
        self.penalty += 0.02 * k
        self.taken.append(f"{what}={labels[k] if labels else options[k]}")
        return options[k]


class Synthesizer:
    def __init__(self, schema: Schema):
        self.schema = schema

    def candidates(self, ex: Extraction, units: list[Unit], ctx: Context) -> list[Candidate]:
        out: list[Candidate] = []
        seen: set[str] = set()
        queue = [()]
        tried = 0
        first_error: Exception | None = None
        while queue and len(out) < MAX_CANDIDATES and tried < 40:
            vector = queue.pop(0)
            tried += 1
            ch = _Choices(vector)
            try:
                cand = _Build(self.schema, ex, units, ctx, ch).run()
            except CannotTranslate as e:
                first_error = first_error or e
                cand = None
            if not vector:  # enumerate alternatives from the choice points met on the first run
                for combo in itertools.islice(itertools.product(*(range(n) for n in ch.points)), 1, 24):
                    queue.append(combo)
            if cand is None:
                continue
            used = cand.query.param_names()
            cand.query = Query(cand.query.clauses, {k: v for k, v in cand.query.params.items() if k in used})
            key = render(cand.query) + repr(sorted(cand.query.params.items()))
            if key in seen:
                continue
            seen.add(key)
            out.append(cand)
        if not out:
            raise first_error or CannotTranslate("没能理解这个问题 (no query could be built)")
        out.sort(key=lambda c: -c.prior)
        return out


def _label_word(schema: Schema, label: str) -> str:
    return schema.labels[label].description.split("（")[0] or label


def _var_base(label: str) -> str:
    return "".join(w[0] for w in label.split("_"))


class _Build:
    """One attempt at a query under one vector of choices."""

    def __init__(self, schema: Schema, ex: Extraction, units: list[Unit], ctx: Context, ch: _Choices):
        self.s, self.ex, self.units, self.ctx, self.ch = schema, ex, units, ctx, ch
        self.slots: list[Slot] = []
        self.links: list[Link] = []
        self.where: list = []
        self.params: dict[str, Any] = {}
        self.notes: list[str] = []
        self.used_vars: set[str] = set()
        self.consumed: set[int] = set()  # mention indices handled by a unit
        self.single_day: dt.date | None = None  # daily rows filtered to one trading day
        self.day_range = False  # daily rows filtered to a period
        self.m = ex.mentions

    # ---- small helpers ---------------------------------------------------
    def param(self, value: Any) -> Param:
        name = f"p{len(self.params)}"
        self.params[name] = value
        return Param(name)

    def new_var(self, label: str) -> str:
        base = _var_base(label)
        name, k = base, 1
        while name in self.used_vars:
            k += 1
            name = f"{base}{k}"
        self.used_vars.add(name)
        return name

    def pos(self, i: int) -> int:
        return self.ex.tag_span(i)[0]

    def units_of(self, *kinds: str) -> list[Unit]:
        return [u for u in self.units if u.kind in kinds]

    def has(self, kind: str) -> bool:
        return any(u.kind == kind for u in self.units)

    def slot_of(self, var: str) -> Slot:
        return next(s for s in self.slots if s.var == var)

    # ---- the pipeline ------------------------------------------------------
    def run(self) -> Candidate:
        self.entity_slots()
        self.label_slots()
        target = self.choose_target()
        why = next(iter(self.units_of("why")), None)
        if why is not None:
            target = self.why_target(target, why)
        props = self.attach_properties(target)
        if not props and self.units_of("rank_in_group", "change"):
            props = self.default_property(target, "range")
        props += self.values(target)
        self.connect(target)
        self.conditions(target, props)
        if not self.has("history"):
            self.times(props)
        for kind, shape in (("growth", self.growth), ("rank_in_group", self.rank_in_group), ("change", self.change),
                            ("compare_entity", self.compare_entity), ("same_prop", self.same_prop)):
            if self.has(kind):
                cand = shape(target, props)
                if cand is not None:
                    return cand
        return self.finish(target, props)

    # entities: one slot per group 「A和B」 of the same label
    def entity_slots(self) -> None:
        exclude = {u.ref("ent") for u in self.units_of("compare_entity", "exclude", "same_prop")}
        exclude |= {i for u in self.units for i in u.covers}
        groups: list[list[int]] = []
        for i, m in enumerate(self.m):
            if m.kind != "entity" or i in exclude:
                continue
            if groups and _CONNECTORS.fullmatch(self.ex.between(groups[-1][-1], i) or "x") and \
                    {r.label for r in self.m[groups[-1][-1]].entities} & {r.label for r in m.entities}:
                groups[-1].append(i)
            else:
                groups.append([i])
        for g in groups:
            labels = [lab for lab in dict.fromkeys(r.label for r in self.m[g[0]].entities)
                      if all(any(r.label == lab for r in self.m[i].entities) for i in g)]
            label = self.ch.pick("entity", labels)
            names = []
            for i in g:
                ref = next(r for r in self.m[i].entities if r.label == label)
                names.append(ref.name)
                if self.m[i].note:
                    self.notes.append(self.m[i].note)
            self.slots.append(Slot(self.new_var(label), label, self.pos(g[0]), list(dict.fromkeys(names)),
                                   "entity", g[0]))

    def label_slots(self) -> None:
        same = bool(self.units_of("same", "same_prop"))
        unit_labels = {u.ref("label") for u in self.units_of("rank_in_group")}
        affect = any("role" in m.params for m in self.m if m.kind == "edge")
        covered = {i for u in self.units for i in u.covers}
        for i, m in enumerate(self.m):
            if m.kind != "label" or i in unit_labels or i in covered:
                continue
            label = self.ch.pick("label:" + m.text, list(m.targets))
            p = self.pos(i)
            # a type word next to an entity of that label is just a type word (白酒板块, 股票贵州茅台)
            near = [s for s in self.slots if s.kind == "entity" and s.label == label and abs(s.pos - p) <= 12]
            if near and not (affect and label == "industry") and not same:
                gap = min(near, key=lambda s: abs(s.pos - p))
                text = self.ex.tagged[min(gap.pos, p):max(gap.pos, p)]
                if len(re.sub(r"〈[A-Z]\d+〉", "", text)) <= 4:
                    continue
            if any(s.kind == "label" and s.label == label for s in self.slots):
                continue  # 股票…股票: one set
            if not same and not (affect and label == "industry") and any(
                    s.kind == "entity" and s.label == label for s in self.slots):
                continue  # 贵州茅台…多少股: the entity is the stock meant
            self.slots.append(Slot(self.new_var(label), label, p, kind="label", mention=i))

    def choose_target(self) -> Slot:
        """The answer's subject: the label word right after 哪些/哪个, else the head
        noun (last label word), else the last entity; with only properties and
        values named, the label that owns them."""
        labels = [s for s in self.slots if s.kind == "label"]
        for u in self.units_of("list"):
            after = [s for s in labels if 0 <= s.pos - u.end <= 1]
            if after:
                return after[0]
        if labels:
            return max(labels, key=lambda s: s.pos)
        ents = [s for s in self.slots if s.kind == "entity"]
        if self.units_of("list") and ents:
            for m in self.m:
                if m.kind != "edge" or "role" in m.params:
                    continue
                e = self.s.edges.get(m.targets[0])
                if e is None:
                    continue
                for a, b in e.endpoints:
                    other = a if ents[0].label == b else b if ents[0].label == a else None
                    if other and other != ents[0].label:
                        slot = Slot(self.new_var(other), other, len(self.ex.tagged), kind="label")
                        self.slots.append(slot)
                        return slot
        role = next((m for m in self.m if m.kind == "edge" and "role" in m.params), None)
        if role is not None:
            ends = [s for s in self.slots if s.kind == "entity" and s.label in self.s.edges[role.targets[0]].targets]
            if ends:
                slot = Slot(self.new_var(ends[0].label), ends[0].label, len(self.ex.tagged), kind="label")
                self.slots.append(slot)
                return slot
        ents = [s for s in self.slots if s.kind == "entity"]
        if ents:
            return max(ents, key=lambda s: s.pos)
        # no label and no entity: infer from the properties / values named
        owners = []
        for m in self.m:
            if m.kind in ("property", "value"):
                for t in m.targets:
                    owner = t.split(".")[0]
                    if owner in self.s.labels:
                        base = self.s.labels[owner]
                        if base.dynamic or owner == "stock_financial_information":
                            # daily rows and reports belong to a named parent
                            parents = [h.dst for h in self.s._neighbours(owner) if not self.s.labels[h.dst].dynamic]
                            owners.extend(parents[:1])
                        else:
                            owners.append(owner)
                    elif owner in self.s.edges:
                        owners.extend(self.s.edges[owner].targets[:1])
        if not owners:
            raise CannotTranslate("问题里没有找到知识图谱中的实体、类别或属性 (no entity, label or property recognised)")
        label = self.ch.pick("subject", list(dict.fromkeys(owners)))
        slot = Slot(self.new_var(label), label, len(self.ex.tagged), kind="label")
        self.slots.append(slot)
        return slot

    # ---- properties -------------------------------------------------------
    def owner_slot(self, owner: str, near: int, target: Slot, create: bool = True) -> Slot | None:
        """The slot that holds property owner `owner` (a label): an existing slot
        of that label (nearest to the mention), else a data slot hanging off a
        slot it is one hop from (stock -> stock_data)."""
        same = [s for s in self.slots if s.label == owner]
        if same:
            return min(same, key=lambda s: (s is not target and s.kind == "hidden", abs(s.pos - near)))
        if not create:
            return None
        parents = []
        for s in self.slots:
            if s.kind in ("data",):
                continue
            if self.s.edges_between(s.label, owner):
                parents.append(s)
        if not parents:
            return None
        parent = min(parents, key=lambda s: (s is not target, abs(s.pos - near)))
        slot = Slot(self.new_var(owner), owner, near, kind="data")
        self.slots.append(slot)
        self.link(parent, slot)
        return slot

    def attach_properties(self, target: Slot) -> list[tuple[int, Slot | Link, str]]:
        """(mention index, owner slot or edge link, property) for every property word."""
        out = []
        self._prop_mentions: dict[str, list[int]] = {}
        why = [(u.start, u.end) for u in self.units_of("why")]
        for i, m in enumerate(self.m):
            if m.kind != "property" or i in self.consumed:
                continue
            if any(a <= self.pos(i) < b for a, b in why):
                continue  # 上涨的原因: the word belongs to the why-question
            options = []
            for t in m.targets:
                owner, prop = t.split(".")
                if owner in self.s.labels:
                    slot = self.owner_slot(owner, self.pos(i), target, create=False)
                    feasible = slot is not None or any(
                        self.s.edges_between(s.label, owner) for s in self.slots if s.kind != "data")
                    if feasible:
                        options.append(t)
                elif owner in self.s.edges:
                    e = self.s.edges[owner]
                    if any(s.label in e.sources + e.targets for s in self.slots):
                        options.append(t)
            if not options:
                continue
            # prefer the owner tied to the target (the answer's subject)
            options.sort(key=lambda t: 0 if self._ties_to(t.split(".")[0], target) else 1)
            t = self.ch.pick("property:" + m.text, options)
            owner, prop = t.split(".")
            if owner in self.s.labels:
                slot = self.owner_slot(owner, self.pos(i), target)
                if slot is None:
                    continue
                out.append((i, slot, prop))
                self._prop_mentions.setdefault(repr(Prop(slot.var, prop)), []).append(i)
            else:
                link = self.edge_link(owner, target, self.pos(i))
                if link is not None:
                    out.append((i, link, prop))
                    self._prop_mentions.setdefault(repr(Prop(link.rel_var, prop)), []).append(i)
        return out

    def _ties_to(self, owner: str, target: Slot) -> bool:
        if owner in self.s.edges:
            e = self.s.edges[owner]
            return target.label in e.sources + e.targets
        return owner == target.label or bool(self.s.edges_between(target.label, owner))

    def edge_link(self, edge: str, target: Slot, near: int) -> Link | None:
        """Make sure the pattern holds an `edge` relationship with a variable."""
        for ln in self.links:
            if len(ln.steps) == 1 and ln.steps[0][0].type == edge:
                if ln.rel_var is None:
                    ln.rel_var = self.new_var(edge)
                    r, n = ln.steps[0]
                    ln.steps[0] = (Rel(r.type, r.forward, ln.rel_var), n)
                return ln
        e = self.s.edges[edge]
        ends = [s for s in self.slots if s.label in e.sources + e.targets and s.kind != "data"]
        if not ends:
            return None
        a = min(ends, key=lambda s: (s is not target, abs(s.pos - near)))
        other_label = e.targets[0] if a.label in e.sources else e.sources[0]
        b = next((s for s in self.slots if s.label == other_label and s is not a), None)
        if b is None:
            b = Slot(self.new_var(other_label), other_label, near, kind="hidden")
            self.slots.append(b)
        ln = self.link(a, b, edge=edge)
        return ln

    # ---- values (涨停, 广东, 创业板, 利好) ---------------------------------------
    def values(self, target: Slot) -> list:
        """WHERE units from value words; returns properties asked about instead
        (是男是女: two values of one property ask for the property)."""
        why = [(u.start, u.end) for u in self.units_of("why")]
        asked = []
        seen: dict[str, set] = {}
        for m in self.m:
            if m.kind == "value" and "op" not in m.params:
                for t in m.targets:
                    seen.setdefault(t, set()).add(tuple(m.params.get("value") or ()))
        alternatives = {t for t, vals in seen.items() if len(vals) > 1}
        for i, m in enumerate(self.m):
            if m.kind != "value" or i in self.consumed or any(a <= self.pos(i) < b for a, b in why):
                continue
            options = [t for t in m.targets if self._value_feasible(t)]
            if not options:
                continue
            t = self.ch.pick("value:" + m.text, options)
            if t in alternatives:
                owner, prop = t.split(".")
                slot = self.owner_slot(owner, self.pos(i), target) if owner in self.s.labels else None
                if slot is not None and (i, slot, prop) not in asked and all(a[2] != prop for a in asked):
                    asked.append((i, slot, prop))
                continue
            owner, prop = t.split(".")
            values = m.params.get("value") or []
            ptype = (self.s.labels[owner].property(prop) if owner in self.s.labels else self.s.edges[owner].properties[prop]).type
            typed = [_typed(v, ptype) for v in values]
            if owner in self.s.labels:
                slot = self.owner_slot(owner, self.pos(i), target)
                if slot is None:
                    continue
                ref = Prop(slot.var, prop)
            else:
                link = self.edge_link(owner, target, self.pos(i))
                if link is None:
                    continue
                ref = Prop(link.rel_var, prop)
            op = m.params.get("op", "=")
            if op != "=":
                self.where.append(Bin(op, ref, Lit(typed[0])))  # 上涨了: 涨跌幅 > 0, a threshold from the table
            elif isinstance(typed[0], bool) or ptype == "int":
                self.where.append(Bin("=", ref, Lit(typed[0])))  # engine-chosen literal from the table
            elif len(typed) == 1:
                self.where.append(Bin("=", ref, self.param(typed[0])))
            else:
                self.where.append(Bin("IN", ref, self.param(typed)))
        return asked

    def _value_feasible(self, t: str) -> bool:
        owner = t.split(".")[0]
        if owner in self.s.labels:
            return any(s.label == owner for s in self.slots) or any(
                self.s.edges_between(s.label, owner) for s in self.slots if s.kind != "data") or not self.slots
        e = self.s.edges.get(owner)
        return e is not None and any(s.label in e.sources + e.targets for s in self.slots)

    # ---- connecting slots ---------------------------------------------------
    def link(self, a: Slot, b: Slot, edge: str | None = None) -> Link:
        paths = self.s.shortest_paths(a.label, b.label) if a.label != b.label else self.s.shortest_paths(a.label, a.label)
        if edge:
            direct = [p for p in paths if any(h.edge == edge for h in p.hops)]
            if not direct:
                direct = [p for p in (self.s.shortest_paths(a.label, b.label, max_hops=2) or []) if any(h.edge == edge for h in p.hops)]
            paths = direct or paths
        mentioned = {t for m in self.m if m.kind == "edge" for t in m.targets}
        if not paths:
            raise CannotTranslate(f"{a.label} 与 {b.label} 之间没有关系 (no path between {a.label} and {b.label})")
        paths.sort(key=lambda p: -sum(h.edge in mentioned for h in p.hops))
        path = self.ch.pick(f"path:{a.label}-{b.label}", paths, ["-".join(h.edge for h in p.hops) for p in paths])
        steps: list[tuple[Rel, Node]] = []
        for k, h in enumerate(path.hops):
            last = k == len(path.hops) - 1
            if last:
                node = Node(b.var, b.label)
            else:
                mid = Slot(self.new_var(h.dst), h.dst, b.pos, kind="hidden")
                self.slots.append(mid)
                node = Node(mid.var, h.dst)
            steps.append((Rel(h.edge, h.forward), node))
        ln = Link(a.var, b.var, steps)
        if edge and len(steps) == 1:
            ln.rel_var = self.new_var(edge)
            ln.steps[0] = (Rel(steps[0][0].type, steps[0][0].forward, ln.rel_var), steps[0][1])
        self.links.append(ln)
        return ln

    def linked(self, var: str) -> bool:
        return any(ln.a == var or ln.b == var or any(n.var == var for _, n in ln.steps) for ln in self.links)

    def connect(self, target: Slot) -> None:
        """Join every slot to the tree grown from the target, nearest (in the
        text) first: modifiers precede the head noun in Chinese."""
        placed = {target.var} | {v for ln in self.links for v in (ln.a, ln.b) if self._in_tree(v, target.var)}
        pending = [s for s in self.slots if s.var not in placed and s.kind in ("entity", "label")]
        role = next((m.params["role"] for m in self.m if m.kind == "edge" and "role" in m.params), None)
        pending.sort(key=lambda s: -s.pos)
        for s in pending:
            if self._in_tree(s.var, target.var):
                continue
            anchors = [self.slot_of(v) for v in self._tree(target.var)]
            if s.label == "industry" and role and any(a.label == "industry" for a in anchors):
                other = next(a for a in anchors if a.label == "industry")
                # 上游/下游: (up)-[:affect]->(down)
                up, down = (s, other) if role == "downstream" else (other, s)
                self.links.append(Link(up.var, down.var, [(Rel("affect", True), Node(down.var, down.label))]))
                continue
            best = None
            for a in anchors:
                if a.kind == "data":
                    continue
                paths = self.s.shortest_paths(s.label, a.label) if s.label != a.label else []
                if paths:
                    d = (len(paths[0]), -a.pos if a.pos <= s.pos else a.pos)
                    if best is None or d < best[0]:
                        best = (d, a)
            if best is None:
                raise CannotTranslate(f"无法把 {s.label} 与问题的其他部分联系起来 (cannot connect {s.label})")
            self.link(s, best[1])
        # data / hidden slots attach where they were created; make sure they hang on the tree
        for s in self.slots:
            if not self._in_tree(s.var, target.var) and s.kind in ("data", "hidden") and not self.linked(s.var):
                self.link(target, s)

    def _tree(self, root: str) -> set[str]:
        seen, todo = {root}, [root]
        while todo:
            v = todo.pop()
            for ln in self.links:
                vs = [ln.a] + [n.var for _, n in ln.steps]
                if v in vs:
                    for w in vs:
                        if w not in seen:
                            seen.add(w)
                            todo.append(w)
        return seen

    def _in_tree(self, var: str, root: str) -> bool:
        return var in self._tree(root)

    # ---- conditions ----------------------------------------------------------
    def conditions(self, target: Slot, props: list[tuple[int, Slot | Link, str]]) -> None:
        for s in self.slots:
            if s.kind == "entity":
                prop = self.s.labels[s.label].display
                ref = Prop(s.var, prop)
                if len(s.names) == 1:
                    self.where.append(Bin("=", ref, self.param(s.names[0])))
                else:
                    self.where.append(Bin("IN", ref, self.param(s.names)))
        for u in self.units:
            if u.kind == "same" and u.ref("ent") is not None:
                ent = next((s for s in self.slots if s.mention == u.ref("ent")), None)
                if ent is not None and ent.label == target.label and ent is not target:
                    disp = self.s.labels[target.label].display
                    self.where.append(Bin("<>", Prop(target.var, disp), Prop(ent.var, disp)))
            if u.kind in ("compare", "between"):
                ref, pdef = self.prop_for_unit(u, props)
                if ref is None:
                    continue
                a = self.number(u.ref("num"), pdef)
                flip = self._flipped(ref)
                if u.kind == "compare":
                    op = u.params.get("op", ">")
                    if flip and a > 0:  # 跌幅大于5%: 涨跌幅 < -5 (跌幅小于-5% is already signed)
                        op, a = {">": "<", "<": ">", ">=": "<=", "<=": ">="}.get(op, op), -a
                    self.where.append(Bin(op, ref, self.param(a)))
                else:
                    b = self.number(u.ref("num2"), pdef)
                    lo, hi = sorted((-a, -b) if flip and min(a, b) > 0 else (a, b))
                    self.where.append(Bin("AND", Bin(">=", ref, self.param(lo)), Bin("<=", ref, self.param(hi))))
            elif u.kind == "date_compare":
                ref, pdef = self.prop_for_unit(u, props, types=("date", "datetime"))
                t = self.m[u.ref("time")].time
                if ref is None or t is None:
                    continue
                self.consumed.add(u.ref("time"))
                op = u.params.get("op", "<")
                day = (t.start or t.end) if op == "<" else (t.end or t.start)
                self.where.append(Bin(op, ref, DateLit(day)))
            elif u.kind in ("starts_with", "ends_with", "contains", "not_contains"):
                slot = self._name_slot(u, target)
                ref = Prop(slot.var, self.s.labels[slot.label].display)
                op = {"starts_with": "STARTS WITH", "ends_with": "ENDS WITH"}.get(u.kind, "CONTAINS")
                cond = Bin(op, ref, self.param(u.text))
                self.where.append(Not(cond) if u.kind == "not_contains" else cond)
            elif u.kind == "exclude":
                m = self.m[u.ref("ent")]
                ref_ent = next((r for r in m.entities if r.label == target.label), m.entities[0])
                slot = target if target.label == ref_ent.label else next(
                    (s for s in self.slots if s.label == ref_ent.label), target)
                self.where.append(Bin("<>", Prop(slot.var, self.s.labels[slot.label].display), self.param(ref_ent.name)))

    def _flipped(self, ref) -> bool:
        """Was this property named by a word that measures the other way (跌幅)?"""
        return any(self.m[i].params.get("flip") == "true" for i in self._prop_mentions.get(repr(ref), []))

    def _name_slot(self, u: Unit, target: Slot) -> Slot:
        after = [s for s in self.slots if s.kind == "label" and s.pos >= u.end]
        return min(after, key=lambda s: s.pos) if after else target

    def prop_for_unit(self, u: Unit, props, types=("int", "float")):
        """The property a comparison talks about: the nearest property word
        before the unit (else after it) of a fitting type."""
        best = None
        for i, owner, prop in props:
            pdef = self._pdef(owner, prop)
            if pdef is None or pdef.type not in types:
                continue
            p = self.pos(i)
            d = (0, u.start - p) if p <= u.start else (1, p - u.start)
            if best is None or d < best[0]:
                best = (d, owner, prop, pdef)
        if best is None:
            return self._edge_prop_for_unit(u)
        _, owner, prop, pdef = best
        var = owner.var if isinstance(owner, Slot) else owner.rel_var
        return Prop(var, prop), pdef

    def _edge_prop_for_unit(self, u: Unit):
        """持股超过20%: no property word, but a relationship word whose edge has a
        numeric property in the number's unit."""
        idx = u.ref("num")
        unit = self.m[idx].number.unit if idx is not None and self.m[idx].number else ""
        for i in range(len(self.m) - 1, -1, -1):
            m = self.m[i]
            if m.kind != "edge" or self.pos(i) > u.start:
                continue
            for etype in m.targets:
                e = self.s.edges.get(etype)
                if e is None:
                    continue
                props = [p for p in e.properties.values() if p.type in ("int", "float") and (p.unit == unit or not unit)]
                if props:
                    link = self.edge_link(etype, self.slots[-1] if self.slots else None, self.pos(i))
                    if link is not None:
                        return Prop(link.rel_var, props[0].name), props[0]
        return None, None

    def _pdef(self, owner, prop):
        if isinstance(owner, Slot):
            return self.s.labels[owner.label].property(prop)
        edge = owner.steps[0][0].type
        return self.s.edges[edge].properties.get(prop)

    def number(self, idx: int | None, pdef) -> float | int:
        n = self.m[idx].number
        self.consumed.add(idx)
        v = n.value
        factor = _UNIT_FACTORS.get(pdef.unit) if pdef is not None else None
        if factor and (n.scale != 1 or n.unit == "元"):
            v = v / factor
        if pdef is not None and pdef.type == "int" and float(v).is_integer():
            return int(v)
        return int(v) if float(v).is_integer() and n.is_int else v

    # ---- time ------------------------------------------------------------------
    def time_span(self) -> TimeSpan | None:
        ts = [m.time for i, m in enumerate(self.m) if m.kind == "time" and i not in self.consumed]
        return ts[0] if ts else None

    def times(self, props) -> None:
        t = self.time_span()
        for s in list(self.slots):
            lab = self.s.labels[s.label]
            if s.label == "stock_financial_information":
                self.report_period(s, t)
            elif lab.dynamic and lab.property("date") is not None:
                self.daily_period(s, t)

    def daily_period(self, s: Slot, t: TimeSpan | None) -> None:
        ref = Prop(s.var, "date")
        if t is None or t.kind == "day":
            asked = t.start if t is not None else self.ctx.today
            day = self.ctx.trading_day_on_or_before(asked) if self.ctx.trading_days else asked
            if day != asked:
                self.notes.append(f"{asked.isoformat()} 不是交易日，使用最近的交易日 {day.isoformat()}")
            self.where.append(Bin("=", ref, DateLit(day)))
            self.single_day = day
        else:
            if t.start is not None:
                self.where.append(Bin(">=", ref, DateLit(t.start)))
            if t.end is not None:
                self.where.append(Bin("<=", ref, DateLit(t.end)))
            self.day_range = True

    def report_period(self, s: Slot, t: TimeSpan | None) -> None:
        if t is None:
            latest = self.ctx.latest.get("stock_financial_information")
            if latest is None:
                return
            y, q = latest.year, (latest.month - 1) // 3 + 1
            self.where += [Bin("=", Prop(s.var, "year"), Lit(y)), Bin("=", Prop(s.var, "quarter"), Lit(q))]
            self.notes.append(f"未指定报告期，使用最新一期 {y}年第{q}季度")
            return
        if t.quarter:
            self.where += [Bin("=", Prop(s.var, "year"), Lit(t.year)), Bin("=", Prop(s.var, "quarter"), Lit(t.quarter))]
        elif t.half:
            self.where += [Bin("=", Prop(s.var, "year"), Lit(t.year)), Bin("=", Prop(s.var, "half_year"), Lit(t.half))]
        elif t.kind == "year" and t.year:
            self.where.append(Bin("=", Prop(s.var, "year"), Lit(t.year)))
        else:
            if t.start:
                self.where.append(Bin(">=", Prop(s.var, "date"), DateLit(t.start)))
            if t.end:
                self.where.append(Bin("<=", Prop(s.var, "date"), DateLit(t.end)))

    # ---- special shapes (their own query forms) ----------------------------------
    def why_target(self, target: Slot, why: Unit) -> Slot:
        """为什么涨/跌: the news linked to the entity with that tendency."""
        info_label = next((e.targets[0] for e in self.s.edges.values() if "tendency" in e.properties), None)
        if info_label is None:
            return target
        info = next((s for s in self.slots if s.label == info_label), None)
        if info is None:
            info = Slot(self.new_var(info_label), info_label, len(self.ex.tagged), kind="label")
            self.slots.append(info)
        anchor = next((s for s in self.slots if s.kind == "entity"), target)
        edge = next(e.name for e in self.s.edges.values() if "tendency" in e.properties)
        ln = self.link(anchor, info, edge=edge)
        tendency = int(why.params.get("tendency", 1))
        for i, m in enumerate(self.m):
            if why.start <= self.pos(i) < why.end and (m.params.get("flip") == "true" or m.params.get("op") in ("<", "<=")):
                tendency = -1  # 为什么下跌: the word itself means a fall
        self.where.append(Bin("=", Prop(ln.rel_var, "tendency"), Lit(tendency)))
        return info

    def default_property(self, target: Slot, prop: str):
        owner = next((lab.name for lab in self.s.labels.values() if lab.dynamic and lab.property(prop)
                      and self.s.edges_between(target.label, lab.name)), None)
        if owner is None:
            return []
        slot = self.owner_slot(owner, target.pos, target)
        return [(None, slot, prop)] if slot else []

    def _entity(self) -> Slot | None:
        return next((s for s in self.slots if s.kind == "entity"), None)

    def _data_prop(self, props):
        """(owner slot, property) of the first property on a slot."""
        for _, owner, prop in props:
            if isinstance(owner, Slot):
                return owner, prop
        return None, None

    def _branch(self, ent_label: str, ent_name: str, owner_label: str, prop: str, cond_for) -> tuple[Match, Prop]:
        """MATCH (e)-…->(o) WHERE e.name = $p AND <date/period of o>, for a reference value."""
        e_var, o_var = self.new_var(ent_label), self.new_var(owner_label)
        where = [Bin("=", Prop(e_var, self.s.labels[ent_label].display), self.param(ent_name))]
        if ent_label == owner_label:
            path = Path(Node(e_var, ent_label))
            o_var = e_var
        else:
            hops = self.s.shortest_paths(ent_label, owner_label)[0].hops
            steps = []
            for k, h in enumerate(hops):
                v = o_var if k == len(hops) - 1 else self.new_var(h.dst)
                steps.append((Rel(h.edge, h.forward), Node(v, h.dst)))
            path = Path(Node(e_var, ent_label), tuple(steps))
        where += cond_for(o_var)
        return Match((path,), and_all(where)), Prop(o_var, prop)

    def _day_conds(self, var: str) -> list:
        day = self.single_day
        return [Bin("=", Prop(var, "date"), DateLit(day))] if day else []

    def compare_entity(self, target: Slot, props) -> Candidate | None:
        """涨跌幅高于上海港湾的股票: the reference entity's value first, then the set."""
        u = self.units_of("compare_entity")[0]
        ent = self.m[u.ref("ent")]
        ref_ent = next((r for r in ent.entities if r.label == target.label), ent.entities[0])
        owner, prop = self._data_prop(props)
        if owner is None:
            return None
        branch, ref_val = self._branch(ref_ent.label, ref_ent.name, owner.label, prop,
                                       self._day_conds if self.s.labels[owner.label].dynamic else lambda v: [])
        main = self.match_clause()
        cond = Bin(u.params.get("op", ">"), Prop(owner.var, prop), Var("ref"))
        main = Match(main.paths, and_all([c for c in [main.where, cond] if c is not None]))
        pdef = self.s.labels[owner.label].property(prop)
        ret = Return((Item(*self._name(target)), Item(Prop(owner.var, prop), pdef.description or prop)), True)
        q = Query((branch, With((Item(ref_val, "ref"),)), main, ret), dict(self.params))
        return Candidate(q, -self.ch.penalty, tuple(self.ch.taken), self.notes, "list")

    def same_prop(self, target: Slot, props) -> Candidate | None:
        """和贵州茅台同一省份的股票: same value of a property as the entity."""
        u = self.units_of("same_prop")[0]
        ent = self.m[u.ref("ent")]
        pm = self.m[u.ref("prop")]
        ref_ent = next((r for r in ent.entities if r.label == target.label), ent.entities[0])
        prop = next((t.split(".")[1] for t in pm.targets if t.split(".")[0] == ref_ent.label), None)
        if prop is None or ref_ent.label != target.label:
            return None
        e = self.new_var(ref_ent.label)
        disp = self.s.labels[target.label].display
        main = self.match_clause()
        conds = [main.where, Bin("=", Prop(e, disp), self.param(ref_ent.name)),
                 Bin("=", Prop(target.var, prop), Prop(e, prop)), Bin("<>", Prop(target.var, disp), Prop(e, disp))]
        m = Match(main.paths + (Path(Node(e, ref_ent.label)),), and_all([c for c in conds if c is not None]))
        pdef = self.s.labels[target.label].property(prop)
        ret = Return((Item(*self._name(target)), Item(Prop(target.var, prop), pdef.description or prop)), True)
        return Candidate(Query((m, ret), dict(self.params)), -self.ch.penalty, tuple(self.ch.taken), self.notes, "list")

    def growth(self, target: Slot, props) -> Candidate | None:
        """同比 / 环比 of a quarterly figure: this period against the same quarter
        a year earlier, or against the previous quarter."""
        u = self.units_of("growth")[0]
        owner, prop = self._data_prop(props)
        ent = self._entity()
        if owner is None or ent is None or owner.label != "stock_financial_information":
            return None
        t = next((m.time for i, m in enumerate(self.m) if m.kind == "time" and m.time.quarter
                  and i != u.ref("time")), None)
        if t is not None:
            y, q = t.year, t.quarter
        else:
            latest = self.ctx.latest.get(owner.label)
            if latest is None:
                return None
            y, q = latest.year, (latest.month - 1) // 3 + 1
        kind = u.params.get("kind")
        if kind == "vs":
            ref = self.m[u.ref("time")].time
            cur_t = next((m.time for i, m in enumerate(self.m) if m.kind == "time" and i != u.ref("time")
                          and m.time.quarter), None)
            if ref is None or not ref.quarter:
                return None
            if cur_t is not None:
                y, q = cur_t.year, cur_t.quarter
            py, pq = ref.year, ref.quarter
            if cur_t is not None and ref.year != y and "年" not in ref.text:
                py = y  # 2023年第四季度…比第三季度: the same year unless one is named
        else:
            py, pq = (y - 1, q) if kind == "yoy" else ((y, q - 1) if q > 1 else (y - 1, 4))
        period = lambda y_, q_: (lambda v: [Bin("=", Prop(v, "year"), Lit(y_)), Bin("=", Prop(v, "quarter"), Lit(q_))])
        cur, cur_val = self._branch(ent.label, ent.names[0], owner.label, prop, period(y, q))
        prev, prev_val = self._branch(ent.label, ent.names[0], owner.label, prop, period(py, pq))
        pct = Bin("*", Bin("/", Bin("-", Var("cur"), Var("prev")), Func("abs", (Var("prev"),))), Lit(100.0))
        kind = {"yoy": "同比", "qoq": "环比"}.get(u.params.get("kind"), "增长")
        q_ = Query((cur, With((Item(cur_val, "cur"),)), prev, With((Item(Var("cur"), None), Item(prev_val, "prev"))),
                    Return((Item(Var("cur"), f"{y}Q{q}"), Item(Var("prev"), f"{py}Q{pq}"), Item(pct, f"{kind}增长率(%)")))),
                   dict(self.params))
        return Candidate(q_, -self.ch.penalty, tuple(self.ch.taken), self.notes + [f"{kind}：{y}年Q{q} 对比 {py}年Q{pq}"], "growth")

    def rank_in_group(self, target: Slot, props) -> Candidate | None:
        """英可瑞涨跌幅行业排名: 1 + the members of its trade with a higher value."""
        owner, prop = self._data_prop(props)
        ent = self._entity()
        if owner is None or ent is None or not self.s.labels[owner.label].dynamic:
            return None
        u = self.units_of("rank_in_group")[0]
        words = self.m[u.ref("label")].targets if u.ref("label") is not None else ()
        hops = [h for lab in words for h in self.s.edges_between(ent.label, lab) if h.forward]
        if not hops:
            return None
        group, group_edge = hops[0].dst, hops[0].edge
        g, o, od = self.new_var(group), self.new_var(ent.label), self.new_var(owner.label)
        hop = self.s.shortest_paths(ent.label, owner.label)[0].hops[0]
        day = self.single_day
        where = [Bin("=", Prop(ent.var, self.s.labels[ent.label].display), self.param(ent.names[0]))]
        if day:
            where.append(Bin("=", Prop(owner.var, "date"), DateLit(day)))
        # the entity's own value, then OPTIONAL MATCH the members of its group above it
        base = Match((Path(Node(ent.var, ent.label), ((Rel(hop.edge, hop.forward), Node(owner.var, owner.label)),)),
                      Path(Node(ent.var, ent.label), ((Rel(group_edge), Node(g, group)),))), and_all(where))
        opt = Match((Path(Node(g, group), ((Rel(group_edge, False), Node(o, ent.label)),
                                           (Rel(hop.edge, hop.forward), Node(od, owner.label)))),),
                    and_all(([Bin("=", Prop(od, "date"), DateLit(day))] if day else []) +
                            [Bin(">", Prop(od, prop), Prop(owner.var, prop))]), optional=True)
        ret = Return((Item(Prop(ent.var, self.s.labels[ent.label].display), "股票"), Item(Prop(g, "name"), "板块"),
                      Item(Prop(owner.var, prop), prop),
                      Item(Bin("+", Func("count", (Var(o),), distinct=True), Lit(1)), "板块内排名")))
        return Candidate(Query((base, opt, ret), dict(self.params)), -self.ch.penalty, tuple(self.ch.taken),
                         self.notes, "rank")

    def change(self, target: Slot, props) -> Candidate | None:
        """累计涨幅 over a period: last close in the period against the close
        of the trading day before it."""
        ent = self._entity()
        t = self.time_span()
        owner, prop = self._data_prop(props)
        if owner is not None and prop not in ("range", "closing_price"):
            self.units.append(Unit("aggregate", 0, 0, {"fn": "sum"}))  # 累计成交量: a plain total
            return None
        if t is None or t.kind == "day":
            return None  # 今天涨了多少: the day's own 涨跌幅
        if ent is None or t is None or owner is None or not self.ctx.trading_days:
            return None
        end = self.ctx.trading_day_on_or_before(t.end or self.ctx.today)
        before = self.ctx.trading_day_before(t.start or end)
        if before is None:
            return None
        on = lambda d: (lambda v: [Bin("=", Prop(v, "date"), DateLit(d))])
        a, a_val = self._branch(ent.label, ent.names[0], owner.label, "closing_price", on(before))
        b, b_val = self._branch(ent.label, ent.names[0], owner.label, "closing_price", on(end))
        pct = Bin("*", Bin("/", Bin("-", Var("close_end"), Var("close_before")), Var("close_before")), Lit(100.0))
        q = Query((a, With((Item(a_val, "close_before"),)), b, With((Item(Var("close_before"), None), Item(b_val, "close_end"))),
                   Return((Item(Var("close_before"), f"{before}收盘价"), Item(Var("close_end"), f"{end}收盘价"),
                           Item(pct, "区间涨跌幅(%)")))), dict(self.params))
        return Candidate(q, -self.ch.penalty, tuple(self.ch.taken),
                         self.notes + [f"区间涨跌幅：{end} 收盘相对 {before} 收盘"], "change")

    def _name(self, s: Slot):
        return Prop(s.var, self.s.labels[s.label].display), _label_word(self.s, s.label)

    # ---- RETURN --------------------------------------------------------------------
    def match_clause(self) -> Match:
        paths = []
        linked_vars = set()
        for ln in self.links:
            a = self.slot_of(ln.a)
            paths.append(Path(Node(a.var, a.label), tuple(ln.steps)))
            linked_vars |= {ln.a} | {n.var for _, n in ln.steps}
        for s in self.slots:
            if s.var not in linked_vars:
                paths.append(Path(Node(s.var, s.label)))
        return Match(tuple(paths), and_all(self.where))

    def finish(self, target: Slot, props) -> Candidate:
        shown = []  # (expr, alias)
        for i, owner, prop in props:
            var = owner.var if isinstance(owner, Slot) else owner.rel_var
            pdef = self._pdef(owner, prop)
            alias = pdef.description if pdef is not None and pdef.description else prop
            shown.append((Prop(var, prop), alias, i))
        answer = "list"
        ents = [s for s in self.slots if s.kind == "entity"]
        name_of = self._name
        data_slots = [s for s in self.slots if s.kind == "data" and self.s.labels[s.label].property("date") is not None]
        items: list[Item] = []
        order: tuple[Order, ...] = ()
        limit = None
        distinct = False
        match = self.match_clause()
        clauses: list = [match]

        agg = next(iter(self.units_of("aggregate")), None)
        total = self.period_total(shown)
        if agg is None and total and not (self.units_of("extreme", "topk", "order") and any(
                x.kind == "label" for x in self.slots)):
            agg = Unit("aggregate", 0, 0, {"fn": total})
        count = self.has("count")
        extreme = next(iter(self.units_of("extreme")), None)
        if extreme is None and not any(len(x.names) > 1 for x in ents):
            extreme = next(iter(self.units_of("which")), None)
        topk = next(iter(self.units_of("topk")), None)
        ordering = next(iter(self.units_of("order")), None)
        yesno = self.has("yesno")
        info = self.has("info")

        group = next((s for s in ents if len(s.names) > 1), None)
        which = next(iter(self.units_of("which")), None)
        history = next(iter(self.units_of("history")), None)
        if self.has("why"):
            answer = "list"
            items = [Item(*name_of(target))]
            distinct = True
        elif self.has("difference") and group is not None and shown:
            answer = "difference"
            expr, alias, _ = shown[-1]
            items = [Item(Bin("-", Func("max", (expr,)), Func("min", (expr,))), f"{alias}差值")]
        elif which is not None and group is not None and shown:
            answer = "ranking"
            expr, alias, _ = shown[-1]
            items = [Item(*name_of(group)), Item(expr, alias)]
            order = (Order(expr, which.params.get("dir", "desc") == "desc"), Order(name_of(group)[0]))
            limit = 1
        elif history is not None and shown and ents:
            answer = "aggregate"
            expr, alias, i = shown[-1]
            low = history.params.get("dir") == "asc" or (i is not None and re.search("低|小", self.m[i].text))
            fn = "min" if low else "max"
            items = [Item(name_of(s)[0], name_of(s)[1]) for s in ents] + [Item(Func(fn, (expr,)), f"历史{alias}")]
        elif yesno and (self.where or len(self.slots) > 1):
            answer = "yesno"
            items = [Item(Bin(">", Func("count", (Star(),)), Lit(0)), "是否")]
        elif count:
            answer = "count"
            cu = self.units_of("count")[0]
            labels = [x for x in self.slots if x.kind == "label"]
            after = [x for x in labels if 0 <= x.pos - cu.end <= 1]
            before = [x for x in labels if x.pos < cu.start]
            counted = after[0] if after else (max(before, key=lambda x: x.pos) if before else target)
            items = [Item(Func("count", (Var(counted.var),), distinct=True), "数量")]
        elif agg and shown:
            answer = "aggregate"
            fn = agg.params.get("fn", "avg")
            expr, alias, _ = shown[-1]
            group = [s for s in ents if len(s.names) > 1]
            items = [Item(name_of(s)[0], name_of(s)[1]) for s in group]
            items.append(Item(Func(fn, (expr,)), f"{ {'avg': '平均', 'sum': '合计', 'max': '最高', 'min': '最低'}.get(fn, fn)}{alias}"))
            if self._single_value(shown[-1]):
                self.ch.penalty += 0.1  # an average of one value: another reading is likelier
        elif extreme and shown and ents and not any(s.kind == "label" for s in self.slots) and data_slots and \
                self.day_range:
            answer = "aggregate"
            expr, alias, _ = shown[-1]
            fn = "max" if extreme.params.get("dir") == "desc" else "min"
            items = [Item(name_of(s)[0], name_of(s)[1]) for s in ents] + [Item(Func(fn, (expr,)), f"{fn}_{alias}")]
            clauses[-1] = match
        elif (extreme or topk or ordering) and shown:
            answer = "ranking"
            unit = topk or extreme or ordering
            expr, alias, _ = self._ranked_prop(unit, shown)
            desc = (unit.params.get("dir", "desc") == "desc") != self._flipped(expr)  # 跌幅最大: ascending
            if topk:
                k = unit.ref("num")
                limit = int(self.m[k].number.value) if k is not None else int(unit.params.get("k", self.ctx.top_k))
                if k is not None:
                    self.consumed.add(k)
            elif extreme:
                limit = 1
            subject = target
            items = [Item(*name_of(subject))] + [Item(e, a) for e, a, _ in shown if e != expr] + [Item(expr, alias)]
            order = (Order(expr, desc), Order(name_of(subject)[0]))  # ties broken by name: stable answers
        elif info and ents and not shown:
            answer = "entity"
            items = [Item(Var(s.var)) for s in ents]
        else:
            if target.kind == "entity" and not shown and len([s for s in self.slots if s.kind != "hidden"]) == 1:
                answer = "entity"
                items = [Item(Var(target.var))]
            else:
                answer = "lookup" if ents and target.kind == "entity" else "list"
                cols = [Item(*name_of(target))]
                for s in ents:
                    if s is not target and (len(s.names) > 1 or target.kind == "label") and answer == "lookup":
                        cols.insert(0, Item(*name_of(s)))
                if target.kind == "entity" and len(target.names) <= 1 and answer == "lookup" and shown:
                    cols = [Item(*name_of(target))]
                multi_day = any(s.kind == "data" for s in self.slots) and self.day_range
                for s in data_slots:
                    if multi_day or answer == "lookup":
                        cols.append(Item(Prop(s.var, "date"), "日期"))
                        if multi_day:
                            order = (Order(Prop(s.var, "date")),)
                for e, a, _ in shown:
                    cols.append(Item(e, a))
                items = _dedupe(cols)
                distinct = True
        clauses.append(Return(tuple(items), distinct, order, limit))
        return Candidate(Query(tuple(clauses), dict(self.params)), -self.ch.penalty, tuple(self.ch.taken),
                         self.notes, answer)

    def period_total(self, shown) -> str:
        """A per-row figure asked for a longer period: the schema's `total` says
        how rows combine (去年的净利润 = sum of quarters, 本月最高价 = max of days)."""
        t = self.time_span()
        if t is None or t.quarter or not shown or not any(x.kind == "entity" for x in self.slots):
            return ""
        expr = shown[-1][0]
        slot = next((x for x in self.slots if x.var == getattr(expr, "var", None)), None)
        if slot is None or slot.label not in self.s.labels:
            return ""
        pdef = self.s.labels[slot.label].property(expr.key)
        if pdef is None or not pdef.total or t.kind not in ("year", "half", "range", "since", "month"):
            return ""
        return pdef.total

    def _single_value(self, shown_item) -> bool:
        expr = shown_item[0]
        slot = next((x for x in self.slots if x.var == getattr(expr, "var", None)), None)
        if slot is None or slot.kind != "data" or self.single_day is None:
            return False
        parent = [ln for ln in self.links if ln.b == slot.var or ln.a == slot.var]
        ends = {ln.a for ln in parent} | {ln.b for ln in parent}
        return any(self.slot_of(v).kind == "entity" for v in ends if v != slot.var)

    def _ranked_prop(self, unit: Unit, shown):
        """The property a ranking sorts by: the one nearest before the unit, else after."""
        before = [x for x in shown if self.pos(x[2]) <= unit.start]
        return before[-1] if before else shown[0]


def _dedupe(items: list[Item]) -> list[Item]:
    out, seen = [], set()
    for it in items:
        key = repr(it.expr)
        if key not in seen:
            seen.add(key)
            out.append(it)
    return out


def _typed(v: Any, ptype: str) -> Any:
    if ptype == "bool":
        return str(v).lower() in ("true", "1", "是")
    if ptype == "int":
        return int(v)
    if ptype == "float":
        return float(v)
    return str(v)
