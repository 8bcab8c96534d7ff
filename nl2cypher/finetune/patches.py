"""The finance-shaped training corpus for the reviser: the job it really does.

From question files with gold Cypher (the team's real-style, conversation and
generated sets — never a set the reviser is evaluated on), through the real
engine with revision off:

- keep: a question the engine answers right, its candidate shown as serving
  shows it; the model must answer the keep word (the candidate stands);
- patch: the same question with one piece of its meaning taken out of what the
  engine read (a date, a number, a ranking, an aggregate, a condition, a
  property word…): the engine's reading of the shortened question is the
  candidate, the piece is named as a word the system did not use, and the
  answer is the engine's right query for the whole question. Only pieces whose
  loss changes the result are kept: the candidate misses meaning the way the
  translator misses it;
- fix: a question the engine answers wrong, its real query as the candidate and
  the gold as the answer — only where the gold is a query the validator would
  accept from the model (its names, values and dates come from the question or
  the candidate).

Each row is in the project's JSONL format (finetune/data.py) with the serving
prompt's parts (understood, unused, focus, examples, the whole schema), so
`nl2cypher finetune --data` trains on exactly what serving shows."""

from __future__ import annotations

import datetime as dt
import json
import random
from pathlib import Path
from typing import Callable

from ..cypher.ast import Query
from ..cypher.dialects import render
from ..cypher.parse import parse
from ..evaluate import results_match
from ..errors import Nl2CypherError
from ..lang import prompt_text

PIECES = ("time", "number", "property", "value", "label")  # mention kinds whose words may be dropped


def _inline(engine, cypher: str, params: dict) -> str:
    """A query as the prompt shows it: values written in."""
    tree = parse(cypher)
    return render(Query(tree.clauses, dict(params)), engine.dialect, inline_params=True)


def _pieces(ans, rng: random.Random) -> list[str]:
    """Words of the question the engine read, one piece each, shuffled: the
    trigger units' words, times and numbers first (the meaning the translator
    most often misses), then property, value and label words."""
    units = [ans.question[u.span[0]:u.span[1]] for u in ans.trace.units if u.span[1] > u.span[0]]
    units += [m.text for m in ans.trace.mentions if m.kind in PIECES[:2]]
    words = [m.text for m in ans.trace.mentions if m.kind in PIECES[2:]]
    out = []
    for group in (units, words):
        group = [w for w in dict.fromkeys(group) if w.strip() and w in ans.question and w != ans.question]
        rng.shuffle(group)
        out += group
    return list(dict.fromkeys(out))


def _row(engine, rec: dict, ans, target: str, candidate: str, unused: list[str], kind: str, k: int) -> dict:
    ex = engine.lexicon.extract(rec["question"], ans.today, engine.trading_days)
    examples = engine.revision.fewshot().select(rec["question"], k, engine.ranker.encoder) if k else []
    return {"question": rec["question"], "cypher": target, "candidate": candidate,
            "understood": ans.interpretation, "unused": unused,
            "focus": list(engine.revision.focus(ex, parse(ans.cypher))),
            "examples": [{"question": e.question, "cypher": e.cypher} for e in examples],
            "schema": engine.schema.render(), "today": ans.today.isoformat(), "lang": engine.lang.code,
            "kind": kind, "source": rec.get("source", "")}


def _fix(engine, rec: dict, ans, k: int) -> dict | None:
    """A real miss: the engine's query as the candidate, the gold as the answer,
    when the validator would accept the gold from the model."""
    try:
        target = _inline(engine, rec["gold"], {})
        tree = parse(ans.cypher)
    except Nl2CypherError:
        return None
    candidate = Query(tree.clauses, dict(ans.params))
    ex = engine.lexicon.extract(rec["question"], ans.today, engine.trading_days)
    if not engine.revision.validator(ex, candidate).check(target).ok:
        return None
    return _row(engine, rec, ans, target, _inline(engine, ans.cypher, ans.params), list(ans.unexplained), "fix", k)


