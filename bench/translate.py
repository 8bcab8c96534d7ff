"""Translation latency per stage (p50/p95, warm, DB execution excluded), cold
start, and batch throughput on the dev set; ranking on vs off.

    python bench/translate.py [--db PATH] [--questions eval/dev.jsonl]

Without --db the demo KG (end date 2024-03-15) is built in a temporary folder."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def run(db: Path, questions: list[dict], rank: bool, revise: str = "never",
        conversations: list[dict] = ()) -> dict:
    from nl2cypher.engine import Engine

    t0 = time.perf_counter()
    engine = Engine(db, rank=rank, revise=revise)
    if rank:
        engine.ranker.encoder.encode(["预热"])  # loading the encoder is part of a cold start
    first = engine.ask(questions[0]["question"], today=dt.date.fromisoformat(questions[0]["today"]))
    cold = time.perf_counter() - t0
    assert first.error is None, first.error
    stages: dict[str, list[float]] = {}
    totals, errors = [], 0
    for rec in questions:  # warm: translation only
        today = dt.date.fromisoformat(rec["today"])
        t1 = time.perf_counter()
        try:
            ans = engine.translate(rec["question"], today)
        except Exception:  # noqa: BLE001 - counted, the benchmark goes on
            errors += 1
            continue
        totals.append((time.perf_counter() - t1) * 1000)
        for k, v in ans.trace.timings_ms.items():
            stages.setdefault(k, []).append(v)
    t2 = time.perf_counter()
    for rec in questions:  # batch: translate + execute, as `nl2cypher batch` does
        engine.ask(rec["question"], today=dt.date.fromisoformat(rec["today"]))
    batch_s = time.perf_counter() - t2
    resolution = []  # follow-up resolution: what a conversation adds to a turn
    sessions: dict = {}
    for rec in conversations:
        s = sessions.setdefault(rec["conversation"], engine.session())
        ans = s.ask(rec["question"], today=dt.date.fromisoformat(rec["today"]))
        if s.turns and len(s.turns) > 1:
            resolution.append(ans.trace.timings_ms["resolution"])
    engine.close()
    out = {"cold_start_s": round(cold, 2), "translate_errors": errors,
           "stages_ms": {k: {"p50": round(pct(v, 50), 2), "p95": round(pct(v, 95), 2)} for k, v in stages.items()},
           "translate_ms": {"p50": round(pct(totals, 50), 2), "p95": round(pct(totals, 95), 2),
                            "mean": round(statistics.mean(totals), 2)},
           "translate_qps": round(len(totals) / (sum(totals) / 1000), 1),
           "batch_qps": round(len(questions) / batch_s, 1)}
    if resolution:
        out["resolution_ms"] = {"p50": round(pct(resolution, 50), 3), "p95": round(pct(resolution, 95), 3),
                                "turns": len(resolution)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path)
    ap.add_argument("--questions", type=Path, default=ROOT / "eval" / "dev.jsonl")
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "translate.json")
    ap.add_argument("--revise", default="never", choices=("never", "auto", "always"), help=(
        "LLM revision (default never: the heuristic translator's own speed; auto revises unsure answers, "
        "seconds each on a CPU)"))
    ap.add_argument("--conversations", type=Path, default=ROOT / "eval" / "conversations" / "holdout.jsonl",
                    help="Conversation turns whose follow-up resolution is timed.")
    args = ap.parse_args()
    qs = [json.loads(l) for l in args.questions.read_text(encoding="utf-8").splitlines() if l.strip()]
    convs = [json.loads(l) for l in args.conversations.read_text(encoding="utf-8").splitlines() if l.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            from nl2cypher.store import load_kg
            from nl2cypher.demo.finance import write_demo

            write_demo(Path(tmp) / "kg", dt.date.fromisoformat(qs[0]["today"]))
            db = Path(tmp) / "kg.lbug"
            load_kg(Path(tmp) / "kg", db, source="demo")
        on = run(db, qs, rank=True, revise=args.revise, conversations=convs)
        off = run(db, qs, rank=False, revise=args.revise)
    res = {"machine": f"{platform.machine()} {os.cpu_count()} cores", "questions": len(qs),
           "ranking_on": on, "ranking_off": off,
           "ranking_cost_ratio_p50": round(on["translate_ms"]["p50"] / max(off["translate_ms"]["p50"], 1e-9), 2)}
    print(f"{len(qs)} questions from {args.questions.name}, warm, DB execution excluded, revision {args.revise}")
    print(f"{'stage':<12}{'p50 ms':>10}{'p95 ms':>10}")
    for k, v in on["stages_ms"].items():
        print(f"{k:<12}{v['p50']:>10.2f}{v['p95']:>10.2f}")
    print(f"{'translate':<12}{on['translate_ms']['p50']:>10.2f}{on['translate_ms']['p95']:>10.2f}")
    if "resolution_ms" in on:
        r = on["resolution_ms"]
        print(f"{'resolution':<12}{r['p50']:>10.2f}{r['p95']:>10.2f}   (follow-up turns of {args.conversations.name}: "
              f"{r['turns']}; what a conversation adds to a turn)")
    print(f"cold start (engine + first answer): {on['cold_start_s']:.2f} s")
    print(f"throughput: translate {on['translate_qps']} q/s, batch with execution {on['batch_qps']} q/s")
    print(f"ranking off: translate p50 {off['translate_ms']['p50']} ms, batch {off['batch_qps']} q/s "
          f"(ranking on/off p50 ratio {res['ranking_cost_ratio_p50']})")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
