"""Evaluation: metrics registered by name, computed by executing queries.

    python -m nl2cypher.evaluate eval/dev.jsonl --db PATH [--no-rank] [--out report.jsonl]

Execution accuracy compares result sets: values normalised (floats to 6
significant digits, nodes by identity), order-insensitive unless the gold query
orders its rows, extra predicted columns allowed."""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import random
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import Nl2CypherError

# `expect` values that mean: the right answer is no answer (a refusal, a question back)
REFUSALS = ("refusal", "clarify")

CATEGORIES = ("AF", "AC", "AF+AC", "AF+RR", "AF+AC+RR")
METRICS: dict[str, Callable[..., bool]] = {}


def metric(name: str):
    def register(fn):
        METRICS[name] = fn
        return fn

    return register


def _norm(v: Any) -> Any:
    if isinstance(v, bool) or v is None:
        return v
    if isinstance(v, (int, float)):
        return float(f"{float(v):.6g}")
    if isinstance(v, dict):
        if "_label" in v and "id" in v:
            return ("node", v["id"])
        return tuple(sorted((k, _norm(x)) for k, x in v.items()))
    if isinstance(v, list):  # a collect() cell: its order is the store's, not the question's
        return tuple(sorted((_norm(x) for x in v), key=repr))
    return str(v)


def _is_ordered(cypher: str) -> bool | tuple[int, ...]:
    """Rows compare in order when the gold orders them — by something the question
    asks (as the positions of the ranking's columns where they are returned, see
    `_ranking_columns`); ordered by names alone (ORDER BY i.name, s.name) is a tie-break, a set.
    Only the last RETURN's order counts (WITH u ORDER BY … LIMIT 1 MATCH … picks, it orders nothing);
    ordered by codes alone (ORDER BY s.code) is the same: an identifier's spelling, no ranking."""
    returns = [m.end() for m in re.finditer(r"\bRETURN\b", cypher, re.I)]
    last = cypher[returns[-1] if returns else 0:]
    m = re.search(r"\bORDER\s+BY\s+(.*?)(?:\s+(?:LIMIT|SKIP)\b|$)", last, re.I | re.S)
    if m is None:
        return False
    keys = [_unaliased(k.strip(), last[:m.start()]) for k in m.group(1).split(",")]
    if all(_IDENTIFIER_KEY.fullmatch(k) for k in keys):
        return False
    if _by_group_keys(last[:m.start()], keys):
        return False
    return _ranking_columns(last[:m.start()], keys) or True


def _unaliased(key: str, ret: str) -> str:
    """ORDER BY stock after RETURN s.name AS stock: the key as the expression it names (a name's
    alias orders by spelling too)."""
    m = re.fullmatch(r"`?(\w+)`?(\s+(?:ASC|DESC))?", key, re.I)
    named = m and re.search(r"(\w+\.\w+)\s+AS\s+`?" + re.escape(m.group(1)) + r"`?(?=\s*(?:,|$))", ret, re.I)
    return named.group(1) + (m.group(2) or "") if named else key


_IDENTIFIER_KEY = re.compile(r"\w+\.(?:name|code)(?:\s+(?:ASC|DESC))?", re.I)


def _ranking_columns(ret: str, keys: list[str]) -> tuple[int, ...]:
    """The returned columns that carry the ranking when names or codes only break its ties
    (ORDER BY n.online_release_date, n.code): rows tied on the ranking may come in either
    order — the tie-break is spelling. Empty when a key is not returned or a name ranks first."""
    ranking = [re.sub(r"\s+(?:ASC|DESC)$", "", k, flags=re.I).strip() for k in keys if not _IDENTIFIER_KEY.fullmatch(k)]
    if any(_IDENTIFIER_KEY.fullmatch(k) for k in keys[:len(ranking)]):
        return ()
    items = [x.strip() for x in re.split(r",(?![^(\[]*[)\]])", re.sub(r"^\s*DISTINCT\b", "", ret.strip(), flags=re.I))]
    spelled = [{w.strip("` ") for w in re.split(r"\s+AS\s+", x, flags=re.I)} for x in items]
    found = [next((j for j, names in enumerate(spelled) if k.strip("` ") in names), None) for k in ranking]
    return () if None in found else tuple(found)


