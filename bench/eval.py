"""Evaluation wall time: generating a question set from the KG and scoring the
dev set and the generated set (heuristic stage; the revision modes are timed by
bench/revision.py).

    python bench/eval.py --db PATH [--n 500]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from nl2cypher.engine import Engine
from nl2cypher.evaluate import category_row, evaluate, read_questions
from nl2cypher.generate import generate_questions
from nl2cypher.resources import data_path
from nl2cypher.store import LadybugStore

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "eval.json")
    args = ap.parse_args()
    t0 = time.perf_counter()
    generated = generate_questions(LadybugStore(args.db), data_path("eval") / "generate_templates.yaml", args.n)
    gen_s = time.perf_counter() - t0
    res = {"generate": {"questions": len(generated), "seconds": round(gen_s, 2)}}
    t0 = time.perf_counter()
    engine = Engine(args.db, revise="never")
    res["engine_start_seconds"] = round(time.perf_counter() - t0, 2)
    for name, qs in (("dev", read_questions(ROOT / "eval" / "dev.jsonl")), ("generated", generated)):
        t0 = time.perf_counter()
        rep = evaluate(engine, qs)
        wall = time.perf_counter() - t0
        res[name] = {"questions": len(qs), "seconds": round(wall, 2), "per_question_ms": round(wall / len(qs) * 1000, 1),
                     "accuracy": category_row(rep)}
    print(f"{'job':<28}{'questions':>10}{'seconds':>10}")
    print(f"{'eval generate':<28}{res['generate']['questions']:>10}{res['generate']['seconds']:>10.2f}")
    print(f"{'engine start':<28}{'':>10}{res['engine_start_seconds']:>10.2f}")
    for name in ("dev", "generated"):
        print(f"{'eval ' + name + ' (no revision)':<28}{res[name]['questions']:>10}{res[name]['seconds']:>10.2f}"
              f"   accuracy {res[name]['accuracy']['Total']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
