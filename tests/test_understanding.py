"""Issue 12: the engine knows what it understood — every word of a question is
a mention, a trigger unit or a filler word (patterns/lang/zh/fillers.yaml);
what is left is reported, lowers the confidence below the trust line, and
`--strict` refuses. Questions no KG answers are refused, not tabled.

All on real parts: the demo KG in Ladybug, real jieba, the real encoder."""

from __future__ import annotations

import json
import shutil

import pytest

import nl2cypher.lang as lang_pack
from nl2cypher.evaluate import calibration

from conftest import DEMO_END, run_cli


def _rows(engine, cypher: str) -> list[list]:
    return engine.store.run(cypher).rows


# ---- phrasing: frames, fillers, glued words --------------------------------------------------
@pytest.mark.parametrize("question", [
    "可以说说比亚迪属于哪个板块吗",
    "能不能告诉我比亚迪是哪个板块的",
    "请问一下，比亚迪在哪个板块",
])
def test_a_polite_frame_is_not_a_yes_no_question(engine, question):
    ans = engine.ask(question)
    assert ans.error is None
    assert ans.kind != "yesno" and any("汽车整车" in r for r in ans.rows), (ans.cypher, ans.rows)
    assert ans.confidence >= 0.5, ans.unexplained


def test_a_request_ending_in_a_polite_question_answers_the_request(engine):
    ans = engine.ask("我想知道招商银行昨天的收盘价，请问可以提供吗")
    gold = _rows(engine, "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '招商银行' "
                         "AND d.date = date('2024-03-14') RETURN d.closing_price")
    assert ans.error is None and ans.rows[0][-1] == gold[0][0]


@pytest.mark.parametrize("question", ["想问下王明管理哪些基金", "您好，想问下王明管理哪些基金", "看看王明管理哪些基金"])
def test_filler_words_glued_to_a_name_are_not_part_of_it(engine, question):
    ans = engine.ask(question)
    gold = _rows(engine, "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.name = '王明' RETURN f.name")
    assert ans.error is None, ans.error
    assert sorted(r[-1] for r in ans.rows) == sorted(r[0] for r in gold)


# ---- understanding: unexplained words, confidence, interpretation ---------------------------------
def test_a_question_read_word_by_word_is_sure_and_says_what_it_asked(engine):
    ans = engine.ask("贵州茅台昨天的收盘价是多少")
    assert ans.unexplained == [] and ans.confidence >= 0.9
    assert "贵州茅台" in ans.interpretation and "2024-03-14" in ans.interpretation and "收盘价" in ans.interpretation
    assert not any("可能没有完全理解" in n for n in ans.notes)


def test_a_word_nothing_explains_is_reported_and_flags_the_answer(engine):
    ans = engine.ask("贵州茅台昨天的收盘价按照阴阳五行")
    assert "阴阳五行" in "".join(ans.unexplained)
    assert ans.confidence < 0.5
    assert any(n.startswith("可能没有完全理解") and "阴阳五行" in n for n in ans.notes)


def test_a_number_the_query_does_not_use_flags_the_answer(engine):
    ans = engine.ask("贵州茅台的注册资本 8888")
    assert ans.error is None and ans.confidence < 0.5
    assert "8888" in ans.trace.understanding.ignored


def test_a_past_period_a_static_property_cannot_have_flags_the_answer(engine):
    # the KG keeps one registered capital per company: 2022年的 went unused, said so
    past = engine.ask("五粮液2022年的注册资本是多少")
    assert past.error is None and past.confidence < 0.5 and "2022年" in past.trace.understanding.ignored
    now = engine.ask("五粮液现在的注册资本是多少")  # what holds now is what the KG has
    assert now.error is None and now.confidence >= 0.5, now.trace.understanding.ignored


def test_a_period_on_an_end_date_filters_that_date(engine):
    ans = engine.ask("最近一年内有董事长离任的公司有哪些")
    want = engine.store.run("MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.departure_date >= date('2023-03-16') "
                            "AND c.departure_date <= date('2024-03-15') RETURN DISTINCT s.name")
    assert ans.confidence >= 0.5 and sorted(r[0] for r in ans.rows) == sorted(r[0] for r in want.rows), ans.cypher


def test_the_record_carries_confidence_unexplained_and_interpretation(engine):
    rec = engine.ask("五粮液的注册资本").record(1)
    assert set(rec) >= {"id", "question", "cypher", "params", "columns", "rows", "error", "elapsed_ms",
                        "confidence", "unexplained", "interpretation"}
    assert 0.0 <= rec["confidence"] <= 1.0 and rec["unexplained"] == [] and "五粮液" in rec["interpretation"]


# ---- out of scope ------------------------------------------------------------------------------------
@pytest.mark.parametrize("question", ["行业和产业有什么区别", "明天会涨吗", "贵州茅台明天的收盘价", "比亚迪值得买吗",
                                      "现在应该抄底白酒吗", "后天宁德时代会涨吗"])
def test_a_question_no_kg_answers_is_refused_not_tabled(engine, question):
    ans = engine.ask(question)
    assert ans.error is not None and ans.error_type == "OutOfScope", (ans.error, ans.cypher)
    assert ans.rows == [] and "\n" not in ans.error


# ---- the filler file is data --------------------------------------------------------------------------
@pytest.fixture
def own_patterns(tmp_path, monkeypatch):
    """A copy of the shipped patterns a user may edit."""
    root = tmp_path / "patterns"
    shutil.copytree(lang_pack.data_path("patterns"), root)
    monkeypatch.setattr(lang_pack, "data_path", lambda folder: root if folder == "patterns" else None)
    lang_pack.load_language.cache_clear()
    yield root
    monkeypatch.undo()
    lang_pack.load_language.cache_clear()


