"""Load on the HTTP service: /ask warm latency (p50/p95) and throughput at 1, 4
and 16 concurrent clients on loopback, with 1, 2 and 4 worker processes, and the
server's memory (all its processes).

    python bench/serve.py --db <demo KG> [--seconds 15] [--workers 1,2,4] [--clients 1,4,16]

Starts `nl2cypher serve --workers N` (revision off: questions that need no LLM),
waits for every worker, warms it, then each client keeps one HTTP/1.1 connection
and asks dev questions in turn for the given time (the clients run on the same
machine and take some of its cores). `cores`: CPU seconds the server's processes used
per second of the level. Prints a table; writes bench/out/serve.json."""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its workers."""
    total = 0.0
    for p in [pid, *_children(pid)]:
        try:
            total += next(int(x.split()[1]) for x in Path(f"/proc/{p}/status").read_text().splitlines()
                          if x.startswith("VmRSS:")) / 1024
        except (OSError, StopIteration):
            continue
    return total


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) a process and its workers have used."""
    total = 0.0
    for p in [pid, *_children(pid)]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _children(pid: int) -> list[int]:
    try:
        kids = [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return kids + [g for k in kids for g in _children(k)]


def client(port: int, questions: list[str], until: float, out: list[float], errors: list[int], offset: int) -> None:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    k = offset
    while time.perf_counter() < until:
        body = json.dumps({"question": questions[k % len(questions)]}, ensure_ascii=False).encode()
        t0 = time.perf_counter()
        c.request("POST", "/ask", body=body, headers={"content-type": "application/json"})
        r = c.getresponse()
        r.read()
        out.append((time.perf_counter() - t0) * 1000)
        if r.status != 200:
            errors.append(r.status)
        k += 1
    c.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, required=True)
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--workers", default="1,2,4")
    ap.add_argument("--clients", default="1,4,16")
    ap.add_argument("--questions", type=Path, default=ROOT / "eval" / "dev.jsonl")
    ap.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "serve.json")
    args = ap.parse_args()
    recs = [json.loads(x) for x in args.questions.read_text(encoding="utf-8").splitlines() if x.strip()]
    questions = [r["question"] for r in recs]
    today = recs[0].get("today", "2024-03-15")
    res = {"machine": f"{platform.machine()} {os.cpu_count()} cores", "seconds_per_level": args.seconds, "workers": {}}
    print(f"{len(questions)} dev questions, revision off, {args.seconds:.0f} s a level")
    print(f"{'workers':>8}{'clients':>8}{'requests':>10}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}{'errors':>8}{'RSS MB':>9}"
          f"{'cores':>8}")
    for w in [int(x) for x in args.workers.split(",")]:
        res["workers"][w] = one_server(args, w, [int(x) for x in args.clients.split(",")], questions, today)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=2) + "\n")
    print(f"wrote {args.out}")


def one_server(args, workers: int, levels: list[int], questions: list[str], today: str) -> dict:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "NL2CYPHER_REVISE": "never", "HF_HUB_OFFLINE": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "nl2cypher", "serve", "--db", str(args.db), "--port", str(port),
                             "--today", today, "--workers", str(workers)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        ready_s = wait_ready(proc, port, workers)
        client(port, questions, time.perf_counter() + 3, [], [], 0)  # every stage warm
        out = {"server_ready_s": round(ready_s, 2), "levels": {}}
        for n in levels:
            lat: list[float] = []
            errs: list[int] = []
            until = time.perf_counter() + args.seconds
            threads = [threading.Thread(target=client, args=(port, questions, until, lat, errs, i * 37))
                       for i in range(n)]
            start, cpu0 = time.perf_counter(), cpu_s(proc.pid)
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - start
            cores = (cpu_s(proc.pid) - cpu0) / wall
            row = {"requests": len(lat), "rps": round(len(lat) / wall, 1), "p50_ms": round(pct(lat, 50), 2),
                   "p95_ms": round(pct(lat, 95), 2), "mean_ms": round(statistics.mean(lat), 2) if lat else None,
                   "errors": len(errs), "rss_mb": round(rss_mb(proc.pid), 1), "server_cores": round(cores, 2)}
            out["levels"][n] = row
            print(f"{workers:>8}{n:>8}{row['requests']:>10}{row['rps']:>9}{row['p50_ms']:>9}{row['p95_ms']:>9}"
                  f"{row['errors']:>8}{row['rss_mb']:>9}{row['server_cores']:>8}", flush=True)
        return out
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def wait_ready(proc, port: int, workers: int) -> float:
    """Seconds until every worker answers /health (each says its pid)."""
    t0 = time.perf_counter()
    seen: set[int] = set()
    while len(seen) < workers:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            c.request("GET", "/health")
            r = c.getresponse()
            if r.status == 200:
                seen.add(json.loads(r.read())["worker"])
            c.close()
        except OSError:
            time.sleep(0.1)
        if proc.poll() is not None or time.perf_counter() - t0 > 180:
            raise SystemExit("the server did not start")
    return time.perf_counter() - t0


if __name__ == "__main__":
    main()
