"""The command line as a user meets it: one-line errors, non-zero exits, no tracebacks."""

import json
import os

import pytest

from pathlib import Path

from conftest import run_cli

ROOT_EVAL = Path(__file__).resolve().parent.parent / "eval"


def _one_line_error(r):
    assert r.returncode != 0
    assert "Traceback" not in r.stderr + r.stdout
    lines = [l for l in r.stderr.strip().splitlines() if l.strip()]
    assert len(lines) == 1, r.stderr
    return lines[0]


def test_first_use_of_the_default_store_builds_the_demo(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "NL2CYPHER_DB"}
    env["XDG_DATA_HOME"] = str(tmp_path)
    env.pop("NL2CYPHER_DB", None)
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "nl2cypher", "cypher", "MATCH (s:stock) RETURN count(s) AS n", "--json"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "building the demo finance KG" in r.stderr
    assert json.loads(r.stdout)["rows"][0][0] >= 300
    assert (tmp_path / "nl2cypher" / "finance.lbug").is_file()


def test_missing_db_is_a_clear_error(tmp_path):
    line = _one_line_error(run_cli("cypher", "MATCH (n) RETURN n", db=tmp_path / "none.lbug"))
    assert "no KG at" in line and "kg load" in line


def test_write_query_is_refused(mini_db):
    line = _one_line_error(run_cli("cypher", "MATCH (n:stock) SET n.name = 'x' RETURN n", db=mini_db))
    assert "SET is not allowed" in line


def test_bad_query_is_one_line(mini_db):
    line = _one_line_error(run_cli("cypher", "MATCH (n:stock RETURN n", db=mini_db))
    assert line.startswith("error:")


def test_unreachable_neo4j_is_one_line(mini_db):
    r = run_cli("cypher", "RETURN 1", "--store", "neo4j", "--neo4j-uri", "bolt://127.0.0.1:1", db=mini_db)
    assert "cannot reach Neo4j" in _one_line_error(r)


def test_cypher_prints_a_table_with_parameters(mini_db):
    r = run_cli("cypher", "MATCH (s:stock) WHERE s.code = $c RETURN s.name, s.establishment_date", "-p", "c=600519", db=mini_db)
    assert r.returncode == 0, r.stderr
    assert "贵州茅台" in r.stdout and "1999-11-20" in r.stdout and "1 row(s)" in r.stdout


def test_kg_schema_prints_the_compact_form(mini_db):
    r = run_cli("kg", "schema", db=mini_db)
    assert r.returncode == 0, r.stderr
    assert "(:fund_manager)-[:manage]->(:public_offering_fund)" in r.stdout


def test_bad_end_date_is_a_usage_error(tmp_path):
    r = run_cli("kg", "demo", "--end-date", "2024-13-01", db=tmp_path / "x.lbug")
    assert r.returncode == 2 and "not a date" in r.stderr
    assert "Traceback" not in r.stderr


# ---- ask and batch -----------------------------------------------------------

def test_ask_prints_table_cypher_and_synthetic_note(demo_db):
    r = run_cli("ask", "贵州茅台昨天的收盘价是多少", "--today", "2024-03-15", db=demo_db)
    assert r.returncode == 0, r.stderr
    assert "2024-03-14" in r.stdout and "MATCH" in r.stdout and "synthetic" in r.stdout


def test_ask_json_is_the_batch_record(demo_db):
    r = run_cli("ask", "五粮液今天的收盘价", "--json", "--today", "2024-03-15", db=demo_db)
    assert r.returncode == 0, r.stderr
    rec = json.loads(r.stdout)
    assert rec["id"] == 1 and rec["error"] is None and rec["columns"] and rec["params"] == {"p0": "五粮液"}


def test_ask_explain_shows_the_trace(demo_db):
    r = run_cli("ask", "王明管理的基金有哪些", "--explain", "--today", "2024-03-15", db=demo_db)
    assert r.returncode == 0, r.stderr
    assert "mentions" in r.stderr and "timings" in r.stderr and "王明" in r.stderr


def test_ask_unknown_name_is_one_line(demo_db):
    line = _one_line_error(run_cli("ask", "阿里巴巴的收盘价", "--today", "2024-03-15", db=demo_db))
    assert "阿里巴巴" in line


def _write_inputs(tmp_path):
    import openpyxl

    qs = ["贵州茅台的收盘价", "", "东方红银行的收盘价", "王明管理的基金有哪些"]
    (tmp_path / "q.txt").write_text("\n".join(qs) + "\n", encoding="utf-8")
    (tmp_path / "q.csv").write_text("id,问题\n1,贵州茅台的收盘价\n2,东方红银行的收盘价\n3,王明管理的基金有哪些\n", encoding="utf-8")
    (tmp_path / "q.jsonl").write_text("".join(json.dumps({"question": q}, ensure_ascii=False) + "\n"
                                              for q in qs if q), encoding="utf-8")
    wb = openpyxl.Workbook()
    wb.active.append(["query"])
    for q in qs:
        if q:
            wb.active.append([q])
    wb.save(tmp_path / "q.xlsx")


@pytest.mark.parametrize("src, dst", [("q.txt", "a.jsonl"), ("q.csv", "a.csv"), ("q.jsonl", "a.xlsx"),
                                      ("q.xlsx", "a.jsonl")])
