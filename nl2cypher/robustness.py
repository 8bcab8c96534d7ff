"""Robustness as a measured property: every gold question is rewritten the ways
users vary a question (politeness, particles, word order, synonyms, numerals,
widths, same-sound typos, noise) and each variant must give the gold answer or
be flagged. The operators are data (`eval/perturbations.yaml`); this module only
knows the handful of actions they are made of."""

from __future__ import annotations

import datetime as dt
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .evaluate import REFUSALS, _gold, _is_ordered, flagged, results_match

ACTIONS = ("prefix", "suffix", "replace", "regex", "synonym")


class PerturbationError(ValueError):
    """The perturbation file is malformed (one line says where)."""


@dataclass(frozen=True)
class Operator:
    name: str
    action: str
    args: object
    variants: int = 1


def load_operators(path: str | Path) -> list[Operator]:
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError) as e:
        raise PerturbationError(f"{path}: cannot read perturbations ({_first_line(e)})") from None
    ops = []
    for name, spec in (data.get("operators") or {}).items():
        actions = [a for a in ACTIONS if a in (spec or {})]
        if len(actions) != 1:
            raise PerturbationError(f"{path}: operator {name!r} needs exactly one of {', '.join(ACTIONS)}")
        ops.append(Operator(str(name), actions[0], spec[actions[0]], int(spec.get("variants", 1))))
    if not ops:
        raise PerturbationError(f"{path}: no operators")
    return ops


def _first_line(e: Exception) -> str:
    return str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__


class Perturber:
    """Makes the variants of a question; never touches a word inside a KG name or
    a longer known word (银行 in 招商银行, 成交 in 成交量)."""

    def __init__(self, operators: list[Operator], concept_groups: list[tuple[str, ...]], names: set[str],
                 ends: str = "?.!"):
        self.operators = operators
        self.ends = ends  # what ends a sentence (a suffix goes on before it): the language pack's
        self.groups = {w: g for g in concept_groups for w in g}
        self.names = names
        self._containing: dict[str, list[str]] = {}

    @classmethod
    def for_engine(cls, operators: list[Operator], engine) -> "Perturber":
        groups: dict[tuple, set[str]] = {}
        for c in engine.triggers.concepts:
            if len(c.word) >= 2 and not c.params:
                groups.setdefault((c.kind, c.targets), set()).add(c.word)
        # a word inside a KG name or a longer concept word is not swapped on its own
        words = {n for n in engine.lexicon.entities if len(n) >= 2} | {c.word for c in engine.triggers.concepts}
        return cls(operators, [tuple(sorted(g)) for g in groups.values() if len(g) > 1], words,
                   engine.lang.sentence_ends + ".")

    def variants(self, question: str, seed: int) -> list[tuple[str, str]]:
        """(operator, variant) pairs, each different from the question."""
        out = []
        for op in self.operators:
            cands = [v for v in dict.fromkeys(self._candidates(op, question)) if v != question]
            rng = random.Random(f"{seed}:{op.name}")
            out += [(op.name, v) for v in rng.sample(cands, min(op.variants, len(cands)))]
        return out

    def _candidates(self, op: Operator, q: str) -> list[str]:
        if op.action == "prefix":
            return [p + q for p in op.args]
        if op.action == "suffix":
            return [q.rstrip(self.ends) + s for s in op.args]
        if op.action == "replace":
            return [self._swap(q, a, str(b)) for a, b in dict(op.args).items() if self._free(q, a)]
        if op.action == "regex":
            return [re.sub(p, r, q, count=1) for p, r in op.args if re.search(p, q)]
        # a synonym keeps the word's head, its last character (收盘价 → 收市价, not → 收在)
        return [self._swap(q, w, alt) for w in sorted(self.groups, key=len, reverse=True)
                if self._free(q, w) for alt in self.groups[w] if alt != w and w not in alt and alt[-1] == w[-1]]

    def _free(self, q: str, word: str) -> bool:
        """`word` occurs in q outside every longer known word."""
        return any(not self._inside_name(q, i, len(word)) for i in _positions(q, str(word)))

    def _swap(self, q: str, word: str, alt: str) -> str:
        i = next(i for i in _positions(q, word) if not self._inside_name(q, i, len(word)))
        return q[:i] + alt + q[i + len(word):]

    def _inside_name(self, q: str, i: int, n: int) -> bool:
        word = q[i:i + n]
        if word not in self._containing:
            self._containing[word] = [m for m in self.names if word in m and m != word]
        return any(a <= i and i + n <= a + len(m) for m in self._containing[word] for a in _positions(q, m))


