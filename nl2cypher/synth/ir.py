"""The query graph: what synthesis knows about a question before it is Cypher.

Slots are the variables (an entity or group 「A和B」, a label word, a daily-data or
report row, a hidden hop), links join them over schema paths, conditions and
columns are small expressions over slot properties, and a shape's plan says how
the answer is projected. `lower.py` turns a plan into the Cypher AST; nothing in
the passes or shapes knows Cypher.

What passes hand on are frozen values (slots, steps, expressions, patterns,
projections, plans). The `QueryGraph` itself is a builder: the passes append to
it in the order of `PASSES`, one graph per vector of choices, never shared between
vectors or questions — so a pass can see only what earlier passes of the same
vector wrote, which is the ordering the named choices and `PASSES` make explicit."""

from __future__ import annotations

import dataclasses

import bisect
import re
import datetime as dt
from dataclasses import dataclass, field
from typing import Any, Union

from ..lexicon import Extraction, Mention
from ..packs import Packs
from ..schema import TIME_TYPES, Property
from ..units import Unit
from .choices import Choices

DEFAULT_TOP_K = 5


# ---- expressions ------------------------------------------------------------------

@dataclass(frozen=True)
class Ref:
    """A property of a slot (or of a relationship variable)."""

    var: str
    key: str


@dataclass(frozen=True)
class Whole:
    """A slot itself (all its properties), or a value carried by name."""

    var: str


@dataclass(frozen=True)
class Value:
    """A value from the question: travels as the query parameter `name`."""

    name: str


@dataclass(frozen=True)
class Const:
    """A value the engine chose (a threshold from the trigger table, true/false, a year)."""

    value: Any


@dataclass(frozen=True)
class Day:
    """A date resolved in Python from a time expression."""

    value: dt.date


@dataclass(frozen=True)
class Call:
    """An aggregate or function: max, min, avg, sum, count, abs."""

    fn: str
    args: tuple = ()
    distinct: bool = False


@dataclass(frozen=True)
class Op:
    """A binary operator: comparisons, arithmetic, AND, IN, STARTS WITH, ENDS WITH, CONTAINS."""

    op: str
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class Negated:
    expr: "Expr"


@dataclass(frozen=True)
class Rows:
    """The number of rows: count(*)."""


@dataclass(frozen=True)
class Unset:
    """The property has no value (IS NULL): a chairman still in office."""

    ref: Ref


Expr = Union[Ref, Whole, Value, Const, Day, Call, Op, Negated, Rows, Unset]


# ---- patterns ------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """One hop of a link: the edge, its direction, and the node reached."""

    edge: str
    forward: bool
    var: str
    label: str
    rel_var: str | None = None
    hops: tuple[int, int] | None = None  # a chain followed all the way (一直往下游): 1 to n links


@dataclass(frozen=True)
class PathSpec:
    var: str
    label: str
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Pattern:
    """A MATCH: paths and the conditions on them (joined by AND, in order)."""

    paths: tuple[PathSpec, ...]
    conds: tuple[Expr, ...] = ()
    optional: bool = False


@dataclass(frozen=True)
class Column:
    expr: Expr
    alias: str | None = None


@dataclass(frozen=True)
class Sort:
    expr: Expr
    desc: bool = False


@dataclass(frozen=True)
class Projection:
    """RETURN (or WITH, when `carry`): columns, DISTINCT, ORDER BY, LIMIT."""

    columns: tuple[Column, ...]
    distinct: bool = False
    order: tuple[Sort, ...] = ()
    limit: int | None = None
    carry: bool = False
    where: tuple = ()  # a carried projection's conditions on what it carries (more than 5 companies)
    skip: int | None = None  # places passed over before the rows kept (第二大: one)


@dataclass(frozen=True)
class Plan:
    """A whole query: patterns and carried projections in order, then the answer."""

    parts: tuple[Union[Pattern, Projection], ...]
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


def refs(e):
    """The properties an expression reads (its `Ref`s)."""
    if isinstance(e, Ref):
        yield e
    elif isinstance(e, Op):
        yield from refs(e.left)
        yield from refs(e.right)
    elif isinstance(e, Negated):
        yield from refs(e.expr)
    elif isinstance(e, Unset):
        yield e.ref
    elif isinstance(e, Call):
        for x in e.args:
            yield from refs(x)


# ---- the graph -----------------------------------------------------------------------

