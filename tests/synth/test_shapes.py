"""Each answer shape lowered from a hand-made query graph (no jieba, encoder or
store). The expected queries were read and checked by hand: each says what the
question asks."""

import subprocess
import sys
from pathlib import Path

import pytest

from nl2cypher.synth import shapes
from nl2cypher.synth.shapes import SHAPES

from .cases import CASES, REPORT_CASES
from .helpers import cypher

EXPECTED = {
    'position': ('position', 'position',
        "MATCH (s2:stock)-[:has_stock_data]->(sd:stock_data) WHERE s2.name = $p1 AND sd.date = date('2024-03-15') WITH sd.closing_price AS cur, sd.range AS chg MATCH (s3:stock)-[:has_stock_data]->(sd2:stock_data) WHERE s3.name = $p2 AND sd2.date = date('2024-03-14') WITH cur, chg, sd2.closing_price AS prev RETURN cur AS `2024-03-15收盘价`, prev AS `2024-03-14收盘价`, cur - prev AS `每股盈亏`, chg AS `涨跌幅`, 300 * (cur - prev) AS `持仓盈亏`",
        {'p1': '贵州茅台', 'p2': '贵州茅台'}),
    'growth': ('growth', 'growth',
        'MATCH (s2:stock)-[:has_stock_financial_information]->(sfi2:stock_financial_information) WHERE s2.name = $p1 AND sfi2.year = 2023 AND sfi2.quarter = 3 WITH sfi2.net_profit AS cur MATCH (s3:stock)-[:has_stock_financial_information]->(sfi3:stock_financial_information) WHERE s3.name = $p2 AND sfi3.year = 2022 AND sfi3.quarter = 3 WITH cur, sfi3.net_profit AS prev RETURN cur AS `2023Q3`, prev AS `2022Q3`, cur - prev AS `单季度净利润变化`, (cur - prev) / abs(prev) * 100.0 AS `同比增长率(%)`',
        {'p1': '贵州茅台', 'p2': '贵州茅台'}),
    'group_rank': ('group_rank', 'rank',
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data), (s:stock)-[:belong_to]->(t:trade) WHERE s.name = $p1 AND sd.date = date('2024-03-15') OPTIONAL MATCH (t:trade)<-[:belong_to]-(s2:stock)-[:has_stock_data]->(sd2:stock_data) WHERE sd2.date = date('2024-03-15') AND sd2.range > sd.range RETURN s.name AS `股票`, t.name AS `行业板块`, sd.range AS `涨跌幅`, count(DISTINCT s2) + 1 AS `行业板块内排名`",
        {'p1': '英可瑞'}),
    'change': ('change', 'change',
        "MATCH (s2:stock)-[:has_stock_data]->(sd2:stock_data) WHERE s2.name = $p1 AND sd2.date = date('2024-03-08') WITH sd2.closing_price AS close_before MATCH (s3:stock)-[:has_stock_data]->(sd3:stock_data) WHERE s3.name = $p2 AND sd3.date = date('2024-03-15') WITH close_before, sd3.closing_price AS close_end RETURN close_before AS `2024-03-08收盘价`, close_end AS `2024-03-15收盘价`, (close_end - close_before) / close_before * 100.0 AS `区间涨跌幅(%)`",
        {'p1': '贵州茅台', 'p2': '贵州茅台'}),
    'change_rank': ('change_rank', 'ranking',
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data), (s:stock)-[:has_stock_data]->(sd2:stock_data) WHERE sd.date = date('2024-03-08') AND sd2.date = date('2024-03-15') RETURN s.name AS `股票`, (sd2.closing_price - sd.closing_price) / sd.closing_price * 100.0 AS `区间涨跌幅(%)` ORDER BY (sd2.closing_price - sd.closing_price) / sd.closing_price * 100.0 DESC, s.name LIMIT 1",
        {}),
    'compare_entity': ('compare_entity', 'list',
        "MATCH (s2:stock)-[:has_stock_data]->(sd2:stock_data) WHERE s2.name = $p0 AND sd2.date = date('2024-03-15') WITH sd2.range AS ref MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE sd.date = date('2024-03-15') AND sd.range > ref RETURN DISTINCT s.name AS `股票`, sd.range AS `涨跌幅`",
        {'p0': '上海港湾'}),
    'same_as': ('same_as', 'list',
        'MATCH (s:stock), (s2:stock) WHERE s2.name = $p0 AND s.province = s2.province AND s.name <> s2.name RETURN DISTINCT s.name AS `股票`, s.province AS `所在省份`',
        {'p0': '贵州茅台'}),
    'why': ('why', 'list',
        'MATCH (s:stock)-[i2:involve]->(i:information) WHERE i2.tendency = 1 AND s.name = $p0 RETURN DISTINCT i.name AS `资讯`',
        {'p0': '贵州茅台'}),
    'difference': ('difference', 'difference',
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.name IN $p0 AND sd.date = date('2024-03-14') RETURN max(sd.closing_price) - min(sd.closing_price) AS `收盘价差值`",
        {'p0': ['五粮液', '泸州老窖']}),
    'which_of_group': ('which_of_group', 'ranking',
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.name IN $p0 AND sd.date = date('2024-03-15') RETURN s.name AS `股票`, sd.closing_price AS `收盘价` ORDER BY sd.closing_price DESC, s.name",
        {'p0': ['五粮液', '泸州老窖']}),
    'history': ('history', 'aggregate',
        'MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.name = $p0 RETURN s.name AS `股票`, max(sd.maximum_price) AS `历史最高价`',
        {'p0': '贵州茅台'}),
    'yesno': ('yesno', 'yesno',
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE sd.raising_limit = true AND s.name = $p0 AND sd.date = date('2024-03-15') RETURN count(*) > 0 AS `是否`",
        {'p0': '贵州茅台'}),
    'every': ('every', 'every',
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE sd.date >= date('2024-03-11') AND sd.date <= date('2024-03-15') WITH s, min(sd.range) AS every_row WHERE every_row > 0.0 RETURN DISTINCT s.name AS `股票` ORDER BY s.name",
        {}),
    'count': ('count', 'count',
        'MATCH (s:stock) WHERE s.province = $p0 RETURN count(DISTINCT s) AS `数量`',
        {'p0': '广东'}),
    'group_by': ('group_by', 'group',
        'MATCH (t:trade)<-[:belong_to]-(s:stock) RETURN t.name AS `行业板块`, count(DISTINCT s) AS `数量` ORDER BY count(DISTINCT s) DESC, t.name',
        {}),
    'aggregate': ('aggregate', 'aggregate',
        'MATCH (t:trade)<-[:belong_to]-(s:stock) WHERE t.name = $p0 RETURN avg(s.registered_capital) AS `平均注册资本`',
        {'p0': '白酒'}),
    'period_extreme': ('period_extreme', 'aggregate',
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.name = $p0 AND sd.date >= date('2024-03-11') AND sd.date <= date('2024-03-15') RETURN s.name AS `股票`, sd.date AS `日期`, sd.closing_price AS `收盘价` ORDER BY sd.closing_price DESC, sd.date LIMIT 1",
        {'p0': '贵州茅台'}),
    'top_k': ('top_k', 'ranking',
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE sd.date = date('2024-03-15') RETURN s.name AS `股票`, sd.range AS `涨跌幅` ORDER BY sd.range DESC, s.name LIMIT 10",
        {}),
    'entity': ('entity', 'entity',
        "MATCH (s:stock) WHERE s.name = $p0 OPTIONAL MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE sd.date = date('2024-03-15') RETURN s, sd.date AS `日期`, sd.closing_price AS `收盘价`, sd.range AS `涨跌幅`",
        {'p0': '贵州茅台'}),
    'share': ('share', 'share',
        'MATCH (fm2:fund_manager) WITH count(DISTINCT fm2) AS total MATCH (fm:fund_manager) WHERE fm.degree = $p0 RETURN count(DISTINCT fm) AS `数量`, total AS `全部基金经理数量`, count(DISTINCT fm) * 100.0 / total AS `占全部基金经理比例(%)`',
        {'p0': '博士'}),
    'lookup': ('lookup', 'lookup',
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.name = $p0 AND sd.date = date('2024-03-14') RETURN DISTINCT s.name AS `股票`, sd.date AS `日期`, sd.closing_price AS `收盘价`",
        {'p0': '贵州茅台'}),
    'derived': ('derived', 'derived',
        'MATCH (C:Company)-[:HAS_CONCEPT]->(C2:Concept), (C2:Concept)-[:HAS_FACT]->(F:Fact), (C:Company)-[:HAS_CONCEPT]->(C3:Concept)-[:HAS_FACT]->(F2:Fact) WHERE C.name = $p2 AND F.year = 2020 AND C2.name = $p4 AND C3.name = $p3 AND F2.year = F.year RETURN C.name AS company, F.number AS `R&D`, F2.number AS revenue, F.number * 100.0 / F2.number AS `R&D as % of revenue`',
        {'p2': 'ALPHABET INC.', 'p3': 'us-gaap:Revenues', 'p4': 'us-gaap:ResearchAndDevelopmentExpense'}),
    'side_by_side': ('side_by_side', 'list',
        'MATCH (C:Company)-[:HAS_CONCEPT]->(C2:Concept), (C2:Concept)-[:HAS_FACT]->(F:Fact), (C:Company)-[:HAS_CONCEPT]->(C3:Concept)-[:HAS_FACT]->(F2:Fact) WHERE C.name = $p1 AND F.year >= 2020 AND F.year <= 2021 AND C2.name = $p2 AND C3.name = $p3 AND F2.year = F.year RETURN C.name AS company, F.year AS `fiscal year`, F.number AS revenue, F2.number AS `net income` ORDER BY C.name, F.year',
        {'p1': 'APPLE INC.', 'p2': 'us-gaap:Revenues', 'p3': 'us-gaap:NetIncomeLoss'}),
    'both_ways': ('both_ways', 'list',
        'MATCH (i:industry) WHERE i.name = $p0 OPTIONAL MATCH (i3:industry)-[:affect]->(i:industry) WITH i, collect(DISTINCT i3.name) AS upstream OPTIONAL MATCH (i:industry)-[:affect]->(i4:industry) RETURN i.name AS `产业`, upstream AS `上游`, collect(DISTINCT i4.name) AS `下游`',
        {'p0': '芯片制造'}),
    'list': ('lookup', 'list',
        'MATCH (fm:fund_manager)-[:manage]->(pof:public_offering_fund) WHERE fm.name = $p0 RETURN DISTINCT pof.name AS `公募基金`',
        {'p0': '王明'}),
}


