"""The command line as a user meets it: one-line errors, non-zero exits, no tracebacks."""

import json
import os

from conftest import run_cli


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
    assert "SET would write" in line


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
