"""The verbaliser: a generator over the query AST (the same dispatch as the
dialects) that says what a query asks in a short phrase of the pack's language —
「股票属于行业板块行业板块，股票股票简称等于贵州茅台，返回行业板块板块名称」 — for the
sentence encoder to compare with the question, and the interpretation shown above
an answer. Its words are data (patterns/lang/<code>/text.yaml, `verbalise` and
`interpret`, with `word_sep` between words: none in Chinese); changing them changes ranking."""

from __future__ import annotations

from ..cypher.ast import Bin, IsNull, Match, Not, Prop, Query, Return, Star, Var, With
from ..cypher.dialects.base import Generator


class Verbaliser(Generator):
    name = "verbalise"

    def __init__(self, schema, lang):
        super().__init__()
        self.schema, self.lang = schema, lang
        self.w = lang.texts["verbalise"]
        self.sep = str(self.w.get("word_sep") or "")  # between the words of a phrase
        self.var_label: dict[str, str] = {}
        self.rel_type: dict[str, str] = {}

    def label_word(self, label: str | None) -> str:
        if not label:
            return self.w["node"]
        return self.lang.label_word(self.schema.labels[label].description) or label

    def prop_word(self, owner: str, key: str) -> str:
        if owner in self.schema.labels:
            p = self.schema.labels[owner].property(key)
        else:
            p = self.schema.edges[owner].properties.get(key) if owner in self.schema.edges else None
        return p.description if p is not None and p.description else key

    # ---- expressions ---------------------------------------------------------------
    def var(self, e) -> str:
        return self.w["whole"].format(label=self.label_word(self.var_label.get(e.name)))

    def prop(self, e) -> str:
        owner = self.var_label.get(e.var) or self.rel_type.get(e.var) or ""
        return self.sep.join(x for x in (self.label_word(owner) if owner in self.schema.labels else "",
                                         self.prop_word(owner, e.key)) if x)

    def param(self, e) -> str:
        v = self.inline.get(e.name)
        return self.w["list"].join(map(str, v)) if isinstance(v, list) else str(v)

    def lit(self, e) -> str:
        if isinstance(e.value, bool):
            return self.w["true" if e.value else "false"]
        return self.w["list"].join(map(str, e.value)) if isinstance(e.value, list) else str(e.value)

    def datelit(self, e) -> str:
        return e.value.isoformat()

    def func(self, e) -> str:
        return self.sep.join([self.w["funcs"].get(e.name, e.name), *(self.gen(a) for a in e.args)])

    def bin(self, e: Bin, parent: int = 0) -> str:
        if e.op == "AND":
            return self.gen(e.left) + self.w["and"] + self.gen(e.right)
        return self.gen(e.left) + self.w["ops"].get(e.op, e.op) + self.gen(e.right)

    def not_(self, e: Not) -> str:
        return self.w["not"] + self.gen(e.expr)

    def isnull(self, e: IsNull) -> str:
        return self.w["unset"].format(what=self.gen(e.expr))

    def star(self, e: Star) -> str:
        return ""

    # ---- clauses ---------------------------------------------------------------------
    def learn(self, c: Match) -> None:
        """Remember what each variable of a MATCH stands for."""
        for p in c.paths:
            for n in (p.start, *(n for _, n in p.steps)):
                if n.var and n.label:
                    self.var_label[n.var] = n.label
            for r, _ in p.steps:
                if r.var:
                    self.rel_type[r.var] = r.type

    def match(self, c: Match) -> str:
        parts = []
        self.learn(c)
        for p in c.paths:
            if p.steps:
                chain = [self.label_word(p.start.label)]
                for r, n in p.steps:
                    chain += [self.schema.edges[r.type].description or r.type, self.label_word(n.label)]
                parts.append(self.sep.join(chain))
        if c.where is not None:
            parts.append(self.gen(c.where))
        return self.w["clauses"].join(x for x in parts if x)

    def with_(self, c: With) -> str:
        return ""  # a WITH only carries values on: what is asked is in MATCH and RETURN

    def return_(self, c: Return) -> str:
        parts = [self.w["returns"].format(items=self.w["list"].join(self.gen(i.expr) for i in c.items))]
        if c.order:
            o = c.order[0]
            parts.append(self.w["order_desc" if o.desc else "order_asc"].format(key=self.gen(o.expr)))
        if c.limit:
            parts.append(_kept(self.w, c))
        return self.w["clauses"].join(parts)

    def query(self, q: Query) -> str:
        self.inline = q.params
        return self.w["clauses"].join(x for x in (self.gen(c) for c in q.clauses) if x)


