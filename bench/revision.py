"""Accuracy and latency of the revision modes (never / auto / always) on a
question file, with the packaged reviser (or NL2CYPHER_REVISER / _MODEL).

    python bench/revision.py --db PATH [--questions eval/holdout.jsonl] [--limit N] [--k 4]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from nl2cypher.engine import Engine
from nl2cypher.evaluate import evaluate, read_questions, table
from nl2cypher.revise.backends import load_backend

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--questions", type=Path, default=ROOT / "eval" / "holdout.jsonl")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--k", type=int, default=4)
    ap.add_argument("--backend", default=None)
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "revision.json")
    args = ap.parse_args()
    qs = read_questions(args.questions)[: args.limit or None]
    backend = load_backend(args.backend)
    results = {}
    for mode in ("never", "auto", "always"):
        e = Engine(args.db, revise=mode, reviser=backend, fewshot_k=args.k)
        t0 = time.perf_counter()
        rep = evaluate(e, qs)
        wall = time.perf_counter() - t0
        acc = sum(r["execution_accuracy"] for r in rep) / len(rep)
        results[mode] = {"accuracy": round(acc, 3), "seconds": round(wall, 1),
                         "accuracy_per_second": round(acc / wall, 5), "table": table(rep)}
        print(f"\n== {mode}: accuracy {acc:.3f} in {wall:.1f} s")
        print(table(rep))
    e = Engine(args.db, revise="always", reviser=backend, fewshot_k=args.k)
    lat, accepted, changed, refused = [], 0, 0, {}
    for rec in qs:
        import datetime as dt

        a = e.ask(rec["question"], today=dt.date.fromisoformat(rec["today"]))
        rv = a.trace.revision
        if "elapsed_ms" in rv:
            lat.append(rv["elapsed_ms"])
        accepted += bool(rv.get("accepted"))
        changed += bool(rv.get("changed"))
        if rv.get("refused"):
            key = rv["refused"].split(":")[0]
            refused[key] = refused.get(key, 0) + 1
    results["revision"] = {"backend": getattr(backend, "label", ""), "p50_ms": round(statistics.median(lat), 1),
                           "p95_ms": round(sorted(lat)[int(0.95 * (len(lat) - 1))], 1), "accepted": accepted,
                           "changed": changed, "refused": refused, "questions": len(qs)}
    print(f"\nrevision stage ({results['revision']['backend']}): p50 {results['revision']['p50_ms']} ms, "
          f"p95 {results['revision']['p95_ms']} ms; accepted {accepted}/{len(qs)} (changed {changed}); refused {refused}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
