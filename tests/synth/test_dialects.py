"""Dialects are generators over one AST: every answer shape printed as NebulaGraph
nGQL (the seed system's own target). No NebulaGraph server can be installed here,
so these golden queries were read against the nGQL manual (3.x MATCH): a vertex
property through its tag (`s.stock.name`), `==` / `!=`, ORDER BY a column's alias,
`tags()`; an edge property stays `r.prop`. Ladybug and Neo4j differ from the base
only where their generators say so."""


import pytest

from nl2cypher.cypher import queries
from nl2cypher.cypher.ast import (Bin, Func, Item, Match, Node, Order, Param, Path, Prop, Query, Rel, Return,
                                  Var, With)
from nl2cypher.cypher.dialects import DIALECTS, render

from .cases import CASES
from .helpers import cypher

NGQL = {
    'position':
        "MATCH (s2:stock)-[:has_stock_data]->(sd:stock_data) WHERE s2.stock.name == $p1 AND sd.stock_data.date == date('2024-03-15') WITH sd.stock_data.closing_price AS cur, sd.stock_data.range AS chg MATCH (s3:stock)-[:has_stock_data]->(sd2:stock_data) WHERE s3.stock.name == $p2 AND sd2.stock_data.date == date('2024-03-14') WITH cur, chg, sd2.stock_data.closing_price AS prev RETURN cur AS `2024-03-15收盘价`, prev AS `2024-03-14收盘价`, cur - prev AS `每股盈亏`, chg AS `涨跌幅`, 300 * (cur - prev) AS `持仓盈亏`",
    'growth':
        'MATCH (s2:stock)-[:has_stock_financial_information]->(sfi2:stock_financial_information) WHERE s2.stock.name == $p1 AND sfi2.stock_financial_information.year == 2023 AND sfi2.stock_financial_information.quarter == 3 WITH sfi2.stock_financial_information.net_profit AS cur MATCH (s3:stock)-[:has_stock_financial_information]->(sfi3:stock_financial_information) WHERE s3.stock.name == $p2 AND sfi3.stock_financial_information.year == 2022 AND sfi3.stock_financial_information.quarter == 3 WITH cur, sfi3.stock_financial_information.net_profit AS prev RETURN cur AS `2023Q3`, prev AS `2022Q3`, cur - prev AS `单季度净利润变化`, (cur - prev) / abs(prev) * 100.0 AS `同比增长率(%)`',
    'group_rank':
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data), (s:stock)-[:belong_to]->(t:trade) WHERE s.stock.name == $p1 AND sd.stock_data.date == date('2024-03-15') OPTIONAL MATCH (t:trade)<-[:belong_to]-(s2:stock)-[:has_stock_data]->(sd2:stock_data) WHERE sd2.stock_data.date == date('2024-03-15') AND sd2.stock_data.range > sd.stock_data.range RETURN s.stock.name AS `股票`, t.trade.name AS `行业板块`, sd.stock_data.range AS `涨跌幅`, count(DISTINCT s2) + 1 AS `行业板块内排名`",
    'change':
        "MATCH (s2:stock)-[:has_stock_data]->(sd2:stock_data) WHERE s2.stock.name == $p1 AND sd2.stock_data.date == date('2024-03-08') WITH sd2.stock_data.closing_price AS close_before MATCH (s3:stock)-[:has_stock_data]->(sd3:stock_data) WHERE s3.stock.name == $p2 AND sd3.stock_data.date == date('2024-03-15') WITH close_before, sd3.stock_data.closing_price AS close_end RETURN close_before AS `2024-03-08收盘价`, close_end AS `2024-03-15收盘价`, (close_end - close_before) / close_before * 100.0 AS `区间涨跌幅(%)`",
    'change_rank':
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data), (s:stock)-[:has_stock_data]->(sd2:stock_data) WHERE sd.stock_data.date == date('2024-03-08') AND sd2.stock_data.date == date('2024-03-15') RETURN s.stock.name AS `股票`, (sd2.stock_data.closing_price - sd.stock_data.closing_price) / sd.stock_data.closing_price * 100.0 AS `区间涨跌幅(%)` ORDER BY `区间涨跌幅(%)` DESC, `股票` LIMIT 1",
    'compare_entity':
        "MATCH (s2:stock)-[:has_stock_data]->(sd2:stock_data) WHERE s2.stock.name == $p0 AND sd2.stock_data.date == date('2024-03-15') WITH sd2.stock_data.range AS ref MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE sd.stock_data.date == date('2024-03-15') AND sd.stock_data.range > ref RETURN DISTINCT s.stock.name AS `股票`, sd.stock_data.range AS `涨跌幅`",
    'same_as':
        'MATCH (s:stock), (s2:stock) WHERE s2.stock.name == $p0 AND s.stock.province == s2.stock.province AND s.stock.name != s2.stock.name RETURN DISTINCT s.stock.name AS `股票`, s.stock.province AS `所在省份`',
    'why':
        'MATCH (s:stock)-[i2:involve]->(i:information) WHERE i2.tendency == 1 AND s.stock.name == $p0 RETURN DISTINCT i.information.name AS `资讯`',
    'difference':
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.stock.name IN $p0 AND sd.stock_data.date == date('2024-03-14') RETURN max(sd.stock_data.closing_price) - min(sd.stock_data.closing_price) AS `收盘价差值`",
    'which_of_group':
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.stock.name IN $p0 AND sd.stock_data.date == date('2024-03-15') RETURN s.stock.name AS `股票`, sd.stock_data.closing_price AS `收盘价` ORDER BY `收盘价` DESC, `股票`",
    'history':
        'MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.stock.name == $p0 RETURN s.stock.name AS `股票`, max(sd.stock_data.maximum_price) AS `历史最高价`',
    'yesno':
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE sd.stock_data.raising_limit == true AND s.stock.name == $p0 AND sd.stock_data.date == date('2024-03-15') RETURN count(*) > 0 AS `是否`",
    'count':
        'MATCH (s:stock) WHERE s.stock.province == $p0 RETURN count(DISTINCT s) AS `数量`',
    'group_by':
        'MATCH (t:trade)<-[:belong_to]-(s:stock) RETURN t.trade.name AS `行业板块`, count(DISTINCT s) AS `数量` ORDER BY `数量` DESC, `行业板块`',
    'aggregate':
        'MATCH (t:trade)<-[:belong_to]-(s:stock) WHERE t.trade.name == $p0 RETURN avg(s.stock.registered_capital) AS `平均注册资本`',
    'period_extreme':
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.stock.name == $p0 AND sd.stock_data.date >= date('2024-03-11') AND sd.stock_data.date <= date('2024-03-15') RETURN s.stock.name AS `股票`, sd.stock_data.date AS `日期`, sd.stock_data.closing_price AS `收盘价` ORDER BY `收盘价` DESC, `日期` LIMIT 1",
    'top_k':
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE sd.stock_data.date == date('2024-03-15') RETURN s.stock.name AS `股票`, sd.stock_data.range AS `涨跌幅` ORDER BY `涨跌幅` DESC, `股票` LIMIT 10",
    'entity':
        "MATCH (s:stock) WHERE s.stock.name == $p0 OPTIONAL MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE sd.stock_data.date == date('2024-03-15') RETURN s, sd.stock_data.date AS `日期`, sd.stock_data.closing_price AS `收盘价`, sd.stock_data.range AS `涨跌幅`",
    'share':
        'MATCH (fm2:fund_manager) WITH count(DISTINCT fm2) AS total MATCH (fm:fund_manager) WHERE fm.fund_manager.degree == $p0 RETURN count(DISTINCT fm) AS `数量`, total AS `全部基金经理数量`, count(DISTINCT fm) * 100.0 / total AS `占全部基金经理比例(%)`',
    'lookup':
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE s.stock.name == $p0 AND sd.stock_data.date == date('2024-03-14') RETURN DISTINCT s.stock.name AS `股票`, sd.stock_data.date AS `日期`, sd.stock_data.closing_price AS `收盘价`",
    'list':
        'MATCH (fm:fund_manager)-[:manage]->(pof:public_offering_fund) WHERE fm.fund_manager.name == $p0 RETURN DISTINCT pof.public_offering_fund.name AS `公募基金`',
    'both_ways':
        'MATCH (i:industry) WHERE i.industry.name == $p0 OPTIONAL MATCH (i3:industry)-[:affect]->(i:industry) WITH i, collect(DISTINCT i3.industry.name) AS upstream OPTIONAL MATCH (i:industry)-[:affect]->(i4:industry) RETURN i.industry.name AS `产业`, upstream AS `上游`, collect(DISTINCT i4.industry.name) AS `下游`',
    'every':
        "MATCH (s:stock)-[:has_stock_data]->(sd:stock_data) WHERE sd.stock_data.date >= date('2024-03-11') AND sd.stock_data.date <= date('2024-03-15') WITH s, min(sd.stock_data.range) AS every_row WHERE every_row > 0.0 RETURN DISTINCT s.stock.name AS `股票` ORDER BY `股票`",
}


