"""Each synthesis pass on hand-made extractions: what it adds to the query graph."""

import datetime as dt

import pytest

from nl2cypher.errors import CannotTranslate
from nl2cypher.synth.choices import Choices, alternatives
from nl2cypher.synth.ir import Const, Day, Op, Ref, Value
from nl2cypher.synth.passes import filters, joins, periods, properties, sentiment, subjects, totals, values

from .helpers import day, edge, ent, graph, lab, num, prop, q, span, unit, val


def test_entities_joined_by_a_connector_form_one_slot():
    g = graph(q(ent("五粮液"), "和", ent("泸州老窖"), "的", prop("收盘价", "stock_data.closing_price")),
              upto=subjects.find_entities)
    assert [(s.label, s.names, s.kind) for s in g.slots] == [("stock", ("五粮液", "泸州老窖"), "entity")]


def test_entities_of_different_labels_stay_apart():
    g = graph(q(ent("王明", "fund_manager"), "和", ent("贵州茅台")), upto=subjects.find_entities)
    assert [s.label for s in g.slots] == ["fund_manager", "stock"]


def test_a_type_word_next_to_its_entity_is_not_another_set():
    # 白酒板块: 板块 only says what 白酒 is
    g = graph(q(ent("白酒", "trade"), lab("板块", "trade"), "的股票"), upto=subjects.find_labels)
    assert [s.kind for s in g.slots] == ["entity"]


def test_target_is_the_label_after_which():
    ex = q(ent("王明", "fund_manager"), edge("管理", "manage"), "的", lab("基金", "public_offering_fund"), "持有",
           "哪些", lab("股票", "stock"))
    g = graph(ex, [unit(ex, "list", "哪些")], upto=subjects.choose_target)
    assert g.target.label == "stock" and g.target.kind == "label"


def test_target_from_a_property_alone_is_its_parent():
    # 收盘价最高的 (no entity, no label): daily rows belong to a stock
    g = graph(q(prop("收盘价", "stock_data.closing_price"), "最高的"), upto=subjects.choose_target)
    assert g.target.label == "stock"


def test_nothing_recognised_cannot_translate():
    with pytest.raises(CannotTranslate):
        graph(q("明天会涨吗"), upto=subjects.choose_target)


def test_why_fall_targets_bad_news():
    ex = q(ent("贵州茅台"), "为什么", val("下跌", "stock_data.range", ["0"], op="<"))
    g = graph(ex, [unit(ex, "why", "为什么〈V1〉", sign="1")], upto=sentiment.run)
    assert g.target.label == "information"
    assert Op("=", Ref(g.links[0].rel_var, "tendency"), Const(-1)) in g.conds


def test_a_price_word_creates_the_daily_row_of_its_entity():
    g = graph(q(ent("贵州茅台"), "的", prop("收盘价", "stock_data.closing_price", "trade_data.closing_price")),
              upto=properties.run)
    [a] = g.props
    assert a.owner.label == "stock_data" and a.owner.kind == "data"
    assert [(ln.a, [st.edge for st in ln.steps]) for ln in g.links] == [("s", ["has_stock_data"])]


def test_an_edge_property_is_read_from_the_relationship():
    ex = q(ent("易方达蓝筹", "public_offering_fund"), "对", ent("贵州茅台"), "的", prop("持仓占比", "hold.position_ratio"))
    g = graph(ex, upto=properties.run)
    [a] = g.props
    assert a.var == g.links[0].rel_var and g.links[0].steps[0].edge == "hold"


def test_rank_without_a_property_reads_the_change_measure():
    ex = q(ent("英可瑞"), lab("行业", "trade"), "排名")
    g = graph(ex, [unit(ex, "rank_in_group", "〈L1〉排名", refs={"label": 1})], upto=properties.default_change)
    assert [(a.owner.label, a.prop) for a in g.props] == [("stock_data", "range")]


def test_a_value_word_is_a_parameter_condition():
    g = graph(q(val("广东", "stock.province", ["广东"]), "的", lab("股票", "stock")), upto=values.run)
    assert g.conds == [Op("=", Ref("s", "province"), Value("p0"))]
    assert g.params == {"p0": "广东"}


def test_two_values_of_one_property_ask_for_the_property():
    ex = q(ent("王明", "fund_manager"), "是", val("男", "fund_manager.sex", ["男"]), "是",
           val("女", "fund_manager.sex", ["女"]))
    g = graph(ex, upto=values.run)
    assert [a.prop for a in g.props] == ["sex"] and g.conds == []