def test_a_new_filler_word_needs_no_code(demo_db, own_patterns):
    from nl2cypher.engine import Engine

    question = "贵州茅台昨天的收盘价嗷呜"
    with Engine(demo_db, DEMO_END) as before:
        ans = before.ask(question)
        assert ans.unexplained == ["嗷呜"] and ans.confidence < 0.5
    fillers = own_patterns / "lang" / "zh" / "fillers.yaml"
    fillers.write_text(fillers.read_text(encoding="utf-8").replace("words: [", "words: [嗷呜, ", 1), encoding="utf-8")
    lang_pack.load_language.cache_clear()
    with Engine(demo_db, DEMO_END) as after:
        ans = after.ask(question)
        assert ans.unexplained == [] and ans.confidence >= 0.5 and ans.rows


# ---- the command line: interpretation first, --strict, batch records --------------------------------------
def test_ask_prints_what_it_understood_above_the_table(demo_db):
    r = run_cli("ask", "贵州茅台昨天的收盘价", "--today", "2024-03-15", db=demo_db)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("→"))
    assert "贵州茅台" in lines[at] and "confidence" in lines[at]
    assert at < next(i for i, line in enumerate(lines) if "收盘价" in line and "┃" in line)


def test_strict_refuses_what_it_did_not_understand(demo_db):
    unsure = "贵州茅台昨天的收盘价按照阴阳五行"
    r = run_cli("ask", unsure, "--today", "2024-03-15", db=demo_db)
    assert r.returncode == 0 and "可能没有完全理解" in r.stdout
    for args, env in ((["--strict"], None), ([], {"NL2CYPHER_STRICT": "1"})):
        r = run_cli("ask", unsure, "--today", "2024-03-15", *args, db=demo_db, env=env)
        assert r.returncode == 1 and "阴阳五行" in r.stderr and "Traceback" not in r.stderr
    r = run_cli("ask", "贵州茅台昨天的收盘价", "--today", "2024-03-15", "--strict", db=demo_db)
    assert r.returncode == 0, r.stderr


def test_batch_records_carry_the_new_fields_in_every_format(demo_db, engine, tmp_path):
    """The command line writes the records; the other formats come from the same
    writer, fed by the session's engine (one engine load, not three)."""
    qs = tmp_path / "q.txt"
    qs.write_text("五粮液的注册资本\n贵州茅台昨天的收盘价按照阴阳五行\n行业和产业有什么区别\n", encoding="utf-8")
    from nl2cypher.batch import done_records, read_questions, run_batch

    r = run_cli("batch", str(qs), "--out", str(tmp_path / "a.jsonl"), "--today", "2024-03-15", db=demo_db)
    assert r.returncode == 0, r.stderr
    for ext in ("csv", "xlsx"):
        run_batch(read_questions(qs), tmp_path / f"a.{ext}", lambda q: engine.ask(q).record())
    for ext in ("jsonl", "csv", "xlsx"):
        out = tmp_path / f"a.{ext}"
        recs = [done_records(out)[k] for k in sorted(done_records(out))]
        assert recs[0]["confidence"] >= 0.5 and recs[0]["unexplained"] == [] and "五粮液" in recs[0]["interpretation"]
        assert recs[1]["confidence"] < 0.5 and "阴阳五行" in "".join(recs[1]["unexplained"])
        assert recs[2]["error"] and not recs[2]["rows"]
    first = json.loads((tmp_path / "a.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert list(first)[:8] == ["id", "question", "cypher", "params", "columns", "rows", "error", "elapsed_ms"]


# ---- calibration in eval ---------------------------------------------------------------------------------------
def test_calibration_counts_silent_errors_and_flagged_right_answers():
    rep = [
        {"execution_accuracy": True, "error": None, "confidence": 0.95},
        {"execution_accuracy": True, "error": None, "confidence": 0.3},  # right, flagged
        {"execution_accuracy": False, "error": None, "confidence": 0.97},  # silent
        {"execution_accuracy": False, "error": None, "confidence": 0.2},  # wrong, flagged
        {"execution_accuracy": False, "error": "知识图谱中没有「X」", "confidence": None},  # wrong, said so
        {"execution_accuracy": True, "error": "…", "confidence": None, "expect": "refusal"},  # a right refusal
    ]
    cal = calibration(rep)
    assert cal["silent"] == 1 and cal["flagged_right"] == 1
    assert cal["flagged_right_rate"] == round(1 / 2, 3)
    top = next(b for b in cal["buckets"] if b["bucket"].startswith("[0.9"))
    assert top["n"] == 2 and top["accuracy"] == 0.5


def test_eval_reports_calibration_and_scores_expected_refusals(demo_db, tmp_path):
    qs = tmp_path / "q.jsonl"
    lines = [
        {"question": "五粮液的注册资本", "category": "AF", "today": "2024-03-15",
         "gold": "MATCH (s:stock) WHERE s.name = '五粮液' RETURN s.registered_capital"},
        {"question": "行业和产业有什么区别", "category": "AF", "today": "2024-03-15", "expect": "refusal"},
    ]
    qs.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    r = run_cli("eval", str(qs), "--out", str(tmp_path / "rep"), db=demo_db)
    assert r.returncode == 0, r.stderr
    assert "| full | 1.000 |" in r.stdout and "silent errors 0/2" in r.stdout
    assert (tmp_path / "rep" / "calibration.md").read_text(encoding="utf-8").count("|") > 10
    assert (tmp_path / "rep" / "reliability.png").stat().st_size > 1000