@dataclass
class Context:
    """Facts about the loaded KG the synthesiser needs besides the schema."""

    today: dt.date
    trading_days: list[dt.date] = field(default_factory=list)
    latest: dict[str, dt.date] = field(default_factory=dict)  # label -> latest `date` value
    top_k: int = DEFAULT_TOP_K

    def trading_day_on_or_before(self, day: dt.date) -> dt.date:
        days = self.trading_days
        k = bisect.bisect_right(days, day)
        return days[k - 1] if k else day

    def trading_day_before(self, day: dt.date) -> dt.date | None:
        days = self.trading_days
        k = bisect.bisect_left(days, day)
        return days[k - 1] if k else None

    def period_base(self, start: dt.date, end: dt.date) -> dt.date | None:
        """The close a period's change is measured from: the trading day before it
        starts, or — when the KG's data begin inside the period (去年 in a KG that
        starts in February) — its first trading day, which the change note names."""
        before = self.trading_day_before(start)
        if before is None and self.trading_days and self.trading_days[0] < end:
            return self.trading_days[0]
        return before


@dataclass
class Candidate:
    query: Any  # the Cypher AST (cypher.ast.Query), built by lower.py
    prior: float
    choices: tuple[str, ...]  # what was chosen at each choice point, for the trace
    notes: list[str] = field(default_factory=list)
    answer: str = "list"  # what kind of answer: list, lookup, entity, count, aggregate, ranking, yesno, ...
    score: float = 0.0
    shape: str = ""  # the shape module that built it
    ignored: tuple[int, ...] = ()  # mentions the query leaves unused (a number, a date, a name it did not read)


@dataclass(frozen=True)
class Slot:
    var: str
    label: str
    pos: int  # position in the tagged question
    names: tuple[str, ...] = ()  # entity names anchoring this slot
    kind: str = "label"  # entity | label | data | hidden
    mention: int | None = None


@dataclass(frozen=True)
class Link:
    a: str
    b: str
    steps: tuple[Step, ...]  # path from a to b (b is the last node)
    rel_var: str | None = None


@dataclass(frozen=True)
class Attached:
    """A property word attached to its owner: a slot, or the link of an edge."""

    mention: int | None
    owner: Union[Slot, Link]
    prop: str

    @property
    def var(self) -> str:
        return self.owner.var if isinstance(self.owner, Slot) else self.owner.rel_var

    @property
    def ref(self) -> Ref:
        return Ref(self.var, self.prop)