@pytest.mark.parametrize("case", sorted(CASES) + sorted(REPORT_CASES))
def test_shape(case):
    shape, answer, text, params = EXPECTED[case]
    ex, units = (CASES.get(case) or REPORT_CASES[case])()
    cand, got, got_params = cypher(ex, units, domain="finance" if case in CASES else "reportkg")
    assert (cand.shape, cand.answer) == (shape, answer)
    assert got == text
    assert got_params == params


def test_every_shape_module_is_registered_and_tested():
    folder = Path(shapes.__file__).parent
    modules = {p.stem for p in folder.glob("*.py")} - {"__init__", "common"}
    registered = {s.__name__.rpartition(".")[2] for s in SHAPES}
    assert modules == registered
    assert registered <= {e[0] for e in EXPECTED.values()}
    assert SHAPES[-1].applies is not None and SHAPES[-1].__name__.endswith("lookup")  # the default comes last


def test_a_shape_may_decline_and_the_next_one_answers():
    # a change over a window that ends before the KG's first day has no close to start from:
    # the list of days answers (a window that only starts before it runs from its first day)
    import datetime as dt

    from .helpers import CTX, ent, prop, q, span, unit

    ex = q(ent("贵州茅台"), span("上周", "range", dt.date(2024, 2, 26), dt.date(2024, 3, 3)), "累计",
           prop("涨跌幅", "stock_data.range"))
    cand, text, _ = cypher(ex, [unit(ex, "change", "累计〈P2〉")])
    assert CTX.period_base(dt.date(2024, 2, 26), dt.date(2024, 3, 3)) is None
    assert CTX.period_base(dt.date(2024, 3, 1), dt.date(2024, 3, 15)) == dt.date(2024, 3, 4)
    assert cand.shape == "lookup" and "ORDER BY sd.date" in text


def test_synthesis_needs_no_tokeniser_encoder_or_store():
    code = ("import sys; sys.path.insert(0, '.'); from tests.synth.cases import CASES; "
            "from tests.synth.helpers import cypher; [cypher(*f()) for f in CASES.values()]; "
            "print(sorted(m for m in ('jieba', 'ladybug', 'torch', 'sentence_transformers', 'neo4j') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
