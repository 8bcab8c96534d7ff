"""Schema: a KG's labels, properties and edges as data (YAML), with the
questions the pipeline asks of it: what exists, how labels connect, and a
compact text form for prompts."""

from __future__ import annotations

import re

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import SchemaError
from .resources import load_yaml

TYPES = ("string", "int", "float", "bool", "date", "datetime")
TIME_TYPES = ("date", "datetime")
PARTITIONS = ("static", "daily", "realtime")
# Every node carries its import id as property `id` (neo4j-admin stores `id:ID` so too).
KEY = "id"
# the annotation vocabulary: role keys a schema may use (period, calendar, measures, roles)
ROLE_WORDS = ("period", "year", "quarter", "half", "calendar", "trading", "measures", "price", "change",
              "roles", "sentiment", "chain", "day", "candles", "open", "close", "high", "low", "volume")


@dataclass(frozen=True)
class Property:
    name: str
    type: str
    description: str = ""
    unit: str = ""
    vocabulary: bool = False  # values are words users say (省份, 上市板块, 学历)
    total: str = ""  # "sum": a longer period's figure is the sum of the rows (quarterly profit)
    keywords: bool = False  # a text searched by the words in it (news titles: 回购, 减持)
    kinds: bool = False  # a name whose pieces say a kind of the thing (债券基金, 红利类的基金)


@dataclass(frozen=True)
class Derived:
    """A measure computed from a row's stored properties (成交额 ≈ 收盘价 × 成交量):
    `formula` is a tree of ("prop", name) / ("num", value) / ("today",) / (op, left, right);
    `today - appointment_date` is the days since a stored date (任职时长)."""

    name: str
    formula: tuple
    description: str = ""
    unit: str = ""
    words: tuple[str, ...] = ()
    shows: tuple[str, ...] = ()  # stored properties shown beside it (任职天数 with the day it counts from)


@dataclass(frozen=True)
class Label:
    name: str
    description: str
    partition: str
    properties: dict[str, Property]
    display: str = "name"
    names: tuple[str, ...] = ()  # properties whose values name an entity in a question
    # roles the translator needs, by annotation rather than by name:
    period: dict[str, str] = field(default_factory=dict)  # report rows: {year, quarter, half} -> property
    calendar: str = ""  # "trading": its dates are the trading calendar
    measures: dict[str, str] = field(default_factory=dict)  # {price, change} -> property
    day: str = ""  # the date of a row (daily data, a report): `day:`, else a date-typed display property
    derived: dict[str, Derived] = field(default_factory=dict)  # measures computed from the stored ones
    person: bool = False  # its nodes are people: 他/她 in a follow-up may point at them
    candles: dict[str, str] = field(default_factory=dict)  # {open, close, high, low, volume} -> property (K 线 charts)
    ended: str = ""  # a date property set when the row stopped holding (a chairman's departure): unset = current
    named_by: str = ""  # an edge: its rows are named by the node at the edge's other end (a new issue by its stock)
    families: bool = False  # names begin with a family's name (a fund company's): 易方达的基金 are those
    began: str = ""  # the date the row started holding (a chairman's appointment): shown with `ended`, in its order
    key_description: str = "id"  # what the import id is called in answers (the schema's `key_description`)
    measure: str = ""  # "Label.prop": a row of this label names a measure whose figures are that property's values

    @property
    def dynamic(self) -> bool:
        return self.partition != "static"

    def property(self, name: str) -> Property | None:
        if name == KEY and KEY not in self.properties:
            return Property(KEY, "string", self.key_description)
        if name in self.derived:
            d = self.derived[name]
            return Property(name, "float", d.description, d.unit)
        return self.properties.get(name)


@dataclass(frozen=True)
class EdgeType:
    name: str
    description: str
    endpoints: tuple[tuple[str, str], ...]  # allowed (start label, end label) pairs
    properties: dict[str, Property] = field(default_factory=dict)
    weight: str = ""  # how big one such relationship is (a holding's share): what 持…最多 / 第一大 rank by
    members: bool = False  # its `from` things are members of its `to` thing (a board's stocks)

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(a for a, _ in self.endpoints))

    @property
    def targets(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(b for _, b in self.endpoints))


