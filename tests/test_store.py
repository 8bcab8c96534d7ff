import os
from pathlib import Path

import pytest

from nl2cypher.errors import QueryError, StoreError, StoreNotFound, WriteRefused
from nl2cypher.store import LadybugStore, assert_read_only
from nl2cypher.store.neo4j import Neo4jStore

WRITES = [
    "CREATE (n:stock {id: 'x'})",
    "MATCH (n:stock) SET n.name = 'x'",
    "MATCH (n:stock) DETACH DELETE n",
    "MATCH (n:stock) DELETE n",
    "MERGE (n:stock {id: 'x'}) RETURN n",
    "MATCH (n:stock) REMOVE n.name",
    "DROP TABLE stock",
    "COPY stock FROM 'x.csv'",
    "LOAD CSV FROM 'file:///x' AS row RETURN row",
    "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DELETE n', {})",
    "MATCH (n) RETURN n; MATCH (m) DETACH DELETE m",
    "match (n:stock) foreach (x in [1] | create (:stock {id: 'y'}))",
    "MATCH (n:stock) WITH n CALL { WITH n DELETE n } RETURN 1",
]
READS = [
    "MATCH (n:stock) RETURN n.name",
    "MATCH (n:stock) WHERE n.name = 'CREATE TABLE x' RETURN n.name",  # keyword inside a string
    "MATCH (n:stock) // SET n.x = 1\nRETURN n.name",  # keyword inside a comment
    "MATCH (n:stock) RETURN n.code AS `delete`",  # quoted identifier
    "MATCH (n:stock) RETURN {set: n.name} AS m",  # map key
    "CALL show_tables() RETURN *",
    "MATCH (n:stock) RETURN n.name;",  # a trailing semicolon is one statement
]


@pytest.mark.parametrize("q", WRITES)
def test_the_guard_refuses_every_write(q):
    with pytest.raises(WriteRefused):
        assert_read_only(q)


@pytest.mark.parametrize("q", READS)
def test_the_guard_lets_reads_through(q):
    assert_read_only(q)


def test_a_loaded_fixture_answers_known_queries(mini_db):
    with LadybugStore(mini_db) as s:
        # 2-hop: the trades of the stocks held by funds that 王明 manages
        res = s.run("MATCH (m:fund_manager)-[:manage]->(:public_offering_fund)-[:hold]->(:stock)-[:belong_to]->(t:trade) "
                    "WHERE m.name = $name RETURN DISTINCT t.name ORDER BY t.name", {"name": "王明"})
        assert res.columns == ["t.name"]
        assert res.rows == [["电池"], ["白酒"]]
        res = s.run("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = $n AND d.date = date('2024-03-14') "
                    "RETURN d.closing_price, d.date, d.raising_limit", {"n": "贵州茅台"})
        assert res.rows == [[1700.5, "2024-03-14", False]]
        # nodes come back as property maps with _label; dates and datetimes as ISO strings
        [[node]] = s.run("MATCH (f:public_offering_fund) WHERE f.code = '110022' RETURN f").rows
        assert node["_label"] == "public_offering_fund"
        assert node["name"] == "易方达消费行业股票"
        assert node["subscription_start_time"] == "2010-07-19T09:30:00"
        assert node["id"] == "f1"
        # empty cells are nulls; quoted cells keep their commas
        assert s.run("MATCH (f:public_offering_fund {id: 'f2'}) RETURN f.management_fee, f.subscription_end_time").rows == [[None, None]]
        assert s.run("MATCH (i:information {id: 'n1'}) RETURN i.name").rows == [["贵州茅台发布公告，2023年净利润同比增长19%"]]
        # one edge file joins two start labels
        res = s.run("MATCH (a)-[r:involve]->(i:information) RETURN label(a), r.tendency ORDER BY r.tendency")
        assert res.rows == [["public_offering_fund", -1], ["stock", 1]]
        # relationship values carry _type
        [[rel]] = s.run("MATCH (:public_offering_fund {id: 'f1'})-[h:hold]->(:stock {code: '600519'}) RETURN h").rows
        assert rel == {"position_ratio": 9.8, "position_amount": 147000000.0, "_type": "hold"}
        assert sorted(s.aliases()) == [("s1", "stock", "茅台"), ("s3", "stock", "宁王")]
        assert s.schema.name == "finance"


def test_explain_checks_names_without_running(mini_db):
    with LadybugStore(mini_db) as s:
        s.explain("MATCH (s:stock) RETURN s.name")
        with pytest.raises(QueryError, match="nope"):
            s.explain("MATCH (s:stock) RETURN s.nope")
        with pytest.raises(QueryError, match="stok"):
            s.explain("MATCH (s:stok) RETURN s")
        with pytest.raises(WriteRefused):
            s.explain("MATCH (s:stock) DELETE s")


