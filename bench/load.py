"""KG load throughput: generate a contract-format KG of >= 1,000,000 nodes+edges
(stocks with daily bars, trades, funds with holdings), load it into a fresh
embedded store, print a table and write bench/out/load.json.

    python bench/load.py [--stocks 2000] [--days 250] [--keep DIR]
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import platform
import random
import resource
import tempfile
import time
from pathlib import Path

from nl2cypher.store import load_kg


def generate(out: Path, stocks: int, days: int, seed: int = 7) -> int:
    rng = random.Random(seed)
    (out / "nodes").mkdir(parents=True)
    (out / "edges").mkdir()
    start = dt.date(2020, 1, 1)
    dates = [(start + dt.timedelta(days=i)).isoformat() for i in range(days)]
    n = 0
    with open(out / "nodes/stock.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id:ID", "code", "name", "registered_capital:float", "listed_sector", "establishment_date:date", "province"])
        for i in range(stocks):
            w.writerow([f"s{i}", f"{600000 + i:06d}", f"公司{i}", round(rng.uniform(1e3, 1e6), 2), "沪市主板", "2001-01-01", "上海"])
            n += 1
    with open(out / "nodes/trade.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id:ID", "code", "name"])
        for t in range(40):
            w.writerow([f"t{t}", f"BK{t:04d}", f"板块{t}"])
            n += 1
    with open(out / "edges/belong_to.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow([":START_ID", ":END_ID"])
        for i in range(stocks):
            w.writerow([f"s{i}", f"t{i % 40}"])
            n += 1
    with open(out / "nodes/stock_data.csv", "w", newline="") as fn, open(out / "edges/has_stock_data.csv", "w", newline="") as fe:
        wn, we = csv.writer(fn), csv.writer(fe)
        wn.writerow(["id:ID", "date:date", "opening_price:float", "closing_price:float", "maximum_price:float",
                     "minimum_price:float", "range:float", "volume:int", "raising_limit_days:int",
                     "raising_limit:boolean", "hong_san_bing:boolean"])
        we.writerow([":START_ID", ":END_ID"])
        for i in range(stocks):
            price = rng.uniform(5, 100)
            for d in dates:
                r = rng.gauss(0, 0.02)
                c = round(price * (1 + r), 2)
                did = f"d{i}_{d}"
                wn.writerow([did, d, price, c, max(price, c), min(price, c), round(r * 100, 2),
                             rng.randint(10**5, 10**8), 0, "false", "false"])
                we.writerow([f"s{i}", did])
                price = c
                n += 2
    with open(out / "nodes/public_offering_fund.csv", "w", newline="") as f, open(out / "edges/hold.csv", "w", newline="") as g:
        w, wh = csv.writer(f), csv.writer(g)
        w.writerow(["id:ID", "code", "name", "scale:float", "net_worth:float"])
        wh.writerow([":START_ID", ":END_ID", "position_ratio:float", "position_amount:float"])
        for k in range(stocks // 2):
            w.writerow([f"f{k}", f"{k:06d}", f"基金{k}混合A", 1e9, 1.5])
            n += 1
            for s in rng.sample(range(stocks), 10):
                wh.writerow([f"f{k}", f"s{s}", 5.0, 5e7])
                n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--stocks", type=int, default=2000)
    ap.add_argument("--days", type=int, default=250)
    ap.add_argument("--keep", type=Path, help="generate into this directory and keep it")
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "load.json")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="nl2cypher-bench-") as tmp:
        src = args.keep or Path(tmp) / "kg"
        t0 = time.perf_counter()
        total = generate(src, args.stocks, args.days)
        gen_s = time.perf_counter() - t0
        db = Path(tmp) / "bench.lbug"
        rep = load_kg(src, db, source="bench")
        size = db.stat().st_size
    items = rep.nodes + rep.edges
    assert items == total, (items, total)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    result = {
        "machine": f"{platform.machine()} {platform.processor() or ''} {os.cpu_count()} cores".strip(),
        "python": platform.python_version(),
        "nodes": rep.nodes, "edges": rep.edges, "items": items,
        "generate_s": round(gen_s, 2), "validate_s": round(rep.validate_seconds, 2),
        "copy_s": round(rep.seconds - rep.validate_seconds, 2), "load_s": round(rep.seconds, 2),
        "items_per_s": round(items / rep.seconds), "db_mb": round(size / 2**20, 1), "peak_rss_mb": round(peak_mb),
    }
    print(f"{'items (nodes+edges)':<24}{items:>14,}")
    for k in ("validate_s", "copy_s", "load_s"):
        print(f"{k:<24}{result[k]:>14.2f}")
    print(f"{'throughput (items/s)':<24}{result['items_per_s']:>14,}")
    print(f"{'store size (MB)':<24}{result['db_mb']:>14.1f}")
    print(f"{'peak RSS (MB)':<24}{result['peak_rss_mb']:>14,}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
