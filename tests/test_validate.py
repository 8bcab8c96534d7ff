"""Every refusal path of the revision validator, with real query strings and
the real embedded store."""

import pytest

from nl2cypher.lang import load_language
from nl2cypher.revise.validate import Validator, extract_cypher
from nl2cypher.store import LadybugStore

Q = "贵州茅台昨天的收盘价是多少"
CAND = ("MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.name = $p0 AND sd.date = date('2024-03-14') "
        "RETURN s.name, sd.closing_price")


@pytest.fixture
def validator(mini_db):
    store = LadybugStore(mini_db)
    yield Validator(store.schema, store, Q, CAND, {"p0": "贵州茅台"}, question_dates=["2024-03-14"])
    store.close()


@pytest.mark.parametrize("output, query", [
    ("```cypher\nMATCH (n:stock) RETURN n.name\n```\n这个查询返回所有股票。", "MATCH (n:stock) RETURN n.name"),
    ("MATCH (n:stock)\nRETURN n.name<|im_end|>", "MATCH (n:stock) RETURN n.name"),
    ("<|im_start|>assistant\n修改后的查询：MATCH (n:stock) RETURN n.name;\n\n说明：去掉了多余条件", "MATCH (n:stock) RETURN n.name"),
    ("<think>先想一想</think>MATCH (n:stock) RETURN n.code", "MATCH (n:stock) RETURN n.code"),
    ("Here is the query with the fix: MATCH (n:stock) RETURN n.name", "MATCH (n:stock) RETURN n.name"),
    ("我不知道", None),
    ("", None),
])
def test_extract_cypher(output, query):
    assert extract_cypher(output, load_language("zh").explanation_starts) == query


def test_a_good_revision_passes_and_question_text_becomes_a_parameter(validator):
    v = validator.check("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '贵州茅台' "
                        "AND d.date = date('2024-03-14') RETURN d.closing_price")
    assert v.ok, v.refused
    assert "'贵州茅台'" not in v.query and "$p0" in v.query and v.params == {"p0": "贵州茅台"}


def test_a_simply_reversed_arrow_is_turned_round(validator):
    v = validator.check("MATCH (s:stock)<-[:has_stock_data]-(d:stock_data) WHERE s.name = $p0 "
                        "AND d.date = date('2024-03-14') RETURN d.closing_price")
    assert v.ok, v.refused
    assert "(s:stock)-[:has_stock_data]->(d:stock_data)" in v.query and v.fixes


@pytest.mark.parametrize("output, reason", [
    ("这个问题我无法回答", "no Cypher query"),
    ("MATCH (s:stock) DETACH DELETE s", "DETACH is not allowed"),
    ("MATCH (s:stock) SET s.name = 'x' RETURN s", "SET is not allowed"),
    ("CREATE (s:stock {id: 'x'})", "CREATE is not a read query"),
    ("MERGE (s:stock {id: 'x'}) RETURN s", "MERGE is not a read query"),
    ("CALL db.clearQueryCaches()", "not a known read-only procedure"),
    ("LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l", "LOAD is not a read query"),
    ("MATCH (s:stock) RETURN s; MATCH (n) DETACH DELETE n", "more than one statement"),
    ("MATCH (s:Company) RETURN s.name", "unknown label 'Company'"),
    ("MATCH (s:stock)-[:OWNS]->(t:trade) RETURN t.name", "unknown relationship type 'OWNS'"),
    ("MATCH (s:stock) WHERE s.name = $p0 RETURN s.price", "unknown property stock.price"),
    ("MATCH (s:stock {ticker: $p0}) RETURN s.name", "unknown property stock.ticker"),
    ("MATCH (f:public_offering_fund)-[h:hold]->(s:stock) RETURN h.weight", "unknown property hold.weight"),
    ("MATCH (t:trade)-[:has_stock_data]->(d:stock_data) RETURN d.date", "has_stock_data cannot join trade to stock_data"),
    ("MATCH (s:stock) WHERE s.name = '五粮液' RETURN s.code", "literal '五粮液' comes from neither"),
    ("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = $p0 AND d.date = date('2023-01-01') "
     "RETURN d.closing_price", "date 2023-01-01"),
    ("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = $p0 AND d.closing_price > 1234 RETURN s.name",
     "number 1234"),
    ("MATCH (s:stock) WHERE s.name = $p0 RETURN s.name ORDER BY", "the query ends where"),
    ("MATCH (s:stock) WHERE s.name = $p0 UNWIND [1, 2] AS x RETURN x", "'UNWIND' is outside the read forms"),
    ("MATCH (s:stock) WHERE s.name = $p7 RETURN s.code", "parameter $p7 is not one the candidate has"),
    ("MATCH (s:stock) WHERE s.name = $p0 RETURN s.name + 1 AS x", "the store rejects it"),
    ("MATCH (s:stock) WHERE s.name = $p0 WITH s UNWIND range(1, 200000000) AS x RETURN sum(x)", "range() of 199,999,999 values"),
    ("MATCH (s:stock) WHERE s.name = $p0 RETURN date(s.name)", "does not execute"),
    ("MATCH (s:stock) WHERE s.name = $p0 AND s.code = $p0 RETURN s.name", "it returns no rows"),
    ("MATCH (s:stock) WHERE s.name = $p0 RETURN s.code AS a, s.code AS b", "the same column twice"),
])
def test_every_refusal(validator, output, reason):
    validator.timeout_s = 0.2
    validator.numbers = {200000000.0}
    v = validator.check(output)
    assert not v.ok
    assert reason in v.refused, v.refused


