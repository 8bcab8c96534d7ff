"""Question sets generated from the live KG (`nl2cypher eval generate`)."""

import datetime as dt
import json

import pytest

from conftest import DEMO_END, run_cli
from nl2cypher.evaluate import CATEGORIES, evaluate, results_match
from nl2cypher.generate import TemplateError, generate_questions, load_templates, steady
from nl2cypher.resources import data_path
from nl2cypher.schema import default_schema
from nl2cypher.store import LadybugStore, load_kg, refresh_kg
from nl2cypher.demo.finance import next_day_dir, write_demo

TEMPLATES = data_path("eval") / "generate_templates.yaml"


def test_shipped_templates_cover_every_category_with_at_least_40():
    spec = load_templates(TEMPLATES)
    assert len(spec.templates) >= 40
    assert {t.category for t in spec.templates} == set(CATEGORIES)


def test_generated_questions_have_gold_answers_from_the_kg(demo_db):
    with LadybugStore(demo_db) as store:
        qs = generate_questions(store, TEMPLATES, 120, seed=3)
        assert len(qs) == 120 and len({q["question"] for q in qs}) == 120
        assert {q["category"] for q in qs} == set(CATEGORIES)
        assert all(q["today"] == DEMO_END.isoformat() for q in qs)
        for q in qs[::7]:
            gold = store.run(q["gold"])
            assert sorted(map(str, steady(gold.rows))) == sorted(map(str, q["answer"]["rows"])) and gold.rows
        # slot values come from the KG: every manager named is one the KG has
        managers = {r[0] for r in store.run("MATCH (m:fund_manager) RETURN m.name").rows}
        named = [q for q in qs if q["template"] == "manager_funds"]
        assert named and all(any(m in q["question"] for m in managers) for q in named)
    again = generate_questions(LadybugStore(demo_db), TEMPLATES, 120, seed=3)
    assert again == qs  # reproducible from the seed


def test_regenerating_on_a_refreshed_kg_moves_dates_and_answers(tmp_path):
    src = tmp_path / "kg"
    write_demo(src, DEMO_END)
    db = tmp_path / "kg.lbug"
    load_kg(src, db, default_schema(), source="demo")
    with LadybugStore(db) as store:
        before = generate_questions(store, TEMPLATES, 60, seed=1)
        day, _ = next_day_dir(store, tmp_path / "next")
    refresh_kg(tmp_path / "next", db)
    with LadybugStore(db) as store:
        after = generate_questions(store, TEMPLATES, 60, seed=1)
    assert day == dt.date(2024, 3, 18)  # the next trading day after Friday 15 March
    assert {q["today"] for q in after} == {day.isoformat()}
    top = [(b, a) for b, a in zip(before, after, strict=True) if b["template"] == "top_k_volume"]
    assert top and all(day.isoformat() in a["gold"] and "2024-03-15" not in a["gold"] for _, a in top)
    assert any(b["answer"] != a["answer"] for b, a in zip(before, after, strict=True))


def test_eval_scores_against_recorded_answers_without_gold_queries(engine, demo_db):
    with LadybugStore(demo_db) as store:
        qs = generate_questions(store, TEMPLATES, 12, seed=5)
    answers_only = [{k: v for k, v in q.items() if k != "gold"} for q in qs]
    report = evaluate(engine, answers_only)
    assert all(r["execution_accuracy"] for r in report)
    wrong = [dict(answers_only[0], answer={"columns": ["x"], "rows": [["no such value"]]})]
    assert not evaluate(engine, wrong)[0]["execution_accuracy"]
    # an ordered answer is compared in order
    assert not results_match(["a"], [[1], [2]], ["a"], [[2], [1]], ordered=True)
    # a gold ordered by names alone is a tie-break, compared as a set; ordered by a measure, in order
    from nl2cypher.evaluate import _is_ordered
    assert not _is_ordered("MATCH (s)-[]->(i) RETURN i.name, s.name ORDER BY i.name, s.name")
    assert not _is_ordered("MATCH (s)-[]->(t) RETURN s.name, s.code ORDER BY s.code")  # codes' spelling: a set too
    # …and by a name's alias (ORDER BY stock after s.name AS stock)
    assert not _is_ordered("MATCH (s) RETURN s.name AS stock, s.closing_price AS close ORDER BY stock")
    assert _is_ordered("MATCH (s) RETURN s.name AS stock, s.closing_price AS close ORDER BY close DESC, stock")
    assert _is_ordered("MATCH (s) RETURN s.name ORDER BY s.registered_capital DESC, s.name")
    # …and a grouped answer ordered by its group keys alone (学历分布 by the degree's spelling); by its count, in order
    assert not _is_ordered("MATCH (m) RETURN m.degree AS degree, count(m) AS n ORDER BY degree")
    assert _is_ordered("MATCH (m) RETURN m.degree, count(m) AS n ORDER BY n DESC, m.degree")
    # names or codes after the ranking only break its ties: rows tied on the ranking in either order
    by_day = _is_ordered("MATCH (n) RETURN n.code, n.online_release_date ORDER BY n.online_release_date, n.code")
    assert by_day == (1,)
    assert results_match(["c", "d"], [["a", 1], ["b", 1], ["c", 2]], ["c", "d"], [["b", 1], ["a", 1], ["c", 2]], by_day)
    assert not results_match(["c", "d"], [["a", 1], ["b", 1], ["c", 2]], ["c", "d"], [["c", 2], ["a", 1], ["b", 1]], by_day)
    # an ORDER BY that picks (WITH … ORDER BY … LIMIT 1, then MATCH) orders no rows returned
    assert not _is_ordered("MATCH (u) WITH u ORDER BY u.scale DESC LIMIT 1 MATCH (s)-[]->(u) RETURN DISTINCT s.name")
    # a collect() list cell is the same list in any order (the store's order), not with another name
    assert results_match(["n", "names"], [[2, ["b", "a"]]], ["n", "names"], [[2, ["a", "b"]]], ordered=False)
    assert not results_match(["n", "names"], [[2, ["b", "a"]]], ["n", "names"], [[2, ["a", "c"]]], ordered=False)


def test_cli_generate_writes_questions_and_refuses_bad_templates(tmp_path, demo_db):
    out = tmp_path / "gen.jsonl"
    r = run_cli("eval", "generate", "--n", "45", "--out", str(out), db=demo_db)
    assert r.returncode == 0, r.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 45 and "wrote 45 questions (reference day 2024-03-15)" in r.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("calendar: MATCH (d:stock_data) RETURN DISTINCT d.date\ntemplates:\n"
                   "  - {id: x, category: AF, q: ['{nobody}的净值'], gold: 'MATCH (n) RETURN n'}\n", encoding="utf-8")
    r = run_cli("eval", "generate", "--templates", str(bad), "--n", "3", "--out", str(out), db=demo_db)
    assert r.returncode == 1 and "unknown slot {nobody}" in r.stderr and "Traceback" not in r.stderr
    with pytest.raises(TemplateError, match="needs a non-empty `templates` list"):
        bad.write_text("slots: {}\n", encoding="utf-8")
        load_templates(bad)