class QueryGraph:
    """The query graph under construction for one vector of choices. Passes fill
    it in the order of `passes.PASSES`; each pass says what it reads and writes."""

    def __init__(self, packs: Packs, ex: Extraction, units: list[Unit], ctx: Context, choices: Choices):
        self.schema, self.ex, self.ctx, self.choices = packs.schema, ex, ctx, choices
        self.lang = packs.lang  # every word the query shows (columns, notes, errors) comes from it
        self.units = list(units)  # a pass may add an implied unit; the caller's list stays as it was
        self.m: list[Mention] = ex.mentions
        self.slots: list[Slot] = []
        self.links: list[Link] = []
        self.conds: list[Expr] = []
        self.params: dict[str, Any] = {}
        self.notes: list[str] = []
        self.used_vars: set[str] = set()
        self.var_labels: dict[str, str] = {}  # a branch's own variables (t2, td2) and their labels
        self.consumed: set[int] = set()  # mentions a unit has used up (a number, a date)
        self.used: set[int] = set()  # mentions read into the query without using them up (a value word)
        # more than 5 companies, 全年净利润超过100亿: a bound on an aggregate of each row's members
        # or reports (op, value, the aggregate, its column word — "" for a count)
        self.member_bounds: list[tuple[str, Any, Call, str]] = []
        self.unapplied: list[int] = []  # units no pass could apply (超过5% with no property): their words count as unused
        self.target: Slot | None = None  # the answer's subject
        self.props: list[Attached] = []  # properties asked about
        self.prop_mentions: dict[Ref, list[int]] = {}  # which words named each property
        self.single_day: dt.date | None = None  # daily rows filtered to one trading day
        self.day_range = False  # daily rows filtered to a period
        self.named: dict[str, str] = {}  # a slot's var -> the var of the node that names it (`named_by`)
        self.tenure_unasked: list[Ref] = []  # start and end dates of listed rows, current or former not asked
        self.shown_with: list[Slot] = []  # things each listed row shows beside it (the company a chairman left)
        self.nth: int | None = None  # a ranking's place asked (第二大股东: 2), set when its limit is read

    # ---- values and names --------------------------------------------------
    def param(self, value: Any) -> Value:
        name = f"p{len(self.params)}"
        self.params[name] = value
        return Value(name)

    def new_var(self, label: str) -> str:
        base = "".join(w[0] for w in label.split("_"))
        name, k = base, 1
        while name in self.used_vars:
            k += 1
            name = f"{base}{k}"
        self.used_vars.add(name)
        self.var_labels[name] = label
        return name

    def pick(self, key: str, options: list, labels: list[str] | None = None, what: str | None = None):
        return self.choices.pick(key, options, labels, what)

    # ---- the question ----------------------------------------------------------
    def pos(self, i: int) -> int:
        return self.ex.tag_span(i)[0]

    def units_of(self, *kinds: str) -> list[Unit]:
        return [u for u in self.units if u.kind in kinds]

    def has(self, kind: str) -> bool:
        return any(u.kind == kind for u in self.units)

    def unit(self, kind: str) -> Unit | None:
        return next(iter(self.units_of(kind)), None)

    # ---- slots -----------------------------------------------------------------
    def add_slot(self, label: str, pos: int, kind: str = "label", names: tuple[str, ...] = (),
                 mention: int | None = None) -> Slot:
        slot = Slot(self.new_var(label), label, pos, tuple(names), kind, mention)
        self.slots.append(slot)
        return slot

    def slot_of(self, var: str) -> Slot:
        return next(s for s in self.slots if s.var == var)

    def entities(self) -> list[Slot]:
        return [s for s in self.slots if s.kind == "entity"]

    def entity(self) -> Slot | None:
        return next((s for s in self.slots if s.kind == "entity"), None)

    def name_of(self, s: Slot) -> tuple[Ref, str]:
        """The slot's display property (its namer's, for a label `named_by` an edge)
        and the label's word, for a column."""
        namer = self.slot_of(self.named[s.var]) if s.var in self.named else s
        return Ref(namer.var, self.schema.labels[namer.label].display), self.label_word(s.label)

    def label_word(self, label: str) -> str:
        return self.lang.label_word(self.schema.labels[label].description) or label

    def prop_word(self, label: str, prop: str) -> str:
        p = self.schema.labels[label].property(prop)
        return p.description if p is not None and p.description else prop

    def day(self, var: str, label: str) -> Ref:
        """The date of a daily or report row (its label's `day` property)."""
        return Ref(var, self.schema.labels[label].day)

    def pdef(self, owner: Union[Slot, Link], prop: str) -> Property | None:
        if isinstance(owner, Slot):
            return self.schema.labels[owner.label].property(prop)
        return self.schema.edges[owner.steps[0].edge].properties.get(prop)

    def flipped(self, ref: Expr) -> bool:
        """Was this property named only by words that measure the other way (跌幅; 净利润最差
        的10家（亏得最多）says it both ways: not flipped)?"""
        said = self.prop_mentions.get(ref, [])
        return bool(said) and all(self.m[i].params.get("flip") == "true" for i in said)

    def time_span(self):
        ts = [m.time for i, m in enumerate(self.m) if m.kind == "time" and i not in self.consumed]
        return ts[0] if ts else None

    # ---- the pattern ---------------------------------------------------------------
    def tree(self, root: str) -> set[str]:
        seen, todo = {root}, [root]
        while todo:
            v = todo.pop()
            for ln in self.links:
                vs = [ln.a] + [st.var for st in ln.steps]
                if v in vs:
                    for w in vs:
                        if w not in seen:
                            seen.add(w)
                            todo.append(w)
        return seen

    def said_together(self) -> list[list[Slot]]:
        """Kinds of things said one after another, joined by a connector word (industry and
        state; a space alone joins nothing): each run of two or more, in the order said."""
        slots = sorted((s for s in self.slots if s.kind == "label" and s.mention is not None),
                       key=lambda s: self.m[s.mention].start)
        runs: list[list[Slot]] = []
        for s in slots:
            between = self.ex.question[self.m[runs[-1][-1].mention].end:self.m[s.mention].start] if runs else ""
            if between.strip() and self.lang.connectors.fullmatch(between):
                runs[-1].append(s)
            else:
                runs.append([s])
        return [r for r in runs if len(r) > 1]

    def asked_of_each(self) -> list[Slot]:
        """Kinds asked of each thing listed, not the things listed (the top 5 companies,
        include their industry and state; show where each is based): label words right
        after the language's `of_each` words, and the ones said together with them."""
        words = self.lang.words.get("of_each") or ()
        if not words:
            return []
        before = re.compile(f"(?:{self.lang.alternation(words)})\\s*$")
        # …of things listed before (湖南的公司有哪些 都是啥行业的); with none, the kind is what is listed
        out = [s for s in self.slots if s.kind == "label" and s.mention is not None
               and before.search(self.ex.question[:self.m[s.mention].start])
               and any(o.kind == "label" and o.pos < s.pos for o in self.slots)]
        for run in self.said_together():
            if any(s in out for s in run):
                out += [s for s in run if s not in out]
        return out

    def linked(self, var: str) -> bool:
        return any(ln.a == var or ln.b == var or any(st.var == var for st in ln.steps) for ln in self.links)

    def pattern(self, links: list[Link] | None = None, conds: list[Expr] | None = None,
                alone: set[str] | None = None) -> Pattern:
        """The main MATCH: every link as a path, every slot not on one alone (a part of
        it: those links, conditions and lone slots)."""
        paths, on_links = [], set()
        for ln in self.links if links is None else links:
            a = self.slot_of(ln.a)
            paths.append(PathSpec(a.var, a.label, tuple(ln.steps)))
            on_links |= {ln.a} | {st.var for st in ln.steps}
        for s in self.slots:
            if s.var not in on_links and (alone is None or s.var in alone):
                paths.append(PathSpec(s.var, s.label))
        return Pattern(tuple(paths), tuple(self.conds if conds is None else conds))

    def candidate(self, plan_parts: tuple, answer: str, notes: list[str] | None = None) -> Candidate:
        from .lower import lower

        plan_parts = tuple(self._computed(p) for p in self._at_place(self._in_scale(plan_parts)))
        return Candidate(lower(Plan(plan_parts, dict(self.params))), -self.choices.penalty,
                         tuple(self.choices.taken), self.notes if notes is None else notes, answer,
                         ignored=self.ignored())

    def _at_place(self, parts: tuple) -> tuple:
        """第二大股东, 涨幅第三的: the ranking's one row is the one at that place — the places
        before it passed over."""
        if not self.nth or self.nth < 2:
            return parts
        at = max((k for k, p in enumerate(parts) if isinstance(p, Projection) and p.limit == 1), default=None)
        if at is None:
            return parts
        return parts[:at] + (dataclasses.replace(parts[at], skip=self.nth - 1),) + parts[at + 1:]

    def _in_scale(self, parts: tuple) -> tuple:
        """总规模多少亿, 注册资本换算成亿元: figures answered in the magnitude asked (a
        figure kept in 元 divided by 1亿, one kept in 万元 by 1万)."""
        asked = self.lang.answer_scale(self.ex.question)
        if asked is None or not parts or not isinstance(parts[-1], Projection):
            return parts
        factor, word, units = asked
        cols, scaled = [], {}
        for c in parts[-1].columns:
            kept = self._kept_in(c.expr, units)
            if kept is not None and kept != factor:
                scaled[c.expr] = Op("/", c.expr, Const(factor / kept))
            cols.append(Column(scaled[c.expr], self.lang.say("columns.scaled", value=c.alias or "", unit=word))
                        if c.expr in scaled else c)
        # distinct rows are ordered only by what they show: a figure shown scaled no longer is
        distinct = parts[-1].distinct and not any(o.expr in scaled for o in parts[-1].order)
        # an aggregate ordered by is ordered as shown (the store binds no aggregate the answer does not show)
        order = tuple(dataclasses.replace(o, expr=scaled[o.expr]) if isinstance(o.expr, Call) and o.expr in scaled
                      else o for o in parts[-1].order)
        return parts[:-1] + (dataclasses.replace(parts[-1], columns=tuple(cols), distinct=distinct, order=order),)

    def _kept_in(self, e, units: tuple[str, ...]) -> float | None:
        """The factor of the unit a stored figure (or a total, average, extreme of one)
        is kept in, when it is one of `units` (none named: a base unit); else None."""
        if not (isinstance(e, Ref) or isinstance(e, Call) and e.fn in ("sum", "avg", "max", "min")):
            return None
        found = {getattr(self.pdef_of(r), "unit", None) for r in refs(e)}
        if len(found) != 1:
            return None
        u = found.pop()
        if not (u in units if units else self.lang.is_base_unit(u)):
            return None
        return 1.0 if self.lang.is_base_unit(u) else self.lang.unit_factor(u) or 1.0

    def is_date(self, r: Ref) -> bool:
        """Is this a stored date (认购结束时间, 离任日期)?"""
        pdef = self.pdef_of(r)
        return pdef is not None and pdef.type in TIME_TYPES

    def pdef_of(self, r: Ref) -> Property | None:
        slot = next((s for s in self.slots if s.var == r.var), None)
        link = next((ln for ln in self.links if ln.rel_var == r.var), None)
        owner = slot or link
        return self.pdef(owner, r.key) if owner is not None else None

    def _computed(self, node):
        """A derived measure (成交额) becomes its formula over the row's stored properties."""
        if isinstance(node, Ref):
            slot = next((s for s in self.slots if s.var == node.var), None)
            label = slot.label if slot is not None else self.var_labels.get(node.var)  # (a branch's row: td2)
            d = self.schema.labels[label].derived.get(node.key) if label in self.schema.labels else None
            return node if d is None else self._formula(node.var, d.formula)
        if isinstance(node, tuple):
            return tuple(self._computed(x) for x in node)
        if dataclasses.is_dataclass(node) and not isinstance(node, type):
            changes = {f.name: self._computed(getattr(node, f.name)) for f in dataclasses.fields(node)
                       if isinstance(getattr(node, f.name), (tuple, Ref)) or dataclasses.is_dataclass(getattr(node, f.name))}
            return dataclasses.replace(node, **changes) if changes else node
        return node

    def _formula(self, var: str, tree: tuple):
        if tree[0] == "prop":
            return Ref(var, tree[1])
        if tree[0] == "num":
            return Const(tree[1])
        if tree[0] == "today":
            return Day(self.ctx.today)
        return Op(tree[0], self._formula(var, tree[1]), self._formula(var, tree[2]))

    def _dated(self) -> bool:
        """Some slot's rows are dated (daily rows, reports): a free time reads them.
        Without one, a time that reaches today (现在, 最近) asks for what holds now,
        while 去年贵州茅台的注册资本 answers today's value and the year went unused."""
        return any((lab.dynamic and lab.day) or lab.period
                   for lab in (self.schema.labels[s.label] for s in self.slots))

    def _reaches_today(self, t) -> bool:
        return t is None or t.end is None or t.end >= self.ctx.today

    def _walked(self, m) -> bool:
        """An edge word the query reads: its edge is on a path, or it is a role's word
        (上游), or it only says how two things it joins relate (持有, 属于). Unread: it
        leads to people the query has none of (规模最大的基金是谁管的: the manager)."""
        walked = {st.edge for ln in self.links for st in ln.steps}
        if "role" in m.params or walked & set(m.targets):
            return True
        have = {s.label for s in self.slots}
        for name in m.targets:
            e = self.schema.edges.get(name)
            if e is None:
                continue
            for a, b in e.endpoints:
                if (a in have) != (b in have) and self.schema.labels[b if a in have else a].person:
                    return False
        return True

    def ignored(self) -> tuple[int, ...]:
        """Mentions no pass or shape used: a number, a date, a name or a property
        word the question gave that the query does not reflect. (Label and edge
        words are read by the path search; they are not tracked.)"""
        used = self.consumed | self.used
        at = [self.pos(i) for i in range(len(self.m))]
        for k, u in enumerate(self.units):
            if k in self.unapplied:
                continue
            used |= set(u.refs.values()) | set(u.covers)
            used |= {i for i, p in enumerate(at) if u.start <= p < u.end}  # words a rule read
        used |= {s.mention for s in self.slots if s.mention is not None}
        for ms in self.prop_mentions.values():
            used |= set(ms)
        names = {n for s in self.slots for n in s.names}
        values = set()
        for v in self.params.values():
            values |= {str(x) for x in v} if isinstance(v, (list, tuple)) else {str(v)}
        out, first_time, dated = [], True, self._dated()
        times = {_span(m.time) for i, m in enumerate(self.m) if m.kind == "time" and i in self.consumed}
        for i, m in enumerate(self.m):
            now = m.kind == "time" and not dated and self._reaches_today(m.time)  # 最近…现在 of a fund's status: each says now
            if m.kind == "time" and i not in self.consumed and (now or (first_time and dated)):
                first_time = False  # the period the query's daily rows or reports are about (现在: any row)
                times.add(_span(m.time))
                continue
            if m.kind == "time" and _span(m.time) in times:
                continue  # 今天收盘多少，就是今天: the same day said again
            if i in used or m.kind == "label" or (m.kind == "edge" and self._walked(m)):
                continue
            if m.kind == "entity" and any(r.name in names or r.name in values for r in m.entities):
                continue
            if m.kind == "value" and any(str(v) in values for v in m.params.get("value", ())):
                continue
            out.append(i)
        return tuple(out)


def _span(t) -> tuple:
    """The days a time mention covers (两个今天 are one day)."""
    return t.kind, t.start, t.end, t.year, t.quarter, t.half