@dataclass(frozen=True)
class Hop:
    """One step of a schema path: traverse `edge` from `src` to `dst`;
    `forward` is False when the edge points dst -> src."""

    edge: str
    src: str
    dst: str
    forward: bool


@dataclass(frozen=True)
class SchemaPath:
    start: str
    hops: tuple[Hop, ...]

    @property
    def end(self) -> str:
        return self.hops[-1].dst if self.hops else self.start

    def __len__(self) -> int:
        return len(self.hops)


@dataclass(frozen=True)
class Schema:
    name: str
    description: str
    labels: dict[str, Label]
    edges: dict[str, EdgeType]
    source_text: str = ""
    roles: dict[str, str] = field(default_factory=dict)  # sentiment: edge.prop; chain: edge
    language: str = ""  # the language its users write (a language pack's code); empty: the default

    def role_edge(self, role: str) -> tuple[EdgeType, str] | None:
        """The edge (and property, for `edge.prop` roles) that plays `role`."""
        spec = self.roles.get(role)
        if not spec:
            return None
        edge, _, prop = spec.partition(".")
        return self.edges[edge], prop

    @property
    def calendar_label(self) -> str | None:
        """The label whose dates are the trading calendar."""
        return next((n for n, lab in self.labels.items() if lab.calendar == "trading"), None)

    # ---- loading -------------------------------------------------------
    @classmethod
    def load(cls, path: str | Path) -> "Schema":
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise SchemaError(f"cannot read schema {path}: {e.strerror}") from None
        return cls.from_text(text, origin=str(path))

    @classmethod
    def from_text(cls, text: str, origin: str = "<schema>") -> "Schema":
        try:
            data = load_yaml(text)
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            where = f":{mark.line + 1}" if mark else ""
            raise SchemaError(f"{origin}{where}: not valid YAML") from None
        schema = cls.from_dict(data, origin)
        object.__setattr__(schema, "source_text", text)
        return schema

    @classmethod
    def from_dict(cls, data: object, origin: str = "<schema>") -> "Schema":
        if not isinstance(data, dict):
            raise SchemaError(f"{origin}: a schema is a mapping with `labels` and `edges`")
        labels_raw = data.get("labels")
        if not isinstance(labels_raw, dict) or not labels_raw:
            raise SchemaError(f"{origin}: `labels` must be a non-empty mapping")
        labels: dict[str, Label] = {}
        for lname, spec in labels_raw.items():
            _check_name(origin, "label", lname)
            spec = spec or {}
            if not isinstance(spec, dict):
                raise SchemaError(f"{origin}: label {lname}: expected a mapping")
            partition = spec.get("partition", "static")
            if partition not in PARTITIONS:
                raise SchemaError(
                    f"{origin}: label {lname}: partition {partition!r} is not one of {', '.join(PARTITIONS)}"
                )
            props = _properties(origin, f"label {lname}", spec.get("properties"))
            display = spec.get("display") or ("name" if "name" in props else KEY)
            if display != KEY and display not in props:
                raise SchemaError(f"{origin}: label {lname}: display property {display!r} is not a property")
            names = tuple(_as_list(spec.get("names")))
            for n in names:
                if n not in props:
                    raise SchemaError(f"{origin}: label {lname}: name property {n!r} is not a property")
            period = _role_map(origin, f"label {lname}: period", spec.get("period"), props, ("year", "quarter", "half"))
            measures = _role_map(origin, f"label {lname}: measures", spec.get("measures"), props, ("price", "change"))
            calendar = str(spec.get("calendar") or "")
            if calendar not in ("", "trading"):
                raise SchemaError(f"{origin}: label {lname}: calendar {calendar!r} is not 'trading'")
            day = str(spec.get("day") or (display if display in props and props[display].type == "date" else ""))
            if day and (day not in props or props[day].type != "date"):
                raise SchemaError(f"{origin}: label {lname}: day {day!r} is not a date property")
            if calendar and not day:
                raise SchemaError(f"{origin}: label {lname}: a trading calendar needs a `day` (a date property)")
            derived = _derived(origin, f"label {lname}", spec.get("derived"), props)
            candles = _role_map(origin, f"label {lname}: candles", spec.get("candles"), props,
                                ("open", "close", "high", "low", "volume"))
            person = spec.get("person", False)
            if not isinstance(person, bool):
                raise SchemaError(f"{origin}: label {lname}: person must be true or false")
            families = spec.get("families", False)
            if not isinstance(families, bool):
                raise SchemaError(f"{origin}: label {lname}: families must be true or false")
            ended, began = (str(spec.get(k) or "") for k in ("ended", "began"))
            for key, prop in (("ended", ended), ("began", began)):
                if prop and (prop not in props or props[prop].type not in TIME_TYPES):
                    raise SchemaError(f"{origin}: label {lname}: {key} {prop!r} is not a date property")
            labels[lname] = Label(lname, str(spec.get("description", "")), partition, props, display, names,
                                  period, calendar, measures, day, derived, person, candles, ended,
                                  str(spec.get("named_by") or ""), families, began,
                                  str(data.get("key_description") or KEY), str(spec.get("measure") or ""))
        edges: dict[str, EdgeType] = {}
        for ename, spec in (data.get("edges") or {}).items():
            _check_name(origin, "edge", ename)
            if ename in labels:
                raise SchemaError(f"{origin}: {ename} is both a label and an edge type")
            spec = spec or {}
            srcs, dsts = _as_list(spec.get("from")), _as_list(spec.get("to"))
            if not srcs or not dsts:
                raise SchemaError(f"{origin}: edge {ename}: needs `from` and `to` labels")
            for lab in srcs + dsts:
                if lab not in labels:
                    raise SchemaError(f"{origin}: edge {ename}: unknown label {lab!r}")
            endpoints = tuple((a, b) for a in srcs for b in dsts)
            props = _properties(origin, f"edge {ename}", spec.get("properties"))
            weight = str(spec.get("weight") or "")
            if weight and (weight not in props or props[weight].type not in ("int", "float")):
                raise SchemaError(f"{origin}: edge {ename}: weight {weight!r} is not a numeric property")
            edges[ename] = EdgeType(ename, str(spec.get("description", "")), endpoints, props, weight,
                                    bool(spec.get("members", False)))
        for lab in labels.values():
            e = edges.get(lab.named_by)
            if lab.named_by and (e is None or lab.name not in e.sources + e.targets):
                raise SchemaError(f"{origin}: label {lab.name}: named_by {lab.named_by!r} is not an edge of the label")
        for lab in labels.values():
            owner, _, prop = lab.measure.partition(".")
            if lab.measure and (owner not in labels or prop not in labels[owner].properties):
                raise SchemaError(f"{origin}: label {lab.name}: measure {lab.measure!r} is not a Label.property")
        roles = {}
        for role, target in (data.get("roles") or {}).items():
            if role not in ("sentiment", "chain", "listing"):
                raise SchemaError(f"{origin}: roles: unknown role {role!r} (sentiment, chain, listing)")
            edge, _, prop = str(target).partition(".")
            dated = role in ("sentiment", "listing")  # an edge's property, not an edge
            if edge not in edges or (prop and prop not in edges[edge].properties) or dated != bool(prop):
                raise SchemaError(f"{origin}: roles: {role}: {target!r} is not an edge{'.property' if dated else ''} of the schema")
            roles[role] = str(target)
        return cls(str(data.get("name", "kg")), str(data.get("description", "")), labels, edges, roles=roles,
                   language=str(data.get("language") or ""))

    # ---- questions -----------------------------------------------------
    def label(self, name: str) -> Label:
        try:
            return self.labels[name]
        except KeyError:
            raise SchemaError(f"unknown label {name!r}") from None

    def edge(self, name: str) -> EdgeType:
        try:
            return self.edges[name]
        except KeyError:
            raise SchemaError(f"unknown relationship type {name!r}") from None

    def has_property(self, label_or_edge: str, prop: str) -> bool:
        if label_or_edge in self.labels:
            return self.labels[label_or_edge].property(prop) is not None
        if label_or_edge in self.edges:
            return prop in self.edges[label_or_edge].properties
        return False

    def reporters(self, label: str) -> set[str]:
        """The labels whose things report the measure a row of this label names (a
        concept's: the company); none for a label that names no measure."""
        labels = self.labels
        if label not in labels or not labels[label].measure:
            return set()
        return {h.dst for h in self.neighbours(label)
                if not (labels[h.dst].dynamic or labels[h.dst].period or labels[h.dst].measure)}

    def edges_between(self, a: str, b: str) -> list[Hop]:
        """Every single hop from label a to label b, either direction."""
        hops = []
        for e in self.edges.values():
            for s, t in e.endpoints:
                if s == a and t == b:
                    hops.append(Hop(e.name, a, b, True))
                elif t == a and s == b and a != b:
                    hops.append(Hop(e.name, a, b, False))
        return hops

    def neighbours(self, lab: str) -> list[Hop]:
        """Every single hop from label `lab`, either direction."""
        out = []
        for e in self.edges.values():
            for s, t in e.endpoints:
                if s == lab:
                    out.append(Hop(e.name, s, t, True))
                if t == lab and s != t:
                    out.append(Hop(e.name, t, s, False))
        return out

    def shortest_paths(self, a: str, b: str, max_hops: int = 4) -> list[SchemaPath]:
        """All shortest paths a -> b in the schema graph (edges usable either way),
        at most max_hops long. A label never repeats on a path, except a == b,
        which yields the self-loop edges (e.g. industry -affect-> industry)."""
        self.label(a), self.label(b)
        if a == b:
            return [SchemaPath(a, (h,)) for h in self.neighbours(a) if h.dst == a]
        found: list[SchemaPath] = []
        queue: deque[tuple[str, tuple[Hop, ...]]] = deque([(a, ())])
        best = None
        while queue:
            lab, hops = queue.popleft()
            if best is not None and len(hops) >= best:
                continue
            if len(hops) >= max_hops:
                continue
            seen = {a} | {h.dst for h in hops}
            for h in self.neighbours(lab):
                if h.dst in seen:
                    continue
                path = hops + (h,)
                if h.dst == b:
                    best = len(path)
                    found.append(SchemaPath(a, path))
                else:
                    queue.append((h.dst, path))
        return found

    def slice(self, labels: set[str] | list[str], edges: set[str] | list[str] = ()) -> "Schema":
        """The part of the schema a question touches: the given labels, the given
        edges, and every edge that joins two of the kept labels."""
        keep = {lab for lab in labels if lab in self.labels}
        for en in edges:
            e = self.edge(en)
            for s, t in e.endpoints:
                if s in keep or t in keep:
                    keep |= {s, t}
        kept_edges = {}
        for e in self.edges.values():
            pairs = tuple((s, t) for s, t in e.endpoints if s in keep and t in keep)
            if pairs:
                kept_edges[e.name] = EdgeType(e.name, e.description, pairs, e.properties)
        roles = {r: t for r, t in self.roles.items() if t.partition(".")[0] in kept_edges}
        return Schema(self.name, self.description, {n: self.labels[n] for n in self.labels if n in keep}, kept_edges,
                      roles=roles, language=self.language)

    def read_as(self) -> dict[str, set[str]]:
        """The stored properties a property is read through: a derived measure's
        formula (成交额: 收盘价, 成交量), a change measure's price (涨跌幅 over a period)."""
        out: dict[str, set[str]] = {}
        for lab in self.labels.values():
            for name, d in lab.derived.items():
                out.setdefault(name, set()).update(_formula_props(d.formula))
            if "change" in lab.measures and "price" in lab.measures:
                out.setdefault(lab.measures["change"], set()).add(lab.measures["price"])
        return out

    def structure(self) -> tuple:
        """Labels, property types and edges: what a stored KG's layout depends on."""
        labels = tuple(sorted((n, tuple(sorted((p.name, p.type) for p in lab.properties.values())))
                              for n, lab in self.labels.items()))
        edges = tuple(sorted((n, e.endpoints, tuple(sorted((p.name, p.type) for p in e.properties.values())))
                             for n, e in self.edges.items()))
        return labels, edges

    @property
    def dynamic_labels(self) -> list[str]:
        return [n for n, lab in self.labels.items() if lab.dynamic]

    def describe(self) -> dict:
        """Labels, properties and edges with their descriptions, as JSON (the
        service's /schema, the agents' `schema` tool)."""
        return {"name": self.name,
                "labels": {n: {"description": lab.description, "partition": lab.partition,
                               "properties": {p: {"type": d.type, "description": d.description}
                                              for p, d in lab.properties.items()},
                               "candles": lab.candles}
                           for n, lab in self.labels.items()},
                "edges": {n: {"description": e.description, "from": list(e.sources), "to": list(e.targets)}
                          for n, e in self.edges.items()}}

    def render(self, descriptions: bool = True) -> str:
        """Compact text for prompts and `kg schema`, one line per label / edge."""
        lines = ["Node labels:"]
        for lab in self.labels.values():
            props = ", ".join(_prop_text(p, descriptions) for p in lab.properties.values())
            head = f"{lab.name}({lab.description})" if descriptions and lab.description else lab.name
            lines.append(f"- {head}: {props}")
        lines.append("Relationships:")
        for e in self.edges.values():
            props = ", ".join(_prop_text(p, descriptions) for p in e.properties.values())
            props = f" {{{props}}}" if props else ""
            desc = f"  {e.description}" if descriptions and e.description else ""
            for s, t in e.endpoints:
                lines.append(f"- (:{s})-[:{e.name}{props}]->(:{t}){desc}")
        return "\n".join(lines)


