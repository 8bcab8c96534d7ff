"""Validation of an LLM revision before anything runs.

A revision is accepted only if: a query can be extracted from the output; it
is a single read-only statement; it names only schema labels, relationship
types and properties; every relationship points the way the schema says (an
arrow that is simply reversed is turned round); every literal comes from the
question, the candidate or its parameters (and question text is turned back
into parameters); the store's EXPLAIN accepts it; it executes within a
timeout; and it keeps every name, value and date the candidate took from the
question. Otherwise the candidate stands and the reason is recorded."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import LimitExceeded, Nl2CypherError, Refusal, RevisionRefused, WriteRefused
from ..lang import load_language
from ..schema import Schema
from ..store.base import GraphStore, assert_read_only

# chat-template and special tokens small models leak into their output
_SPECIAL = re.compile(r"<\|[^|>]{1,40}\|>|</?s>|\[/?INST\]|<think>.*?</think>", re.S)
_FENCE = re.compile(r"```(?:cypher|Cypher|CYPHER|sql|neo4j)?\s*\n?(.*?)```", re.S)
# where a statement may start: read clauses and every write clause, so a write is
# extracted whole and then refused rather than cut down to its harmless tail
_START = re.compile(r"\b(?:OPTIONAL\s+MATCH|MATCH|CREATE|MERGE)\s*\(|\b(?:CALL|UNWIND|LOAD\s+CSV|DROP|DETACH\s+DELETE|COPY|"
                    r"FOREACH|ALTER|INSTALL|ATTACH)\b", re.I)
# weaker starts ("with" and "set" are English words too): used only when no strong one is found
_WEAK_START = re.compile(r"\b(?:WITH|RETURN|SET|DELETE|REMOVE)\b", re.I)
_STRING = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
_NODE = re.compile(r"\(\s*(?P<var>[A-Za-z_]\w*)?\s*(?::\s*`?(?P<label>[^`\s:{})]+)`?)?\s*(?P<props>\{[^{}]*\})?\s*\)")
_REL = re.compile(r"(?P<left><)?-\s*\[\s*(?P<var>[A-Za-z_]\w*)?\s*(?::\s*`?(?P<rtype>[^`\s*{\]]+)`?)?\s*"
                  r"(?P<hops>\*[\d.]*)?\s*(?P<props>\{[^{}]*\})?\s*\]\s*-(?P<right>>)?")
_PROP = re.compile(r"(?<![\w$.])(?P<var>[A-Za-z_]\w*)\.(?P<prop>[A-Za-z_]\w*)\b(?!\s*\()")
_MAPKEY = re.compile(r"([A-Za-z_]\w*)\s*:")
_NUMBER = re.compile(r"(?<![\w.$])-?\d+(?:\.\d+)?(?![\w.])")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")




def extract_cypher(text: str, stops: tuple[str, ...] | None = None) -> str | None:
    """The query in a model's output: inside a code fence if there is one, else
    from the first clause keyword to the end of that statement; special tokens
    and trailing explanations dropped. Pure: no I/O."""
    if not text:
        return None
    stops = tuple(w.lower() for w in (load_language().explanation_starts if stops is None else stops))
    text = _SPECIAL.sub("", text)
    m = _FENCE.search(text)
    body = m.group(1) if m else text
    start = _START.search(body) or _WEAK_START.search(body)
    if not start:
        return None
    body = body[start.start():]
    lines = []
    for line in body.splitlines():
        stripped = line.strip()
        if not stripped:
            if lines:
                break  # a blank line ends the query; what follows is explanation
            continue
        if lines and stripped.lower().startswith(stops):
            break
        lines.append(stripped)
    query = " ".join(lines).strip().rstrip(";").strip()
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


_LABEL_IN_PATTERN = re.compile(r"\(\s*\w*\s*:\s*`?(\w+)`?")


class Validator:
    """Checks one revision against the schema, the store and what the question
    and the candidate allow."""

    def __init__(self, schema: Schema, store: GraphStore | None, question: str, candidate: str,
                 candidate_params: dict[str, Any], question_numbers: list[float] = (),
                 question_dates: list[str] = (), timeout_s: float = 5.0, stops: tuple[str, ...] | None = None,
                 question_labels: list[tuple[str, ...]] = ()):
        self.schema = schema
        self.store = store
        self.question = question
        self.candidate = candidate
        self.params = dict(candidate_params)
        self.numbers = {float(n) for n in question_numbers}
        self.dates = set(question_dates) | set(_ISO_DATE.findall(candidate))
        self.timeout_s = timeout_s
        self.stops = stops  # what the model's chatter after its query starts with (the language pack's)
        self.kinds = [tuple(k) for k in question_labels]  # label words of the question: one of each must stay

    def check(self, output: str, execute: bool = True) -> Verdict:
        v = Verdict()
        try:
            q = extract_cypher(output, self.stops)
            if q is None:
                raise RevisionRefused(Refusal.NO_QUERY, "no Cypher query in the model's output")
            try:
                assert_read_only(q, self.store.dialect if self.store is not None else None)
            except WriteRefused as e:
                raise RevisionRefused(Refusal.WRITES, str(e)) from None
            except LimitExceeded as e:
                raise RevisionRefused(Refusal.TOO_LARGE, str(e)) from None
            q = self._names_and_directions(q, v)
            q, params = self._literals(q)
            if self.store is not None:
                try:
                    self.store.explain(q, params)
                except Nl2CypherError as e:
                    raise RevisionRefused(Refusal.STORE_REJECTS, f"the store rejects it: {e}") from None
                if execute:
                    try:
                        self.store.run(q, params, timeout_s=self.timeout_s)
                    except Nl2CypherError as e:
                        raise RevisionRefused(Refusal.FAILS, f"it does not execute: {e}") from None
            # last: a query that is broken is told so first, so the repair round
            # fixes the real fault before the model is asked to keep the values
            self._keeps_what_the_question_named(q, params)
            v.query, v.params = q, params
        except RevisionRefused as e:
            v.refused, v.reason = str(e), e.reason
        return v

    # ---- schema names and arrows -------------------------------------------
    def _names_and_directions(self, q: str, v: Verdict) -> str:
        blank = _STRING.sub(lambda m: " " * len(m.group()), q)  # positions kept, strings hidden
        var_label: dict[str, str] = {}
        var_rel: dict[str, str] = {}
        nodes = list(_NODE.finditer(blank))
        for n in nodes:
            label = n.group("label")
            if label:
                if label not in self.schema.labels:
                    raise RevisionRefused(Refusal.UNKNOWN_NAME, f"unknown label {label!r}")
                if n.group("var"):
                    var_label[n.group("var")] = label
            self._map_keys(n.group("props"), label, "label")
        fixed = q
        for r in _REL.finditer(blank):
            rtype = r.group("rtype")
            types = rtype.split("|") if rtype else []
            for t in types:
                if t not in self.schema.edges:
                    raise RevisionRefused(Refusal.UNKNOWN_NAME, f"unknown relationship type {t!r}")
            if r.group("var") and len(types) == 1:
                var_rel[r.group("var")] = types[0]
            self._map_keys(r.group("props"), types[0] if len(types) == 1 else None, "edge")
            if len(types) != 1 or r.group("hops"):
                continue
            left = next((n for n in reversed(nodes) if n.end() <= r.start() and not blank[n.end():r.start()].strip()), None)
            right = next((n for n in nodes if n.start() >= r.end() and not blank[r.end():n.start()].strip()), None)
            la = self._label_of(left, var_label)
            lb = self._label_of(right, var_label)
            if not la or not lb:
                continue
            forward = bool(r.group("right")) and not r.group("left")
            src, dst = (la, lb) if forward else (lb, la)
            allowed = set(self.schema.edges[types[0]].endpoints)
            if (src, dst) in allowed:
                continue
            if (dst, src) in allowed and bool(r.group("right")) != bool(r.group("left")):
                seg = q[r.start():r.end()]
                # -[..]-> becomes <-[..]- and back: same length, so later positions hold
                turned = "<" + seg[:-1] if forward else seg[1:] + ">"
                fixed = fixed[:r.start()] + turned + fixed[r.end():]
                v.fixes.append(f"turned round ({la})-[:{types[0]}]-({lb}): the schema has {dst}->{src}")
                continue
            raise RevisionRefused(Refusal.WRONG_DIRECTION, f"{types[0]} cannot join {src} to {dst}")
        for m in _PROP.finditer(blank):
            var, prop = m.group("var"), m.group("prop")
            if var in var_label:
                if not self.schema.has_property(var_label[var], prop):
                    raise RevisionRefused(Refusal.UNKNOWN_NAME, f"unknown property {var_label[var]}.{prop}")
            elif var in var_rel:
                if not self.schema.has_property(var_rel[var], prop):
                    raise RevisionRefused(Refusal.UNKNOWN_NAME, f"unknown property {var_rel[var]}.{prop}")
        return fixed

    def _keeps_what_the_question_named(self, q: str, params: dict[str, Any]) -> None:
        """A revision may reshape the candidate but not drop a name, value or date
        the question gave it: a small model that loses the thread falls back to a
        generic query (all stocks, one company's code) that answers something else."""
        used = {str(v) for v in params.values()}
        numbers = {float(x) for x in _NUMBER.findall(_STRING.sub("", q))}
        for value in self.params.values():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                if str(value) not in used and float(value) not in numbers:
                    raise RevisionRefused(Refusal.DROPS_VALUE, f"it drops {value}, which the question gives")
            elif str(value) not in used:
                raise RevisionRefused(Refusal.DROPS_VALUE, f"it drops '{value}', which the question names")
        for day in sorted(set(_ISO_DATE.findall(self.candidate))):
            if day not in q:
                raise RevisionRefused(Refusal.DROPS_VALUE, f"it drops the date {day} the question asks about")
        labels = set(_LABEL_IN_PATTERN.findall(_STRING.sub("", q)))
        for kind in self.kinds:  # 宁德时代的董事长: a revision without any chairman answers something else
            if not labels & set(kind):
                raise RevisionRefused(Refusal.DROPS_VALUE, f"it drops {'/'.join(kind)}, which the question asks about")

    def _map_keys(self, props: str | None, owner: str | None, kind: str) -> None:
        if not props or owner is None:
            return
        for key in _MAPKEY.findall(props):
            if not self.schema.has_property(owner, key):
                raise RevisionRefused(Refusal.UNKNOWN_NAME, f"unknown property {owner}.{key}")

    @staticmethod
    def _label_of(node, var_label: dict[str, str]) -> str | None:
        if node is None:
            return None
        return node.group("label") or var_label.get(node.group("var") or "")

    # ---- literals ------------------------------------------------------------
    def _literals(self, q: str) -> tuple[str, dict[str, Any]]:
        """String literals become parameters (question text reaches the store only
        that way); each must come from the question or the candidate's parameters.
        Dates must be ones the question or the candidate resolved; numbers ones the
        question or the candidate used."""
        params = dict(self.params)
        by_value = {str(v): k for k, v in params.items() if isinstance(v, (str, int, float))}
        out, pos = [], 0
        for m in _STRING.finditer(q):
            lit = m.group()[1:-1]
            before = q[max(0, m.start() - 6):m.start()]
            if re.search(r"date\s*\(\s*$", before, re.I) or _ISO_DATE.fullmatch(lit):
                if lit not in self.dates:
                    raise RevisionRefused(Refusal.INVENTS_VALUE, f"date {lit} is neither in the question nor in the candidate")
                continue
            if lit in by_value:
                name = by_value[lit]
            elif lit and lit in self.question:
                name = f"r{len(params)}"
                params[name] = lit
                by_value[lit] = name
            else:
                raise RevisionRefused(Refusal.INVENTS_VALUE, f"literal {lit!r} comes from neither the question nor the candidate")
            out.append(q[pos:m.start()] + "$" + name)
            pos = m.end()
        out.append(q[pos:])
        q2 = "".join(out)
        blank = _STRING.sub(lambda m: " " * len(m.group()), q2)
        allowed = self.numbers | {0.0, 1.0, 100.0}
        allowed |= {float(x) for x in _NUMBER.findall(_STRING.sub("", self.candidate))}
        allowed |= {float(v) for v in params.values() if isinstance(v, (int, float)) and not isinstance(v, bool)}
        for m in _NUMBER.finditer(blank):
            if re.search(r"(LIMIT|SKIP)\s*$", blank[max(0, m.start() - 8):m.start()], re.I):
                continue
            if re.search(r"[*]\s*$|\.\.\s*$", blank[max(0, m.start() - 3):m.start()]):
                continue  # variable-length bounds
            if float(m.group()) not in allowed:
                raise RevisionRefused(Refusal.INVENTS_VALUE, f"number {m.group()} comes from neither the question nor the candidate")
        used = set(re.findall(r"\$([A-Za-z_]\w*)", blank))
        return q2, {k: v for k, v in params.items() if k in used}
