"""Keyword extraction over the demo KG's dictionary with the real jieba."""

import pytest

from conftest import DEMO_END
from nl2cypher.lexicon import UnknownEntity


def _entities(engine, q):
    ex = engine.lexicon.extract(q, DEMO_END, engine.trading_days)
    return [(m.text, [r.name for r in m.entities]) for m in ex.mentions if m.kind == "entity"]


@pytest.mark.parametrize("q", ["600519的收盘价", "sh600519的收盘价", "SH600519的收盘价", "600519.SH的收盘价",
                               "沪600519的收盘价", "GZMT的收盘价", "gzmt的收盘价", "茅台的收盘价", "飞天茅台的收盘价"])
def test_every_spelling_of_a_stock_names_it(engine, q):
    [(_, names)] = _entities(engine, q)
    assert names == ["贵州茅台"]


def test_aliases_from_the_kg_directory(engine):
    assert _entities(engine, "宁王今天涨了吗") == [("宁王", ["宁德时代"])]


def test_longest_entity_wins_and_short_words_respect_token_edges(engine):
    assert _entities(engine, "五粮液和泸州老窖的收盘价") == [("五粮液", ["五粮液"]), ("泸州老窖", ["泸州老窖"])]
    # 平安 is an alias of 中国平安, 贵州 a province: the longer name wins
    assert _entities(engine, "中国平安和贵州茅台的收盘价") == [("中国平安", ["中国平安"]), ("贵州茅台", ["贵州茅台"])]


def test_a_same_sound_typo_is_corrected_and_noted(engine):
    ex = engine.lexicon.extract("贵州茅苔的成交量", DEMO_END)
    [m] = [m for m in ex.mentions if m.kind == "entity"]
    assert [r.name for r in m.entities] == ["贵州茅台"] and "纠正" in m.note


@pytest.mark.parametrize("q, words", [
    ("东方红银行的收盘价", "东方红银行"),
    ("阿里巴巴的收盘价", "阿里巴巴"),
])
def test_unknown_names_are_an_error_with_the_closest_names(engine, q, words):
    with pytest.raises(UnknownEntity) as e:
        engine.lexicon.extract(q, DEMO_END)
    assert words in str(e.value) and "\n" not in str(e.value)


def test_concept_words_numbers_and_times_are_typed(engine):
    ex = engine.lexicon.extract("请问近5日收盘价大于1.2万元的白酒股有哪些", DEMO_END, engine.trading_days)
    kinds = [(m.kind, m.text) for m in ex.mentions]
    assert ("time", "近5日") in kinds and ("property", "收盘价") in kinds and ("entity", "白酒") in kinds
    [num] = [m.number for m in ex.mentions if m.kind == "number"]
    assert num.value == 12000 and num.unit == "元"
    assert "〈T" in ex.tagged and "请问" in ex.tagged


def test_a_rewrite_tried_only_where_its_characters_occur_reads_every_question_the_same(engine):
    """Each rewrite runs only on text holding the characters every match of it consumes: the
    questions of the independent sets read exactly as with every rewrite tried."""
    import json
    from pathlib import Path

    sets = sorted((Path(__file__).resolve().parent.parent / "eval" / "independent").glob("*_questions.jsonl"))
    questions = [json.loads(line)["question"] for s in sets for line in s.read_text(encoding="utf-8").splitlines()[::9]]
    lex = engine.lexicon
    assert sum(1 for n in lex._needs if n) > len(lex._needs) // 2  # most rewrites are guarded
    guarded = [lex.as_read(q, meant=False) for q in questions]
    needs, lex._needs = lex._needs, [""] * len(lex._needs)
    lex._rewritten.clear()
    try:
        assert [lex.as_read(q, meant=False) for q in questions] == guarded
    finally:
        lex._needs = needs
        lex._rewritten.clear()
