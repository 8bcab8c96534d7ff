"""Accuracy and latency of the revision modes (never / auto / always) on a
question file, with the reviser the engine loads by default (llama.cpp, the
packaged model and the shipped adapter if one fits the prompt) or
`--adapter none` (the base model alone). Each mode is compared with `never`
question by question: how many it revised (and which trigger fired), fixed
and spoiled; the revision stage's p50/p95 on the questions it revised.

    python bench/revision.py --db PATH [--questions eval/dev.jsonl] [--per-category N]
                             [--modes never,auto,always] [--adapter none|DIR] [--k 2]

`--per-category N` takes a seeded sample of N questions per category."""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from nl2cypher.engine import Engine
from nl2cypher.evaluate import category_row, evaluate, read_questions, sample_per_category, table
from nl2cypher.revise.backends import load_backend

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--questions", type=Path, default=ROOT / "eval" / "holdout.jsonl")
    ap.add_argument("--per-category", type=int, default=0)
    ap.add_argument("--modes", default="never,auto,always")
    ap.add_argument("--adapter", default=None, help="'none' for the base model; default: the shipped adapter")
    ap.add_argument("--k", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "revision.json")
    args = ap.parse_args()
    qs = read_questions(args.questions)
    if args.per_category:
        qs = sample_per_category(qs, args.per_category)
    backend = None
    results = {"questions": str(args.questions), "n": len(qs), "adapter": args.adapter or "default"}
    for mode in args.modes.split(","):
        if mode != "never" and backend is None:
            backend = load_backend(adapter=args.adapter)
            results["backend"] = getattr(backend, "label", "")
        e = Engine(args.db, revise=mode, reviser=backend, fewshot_k=args.k)
        t0 = time.perf_counter()
        rep = evaluate(e, qs)
        wall = time.perf_counter() - t0
        acc = sum(r["execution_accuracy"] for r in rep) / len(rep)
        revised = [r["revision"] for r in rep if "revision" in r]
        lat = sorted(r["ms"] for r in revised)
        refused: dict[str, int] = {}
        for r in revised:
            if r["refused"]:
                key = r["refused"].split(":")[0]
                refused[key] = refused.get(key, 0) + 1
        right = {r["id"]: r["execution_accuracy"] for r in rep}
        base = results.get("never", {}).get("right", right)
        triggers: dict[str, int] = {}
        for r in rep:
            if "revision" in r:
                triggers[r["revision"]["trigger"]] = triggers.get(r["revision"]["trigger"], 0) + 1
        results[mode] = {
            "right": right, "triggers": triggers,
            "fixed": sum(v and not base[i] for i, v in right.items()),
            "spoiled": sum(base[i] and not v for i, v in right.items()),
            "accuracy": round(acc, 3), "by_category": category_row(rep), "seconds": round(wall, 1),
            "accuracy_per_second": round(acc / wall, 5), "revised": len(revised),
            "accepted": sum(r["accepted"] for r in revised), "changed": sum(r["changed"] for r in revised),
            "refused": refused,
            "revision_p50_ms": round(statistics.median(lat), 1) if lat else None,
            "revision_p95_ms": round(lat[int(0.95 * (len(lat) - 1))], 1) if lat else None,
        }
        print(f"\n== {mode}: accuracy {acc:.3f} in {wall:.1f} s; revised {len(revised)} {triggers}, "
              f"fixed {results[mode]['fixed']}, spoiled {results[mode]['spoiled']}, "
              f"accepted {results[mode]['accepted']} (changed {results[mode]['changed']}), refused {refused}; "
              f"revision p50 {results[mode]['revision_p50_ms']} ms, p95 {results[mode]['revision_p95_ms']} ms",
              flush=True)
        print(table(rep), flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for mode in args.modes.split(","):
        results[mode].pop("right", None)
    args.out.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