def test_joins_follow_the_schema_path():
    ex = q(ent("王明", "fund_manager"), edge("管理", "manage"), "的", lab("基金", "public_offering_fund"), "持有的",
           lab("股票", "stock"))
    g = graph(ex, upto=joins.run)
    hops = sorted(st.edge for ln in g.links for st in ln.steps)
    assert hops == ["hold", "manage"]


def test_downstream_orders_the_chain_edge():
    ex = q(ent("锂电池", "industry"), "的", edge("下游", "affect", role="downstream"), lab("产业", "industry"))
    g = graph(ex, upto=joins.run)
    [ln] = g.links
    up, down = g.slot_of(ln.a), g.slot_of(ln.b)
    assert ln.steps[0].edge == "affect" and ln.steps[0].forward
    assert up.kind == "entity" and down.kind == "label"  # (锂电池)-[:affect]->(下游产业)


def test_a_fall_word_compares_the_other_way():
    ex = q(prop("跌幅", "stock_data.range", flip="true"), "大于", num("5%", 5, "%"), "的", lab("股票", "stock"))
    g = graph(ex, [unit(ex, "compare", "大于〈N1〉", refs={"num": 1}, op=">")], upto=filters.run)
    ref = Ref("sd", "range")
    assert Op("<", ref, Value("p0")) in g.conds and g.params["p0"] == -5


def test_numbers_are_converted_to_the_property_unit():
    ex = q(prop("注册资本", "stock.registered_capital"), "超过", num("1.2亿", 1.2e8, "", 1e8), "的", lab("公司", "stock"))
    g = graph(ex, [unit(ex, "compare", "超过〈N1〉", refs={"num": 1}, op=">")], upto=filters.run)
    assert g.params == {"p0": 12000}  # 万元


def test_name_patterns_are_parameters():
    ex = q("名字以", "银行", "结尾的", lab("股票", "stock"))
    g = graph(ex, [unit(ex, "ends_with", "名字以银行结尾的", text="银行")], upto=filters.run)
    assert g.conds == [Op("ENDS WITH", Ref("s", "name"), Value("p0"))]
    assert g.params["p0"] == "银行"


def test_a_non_trading_day_becomes_the_trading_day_before_with_a_note():
    ex = q(ent("贵州茅台"), day("3月10日", dt.date(2024, 3, 10)), "的", prop("收盘价", "stock_data.closing_price"))
    g = graph(ex, upto=periods.run)
    assert Op("=", Ref("sd", "date"), Day(dt.date(2024, 3, 8))) in g.conds and g.single_day == dt.date(2024, 3, 8)
    assert any("2024-03-08" in n for n in g.notes)


def test_a_report_without_a_period_is_the_latest_one():
    g = graph(q(ent("贵州茅台"), "的", prop("净利润", "stock_financial_information.net_profit")), upto=periods.run)
    assert Op("=", Ref("sfi", "year"), Const(2023)) in g.conds and Op("=", Ref("sfi", "quarter"), Const(4)) in g.conds
    assert g.notes


def test_a_quarter_filters_report_rows_by_the_annotated_properties():
    ex = q(ent("贵州茅台"), span("2023年第三季度", "quarter", year=2023, quarter=3), "的",
           prop("净利润", "stock_financial_information.net_profit"))
    g = graph(ex, upto=periods.run)
    assert Op("=", Ref("sfi", "quarter"), Const(3)) in g.conds


def test_a_change_of_a_plain_figure_is_a_total():
    ex = q(ent("贵州茅台"), span("本月", "month", dt.date(2024, 3, 1), dt.date(2024, 3, 15)), "累计",
           prop("成交量", "stock_data.volume"))
    g = graph(ex, [unit(ex, "change", "累计〈P2〉")], upto=totals.run)
    assert [u.params for u in g.units if u.kind == "aggregate"] == [{"fn": "sum"}]


def test_choices_are_answered_by_name_not_position():
    c = Choices({"label#3": 1})
    assert c.pick("entity#0", ["stock", "trade"]) == "stock"  # not asked: the first option
    assert c.pick("label#3", ["trade", "industry"]) == "industry"
    assert c.points == {"entity#0": 2, "label#3": 2} and c.penalty == pytest.approx(0.02)
    assert list(alternatives({"a": 2, "b": 2}, 24)) == [{"a": 0, "b": 1}, {"a": 1, "b": 0}, {"a": 1, "b": 1}]
