"""Question sets generated from the live KG (after SEC-QA): templates with
slots (eval/generate_templates.yaml) are filled with values the KG holds, the
gold Cypher is rendered from the template, and the gold answer is what that
query returns now. Run it again on a refreshed KG and the dates, values and
answers follow.

The gold queries are evaluation data written by people, like a question file;
slot values go into them as escaped string literals."""

from __future__ import annotations

import datetime as dt
import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import yaml

from .errors import Nl2CypherError, TemplateError
from .store import GraphStore

TIME_SLOTS = ("today", "yesterday", "day_before", "d5", "month_start", "Y", "Y1", "Y2")




@dataclass(frozen=True)
class QuestionTemplate:
    id: str
    category: str
    phrasings: tuple[str, ...]
    golds: tuple[str, ...]  # one per phrasing, or one for all

    def gold(self, k: int) -> str:
        return self.golds[k % len(self.golds)] if len(self.golds) > 1 else self.golds[0]

    def slots(self) -> set[str]:
        names = set()
        for text in self.phrasings + self.golds:
            names |= {f for _, f, _, _ in string.Formatter().parse(text) if f}
        return names


@dataclass
class TemplateFile:
    calendar: str
    slots: dict[str, dict]
    metrics: list[tuple[str, str]]
    k: list[int]
    templates: list[QuestionTemplate]


def load_templates(path: str | Path) -> TemplateFile:
    from .evaluate import CATEGORIES

    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
        raise TemplateError(f"{path}: cannot read templates ({type(e).__name__}: {str(e).splitlines()[0]})") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("templates"), list) or not raw["templates"]:
        raise TemplateError(f"{path}: needs a non-empty `templates` list")
    slots = {}
    for name, spec in (raw.get("slots") or {}).items():
        slots[name] = spec if isinstance(spec, dict) else {"query": spec}
        if not isinstance(slots[name].get("query"), str):
            raise TemplateError(f"{path}: slot {name}: needs a query")
    templates = []
    for i, t in enumerate(raw["templates"], 1):
        tid = str(t.get("id") or i)
        q, gold = t.get("q"), t.get("gold")
        q = [q] if isinstance(q, str) else q
        gold = [gold] if isinstance(gold, str) else gold
        if not q or not gold or t.get("category") not in CATEGORIES:
            raise TemplateError(f"{path}: template {tid}: needs q, gold and a category of {', '.join(CATEGORIES)}")
        if len(gold) not in (1, len(q)):
            raise TemplateError(f"{path}: template {tid}: give one gold query, or one per phrasing")
        tpl = QuestionTemplate(tid, t["category"], tuple(q), tuple(gold))
        known = set(slots) | {s + "2" for s in slots} | set(TIME_SLOTS) | {"metric", "metric_prop", "k"}
        unknown = tpl.slots() - known
        if unknown:
            raise TemplateError(f"{path}: template {tid}: unknown slot {{{sorted(unknown)[0]}}}")
        templates.append(tpl)
    return TemplateFile(str(raw.get("calendar") or ""), slots, [tuple(m) for m in raw.get("metrics") or []],
                        list(raw.get("k") or [3, 5, 10]), templates)


def time_slots(days: list[dt.date], today: dt.date | None) -> dict[str, str]:
    """The reference day is the latest trading day on or before `today`."""
    if not days:
        raise TemplateError("the KG has no trading days (the calendar query returned nothing)")
    past = [d for d in days if today is None or d <= today]
    if len(past) < 5:
        raise TemplateError(f"fewer than 5 trading days on or before {today or days[-1]}")
    ref = past[-1]
    return {"today": ref.isoformat(), "yesterday": past[-2].isoformat(), "day_before": past[-3].isoformat(),
            "d5": past[-5].isoformat(), "month_start": ref.replace(day=1).isoformat(),
            "Y": str(ref.year), "Y1": str(ref.year - 1), "Y2": str(ref.year - 2)}


def _quote(v: object) -> str:
    return str(v).replace("\\", "\\\\").replace("'", "\\'")


