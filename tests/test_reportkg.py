"""The second domain: the ReportKG (US companies' yearly filings) as data — its
schema, its demo KG, loading any KG of that schema, and a KG that remembers its
domain and language."""

from __future__ import annotations

import csv
import json
import shutil

import pytest

from conftest import run_cli
from nl2cypher.demo.reportkg import write_reportkg
from nl2cypher.domain import load_domain
from nl2cypher.schema import Schema
from nl2cypher.store import LadybugStore, load_kg

REVENUE = ("MATCH (c:Company)-[:HAS_CONCEPT]->(k:Concept)-[:HAS_FACT]->(f:Fact) "
           "WHERE c.name = $name AND k.name = 'us-gaap:Revenues' RETURN f.year, f.number ORDER BY f.year")


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("reportkg") / "kg"
    write_reportkg(out)
    return out


@pytest.fixture(scope="module")
def report_db(tmp_path_factory, report_dir):
    db = tmp_path_factory.mktemp("reportdb") / "kg.lbug"
    load_kg(report_dir, db, Schema.load(load_domain("reportkg").schema_path), source="demo")
    return db


def _rows(d, kind, name):
    with open(d / kind / f"{name}.csv", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_the_demo_has_what_the_study_asks_about(report_dir):
    companies = _rows(report_dir, "nodes", "Company")
    names = {r["name"] for r in companies}
    assert len(companies) >= 150 and {"APPLE INC.", "META PLATFORMS, INC.", "BROWN & BROWN, INC."} <= names
    tags = {r["name"] for r in _rows(report_dir, "nodes", "Concept")}
    assert len(tags) >= 30 and all(t.startswith("us-gaap:") for t in tags)
    assert "us-gaap:ResearchAndDevelopmentExpense" in tags
    years = {int(r["year"]) for r in _rows(report_dir, "nodes", "Fact")}
    assert years == set(range(2015, 2024))
    assert len(_rows(report_dir, "nodes", "Industry")) >= 20 and len(_rows(report_dir, "nodes", "State")) >= 20
    assert _rows(report_dir, "edges", "IS_DIRECTOR_OF") and _rows(report_dir, "edges", "IS_STAKEHOLDER_OF")


def test_companies_skip_years_and_concepts(report_db):
    with LadybugStore(report_db) as s:
        # a company that listed in the window starts later; concept-years are missing here and there
        first = s.run("MATCH (c:Company)-[:HAS_CONCEPT]->(:Concept)-[:HAS_FACT]->(f:Fact) WHERE c.ticker = 'SNOW' "
                      "RETURN min(f.year)").rows[0][0]
        per_concept = s.run("MATCH (:Company)-[:HAS_CONCEPT]->(k:Concept)-[:HAS_FACT]->(f:Fact) "
                            "RETURN k.id, count(f) AS n").rows
        shared = s.run("MATCH (p:Person)-[:IS_DIRECTOR_OF|IS_STAKEHOLDER_OF]->(c:Company) "
                       "WITH p, count(DISTINCT c) AS n WHERE n > 1 RETURN count(p)").rows[0][0]
    assert first == 2019
    assert any(n < 9 for _, n in per_concept) and max(n for _, n in per_concept) == 9
    assert shared > 0  # a director who also sits at another company


def test_the_same_seed_gives_the_same_kg(tmp_path, report_dir):
    write_reportkg(tmp_path / "again")
    for kind, name in (("nodes", "Fact"), ("edges", "IS_DIRECTOR_OF"), ("nodes", "Person")):
        assert (tmp_path / "again" / kind / f"{name}.csv").read_bytes() == (report_dir / kind / f"{name}.csv").read_bytes()


def test_kg_demo_domain_builds_it_and_says_the_figures_are_synthetic(tmp_path):
    db = tmp_path / "r.lbug"
    r = run_cli("kg", "demo", "--domain", "reportkg", "--db", str(db))
    assert r.returncode == 0, r.stderr
    assert "synthetic" in r.stdout
    r = run_cli("cypher", REVENUE, "-p", "name=APPLE INC.", "--json", "--db", str(db))
    assert r.returncode == 0, r.stderr
    assert [row[0] for row in json.loads(r.stdout)["rows"]] == list(range(2015, 2024))
    r = run_cli("kg", "stats", "--db", str(db))
    assert "Demo ReportKG" in r.stdout and "演示" not in r.stdout  # its own note, not the finance demo's


@pytest.mark.parametrize("args, message", [
    (["--domain", "reportkg", "--size", "10x"], "--size: only for the finance demo"),
    (["--domain", "reportkg", "--refresh"], "--refresh: only for the finance demo"),
    (["--domain", "films"], "unknown domain 'films'"),
])
def test_kg_demo_refuses_what_the_domain_has_not_in_one_line(tmp_path, args, message):
    r = run_cli("kg", "demo", *args, "--db", str(tmp_path / "x.lbug"))
    assert r.returncode != 0 and message in " ".join((r.stdout + r.stderr).split())
    assert "Traceback" not in r.stderr


def test_kg_load_reads_the_schema_inside_the_directory_or_the_domain(tmp_path, report_dir):
    own = tmp_path / "own"
    shutil.copytree(report_dir, own)
    shutil.copy(load_domain("reportkg").schema_path, own / "schema.yaml")
    r = run_cli("kg", "load", str(own), "--db", str(tmp_path / "a.lbug"))
    assert r.returncode == 0, r.stderr
    r = run_cli("kg", "load", str(report_dir), "--domain", "reportkg", "--db", str(tmp_path / "b.lbug"))
    assert r.returncode == 0, r.stderr
    for db in ("a.lbug", "b.lbug"):
        with LadybugStore(tmp_path / db) as s:
            assert s.schema.name == "reportkg" and s.schema.language == "en"
            assert s.run(REVENUE, {"name": "META PLATFORMS, INC."}).rows
    # the finance schema refuses it, naming what it does not know
    r = run_cli("kg", "load", str(report_dir), "--db", str(tmp_path / "c.lbug"))
    assert r.returncode != 0 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
