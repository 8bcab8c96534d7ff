"""Validation of an LLM revision before anything runs — on a parse, not on
the text.

The model's output gives up its query (`extract_cypher`: inside a code fence
if there is one, from the first clause word to the end of the statement).
Then, in order: the guard (one read statement, within the size limits); the
parser (cypher/parse.py: the read subset the engine runs, into the query AST);
on the tree — every label, relationship type and property is the schema's;
every relationship points the way the schema says (an arrow simply reversed,
or drawn both ways, is turned round); every literal comes from the question,
the candidate or its parameters, and question text becomes a parameter; the
dialect prints the tree again, the store's EXPLAIN accepts it and it executes
within a timeout; last, it keeps every name, value, date and asked-about label
the candidate took from the question. Otherwise the candidate stands and the
reason is recorded."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from typing import Any

from ..cypher.ast import DateLit, Lit, Match, Node, Param, Path, Prop, Query, Rel, Var, With, nodes, transform
from ..cypher.dialects import render
from ..cypher.guard import spans
from ..cypher.parse import Unsupported, parse
from ..errors import LimitExceeded, Nl2CypherError, Refusal, RevisionRefused, WriteRefused
from ..lang import prompt_text
from ..schema import Schema
from ..store.base import GraphStore, assert_read_only

# where a statement may start: read clauses and every write clause, so a write is
# extracted whole and then refused rather than cut down to its harmless tail
_STRONG = frozenset({"MATCH", "OPTIONAL", "CREATE", "MERGE", "CALL", "UNWIND", "LOAD", "DROP", "DETACH", "COPY",
                     "FOREACH", "ALTER", "INSTALL", "ATTACH"})
_WEAK = frozenset({"WITH", "RETURN", "SET", "DELETE", "REMOVE"})  # English words too: only when no strong one
_SPECIAL = (("<|", "|>"), ("<think>", "</think>"), ("[INST]", "[/INST]"))  # chat-template leftovers
_FENCE = "```"


def _strip_special(text: str) -> str:
    for left, right in _SPECIAL:
        while (a := text.find(left)) >= 0:
            b = text.find(right, a + len(left))
            text = text[:a] + (text[b + len(right):] if b >= 0 else "")
    return text.replace("</s>", "").replace("<s>", "").replace("[/INST]", "")


def is_keep(output: str, lang: str) -> bool:
    """Did the model answer the keep word (the candidate stands as it is)? Quotes,
    stops and chat tokens aside."""
    def letters(text: str) -> str:
        return "".join(ch for ch in _strip_special(text) if ch.isalnum()).lower()

    return letters(output) == letters(str(prompt_text(lang)["keep"]))


def _start(line: str, words: frozenset[str]) -> int | None:
    """Where the first clause word of this line begins, or None."""
    try:
        toks = spans(line)
    except Nl2CypherError:  # an apostrophe in a sentence: no query starts on this line
        return None
    for k, (kind, text, at) in enumerate(toks):
        nxt = toks[k + 1][1] if k + 1 < len(toks) else ""
        if kind == "word" and text.upper() in words:
            if text.upper() in ("MATCH", "CREATE", "MERGE") and nxt != "(":
                continue
            if text.upper() == "OPTIONAL" and nxt.upper() != "MATCH":
                continue
            return at
    return None


def extract_cypher(text: str, stops: tuple[str, ...] = ()) -> str | None:
    """The query in a model's output: inside a code fence if there is one, else
    from the first clause word to the end of that statement; special tokens
    and trailing explanations dropped. Pure: no I/O."""
    if not text:
        return None
    stops = tuple(w.lower() for w in stops)  # the language's words that start chatter after the query
    body = _strip_special(text)
    if _FENCE in body:
        inside = body.split(_FENCE)[1]
        first, _, rest = inside.partition("\n")
        body = rest if first.strip().isalpha() or not first.strip() else inside  # ```cypher
    lines = body.splitlines()
    for words in (_STRONG, _WEAK):
        found = next(((i, at) for i, line in enumerate(lines) if (at := _start(line, words)) is not None), None)
        if found:
            break
    else:
        return None
    i, at = found
    picked = []
    for line in [lines[i][at:]] + lines[i + 1:]:
        stripped = line.strip()
        if not stripped:
            if picked:
                break  # a blank line ends the query; what follows is explanation
            continue
        if picked and stripped.lower().startswith(stops):
            break
        picked.append(stripped)
    query = " ".join(picked).strip()
    while query.endswith(";"):
        query = query[:-1].rstrip()
    return query or None


@dataclass
class Verdict:
    query: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    refused: str | None = None  # the message the model is shown in a repair round
    reason: Refusal | None = None
    fixes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.refused is None and self.query is not None


def _no(reason: Refusal, message: str) -> RevisionRefused:
    return RevisionRefused(reason, message)


class Validator:
    """Checks one revision against the schema, the store and what the question
    and the candidate allow. The candidate is the engine's own AST (query text
    is parsed once, for callers that have only text)."""

    def __init__(self, schema: Schema, store: GraphStore | None, question: str, candidate: Query | str | None,
                 candidate_params: dict[str, Any] | None = None, question_numbers: list[float] = (),
                 question_dates: list[str] = (), timeout_s: float = 5.0, stops: tuple[str, ...] = (),
                 question_labels: list[tuple[str, ...]] = ()):
        self.schema = schema
        self.store = store
        self.dialect = store.dialect if store is not None else "neo4j"
        self.question = question
        if isinstance(candidate, str):
            candidate = parse(candidate) if candidate.strip() else None
        self.candidate = candidate
        self.params = dict(candidate_params if candidate_params is not None else
                           candidate.params if candidate is not None else {})
        self.numbers = {float(n) for n in question_numbers}
        cand_nodes = list(nodes(candidate.clauses)) if candidate is not None else []
        self.candidate_dates = {x.value for x in cand_nodes if isinstance(x, DateLit)}
        self.dates = {dt.date.fromisoformat(d) for d in question_dates} | self.candidate_dates
        self.candidate_numbers = {float(x.value) for x in cand_nodes if isinstance(x, Lit) and _is_number(x.value)}
        self.timeout_s = timeout_s
        self.stops = stops  # what the model's chatter after its query starts with (the language pack's)
        self.kinds = [tuple(k) for k in question_labels]  # label words of the question: one of each must stay

    def check(self, output: str, execute: bool = True) -> Verdict:
        v = Verdict()
        try:
            text = extract_cypher(output, self.stops)
            if text is None:
                raise _no(Refusal.NO_QUERY, "no Cypher query in the model's output")
            try:
                assert_read_only(text, self.store.dialect if self.store is not None else None)
                tree = parse(text)
            except WriteRefused as e:
                raise _no(Refusal.WRITES, str(e)) from None
            except LimitExceeded as e:
                raise _no(Refusal.TOO_LARGE, str(e)) from None
            except Unsupported as e:
                raise _no(Refusal.UNSUPPORTED, str(e)) from None
            tree = self._names_and_directions(tree, v)
            _one_column_each(tree)
            tree = self._literals(tree)
            q = render(tree, self.dialect)
            self._runs(q, tree.params, execute)
            # last: a query that is broken is told so first, so the repair round
            # fixes the real fault before the model is asked to keep the values
            self._keeps_what_the_question_named(tree)
            v.query, v.params = q, dict(tree.params)
        except RevisionRefused as e:
            v.refused, v.reason = str(e), e.reason
        return v

    def _runs(self, q: str, params: dict[str, Any], execute: bool) -> None:
        if self.store is None:
            return
        try:
            self.store.explain(q, params)
        except Nl2CypherError as e:
            raise _no(Refusal.STORE_REJECTS, f"the store rejects it: {e}") from None
        if execute:
            try:
                rows = self.store.run(q, params, timeout_s=self.timeout_s, max_rows=1).rows
            except Nl2CypherError as e:
                raise _no(Refusal.FAILS, f"it does not execute: {e}") from None
            if not rows:
                raise _no(Refusal.EMPTY, "it returns no rows")

    # ---- schema names and arrows -------------------------------------------
    def _bindings(self, tree: Query) -> tuple[dict[str, str], dict[str, str]]:
        """Which label each node variable has and which type each relationship
        variable, through WITH renamings."""
        labels: dict[str, str] = {}
        types: dict[str, str] = {}
        for c in tree.clauses:
            if isinstance(c, Match):
                for p in c.paths:
                    for n in (p.start, *(n for _, n in p.steps)):
                        if n.label is not None:
                            if n.label not in self.schema.labels:
                                raise _no(Refusal.UNKNOWN_NAME, f"unknown label {n.label!r}")
                            if n.var:
                                labels.setdefault(n.var, n.label)
                    for r, _ in p.steps:
                        if r.type not in self.schema.edges:
                            raise _no(Refusal.UNKNOWN_NAME, f"unknown relationship type {r.type!r}")
                        if r.var:
                            types.setdefault(r.var, r.type)
            elif isinstance(c, With):
                for i in c.items:
                    if i.alias and isinstance(i.expr, Var):
                        for known in (labels, types):
                            if i.expr.name in known:
                                known[i.alias] = known[i.expr.name]
        return labels, types

    def _names_and_directions(self, tree: Query, v: Verdict) -> Query:
        labels, types = self._bindings(tree)
        for x in nodes(tree.clauses):
            if isinstance(x, Prop):
                owner = labels.get(x.var) or types.get(x.var)
                if owner is not None and not self.schema.has_property(owner, x.key):
                    raise _no(Refusal.UNKNOWN_NAME, f"unknown property {owner}.{x.key}")

        def turn(p):
            return self._turn(p, labels, v) if isinstance(p, Path) else p
        return transform(tree, turn)

    def _turn(self, p: Path, labels: dict[str, str], v: Verdict) -> Path:
        """Each step of a path the way the schema's edge goes."""
        steps, left = [], p.start
        for rel, right in p.steps:
            steps.append((self._arrow(rel, _label(left, labels), _label(right, labels), v), right))
            left = right
        return replace(p, steps=tuple(steps))

    def _arrow(self, r: Rel, la: str | None, lb: str | None, v: Verdict) -> Rel:
        if not la or not lb or r.min_hops is not None or r.max_hops is not None:
            return r
        allowed = set(self.schema.edges[r.type].endpoints)
        if r.forward is None:  # drawn both ways: the way the schema goes, if only one does
            ways = [f for f, pair in ((True, (la, lb)), (False, (lb, la))) if pair in allowed]
            if len(ways) == 1:
                return replace(r, forward=ways[0])
            if ways:
                return r
            raise _no(Refusal.WRONG_DIRECTION, f"{r.type} cannot join {la} to {lb}")
        src, dst = (la, lb) if r.forward else (lb, la)
        if (src, dst) in allowed:
            return r
        if (dst, src) in allowed:
            v.fixes.append(f"turned round ({la})-[:{r.type}]-({lb}): the schema has {dst}->{src}")
            return replace(r, forward=not r.forward)
        raise _no(Refusal.WRONG_DIRECTION, f"{r.type} cannot join {src} to {dst}")

    # ---- literals ------------------------------------------------------------
    def _literals(self, tree: Query) -> Query:
        """String literals become parameters (question text reaches the store only
        that way); each must come from the question or the candidate's parameters.
        Dates must be ones the question or the candidate resolved; numbers ones the
        question or the candidate used; parameters the candidate's."""
        params = dict(self.params)
        by_value = {_key(v): k for k, v in params.items()}
        numbers = self.numbers | self.candidate_numbers | {0.0, 1.0, 100.0}
        numbers |= {float(v) for v in params.values() if _is_number(v)}

        def allowed_text(s: str) -> bool:
            return _key(s) in by_value or (bool(s) and s in self.question)

        def as_param(value) -> Param:
            name = by_value.get(_key(value))
            if name is None:
                name = by_value[_key(value)] = f"r{len(params)}"
                params[name] = list(value) if isinstance(value, tuple) else value
            return Param(name)

        def check(x):
            if isinstance(x, Param) and x.name not in params:
                raise _no(Refusal.INVENTS_VALUE, f"parameter ${x.name} is not one the candidate has")
            if isinstance(x, DateLit) and x.value not in self.dates:
                raise _no(Refusal.INVENTS_VALUE,
                          f"date {x.value.isoformat()} is neither in the question nor in the candidate")
            if not isinstance(x, Lit):
                return x
            values = x.value if isinstance(x.value, tuple) else (x.value,)
            for value in values:
                if isinstance(value, str) and not allowed_text(value):
                    raise _no(Refusal.INVENTS_VALUE, f"literal {value!r} comes from neither the question nor the candidate")
                if _is_number(value) and float(value) not in numbers:
                    raise _no(Refusal.INVENTS_VALUE, f"number {value} comes from neither the question nor the candidate")
            return as_param(x.value) if any(isinstance(value, str) for value in values) else x

        checked = transform(tree, check)
        used = {x.name for x in nodes(checked.clauses) if isinstance(x, Param)}
        return Query(checked.clauses, {k: v for k, v in params.items() if k in used})

    # ---- the drop rule -------------------------------------------------------
    def _keeps_what_the_question_named(self, tree: Query) -> None:
        """A revision may reshape the candidate but not drop a name, value or date
        the question gave it: a small model that loses the thread falls back to a
        generic query (all stocks, one company's code) that answers something else."""
        found = list(nodes(tree.clauses))
        used = {_key(tree.params[x.name]) for x in found if isinstance(x, Param) and x.name in tree.params}
        numbers = {float(x.value) for x in found if isinstance(x, Lit) and _is_number(x.value)}
        for value in self.params.values():
            if _is_number(value):
                if _key(value) not in used and float(value) not in numbers:
                    raise _no(Refusal.DROPS_VALUE, f"it drops {value}, which the question gives")
            elif _key(value) not in used:
                raise _no(Refusal.DROPS_VALUE, f"it drops '{value}', which the question names")
        dates = {x.value for x in found if isinstance(x, DateLit)}
        for day in sorted(self.candidate_dates - dates):
            raise _no(Refusal.DROPS_VALUE, f"it drops the date {day.isoformat()} the question asks about")
        labels = tree.labels()
        for kind in self.kinds:  # 宁德时代的董事长: a revision without any chairman answers something else
            if not labels & set(kind):
                raise _no(Refusal.DROPS_VALUE, f"it drops {'/'.join(kind)}, which the question asks about")


def _one_column_each(tree: Query) -> None:
    """A column shown twice answers nothing more: a small model that loses a
    computed column (a growth rate) copies its neighbour instead."""
    ret = tree.clauses[-1]
    seen = set()
    for item in ret.items:
        if item.expr in seen:
            raise _no(Refusal.UNSUPPORTED, "it returns the same column twice")
        seen.add(item.expr)


def _label(n: Node, labels: dict[str, str]) -> str | None:
    return n.label or labels.get(n.var or "")


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _key(v):
    """A value as a dictionary key: lists by their items, numbers by value."""
    if isinstance(v, (list, tuple)):
        return tuple(_key(x) for x in v)
    return float(v) if _is_number(v) else v