def _slot_values(store: GraphStore, spec: TemplateFile, times: dict[str, str]) -> dict[str, list]:
    values = {}
    for name, s in spec.slots.items():
        try:
            rows = store.run(s["query"], {"today": times["today"]}).rows
        except Nl2CypherError as e:
            raise TemplateError(f"slot {name}: its query failed: {e}") from None
        vals = sorted({r[0] for r in rows if r and r[0] is not None}, key=str)
        if "round" in s:
            digits = int(s["round"])
            vals = sorted({round(float(v), digits) if digits else int(round(float(v))) for v in vals})
        if s.get("pick") == "quantile" and len(vals) >= 5:
            vals = vals[len(vals) // 5: len(vals) * 4 // 5 + 1]
        values[name] = vals
    return values


def generate_questions(store: GraphStore, templates: str | Path, n: int, seed: int = 0,
                       today: dt.date | None = None,
                       progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """`n` questions, templates taken in turn, each with gold Cypher and answer.
    A fill whose gold answer is empty is drawn again (a question worth asking
    has an answer)."""
    if n <= 0:
        raise TemplateError("--n must be positive")
    spec = load_templates(templates)
    if not spec.calendar:
        raise TemplateError(f"{templates}: needs a `calendar` query listing the trading days")
    days = sorted(dt.date.fromisoformat(str(r[0])[:10]) for r in store.run(spec.calendar).rows if r[0])
    times = time_slots(days, today)
    values = _slot_values(store, spec, times)
    rng = random.Random(seed)
    out: list[dict] = []
    seen: set[str] = set()
    turn = 0
    misses = 0
    while len(out) < n:
        tpl = spec.templates[turn % len(spec.templates)]
        k = (turn // len(spec.templates)) % len(tpl.phrasings)
        turn += 1
        rec = _fill(store, tpl, k, spec, values, times, rng)
        if rec is None or rec["question"] in seen:
            misses += 1
            if misses > 50 * max(n, len(spec.templates)):
                raise TemplateError(f"only {len(out)} distinct questions with answers could be made; "
                                    "add templates or slot values")
            continue
        seen.add(rec["question"])
        out.append({"id": len(out) + 1, **rec})
        if progress:
            progress(len(out), n)
    return out


def _fill(store, tpl: QuestionTemplate, k: int, spec: TemplateFile, values: dict[str, list],
          times: dict[str, str], rng: random.Random) -> dict | None:
    fill: dict[str, object] = dict(times)
    for name in sorted(tpl.slots()):
        base = name[:-1] if name.endswith("2") and name[:-1] in values else name
        if base in values:
            # {company2} is another company than {company} (sorted: the first is filled first)
            pool = [v for v in values[base] if base == name or v != fill[base]]
            if not pool:
                return None
            fill[name] = rng.choice(pool)
    if "metric" in tpl.slots() or "metric_prop" in tpl.slots():
        fill["metric"], fill["metric_prop"] = rng.choice(spec.metrics)
    fill["k"] = rng.choice(spec.k)
    question = tpl.phrasings[k].format(**fill)
    gold = tpl.gold(k).format(**{key: _quote(v) for key, v in fill.items()})
    try:
        result = store.run(gold)
    except Nl2CypherError as e:
        raise TemplateError(f"template {tpl.id}: its gold query fails: {e}") from None
    if not result.rows or all(v is None for row in result.rows for v in row):
        return None
    rows = steady(result.rows)
    if "ORDER BY" not in gold.upper():  # the store's row order is arbitrary: a canonical one keeps files reproducible
        rows = sorted(rows, key=lambda r: json.dumps(r, ensure_ascii=False, sort_keys=True, default=str))
    return {"question": question, "gold": gold, "category": tpl.category, "today": times["today"],
            "template": tpl.id, "answer": {"columns": result.columns, "rows": rows}}


def steady(rows: list[list]) -> list[list]:
    """Rows with floats to 12 significant digits: a store sums in no fixed order, so an
    average's last digits change from run to run — a file made from a seed must not."""
    return [[float(f"{v:.12g}") if isinstance(v, float) else v for v in row] for row in rows]
