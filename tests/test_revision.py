"""LLM revision with the real packaged 0.5B model (slow on a CPU: a few
questions only). No test fakes the model's output: what the model says is
whatever it says, and the validator decides."""


import pytest

from conftest import DEMO_END
from nl2cypher.engine import Engine
from nl2cypher.revise.backends import OpenAIBackend, RevisionUnavailable, TransformersBackend
from nl2cypher.revise.prompt import Ask, Example, build_messages


@pytest.fixture(scope="module")
def packaged_model():
    """The default backend with the packaged model, as `make install` sets it up
    (llama.cpp); a machine without them says why instead of passing."""
    from nl2cypher.revise.backends import load_backend
    try:
        return load_backend()
    except RevisionUnavailable as e:
        pytest.skip(f"the packaged reviser model is not installed: {e}")


GOLD = {
    "贵州茅台昨天的收盘价是多少": "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '贵州茅台' "
                              "AND d.date = date('2024-03-14') RETURN d.closing_price",
    "王明管理的基金有哪些": "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.name = '王明' RETURN f.name",
}


def test_always_mode_runs_the_model_and_answers_stay_right(demo_db, packaged_model):
    from nl2cypher.evaluate import results_match

    e = Engine(demo_db, DEMO_END, revise="always", reviser=packaged_model, fewshot_k=2)
    for q, gold in GOLD.items():
        ans = e.ask(q)
        rv = ans.trace.revision
        assert rv["why"] == "mode always" and rv["trigger"] == "always" and rv["backend"].startswith("llamacpp:")
        assert rv.get("output"), "the model produced nothing"
        assert rv.get("accepted") or rv.get("refused")  # the validator decided, one way or the other
        assert ans.trace.timings_ms["revision"] > 0
        g = e.store.run(gold)
        assert ans.error is None and results_match(g.columns, g.rows, ans.columns, ans.rows, False), (q, ans.cypher)


def test_the_prompt_has_a_fixed_head_and_a_short_tail(demo_db):
    """The head (role, rules, date, whole schema) is the same for every question
    of a day — a backend reads it once; the tail carries the question, what was
    understood, the unused words and the candidate."""
    e = Engine(demo_db, DEMO_END, revise="never")
    q = "贵州茅台昨天的收盘价是多少"
    ex = e.lexicon.extract(q, DEMO_END)
    cand = e.synth.candidates(ex, [], e.context(DEMO_END))[0].query
    focus = e.revision.focus(ex, cand)
    assert "stock_data" in focus and "fund_manager" not in focus
    schema = e.schema.render()
    ask = Ask(q, "MATCH (s:stock) RETURN s", "贵州茅台 · 收盘价", ("昨天",), focus)
    msgs = build_messages(ask, schema, [Example("五粮液的收盘价", "MATCH (s:stock) RETURN s")], "2024-03-15")
    other = build_messages(Ask("王明管理的基金有哪些", "MATCH (m:fund_manager) RETURN m"), schema, [], "2024-03-15")
    assert msgs[0] == other[0] and "2024-03-15" in msgs[0]["content"] and schema in msgs[0]["content"]
    tail = msgs[1]["content"]
    assert all(w in tail for w in ("候选查询", "五粮液的收盘价", "系统的理解：贵州茅台 · 收盘价", "没有用上的词：昨天"))
    assert len(tail) < len(msgs[0]["content"]) / 2
    en = build_messages(Ask("What is the close?"), schema, [], "2024-03-15", lang="en")
    assert "Write the Cypher query" in en[1]["content"]


def test_examples_are_chosen_by_similarity_and_never_the_question_itself(demo_db):
    e = Engine(demo_db, DEMO_END, revise="never")
    fs = e.revision.fewshot()
    assert len(fs.examples) >= 60
    q = fs.examples[0].question
    picked = fs.select(q, 4, e.ranker.encoder)
    assert len(picked) == 4 and all(p.question != q for p in picked)


def test_a_missing_model_skips_revision_with_a_note(demo_db, monkeypatch, tmp_path):
    monkeypatch.setenv("NL2CYPHER_REVISER_MODEL", str(tmp_path / "no-model"))
    e = Engine(demo_db, DEMO_END, revise="always")
    ans = e.ask("贵州茅台昨天的收盘价是多少")
    assert ans.error is None and ans.rows
    assert "is not a GGUF file" in ans.trace.revision["skipped"]
    assert any("未进行 LLM 修订" in n for n in ans.notes)


def test_an_unreachable_endpoint_skips_revision(demo_db):
    backend = OpenAIBackend(base_url="http://127.0.0.1:9/v1", model="m", timeout_s=2)
    e = Engine(demo_db, DEMO_END, revise="always", reviser=backend)
    ans = e.ask("王明管理的基金有哪些")
    assert ans.error is None and ans.rows
    assert "unreachable" in ans.trace.revision["skipped"]


