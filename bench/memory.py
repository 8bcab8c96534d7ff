"""Peak memory (max RSS) of the main jobs, each in a fresh process.

    python bench/memory.py --db PATH [--questions eval/dev.jsonl]

Rows: the engine with the encoder answering the dev set (no revision); the same
plus the reviser model loaded and one revised question; generating 500 questions."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

JOBS = {
    "engine + encoder, dev set answered (no revision)": """
import datetime as dt, json
from nl2cypher.engine import Engine
e = Engine(DB, revise="never")
for line in open(QS, encoding="utf-8"):
    r = json.loads(line); e.ask(r["question"], today=dt.date.fromisoformat(r["today"]))
""",
    "engine + reviser model (+ default adapter), one revised question": """
import datetime as dt
from nl2cypher.engine import Engine
e = Engine(DB, revise="always")
a = e.ask("王明管理的基金有哪些", today=dt.date(2024, 3, 15))
assert a.trace.revision.get("backend"), a.trace.revision
""",
    "eval generate, 500 questions": """
from nl2cypher.generate import generate_questions
from nl2cypher.resources import data_path
from nl2cypher.store import LadybugStore
generate_questions(LadybugStore(DB), data_path("eval") / "generate_templates.yaml", 500)
""",
}


def peak_mb(code: str, db: str, questions: str) -> float:
    wrapper = (f"DB = {db!r}\nQS = {questions!r}\n{code}\nimport resource\n"
               "print('MAXRSS', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", wrapper], capture_output=True, text=True,
                         env={**os.environ, "HF_HUB_OFFLINE": "1"}, check=True).stdout
    kb = int(next(line for line in out.splitlines() if line.startswith("MAXRSS")).split()[1])
    return round(kb / 1024, 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--questions", type=Path, default=ROOT / "eval" / "dev.jsonl")
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "memory.json")
    args = ap.parse_args()
    res = {}
    print(f"{'job':<70}{'peak RSS MB':>12}")
    for name, code in JOBS.items():
        res[name] = peak_mb(code, args.db, str(args.questions))
        print(f"{name:<70}{res[name]:>12.1f}", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