def _prop_text(p: Property, descriptions: bool) -> str:
    text = f"{p.name} {p.type}"
    if descriptions and p.description:
        text += f" {p.description}" + (f"({p.unit})" if p.unit else "")
    return text


def _role_map(origin: str, where: str, raw: object, props: dict, roles: tuple[str, ...]) -> dict[str, str]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise SchemaError(f"{origin}: {where}: expected a mapping of {', '.join(roles)} to properties")
    for role, prop in raw.items():
        if role not in roles:
            raise SchemaError(f"{origin}: {where}: unknown role {role!r} ({', '.join(roles)})")
        if prop not in props:
            raise SchemaError(f"{origin}: {where}: {role}: {prop!r} is not a property")
    return {str(k): str(v) for k, v in raw.items()}


def _as_list(v: object) -> list[str]:
    if v is None:
        return []
    if isinstance(v, str):
        return [v]
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return list(v)
    raise SchemaError(f"expected a label or a list of labels, got {v!r}")


def _check_name(origin: str, kind: str, name: object) -> None:
    if not isinstance(name, str) or not name.isidentifier() or name.startswith("_"):
        raise SchemaError(f"{origin}: {kind} name {name!r} must be an identifier not starting with _")


_FORMULA_TOKEN = re.compile(r"\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<name>[A-Za-z_][A-Za-z_0-9]*)|(?P<op>[-+*/()]))")