def _positions(text: str, word: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(word), text)] if word else []


@dataclass
class Verdict:
    right: bool
    flagged: bool
    rows: tuple = ()

    @property
    def silent(self) -> bool:
        return not self.right and not self.flagged


@dataclass
class Family:
    id: object
    question: str
    base: Verdict
    variants: list[tuple[str, str, Verdict]] = field(default_factory=list)

    @property
    def passes(self) -> bool:
        return all(v.right or v.flagged for _, _, v in self.variants)


def _judge(engine, rec: dict, question: str, gold) -> Verdict:
    today = dt.date.fromisoformat(rec["today"]) if rec.get("today") else None
    ans = engine.ask(question, today=today)
    row = {"error": ans.error, "confidence": ans.confidence}
    if rec.get("expect") in REFUSALS:
        return Verdict(ans.error is not None, True)
    right = ans.error is None and results_match(gold.columns, gold.rows, ans.columns, ans.rows,
                                                _is_ordered(rec.get("gold") or ""))
    return Verdict(right, flagged(row, engine.trust), tuple(map(tuple, ans.rows[:50])))


def consistent(base: Verdict, v: Verdict) -> bool:
    """The variant is answered as the question was: as right (or as wrong with the
    same rows), and flagged alike."""
    return base.flagged == v.flagged and (base.right == v.right if base.right or v.right else base.rows == v.rows)


def robustness(engine, questions: list[dict], perturber: Perturber,
               progress: Callable[[int, int], None] | None = None) -> list[Family]:
    """One family per question that has a gold answer (single questions only:
    a conversation's turns lean on each other)."""
    families = []
    todo = [q for q in questions if q.get("conversation") is None and (q.get("gold") or q.get("expect") in REFUSALS)]
    for k, rec in enumerate(todo):
        gold = _gold(engine, rec)
        fam = Family(rec.get("id"), rec["question"], _judge(engine, rec, rec["question"], gold))
        for op, text in perturber.variants(rec["question"], hash_seed(rec)):
            fam.variants.append((op, text, _judge(engine, rec, text, gold)))
        families.append(fam)
        if progress:
            progress(k + 1, len(todo))
    return families


def hash_seed(rec: dict) -> int:
    return sum(ord(c) for c in f"{rec.get('id')}{rec['question']}")


def summary(families: list[Family]) -> dict:
    allv = [(op, fam.base, v) for fam in families for op, _, v in fam.variants]
    per_op: dict[str, dict] = {}
    for op, base, v in allv:
        s = per_op.setdefault(op, {"variants": 0, "consistent": 0, "right": 0, "silent": 0})
        s["variants"] += 1
        s["consistent"] += consistent(base, v)
        s["right"] += v.right
        s["silent"] += v.silent
    n = len(allv) or 1
    return {"families": len(families), "passing": sum(f.passes for f in families), "variants": len(allv),
            "consistency": round(sum(consistent(b, v) for _, b, v in allv) / n, 4),
            "right": round(sum(v.right for _, _, v in allv) / n, 4),
            "silent_flips": sum(v.silent for _, _, v in allv),
            "silent_flip_rate": round(sum(v.silent for _, _, v in allv) / n, 4),
            # made silent by the variation itself: the question as written was right or flagged
            "new_silent": sum(v.silent and not b.silent for _, b, v in allv), "operators": per_op}


def summary_text(s: dict) -> str:
    lines = [f"{s['families']} families, {s['variants']} variants: consistency {s['consistency']:.3f}, "
             f"variants right {s['right']:.3f}, silent flips {s['silent_flips']} ({s['silent_flip_rate']:.4f}; "
             f"{s['new_silent']} where the question as written was not silent), "
             f"families passing {s['passing']}/{s['families']}",
             "| operator | variants | consistent | right | silent flips |", "| --- | ---: | ---: | ---: | ---: |"]
    for op, o in s["operators"].items():
        lines.append(f"| {op} | {o['variants']} | {o['consistent'] / o['variants']:.3f} | "
                     f"{o['right'] / o['variants']:.3f} | {o['silent']} |")
    return "\n".join(lines)
