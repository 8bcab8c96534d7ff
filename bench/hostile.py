"""A hostile-input campaign: prints counts of what must be zero.

    python bench/hostile.py --db PATH [--questions 3000] [--statements 1500] [--seed 0]

- questions: real questions mutated (fragments spliced in, characters dropped or
  repeated, control characters, surrogates, huge repeats) through `Engine.ask`:
  exceptions that escape, "internal error" answers, the slowest answer;
- statements: random sequences of every clause kind through `GraphStore.run` with a
  2 s timeout: statements that reached the database and were not reads (the store's
  node/edge counts before and after, and the files in its folder), calls past the
  timeout + 1 s, crashes;
- a CLI subprocess per nested-bracket depth: signals.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nl2cypher.engine import Engine  # noqa: E402
from nl2cypher.errors import Nl2CypherError  # noqa: E402

FRAGMENTS = ["'; MATCH (n) DETACH DELETE n //", "$p0", "`", "\\", "{", "}", "UNINSTALL json", "\x00", "\ud800",
             "\u2028", "\x0c", "近三万年", "999999999999", "6005850", "sh688999", "（", "\U0001F600", "%s", "{0}",
             "CALL home_directory='/'", "../../etc/passwd", "<script>", "\u202e", "　", "NaN", "1e999", "-0"]
CLAUSES = ["MATCH (n:stock)", "OPTIONAL MATCH (n)-[r]->(m)", "WHERE n.name = 'x'", "WITH n", "UNWIND [1, 2] AS x",
           "RETURN n", "RETURN count(*)", "ORDER BY n.name", "SKIP 1", "LIMIT 2", "UNION", "CALL show_tables()",
           "CREATE (x:stock {id: 'z'})", "SET n.x = 1", "DELETE n", "DETACH DELETE n", "MERGE (n)", "REMOVE n.x",
           "COPY stock TO '/tmp/nl2c-x.csv'", "LOAD FROM '/etc/passwd'", "INSTALL json", "UNINSTALL json",
           "CHECKPOINT", "BEGIN TRANSACTION", "COMMIT", "ROLLBACK", "CALL threads=1", "EXPORT DATABASE '/tmp/nl2c-x'",
           "ATTACH 'x' AS y", "USE y", "ALTER TABLE stock ADD y INT64", "DROP TABLE stock", "CREATE MACRO m(x) AS x",
           "COMMENT ON TABLE stock IS 'x'", ";", "//", "/*", "*/", "'", '"', "(", ")", "[", "]", "`",
           "FOREACH (x IN [1] | SET n.y = 1)", "CALL { MATCH (n) RETURN n }", "UNWIND range(1, 3000000) AS x",
           "LOAD CSV FROM 'file:///etc/passwd' AS l", "PROFILE", "EXPLAIN", "SHOW TABLES", "CALL dbms.components()"]


def mutate(rng: random.Random, q: str) -> str:
    k = rng.randrange(len(q) + 1)
    ops = [lambda: q[:k] + rng.choice(FRAGMENTS) + q[k:], lambda: q[:k] + q[k + 1:],
           lambda: q * rng.randint(2, 30), lambda: "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(20)),
           lambda: q[:k] + chr(rng.randrange(0, 32)) + q[k:], lambda: q.replace("的", rng.choice(FRAGMENTS))]
    return rng.choice(ops)()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", required=True)
    ap.add_argument("--questions", type=int, default=3000)
    ap.add_argument("--statements", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    real = [json.loads(line)["question"] for line in open(ROOT / "eval" / "holdout.jsonl", encoding="utf-8")]
    eng = Engine(args.db, dt.date(2024, 3, 15), rank=False, revise="never")
    escaped = internal = 0
    slowest = 0.0
    for _ in range(args.questions):
        q = mutate(rng, rng.choice(real))
        t0 = time.perf_counter()
        try:
            ans = eng.ask(q)
            internal += ans.error_type == "InternalError"
            json.dumps(ans.record(), ensure_ascii=False)
        except Exception:  # noqa: BLE001 - what the campaign counts
            escaped += 1
        slowest = max(slowest, time.perf_counter() - t0)
    store = eng.store
    counts = lambda: (store.run("MATCH (n) RETURN count(n)").rows[0][0],  # noqa: E731
                      store.run("MATCH ()-[r]->() RETURN count(r)").rows[0][0])
    folder = lambda: sorted(p.name for p in Path(args.db).parent.iterdir())  # noqa: E731
    before, files = counts(), folder()
    crashed = late = ran = 0
    for _ in range(args.statements):
        q = " ".join(rng.choice(CLAUSES) for _ in range(rng.randint(1, 7)))
        t0 = time.perf_counter()
        try:
            store.run(q, timeout_s=2)
            ran += 1
        except Nl2CypherError:
            pass
        except Exception:  # noqa: BLE001
            crashed += 1
        late += time.perf_counter() - t0 > 3
    changed = counts() != before or folder() != files or Path("/tmp/nl2c-x.csv").exists()
    signals = 0
    for depth in (10, 100, 1000, 5000, 20000):
        r = subprocess.run([sys.executable, "-m", "nl2cypher", "cypher", "RETURN " + "(" * depth + "1" + ")" * depth,
                            "--db", args.db], capture_output=True, text=True)
        signals += r.returncode < 0
    print(f"questions {args.questions}: exceptions escaped {escaped}, internal errors {internal}, "
          f"slowest {slowest:.2f} s")
    print(f"statements {args.statements}: ran {ran} (reads), crashes {crashed}, past timeout + 1 s {late}, "
          f"store or folder changed {int(changed)}")
    print(f"nested brackets via the CLI: signals {signals} of 5")


if __name__ == "__main__":
    main()