def _formula(text: str, where: str, props: dict[str, Property]) -> tuple:
    """Parse `closing_price * volume` (numbers, numeric properties of the same
    label, + - * / and brackets) into a tree; a date property only as `today - date`
    (days since it); anything else is refused."""
    tokens, pos = [], 0
    text = str(text or "")
    while pos < len(text.rstrip()):
        m = _FORMULA_TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise SchemaError(f"{where}: formula {text!r}: cannot read {text[pos:pos + 10]!r}")
        tokens.append(m)
        pos = m.end()
    k = 0

    def atom():
        nonlocal k
        if k >= len(tokens):
            raise SchemaError(f"{where}: formula {text!r} ends early")
        t = tokens[k]
        k += 1
        if t.group("num"):
            return ("num", float(t.group("num")))
        if t.group("name") == "today":
            return ("today",)
        if t.group("name"):
            p = props.get(t.group("name"))
            if p is not None and p.type == "date" and k >= 3 and tokens[k - 3].group("name") == "today" \
                    and tokens[k - 2].group("op") == "-":
                return ("prop", p.name)
            if p is None or p.type not in ("int", "float"):
                raise SchemaError(f"{where}: formula {text!r}: {t.group('name')!r} is not a numeric property")
            return ("prop", p.name)
        if t.group("op") == "(":
            e = expr()
            if k >= len(tokens) or tokens[k].group("op") != ")":
                raise SchemaError(f"{where}: formula {text!r}: missing ')'")
            k += 1
            return e
        raise SchemaError(f"{where}: formula {text!r}: unexpected {t.group(0).strip()!r}")

    def level(ops, sub):
        def parse():
            nonlocal k
            left = sub()
            while k < len(tokens) and tokens[k].group("op") in ops:
                op = tokens[k].group("op")
                k += 1
                left = (op, left, sub())
            return left
        return parse

    expr = level("+-", level("*/", atom))
    tree = expr()
    if k != len(tokens):
        raise SchemaError(f"{where}: formula {text!r}: unexpected {tokens[k].group(0).strip()!r}")
    return tree