def test_every_shape_has_an_ngql_golden_query():
    assert set(NGQL) == set(CASES)


@pytest.mark.parametrize("case", sorted(CASES))
def test_ngql(case):
    ex, units = CASES[case]()
    cand, neo4j, params = cypher(ex, units)
    assert render(cand.query, "nebula") == NGQL[case]
    # the same query, the same parameters: only the printing differs
    assert set(cand.query.param_names()) <= set(params)


def test_dialects_differ_only_where_they_say():
    q = Query((Match((Path(Node("s", "stock"), ((Rel("belong_to", True, "r"), Node("t", "trade")),)),),
                     Bin("AND", Bin("=", Prop("s", "name"), Param("p0")), Bin("<>", Prop("r", "w"), Param("p1")))),
               Return((Item(Func("label", (Var("t"),)), "kind"), Item(Prop("t", "name"))),
                      order=(Order(Prop("t", "name"), True),))), {"p0": "贵州茅台", "p1": 2})
    assert render(q, "neo4j") == ("MATCH (s:stock)-[r:belong_to]->(t:trade) WHERE s.name = $p0 AND r.w <> $p1 "
                                  "RETURN labels(t) AS kind, t.name ORDER BY t.name DESC")
    assert render(q, "ladybug") == render(q, "neo4j").replace("labels(t)", "label(t)")
    assert render(q, "nebula") == ("MATCH (s:stock)-[r:belong_to]->(t:trade) WHERE s.stock.name == $p0 AND r.w != $p1 "
                                   "RETURN tags(t) AS kind, t.trade.name AS _sort1 ORDER BY _sort1 DESC")
    # a prompt may see the values; a query that runs never does
    assert '"贵州茅台"' in render(q, "nebula", inline_params=True) and "$p0" not in render(q, "neo4j", inline_params=True)
    # FalkorDB's planner would start from the node with the most filters: the named one comes first
    assert render(q, "falkordb") == ("MATCH (s:stock) WHERE s.name = $p0 WITH s MATCH (s:stock)-[r:belong_to]->"
                                     "(t:trade) WHERE r.w <> $p1 RETURN labels(t) AS kind, t.name ORDER BY t.name DESC")
    assert set(DIALECTS) == {"neo4j", "ladybug", "nebula", "falkordb"}
    # Ladybug applies a MATCH's WHERE before the WITH … LIMIT above it: written as WITH * WHERE
    top = Query((Match((Path(Node("s", "stock")),)), With((Item(Var("s")),), order=(Order(Prop("s", "w"), True),), limit=1),
                 Match((Path(Node("s", "stock"), ((Rel("belong_to", True), Node("t", "trade")),)),),
                       Bin("=", Prop("t", "name"), Param("p0"))), Return((Item(Prop("s", "name")),))), {"p0": "银行"})
    assert render(top, "ladybug") == render(top, "neo4j").replace(" WHERE t.name", " WITH * WHERE t.name")


def test_ngql_refuses_an_unbounded_variable_length_edge():
    q = Query((Match((Path(Node("a", "industry"), ((Rel("affect", True, None, 1, None), Node("b", "industry")),)),)),
               Return((Item(Prop("b", "name")),))))
    assert "*1..]" in render(q, "neo4j")
    with pytest.raises(ValueError, match="maximum length"):
        render(q, "nebula")


def test_internal_queries_are_asts_too():
    assert render(queries.distinct_values("stock_data", "date"), "ladybug") == \
        "MATCH (n:stock_data) RETURN DISTINCT n.date ORDER BY n.date"
    assert render(queries.count_edges("hold"), "nebula") == "MATCH ()-[r:hold]->() RETURN count(r)"
    assert render(queries.span("trade_data", "date"), "nebula") == \
        "MATCH (n:trade_data) RETURN min(n.trade_data.date), max(n.trade_data.date), count(DISTINCT n.trade_data.date)"
    assert render(queries.distinct_values("stock", "province", ordered=False, skip_null=True), "neo4j") == \
        "MATCH (n:stock) WHERE n.province IS NOT NULL RETURN DISTINCT n.province"