@pytest.mark.parametrize("output, reason", [
    # generic fall-backs a small model writes when it loses the thread
    ("MATCH (n:stock) RETURN n.name, n.code", "it drops '贵州茅台', which the question names"),
    ("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = $p0 RETURN d.closing_price",
     "it drops the date 2024-03-14"),
])
def test_a_revision_that_drops_what_the_question_named_is_refused(validator, output, reason):
    v = validator.check(output)
    assert not v.ok and reason in v.refused, v.refused


def test_a_reshaped_revision_that_keeps_the_question_values_passes(validator):
    # the name written as a literal, the date compared as a range: still the same question
    v = validator.check("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '贵州茅台' "
                        "AND d.date >= date('2024-03-14') AND d.date <= date('2024-03-14') RETURN s.name, d.closing_price")
    assert v.ok, v.refused


def test_a_revision_that_drops_what_the_question_asks_about_is_refused(mini_db):
    # 想了解下宁德时代的董事长: a small model's rewrite that lists other stocks under the column 董事长
    cand = "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name = $p0 RETURN c.name"
    with LadybugStore(mini_db) as store:
        v = Validator(store.schema, store, "想了解下宁德时代的董事长", cand, {"p0": "宁德时代"},
                      question_labels=[("chairman",)])
        bad = v.check("MATCH (a:stock), (b:stock) WHERE a.name = $p0 AND b.name <> a.name RETURN b.name AS `董事长`")
        assert not bad.ok and "drops chairman" in bad.refused
        assert v.check("MATCH (s:stock)<-[:is_chairman_of]-(c:chairman) WHERE s.name = $p0 RETURN c.name, c.sex",
                       execute=False).ok


# ---- 200 hostile model outputs ---------------------------------------------------
_WRITES = ["CREATE (x:stock {name: 'x'})", "MERGE (x:stock {name: 'x'})", "SET s.name = 'x'", "DETACH DELETE s",
           "DELETE s", "REMOVE s.name", "CALL db.clearQueryCaches()", "FOREACH (i IN [1] | CREATE (:stock))",
           "LOAD CSV FROM 'file:///etc/passwd' AS l", "DROP TABLE stock"]
_WRAPS = ["{w}", "MATCH (s:stock) WHERE s.name = $p0 {w} RETURN s.name", "MATCH (s:stock) RETURN s.name; {w}",
          "```cypher\n{w}\n```", "修正后的查询：{w}", "MATCH (s:stock) /* {w} */ WITH s {w} RETURN s.name",
          "{lw}", "MATCH (s:stock) WHERE s.name = $p0 WITH s CALL {{ {w} }} RETURN s.name",
          "<|im_start|>assistant\n{w}<|im_end|>", "MATCH (s:stock) WHERE s.name = $p0 RETURN s.name UNION {w} RETURN 1",
          "MATCH (s:stock) WHERE s.name = $p0 AND s.name = '{w}' {w} RETURN s.name",
          "Sure! {w}\n\nThis query updates the graph.", "MATCH (s:stock)\n{w}\nRETURN s.name",
          "MATCH (s:stock) WHERE s.name = $p0 RETURN s.name\n\n{w}", "match (s:stock) {lw} return s",
          "MATCH (s:stock) WHERE s.name = $p0 WITH s `{w}` RETURN s", "MATCH (s:stock {{name: $p0}}) {w}",
          "{w} WITH 1 AS x MATCH (s:stock) RETURN s.name", "MATCH (s:stock) WHERE s.name = $p0 RETURN s.name;;{w};",
          "MATCH (s:stock) WHERE s.name = $p0 RETURN [x IN [1] | {w}]"]
HOSTILE = [wrap.format(w=w, lw=w.lower()) for wrap in _WRAPS for w in _WRITES]


def test_two_hundred_hostile_model_outputs_write_nothing(validator):
    """Whatever a model says, nothing it wrote that writes is accepted, and the
    store is unchanged afterwards (every accepted query was executed)."""
    assert len(HOSTILE) == 200
    store = validator.store
    before = [store.run(f"MATCH (n:{label}) RETURN count(n)").rows[0][0] for label in store.schema.labels]
    accepted = []
    for output in HOSTILE:
        v = validator.check(output)
        if v.ok:
            accepted.append(v.query)
            assert not any(w in v.query.upper() for w in ("CREATE", "MERGE", "SET ", "DELETE", "REMOVE", "CALL",
                                                            "FOREACH", "LOAD", "DROP")), (output, v.query)
    after = [store.run(f"MATCH (n:{label}) RETURN count(n)").rows[0][0] for label in store.schema.labels]
    assert after == before and len(accepted) < 20


def test_the_validator_reads_cypher_through_the_parser_only():
    """No regular expression over query text: every check is on the parsed tree."""
    import inspect

    import nl2cypher.revise.validate as validate

    source = inspect.getsource(validate)
    assert "import re\n" not in source and "re.compile" not in source
    assert "from ..cypher.parse import" in source