AGGREGATE_CALL = re.compile(r"\b(?:count|sum|avg|min|max|collect)\s*\(", re.I)


def _by_group_keys(ret: str, keys: list[str]) -> bool:
    """学历分布 ordered by the degree: a grouped answer ordered by its group keys alone (no
    figure) is in the order of the keys' spelling — presentation, not a ranking asked."""
    if not AGGREGATE_CALL.search(ret):
        return False
    items = [x.strip() for x in re.split(r",(?![^(]*\))", ret) if not AGGREGATE_CALL.search(x)]
    plain = {w.strip("` ") for x in items for w in re.split(r"\s+AS\s+", x, flags=re.I)}  # each key and its alias
    return all(re.sub(r"\s+(?:ASC|DESC)$", "", k, flags=re.I).strip("` ") in plain for k in keys)


def results_match(gold_cols: list[str], gold_rows: list[list], pred_cols: list[str], pred_rows: list[list],
                  ordered: bool | tuple[int, ...]) -> bool:
    """Every gold column must be matched by a distinct predicted column so that
    the projected rows equal the gold rows (as a sequence if ordered, else as sets;
    `ordered` as gold column positions: in the order of those columns, ties in any order)."""
    g = [tuple(_norm(x) for x in r) for r in gold_rows]
    p = [tuple(_norm(x) for x in r) for r in pred_rows]
    if not g:
        return not p
    if not p or not pred_cols:
        return False
    width = len(g[0])
    if len(pred_cols) < width:
        return False
    gold_sets = [set(r[j] for r in g) for j in range(width)]
    options = []
    for j in range(width):
        opts = [k for k in range(len(pred_cols)) if set(r[k] for r in p) == gold_sets[j]]
        if not opts:
            return False
        options.append(opts)
    for combo in itertools.product(*options):
        if len(set(combo)) < width:
            continue
        proj = [tuple(r[k] for k in combo) for r in p]
        if isinstance(ordered, tuple):  # in order of the ranking, ties in any order
            if sorted(proj, key=repr) == sorted(g, key=repr) and \
                    [tuple(r[j] for j in ordered) for r in proj] == [tuple(r[j] for j in ordered) for r in g]:
                return True
        elif ordered:
            if proj == g:
                return True
        elif set(proj) == set(g):
            return True
    return False


@dataclass
class Outcome:
    gold_cols: list[str] = field(default_factory=list)
    gold_rows: list[list] = field(default_factory=list)
    pred_cols: list[str] = field(default_factory=list)
    pred_rows: list[list] = field(default_factory=list)
    gold_cypher: str = ""
    pred_cypher: str | None = None
    error: str | None = None
    ordered: bool | None = None  # None: ordered if the gold query has ORDER BY
    expect_refusal: bool = False  # the question asks what the KG cannot answer: right = refused


@metric("execution_accuracy")
def execution_accuracy(o: Outcome) -> bool:
    if o.expect_refusal:
        return o.error is not None
    # an answer computed from earlier answers of a conversation has rows but no query
    return o.error is None and (o.pred_cypher is not None or bool(o.pred_rows)) and results_match(
        o.gold_cols, o.gold_rows, o.pred_cols, o.pred_rows,
        _is_ordered(o.gold_cypher) if o.ordered is None else o.ordered)


@metric("executability")
def executability(o: Outcome) -> bool:
    return o.error is None and o.pred_cypher is not None


def _canon(q: str) -> str:
    return re.sub(r"\s+", " ", q or "").strip().lower()


@metric("exact_match")
def exact_match(o: Outcome) -> bool:
    return o.pred_cypher is not None and _canon(o.pred_cypher) == _canon(o.gold_cypher)


def read_questions(path: str | Path) -> list[dict]:
    out = []
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                rec = json.loads(line)
                rec.setdefault("id", n)
                out.append(rec)
    return out