def build(engine, records: list[dict], k: int = 2, patches_per_question: int = 2, seed: int = 0,
          progress: Callable[[int, int], None] | None = None, misses: bool = True) -> list[dict]:
    """Keep and patch rows for every record the engine answers right; a fix row
    for one it answers wrong (`misses`)."""
    rng = random.Random(seed)
    rows: list[dict] = []
    for n, rec in enumerate(records, 1):
        if progress:
            progress(n, len(records))
        try:
            rows += _rows_of(engine, rec, k, patches_per_question, rng, misses)
        except Nl2CypherError:
            continue  # a gold the store refuses, or a query outside the forms the parser reads: no lesson
    return rows


def _rows_of(engine, rec: dict, k: int, patches_per_question: int, rng: random.Random, misses: bool) -> list[dict]:
    today = dt.date.fromisoformat(rec["today"]) if rec.get("today") else None
    gold = engine.store.run(rec["gold"])
    ans = engine.ask(rec["question"], today=today)
    if ans.error or not ans.cypher:
        return []
    ans.today = today or engine.context(None).today
    if not results_match(gold.columns, gold.rows, ans.columns, ans.rows, False):
        # a generated question's gold is its template's reading (董事长是谁 with past chairmen): no lesson
        fix = _fix(engine, rec, ans, k) if misses and rec.get("source") else None
        return [fix] if fix else []
    target = _inline(engine, ans.cypher, ans.params)
    keep = str(prompt_text(engine.lang.code)["keep"])  # what the model answers for a right candidate
    rows = [_row(engine, rec, ans, keep, target, list(ans.unexplained), "keep", k)]
    seen = {target}
    for piece in _pieces(ans, rng):
        if len(rows) > patches_per_question:
            break
        shorter = rec["question"].replace(piece, "", 1).strip()
        miss = engine.ask(shorter, today=today) if shorter else None
        if miss is None or miss.error or not miss.cypher or \
                results_match(gold.columns, gold.rows, miss.columns, miss.rows, False):
            continue  # nothing built, or the piece did not matter
        candidate = _inline(engine, miss.cypher, miss.params)
        if candidate in seen:
            continue
        seen.add(candidate)
        miss.today = ans.today
        unused = [piece] + [w for w in miss.unexplained if w != piece]
        row = _row(engine, rec, miss, target, candidate, unused, "patch", k)
        row["question"] = rec["question"]
        rows.append(row)
    return rows


def mix(rows: list[dict], held_per_kind: int = 0, seed: int = 11) -> tuple[list[dict], list[dict]]:
    """The training mix and a held-out slice: every patch and fix row, as many keep
    rows (a model shown mostly right candidates learns only to keep them). Held out by
    question, at least `held_per_kind` rows of each kind, a question's rows together."""
    rng = random.Random(seed)
    groups: dict[str, list[dict]] = {}
    for r in rows:
        groups.setdefault(r["question"], []).append(r)
    order = sorted(groups)
    rng.shuffle(order)
    want = dict.fromkeys(("keep", "patch", "fix"), held_per_kind)
    held: list[dict] = []
    for q in order:
        if any(want.get(r["kind"], 0) > 0 for r in groups[q]):
            for r in groups.pop(q):
                held.append(r)
                want[r["kind"]] = want.get(r["kind"], 0) - 1
    rest = [r for q in order if q in groups for r in groups[q]]
    keep = [r for r in rest if r["kind"] == "keep"]
    taught = [r for r in rest if r["kind"] != "keep"]
    train = taught + keep[:len(taught)]
    rng.shuffle(train)
    return train, held


def read_records(paths: list[Path]) -> list[dict]:
    """Questions with gold Cypher from JSONL files (conversation turns are taken
    only where they stand alone: first turns)."""
    out = []
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            rec = json.loads(line)
            if rec.get("gold") and rec.get("kind", "first") == "first":
                out.append({**rec, "source": Path(path).name})
    return out


def write_jsonl(rows: list[dict], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
