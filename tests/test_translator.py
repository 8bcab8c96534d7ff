"""The heuristic translator end to end: real jieba, real sentence encoder,
real Ladybug. Accuracy is measured by executing gold and predicted queries."""

import datetime as dt
import json
import os
from pathlib import Path

import pytest

from conftest import DEMO_END
from nl2cypher.engine import Engine
from nl2cypher.evaluate import CATEGORIES, evaluate, read_questions, results_match, table
from nl2cypher.store import LadybugStore, load_kg

ROOT = Path(__file__).resolve().parent.parent


def _accuracy(report):
    by = {c: [r["execution_accuracy"] for r in report if r["category"] == c] for c in CATEGORIES}
    total = sum(r["execution_accuracy"] for r in report) / len(report)
    return total, {c: sum(v) / len(v) for c, v in by.items() if v}


def test_dev_set_accuracy(engine):
    qs = read_questions(ROOT / "eval" / "dev.jsonl")
    assert len(qs) >= 400
    report = evaluate(engine, qs)
    total, per = _accuracy(report)
    print("\n" + table(report))
    assert total >= 0.85
    assert all(v >= 0.75 for v in per.values()), per
    assert set(per) == set(CATEGORIES)


def test_it_generalises_to_another_kg(tmp_path):
    """Other company, fund and manager names, another year: the same templates,
    filled from the new KG, are answered as well."""
    import sys

    sys.path.insert(0, str(ROOT / "eval"))
    import build_dev
    from support.alt_kg import ALT_END, write_alt_kg

    src = write_alt_kg(tmp_path / "alt")
    db = tmp_path / "alt.lbug"
    load_kg(src, db)
    with LadybugStore(db) as s:
        assert s.run("MATCH (s:stock) WHERE s.name = '贵州茅台' RETURN count(s)").rows == [[0]]
        assert s.run("MATCH (d:stock_data) RETURN max(d.date)").rows == [[ALT_END.isoformat()]]
    out = tmp_path / "alt_dev.jsonl"
    build_dev.main(["--db", str(db), "--today", ALT_END.isoformat(), "--out", str(out), "--seed", "11"])
    e = Engine(db, ALT_END)
    report = evaluate(e, read_questions(out))
    total, per = _accuracy(report)
    print("\n" + table(report))
    assert total >= 0.85
    assert all(v >= 0.75 for v in per.values()), per


def test_the_worked_examples_of_the_design(engine):
    ans = engine.ask("王明管理的基金持有的股票都属于哪些板块？")
    direct = engine.store.run("MATCH (m:fund_manager)-[:manage]->(:public_offering_fund)-[:hold]->(:stock)"
                              "-[:belong_to]->(t:trade) WHERE m.name = '王明' RETURN DISTINCT t.name")
    assert ans.error is None and sorted(ans.rows) == sorted(direct.rows)
    assert ans.params == {"p0": "王明"} and "王明" not in ans.cypher
    ans = engine.ask("五粮液和泸州老窖昨天收盘价相差多少")
    a, b = (engine.store.run("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = $n AND "
                             "d.date = date('2024-03-14') RETURN d.closing_price", {"n": n}).rows[0][0]
            for n in ("五粮液", "泸州老窖"))
    assert ans.rows[0][-1] == pytest.approx(abs(a - b))


def test_question_text_reaches_the_store_only_as_parameters(engine):
    for q in ["贵州茅台昨天的收盘价是多少", "以中国开头的股票", "名字中带有科技的股票", "王明管理的基金有哪些",
              "广东的创业板股票有哪些"]:
        ans = engine.ask(q)
        assert ans.error is None, q
        for v in ans.params.values():
            for text in (v if isinstance(v, list) else [v]):
                if isinstance(text, str):
                    assert text not in ans.cypher, (q, ans.cypher)


def test_a_non_trading_day_uses_the_latest_trading_day_and_says_so(engine):
    ans = engine.ask("贵州茅台今天的收盘价", today=dt.date(2024, 3, 17))  # a Sunday
    assert ans.error is None and "2024-03-15" in ans.cypher
    assert any("不是交易日" in n for n in ans.notes)


BAD = ["", "   ", "？？？！", "😀😀", "x" * 2000, "贵" * 2000, '"; MATCH (n) DETACH DELETE n //',
       "MATCH (n) DETACH DELETE n", "DROP TABLE stock; 贵州茅台的收盘价", "What is the closing price of Moutai?",
       "请删除所有股票", "hello"]