def sample_per_category(questions: list[dict], per_category: int, seed: int = 0) -> list[dict]:
    """A seeded sample of `per_category` questions of each type, for runs
    that cost seconds per question (LLM revision on a CPU)."""
    rng = random.Random(seed)
    out = []
    for cat in CATEGORIES:
        pool = [q for q in questions if q.get("category") == cat]
        out += rng.sample(pool, min(per_category, len(pool)))
    return out


@dataclass
class _GoldAnswer:
    columns: list[str]
    rows: list[list]


def _gold(engine, rec: dict):
    """The gold result: the gold Cypher run now, or the recorded answer rows
    (`answer: {columns, rows}`) when the file has no gold query; nothing for a
    question that must be refused (`expect: refusal`)."""
    if rec.get("expect") in REFUSALS:
        return _GoldAnswer([], [])
    if rec.get("gold"):
        return engine.store.run(rec["gold"])
    answer = rec.get("answer")
    if not isinstance(answer, dict) or "rows" not in answer:
        raise ValueError(f"question {rec.get('id')}: needs `gold` (Cypher) or `answer` ({{columns, rows}})")
    return _GoldAnswer(list(answer.get("columns") or []), [list(r) for r in answer["rows"]])


def evaluate(engine, questions: list[dict], progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """Score each question; lines with a `conversation` id are the turns of one
    session each, in file order (a follow-up leans on the turns before)."""
    report = []
    sessions: dict[str, Any] = {}
    for k, rec in enumerate(questions):
        today = dt.date.fromisoformat(rec["today"]) if rec.get("today") else None
        gold = _gold(engine, rec)
        t0 = time.perf_counter()
        conv = rec.get("conversation")
        if conv is not None:
            ans = sessions.setdefault(str(conv), engine.session(str(conv))).ask(rec["question"], today=today)
        else:
            ans = engine.ask(rec["question"], today=today)
        gold_text = rec.get("gold") or ""
        refusal = rec.get("expect") in REFUSALS
        o = Outcome(gold.columns, gold.rows, ans.columns, ans.rows, gold_text, ans.cypher, ans.error,
                    None if rec.get("gold") else bool((rec.get("answer") or {}).get("ordered")), refusal)
        row = {"id": rec["id"], "category": rec.get("category", ""), "question": rec["question"], "gold": gold_text,
               "predicted": ans.cypher, "params": ans.params, "error": ans.error, "confidence": ans.confidence,
               "unexplained": ans.unexplained, "interpretation": ans.interpretation,
               "ms": round((time.perf_counter() - t0) * 1000, 1)}
        if refusal:
            row["expect"] = rec["expect"]
        if conv is not None:
            row.update(conversation=str(conv), turn=ans.turn, kind=rec.get("kind", ""),
                       resolved_question=ans.resolved_question, follow_up=ans.follow_up)
        if rec.get("phenomenon"):
            row["phenomenon"] = rec["phenomenon"]
        if not refusal and ans.trace.candidates:
            row["oracle"] = _oracle(engine, ans.trace.candidates, gold, o)
        rv = ans.trace.revision
        if rv.get("elapsed_ms") is not None:  # the LLM ran: how long, and what became of its answer
            row["revision"] = {"ms": rv["elapsed_ms"], "accepted": bool(rv.get("accepted")),
                               "changed": bool(rv.get("changed")), "refused": rv.get("refused"),
                               "trigger": rv.get("trigger")}
        for name, fn in METRICS.items():
            row[name] = fn(o)
        if not row["execution_accuracy"]:
            row["gold_rows"] = gold.rows[:5]
            row["pred_rows"] = ans.rows[:5]
        report.append(row)
        if progress:
            progress(k + 1, len(questions))
    return report


def _oracle(engine, candidates: list[dict], gold, o: Outcome) -> bool:
    """Was a right reading among the candidates? (Not: a reading is missing; yes
    but not chosen: the ranking chose wrong.)"""
    for c in candidates:
        try:
            res = engine.store.run(c["cypher"], c.get("params") or {}, max_rows=engine.max_rows)
        except Nl2CypherError:  # a candidate the store refuses is simply not right
            continue
        if results_match(gold.columns, gold.rows, res.columns, res.rows,
                         _is_ordered(o.gold_cypher) if o.ordered is None else o.ordered):
            return True
    return False


def oracle_text(report: list[dict], name: str = "full") -> str:
    """How often a right candidate was built (the oracle) and how often it was
    chosen: every miss is a missing reading or a wrong choice."""
    rows = [r for r in report if "oracle" in r]
    if not rows:
        return ""
    built = sum(r["oracle"] for r in rows)
    chosen = sum(r["oracle"] and r["execution_accuracy"] for r in rows)
    return (f"{name}: a right candidate among the candidates {built}/{len(rows)} ({built / len(rows):.3f}), "
            f"chosen {chosen}/{built}; misses: no right reading {len(rows) - built}, "
            f"right reading not chosen {built - chosen}")


# Ablations registered by name: Engine options that switch one part off.
ABLATIONS: dict[str, dict] = {
    "full": {},
    "no-revise": {"revise": "never"},
    "no-rank": {"rank": False},
    "always-revise": {"revise": "always"},
    "no-fewshot": {"revise": "always", "fewshot_k": 0},
    "no-schema-slice": {"revise": "always", "schema_slice": False},
    "no-finetune": {"revise": "always", "adapter": "none"},
}


# ---- calibration: is the confidence worth reading? --------------------------------------
BUCKETS = ((0.0, 0.2), (0.2, 0.4), (0.4, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.01))


def flagged(r: dict, trust: float = 0.5) -> bool:
    """The user was warned: an error, or a confidence below the trust line."""
    return r["error"] is not None or (r.get("confidence") is not None and r["confidence"] < trust)


def calibration(report: list[dict], trust: float = 0.5) -> dict[str, Any]:
    """Silent errors (wrong, no error, confidence at or above the line), right
    answers flagged unsure, and accuracy per confidence bucket."""
    n = len(report) or 1
    right = [r for r in report if r["execution_accuracy"]]
    silent = [r for r in report if not r["execution_accuracy"] and not flagged(r, trust)]
    # a right refusal is not a flag on a right answer
    flagged_right = [r for r in right if flagged(r, trust) and r.get("expect") not in REFUSALS]
    answered_right = [r for r in right if r.get("expect") not in REFUSALS]
    buckets = []
    for lo, hi in BUCKETS:
        rows = [r for r in report if r["error"] is None and r.get("confidence") is not None
                and lo <= r["confidence"] < hi]
        buckets.append({"bucket": f"[{lo:.1f}, {min(hi, 1.0):.1f}{']' if hi > 1 else ')'}", "n": len(rows),
                        "accuracy": round(sum(r["execution_accuracy"] for r in rows) / len(rows), 3) if rows else None})
    errors = [r for r in report if r["error"] is not None]
    buckets.append({"bucket": "error", "n": len(errors),
                    "accuracy": round(sum(r["execution_accuracy"] for r in errors) / len(errors), 3) if errors else None})
    return {"questions": len(report), "silent": len(silent), "silent_rate": round(len(silent) / n, 3),
            "flagged_right": len(flagged_right),
            "flagged_right_rate": round(len(flagged_right) / (len(answered_right) or 1), 3),
            "buckets": buckets}


def conversation_text(report: list[dict], name: str = "full") -> str:
    """Accuracy per turn index and per follow-up kind (a decline across turns
    shows), and silent errors on follow-ups (wrong, no error, confidence ≥ 0.5)."""
    rows = [r for r in report if "conversation" in r]
    if not rows:
        return ""

    def acc(rs):
        return f"{sum(r['execution_accuracy'] for r in rs) / len(rs):.3f} ({sum(r['execution_accuracy'] for r in rs)}/{len(rs)})"

    lines = [f"{name}: {len({r['conversation'] for r in rows})} conversations, {len(rows)} turns",
             "| turn | n | accuracy |", "| ---: | ---: | ---: |"]
    for t in sorted({r["turn"] for r in rows}):
        rs = [r for r in rows if r["turn"] == t]
        lines.append(f"| {t} | {len(rs)} | {acc(rs)} |")
    lines += ["", "| follow-up kind | n | accuracy |", "| --- | ---: | ---: |"]
    for kind in sorted({r["kind"] for r in rows}):
        rs = [r for r in rows if r["kind"] == kind]
        lines.append(f"| {kind or '—'} | {len(rs)} | {acc(rs)} |")
    follow = [r for r in rows if r["turn"] > 1]
    silent = [r for r in follow if not r["execution_accuracy"] and not flagged(r)]
    lines.append(f"\nsilent errors on follow-ups (turn > 1): {len(silent)}/{len(follow)}"
                 f" ({len(silent) / max(1, len(follow)):.3f})")
    return "\n".join(lines)


def calibration_text(cal: dict[str, Any], name: str = "full") -> str:
    lines = [f"{name}: silent errors {cal['silent']}/{cal['questions']} ({cal['silent_rate']:.3f}), "
             f"right but flagged unsure {cal['flagged_right']} ({cal['flagged_right_rate']:.3f} of right answers)",
             "| confidence | n | accuracy |", "| --- | ---: | ---: |"]
    for b in cal["buckets"]:
        acc = "—" if b["accuracy"] is None else f"{b['accuracy']:.3f}"
        lines.append(f"| {b['bucket']} | {b['n']} | {acc} |")
    return "\n".join(lines)


def reliability_chart(cals: dict[str, dict], path: Path) -> bool:
    """Accuracy per confidence bucket (bars) with the question count on each."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig, ax = plt.subplots(figsize=(8, 4), dpi=110)
    width = 0.8 / max(1, len(cals))
    for i, (name, cal) in enumerate(cals.items()):
        bs = [b for b in cal["buckets"] if b["bucket"] != "error"]
        xs = [k + i * width for k in range(len(bs))]
        ax.bar(xs, [b["accuracy"] or 0.0 for b in bs], width, label=name)
        for x, b in zip(xs, bs):
            ax.text(x, (b["accuracy"] or 0.0) + 0.02, f"n={b['n']}", ha="center", fontsize=7)
        ax.set_xticks([k + width * (len(cals) - 1) / 2 for k in range(len(bs))], [b["bucket"] for b in bs])
    ax.axvline(2.5, color="grey", linestyle="--", linewidth=1)  # the trust line, between [0.4,0.5) and [0.5,0.7)
    ax.set_ylim(0, 1.1)
    ax.set_xlabel("confidence")
    ax.set_ylabel("execution accuracy")
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def categories_of(report: list[dict]) -> tuple[str, ...]:
    """The question types a set uses: the finance sets' five, else its own in order of
    first appearance (an English set's Simple, Complex, Multi-Table, …)."""
    present = tuple(dict.fromkeys(c for r in report if (c := r.get("category"))))  # a turn may have none
    return CATEGORIES if set(present) <= set(CATEGORIES) else present


def _columns(rows: dict[str, dict]) -> list[str]:
    """The categories of a table of rows (each row's keys, Total last)."""
    first = next(iter(rows.values()), {})
    return [c for c in first if c != "Total"] or list(CATEGORIES)


def category_row(report: list[dict], metric_name: str = "execution_accuracy") -> dict[str, float | None]:
    row: dict[str, float | None] = {}
    for cat in categories_of(report) + ("Total",):
        rows = report if cat == "Total" else [r for r in report if r["category"] == cat]
        row[cat] = round(sum(r[metric_name] for r in rows) / len(rows), 3) if rows else None
    return row


def ablation_table(rows: dict[str, dict[str, float | None]]) -> str:
    """The seed's table: methods/ablations by question type."""
    cats = _columns(rows)
    head = ["method", *cats, "Total"]
    lines = ["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * (len(head) - 1)]
    for name, row in rows.items():
        cells = ["—" if row.get(c) is None else f"{row[c]:.3f}" for c in (*cats, "Total")]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def write_reports(out: Path, rows: dict[str, dict], reports: dict[str, list[dict]]) -> None:
    """table.md, table.csv and report.xlsx (one sheet per ablation) in `out`."""
    import csv as _csv

    import openpyxl

    out.mkdir(parents=True, exist_ok=True)
    (out / "table.md").write_text(ablation_table(rows) + "\n", encoding="utf-8")
    with open(out / "table.csv", "w", newline="", encoding="utf-8") as fh:
        w = _csv.writer(fh)
        cats = _columns(rows)
        w.writerow(["method", *cats, "Total"])
        for name, row in rows.items():
            w.writerow([name, *(row.get(c) for c in (*cats, "Total"))])
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rep in reports.items():
        ws = wb.create_sheet(name[:31])
        ws.append(["id", "category", "question", "gold", "predicted", "pass", "error", "confidence", "unexplained",
                   "interpretation"])
        for r in rep:
            ws.append([r["id"], r["category"], r["question"], r["gold"], r["predicted"],
                       bool(r["execution_accuracy"]), r["error"], r.get("confidence"),
                       ", ".join(r.get("unexplained") or ()), r.get("interpretation")])
        for col, width in zip("ABCDEFGHIJ", (6, 10, 40, 60, 60, 6, 40, 8, 20, 50), strict=True):
            ws.column_dimensions[col].width = width
    wb.save(out / "report.xlsx")
    bar_chart(rows, out / "accuracy.png")
    cals = {name: calibration(rep) for name, rep in reports.items()}
    (out / "calibration.md").write_text("\n\n".join(calibration_text(c, n) for n, c in cals.items()) + "\n",
                                        encoding="utf-8")
    reliability_chart(cals, out / "reliability.png")
    with open(out / "report.jsonl", "w", encoding="utf-8") as fh:
        for name, rep in reports.items():
            for r in rep:
                fh.write(json.dumps({"ablation": name, **r}, ensure_ascii=False, default=str) + "\n")


def bar_chart(rows: dict[str, dict], path: Path) -> bool:
    """Grouped bars: accuracy per question type, one colour per ablation.
    Skipped (False) when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    cats = [*_columns(rows), "Total"]
    fig, ax = plt.subplots(figsize=(9, 4.5), dpi=110)
    width = 0.8 / max(1, len(rows))
    for i, (name, row) in enumerate(rows.items()):
        xs = [k + i * width for k in range(len(cats))]
        ax.bar(xs, [row.get(c) or 0.0 for c in cats], width, label=name)
    ax.set_xticks([k + width * (len(rows) - 1) / 2 for k in range(len(cats))], cats)
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("execution accuracy")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def table(report: list[dict], metric_name: str = "execution_accuracy") -> str:
    lines = [f"| category | n | {metric_name} |", "| --- | ---: | ---: |"]
    for cat in categories_of(report) + ("Total",):
        rows = report if cat == "Total" else [r for r in report if r["category"] == cat]
        if rows:
            acc = sum(r[metric_name] for r in rows) / len(rows)
            lines.append(f"| {cat} | {len(rows)} | {acc:.3f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from .engine import Engine

    ap = argparse.ArgumentParser(description="Execution accuracy of the translator on a question file.")
    ap.add_argument("questions")
    ap.add_argument("--db", required=True)
    ap.add_argument("--no-rank", action="store_true")
    ap.add_argument("--out", help="write the per-question report (.jsonl)")
    ap.add_argument("--failures", type=int, default=0, help="print this many failures")
    args = ap.parse_args(argv)
    engine = Engine(args.db, rank=not args.no_rank)
    qs = read_questions(args.questions)
    t0 = time.perf_counter()
    rep = evaluate(engine, qs)
    wall = time.perf_counter() - t0
    print(table(rep))
    print(f"\nexecutability {sum(r['executability'] for r in rep) / len(rep):.3f}, "
          f"{len(rep)} questions in {wall:.1f} s")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            for r in rep:
                fh.write(json.dumps(r, ensure_ascii=False, default=str) + "\n")
    for r in [r for r in rep if not r["execution_accuracy"]][: args.failures]:
        print(f"\n[{r['id']} {r['category']}] {r['question']}\n  gold: {r['gold']}\n  pred: {r['predicted']} {r['params']}"
              f"\n  err: {r['error']}\n  gold_rows: {r.get('gold_rows')}\n  pred_rows: {r.get('pred_rows')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