def test_batch_formats_in_order_with_failures_recorded(tmp_path, demo_db, src, dst):
    from nl2cypher.batch import done_records

    _write_inputs(tmp_path)
    r = run_cli("batch", str(tmp_path / src), "--out", str(tmp_path / dst), "--today", "2024-03-15", db=demo_db)
    assert r.returncode == 0, r.stderr
    recs = [done_records(tmp_path / dst)[i] for i in (1, 2, 3)]
    assert [x["id"] for x in recs] == [1, 2, 3]
    assert recs[0]["error"] is None and recs[0]["rows"]
    assert recs[1]["error"] and "东方红银行" in recs[1]["error"] and recs[1]["cypher"] is None
    assert recs[2]["error"] is None and recs[2]["columns"]


def test_batch_resume_skips_what_is_done(tmp_path, demo_db):
    _write_inputs(tmp_path)
    out = tmp_path / "a.jsonl"
    first = {"id": 1, "question": "贵州茅台的收盘价", "cypher": "MATCH (n) RETURN 1", "params": {}, "columns": ["x"],
             "rows": [[1]], "error": None, "elapsed_ms": 1.0}
    out.write_text(json.dumps(first, ensure_ascii=False) + "\n" + '{"id": 2, "question": "torn', encoding="utf-8")
    r = run_cli("batch", str(tmp_path / "q.txt"), "--out", str(out), "--resume", "--today", "2024-03-15", db=demo_db)
    assert r.returncode == 0, r.stderr
    recs = [json.loads(l) for l in out.read_text(encoding="utf-8").splitlines()]
    assert [x["id"] for x in recs] == [1, 2, 3] and recs[0]["cypher"] == "MATCH (n) RETURN 1"
    assert "1 kept from before" in r.stdout


@pytest.mark.parametrize("name, content, words", [
    ("bad.csv", 'question\n"unterminated\n', "malformed CSV"),
    ("bad.jsonl", "{not json}\n", "bad.jsonl:1: not JSON"),
    ("bad.xlsx", "not a workbook", "not a readable .xlsx"),
    ("empty.txt", "\n\n", "no questions found"),
    ("q.doc", "x", "unsupported input type .doc"),
])
def test_batch_bad_input_is_one_line(tmp_path, demo_db, name, content, words):
    (tmp_path / name).write_text(content, encoding="utf-8")
    line = _one_line_error(run_cli("batch", str(tmp_path / name), "--out", str(tmp_path / "o.jsonl"), db=demo_db))
    assert words in line


def test_eval_prints_the_seed_table_and_writes_reports(tmp_path, demo_db):
    import openpyxl

    lines = (ROOT_EVAL / "holdout.jsonl").read_text(encoding="utf-8").splitlines()[:4]
    qs = tmp_path / "q.jsonl"
    qs.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = run_cli("eval", str(qs), "--ablation", "no-revise", "--ablation", "no-rank", "--out", str(tmp_path / "o"),
                db=demo_db)
    assert r.returncode == 0, r.stderr
    assert "| method | AF | AC | AF+AC | AF+RR | AF+AC+RR | Total |" in r.stdout
    assert "| no-revise |" in r.stdout and "| no-rank |" in r.stdout
    wb = openpyxl.load_workbook(tmp_path / "o" / "report.xlsx")
    assert wb.sheetnames == ["no-revise", "no-rank"] and wb["no-rank"].max_row == 5
    assert (tmp_path / "o" / "table.csv").read_text(encoding="utf-8").startswith("method,AF,AC")
    assert (tmp_path / "o" / "accuracy.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_eval_scores_a_set_with_a_question_of_no_category(tmp_path, demo_db):
    """A refusal turn written with "category": null counts in the total, not as a column."""
    recs = [json.loads(x) for x in (ROOT_EVAL / "holdout.jsonl").read_text(encoding="utf-8").splitlines()[:3]]
    recs[1]["category"] = None
    qs = tmp_path / "q.jsonl"
    qs.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")
    r = run_cli("eval", str(qs), "--ablation", "no-revise", db=demo_db)
    assert r.returncode == 0, r.stderr
    assert "| method | AF | AC | AF+AC | AF+RR | AF+AC+RR | Total |" in r.stdout


def test_eval_unknown_ablation_is_a_usage_error(tmp_path, demo_db):
    r = run_cli("eval", str(ROOT_EVAL / "holdout.jsonl"), "--ablation", "no-brain", db=demo_db)
    assert r.returncode == 2 and "unknown ablation 'no-brain'" in r.stderr and "Traceback" not in r.stderr


def test_eval_per_category_scores_a_seeded_sample_of_each_type(tmp_path, demo_db):
    import openpyxl

    def sampled(seed):
        out = tmp_path / f"s{seed}"
        r = run_cli("eval", str(ROOT_EVAL / "holdout.jsonl"), "--ablation", "no-revise", "--per-category", "2",
                    "--seed", str(seed), "--out", str(out), db=demo_db)
        assert r.returncode == 0, r.stderr
        assert "no-revise: 10/10 (" in r.stderr  # a log file still learns how far the run is
        ws = openpyxl.load_workbook(out / "report.xlsx")["no-revise"]
        head = [c.value for c in ws[1]]
        rows = [dict(zip(head, (c.value for c in row))) for row in ws.iter_rows(min_row=2)]
        return [r["question"] for r in rows], sorted(r["category"] for r in rows)

    first, cats = sampled(0)
    assert cats == sorted(["AF", "AC", "AF+AC", "AF+RR", "AF+AC+RR"] * 2)
    assert sampled(0)[0] == first and sampled(1)[0] != first