@pytest.mark.parametrize("q", BAD)
def test_bad_questions_get_an_answer_or_a_clear_error_and_never_write(engine, q):
    before = engine.store.run("MATCH (n) RETURN count(n)").rows
    ans = engine.ask(q)
    assert ans.error is None or (ans.error and "\n" not in ans.error and "Traceback" not in ans.error)
    if ans.cypher:
        for word in ("DELETE", "CREATE", "SET ", "MERGE", "DROP", "REMOVE"):
            assert word not in ans.cypher.upper()
    assert engine.store.run("MATCH (n) RETURN count(n)").rows == before


def test_ranking_chooses_among_candidates_with_the_encoder(engine):
    ans = engine.translate("开盘价大于10的券商行业股票", DEMO_END)
    cands = ans.trace.candidates
    assert len(cands) >= 2 and len({c["score"] for c in cands}) == len(cands)
    assert "(t:trade)" in ans.cypher and "stock_data" in ans.cypher
    assert all(c["description"] for c in cands)


def test_the_trace_times_every_stage(engine):
    ans = engine.ask("贵州茅台昨天的收盘价是多少")
    assert set(ans.trace.timings_ms) >= {"lexicon", "units", "synthesis", "ranking", "execution"}
    assert [m.kind for m in ans.trace.mentions] == ["entity", "time", "property"]
    rec = ans.record(1)
    assert set(rec) == {"id", "question", "cypher", "params", "columns", "rows", "error", "elapsed_ms",
                        "confidence", "unexplained", "interpretation"}
    json.dumps(rec, ensure_ascii=False)


@pytest.mark.parametrize("gold, pred, ordered, ok", [
    ((["a"], [[1], [2]]), (["x", "y"], [["n", 2], ["m", 1]]), False, True),  # extra columns, any order
    ((["a"], [[1], [2]]), (["y"], [[2], [1]]), True, False),  # order matters when the gold orders
    ((["a"], [[1.0000001]]), (["y"], [[1.0]]), False, True),  # float noise
    ((["a"], [[1]]), (["y"], [[1], [2]]), False, False),  # extra rows
    ((["a"], []), (["y"], []), False, True),
    ((["a"], [[{"id": "s1", "_label": "stock", "name": "x"}]]), (["n"], [[{"id": "s1", "_label": "stock"}]]), False, True),
])
def test_result_comparison(gold, pred, ordered, ok):
    assert results_match(gold[0], gold[1], pred[0], pred[1], ordered) is ok


NEO4J_URI = os.environ.get("NEO4J_URI")


@pytest.mark.skipif(not NEO4J_URI, reason="NEO4J_URI is not set: no Neo4j server to check the Neo4j dialect against")
def test_neo4j_dialect_parses_on_a_server(demo_db):
    """Every dev question's query, rendered for Neo4j, passes the server's EXPLAIN."""
    from nl2cypher.store.neo4j import Neo4jStore

    e = Engine(demo_db, DEMO_END, rank=False, dialect="neo4j")
    with Neo4jStore() as neo:
        for rec in read_questions(ROOT / "eval" / "dev.jsonl")[:100]:
            ans = e.translate(rec["question"], DEMO_END)
            neo.explain(ans.cypher, ans.params)


def test_metrics_by_name_on_known_cases():
    from nl2cypher.evaluate import METRICS, Outcome

    right = Outcome(["a"], [[1]], ["x"], [[1]], "MATCH (n) RETURN 1", "MATCH (n) RETURN 1")
    wrong = Outcome(["a"], [[1]], ["x"], [[2]], "MATCH (n) RETURN 1", "MATCH (m) RETURN 2")
    broken = Outcome(["a"], [[1]], [], [], "MATCH (n) RETURN 1", None, "refused")
    assert set(METRICS) >= {"execution_accuracy", "executability", "exact_match"}
    assert [METRICS["execution_accuracy"](o) for o in (right, wrong, broken)] == [True, False, False]
    assert [METRICS["executability"](o) for o in (right, wrong, broken)] == [True, True, False]
    assert [METRICS["exact_match"](o) for o in (right, wrong, broken)] == [True, False, False]
