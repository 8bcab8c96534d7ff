"""One hand-made question per answer shape: (shape name, extraction, units)."""

import datetime as dt

from .helpers import day, edge, ent, lab, num, prop, q, span, unit, val

T15, T14 = dt.date(2024, 3, 15), dt.date(2024, 3, 14)


def _growth():
    ex = q(ent("贵州茅台"), span("2023年第三季度", "quarter", year=2023, quarter=3), "的",
           prop("净利润", "stock_financial_information.net_profit"), "同比增长")
    return ex, [unit(ex, "growth", "同比增长", kind="yoy")]


def _group_rank():
    ex = q(ent("英可瑞"), day("今天", T15), prop("涨跌幅", "stock_data.range"), lab("行业", "trade"), "排名")
    return ex, [unit(ex, "rank_in_group", "〈L3〉排名", refs={"label": 3})]


def _change():
    ex = q(ent("贵州茅台"), span("本周", "range", dt.date(2024, 3, 11), T15), "累计", prop("涨跌幅", "stock_data.range"))
    return ex, [unit(ex, "change", "累计〈P2〉")]


def _change_rank():
    ex = q(span("本周", "range", dt.date(2024, 3, 11), T15), prop("涨幅", "stock_data.range"), "最大的", lab("股票", "stock"))
    return ex, [unit(ex, "extreme", "最大的", dir="desc")]


def _compare_entity():
    ex = q(prop("涨跌幅", "stock_data.range"), "高于", ent("上海港湾"), "的", lab("股票", "stock"))
    return ex, [unit(ex, "compare_entity", "高于〈E1〉", refs={"ent": 1}, op=">")]


def _same_as():
    ex = q("和", ent("贵州茅台"), "同一", prop("省份", "stock.province"), "的", lab("股票", "stock"))
    return ex, [unit(ex, "same_prop", "和〈E0〉同一〈P1〉", refs={"ent": 0, "prop": 1})]


def _why():
    ex = q(ent("贵州茅台"), "为什么", val("上涨", "stock_data.range", ["0"], op=">"))
    return ex, [unit(ex, "why", "为什么〈V1〉", sign="1")]


def _difference():
    ex = q(ent("五粮液"), "和", ent("泸州老窖"), day("昨天", T14), prop("收盘价", "stock_data.closing_price"), "相差多少")
    return ex, [unit(ex, "difference", "相差多少")]


def _which_of_group():
    ex = q(ent("五粮液"), "和", ent("泸州老窖"), "哪个", prop("收盘价", "stock_data.closing_price"), "高")
    return ex, [unit(ex, "which", "哪个", dir="desc")]


def _history():
    ex = q(ent("贵州茅台"), "历史", prop("最高价", "stock_data.maximum_price"))
    return ex, [unit(ex, "history", "历史", dir="desc")]


def _yesno():
    ex = q(ent("贵州茅台"), day("今天", T15), val("涨停", "stock_data.raising_limit", ["true"]), "了吗")
    return ex, [unit(ex, "yesno", "吗")]


def _every():
    ex = q(span("这周", "range", dt.date(2024, 3, 11), T15), "每天都",
           val("上涨的", "stock_data.range", ["0"], op=">"), lab("股票", "stock"))
    return ex, [unit(ex, "every", "每天都")]


def _count():
    ex = q(val("广东", "stock.province", ["广东"]), "有多少", lab("股票", "stock"))
    return ex, [unit(ex, "count", "有多少")]


def _group_by():
    ex = q("每个", lab("板块", "trade"), "有多少只", lab("股票", "stock"))
    return ex, [unit(ex, "group", "每个〈L0〉", refs={"label": 0}, dir="desc"), unit(ex, "count", "有多少只")]


def _aggregate():
    ex = q(ent("白酒", "trade"), lab("板块", "trade"), lab("股票", "stock"), "的", "平均",
           prop("注册资本", "stock.registered_capital"))
    return ex, [unit(ex, "aggregate", "平均", fn="avg")]


def _period_extreme():
    ex = q(ent("贵州茅台"), span("近5日", "range", dt.date(2024, 3, 11), T15), "最高的", prop("收盘价", "stock_data.closing_price"))
    return ex, [unit(ex, "extreme", "最高的", dir="desc")]


def _top_k():
    ex = q(day("今天", T15), prop("涨幅", "stock_data.range"), "前", num("10", 10), "的", lab("股票", "stock"))
    return ex, [unit(ex, "topk", "前〈N2〉", refs={"num": 2}, dir="desc")]


def _share():
    ex = q(val("博士", "fund_manager.degree", ["博士"]), "学历的", lab("基金经理", "fund_manager"), "占全部的比例")
    return ex, [unit(ex, "share", "占全部的比例")]


def _entity():
    ex = q("介绍一下", ent("贵州茅台"))
    return ex, [unit(ex, "info", "介绍一下")]


def _lookup():
    ex = q(ent("贵州茅台"), day("昨天", T14), "的", prop("收盘价", "stock_data.closing_price"))
    return ex, []


def _list():
    ex = q(ent("王明", "fund_manager"), edge("管理", "manage"), "的", lab("基金", "public_offering_fund"))
    return ex, []


def _company(text, name):
    return ent(text, "Company", name)


def _year(text, y):
    return span(text, "year", dt.date(y, 1, 1), dt.date(y, 12, 31), year=y)


def _concept(text, tag):
    return val(text, "Concept.name", [tag])


def _derived():  # What percentage of Alphabet's revenue went to R&D in 2020? (two figures of one company)
    ex = q(_company("Alphabet", "ALPHABET INC."), " ", _concept("R&D", "us-gaap:ResearchAndDevelopmentExpense"),
           " as a percent of ", _concept("revenue", "us-gaap:Revenues"), " in ", _year("2020", 2020))
    return ex, [unit(ex, "derived", "〈V1〉 as a percent of 〈V2〉", refs={"val": 1, "val2": 2}, op="percent")]


def _side_by_side():  # Apple revenue and net income for 2020 to 2021 (a column each)
    ex = q(_company("Apple", "APPLE INC."), " ", _concept("revenue", "us-gaap:Revenues"), " and ",
           _concept("net income", "us-gaap:NetIncomeLoss"), " for ",
           span("2020 to 2021", "range", dt.date(2020, 1, 1), dt.date(2021, 12, 31)))
    return ex, []



def _both_ways():
    ex = q(ent("芯片制造", "industry"), "的", edge("上游", "affect", role="upstream"), "跟",
           edge("下游", "affect", role="downstream"), "各是什么")
    return ex, []

def _position():
    ex = q(num("300", 300, "股"), "股", ent("贵州茅台"), day("今天", T15), "账面损益多少")
    return ex, [unit(ex, "holding", "〈N0〉股", refs={"num": 0}, role="shares"), unit(ex, "holding", "账面损益多少", role="gain")]


CASES = {
    "growth": _growth, "group_rank": _group_rank, "change": _change, "change_rank": _change_rank,
    "compare_entity": _compare_entity,
    "same_as": _same_as, "why": _why, "difference": _difference, "which_of_group": _which_of_group,
    "history": _history, "yesno": _yesno, "every": _every, "count": _count, "group_by": _group_by, "aggregate": _aggregate,
    "period_extreme": _period_extreme, "top_k": _top_k, "entity": _entity, "lookup": _lookup, "list": _list,
    "share": _share, "position": _position, "both_ways": _both_ways,
}
# shapes that read a measure's figures: over the ReportKG's packs (helpers.REPORT)
REPORT_CASES = {"derived": _derived, "side_by_side": _side_by_side}