def _derived(origin: str, owner: str, raw: object, props: dict[str, Property]) -> dict[str, Derived]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise SchemaError(f"{origin}: {owner}: `derived` must be a mapping")
    out = {}
    for name, spec in raw.items():
        _check_name(origin, "derived measure", name)
        if name in props or not isinstance(spec, dict) or not spec.get("formula"):
            raise SchemaError(f"{origin}: {owner}: derived {name!r} needs a `formula` and a name of its own")
        where = f"{origin}: {owner}: derived {name}"
        shows = tuple(str(p) for p in _as_list(spec.get("shows")))
        if any(p not in props for p in shows):
            raise SchemaError(f"{where}: shows {', '.join(p for p in shows if p not in props)}: not a property of {owner}")
        out[name] = Derived(name, _formula(spec["formula"], where, props), str(spec.get("description", "")),
                            str(spec.get("unit", "")), tuple(str(w) for w in _as_list(spec.get("words"))), shows)
    return out


def _properties(origin: str, owner: str, raw: object) -> dict[str, Property]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise SchemaError(f"{origin}: {owner}: `properties` must be a mapping")
    out = {}
    for pname, spec in raw.items():
        _check_name(origin, f"{owner} property", pname)
        if isinstance(spec, str):
            spec = {"type": spec}
        if not isinstance(spec, dict):
            raise SchemaError(f"{origin}: {owner}.{pname}: expected a type or a mapping")
        ptype = spec.get("type", "string")
        if ptype not in TYPES:
            raise SchemaError(f"{origin}: {owner}.{pname}: type {ptype!r} is not one of {', '.join(TYPES)}")
        out[pname] = Property(pname, ptype, str(spec.get("description", "")), str(spec.get("unit", "")),
                              bool(spec.get("vocabulary", False)), str(spec.get("total", "")),
                              bool(spec.get("keywords", False)), bool(spec.get("kinds", False)))
    return out


def default_schema() -> Schema:
    from .domain import load_domain

    return Schema.load(load_domain().schema_path)


def _formula_props(tree: tuple) -> set[str]:
    if tree[0] == "prop":
        return {tree[1]}
    if tree[0] in ("num", "today"):
        return set()
    return _formula_props(tree[1]) | _formula_props(tree[2])
