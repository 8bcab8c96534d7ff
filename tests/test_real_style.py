"""Issue 12: questions as real users write them, one class at a time, each
answer compared with a hand-written gold query on the demo KG (real jieba,
encoder and Ladybug)."""

from __future__ import annotations

import pytest

from nl2cypher.evaluate import results_match

T, Y = "date('2024-03-15')", "date('2024-03-14')"


def _same(engine, question: str, gold: str, ordered: bool = False) -> None:
    ans = engine.ask(question)
    assert ans.error is None, ans.error
    want = engine.store.run(gold)
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, ordered), (ans.cypher, ans.rows[:5],
                                                                                   want.rows[:5])


CASES = [
    # a comparison with another entity asked as yes/no is one boolean
    ("贵州茅台今天的收盘价是否高于五粮液",
     f"MATCH (a:stock)-[:has_stock_data]->(x:stock_data), (b:stock)-[:has_stock_data]->(y:stock_data) "
     f"WHERE a.name = '贵州茅台' AND b.name = '五粮液' AND x.date = {T} AND y.date = {T} "
     f"RETURN x.closing_price > y.closing_price"),
    ("招商银行今天的涨跌幅有没有高于兴业银行",
     f"MATCH (a:stock)-[:has_stock_data]->(x:stock_data), (b:stock)-[:has_stock_data]->(y:stock_data) "
     f"WHERE a.name = '招商银行' AND b.name = '兴业银行' AND x.date = {T} AND y.date = {T} RETURN x.range > y.range"),
    # … and counted when asked how many
    ("注册资本比贵州茅台大的公司有多少家",
     "MATCH (a:stock), (s:stock) WHERE a.name = '贵州茅台' AND s.registered_capital > a.registered_capital "
     "RETURN count(s)"),
    # 截至 a day: the value on that day (or the last trading day before it), not every day before
    ("截至3月12日宁德时代的收盘价",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '宁德时代' AND d.date = date('2024-03-12') "
     "RETURN d.closing_price"),
    ("截至3月9日贵州茅台的收盘价",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '贵州茅台' AND d.date = date('2024-03-08') "
     "RETURN d.closing_price"),
    # a name glued after a time keeps its characters (本周|五粮液, not 本周五|粮液)
    ("本周五粮液最低价",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.date >= date('2024-03-11') "
     f"AND d.date <= {T} RETURN min(d.minimum_price)"),
    # polite frames and filler words around the request
    ("麻烦帮我查查海天味业今天的收盘价，谢谢",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '海天味业' AND d.date = {T} "
     "RETURN d.closing_price"),
    ("问一下丁雪管理哪些基金",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.name = '丁雪' RETURN f.name"),
    # time words real users write: the last quarter, a month, month-to-date, the end of last month
    ("上季度宁德时代的净利润",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE s.name = '宁德时代' AND f.year = 2023 AND f.quarter = 4 RETURN f.net_profit"),
    ("2月份贵州茅台的最低价",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '贵州茅台' AND d.date >= date('2024-02-01') "
     "AND d.date <= date('2024-02-29') RETURN min(d.minimum_price)"),
    ("五粮液月初至今的最高价",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.date >= date('2024-03-01') "
     f"AND d.date <= {T} RETURN max(d.maximum_price)"),
    ("比亚迪上个月底的收盘价",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '比亚迪' AND d.date = date('2024-02-29') "
     "RETURN d.closing_price"),
    ("3月1号那天白酒板块的收盘点位",
     "MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE t.name = '白酒' AND d.date = date('2024-03-01') "
     "RETURN d.closing_price"),
    # a window of quarters: one row per quarter, not a sum
    ("招商银行最近4个季度的净利润",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE s.name = '招商银行' AND f.year = 2023 RETURN f.quarter, f.net_profit"),
    # one named group ranked: its members are ranked
    ("银行板块今天涨幅倒数三名",
     f"MATCH (s:stock)-[:belong_to]->(t:trade), (s)-[:has_stock_data]->(d:stock_data) WHERE t.name = '银行' "
     f"AND d.date = {T} RETURN s.name, d.range ORDER BY d.range LIMIT 3"),
    # news about a board's stocks (a path of two edges) with a tendency: answered, no internal error
    ("半导体板块为什么涨",
     "MATCH (t:trade)<-[:belong_to]-(s:stock)-[r:involve]->(i:information) WHERE t.name = '半导体' "
     "AND r.tendency = 1 RETURN DISTINCT i.name"),
    # 上涨的X filters (a value), 涨了多少 asks (a property)
    ("今天上涨的券商股有哪些",
     f"MATCH (s:stock)-[:belong_to]->(t:trade), (s)-[:has_stock_data]->(d:stock_data) WHERE t.name = '券商' "
     f"AND d.date = {T} AND d.range > 0 RETURN s.name"),
    # one named group filtered by a value: its members
    ("白酒板块，今天涨幅超过1%",
     f"MATCH (s:stock)-[:belong_to]->(t:trade), (s)-[:has_stock_data]->(d:stock_data) WHERE t.name = '白酒' "
     f"AND d.date = {T} AND d.range > 1 RETURN s.name"),
    # name patterns, members of the same group counted, slang for stocks, a two-digit year
    ("名称最后两个字是证券的公司", "MATCH (s:stock) WHERE s.name ENDS WITH '证券' RETURN s.name"),
    ("名字包含数字经济四个字的基金", "MATCH (f:public_offering_fund) WHERE f.name CONTAINS '数字经济' RETURN f.name"),
    ("和比亚迪同一个省的股票有几只",
     "MATCH (a:stock), (s:stock) WHERE a.name = '比亚迪' AND s.province = a.province AND s.name <> '比亚迪' "
     "RETURN count(s)"),
    ("半导体板块有几只票", "MATCH (s:stock)-[:belong_to]->(t:trade) WHERE t.name = '半导体' RETURN count(s)"),
    ("贵州茅台23年三季度净利润",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE s.name = '贵州茅台' AND f.year = 2023 AND f.quarter = 3 RETURN f.net_profit"),
    # measures derived from stored properties (schema data: `derived:`)
    ("贵州茅台今天的成交额",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '贵州茅台' AND d.date = {T} "
     "RETURN d.closing_price * d.volume"),
    ("五粮液昨天成交了多少钱",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.date = {Y} "
     "RETURN d.closing_price * d.volume"),
    # which company a code is: its name
    ("600519是哪家公司", "MATCH (s:stock) WHERE s.code = '600519' RETURN s.name"),
    # a concept word written with a same-sound typo
    ("五粮液昨天的收盘架",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.date = {Y} RETURN d.closing_price"),
    ("今天涨停版的股票有几只",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.raising_limit = true RETURN count(s)"),
    ("比亚迪的注测资本", "MATCH (s:stock) WHERE s.name = '比亚迪' RETURN s.registered_capital"),
    # 没有 alone is not a name pattern; 名字里没有 is
    ("名称中没有中国的公司有几家", "MATCH (s:stock) WHERE NOT s.name CONTAINS '中国' RETURN count(s)"),
    # how many times another entity's value: one ratio, the same day on both sides
    ("招商银行今天的收盘价是兴业银行的多少倍",
     f"MATCH (a:stock)-[:has_stock_data]->(x:stock_data), (b:stock)-[:has_stock_data]->(y:stock_data) "
     f"WHERE a.name = '招商银行' AND b.name = '兴业银行' AND x.date = {T} AND y.date = {T} "
     f"RETURN x.closing_price / y.closing_price"),
    # compared with another entity's report: the same quarter on both sides
    ("2023年四季度净利润比格力电器高的公司有几家",
     "MATCH (a:stock)-[:has_stock_financial_information]->(x:stock_financial_information), "
     "(s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) WHERE a.name = '格力电器' "
     "AND x.year = 2023 AND x.quarter = 4 AND f.year = 2023 AND f.quarter = 4 AND f.net_profit > x.net_profit "
     "RETURN count(s)"),
    # one named board and something only its members have: the members
    ("今日涨停 煤炭",
     f"MATCH (s:stock)-[:belong_to]->(t:trade), (s)-[:has_stock_data]->(d:stock_data) WHERE t.name = '煤炭' "
     f"AND d.date = {T} AND d.raising_limit = true RETURN s.name"),
    ("银行板块今天平均成交额",
     f"MATCH (s:stock)-[:belong_to]->(t:trade), (s)-[:has_stock_data]->(d:stock_data) WHERE t.name = '银行' "
     f"AND d.date = {T} RETURN avg(d.closing_price * d.volume)"),
    # the group word of 同一个板块 says which group; the answer is the entity's kind
    ("跟中芯国际同一个板块的有哪些",
     "MATCH (a:stock)-[:belong_to]->(t:trade)<-[:belong_to]-(s:stock) WHERE a.name = '中芯国际' "
     "AND s.name <> '中芯国际' RETURN s.name"),
    ("跟宁德时代属于同一板块的股票有哪些",
     "MATCH (a:stock)-[:belong_to]->(t:trade)<-[:belong_to]-(s:stock) WHERE a.name = '宁德时代' "
     "AND s.name <> '宁德时代' RETURN s.name"),
    # 这周一共 is this week in total, not this Monday; 总成交额 a period total
    ("五粮液这周一共成交了多少钱",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.date >= date('2024-03-11') "
     "AND d.date <= date('2024-03-15') RETURN sum(d.closing_price * d.volume)"),
    # 2月底: the last day of that month
    ("美的集团2月底的收盘价",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '美的集团' AND d.date = date('2024-02-29') "
     "RETURN d.closing_price"),
    # colloquial price words
    ("茅台这周最高摸到多少",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '贵州茅台' AND d.date >= date('2024-03-11') "
     "AND d.date <= date('2024-03-15') RETURN max(d.maximum_price)"),
    ("半导体今天咋样，涨了还是跌了",
     f"MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE t.name = '半导体' AND d.date = {T} RETURN d.range"),
    # a polite 介绍一下 around a question about something else: that thing
    ("关于贵州茅台，能介绍一下它的董事长是谁吗",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name = '贵州茅台' RETURN c.name"),
]


@pytest.mark.parametrize("question,gold", CASES, ids=[c[0] for c in CASES])
def test_real_style_question(engine, question, gold):
    _same(engine, question, gold)


@pytest.mark.parametrize("question,gold", [
    ("成立最早的三家公司", "MATCH (s:stock) RETURN s.name, s.establishment_date ORDER BY s.establishment_date LIMIT 3"),
    ("今天成交量排名最后的5支股票",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN s.name, d.volume "
     "ORDER BY d.volume, s.name LIMIT 5"),
    ("麻烦问下银行板块今天涨幅倒数三名是哪几只",  # 哪几只 asks which, not how many
     f"MATCH (s:stock)-[:belong_to]->(t:trade), (s)-[:has_stock_data]->(d:stock_data) WHERE t.name = '银行' "
     f"AND d.date = {T} RETURN s.name, d.range ORDER BY d.range, s.name LIMIT 3"),
    ("成立最晚的5家公司",
     "MATCH (s:stock) RETURN s.name, s.establishment_date ORDER BY s.establishment_date DESC LIMIT 5"),
])
def test_earliest_and_latest_order_by_the_date(engine, question, gold):
    _same(engine, question, gold, ordered=True)


def test_a_corrected_concept_word_is_noted(engine):
    ans = engine.ask("五粮液昨天的收盘架")
    assert any("收盘架" in n and "收盘价" in n for n in ans.notes), ans.notes


def test_several_entities_each_keep_their_own_rows(engine):
    ans = engine.ask("招商银行和中国平安的董事长分别是谁")
    gold = engine.store.run("MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name IN ['招商银行', '中国平安'] "
                            "AND c.departure_date IS NULL RETURN s.name, c.name")
    assert results_match(gold.columns, gold.rows, ans.columns, ans.rows, False), ans.rows


def test_a_chairman_of_a_company_is_the_current_one_unless_asked_otherwise(engine):
    """招商银行 has had two chairmen: 「的董事长」 and 「董事长是女的公司」 mean today's;
    the chairmen on their own (女董事长有几位) are all of them."""
    assert engine.ask("招商银行的董事长是谁").rows == [["杜琳"]]
    women = engine.ask("董事长是女的公司有哪些")
    gold = engine.store.run("MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.sex = '女' "
                            "AND c.departure_date IS NULL RETURN DISTINCT s.name")
    assert results_match(gold.columns, gold.rows, women.columns, women.rows, False), women.rows
    every = engine.store.run("MATCH (c:chairman) WHERE c.sex = '女' RETURN count(c)").rows[0][0]
    assert engine.ask("女性董事长一共有几位").rows[0][0] == every
    assert engine.ask("女董事长有几位").rows[0][0] == every  # 女 glued to the label word is the value
    assert {r[0] for r in engine.ask("招商银行以前的董事长是谁").rows} == {"徐勇"}


def test_amplitude_is_the_days_range_over_the_previous_close(engine):
    ans = engine.ask("比亚迪今天的振幅")
    prev = engine.store.run("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '比亚迪' "
                            "AND d.date = date('2024-03-14') RETURN d.closing_price").rows[0][0]
    day = engine.store.run("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '比亚迪' "
                           f"AND d.date = {T} RETURN d.maximum_price - d.minimum_price").rows[0][0]
    # derived from the stored 涨跌幅 (rounded to 0.01 %), so within rounding of the exact figure
    assert ans.error is None and abs(ans.rows[0][-1] - day / prev * 100) < 0.01, (ans.rows, day / prev * 100)


@pytest.mark.parametrize("question,gold", [
    ("按注册资本从小到大排，前5家公司", "MATCH (s:stock) RETURN s.name ORDER BY s.registered_capital, s.name LIMIT 5"),
    ("最近成立的五家公司", "MATCH (s:stock) RETURN s.name ORDER BY s.establishment_date DESC, s.name LIMIT 5"),
    ("看看银行板块今天谁涨得最多",
     f"MATCH (s:stock)-[:belong_to]->(t:trade), (s)-[:has_stock_data]->(d:stock_data) WHERE t.name = '银行' "
     f"AND d.date = {T} RETURN s.name ORDER BY d.range DESC, s.name LIMIT 1"),
])
def test_ordering_words_keep_their_direction(engine, question, gold):
    _same(engine, question, gold, ordered=True)


def test_a_pronoun_points_back_only_at_a_name_before_it(engine):
    assert engine.ask("关于贵州茅台，能介绍一下它的董事长是谁吗").confidence >= 0.5
    alone = engine.ask("它的董事长是谁")
    assert alone.confidence < 0.5 and "它" in "".join(alone.unexplained)


def test_a_comparison_with_nothing_to_compare_says_it_ignored_the_number(engine):
    ans = engine.ask("超过5%的股票")
    assert ans.confidence < 0.5
    assert any("5%" in n for n in ans.notes)


def test_the_real_style_questions_answer_alike_on_a_second_kg(demo_dir, engine, tmp_path):
    """The held-out split with its names and dates moved to another KG (another
    seed and year, every stock, fund and manager renamed) scores within 0.02."""
    import json
    import sys
    from pathlib import Path

    from nl2cypher.engine import Engine
    from nl2cypher.evaluate import evaluate, read_questions
    from nl2cypher.store import load_kg
    from support.alt_kg import ALT_END, FUND_COMPANIES, write_alt_kg

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "eval" / "real_style"))
    from second_kg import Mover

    alt = write_alt_kg(tmp_path / "alt")
    db = tmp_path / "alt.lbug"
    load_kg(alt, db)
    held_out = read_questions(root / "eval" / "real_style" / "holdout.jsonl")
    mover = Mover(demo_dir, alt, FUND_COMPANIES)
    moved = [mover.question(q) for q in held_out]
    assert moved[0]["question"] != held_out[0]["question"]  # 五粮液 is called something else there
    assert all(q["today"] == ALT_END.isoformat() for q in moved)
    (tmp_path / "moved.jsonl").write_text("\n".join(json.dumps(q, ensure_ascii=False) for q in moved))

    def score(e, qs):
        report = evaluate(e, qs)
        return sum(r["execution_accuracy"] for r in report) / len(report)

    first, second = score(engine, held_out), score(Engine(db, ALT_END), moved)
    print(f"\nheld-out on the demo KG {first:.3f}, on the second KG {second:.3f}")
    assert first >= 0.92 and abs(first - second) <= 0.02