class Interpreter(Verbaliser):
    """What the user is shown above the answer: the query that ran, said briefly
    — 「贵州茅台 · 2024-03-14 · 查：股票、日期、收盘价」. A name or a day the query
    filters on stands alone; other conditions read 「涨跌幅 大于 3」; the answer
    is its column names, then its order and how many rows it keeps. Words:
    text.yaml `interpret`."""

    def __init__(self, schema, lang):
        super().__init__(schema, lang)
        self.iw = lang.texts["interpret"]
        self.aliases: dict = {}
        self.ranked = None  # what a WITH ranked by (said once)
        self.named: dict = {}  # a variable's name, where the query names it
        self.shown: dict = {}  # a carried value's column name in the answer
        self.answer_items: tuple = ()

    def prop(self, e) -> str:
        owner = self.var_label.get(e.var) or self.rel_type.get(e.var) or ""
        return self.prop_word(owner, e.key)

    def _plain(self, e) -> bool:
        """A name or a day: the value says it all (贵州茅台, 2024-03-14)."""
        if not (isinstance(e, Bin) and e.op in ("=", "IN")) or not hasattr(e.left, "key"):
            return False
        lab = self.schema.labels.get(self.var_label.get(e.left.var, ""))
        return lab is not None and e.left.key in (lab.display, lab.day, *lab.names)

    def bin(self, e: Bin, parent: int = 0) -> str:
        if e.op == "AND":
            return self.gen(e.left) + self.iw["sep"] + self.gen(e.right)
        if e.op == "OR":
            return self.gen(e.left) + self.iw["or"] + self.gen(e.right)
        if e.op == "=" and isinstance(e.left, Prop) and isinstance(e.right, Prop) and e.left.key == e.right.key:
            return ""  # two rows of the same year: a join, nothing the user asked to filter
        if self._plain(e):
            self.named.setdefault(e.left.var, self.gen(e.right))
            return self.gen(e.right)
        if e.op == "<>" and isinstance(e.right, Prop) and e.right.var in self.named:
            return self.iw["besides"].format(name=self.named[e.right.var])  # the same industry as Home Depot
        return f"{self._named_or_said(e.left)} {self.w['ops'].get(e.op, e.op)} {self.gen(e.right)}"

    def _named_or_said(self, e) -> str:
        """A figure the answer shows under a name is said by that name (同比增长率(%) 大于 50)."""
        if not isinstance(e, Prop):
            named = next((i.alias for i in self.answer_items if i.alias and i.expr == e), None)
            if named:
                return named
        return self.gen(e)

    def not_(self, e: Not) -> str:
        inner = e.expr
        if isinstance(inner, Bin) and inner.op not in ("AND", "OR"):  # 股票简称 不包含 银行
            return f"{self.gen(inner.left)} {self.w['not']}{self.w['ops'].get(inner.op, inner.op)} {self.gen(inner.right)}"
        if isinstance(inner, IsNull):  # 离任日期不为空 (it read 不离任日期为空)
            return self.w["set"].format(what=self.gen(inner.expr))
        return self.w["not"] + self.gen(inner)

    def match(self, c: Match) -> str:
        self.learn(c)
        return self.gen(c.where) if c.where is not None else ""

    def with_(self, c: With) -> str:
        for i in c.items:
            if i.alias:
                self.aliases[i.alias] = i.expr
        parts = [self.gen(c.where)] if c.where is not None else []
        if c.order and c.limit:  # 规模最大的基金是谁管的: the ranking comes before the answer follows it
            parts.append(self._ordered(c.order[0], c.items))
            parts.append(_kept(self.iw, c))
            self.ranked = c.order[0].expr
        return self.iw["sep"].join(parts)

    def _ordered(self, o, items) -> str:
        lab = self.schema.labels.get(self.var_label.get(getattr(o.expr, "var", ""), ""))
        by_name = not o.desc and isinstance(o.expr, Prop) and lab is not None and o.expr.key == lab.display
        kind = "order_name" if by_name and "order_name" in self.iw else "order_desc" if o.desc else "order_asc"
        return self.iw[kind].format(key=self._key(o.expr, items))  # by company: names read A to Z

    def var(self, e) -> str:
        if e.name in self.shown:  # a value carried on and shown under a name (次数 不低于 2)
            return self.shown[e.name]
        if e.name in self.aliases:
            return self.gen(self.aliases[e.name])
        return self.label_word(self.var_label.get(e.name))

    def _key(self, expr, items) -> str:
        for i in items:
            if i.expr == expr and i.alias:
                return i.alias
        return self.gen(expr)

    def return_(self, c: Return) -> str:
        cols = [i.alias or self.gen(i.expr) for i in c.items]
        parts = [self.iw["returns"].format(items=self.w["list"].join(x for x in cols if x))]
        if c.order and c.order[0].expr != self.ranked:
            parts.append(self._ordered(c.order[0], c.items))
        if c.limit:
            parts.append(_kept(self.iw, c))
        return self.iw["sep"].join(parts)

    def query(self, q: Query) -> str:
        self.inline = q.params
        last = q.clauses[-1] if q.clauses and isinstance(q.clauses[-1], Return) else None
        self.answer_items = last.items if last else ()
        self.shown = {i.expr.name: i.alias for i in self.answer_items if isinstance(i.expr, Var) and i.alias}
        said = [t for x in (self.gen(c) for c in q.clauses) if x for t in x.split(self.iw["sep"]) if t]
        return self.iw["sep"].join(dict.fromkeys(said))  # a branch per year says the company once


def _kept(words: dict, c) -> str:
    """How many rows a ranking keeps (前3), or the one place it keeps (第2名)."""
    if c.skip and c.limit == 1 and "place" in words:
        return words["place"].format(n=c.skip + 1)
    return words["limit"].format(k=c.limit)