def test_unknown_mode_is_an_error(demo_db):
    with pytest.raises(Exception, match="unknown revision mode"):
        Engine(demo_db, DEMO_END, revise="sometimes")


def test_each_ablation_switches_off_what_it_names(demo_db, monkeypatch):
    """The eval ablations, as engines: what each one turns off is off."""
    monkeypatch.delenv("NL2CYPHER_REVISE", raising=False)  # the product default, not the test suite's
    from types import SimpleNamespace

    from nl2cypher.evaluate import ABLATIONS
    from nl2cypher.revise.backends import load_backend

    engines = {name: Engine(demo_db, DEMO_END, **kw) for name, kw in ABLATIONS.items()}
    assert set(engines) >= {"full", "no-revise", "no-rank", "always-revise", "no-fewshot", "no-schema-slice",
                            "no-finetune"}
    full = engines["full"]
    assert full.revision.mode == "auto" and full.ranker.enabled and full.revision.k > 0
    assert engines["no-revise"].revision.mode == "never"
    assert not engines["no-rank"].ranker.enabled and engines["no-rank"].revision.mode == "auto"
    assert engines["always-revise"].revision.mode == "always"
    assert engines["no-fewshot"].revision.k == 0
    asked = SimpleNamespace(mentions=[])
    from nl2cypher.cypher.parse import parse
    cand = parse("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) RETURN d.closing_price")
    assert engines["no-schema-slice"].revision.focus(asked, cand) == ()
    assert full.revision.focus(asked, cand) == ("has_stock_data", "stock", "stock_data")
    assert engines["no-finetune"].revision.adapter == "none"
    base = load_backend(adapter="none")
    assert "+" not in base.label  # the base model alone, no adapter
    ans = engines["no-revise"].ask("王明管理的基金有哪些")
    assert ans.rows and not ans.trace.revision.get("backend")


def test_auto_asks_the_model_only_where_the_heuristic_needs_help(demo_db, packaged_model):
    """Sure answers are never sent to the model; an unsure one is, and the trace
    says which trigger fired; whatever the model says, the user gets rows."""
    e = Engine(demo_db, DEMO_END, revise="auto", reviser=packaged_model, fewshot_k=1)
    sure = e.ask("贵州茅台昨天的收盘价是多少")
    assert sure.confidence >= e.trust and sure.trace.revision == {}
    unsure = e.ask("茅台最近几天收盘价按加权口径平均一下多少")  # 加权口径: no word the rules read
    rv = unsure.trace.revision
    assert unsure.confidence < e.trust and rv["trigger"] == "unsure" and rv.get("output")
    assert rv.get("accepted") or rv.get("refused")
    assert unsure.rows and unsure.error is None


def test_two_asks_its_clauses_answer_together_never_wait_for_the_model(demo_db, packaged_model):
    e = Engine(demo_db, DEMO_END, revise="auto", reviser=packaged_model, fewshot_k=1)
    ans = e.ask("今天上涨的股票有几只，下跌的有几只")  # unsure as a whole; its two clauses are sure
    assert ans.confidence >= e.trust and ans.trace.clauses == 2 and ans.trace.revision == {}, ans.trace.revision
    assert len(ans.rows) == 1 and len(ans.columns) == 2


def test_an_empty_answer_about_a_named_thing_is_revised_once_and_never_replaced_by_nothing(demo_db, packaged_model):
    e = Engine(demo_db, DEMO_END, revise="auto", reviser=packaged_model, fewshot_k=1)
    ans = e.ask("宁德时代的利空新闻有哪些")  # none in the demo KG (a day before its data is refused saying so)
    rv = ans.trace.revision
    assert rv["trigger"] == "empty" and rv.get("output")
    assert not rv.get("accepted") or ans.rows  # a revision is used only if it finds something
    assert "宁德时代" in str(ans.params)


def test_a_right_candidate_comes_back_unchanged(demo_db, packaged_model):
    e = Engine(demo_db, DEMO_END, revise="always", reviser=packaged_model, fewshot_k=1)
    ans = e.ask("王明管理的基金有哪些")
    rv = ans.trace.revision
    assert rv.get("accepted") and rv.get("changed") is False, rv
    assert not any("修订" in n for n in ans.notes)


@pytest.mark.parametrize("output, kept", [("不变", True), ("“不变”。", True), ("不变<|im_end|>", True),
                                          ("MATCH (s:stock) RETURN s.name", False), ("不变的查询：MATCH (s) RETURN s", False)])
def test_the_keep_word_keeps_the_candidate_and_nothing_else_does(output, kept):
    from nl2cypher.revise.validate import is_keep
    assert is_keep(output, "zh") is kept