def test_ladybug_refuses_writes_and_opens_read_only(mini_db):
    with LadybugStore(mini_db) as s:
        for q in WRITES[:3]:
            with pytest.raises(WriteRefused):
                s.run(q)
        # second line of defence: even past the guard, the file is open read-only
        with pytest.raises(QueryError, match="read-only"):
            s._run("CREATE (n:stock {id: 'x'})", {}, None)
        assert s.run("MATCH (n:stock) RETURN count(n)").rows == [[3]]


def test_query_errors_and_timeouts_are_one_line(mini_db):
    with LadybugStore(mini_db) as s:
        with pytest.raises(QueryError) as e:
            s.run("MATCH (n:stock RETURN n")
        assert "\n" not in str(e.value)
        with pytest.raises(QueryError, match="timed out"):
            s.run("UNWIND range(1, 1000000) AS x UNWIND range(1, 1000) AS y WITH x, y WHERE (x * y) % 7 = 3 "
                  "RETURN sum(x)", timeout_s=0.05)


def test_a_missing_store_says_how_to_make_one(tmp_path):
    with pytest.raises(StoreNotFound, match="kg load"):
        LadybugStore(tmp_path / "nothing.lbug")
    junk = tmp_path / "junk.lbug"
    junk.write_text("not a database")
    with pytest.raises(StoreError):
        LadybugStore(junk)


def test_neo4j_refuses_writes_before_connecting():
    # no server needed: the guard runs before the driver is touched
    s = Neo4jStore("bolt://127.0.0.1:1", "neo4j", "x")
    for q in WRITES:
        with pytest.raises(WriteRefused):
            s.run(q)


def test_neo4j_unreachable_is_a_clear_error():
    s = Neo4jStore("bolt://127.0.0.1:1", "neo4j", "x")
    with pytest.raises(StoreError, match="cannot reach Neo4j at bolt://127.0.0.1:1"):
        s.run("RETURN 1")


NEO4J_URI = os.environ.get("NEO4J_URI")


@pytest.mark.skipif(not NEO4J_URI, reason="NEO4J_URI is not set: no Neo4j server to test against")
def test_neo4j_server_runs_reads_and_refuses_writes():
    with Neo4jStore() as s:
        res = s.run("RETURN date('2024-03-15') AS d, 1 + $x AS y", {"x": 2})
        assert res.columns == ["d", "y"]
        assert res.rows == [["2024-03-15", 3]]
        with pytest.raises(WriteRefused):
            s.run("CREATE (n:stock {id: 'x'})")
        # the session itself is READ: the server refuses what the guard never sees
        with pytest.raises(Exception):
            s._run("CREATE (n:nl2cypher_probe) RETURN n", {}, None)


def test_a_full_page_cache_costs_no_answer(demo_db):
    """Issue 25: the store's page cache is sized on purpose (not most of the machine);
    when a long run fills a small one, the store reopens and answers on."""
    import datetime as dt
    import json

    from nl2cypher.engine import Engine

    store = LadybugStore(demo_db, buffer_pool_mb=64)
    engine = Engine(store, revise="never", rank=False)
    root = Path(__file__).resolve().parent.parent
    lines = [json.loads(x) for x in open(root / "eval" / "dev.jsonl", encoding="utf-8")]
    failed = [r["question"] for r in lines
              if engine.ask(r["question"], today=dt.date.fromisoformat(r["today"])).error_type == "QueryError"]
    assert failed == [] and store.reopened >= 1 and store.buffer_pool_mb == 64
    engine.close()


def test_a_condition_after_the_top_one_is_picked_does_not_pick_another(engine):
    """Ladybug applies a MATCH's WHERE before the WITH … LIMIT above it; written as WITH *
    WHERE, the top company's former chairmen are asked — none here, not another company's."""
    top = engine.store.run("MATCH (s:stock) RETURN s.name ORDER BY s.registered_capital DESC, s.name LIMIT 1").rows[0][0]
    ans = engine.ask("注册资本最大的公司以前的董事长是谁")
    assert ans.error is None and all(r[1] == top for r in ans.rows), (ans.cypher, ans.rows)


def test_hand_written_text_that_filters_after_a_limit_means_what_it_says(engine):
    """A gold or a `cypher` command run by hand meets the same store: the ten biggest
    volumes of a day, then those of them in one board — not that board's biggest ten."""
    top = ("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') "
           "WITH s ORDER BY d.volume DESC, s.name LIMIT 10 ")
    boards = engine.store.run(top + "MATCH (s)-[:belong_to]->(t:trade) RETURN t.name").rows
    board = next(b for (b,) in engine.store.run("MATCH (t:trade) RETURN t.name ORDER BY t.name").rows
                 if [b] not in boards)
    n = engine.store.run(top + "MATCH (s)-[:belong_to]->(t:trade {name: $b}) RETURN count(DISTINCT s)", {"b": board})
    assert n.rows == [[0]], board
