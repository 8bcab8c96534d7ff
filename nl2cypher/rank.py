"""Ranking: each candidate is verbalised from its AST into a short Chinese
description; candidates are ordered by cosine similarity between the question
and the descriptions under a sentence encoder (plus the synthesiser's small
prior). Ranking runs only when there is a choice."""

from __future__ import annotations


from .cypher.ast import Bin, DateLit, Func, Lit, Match, Not, Param, Prop, Query, Return, Var
from .schema import Schema
from .synth import Candidate

_OPS = {"=": "等于", "<>": "不等于", ">": "大于", "<": "小于", ">=": "不低于", "<=": "不高于", "IN": "属于",
        "STARTS WITH": "开头是", "ENDS WITH": "结尾是", "CONTAINS": "包含"}
_FUNCS = {"avg": "平均", "sum": "合计", "max": "最高", "min": "最低", "count": "数量", "abs": "差值"}


def verbalise(q: Query, schema: Schema) -> str:
    """A short Chinese description of what a query asks, for the encoder."""
    var_label: dict[str, str] = {}
    rel_label: dict[str, str] = {}
    parts: list[str] = []
    for c in q.clauses:
        if isinstance(c, Match):
            for p in c.paths:
                nodes = [p.start] + [n for _, n in p.steps]
                for n in nodes:
                    if n.var and n.label:
                        var_label[n.var] = n.label
                for r, _ in p.steps:
                    if r.var:
                        rel_label[r.var] = r.type
                if p.steps:
                    chain = [_label_word(schema, p.start.label)]
                    for r, n in p.steps:
                        chain += [schema.edges[r.type].description or r.type, _label_word(schema, n.label)]
                    parts.append("".join(chain))
            if c.where is not None:
                parts.append(_cond(c.where, q, schema, var_label, rel_label))
        elif isinstance(c, Return):
            parts.append("返回" + "、".join(_expr(i.expr, q, schema, var_label, rel_label) for i in c.items))
            if c.order:
                o = c.order[0]
                parts.append(f"按{_expr(o.expr, q, schema, var_label, rel_label)}{'从高到低' if o.desc else '从低到高'}")
            if c.limit:
                parts.append(f"前{c.limit}")
    return "，".join(x for x in parts if x)


def _label_word(schema: Schema, label: str | None) -> str:
    if not label:
        return "节点"
    return schema.labels[label].description.split("（")[0] or label


def _prop_word(schema: Schema, owner: str, prop: str) -> str:
    if owner in schema.labels:
        p = schema.labels[owner].property(prop)
    else:
        p = schema.edges[owner].properties.get(prop) if owner in schema.edges else None
    return (p.description if p is not None and p.description else prop)


def _expr(e, q: Query, schema: Schema, vl: dict, rl: dict) -> str:
    if isinstance(e, Prop):
        owner = vl.get(e.var) or rl.get(e.var) or ""
        return (_label_word(schema, owner) if owner in schema.labels else "") + _prop_word(schema, owner, e.key)
    if isinstance(e, Var):
        return _label_word(schema, vl.get(e.name)) + "的全部信息"
    if isinstance(e, Param):
        v = q.params.get(e.name)
        return "、".join(map(str, v)) if isinstance(v, list) else str(v)
    if isinstance(e, Lit):
        return {True: "是", False: "否"}.get(e.value, str(e.value)) if isinstance(e.value, bool) else str(e.value)
    if isinstance(e, DateLit):
        return e.value.isoformat()
    if isinstance(e, Func):
        return _FUNCS.get(e.name, e.name) + "".join(_expr(a, q, schema, vl, rl) for a in e.args)
    if isinstance(e, Bin):
        return _cond(e, q, schema, vl, rl)
    return ""


def _cond(e, q, schema, vl, rl) -> str:
    if isinstance(e, Bin) and e.op == "AND":
        return _cond(e.left, q, schema, vl, rl) + "且" + _cond(e.right, q, schema, vl, rl)
    if isinstance(e, Bin):
        return _expr(e.left, q, schema, vl, rl) + _OPS.get(e.op, e.op) + _expr(e.right, q, schema, vl, rl)
    if isinstance(e, Not):
        return "不" + _cond(e.expr, q, schema, vl, rl)
    return _expr(e, q, schema, vl, rl)


class Ranker:
    """Orders candidates; the encoder is loaded on first use (per process)."""

    def __init__(self, schema: Schema, encoder_spec: str | None = None, enabled: bool = True):
        self.schema = schema
        self.encoder_spec = encoder_spec
        self.enabled = enabled
        self._encoder = None

    @property
    def encoder(self):
        if self._encoder is None:
            from .encoder import load_encoder

            self._encoder = load_encoder(self.encoder_spec)
        return self._encoder

    def rank(self, question: str, cands: list[Candidate]) -> list[Candidate]:
        if len(cands) <= 1 or not self.enabled:
            for c in cands:
                c.score = c.prior
            return cands
        texts = [verbalise(c.query, self.schema) for c in cands]
        vecs = self.encoder.encode([question] + texts, query=False)
        sims = vecs[1:] @ vecs[0]
        for c, s in zip(cands, sims):
            c.score = float(s) + c.prior
        return sorted(cands, key=lambda c: -c.score)
