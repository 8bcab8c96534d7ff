"""Issue 23: classes of questions unseen users asked that the engine missed —
group-by, counts of days, lists asked as 有没有, ranges with 及, a missing
property refused — each with wordings of its own, compared with a hand-written
gold on the demo KG; and robustness as a measured property (perturbations as data)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from conftest import run_cli
from nl2cypher.cypher.parse import parse
from nl2cypher.evaluate import results_match
from nl2cypher.robustness import Perturber, load_operators, robustness, summary
from nl2cypher.understanding import unexpressed

T = "date('2024-03-15')"
# a growth of one thing's quarterly profit: (thing, year, quarter) against (year, quarter)
GROWTH = ("MATCH (s:stock {name: '%s'})-[:has_stock_financial_information]->(a:stock_financial_information), "
          "(s)-[:has_stock_financial_information]->(b:stock_financial_information) "
          "WHERE a.year = %d AND a.quarter = %d AND b.year = %d AND b.quarter = %d "
          "RETURN (a.net_profit - b.net_profit) / abs(b.net_profit) * 100")

# a fund's largest holding (by its share of the fund), that stock's change today
TOP_HOLDING_CHANGE = ("MATCH (:public_offering_fund {name: '%s'})-[h:hold]->(s:stock) WITH s ORDER BY h.position_ratio "
                      f"DESC, s.name LIMIT 1 MATCH (s)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.range")


def _same(engine, question: str, gold: str, ordered: bool = False) -> None:
    ans = engine.ask(question)
    assert ans.error is None, ans.error
    assert ans.confidence >= engine.trust, (ans.confidence, ans.unexplained)
    want = engine.store.run(gold)
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, ordered), (ans.cypher, ans.rows[:5],
                                                                                   want.rows[:5])


def _after(engine, *turns: str):
    """A session that has asked these turns."""
    s = engine.session()
    for q in turns:
        s.ask(q)
    return s


def _answers(engine, ans, gold: str, sure: bool = False) -> None:
    """A turn answered, its rows the gold's (and, `sure`, at or above the trust line)."""
    want = engine.store.run(gold)
    assert ans.error is None and results_match(want.columns, want.rows, ans.columns, ans.rows, False), \
        (ans.resolved_question, ans.error, ans.rows[:5])
    assert not sure or ans.confidence >= engine.trust, (ans.confidence, ans.unexplained)


def _shows(engine, ans, gold: str) -> None:
    """A sure answer whose first row shows the one value the gold computes (beside others)."""
    want = engine.store.run(gold).rows[0][0]
    assert ans.error is None and ans.confidence >= engine.trust, (ans.resolved_question, ans.cypher, ans.confidence)
    assert any(isinstance(v, float) and abs(v - want) < 1e-6 for v in ans.rows[0]), (ans.rows, want)


CASES = [
    # group-by: one row per thing of a label, or per value of a property, with its count or aggregate
    ("每个行业板块分别有几只股票",
     "MATCH (s:stock)-[:belong_to]->(t:trade) RETURN t.name, count(DISTINCT s) AS n ORDER BY n DESC, t.name", True),
    ("各上市板块的公司数量",
     "MATCH (s:stock) RETURN s.listed_sector, count(s) AS n ORDER BY n DESC, s.listed_sector", True),
    ("按学历统计基金经理有多少人",
     "MATCH (m:fund_manager) RETURN m.degree, count(m) AS n ORDER BY n DESC, m.degree", True),
    ("今天各个行业板块成分股的平均涨幅",
     f"MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN t.name, avg(d.range) AS a ORDER BY a DESC, t.name", True),
    # … and ranked: the most of a kind per thing, the most counted rows per thing
    ("手里基金最多的那个经理是谁",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) RETURN m.name, count(DISTINCT f) AS n "
     "ORDER BY n DESC, m.name LIMIT 1", True),
    ("股票数量最少的板块",
     "MATCH (s:stock)-[:belong_to]->(t:trade) RETURN t.name, count(DISTINCT s) AS n ORDER BY n, t.name LIMIT 1", True),
    # the best of each group: a row per board, not the one best overall (ties all kept)
    ("每个行业板块今天涨幅最大的股票",
     f"MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     f"WITH t, max(d.range) AS top MATCH (t)<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} AND d.range = top RETURN t.name, s.name, d.range", False),
    ("2023年涨停天数最多的5只股票",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.raising_limit = true AND d.date >= date('2023-01-01') "
     "AND d.date <= date('2023-12-31') RETURN s.name, count(d) AS n ORDER BY n DESC, s.name LIMIT 5", True),
    # 几次 / 几天: the number of days, not the list of them
    ("宁德时代今年涨停过几次",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '宁德时代' AND d.raising_limit = true "
     f"AND d.date >= date('2024-01-01') AND d.date <= {T} RETURN count(d)", False),
    ("五粮液这个月有几天是红的",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.range > 0 "
     f"AND d.date >= date('2024-03-01') AND d.date <= {T} RETURN count(d)", False),
    # 有没有 asked of a kind of thing: which ones (none = no); of a named thing: yes or no
    ("有没有连续涨停2天及以上的股票",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.raising_limit_days >= 2 "
     "RETURN s.name", False),
    ("浙江的银行股有吗",
     "MATCH (s:stock)-[:belong_to]->(t:trade) WHERE t.name = '银行' AND s.province = '浙江' RETURN s.name", False),
    ("王明管理的基金有没有持有宁德时代",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund)-[:hold]->(s:stock) "
     "WHERE m.name = '王明' AND s.name = '宁德时代' RETURN count(s) > 0", False),
    ("比亚迪今天涨停没",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '比亚迪' AND d.date = {T} "
     "RETURN d.raising_limit", False),
    # 及以后 / 及以上: the bound itself counts; 2010年以前 is before that year, not 2010 years ago
    ("2015年及以后成立的科创板公司",
     "MATCH (s:stock) WHERE s.listed_sector = '科创板' AND s.establishment_date >= date('2015-01-01') RETURN s.name",
     False),
    ("2005年以前成立的深市主板公司",
     "MATCH (s:stock) WHERE s.listed_sector = '深市主板' AND s.establishment_date < date('2005-01-01') RETURN s.name",
     False),
    # one thing against itself on another day: the difference, or whether it rose (fell)
    ("中国平安今天的成交量比昨天多了多少",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE s.name = '中国平安' AND a.date = {T} AND b.date = date('2024-03-14') RETURN a.volume - b.volume", False),
    ("招商银行今天收盘比前天低吗",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE s.name = '招商银行' AND a.date = {T} AND b.date = date('2024-03-13') "
     "RETURN a.closing_price < b.closing_price", False),
    # the change over a window, asked with the change word alone (not each day's change)
    ("宁德时代今年以来涨跌多少了",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE s.name = '宁德时代' AND a.date = {T} AND b.date = date('2023-12-29') "
     "RETURN (a.closing_price - b.closing_price) / b.closing_price * 100", False),
    ("军工板块2月份涨跌幅是多少",
     "MATCH (t:trade)-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
     "WHERE t.name = '军工' AND a.date = date('2024-02-29') AND b.date = date('2024-01-31') "
     "RETURN (a.closing_price - b.closing_price) / b.closing_price * 100", False),
    # … but a price over a window is the prices, and a property of several names is each one's
    ("五粮液本周的收盘价是多少",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.date >= date('2024-03-11') "
     f"AND d.date <= {T} RETURN d.date, d.closing_price", False),
    ("万科A和保利发展的注册资本有多少",
     "MATCH (s:stock) WHERE s.name IN ['万科A', '保利发展'] RETURN s.name, s.registered_capital", False),
    # which day a maximum fell on: the day with its value
    ("中信证券2023年哪一天成交量最大",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '中信证券' AND d.date >= date('2023-01-01') "
     "AND d.date <= date('2023-12-31') RETURN d.date, d.volume ORDER BY d.volume DESC, d.date LIMIT 1", True),
    ("银行板块今年最低点位是哪天",
     "MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE t.name = '银行' AND d.date >= date('2024-01-01') "
     f"AND d.date <= {T} RETURN d.date, d.minimum_price ORDER BY d.minimum_price, d.date LIMIT 1", True),
    # a property several labels have is the named thing's own (a fund's code, not its holdings')
    ("易方达消费升级股票A代码是啥",
     "MATCH (f:public_offering_fund) WHERE f.name = '易方达消费升级股票A' RETURN f.code", False),
    # a percentage written in words
    ("今天涨幅超过百分之五的票",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.range > 5 RETURN s.name", False),
    # a range written in Chinese numerals, in the property's own unit (注册资本 is in 万元)
    ("注册资本在三千万到八千万之间的公司",
     "MATCH (s:stock) WHERE s.registered_capital >= 3000 AND s.registered_capital <= 8000 RETURN s.name", False),
    # 半年来: six months ending today; the name after it keeps its characters
    ("半年来贵州茅台的最低价",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '贵州茅台' "
     f"AND d.date >= date('2023-09-16') AND d.date <= {T} RETURN min(d.minimum_price)", False),
    # things ranked by their change over a period, not by their best single day
    ("今年以来涨幅最大的三只股票",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = {T} AND b.date = date('2023-12-29') WITH s, (a.closing_price - b.closing_price) / "
     "b.closing_price * 100 AS pct RETURN s.name, pct ORDER BY pct DESC, s.name LIMIT 3", True),
    ("上个月跌得最多的行业板块",
     "MATCH (t:trade)-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
     "WHERE a.date = date('2024-02-29') AND b.date = date('2024-01-31') WITH t, (a.closing_price - b.closing_price) "
     "/ b.closing_price * 100 AS pct RETURN t.name, pct ORDER BY pct, t.name LIMIT 1", True),
    # grouped by a property asked with 哪个…最多/最少
    ("哪个学历的基金经理最少",
     "MATCH (m:fund_manager) RETURN m.degree, count(m) AS n ORDER BY n, m.degree LIMIT 1", True),
    # values of one property joined by a connector: either value
    ("沪市主板或北交所的公司有几家",
     "MATCH (s:stock) WHERE s.listed_sector IN ['沪市主板', '北交所'] RETURN count(s)", False),
    # 几多 (dialect for 多少): a count after a counter, a value after a property
    ("白酒板块有几多只股票",
     "MATCH (s:stock)-[:belong_to]->(t:trade) WHERE t.name = '白酒' RETURN count(DISTINCT s)", False),
    ("五粮液的注册资本有几多", "MATCH (s:stock) WHERE s.name = '五粮液' RETURN s.registered_capital", False),
    # a same-sound typo inside a five-character word (是不是张停: 是不是涨停, not 是|不是涨停)
    ("五粮液昨天是不是张停了",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.date = date('2024-03-14') "
     "RETURN d.raising_limit", False),
    # a value written with a suffix (浙江省), a container before 里面, 最惨 with a number
    ("浙江省的上市公司有几家", "MATCH (s:stock) WHERE s.province = '浙江' RETURN count(s)", False),
    ("昨天涨停的股票里面，券商股有几只",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data), (s)-[:belong_to]->(t:trade) WHERE t.name = '券商' "
     "AND d.raising_limit = true AND d.date = date('2024-03-14') RETURN count(DISTINCT s)", False),
    ("今天跌得最惨的3只白酒股",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data), (s)-[:belong_to]->(t:trade) WHERE t.name = '白酒' "
     f"AND d.date = {T} RETURN s.name, d.range ORDER BY d.range, s.name LIMIT 3", True),
    # 的 typed for 得 (涨的最多): read as the reader would; 涨的 alone still means the ones that rose
    ("这个月涨的最多的3只股票",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = {T} AND b.date = date('2024-02-29') WITH s, (a.closing_price - b.closing_price) / "
     "b.closing_price * 100 AS pct RETURN s.name, pct ORDER BY pct DESC, s.name LIMIT 3", True),
    ("昨天涨的股票有几只",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') AND d.range > 0 "
     "RETURN count(DISTINCT s)", False),
    # 最高/最低 asked of a day, or listed with other prices, are the day's high and low
    ("工商银行昨天开盘、最高、最低分别多少",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '工商银行' AND d.date = date('2024-03-14') "
     "RETURN d.opening_price, d.maximum_price, d.minimum_price", False),
    ("比亚迪今天最低多少",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '比亚迪' AND d.date = {T} "
     "RETURN d.minimum_price", False),
    # an average over several things on one day is one number over them, not each one's own value
    ("宁德时代和比亚迪今天平均涨了多少",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['宁德时代', '比亚迪'] AND d.date = {T} "
     "RETURN avg(d.range)", False),
    # a chain word said twice is two links of the chain
    ("稀土的下游的下游有哪些产业",
     "MATCH (a:industry)-[:affect]->(:industry)-[:affect]->(b:industry) WHERE a.name = '稀土' "
     "RETURN DISTINCT b.name", False),
    # 里面 names what the question is inside of, not an answer before
    ("创业板里面注册资本最大的公司",
     "MATCH (s:stock) WHERE s.listed_sector = '创业板' RETURN s.name ORDER BY s.registered_capital DESC, s.name "
     "LIMIT 1", False),
    # a date property inside a period (上市 after a time is the listing date); new issues are named by their stock
    ("去年挂牌的新股都有谁",
     "MATCH (s:stock)-[r:originate_from]->(:new_stock) WHERE r.marketing_time >= date('2023-01-01') "
     "AND r.marketing_time <= date('2023-12-31') RETURN s.name", False),
    ("2023年网上发行的新股有多少只",
     "MATCH (n:new_stock) WHERE n.online_release_date >= date('2023-01-01') "
     "AND n.online_release_date <= date('2023-12-31') RETURN count(n)", False),
    # a word of the news titles searches them (消息 says it is news)
    ("最近有增持消息的公司",
     "MATCH (s:stock)-[:involve]->(i:information) WHERE i.name CONTAINS '增持' RETURN DISTINCT s.name", False),
    # 赚 is the profit; 2023年Q2 is a quarter
    ("2023年Q2哪家银行赚钱最多",
     "MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE t.name = '银行' AND f.year = 2023 AND f.quarter = 2 RETURN s.name ORDER BY f.net_profit DESC LIMIT 1",
     False),
    # a chain word with the answer something else: the companies of the industries upstream
    ("锂电池上游产业的相关公司",
     "MATCH (u:industry)-[:affect]->(i:industry) WHERE i.name = '锂电池' MATCH (s:stock)-[:associate]->(u) "
     "RETURN DISTINCT s.name", False),
    ("锂电池上游有哪些上市公司",
     "MATCH (u:industry)-[:affect]->(i:industry) WHERE i.name = '锂电池' MATCH (s:stock)-[:associate]->(u) "
     "RETURN DISTINCT s.name", False),
    # two named things over a period: each one's change over it, not its best day; a year's profit is the sum
    ("五粮液和泸州老窖这周哪个涨得多",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     "WHERE s.name IN ['五粮液', '泸州老窖'] AND a.date = date('2024-03-08') AND b.date = date('2024-03-15') "
     "RETURN s.name ORDER BY (b.closing_price - a.closing_price) / a.closing_price DESC", True),
    ("贵州茅台和五粮液2023年全年净利润谁多",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE s.name IN ['贵州茅台', '五粮液'] AND f.year = 2023 WITH s, sum(f.net_profit) AS p "
     "RETURN s.name ORDER BY p DESC",
     True),
    # a misheard name (行 read as xing or hang) and a name glued to a connector; 长 dictated for 涨
    ("招商因行的现任董事长是谁",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name = '招商银行' AND c.departure_date IS NULL "
     "RETURN c.name", False),
    ("片仔黄和云南白药成立日期",
     "MATCH (s:stock) WHERE s.name IN ['片仔癀', '云南白药'] RETURN s.name, s.establishment_date", False),
    ("宁德时代今天长了多少",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '宁德时代' AND d.date = {T} RETURN d.range",
     False),
    # 同时 / 都…的 over several names: each one holds (an intersection), not any one of them
    ("同时重仓宁德时代和比亚迪的基金",
     "MATCH (a:stock {name: '宁德时代'})<-[:hold]-(f:public_offering_fund)-[:hold]->(b:stock {name: '比亚迪'}) "
     "RETURN DISTINCT f.name", False),
    ("宁德时代和比亚迪都持有的基金有哪些",
     "MATCH (a:stock {name: '宁德时代'})<-[:hold]-(f:public_offering_fund)-[:hold]->(b:stock {name: '比亚迪'}) "
     "RETURN DISTINCT f.name", False),
    # 离任过: those who left
    ("董事长离任过的公司有哪些",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.departure_date IS NOT NULL RETURN DISTINCT s.name",
     False),
    # a letter joined to a fund name ending in a letter is the other share class
    ("易方达消费升级股票A跟C哪个管理费低",
     "MATCH (f:public_offering_fund) WHERE f.name IN ['易方达消费升级股票A', '易方达消费升级股票C'] "
     "RETURN f.name ORDER BY f.management_fee, f.name", True),
    # 好多 asked at the end is 多少; 沪主板 is 沪市主板
    ("五粮液今天成交量是好多",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.date = {T} RETURN d.volume",
     False),
    ("沪主板一共几家公司", "MATCH (s:stock) WHERE s.listed_sector = '沪市主板' RETURN count(s)", False),
    # a ranking over a relationship with a size and no property named: by the edge's weight
    ("宁德时代的第一大股东",
     "MATCH (h:stockholder)-[r:is_stockholder_of]->(s:stock) WHERE s.name = '宁德时代' RETURN h.name "
     "ORDER BY r.shareholding_ratio DESC, h.name LIMIT 1", False),
    ("重仓五粮液最多的两只基金",
     "MATCH (f:public_offering_fund)-[h:hold]->(s:stock) WHERE s.name = '五粮液' RETURN f.name "
     "ORDER BY h.position_ratio DESC, f.name LIMIT 2", True),
    # how much each holds: the holding's share, biggest first
    ("比亚迪有哪些股东，各占多少",
     "MATCH (h:stockholder)-[r:is_stockholder_of]->(s:stock) WHERE s.name = '比亚迪' RETURN h.name, "
     "r.shareholding_ratio ORDER BY r.shareholding_ratio DESC", True),
    # values of one property listed, then 各/分别: one row per value with its count
    ("创业板和科创板的公司各有几家",
     "MATCH (s:stock) WHERE s.listed_sector IN ['创业板', '科创板'] RETURN s.listed_sector, count(s) AS n "
     "ORDER BY n DESC, s.listed_sector", True),
    ("宁德时代的资讯里利好、利空分别多少条",
     "MATCH (s:stock)-[r:involve]->(i:information) WHERE s.name = '宁德时代' RETURN r.tendency, count(i) AS n "
     "ORDER BY n DESC, r.tendency", True),
    # 多了多少 between two quarters: the difference, beside the rate
    ("宁德时代2023年三季度的净利润比二季度多了多少",
     "MATCH (s:stock)-[:has_stock_financial_information]->(a:stock_financial_information), "
     "(s)-[:has_stock_financial_information]->(b:stock_financial_information) WHERE s.name = '宁德时代' "
     "AND a.year = 2023 AND a.quarter = 3 AND b.year = 2023 AND b.quarter = 2 RETURN a.net_profit - b.net_profit",
     False),
    # 那位基金经理何杰: the name right after the label word says which one — nothing before is pointed at
    ("那位基金经理何杰一共管着几只基金",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.name = '何杰' RETURN count(f)", False),
    # spoken fillers (就是, 然后) and 还是 between two choices are no names
    ("嗯 就是想问平安银行的董事长是男的还是女的",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name = '平安银行' AND c.departure_date IS NULL "
     "RETURN c.sex", False),
    # 以上 after a count of days includes the number (2天以上: 2 too), as 及以上 does
    ("今天连续涨停1天以上的股票有哪些",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.raising_limit_days >= 1 "
     "RETURN DISTINCT s.name", False),
    # 是哪里的公司 / 总部在哪 ask where it is: the KG keeps the province
    ("美的集团是哪里的公司", "MATCH (s:stock) WHERE s.name = '美的集团' RETURN s.province", False),
    # 是…的吧 asks to confirm: a yes/no
    ("宁德时代是创业板的吧",
     "MATCH (s:stock) WHERE s.name = '宁德时代' RETURN s.listed_sector = '创业板'", False),
    # 跌了多少 over a period is the change over it, as 涨了多少 is
    ("银行板块上个月跌了多少",
     "MATCH (t:trade)-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) WHERE t.name = '银行' "
     "AND a.date = date('2024-01-31') AND b.date = date('2024-02-29') "
     "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100.0", False),
    # one by one: a year's quarters each (not the year's total), a few days' highs each (not their max)
    ("比亚迪2023年各个季度的净利润是多少",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) WHERE s.name = '比亚迪' "
     "AND f.year = 2023 RETURN f.year, f.quarter, f.net_profit ORDER BY f.year, f.quarter", True),
    ("万科A最近五个交易日的最低价分别是多少",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '万科A' AND d.date >= date('2024-03-11') "
     "AND d.date <= date('2024-03-15') RETURN d.date, d.minimum_price ORDER BY d.date", True),
    # … while 加在一起 over the same quarters is their total
    ("比亚迪2023年四个季度的净利润加在一起是多少",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) WHERE s.name = '比亚迪' "
     "AND f.year = 2023 RETURN sum(f.net_profit)", False),
    # a whole year the KG holds only part of: the change runs from its first trading day, as the note says
    ("2023年跌幅最大的三只股票",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     "WHERE a.date = date('2023-02-17') AND b.date = date('2023-12-29') "
     "RETURN s.name, (b.closing_price - a.closing_price) / a.closing_price * 100.0 AS c ORDER BY c, s.name LIMIT 3", True),
    # news of funds are the funds' own (an edge from several labels joins the one named), not their holdings'
    ("基金都有哪些利空资讯",
     "MATCH (f:public_offering_fund)-[r:involve]->(i:information) WHERE r.tendency = -1 RETURN DISTINCT i.name", False),
    # the set a question picks from (股票里头 / 基金里边) is what it asks for, also with no turn before
    ("创业板的股票里头有利空消息的有哪些",
     "MATCH (s:stock)-[r:involve]->(i:information) WHERE s.listed_sector = '创业板' AND r.tendency = -1 "
     "RETURN DISTINCT s.name", False),
    ("基金里边哪只管理费最低",
     "MATCH (f:public_offering_fund) RETURN f.name, f.management_fee ORDER BY f.management_fee, f.name LIMIT 1", True),
    # the newest one (最新一期 / 最近那只) by its own date, of those already come
    ("最新一期新股发行了多少万股",
     "MATCH (s:stock)-[:originate_from]->(n:new_stock) WHERE n.online_release_date <= date('2024-03-15') "
     "RETURN s.name, n.amount ORDER BY n.online_release_date DESC, s.name LIMIT 1", True),
    # who runs the one a ranking picks: the people over the edge word, the ranked one named beside them
    ("净值最高的基金是哪位经理在管",
     "MATCH (f:public_offering_fund) WITH f ORDER BY f.net_worth DESC, f.name LIMIT 1 "
     "MATCH (m:fund_manager)-[:manage]->(f) RETURN m.name, f.name", False),
    # a ranking beside a holding word ranks the holdings (the largest one's price), not the price
    ("易方达蓝筹精选混合A持仓最多的那只股票昨天收盘价多少",
     "MATCH (f:public_offering_fund)-[h:hold]->(s:stock) WHERE f.name = '易方达蓝筹精选混合A' "
     "WITH s ORDER BY h.position_ratio DESC, s.name LIMIT 1 MATCH (s)-[:has_stock_data]->(d:stock_data) "
     "WHERE d.date = date('2024-03-14') RETURN s.name, d.closing_price", False),
    # an average over things reached through others counts each thing once (a fund two of them run)
    ("男基金经理管理的基金平均管理费是多少",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.sex = '男' WITH DISTINCT f "
     "RETURN avg(f.management_fee)", False),
    # 分别/各自 over a list of things: whose each row is
    ("持有五粮液的基金分别由哪位经理管理",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund)-[:hold]->(s:stock) WHERE s.name = '五粮液' "
     "RETURN f.name, m.name", False),
    # 有没有 … 的基金: the names narrow the kind asked about — which ones (none = no)
    ("有没有同时持有贵州茅台和五粮液的基金",
     "MATCH (a:stock)<-[:hold]-(f:public_offering_fund)-[:hold]->(b:stock) WHERE a.name = '贵州茅台' "
     "AND b.name = '五粮液' RETURN DISTINCT f.name", False),
    # a week said with 礼拜 (its 五 starting 五粮液, not a Friday); the first trading day of a period
    ("上个礼拜五粮液一共涨了百分之几",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     "WHERE s.name = '五粮液' AND a.date = date('2024-03-01') AND b.date = date('2024-03-08') "
     "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", False),
    ("今年第一个交易日五粮液收盘多少",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.date = date('2024-01-02') "
     "RETURN d.closing_price", False),
    # two boards each with its type word are one pair; 哪个强 / 表现更好 ranks by the change
    ("白酒板块和银行板块这个星期哪个表现更好",
     "MATCH (t:trade)-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
     "WHERE t.name IN ['白酒', '银行'] AND a.date = date('2024-03-08') AND b.date = date('2024-03-15') "
     "RETURN t.name ORDER BY (b.closing_price - a.closing_price) / a.closing_price DESC", True),
    ("券商和保险今天哪个板块更强",
     f"MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE t.name IN ['券商', '保险'] AND d.date = {T} "
     "RETURN t.name ORDER BY d.range DESC", True),
    # 连板几天 is the run of limit-up days, not a count of days; 管几只 counts what the edge reaches
    ("中信证券连续涨停了多少天",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '中信证券' AND d.date = {T} "
     "RETURN d.raising_limit_days", False),
    ("黄明管几只",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.name = '黄明' RETURN count(DISTINCT f)", False),
    # a named thing's news: each item with whether it is good or bad news for it
    ("东方财富最近有啥子消息",
     "MATCH (s:stock)-[r:involve]->(i:information) WHERE s.name = '东方财富' RETURN i.name, r.tendency", False),
    # a word every fund's name starts with is the fund company: its funds (not a name asked back)
    ("华安的基金一共有几只",
     "MATCH (f:public_offering_fund) WHERE f.name STARTS WITH '华安' RETURN count(f)", False),
    ("易方达旗下这些基金平均管理费多少",
     "MATCH (f:public_offering_fund) WHERE f.name STARTS WITH '易方达' RETURN avg(f.management_fee)", False),
    # a board has one row of its own a day: its day's average is over its stocks
    ("昨天每个行业板块的平均涨跌幅是多少",
     "MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
     "RETURN t.name, avg(d.range)", False),
    # which one's total is largest: each one's total, ranked (not one total over all)
    ("哪个基金经理管的基金规模加起来最大",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) RETURN m.name, sum(f.scale) AS t "
     "ORDER BY t DESC, m.name LIMIT 1", True),
    # magnitudes as people say them (两个亿, 过百亿) and a rise or fall by a number (跌超4个点)
    ("昨天跌超4个点的票有哪些",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') AND d.range < -4 "
     "RETURN s.name", False),
    ("规模过百亿的基金有几只",
     "MATCH (f:public_offering_fund) WHERE f.scale > 10000000000 RETURN count(f)", False),
    ("2023年三季度净利润超过两个亿的银行有哪些",
     "MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE t.name = '银行' AND f.year = 2023 AND f.quarter = 3 AND f.net_profit > 200000000 RETURN s.name", False),
    # a day against another day: no property named is the price; a second property is the other day's
    ("招商银行今天比上个月底涨了多少",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE s.name = '招商银行' AND a.date = {T} AND b.date = date('2024-02-29') "
     "RETURN a.closing_price, b.closing_price, a.closing_price - b.closing_price", False),
    ("茅台今天收盘价比周二的开盘价高多少",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE s.name = '贵州茅台' AND a.date = {T} AND b.date = date('2024-03-12') "
     "RETURN a.closing_price - b.opening_price", False),
    ("招行现在的价格比月初高还是低",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE s.name = '招商银行' AND a.date = {T} AND b.date = date('2024-02-29') "
     "RETURN a.closing_price, b.closing_price, a.closing_price > b.closing_price", False),
    # a count of one named board is of its stocks; its day's average is over its stocks' rows
    ("银行板块一共几只",
     "MATCH (s:stock)-[:belong_to]->(t:trade) WHERE t.name = '银行' RETURN count(s)", False),
    ("银行板块今天平均收盘价多少",
     "MATCH (s:stock)-[:belong_to]->(t:trade), (s)-[:has_stock_data]->(d:stock_data) WHERE t.name = '银行' "
     f"AND d.date = {T} RETURN avg(d.closing_price)", False),
    # 最近上市: the newest listings first (of those already listed); 涨最多 is 涨得最多
    ("最新上市的股票有哪些",
     "MATCH (s:stock)-[o:originate_from]->(:new_stock) WHERE o.marketing_time <= date('2024-03-15') "
     "RETURN s.name, o.marketing_time ORDER BY o.marketing_time DESC, s.name LIMIT 5", True),
    ("昨天哪个行业板块跌最多",
     "MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = date('2024-03-14') "
     "RETURN t.name ORDER BY d.range, t.name LIMIT 1", False),
    # a condition on the board's stocks' rows reaches them through its stocks
    ("昨天各板块分别涨停了几只",
     "MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
     "AND d.raising_limit = true RETURN t.name, count(DISTINCT s)", False),
    # 跌了没: the change and whether it fell
    ("工商银行昨天跌了没",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '工商银行' AND d.date = date('2024-03-14') "
     "RETURN d.range, d.range < 0", False),
    # a figure asked in a magnitude (多少亿) is answered in it when kept in 元
    ("华夏品质生活股票A规模有几亿",
     "MATCH (f:public_offering_fund) WHERE f.name = '华夏品质生活股票A' RETURN f.scale / 100000000.0", False),
    ("贵州茅台2023年三季度净利润是多少亿",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE s.name = '贵州茅台' AND f.year = 2023 AND f.quarter = 3 RETURN f.net_profit / 100000000.0", False),
    # … a derived figure too (成交额 = close × volume), and shares in 万股 / 亿股
    ("宁德时代昨天成交金额差不多几个亿",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '宁德时代' AND d.date = date('2024-03-14') "
     "RETURN d.closing_price * d.volume / 100000000.0", False),
    ("中国平安昨天成交量是多少万股",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '中国平安' AND d.date = date('2024-03-14') "
     "RETURN d.volume / 10000.0", False),
    # which day with no time named: over every day there is (收盘最高 is the highest close)
    ("比亚迪哪天收盘最低",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '比亚迪' "
     "RETURN d.date, d.closing_price ORDER BY d.closing_price, d.date LIMIT 1", False),
    # 单季 is the quarter's own figure, as every quarterly figure is
    ("去年二季度单季利润最少的银行",
     "MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE t.name = '银行' AND f.year = 2023 AND f.quarter = 2 RETURN s.name ORDER BY f.net_profit, s.name LIMIT 1",
     False),
    # a day's change listed for several things: the best first; 列几条 lists
    ("银行板块每只股票昨天的涨跌幅列一下",
     "MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) WHERE t.name = '银行' "
     "AND d.date = date('2024-03-14') RETURN s.name, d.range ORDER BY d.range DESC", True),
    ("跟基金有关的新闻列几条",
     "MATCH (f:public_offering_fund)-[:involve]->(i:information) RETURN DISTINCT i.name", False),
    # 能买不 asks the fund's status; 哪只能买 keeps those open for subscription
    ("华夏医疗健康股票A现在还能买吗",
     "MATCH (f:public_offering_fund) WHERE f.name = '华夏医疗健康股票A' RETURN f.sales_status", False),
    ("持有五粮液的那些基金哪只能买",
     "MATCH (f:public_offering_fund)-[:hold]->(s:stock) WHERE s.name = '五粮液' AND f.sales_status = '开放申购' "
     "RETURN DISTINCT f.name", False),
    # is a named thing's value this one: whether, and what it is
    ("张丽华是博士吗",
     "MATCH (m:fund_manager) WHERE m.name = '张丽华' RETURN m.degree = '博士', m.degree", False),
    # a time between two names joined is both's (工行今天和建行)
    ("工行今天和建行收盘差几毛钱",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['工商银行', '建设银行'] AND d.date = {T} "
     "RETURN max(d.closing_price) - min(d.closing_price)", False),
    # the oldest company is the earliest founded
    ("科创板里面哪家公司最老",
     "MATCH (s:stock) WHERE s.listed_sector = '科创板' RETURN s.name ORDER BY s.establishment_date LIMIT 1", False),
    # how a stock did: the price and the change
    ("茅台今天股价怎么样",
     f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN d.closing_price, d.range", False),
    # several named, each one's count (各/分别), not one total
    ("蔡雪和许海波各管了几只基金",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.name IN ['蔡雪', '许海波'] "
     "RETURN m.name, count(DISTINCT f)", False),
    # the last few days said bare (三天一共, 这5天): counted back from today
    ("比亚迪三天一共涨了多少",
     "MATCH (s:stock {name: '比亚迪'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = date('2024-03-12') AND b.date = {T} "
     "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", False),
    # a start and an end said with one noun (认购开始和结束时间): both
    ("大成新能源灵活配置混合C的认购开始和结束时间",
     "MATCH (f:public_offering_fund {name: '大成新能源灵活配置混合C'}) RETURN f.subscription_start_time, "
     "f.subscription_end_time", False),
    # a ranking by a relationship's size, naming both ends
    ("持仓市值最大的是哪只基金持的哪只股",
     "MATCH (f:public_offering_fund)-[h:hold]->(s:stock) RETURN f.name, s.name ORDER BY h.position_amount DESC "
     "LIMIT 1", False),
    # which quarter a figure peaked: that quarter, beside the figure
    ("招行23年哪个季度赚得最多",
     "MATCH (:stock {name: '招商银行'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 RETURN f.quarter, f.net_profit ORDER BY f.net_profit DESC LIMIT 1", False),
    # a year typed without 年 before 全年
    ("五粮液2022全年净利润",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2022 RETURN sum(f.net_profit)", False),
    # when subscription ends, asked in words
    ("兴全消费升级股票C啥时候开始认购的啥时候结束",
     "MATCH (f:public_offering_fund {name: '兴全消费升级股票C'}) RETURN f.subscription_start_time, "
     "f.subscription_end_time", False),
    # 新上市 is listed
    ("有哪些股票是今年新上市的",
     "MATCH (s:stock)-[o:originate_from]->(:new_stock) WHERE o.marketing_time >= date('2024-01-01') RETURN s.name",
     False),
    # days it rose and days it fell: two counts of one stock's days, side by side
    ("同花顺这周涨了几天跌了几天",
     "MATCH (:stock {name: '同花顺'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
     f"AND d.date <= {T} RETURN sum(CASE WHEN d.range > 0 THEN 1 ELSE 0 END), "
     "sum(CASE WHEN d.range < 0 THEN 1 ELSE 0 END)", False),
    # the named thing's own kind asked again through another: the others that one leads to
    ("富国科技创新指数A的经理还管了哪些其他基金",
     "MATCH (f:public_offering_fund {name: '富国科技创新指数A'})<-[:manage]-(:fund_manager)-[:manage]->"
     "(o:public_offering_fund) WHERE o.name <> f.name RETURN DISTINCT o.name", False),
    ("贵州茅台所属板块有哪些股票",
     "MATCH (:stock {name: '贵州茅台'})-[:belong_to]->(:trade)<-[:belong_to]-(o:stock) RETURN DISTINCT o.name", False),
    # news about no thing named: which stock each item is about shows beside it
    ("最近有啥利空新闻",
     "MATCH (s:stock)-[v:involve]->(i:information) WHERE v.tendency = -1 RETURN s.name, i.name", False),
    # things tied to one named thing by a sized edge: the size shows, biggest first
    ("中国平安大股东都有谁",
     "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '中国平安'}) RETURN h.name, r.shareholding_ratio "
     "ORDER BY r.shareholding_ratio DESC, h.name", True),
    # the highest of one thing's own days: which day, beside the value
    ("比亚迪今年以来最高价是多少",
     "MATCH (:stock {name: '比亚迪'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-01-01') "
     "RETURN d.maximum_price, d.date ORDER BY d.maximum_price DESC, d.date LIMIT 1", True),
    # an average of each day, compared: a board's stocks today against yesterday
    ("白酒板块的股票今天平均涨幅比昨天高吗",
     "MATCH (t:trade {name: '白酒'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) "
     f"WITH avg(CASE WHEN d.date = {T} THEN d.range END) AS a, "
     "avg(CASE WHEN d.date = date('2024-03-14') THEN d.range END) AS b RETURN a > b", False),
    # names typed with spaces between (and a code after a name: the same company once)
    ("中信证券 华泰证券 东方财富昨天成交量对比一下",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['中信证券', '华泰证券', '东方财富'] "
     "AND d.date = date('2024-03-14') RETURN s.name, d.volume", False),
    ("五粮液 000858 今天最高价多少",
     f"MATCH (:stock {{name: '五粮液'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.maximum_price",
     False),
    # two names glued with nothing between: both, the short one a part of its name
    ("茅台五粮液哪个注册资本大",
     "MATCH (s:stock) WHERE s.name IN ['贵州茅台', '五粮液'] RETURN s.name ORDER BY s.registered_capital DESC",
     True),
    # a name with one inner character left out
    ("新能源车的下游是什么",
     "MATCH (a:industry)-[:affect]->(b:industry) WHERE a.name = '新能源汽车' RETURN b.name", False),
    # a code and a name of the one company in one question: one subject
    ("请问002594是比亚迪吗 它注册资本多少", "MATCH (s:stock {name: '比亚迪'}) RETURN s.registered_capital", False),
    # what a code is: its name (and all it has)
    ("600036是啥子股票", "MATCH (s:stock {code: '600036'}) RETURN s.name", False),
    # 各种 is each kind of; a same-sound name typo with 是 glued after it
    ("各种上市板块的股票分别有几只",
     "MATCH (s:stock) RETURN s.listed_sector, count(s) AS n ORDER BY n DESC, s.listed_sector", True),
    ("招商因行是哪个省的", "MATCH (s:stock {name: '招商银行'}) RETURN s.province", False),
    # a fall joined to another condition by 但是 is a condition too
    ("昨天上涨但是有利空新闻的股票有哪些",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data), (s)-[v:involve]->(:information) "
     "WHERE d.date = date('2024-03-14') AND d.range > 0 AND v.tendency = -1 RETURN DISTINCT s.name", False),
    # 收盘几多钱: the closing price
    ("宁德时代昨天收盘几多钱",
     "MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
     "RETURN d.closing_price", False),
    # all of a company's chairmen: each one's tenure, in the order they took office (历任 is no typo of 离任)
    ("五粮液历任董事长都有谁",
     "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '五粮液'}) "
     "RETURN c.name, c.appointment_date, c.departure_date ORDER BY c.appointment_date, c.name", True),
    # 利好和利空各几条: the two counts side by side
    ("华泰证券的新闻里利好和利空各有几条",
     "MATCH (s:stock {name: '华泰证券'})-[v:involve]->(i:information) "
     "RETURN count(DISTINCT CASE WHEN v.tendency = 1 THEN i END), count(DISTINCT CASE WHEN v.tendency = -1 THEN i END)",
     False),
    # 今天咋样: the day's close and change; 有木有 is 有没有
    ("zgsh昨天咋样",
     "MATCH (:stock {name: '中国石化'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
     "RETURN d.closing_price, d.range", False),
    ("比亚迪今天有木有涨停",
     f"MATCH (:stock {{name: '比亚迪'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.raising_limit",
     False),
    # 有基金持有它吗: are there such funds — which ones (none says no); a named holder stays yes or no
    ("有基金持有中国平安吗",
     "MATCH (f:public_offering_fund)-[:hold]->(:stock {name: '中国平安'}) RETURN DISTINCT f.name", False),
    # a list showing a date: the earliest first
    ("已经离任的董事长有哪些",
     "MATCH (c:chairman) WHERE c.departure_date IS NOT NULL RETURN c.name, c.departure_date "
     "ORDER BY c.departure_date, c.name", True),
    # 22年报 is 2022's annual report
    ("五粮液22年报存货周转率多少",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2022 AND f.quarter = 4 RETURN f.inventory_turnover", False),
    # 股假 dictated for 股价; 这周五个交易日 is the week, not Friday; 往下走是啥 is downstream
    ("中信证券跟华泰证券今天哪个股假高",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['中信证券', '华泰证券'] AND d.date = {T} "
     "RETURN s.name ORDER BY d.closing_price DESC", True),
    ("五粮液这周五个交易日平均成交量多少",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
     f"AND d.date <= {T} RETURN avg(d.volume)", False),
    ("稀土往下走是啥", "MATCH (a:industry)-[:affect]->(b:industry) WHERE a.name = '稀土' RETURN b.name", False),
    # 多大规模 asks the scale; 有啥…没 asks which ones, …了没 yes or no
    ("锂电池产业多大规模", "MATCH (i:industry {name: '锂电池'}) RETURN i.scale", False),
    ("五粮液最近有啥利好消息没",
     "MATCH (:stock {name: '五粮液'})-[v:involve]->(i:information) WHERE v.tendency = 1 RETURN i.name", False),
    ("比亚迪今天涨停了没",
     f"MATCH (:stock {{name: '比亚迪'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.raising_limit",
     False),
    # forum words for a bound: 跌破 is below, 站上 above, a price said in 块 is the share price
    ("单位净值跌破0.8的基金", "MATCH (f:public_offering_fund) WHERE f.net_worth < 0.8 RETURN f.name", False),
    ("今天收盘站上200的股票",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.closing_price > 200 RETURN s.name",
     False),
    ("20块钱以下的券商股",
     "MATCH (s:stock)-[:belong_to]->(:trade {name: '券商'}), (s)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} AND d.closing_price < 20 RETURN s.name", False),
    ("今天涨了2到4个点的银行股",
     "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} AND d.range >= 2 AND d.range <= 4 RETURN s.name", False),
    # 月初到现在 is this month so far (from the last close before it); 去年这个时候 the same day a year back
    ("宁德时代月初到现在涨了百分之几",
     "MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(a:stock_data), (:stock {name: '宁德时代'})-[:has_stock_data]->"
     f"(b:stock_data) WHERE a.date = date('2024-02-29') AND b.date = {T} "
     "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", False),
    ("去年这个时候五粮液收盘多少",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2023-03-15') "
     "RETURN d.closing_price", False),
    # a stretch of years, one quarter of each; a year's figure ranked is each one's year, not its best quarter
    ("比亚迪2020到2023每年三季度的净利润",
     "MATCH (:stock {name: '比亚迪'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year >= 2020 AND f.year <= 2023 AND f.quarter = 3 RETURN f.year, f.net_profit", False),
    ("2022年净利润最高的三只券商股",
     "MATCH (s:stock)-[:belong_to]->(:trade {name: '券商'}), (s)-[:has_stock_financial_information]->"
     "(f:stock_financial_information) WHERE f.year = 2022 RETURN s.name, sum(f.net_profit) AS p "
     "ORDER BY p DESC, s.name LIMIT 3", True),
    # 排个序 after a figure orders by it; …分布 counts each value
    ("招商银行 兴业银行 浦发银行昨天收盘价排个序",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['招商银行', '兴业银行', '浦发银行'] "
     "AND d.date = date('2024-03-14') RETURN s.name, d.closing_price ORDER BY d.closing_price DESC", True),
    ("基金经理的性别分布", "MATCH (m:fund_manager) RETURN m.sex, count(m)", False),
    # 有啥利空 asks for the news; 计算 frames the ask; 概念股 are the industry's stocks
    ("五粮液有啥利空",
     "MATCH (:stock {name: '五粮液'})-[v:involve]->(i:information) WHERE v.tendency = -1 RETURN i.name", False),
    ("帮我计算一下五粮液2023年单季度净利润的平均值",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 RETURN avg(f.net_profit)", False),
    ("锂电池概念股今天平均涨了多少",
     "MATCH (s:stock)-[:associate]->(:industry {name: '锂电池'}), (s)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} RETURN avg(d.range)", False),
    # 有…的吗 asks which ones (every gold writer lists them); 哪天上市 is the listing date
    ("跟锂电池有关的股票昨天有涨停的吗",
     "MATCH (s:stock)-[:associate]->(:industry {name: '锂电池'}), (s)-[:has_stock_data]->(d:stock_data) "
     "WHERE d.date = date('2024-03-14') AND d.raising_limit = true RETURN s.name", False),
    ("华阳科技哪天上市的",
     "MATCH (:stock {name: '华阳科技'})-[o:originate_from]->(:new_stock) RETURN o.marketing_time", False),
    # 节后: from the first trading day after the latest holiday (a gap longer than a weekend)
    ("节后到现在宁德时代最低价多少",
     "MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-02-19') "
     f"AND d.date <= {T} RETURN min(d.minimum_price)", False),
    # 多少钱 after a name or a day is the share price; 挣了 is the profit
    ("五粮液上个月底多少钱",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-02-29') "
     "RETURN d.closing_price", False),
    ("格力电器2022年一共挣了多少钱",
     "MATCH (:stock {name: '格力电器'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2022 RETURN sum(f.net_profit)", False),
    # a name's head said with some of it left out (社保基金一一八组合: 全国社保基金一一八组合); 持有什么
    ("社保基金一零三组合持有什么",
     "MATCH (:stockholder {name: '全国社保基金一零三组合'})-[:is_stockholder_of]->(s:stock) RETURN s.name", False),
    # 有几只票涨了: the stocks that rose, counted (not the board's own rise); 期间 after dates
    ("银行板块今天有几只票涨了",
     "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} AND d.range > 0 RETURN count(s)", False),
    ("2023-07-01到2023-09-30期间，五粮液的最高价和最低价",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2023-07-01') "
     "AND d.date <= date('2023-09-30') RETURN max(d.maximum_price), min(d.minimum_price)", False),
    # a board's stocks that rose, counted — not by the board's own rise (all of them or none)
    ("家电板块今天下跌的有几只",
     "MATCH (s:stock)-[:belong_to]->(:trade {name: '家电'}), (s)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} AND d.range < 0 RETURN count(s)", False),
    # 翻红没 asks whether it rose; 日均 is the average of the days
    ("宁德时代今天翻红没",
     f"MATCH (:stock {{name: '宁德时代'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.range > 0", False),
    ("五粮液这周日均成交量多少",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
     f"AND d.date <= {T} RETURN avg(d.volume)", False),
    # 持仓市值一共多少 is the total; 认购分别啥时候结束 each one's end
    ("嘉实大金融指数A的持仓市值一共多少",
     "MATCH (:public_offering_fund {name: '嘉实大金融指数A'})-[h:hold]->(:stock) RETURN sum(h.position_amount)", False),
    ("在认购期的基金认购分别什么时候结束",
     "MATCH (f:public_offering_fund) WHERE f.sales_status = '认购期' RETURN f.name, f.subscription_end_time", False),
    # 最大的重仓股: the holding ranked by its size, then its own figure; 最近离任: of those that left
    ("华夏医疗健康股票A最大的重仓股今天涨了多少", TOP_HOLDING_CHANGE % "华夏医疗健康股票A", False),
    ("最近卸任的董事长是哪位",
     "MATCH (c:chairman) WHERE c.departure_date IS NOT NULL RETURN c.name ORDER BY c.departure_date DESC, c.name "
     "LIMIT 1", False),
    # a year's figure the schema totals, grown against another year's total (not the fourth quarters)
    ("格力电器2023年净利润同比增长了多少",
     "MATCH (:stock {name: '格力电器'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year IN [2022, 2023] WITH sum(CASE WHEN f.year = 2023 THEN f.net_profit ELSE 0.0 END) AS a, "
     "sum(CASE WHEN f.year = 2022 THEN f.net_profit ELSE 0.0 END) AS b RETURN (a - b) / abs(b) * 100", False),
    ("五粮液2022年全年净利润（四个季度加起来）比2021年增长多少",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year IN [2021, 2022] WITH sum(CASE WHEN f.year = 2022 THEN f.net_profit ELSE 0.0 END) AS a, "
     "sum(CASE WHEN f.year = 2021 THEN f.net_profit ELSE 0.0 END) AS b RETURN (a - b) / abs(b) * 100", False),
    # 放大了多少: grew by; 各有多少只 over values with a condition between
    ("比亚迪今天成交量比昨天放大了多少",
     "MATCH (:stock {name: '比亚迪'})-[:has_stock_data]->(a:stock_data), (:stock {name: '比亚迪'})-[:has_stock_data]->"
     f"(b:stock_data) WHERE a.date = {T} AND b.date = date('2024-03-14') RETURN a.volume - b.volume", False),
    ("创业板和科创板今天下跌的股票各有多少只",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.listed_sector IN ['创业板', '科创板'] "
     f"AND d.date = {T} AND d.range < 0 RETURN s.listed_sector, count(s)", False),
    # 有哪些 after 最近 + a date: the latest few, not the one
    ("最近成立的公司有哪些",
     "MATCH (s:stock) WHERE s.establishment_date <= date('2024-03-15') RETURN s.name "
     "ORDER BY s.establishment_date DESC, s.name LIMIT 5", False),
    # 分别 over values of a word property: one row per value; a day's row counted once per stock
    ("创业板和北交所公司的平均注册资本分别是多少",
     "MATCH (s:stock) WHERE s.listed_sector IN ['创业板', '北交所'] RETURN s.listed_sector, avg(s.registered_capital)",
     False),
    ("有利空消息的股票今天平均涨跌幅",
     "MATCH (s:stock)-[v:involve]->(:information) WHERE v.tendency = -1 WITH DISTINCT s "
     f"MATCH (s)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN avg(d.range)", False),
    # 分别多少，哪个高: both, the higher first; 差几个点 is the change's difference
    ("招商银行和兴业银行今天收盘价分别多少，哪个高",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['招商银行', '兴业银行'] AND d.date = {T} "
     "RETURN s.name, d.closing_price ORDER BY d.closing_price DESC", True),
    ("工商银行和建设银行今天差几个点",
     "MATCH (:stock {name: '工商银行'})-[:has_stock_data]->(a:stock_data), (:stock {name: '建设银行'})-[:has_stock_data]->"
     f"(b:stock_data) WHERE a.date = {T} AND b.date = {T} RETURN abs(a.range - b.range)", False),
    # a word property ranked by a total (mean) of a figure: each value's, the top one
    ("注册资本加起来最多的是哪个省",
     "MATCH (s:stock) RETURN s.province, sum(s.registered_capital) AS c ORDER BY c DESC, s.province LIMIT 1", True),
    ("平均注册资本最高的前两个上市板块",
     "MATCH (s:stock) RETURN s.listed_sector, avg(s.registered_capital) AS c ORDER BY c DESC, s.listed_sector LIMIT 2",
     True),
    ("哪一个上市板块的平均注册资本最低",
     "MATCH (s:stock) RETURN s.listed_sector, avg(s.registered_capital) AS c ORDER BY c, s.listed_sector LIMIT 1",
     True),
    # 被…持有最多: held by the most (counted); 女的多还是男的多: each counted
    ("被基金持有最多的三只银行股",
     "MATCH (f:public_offering_fund)-[:hold]->(s:stock)-[:belong_to]->(:trade {name: '银行'}) "
     "RETURN s.name, count(DISTINCT f) AS n ORDER BY n DESC, s.name LIMIT 3", True),
    ("董事长女的多还是男的多", "MATCH (c:chairman) RETURN c.sex, count(c)", False),
    # the high and the low of a period, asked together: both, each its own
    ("宁德时代近三个月最高价最低价分别是多少",
     "MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2023-12-16') "
     f"AND d.date <= {T} RETURN max(d.maximum_price), min(d.minimum_price)", False),
    # Southwestern Mandarin as a retired investor types it: 晓得, 好多 (多少) before a measure word,
    # 有没得, 问哈, 好久 (when), a verb and 不 asking yes or no, and family asides
    ("我想晓得湖南有好多家上市公司", "MATCH (s:stock) WHERE s.province = '湖南' RETURN count(s)", False),
    ("我孙女问我，想问哈白酒板块一共有好多只股票",
     "MATCH (s:stock)-[:belong_to]->(t:trade {name: '白酒'}) RETURN count(DISTINCT s)", False),
    ("请问有没得注册资本超过三百亿的公司", "MATCH (s:stock) WHERE s.registered_capital > 3000000 RETURN s.name", False),
    ("请问振华通讯是好久上市的", "MATCH (s:stock {name: '振华通讯'})-[o:originate_from]->(:new_stock) RETURN o.marketing_time", False),
    ("嘉实大金融指数A现在还能申购不", "MATCH (f:public_offering_fund {name: '嘉实大金融指数A'}) RETURN f.sales_status", False),
    ("我屋头老伴有点海尔智家，它今天涨了好多",
     f"MATCH (s:stock {{name: '海尔智家'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.range", False),
    # a count said as a noun (涨停次数, 人数) or as days of a kind (有多少天是收红的); 哪个公司成立得早
    ("宁德时代2023年涨停次数", "MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) WHERE d.raising_limit = true "
                          "AND d.date >= date('2023-01-01') AND d.date <= date('2023-12-31') RETURN count(d)", False),
    ("万科A今年以来有多少天是收红的", "MATCH (:stock {name: '万科A'})-[:has_stock_data]->(d:stock_data) WHERE d.range > 0 "
                              f"AND d.date >= date('2024-01-01') AND d.date <= {T} RETURN count(d)", False),
    ("男性基金经理人数", "MATCH (m:fund_manager) WHERE m.sex = '男' RETURN count(m)", False),
    ("格力电器和美的集团，哪个公司成立得早", "MATCH (s:stock) WHERE s.name IN ['格力电器', '美的集团'] "
                                  "RETURN s.name ORDER BY s.establishment_date, s.name", True),
    # a distribution by the word right before 分布, a first place (涨幅第一), a hedged figure (大概有多少亿)
    ("在任董事长性别分布", "MATCH (c:chairman) WHERE c.departure_date IS NULL RETURN c.sex, count(c)", False),
    ("券商板块今年以来涨幅第一是谁",
     "MATCH (:trade {name: '券商'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->"
     f"(b:stock_data) WHERE a.date = date('2023-12-29') AND b.date = {T} RETURN s.name "
     "ORDER BY (b.closing_price - a.closing_price) / a.closing_price DESC, s.name LIMIT 1", False),
    ("锂电池这个产业规模大概有多少亿", "MATCH (i:industry {name: '锂电池'}) RETURN i.scale", False),
    ("按学历统计基金经理人数", "MATCH (m:fund_manager) RETURN m.degree, count(m)", False),
    # a value said not to hold (非, 不是, 除了…以外, 不含 before a value word): its complement
    ("医药板块里非创业板的公司有几家", "MATCH (s:stock)-[:belong_to]->(:trade {name: '医药'}) "
                                 "WHERE s.listed_sector <> '创业板' RETURN count(DISTINCT s)", False),
    ("除了江苏和浙江以外的银行股", "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}) "
                            "WHERE NOT s.province IN ['江苏', '浙江'] RETURN s.name", False),
    ("成立日期介于2000年至2005年的煤炭股", "MATCH (s:stock)-[:belong_to]->(:trade {name: '煤炭'}) WHERE "
                                "s.establishment_date >= date('2000-01-01') AND s.establishment_date <= date('2005-12-31') "
                                "RETURN s.name", False),
    # a change over a period said from one day (从…到, 元旦, a day said again after 就是) in a percentage asked as 百分之多少
    ("泸州老窖从2023年2月17日到今天涨了百分之多少",
     "MATCH (s:stock {name: '泸州老窖'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) WHERE "
     f"a.date = date('2023-02-17') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", False),
    ("招商银行从今年元旦到现在涨跌了好多",
     "MATCH (s:stock {name: '招商银行'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) WHERE "
     f"a.date = date('2023-12-29') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", False),
    ("长江电力现在的价钱比一年前，就是去年3月15号，涨了百分之好多",
     "MATCH (s:stock {name: '长江电力'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) WHERE "
     f"a.date = date('2023-03-15') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", False),
    # an edge word then the asking word with nothing after (经理还管了啥): the edge's other end
    ("易方达消费升级股票A的经理还管了啥",
     "MATCH (f:public_offering_fund)<-[:manage]-(m:fund_manager)-[:manage]->(o:public_offering_fund) "
     "WHERE f.name = '易方达消费升级股票A' AND o.name <> '易方达消费升级股票A' RETURN DISTINCT o.name", False),
    # 做医药的 is the 医药 board; 那种 a filler; 正常申购 is open for subscription; 不超过 is at most
    ("麻烦帮我找一下湖南的、又是做医药的公司有哪几个",
     "MATCH (s:stock)-[:belong_to]->(:trade {name: '医药'}) WHERE s.province = '湖南' RETURN s.name", False),
    ("有没有那种管理费不超过一百万，又可以正常申购的基金",
     "MATCH (f:public_offering_fund) WHERE f.management_fee <= 1000000 AND f.sales_status = '开放申购' RETURN f.name", False),
    # a count per thing ranked, said with 数/条数/次数 and 前N (关联股票数前五的产业, 被基金持有次数最多的前五只)
    ("关联股票数前五的产业", "MATCH (s:stock)-[:associate]->(i:industry) RETURN i.name, count(DISTINCT s) AS n "
                     "ORDER BY n DESC, i.name LIMIT 5", True),
    ("被基金持有次数最多的前五只股票", "MATCH (f:public_offering_fund)-[:hold]->(s:stock) RETURN s.name, count(DISTINCT f) AS n "
                          "ORDER BY n DESC, s.name LIMIT 5", True),
    # a superlative then 前N ranks the superlative's way (最早的前五: the five earliest)
    ("成立最早的前五家公司", "MATCH (s:stock) RETURN s.name, s.establishment_date ORDER BY s.establishment_date, s.name LIMIT 5",
     True),
    # slang and 东北 words (avg, 加一块, 仨, 几块钱), a guessed price (是不是六十几块) no condition
    ("白酒股注册资本avg多少", "MATCH (s:stock)-[:belong_to]->(:trade {name: '白酒'}) RETURN avg(s.registered_capital)", False),
    ("中国平安上礼拜成交量加一块多少", "MATCH (:stock {name: '中国平安'})-[:has_stock_data]->(d:stock_data) WHERE "
                            "d.date >= date('2024-03-04') AND d.date <= date('2024-03-08') RETURN sum(d.volume)", False),
    ("银行股里头哪个最便宜 按今天收盘价 最低的仨",
     "MATCH (:trade {name: '银行'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} RETURN s.name, d.closing_price ORDER BY d.closing_price, s.name LIMIT 3", True),
    ("青岛啤酒今天收盘多少 是不是六十几块",
     f"MATCH (:stock {{name: '青岛啤酒'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price", False),
    ("茅台今天几块钱",
     f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price", False),
    # 这礼拜天天 is every day of this week (not 礼拜天, a Sunday); 涨停的里头 is among those
    ("这礼拜天天都涨的股票有没有",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') AND d.date <= "
     f"{T} WITH s, min(d.range) AS low WHERE low > 0 RETURN s.name", False),
    ("今天涨停的里头有银行股没",
     "MATCH (:trade {name: '银行'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} AND d.raising_limit = true RETURN s.name", False),
    # 都是啥行业的 after a list asks each one's kind; 持仓了哪几家 after a holder reaches its stocks
    ("湖南的公司有哪些 都是啥行业的",
     "MATCH (s:stock)-[:belong_to]->(t:trade) WHERE s.province = '湖南' RETURN s.name, t.name", False),
    ("全国社保基金一一八组合 持仓了哪几家 占流通股比例多少？？",
     "MATCH (:stockholder {name: '全国社保基金一一八组合'})-[r:is_stockholder_of]->(s:stock) "
     "RETURN s.name, r.circulation_shareholding_ratio", False),
    # 同时持有 A 和 B with spaces around the names: both held; a list showing one figure, the largest first
    ("哪些基金同时持有 茅台 和 五粮液？？",
     "MATCH (a:stock {name: '贵州茅台'})<-[:hold]-(f:public_offering_fund)-[:hold]->(b:stock {name: '五粮液'}) "
     "RETURN DISTINCT f.name", False),
    ("马思远管的基金都是啥 规模多老大", "MATCH (:fund_manager {name: '马思远'})-[:manage]->(f:public_offering_fund) "
                            "RETURN f.name, f.scale ORDER BY f.scale DESC, f.name", True),
    # 最高摸到多少 / 最低多少 (a day's high and low), 最高多少点 of a board
    ("宁德时代今天最高摸到多少 最低多少", f"MATCH (:stock {{name: '宁德时代'}})-[:has_stock_data]->(d:stock_data) "
                            f"WHERE d.date = {T} RETURN d.maximum_price, d.minimum_price", False),
    ("银行板块昨天最高多少点最低多少点", "MATCH (:trade {name: '银行'})-[:has_trade_data]->(d:trade_data) "
                           "WHERE d.date = date('2024-03-14') RETURN d.maximum_price, d.minimum_price", False),
    # English among Chinese: distribution is 分布, 涨跌 pct a period's change; 2023 Q1-Q4 its quarters
    ("科创板公司 各行业板块 distribution",
     "MATCH (s:stock)-[:belong_to]->(t:trade) WHERE s.listed_sector = '科创板' RETURN t.name, count(DISTINCT s)", False),
    ("半导体板块 本周涨跌 pct", "MATCH (t:trade {name: '半导体'})-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->"
                        f"(b:trade_data) WHERE a.date = date('2024-03-08') AND b.date = {T} "
                        "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", False),
    # 最赚钱 is the most net profit; 还在认购的 is in its subscription period
    ("迈瑞医疗 2023年哪个季度最赚钱？？", "MATCH (:stock {name: '迈瑞医疗'})-[:has_stock_financial_information]->"
                              "(f:stock_financial_information) WHERE f.year = 2023 RETURN f.quarter, f.net_profit "
                              "ORDER BY f.net_profit DESC LIMIT 1", False),
    ("现在还在认购的基金都有啥", "MATCH (f:public_offering_fund) WHERE f.sales_status = '认购期' RETURN f.name", False),
    # 上游是原油的产业: the ones whose upstream is 原油 (its downstream)
    ("上游是原油的那些产业 规模加起来多少亿 sum",
     "MATCH (:industry {name: '原油'})-[:affect]->(d:industry) RETURN sum(d.scale)", False),
    # 比前年三季度多还是少: which way, beside the two quarters' figures
    ("招商银行去年三季度挣的比前年三季度多还是少",
     "MATCH (s:stock {name: '招商银行'})-[:has_stock_financial_information]->(a:stock_financial_information), "
     "(s)-[:has_stock_financial_information]->(b:stock_financial_information) WHERE a.year = 2023 AND a.quarter = 3 "
     "AND b.year = 2022 AND b.quarter = 3 RETURN a.net_profit, b.net_profit, a.net_profit > b.net_profit", False),
    # how many times a condition held, bounded (涨停超过2次, 至少涨停两次): the days counted for each stock
    ("3月1日至3月8日至少涨停两次的股票",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.raising_limit = true AND d.date >= date('2024-03-01') "
     "AND d.date <= date('2024-03-08') WITH s, count(d) AS n WHERE n >= 2 RETURN s.name", False),
    ("今年涨停次数超过3次的股票",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.raising_limit = true AND d.date >= date('2024-01-01') "
     f"AND d.date <= {T} WITH s, count(d) AS n WHERE n > 3 RETURN s.name", False),
    # a period at a time (各月, 每个季度, 每年): one row a month, a quarter, a year — not one number over all
    ("2023年每个月分别发了几只新股",
     "MATCH (n:new_stock) WHERE n.online_release_date >= date('2023-01-01') AND n.online_release_date <= "
     "date('2023-12-31') RETURN date_part('month', n.online_release_date) AS m, count(n) ORDER BY m", True),
    ("统计2024年以来各月涨停的总次数",
     "MATCH (:stock)-[:has_stock_data]->(d:stock_data) WHERE d.raising_limit = true AND d.date >= date('2024-01-01') "
     f"AND d.date <= {T} RETURN date_part('month', d.date) AS m, count(*) ORDER BY m", True),
    ("2023年哪个月涨停的最多",
     "MATCH (:stock)-[:has_stock_data]->(d:stock_data) WHERE d.raising_limit = true AND d.date >= date('2023-01-01') "
     "AND d.date <= date('2023-12-31') RETURN date_part('month', d.date) AS m, count(*) AS n ORDER BY n DESC, m LIMIT 1",
     True),
    ("五粮液2023年每个月的平均收盘价",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2023-01-01') AND "
     "d.date <= date('2023-12-31') RETURN date_part('month', d.date) AS m, avg(d.closing_price) ORDER BY m", True),
    ("2023年各季度所有公司的单季净利润合计分别多少",
     "MATCH (f:stock_financial_information) WHERE f.year = 2023 RETURN f.quarter, sum(f.net_profit) ORDER BY f.quarter",
     True),
    ("长江电力2021到2023每年净利润是多少",
     "MATCH (:stock {name: '长江电力'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year >= 2021 AND f.year <= 2023 RETURN f.year, sum(f.net_profit) ORDER BY f.year", True),
    # a change bounded over a period is the period's change, not some day's (跌幅 a fall below the bound)
    ("本周涨幅超过5%的股票",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) WHERE a.date = "
     f"date('2024-03-08') AND b.date = {T} AND (b.closing_price - a.closing_price) / a.closing_price * 100 > 5 "
     "RETURN s.name", False),
    ("哪些行业板块今年以来跌幅超过3%",
     "MATCH (t:trade)-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) WHERE a.date = "
     f"date('2023-12-29') AND b.date = {T} AND (b.closing_price - a.closing_price) / a.closing_price * 100 < -3 "
     "RETURN t.name", False),
    # whether one named link is upstream of another; every one of several (都), not any
    ("生猪养殖的上游有饲料吗",
     "MATCH (a:industry {name: '饲料'})-[:affect]->(b:industry {name: '生猪养殖'}) RETURN count(*) > 0", False),
    ("铁矿石和原油都是钢材上游吗",
     "MATCH (a:industry)-[:affect]->(b:industry {name: '钢材'}) WHERE a.name IN ['铁矿石', '原油'] "
     "RETURN count(DISTINCT a) = 2", False),
    # 所属板块涨幅: the board's own change that day, the stocks in it listed
    ("今天所属板块涨幅超过2%的股票",
     "MATCH (s:stock)-[:belong_to]->(t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = "
     f"{T} AND d.range > 2 RETURN DISTINCT s.name", False),
    # a time of day is within its day: 2023年开始认购 takes 2023-12-31 15:00
    ("2023年开始认购的基金有哪些",
     "MATCH (f:public_offering_fund) WHERE f.subscription_start_time >= timestamp('2023-01-01 00:00:00') "
     "AND f.subscription_start_time < timestamp('2024-01-01 00:00:00') RETURN f.name", False),
    # traditional characters and Cantonese words (a Hong Kong investor); English column words among Chinese
    ("招商銀行今日收市價幾多？", "MATCH (:stock {name: '招商银行'})-[:has_stock_data]->(d:stock_data) "
                         f"WHERE d.date = {T} RETURN d.closing_price", False),
    ("美的集團2023年第四季淨利潤幾多？", "MATCH (:stock {name: '美的集团'})-[:has_stock_financial_information]->"
                              "(f:stock_financial_information) WHERE f.year = 2023 AND f.quarter = 4 RETURN f.net_profit",
     False),
    ("白酒板块 today pct change top 3",
     "MATCH (:trade {name: '白酒'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = "
     f"{T} RETURN s.name, d.range ORDER BY d.range DESC LIMIT 3", True),
    ("filter: today pct >= 5 AND volume > 1e7",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = "
     f"{T} AND d.range >= 5 AND d.volume > 10000000 RETURN s.name", False),
    ("五粮液 2024-03-11 ~ 03-15 daily close list",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') AND "
     f"d.date <= {T} RETURN d.date, d.closing_price", False),
    # a relayed ask: the agent's framing is no name (用户A问…，用户B问…)
    ("用户A问茅台今天成交量，用户B问五粮液今天收盘价",
     "MATCH (a:stock {name: '贵州茅台'})-[:has_stock_data]->(x:stock_data), (b:stock {name: '五粮液'})-[:has_stock_data]"
     f"->(y:stock_data) WHERE x.date = {T} AND y.date = {T} RETURN x.volume, y.closing_price", False),
    ("茅台董事长换过几任", "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '贵州茅台'}) RETURN count(DISTINCT c)",
     False),
    # two clauses the same question of two named things: both, a row each
    ("招行收盘价多少 工行收盘价多少",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['招商银行', '工商银行'] AND d.date = "
     f"{T} RETURN s.name, d.closing_price", False),
    # a name said by its first two characters (长城 of 长城汽车, though funds hold 长城 inside theirs)
    ("长城今天收盘多少", f"MATCH (:stock {{name: '长城汽车'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                  "RETURN d.closing_price", False),
    ("中信有啥新闻", "MATCH (:stock {name: '中信证券'})-[:involve]->(i:information) RETURN i.name", False),
    ("盘点女董事长掌舵的上市公司名单",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.sex = '女' AND c.departure_date IS NULL RETURN s.name",
     False),
    ("規模少過1億嘅基金有幾多隻？",
     "MATCH (f:public_offering_fund) WHERE f.scale < 100000000 RETURN count(f)", False),
    ("深市主板同滬市主板各有幾多間公司？",
     "MATCH (s:stock) WHERE s.listed_sector IN ['深市主板', '沪市主板'] RETURN s.listed_sector, count(s)", False),
    # the thing said first, then the day it was bought: its change since that day's close
    ("老公买的那只比亚迪，3月1号买的，到今天亏了多少啊",
     "MATCH (s:stock {name: '比亚迪'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = date('2024-03-01') AND b.date = {T} "
     "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", False),
    ("老公2023年最后一天买的招商银行 今天赚了吗",
     "MATCH (s:stock {name: '招商银行'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = date('2023-12-29') AND b.date = {T} "
     "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", False),
    ("每个行业板块注册资本最大的公司",
     "MATCH (t:trade)<-[:belong_to]-(s:stock) WITH t, max(s.registered_capital) AS m MATCH (t)<-[:belong_to]-(s:stock) "
     "WHERE s.registered_capital = m RETURN t.name, s.name", False),
    ("每个行业板块今天上涨家数分别多少",
     "MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = "
     f"{T} AND d.range > 0 RETURN t.name, count(DISTINCT s)", False),
    ("宁德时代今天跌了几块钱",
     "MATCH (s:stock {name: '宁德时代'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = date('2024-03-14') AND b.date = {T} RETURN b.closing_price - a.closing_price", False),
    # the same ask of two names, each after its own name: each one's (one chairman of both was sure)
    ("用户问601939的董事长 另一个用户问601398的董事长",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.code IN ['601939', '601398'] "
     "AND c.departure_date IS NULL RETURN s.name, c.name", False),
    # two asks of one named thing, the second naming it again: one row, the list as one list (the upstream's
    # stocks were sure)
    ("储能上游是啥 跟储能有关的票有哪些",
     "MATCH (u:industry)-[:affect]->(:industry {name: '储能'}) WITH u.name AS up "
     "MATCH (s:stock)-[:associate]->(:industry {name: '储能'}) RETURN up, collect(s.name)", False),
    # three counts in a line: one row of three (the third was refused)
    ("关于五粮液的资讯一共几条 利好几条 利空几条",
     "MATCH (s:stock {name: '五粮液'})-[r:involve]->(i:information) RETURN count(DISTINCT i), "
     "count(DISTINCT CASE WHEN r.tendency = 1 THEN i.id END), count(DISTINCT CASE WHEN r.tendency = -1 THEN i.id END)",
     False),
    # one day's row ranked among a year's days: the day shows
    # a board's members' report figures averaged, per board (the boards alone were listed)
    ("各板块2023年四季度平均存货周转率",
     "MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 AND f.quarter = 4 RETURN t.name, avg(f.inventory_turnover)", False),
    ("海天味业2023年每季净利润列一列",
     "MATCH (:stock {name: '海天味业'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 RETURN f.quarter, f.net_profit ORDER BY f.quarter", True),
    ("新股按年份统计一下各年发了几只",
     "MATCH (n:new_stock) RETURN date_part('year', n.online_release_date) AS y, count(n) ORDER BY y", True),
    # a place in its board by a report's figure, by a figure of its own (no rank was given, sure)
    ("请问我们公司（五粮液）2023年第四季度单季净利润在白酒板块中排第几？",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->(a:stock_financial_information) "
     "WHERE a.year = 2023 AND a.quarter = 4 MATCH (:trade {name: '白酒'})<-[:belong_to]-(o:stock)"
     "-[:has_stock_financial_information]->(b:stock_financial_information) WHERE b.year = 2023 AND b.quarter = 4 "
     "RETURN sum(CASE WHEN b.net_profit > a.net_profit THEN 1 ELSE 0 END) + 1", False),
    ("五粮液注册资本在白酒板块排第几",
     "MATCH (w:stock {name: '五粮液'}), (:trade {name: '白酒'})<-[:belong_to]-(o:stock) "
     "RETURN sum(CASE WHEN o.registered_capital > w.registered_capital THEN 1 ELSE 0 END) + 1", False),
    # a claim heard in a group chat, asked whether it holds
    ("截图里说华安大金融股票A暂停申购了 是真的吗 @群主",
     "MATCH (f:public_offering_fund {name: '华安大金融股票A'}) RETURN f.sales_status = '暂停申购'", False),
    ("三月十五日，有多少个股票涨幅 more than 5%？",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.range > 5 RETURN count(s)", False),
    ("请问我们公司（五粮液）2024年以来的最高收盘价和最低收盘价分别是多少？分别出现在哪一天？",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-01-01') "
     "WITH max(d.closing_price) AS hi, min(d.closing_price) AS lo MATCH (:stock {name: '五粮液'})-[:has_stock_data]->"
     "(d:stock_data) WHERE d.date >= date('2024-01-01') AND d.closing_price IN [hi, lo] RETURN d.date, d.closing_price",
     False),
    # a fall compared: the lower change (the higher one was sure)
    ("迈瑞医疗今天跌得比爱尔眼科还多吗",
     "MATCH (a:stock {name: '迈瑞医疗'})-[:has_stock_data]->(x:stock_data), (b:stock {name: '爱尔眼科'})-[:has_stock_data]"
     f"->(y:stock_data) WHERE x.date = {T} AND y.date = {T} RETURN x.range < y.range", False),
    # 同比 and then 环比 of the one quarter: both rates (环比 was dropped, sure)
    ("五粮液2023年第四季度单季净利润同比增长多少？环比呢？",
     "MATCH (s:stock {name: '五粮液'})-[:has_stock_financial_information]->(a:stock_financial_information), "
     "(s)-[:has_stock_financial_information]->(b:stock_financial_information), "
     "(s)-[:has_stock_financial_information]->(c:stock_financial_information) WHERE a.year = 2023 AND a.quarter = 4 "
     "AND b.year = 2022 AND b.quarter = 4 AND c.year = 2023 AND c.quarter = 3 "
     "RETURN (a.net_profit - b.net_profit) / abs(b.net_profit) * 100, (a.net_profit - c.net_profit) / abs(c.net_profit) * 100",
     False),
    # a later clause naming the first's thing again asks of that thing (the upstream's stocks were sure)
    ("有人说锂矿下游是正极材料 正极材料下游是锂电池 真的吗",
     "MATCH (:industry {name: '锂矿'})-[:affect]->(:industry {name: '正极材料'})-[:affect]->(:industry {name: '锂电池'}) "
     "RETURN count(*) > 0", False),
    # a terse note: a slash lists, 只数 counts, 起止日 is both days
    ("2024-01-01至今 网上发行新股 只数 / 发行数量合计",
     "MATCH (n:new_stock) WHERE n.online_release_date >= date('2024-01-01') RETURN count(n), sum(n.amount)", False),
    ("嘉实数字经济灵活配置混合A 认购起止日",
     "MATCH (f:public_offering_fund {name: '嘉实数字经济灵活配置混合A'}) RETURN f.subscription_start_time, "
     "f.subscription_end_time", False),
    ("请帮我找出2024年以来跌得最多的三个行业板块。",
     "MATCH (t:trade)-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) WHERE a.date = "
     f"date('2023-12-29') AND b.date = {T} RETURN t.name ORDER BY (b.closing_price - a.closing_price) / "
     "a.closing_price LIMIT 3", True),
    # one figure of a row against another of it (收盘价高于开盘价: 高于 was corrected to a chairman 高宇, sure)
    ("2024年2月宁德时代收盘价高于开盘价的有几天",
     "MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-02-01') AND "
     "d.date <= date('2024-02-29') AND d.closing_price > d.opening_price RETURN count(d)", False),
    ("今天收盘价低于开盘价的银行股有几只",
     "MATCH (:trade {name: '银行'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = "
     f"{T} AND d.closing_price < d.opening_price RETURN count(DISTINCT s)", False),
    # a year and then its day said apart; a teacher's and a driver's words around the ask
    ("去年的 3月15号，工商银行的收盘价是多少钱？",
     "MATCH (:stock {name: '工商银行'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2023-03-15') "
     "RETURN d.closing_price", False),
    ("我想给学生举个例子。请问宁德时代是哪个省的公司",
     "MATCH (s:stock {name: '宁德时代'}) RETURN s.province", False),
    ("呃帮我查一下那个比亚迪是哪一年成立的",
     "MATCH (s:stock {name: '比亚迪'}) RETURN s.establishment_date", False),
    # a growth asked yes or no: whether it went the way asked, beside the figures (only the rate was shown)
    ("比亚迪2023年四季度净利润同比下降了吗",
     "MATCH (s:stock {name: '比亚迪'})-[:has_stock_financial_information]->(a:stock_financial_information), "
     "(s)-[:has_stock_financial_information]->(b:stock_financial_information) WHERE a.year = 2023 AND a.quarter = 4 "
     "AND b.year = 2022 AND b.quarter = 4 RETURN a.net_profit < b.net_profit", False),
    ("我们家买的是广发消费升级混合A，这个基金多少钱一份",
     "MATCH (f:public_offering_fund {name: '广发消费升级混合A'}) RETURN f.net_worth", False),
    # who asks (我是一名…): its 一 is no number (a price of 1 was asked for)
    ("您好，我是一名退休的老教师，想请教一下，五粮液今天收盘是多少钱一股？谢谢。",
     f"MATCH (s:stock {{name: '五粮液'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price", False),
    # 百分之几 asks a per cent (it was read as 100)
    ("白酒板块今天平均涨跌幅是百分之几",
     f"MATCH (s:stock)-[:belong_to]->(:trade {{name: '白酒'}}), (s)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN avg(d.range)", False),
    # 哪三只 after a superlative: how many (one was shown)
    ("今天涨得最厉害的是哪三只？",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN s.name ORDER BY d.range DESC, s.name LIMIT 3",
     True),
    # 先生或者女士: either, no condition on sex; a journalist's 核实 and a retiree's 一点 glued to a name
    ("请问管理华夏医疗健康股票A的经理是哪位先生或者女士？",
     "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '华夏医疗健康股票A'}) RETURN m.name", False),
    ("请核实五粮液的成立日期与注册资本。",
     "MATCH (s:stock {name: '五粮液'}) RETURN s.establishment_date, s.registered_capital", False),
    ("我老伴买了一点招商银行的股票，想知道它现在的董事长是哪一位？",
     "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '招商银行'}) WHERE c.departure_date IS NULL RETURN c.name", False),
    # a desk's shorthand, Cantonese 最平, the holding's value, both ends of a subscription
    ("000858 今收 涨跌幅",
     f"MATCH (s:stock {{code: '000858'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price, d.range",
     False),
    ("管理費最平嘅三隻基金係邊啲？",
     "MATCH (f:public_offering_fund) RETURN f.name ORDER BY f.management_fee, f.name LIMIT 3", True),
    ("持有五粮液的基金里哪一只持有的市值最大",
     "MATCH (f:public_offering_fund)-[h:hold]->(:stock {name: '五粮液'}) RETURN f.name ORDER BY h.position_amount DESC, "
     "f.name LIMIT 1", True),
    ("客户问华安稳健增利混合A认购是什么时候开始和结束的",
     "MATCH (f:public_offering_fund {name: '华安稳健增利混合A'}) RETURN f.subscription_start_time, f.subscription_end_time",
     False),
    # a month's end said as the start: that day's close is the base (the day before it was)
    ("五粮液从2月底到现在涨了多少",
     f"MATCH (s:stock {{name: '五粮液'}})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = date('2024-02-29') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100",
     False),
    ("五糧液由2月尾到而家升咗幾多？",
     f"MATCH (s:stock {{name: '五粮液'}})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = date('2024-02-29') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100",
     False),
    # Cantonese 今個禮拜 (this week), a desk's 单Q, what someone recommended, what the asker holds
    ("五粮液同泸州老窖今個禮拜邊隻升得多啲？",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) WHERE s.name IN "
     f"['五粮液', '泸州老窖'] AND a.date = date('2024-03-08') AND b.date = {T} RETURN s.name ORDER BY "
     "(b.closing_price - a.closing_price) / a.closing_price DESC", True),
    ("五粮液 2023Q3 单Q净利",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 AND f.quarter = 3 RETURN f.net_profit", False),
    ("我孙子给我推荐了一个基金，叫华安大金融股票A，麻烦您帮我查一下它现在的净值是多少？",
     "MATCH (f:public_offering_fund {name: '华安大金融股票A'}) RETURN f.net_worth", False),
    ("有个客户同时拿着五粮液和泸州老窖，今天收盘各多少",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['五粮液', '泸州老窖'] AND d.date = {T} "
     "RETURN s.name, d.closing_price", False),
    # a desk's notes: 高点低点 (the highest and lowest price), 按…分组计数 (how many in each)
    ("000858 近一周 高点低点",
     "MATCH (s:stock {code: '000858'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-09') "
     f"AND d.date <= {T} RETURN max(d.maximum_price), min(d.minimum_price)", False),
    ("券商板块 按上市板块分组计数",
     "MATCH (s:stock)-[:belong_to]->(:trade {name: '券商'}) RETURN s.listed_sector, count(DISTINCT s)", False),
    # which is higher, then by how much, two asks: one answer with both prices and the gap
    ("工商银行和建设银行，今天哪一只收盘价高一些？高了多少钱？",
     f"MATCH (a:stock {{name: '工商银行'}})-[:has_stock_data]->(x:stock_data), (b:stock {{name: '建设银行'}})-[:has_stock_data]->"
     f"(y:stock_data) WHERE x.date = {T} AND y.date = {T} RETURN x.closing_price, y.closing_price, "
     "abs(y.closing_price - x.closing_price)", False),
    # Minnan and Shandong words: 今仔日 (today), 偌济 (how much / many), 查某 (women), 有买 (hold), 夜来 (yesterday),
    # 上头 (upstream)
    ("今仔日五粮液收偌济", f"MATCH (:stock {{name: '五粮液'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                         "RETURN d.closing_price", False),
    ("基金经理内底查某有偌济个", "MATCH (m:fund_manager) WHERE m.sex = '女' RETURN count(m)", False),
    ("有哪些基金有买五粮液", "MATCH (f:public_offering_fund)-[:hold]->(:stock {name: '五粮液'}) RETURN f.name", False),
    ("俺想问问格力电器夜来收盘多少", "MATCH (:stock {name: '格力电器'})-[:has_stock_data]->(d:stock_data) "
                                  "WHERE d.date = date('2024-03-14') RETURN d.closing_price", False),
    ("锂电池上头都是啥产业", "MATCH (u:industry)-[:affect]->(:industry {name: '锂电池'}) RETURN u.name", False),
    # 走势 after quarterly figures adds no daily prices; 上游是A还是B lists the upstream; 全年亏钱 is the year's
    # total below zero (not any quarter's)
    ("赣锋锂业23年每个季度赚了多少 看下走势",
     "MATCH (:stock {name: '赣锋锂业'})-[:has_stock_financial_information]->(f) WHERE f.year = 2023 "
     "RETURN f.quarter, f.net_profit", False),
    ("火力发电上游是煤炭开采还是焦煤", "MATCH (u:industry)-[:affect]->(:industry {name: '火力发电'}) RETURN u.name", False),
    ("2023年全年亏钱的公司有多少家",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f) WHERE f.year = 2023 WITH s, sum(f.net_profit) AS t "
     "WHERE t < 0 RETURN count(s)", False),
    # …给我买了点X (who bought it: an aside), 谁给管着 (who manages), 利好几条 利空几条 (each direction's count)
    ("我闺女给我买了点五粮液 你帮我看看夜来收盘多少钱一股",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
     "RETURN d.closing_price", False),
    ("华夏医疗健康股票A是谁给管着的",
     "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '华夏医疗健康股票A'}) RETURN m.name", False),
    ("招商银行 利好几条 利空几条",
     "MATCH (:stock {name: '招商银行'})-[r:involve]->(i) RETURN sum(CASE WHEN r.tendency = 1 THEN 1 ELSE 0 END), "
     "sum(CASE WHEN r.tendency = -1 THEN 1 ELSE 0 END)", False),
    # half-SQL's year and quarter said together (年份=2023 and 季度=3): that one quarter
    ("select 股票 from 财务 where 年份=2023 and 季度=3 order by 净利润 desc limit 5",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f) WHERE f.year = 2023 AND f.quarter = 3 "
     "RETURN s.name ORDER BY f.net_profit DESC, s.name LIMIT 5", True),
    # a thing joined but not shown (股东公司: its many holders) repeats no ranked row
    ("2023年第四季度单季赚钱最多的三家股东公司是谁啊",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f) WHERE f.year = 2023 AND f.quarter = 4 "
     "RETURN s.name, f.net_profit ORDER BY f.net_profit DESC, s.name LIMIT 3", True),
    # 上周每天涨跌多少: the week's days, each with its change — not the week's one change
    ("有色金属板块上周每天涨跌多少",
     "MATCH (t:trade {name: '有色金属'})-[:has_trade_data]->(d) WHERE d.date >= date('2024-03-04') "
     "AND d.date <= date('2024-03-08') RETURN d.date, d.range ORDER BY d.date", True),
    # 四季度加起来 after a year: the fourth quarter added over the board's stocks — not the year
    ("煤炭股23年四季度加起来赚了多少",
     "MATCH (t:trade {name: '煤炭'})<-[:belong_to]-(s:stock)-[:has_stock_financial_information]->(f) "
     "WHERE f.year = 2023 AND f.quarter = 4 RETURN sum(f.net_profit)", False),
    # a code's digits: the pattern is of the code named, not of the name
    ("代码以600开头的银行股有哪些",
     "MATCH (t:trade {name: '银行'})<-[:belong_to]-(s:stock) WHERE s.code STARTS WITH '600' RETURN s.name, s.code", False),
    ("今天涨停的票里代码带3的有几只",
     f"MATCH (s:stock)-[:has_stock_data]->(d) WHERE d.date = {T} AND d.raising_limit AND s.code CONTAINS '3' "
     "RETURN count(DISTINCT s)", False),
    # a host relaying a viewer (老铁问…, 弹幕里有人问…): the viewer's ask is the question
    ("有个老铁问工商银行今天收了多少",
     f"MATCH (s:stock {{name: '工商银行'}})-[:has_stock_data]->(d) WHERE d.date = {T} RETURN d.closing_price", False),
    ("弹幕里有人问银行板块今天涨了多少",
     f"MATCH (t:trade {{name: '银行'}})-[:has_trade_data]->(d) WHERE d.date = {T} RETURN d.range", False),
    # a surname (姓王的): the names that start with it; a name's first words said bare (长江开头的)
    ("姓张的基金经理有几个",
     "MATCH (m:fund_manager) WHERE m.name STARTS WITH '张' RETURN count(DISTINCT m)", False),
    ("中国开头的那些股票哪个注册资本最大",
     "MATCH (s:stock) WHERE s.name STARTS WITH '中国' RETURN s.name, s.registered_capital "
     "ORDER BY s.registered_capital DESC, s.name LIMIT 1", True),
    # 有莫得 (Guizhou: 有没有), 这一年多 (the past year), a figure named in English among Chinese words
    ("这一年多工商银行最低跌到过多少 是哪天",
     "MATCH (:stock {name: '工商银行'})-[:has_stock_data]->(d) WHERE d.date >= date('2023-03-16') "
     f"AND d.date <= {T} RETURN d.date, d.minimum_price ORDER BY d.minimum_price, d.date LIMIT 1", True),
    ("今天贵州茅台的 opening price 多少",
     f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d) WHERE d.date = {T} RETURN d.opening_price", False),
    # X的P多少，跟Y比哪个大: both, ranked (the comparison holds the first clause's row)
    ("工商银行注册资本多少，跟建设银行比哪个大",
     "MATCH (s:stock) WHERE s.name IN ['工商银行', '建设银行'] RETURN s.name, s.registered_capital "
     "ORDER BY s.registered_capital DESC", True),
    # X下游是啥，再往下呢: the links and the links after them, side by side (not the first link twice)
    ("锂矿下游是啥，再往下呢",
     "MATCH (:industry {name: '锂矿'})-[:affect]->(a:industry)-[:affect]->(b:industry) RETURN a.name, b.name", False),
    # a learner's long forms: 最高的价格, 注册的资本…是多少钱, 从…开始到…, 2023年里面…在哪一天发生的
    ("昨天比亚迪最高的价格到了多少",
     "MATCH (:stock {name: '比亚迪'})-[:has_stock_data]->(d) WHERE d.date = date('2024-03-14') RETURN d.maximum_price",
     False),
    ("比亚迪注册的资本是多少钱",
     "MATCH (s:stock {name: '比亚迪'}) RETURN s.registered_capital", False),
    ("2023年里面五粮液最高的收盘价是多少，在哪一天发生的",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d) WHERE d.date >= date('2023-01-01') AND "
     "d.date <= date('2023-12-31') RETURN d.date, d.closing_price ORDER BY d.closing_price DESC LIMIT 1", False),
    # 谁涨谁跌 of things named: each one's change
    ("中信证券和东方财富今天谁涨谁跌，一起看",
     f"MATCH (s:stock)-[:has_stock_data]->(d) WHERE s.name IN ['中信证券', '东方财富'] AND d.date = {T} "
     "RETURN s.name, d.range", False),
    # a lesson's frame (我在讲…，; 举个例子：) asks nothing
    ("我在讲产业链，举个例子：多晶硅的下游是什么",
     "MATCH (:industry {name: '多晶硅'})-[:affect]->(i:industry) RETURN i.name", False),
    # days named by the calendar: a festival that was no trading day is the last trading day before it
    ("情人节那天茅台收多少",
     "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d) WHERE d.date = date('2024-02-08') RETURN d.closing_price",
     False),
    ("国庆后开盘第一天五粮液是涨是跌",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d) WHERE d.date = date('2023-10-09') RETURN d.range", False),
    ("两会期间茅台加起来成交了多少股",
     "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d) WHERE d.date >= date('2024-03-04') AND "
     "d.date <= date('2024-03-11') RETURN sum(d.volume)", False),
    # words before a name that ends no other name are the user's own (在看|…, 信任|…), not an unknown name
    ("最近在看易方达蓝筹精选混合A，不知道它现在还能不能正常申购",
     "MATCH (f:public_offering_fund {name: '易方达蓝筹精选混合A'}) RETURN f.sales_status", False),
    # a typist's slips of everyday words and a whole name's sound (白久: 白酒)
    ("白久板块今天张了多少",
     f"MATCH (t:trade {{name: '白酒'}})-[:has_trade_data]->(d) WHERE d.date = {T} RETURN d.range", False),
    ("今天zt的有那些",
     f"MATCH (s:stock)-[:has_stock_data]->(d) WHERE d.date = {T} AND d.raising_limit = true RETURN s.name", False),
    # a period against another, asked yes or no in a dialect (啊是少了: 是不是少了)
    ("五粮液23年三季度利润比二季度啊是少了",
     GROWTH % ("五粮液", 2023, 3, 2023, 2), False),
    # a group's average named by a fall word: the lowest average change is the one that fell most
    ("哪个上市板块的股票今天平均跌得最多",
     f"MATCH (s:stock)-[:has_stock_data]->(d) WHERE d.date = {T} RETURN s.listed_sector, avg(d.range) AS a "
     "ORDER BY a, s.listed_sector LIMIT 1", True),
    ("隆基和通威今年谁跌得更惨",
     "MATCH (s:stock)-[:has_stock_data]->(a), (s)-[:has_stock_data]->(b) WHERE s.name IN ['隆基绿能', '通威股份'] "
     "AND a.date = date('2023-12-29') AND b.date = date('2024-03-15') "
     "RETURN s.name, (b.closing_price - a.closing_price) / a.closing_price * 100 AS r ORDER BY r", True),
    # 三回以上: three times counts
    ("元旦到春节这段时间涨停过三回以上的票都有哪些",
     "MATCH (s:stock)-[:has_stock_data]->(d) WHERE d.date >= date('2024-01-02') AND d.date <= date('2024-02-08') "
     "AND d.raising_limit = true WITH s, count(d) AS n WHERE n >= 3 RETURN s.name", False),
    ("中欧医疗健康指数A是啥时候认购的",
     "MATCH (f:public_offering_fund {name: '中欧医疗健康指数A'}) RETURN f.subscription_start_time, "
     "f.subscription_end_time", False),
    # the user's own holding: the day's gain of so many shares, their worth, the gain since the price paid
    ("我有300股茅台 今天赚了还是亏了",
     "MATCH (s:stock {name: '贵州茅台'})-[:has_stock_data]->(a), (s)-[:has_stock_data]->(b) "
     f"WHERE a.date = {T} AND b.date = date('2024-03-14') RETURN a.range, 300 * (a.closing_price - b.closing_price)",
     False),
    ("1000股招行 昨天收盘那会市值多少钱",
     "MATCH (:stock {name: '招商银行'})-[:has_stock_data]->(d) WHERE d.date = date('2024-03-14') "
     "RETURN 1000 * d.closing_price", False),
    ("6块8买的京东方A 2000股 今天收盘浮盈还是浮亏 多少",
     f"MATCH (:stock {{name: '京东方A'}})-[:has_stock_data]->(d) WHERE d.date = {T} "
     "RETURN 2000 * (d.closing_price - 6.8)", False),
    ("我成本价50买的宁德 现在回本没",
     f"MATCH (:stock {{name: '宁德时代'}})-[:has_stock_data]->(d) WHERE d.date = {T} "
     "RETURN d.closing_price >= 50, d.closing_price - 50", False),
    # a value of several named things asked yes or no: each one's, whether and what
    ("天弘新能源指数A和广发新能源指数A是不是都暂停申购了",
     "MATCH (f:public_offering_fund) WHERE f.name IN ['天弘新能源指数A', '广发新能源指数A'] "
     "RETURN f.name, f.sales_status = '暂停申购', f.sales_status", False),
    # a forum's and a dialect's words: 又绿了 (down?), 妖股, 噶 (吗), 哪样 (什么), 几钿 (多少钱)
    ("茅子今天又绿了？收多少",
     f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d) WHERE d.date = {T} RETURN d.range, d.closing_price",
     False),
    ("茅台今天涨了噶", f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d) WHERE d.date = {T} RETURN d.range",
     False),
    ("茅台今朝收了几钿",
     f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d) WHERE d.date = {T} RETURN d.closing_price", False),
    ("所在省份为贵州的上市公司共几家，请列示名称",
     "MATCH (s:stock) WHERE s.province = '贵州' RETURN count(s), collect(s.name)", False),
    # an analyst's English among Chinese
    ("帮我pull一下茅台昨天的close price",
     "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d) WHERE d.date = date('2024-03-14') RETURN d.closing_price",
     False),
    ("易方达蓝筹精选混合A的PM是谁",
     "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '易方达蓝筹精选混合A'}) RETURN m.name", False),
    ("白酒板块today top 5 gainers",
     f"MATCH (s:stock)-[:belong_to]->(:trade {{name: '白酒'}}), (s)-[:has_stock_data]->(d) WHERE d.date = {T} "
     "RETURN s.name, d.range ORDER BY d.range DESC, s.name LIMIT 5", True),
    # a day's flag asked yes or no beside a figure of that day: both shown
    ("中科电池今天是不是涨停了 连着几天了",
     f"MATCH (:stock {{name: '中科电池'}})-[:has_stock_data]->(d) WHERE d.date = {T} RETURN d.raising_limit, "
     "d.raising_limit_days", False),
]


@pytest.mark.parametrize("question,gold,ordered", CASES, ids=[c[0] for c in CASES])
def test_unseen_user_classes(engine, question, gold, ordered):
    _same(engine, question, gold, ordered)


def test_a_holdings_gain_the_answer_cannot_compute_is_flagged(engine):
    # a fund bought at 1.2 (no daily price to weigh it against): the NAV is shown, the gain is not — unsure
    ans = engine.ask("华夏医疗健康股票A我1.2买的 现在净值多少了 亏了几个点")
    assert ans.error is None and ans.confidence < engine.trust


def test_a_pointer_or_advice_in_an_aside_refuses_nothing(engine):
    # the asker's own story (我这个人…, 朋友推荐…) is no thing to point at and no advice asked
    for q in ("我这个人做事比较谨慎，想请问有没有涉及招商银行的利空资讯", "朋友一直跟我推荐宁德时代，想确认一下它是在哪个板块上市的"):
        ans = engine.ask(q)
        assert ans.error is None and ans.cypher, (q, ans.error)
    assert engine.ask("推荐一只白酒股").error is not None  # advice asked is still refused


def test_a_growth_asked_beside_a_yes_or_no_it_does_not_answer_is_flagged(engine):
    """亏没亏 YoY answered whether it lost, no growth beside it: the YoY is doubted (it was sure)."""
    ans = engine.ask("601012 23Q3单Q 亏没亏 YoY")
    assert ans.error is not None or ans.confidence < engine.trust, (ans.cypher, ans.confidence)


@pytest.mark.parametrize("question,word", [("茅台2022年1月的股价是多少", "2023-02-17"),  # before the daily rows
                                           ("招商银行2019年各季度净利润", "2020-03-31"),  # before the first report
                                           ("茅台今年一季度净利润", "2023-12-31"),  # a report not out yet
                                           ("华夏医疗健康股票A 经理 毕业院校", "毕业院校"),  # a note's bare part
                                           ("贵州茅台的 PE 是多少？就是市盈率", "市盈率")])
def test_what_the_kg_has_no_data_for_is_refused_saying_so(engine, question, word):
    """A time outside the data the query reads, a figure the KG lacks named alone in a note: refused
    with what is missing (they were answered with nothing, or flagged with rows)."""
    ans = engine.ask(question)
    assert ans.error is not None and word in ans.error, (ans.cypher, ans.confidence, ans.error)


def test_an_aside_of_advice_words_is_still_no_refusal(engine):
    """茅台今天收盘多少 刚开户看不懂: the aside's 开户 is the asker's, the close is answered."""
    ans = engine.ask("茅台今天收盘多少 刚开户看不懂")
    assert ans.error is None and ans.rows, ans.error


@pytest.mark.parametrize("question,word", [("中国平安的市盈率是多少", "市盈率"), ("格力电器去年分红多少", "分红")])
def test_what_the_kg_lacks_is_refused_with_the_word(engine, question, word):
    ans = engine.ask(question)
    assert ans.error_type == "OutOfScope" and word in ans.error and not ans.rows


@pytest.mark.parametrize("question,word", [("半导体板块里今天谁最猛", "最猛"),
                                           ("招商银行和兴业银行去年四季度谁赚的多", "谁赚的多")])
def test_a_ranking_word_the_query_does_not_express_is_flagged(engine, question, word):
    # a plain list for 谁最猛 would be a confident wrong answer: it says what it did not use
    ans = engine.ask(question)
    assert ans.error is None and ans.confidence < engine.trust or ans.cypher and "ORDER BY" in ans.cypher
    if ans.confidence < engine.trust:
        assert any(word in n for n in ans.notes)


def test_a_change_over_days_ranked_in_a_board_is_not_a_days_row(engine):
    """中信证券3月以来的涨跌幅在券商板块中排名第几: a change over the period, not one day's rows
    ranked (it was sure)."""
    ans = engine.ask("中信证券3月以来的涨跌幅在券商板块中排名第几")
    assert ans.error is not None or ans.confidence < engine.trust, ans.cypher


def test_a_month_asked_that_the_answer_does_not_take_is_flagged(engine):
    # the best day of the year is no month's change: 哪个月 went unexpressed
    ans = engine.ask("茅台2023年哪个月涨得最多")
    assert ans.error is not None or ans.confidence < engine.trust


def test_the_first_few_of_a_ranking_before_are_those_things(engine):
    s = _after(engine, "梳理一下香港中央结算有限公司持股的股票，按持股比例排名")
    ans = s.ask("前三分别属于哪个行业")
    _answers(engine, ans, "MATCH (h:stockholder {name: '香港中央结算有限公司'})-[r:is_stockholder_of]->(s:stock) "
                          "WITH s ORDER BY r.shareholding_ratio DESC, s.name LIMIT 3 "
                          "MATCH (s)-[:belong_to]->(t:trade) RETURN s.name, t.name", sure=True)


def test_the_gap_of_two_prices_asked_bare_is_the_prices_not_their_changes(engine):
    s = _after(engine, "茅台多少了", "5粮液呢")
    ans = s.ask("差多少")
    want = engine.store.run("MATCH (a:stock {name: '贵州茅台'})-[:has_stock_data]->(x:stock_data), (b:stock {name: '五粮液'})"
                            f"-[:has_stock_data]->(y:stock_data) WHERE x.date = {T} AND y.date = {T} "
                            "RETURN x.closing_price - y.closing_price").rows[0][0]
    assert ans.rows and abs(abs(ans.rows[0][-1]) - want) < 0.01, (ans.resolved_question, ans.rows)


def test_a_ranking_after_a_count_that_found_none_ranks_the_list_before(engine):
    s = _after(engine, "今天有哪些股票涨停", "其中创业板的有几只")
    ans = s.ask("连续涨停天数最多的是哪只")
    _answers(engine, ans, "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = "
                          f"{T} AND d.raising_limit = true RETURN s.name ORDER BY d.raising_limit_days DESC, s.name LIMIT 1")


def test_the_last_of_a_ranking_over_a_period_is_asked_over_that_period(engine):
    s = _after(engine, "今年以来白酒板块各股区间涨幅排名")
    ans = s.ask("最后一名跌了多少")
    _answers(engine, ans, "MATCH (:trade {name: '白酒'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(a:stock_data), "
                          "(s)-[:has_stock_data]->(b:stock_data) WHERE a.date = date('2023-12-29') AND b.date = "
                          f"{T} WITH s, (b.closing_price - a.closing_price) / a.closing_price * 100 AS pct "
                          "RETURN pct ORDER BY pct LIMIT 1")


def test_a_profits_growth_said_as_a_rise_is_the_growth(engine):
    s = _after(engine, "美的集團2023年第四季淨利潤幾多？")
    ans = s.ask("同比升咗幾多？")
    _answers(engine, ans, GROWTH % ("美的集团", 2023, 4, 2022, 4), sure=True)


def test_a_ranking_that_picks_nothing_is_flagged(engine):
    ans = engine.ask("今天创业板涨停的股票里连续涨停天数最多的是哪只")
    assert ans.rows or ans.confidence < engine.trust, (ans.cypher, ans.confidence)


def test_a_day_against_another_with_no_property_named_compares_the_price(engine):
    _same(engine, "宁德时代今天比昨天多了几块钱",
          "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
          f"WHERE s.name = '宁德时代' AND a.date = {T} AND b.date = date('2024-03-14') "
          "RETURN a.closing_price - b.closing_price")


def test_a_space_typed_between_chinese_words_is_noise(engine):
    spaced, plain = engine.ask("今天跌得最多 的 3只股票"), engine.ask("今天跌得最多的3只股票")
    assert spaced.error is None and spaced.rows == plain.rows and len(plain.rows) == 3


def test_a_two_character_same_sound_typo_is_corrected_but_not_inside_a_name(engine):
    assert engine.ask("白酒版块有几只股票").rows == engine.ask("白酒板块有几只股票").rows
    ans = engine.ask("云南的股票数量")  # 南的 sounds like 男的: not a typo inside 云南
    assert "province" in ans.cypher and "sex" not in ans.cypher


# ---- robustness: perturbations as data -----------------------------------------------------

OPS = """
operators:
  politeness: {prefix: [请问], variants: 1}
  particle: {suffix: [呀], variants: 1}
  spaced: {regex: [['的', ' 的 ']]}
  synonym: {synonym: concepts, variants: 1}
"""


def test_a_new_operator_is_data(engine, tmp_path):
    path = tmp_path / "ops.yaml"
    path.write_text(OPS + "  bracket: {prefix: ['【问】'], variants: 1}\n", encoding="utf-8")
    perturber = Perturber.for_engine(load_operators(path), engine)
    variants = dict(perturber.variants("贵州茅台昨天的收盘价是多少", 7))
    assert variants["bracket"] == "【问】贵州茅台昨天的收盘价是多少"
    assert variants["particle"] == "贵州茅台昨天的收盘价是多少呀"
    assert variants["spaced"] == "贵州茅台昨天 的 收盘价是多少"
    assert variants["synonym"] != "贵州茅台昨天的收盘价是多少" and "贵州茅台" in variants["synonym"]


def test_a_synonym_never_edits_a_name(engine, tmp_path):
    path = tmp_path / "ops.yaml"
    path.write_text("operators:\n  synonym: {synonym: concepts, variants: 50}\n", encoding="utf-8")
    perturber = Perturber.for_engine(load_operators(path), engine)
    for _, text in perturber.variants("招商银行今天的成交量", 1):
        assert text.startswith("招商银行今天的")


def test_robustness_counts_silent_flips(engine, tmp_path):
    path = tmp_path / "ops.yaml"
    path.write_text(OPS, encoding="utf-8")
    perturber = Perturber.for_engine(load_operators(path), engine)
    qs = [{"id": 1, "question": "贵州茅台昨天的收盘价是多少", "today": "2024-03-15",
           "gold": "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '贵州茅台' "
                   "AND d.date = date('2024-03-14') RETURN d.closing_price"},
          # a wrong gold: every confident variant is then a silent flip, and is counted
          {"id": 2, "question": "五粮液的注册资本", "today": "2024-03-15",
           "gold": "MATCH (s:stock) WHERE s.name = '贵州茅台' RETURN s.registered_capital"}]
    fams = robustness(engine, qs, perturber)
    s = summary(fams)
    assert fams[0].passes and all(v.right for _, _, v in fams[0].variants)
    assert not fams[1].passes and s["silent_flips"] >= len(fams[1].variants) - 1 >= 1
    assert s["families"] == 2 and s["variants"] == sum(len(f.variants) for f in fams)


def test_eval_robustness_cli(demo_db, tmp_path):
    qs = tmp_path / "q.jsonl"
    qs.write_text(json.dumps({"id": 1, "question": "五粮液的注册资本", "today": "2024-03-15",
                              "gold": "MATCH (s:stock) WHERE s.name = '五粮液' RETURN s.registered_capital"},
                             ensure_ascii=False) + "\n", encoding="utf-8")
    out = tmp_path / "v.jsonl"
    r = run_cli("eval", "robustness", str(qs), "--out", str(out), db=demo_db)
    assert r.returncode == 0, r.stderr
    assert "silent flips 0" in r.stdout and "consistency" in r.stdout
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows and all(x["right"] or x["flagged"] for x in rows)
    bad = tmp_path / "bad.yaml"
    bad.write_text("operators:\n  broken: {shout: [x]}\n", encoding="utf-8")
    r = run_cli("eval", "robustness", str(qs), "--perturbations", str(bad), db=demo_db)
    assert r.returncode != 0 and "broken" in (r.stdout + r.stderr) and "Traceback" not in r.stderr


# ---- follow-ups that name nothing of their own ---------------------------------------------

def test_a_follow_up_that_names_nothing_asks_about_the_thing_under_discussion(engine):
    s = engine.session()
    s.ask("格力电器昨天收盘多少")
    chair = s.ask("董事长叫什么")  # not every stock's chairman: 格力电器's
    assert chair.resolved_question == "格力电器的董事长叫什么" and chair.follow_up == "owned"
    want = engine.store.run("MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name = '格力电器' "
                            "RETURN c.name").rows
    assert chair.error is None and [r[:1] for r in chair.rows] == want  # (its 离任日期 beside)
    news = s.ask("有什么利好消息")  # two turns on, still 格力电器 (the chairman turn answered a person)
    assert news.resolved_question.startswith("格力电器") and "格力电器" in json.dumps(news.params, ensure_ascii=False)
    market = s.ask("今天涨幅前五的股票")  # a ranking of the market is a question of its own
    assert market.follow_up in ("reset", "new") and len(market.rows) == 5


def test_the_chairmen_who_left_are_those_with_a_departure_date(engine):
    ans = engine.ask("已经离任的董事长有几个")
    want = engine.store.run("MATCH (c:chairman) WHERE c.departure_date IS NOT NULL RETURN count(c)").rows[0][0]
    assert ans.error is None and ans.rows == [[want]], (ans.cypher, ans.rows)


def test_the_current_chairman_is_the_one_still_in_office(engine):
    # the demo KG keeps former chairmen (a departure date); 现任/现在的 asks for today's
    many = engine.store.run("MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WITH s, count(c) AS n WHERE n > 1 "
                            "RETURN s.name ORDER BY s.name LIMIT 1").rows[0][0]
    now = engine.ask(f"{many}现在的董事长是谁")
    every = engine.ask(f"{many}的历任董事长有哪些")
    assert now.error is None and every.error is None and now.confidence >= engine.trust
    assert len(now.rows) == 1 and len(every.rows) > 1 and now.rows[0][0] in [r[0] for r in every.rows]
    assert "为空" in now.interpretation


def test_eval_says_whether_a_right_reading_was_built_and_chosen(engine):
    from nl2cypher.evaluate import evaluate, oracle_text

    gold = "MATCH (s:stock) WHERE s.name = '{}' RETURN s.registered_capital"
    qs = [{"id": 1, "question": "五粮液的注册资本", "today": "2024-03-15", "gold": gold.format("五粮液"),
           "category": "AF"},
          # a gold no candidate can meet: the miss is a missing reading, not a wrong choice
          {"id": 2, "question": "五粮液的注册资本", "today": "2024-03-15", "gold": gold.format("贵州茅台"),
           "category": "AF"}]
    rep = evaluate(engine, qs)
    assert rep[0]["oracle"] and rep[0]["execution_accuracy"]
    assert not rep[1]["oracle"] and not rep[1]["execution_accuracy"]
    text = oracle_text(rep)
    assert "1/2" in text and "no right reading 1" in text and "not chosen 0" in text


# ---- names written the way they sound ----------------------------------------------------------

@pytest.mark.parametrize("question, name", [
    ("分酒今天收盘价", "山西汾酒"),  # the short form (a name's tail) with a same-sound typo
    ("哥力电器的注册资本", "格力电器"),
    ("请问山西汾九的代码是几多啊", "山西汾酒"),  # split by the tokenizer, read as one name
])
def test_a_name_written_by_its_sound_is_corrected_and_said(engine, question, name):
    ans = engine.ask(question)
    assert ans.error is None and ans.rows and ans.rows[0][0] == name, (ans.error, ans.rows[:2])
    assert any("纠正错别字" in n for n in ans.notes), ans.notes


def test_a_sound_across_a_names_words_is_no_name(engine):
    """港股 sounds like the middle of a steel company's name (…钢股份); a name is
    shortened to its head or tail, never cut across, so nothing is corrected."""
    ans = engine.ask("港股今天怎么样")
    assert not any("纠正错别字" in n for n in ans.notes) and not ans.rows, (ans.notes, ans.rows[:2])


# ---- follow-ups that cannot be vouched for are flagged, not answered confidently -------------------

def test_this_one_after_several_is_asked_back_with_the_choices(engine):
    s = engine.session()
    s.ask("贵州茅台和宁德时代属于哪个板块")
    ans = s.ask("这个板块今天涨了多少")
    assert ans.error_type == "Unresolved" and "白酒" in ans.error and "电池" in ans.error, ans.error


def test_a_superlative_the_follow_up_typed_must_be_in_the_query(engine):
    """The resolved question may lose a word the user typed (最大); the answer is then
    one ranked row, or flagged — never the whole list at full confidence."""
    s = engine.session()
    s.ask("哪些基金持有五粮液")
    ans = s.ask("持仓占比最大的是哪个")
    assert ans.error is None
    assert len(ans.rows) == 1 or ans.confidence < engine.trust, (ans.rows[:3], ans.confidence)


def test_a_turn_that_names_nothing_and_leans_on_nothing_is_flagged(engine):
    s = engine.session()
    s.ask("贵州茅台的董事长是谁")
    ans = s.ask("基金经理是谁")  # a stock has no fund manager: no turn to lean on, so every manager
    assert len(ans.rows) > 1 and ans.confidence < engine.trust, ans.confidence
    assert any("前面的对话" in n for n in ans.notes), ans.notes


def test_a_follow_up_after_turns_that_got_no_answer_is_read_as_said_and_flagged(engine):
    s = engine.session()
    assert s.ask("东方红银行的收盘价").error is not None
    ans = s.ask("那五粮液呢")
    assert ans.error is None and ans.rows and ans.confidence < engine.trust, (ans.error, ans.confidence)


def test_a_follow_up_on_an_unsure_answer_is_no_surer(engine):
    s = engine.session()
    first = s.ask("今天涨停的有哪些咔咔")
    assert first.confidence < engine.trust
    ans = s.ask("其中收盘价最高的是哪只")
    assert ans.error is None and len(ans.rows) == 1
    assert ans.confidence <= first.confidence and any("第 1 轮" in n for n in ans.notes), ans.notes


def test_a_day_of_market_data_asked_whole_shows_the_row(engine):
    ans = engine.ask("五粮液昨天的行情")
    want = engine.store.run("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' "
                            "AND d.date = date('2024-03-14') RETURN d.closing_price, d.volume").rows[0]
    assert ans.error is None and len(ans.rows) == 1, (ans.error, ans.rows)
    row = ans.rows[0][0]
    assert row["closing_price"] == want[0] and row["volume"] == want[1], row


def test_an_answer_that_only_repeats_the_name_asked_about_is_flagged(engine):
    ans = engine.ask("朱浩是哪家的董事长")
    assert ans.rows != [["朱浩"]] or ans.confidence < engine.trust, (ans.cypher, ans.confidence)


def test_a_hop_left_out_is_flagged(engine):
    """锂电池下游相关的公司: without the 下游 hop the answer is 锂电池's own companies."""
    ans = engine.ask("锂电池下游相关的公司有哪些")
    own = engine.store.run("MATCH (i:industry)<-[:associate]-(s:stock) WHERE i.name = '锂电池' RETURN s.name").rows
    assert sorted(ans.rows) != sorted(own) or ans.confidence < engine.trust, (ans.cypher, ans.confidence)


def test_two_opposite_conditions_are_no_reading(engine):
    """涨了的和跌了的 as one condition would count the stocks that did both: none."""
    ans = engine.ask("昨天涨了的和跌了的股票各几只")
    assert ans.error is not None or ans.rows != [[0]] or ans.confidence < engine.trust, (ans.cypher, ans.rows)


# ---- follow-ups that rank the answer before, and point at the one it picked ---------------------

def test_which_one_is_highest_ranks_the_list_before_and_it_is_that_one(engine):
    s = engine.session()
    s.ask("持有五粮液的基金有哪些")
    top = s.ask("哪只持仓占比最大")
    want = engine.store.run("MATCH (f:public_offering_fund)-[h:hold]->(s:stock) WHERE s.name = '五粮液' "
                            "RETURN f.name ORDER BY h.position_ratio DESC, f.name LIMIT 1").rows[0][0]
    assert top.error is None and top.rows[0][0] == want and len(top.rows) == 1, (top.resolved_question, top.rows)
    ans = s.ask("它的基金经理是谁")
    managers = engine.store.run("MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) "
                                f"WHERE f.name = '{want}' RETURN m.name").rows
    assert sorted(ans.rows) == sorted(managers), (ans.resolved_question, ans.rows)


def test_this_company_after_a_ranking_is_the_one_it_picked(engine):
    s = engine.session()
    s.ask("香港中央结算有限公司持有哪些股票")
    top = s.ask("持股比例最高的是哪家")
    assert top.error is None and len(top.rows) == 1, (top.resolved_question, top.rows)
    ans = s.ask("这家今天收盘多少")
    assert ans.error is None and ans.rows[0][0] == top.rows[0][0], (ans.resolved_question, ans.rows)


def test_a_property_after_a_ranking_has_two_readings_and_is_flagged(engine):
    s = engine.session()
    top = s.ask("今天涨幅最大的股票")
    ans = s.ask("成交量呢")  # that stock's volume, or the stock with the largest volume
    assert ans.error is None and ans.confidence < engine.trust, (ans.resolved_question, ans.confidence)
    assert any("两种" in n for n in ans.notes), ans.notes
    assert top.rows[0][0] in ans.resolved_question


def test_these_funds_after_a_list_of_managers_are_their_funds(engine):
    s = engine.session()
    managers = s.ask("学历是博士的女基金经理有哪些")
    ans = s.ask("这些基金的规模")
    assert ans.error is None and managers.rows[0][0] in ans.resolved_question and "基金" in ans.resolved_question
    funds = {r[0] for r in engine.store.run("MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) "
                                            "WHERE m.degree = '博士' AND m.sex = '女' RETURN f.name").rows}
    assert funds & {c for r in ans.rows for c in r if isinstance(c, str)}, (ans.resolved_question, ans.rows[:3])


def test_a_second_clause_asking_of_the_ones_counted_is_answered_beside(engine):
    """王明管几只基金？规模最大的是哪只: how many, and the biggest of those counted — both (the second
    was flagged unused; now it ranks the ones the first counted)."""
    ans = engine.ask("王明管几只基金？规模最大的是哪只")
    want = engine.store.run("MATCH (:fund_manager {name: '王明'})-[:manage]->(f:public_offering_fund) "
                            "WITH count(f) AS n MATCH (:fund_manager {name: '王明'})-[:manage]->(g:public_offering_fund) "
                            "RETURN n, g.name ORDER BY g.scale DESC, g.name LIMIT 1")
    assert ans.error is None and results_match(want.columns, want.rows, ans.columns, ans.rows, False), (ans.cypher, ans.rows)


@pytest.mark.parametrize("question", ["昨天哪个行业板块涨得最多，哪个最少", "昨天哪个板块涨得最猛 哪个跌得最惨"])
def test_the_most_and_the_least_asked_together_are_both_answered(engine, question):
    """Two rankings of the same rows, one row each: the two rows side by side."""
    ans = engine.ask(question)
    day = ("MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = date('2024-03-14') "
           "RETURN t.name ORDER BY d.range %s, t.name LIMIT 1")
    top, bottom = (engine.store.run(day % o).rows[0][0] for o in ("DESC", "ASC"))
    assert ans.error is None and ans.confidence >= engine.trust, (ans.cypher, ans.notes)
    assert len(ans.rows) == 1 and {top, bottom} <= set(ans.rows[0]), (ans.cypher, ans.rows)


def test_a_property_asked_of_nothing_after_other_turns_is_flagged(engine):
    s = engine.session()
    s.ask("今天涨停的股票有几只")
    s.ask("王明的学历")
    ans = s.ask("成交量分别多少")  # a manager has no volume, nothing named has: every stock's
    assert ans.error is not None or ans.confidence < engine.trust, (ans.resolved_question, ans.confidence)


FOLLOW_UPS = [
    # 第二名 points into the ranking four turns back (the turns between asked of its first)
    (["今天涨幅top5 list一下", "第一名是哪个板块的？？", "它家董事长是谁～", "他啥时候上任的？？"], "第二名呢 也是涨停吗！！",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') WITH s, d "
     "ORDER BY d.range DESC, s.name SKIP 1 LIMIT 1 RETURN d.raising_limit"),
    # which day, after one thing's days of a period: of those days; 那天 then asks of that day
    (["紫金矿业这礼拜每天收盘价"], "哪天量最大",
     "MATCH (:stock {name: '紫金矿业'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
     f"AND d.date <= {T} RETURN d.date, d.volume ORDER BY d.volume DESC LIMIT 1"),
    (["紫金矿业这礼拜每天收盘价", "哪天量最大"], "那天涨了几个点",
     "MATCH (:stock {name: '紫金矿业'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-13') RETURN d.range"),
    # 这两个 of a time said (这两个星期) is no reference to two things
    (["比亚迪这两个星期每天收盘价多少"], "这两个星期哪天最高哦",
     "MATCH (s:stock {name: '比亚迪'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-04') "
     f"AND d.date <= {T} RETURN d.date, d.closing_price ORDER BY d.closing_price DESC LIMIT 1"),
    # 还 right before an edge word: the others than the one the turn before named
    (["易方达蓝筹精选混合A的基金经理是谁"], "这位还管了哪些",
     "MATCH (f:public_offering_fund)<-[:manage]-(m:fund_manager)-[:manage]->(o:public_offering_fund) "
     "WHERE f.name = '易方达蓝筹精选混合A' AND o.name <> '易方达蓝筹精选混合A' RETURN DISTINCT o.name"),
    # a measure asked in words, no property named: the day's change of the thing before
    (["招商银行今天收盘多少"], "那涨了百分之几",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '招商银行' AND d.date = {T} RETURN d.range"),
    # a value of the listed things narrows the list
    (["中信证券有啥新闻"], "利好的是哪几条",
     "MATCH (s:stock)-[v:involve]->(i:information) WHERE s.name = '中信证券' AND v.tendency = 1 RETURN i.name"),
    # one link further along the chain of the question before
    (["正极材料的下游是什么"], "再往下一层呢",
     "MATCH (a:industry)-[:affect]->(:industry)-[:affect]->(b:industry) WHERE a.name = '正极材料' "
     "RETURN DISTINCT b.name"),
    # one total over several things named when 总/一共/加起来 asks for it
    (["学历是博士的女基金经理有哪些"], "这些基金规模加起来多少",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.degree = '博士' AND m.sex = '女' "
     "RETURN sum(f.scale)"),
    # 里面…最大的 after a list: the question before (its asking words left out), ranked
    (["四川的上市公司都有哪些"], "里面注册资本最大的",
     "MATCH (s:stock) WHERE s.province = '四川' RETURN s.name ORDER BY s.registered_capital DESC, s.name LIMIT 1"),
    # 上任 is when a chairman took office
    (["五粮液的董事长是谁"], "他啥时候上任的",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name = '五粮液' RETURN c.name, c.appointment_date"),
    # which of the two things the last two turns were each about
    (["五粮液的注册资本是多少", "泸州老窖呢"], "哪个大",
     "MATCH (s:stock) WHERE s.name IN ['五粮液', '泸州老窖'] RETURN s.name ORDER BY s.registered_capital DESC"),
    # a question complete but for whom (its own property and time) is about the thing under discussion
    (["比亚迪的董事长是谁"], "上个月平均每天成交多少股",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '比亚迪' AND d.date >= date('2024-02-01') "
     "AND d.date <= date('2024-02-29') RETURN avg(d.volume)"),
    # a property asked after a turn that answered an attribute of one thing (its board) is that thing's
    (["五粮液属于哪个行业板块"], "昨天收盘价多少",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '五粮液' AND d.date = date('2024-03-14') "
     "RETURN d.closing_price"),
    # a measure asked after a turn about a person's company is the company's
    (["格力电器的董事长是谁"], "今年以来涨了多少",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     "WHERE s.name = '格力电器' AND a.date = date('2023-12-29') AND b.date = date('2024-03-15') "
     "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100"),
    # a property the answer cannot have (a chairman's volume) is the named thing's
    (["比亚迪的董事长是谁"], "今天成交量多少",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '比亚迪' AND d.date = {T} RETURN d.volume"),
    # 同期 keeps the time of the question before, wherever it stands (建行同期多少, 同期建行呢)
    (["工商银行2023年二季度净利润多少"], "建行同期多少",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) WHERE s.name = '建设银行' "
     "AND f.year = 2023 AND f.quarter = 2 RETURN f.net_profit"),
    (["比亚迪这个月涨了多少"], "同期长城汽车呢",
     "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     "WHERE s.name = '长城汽车' AND a.date = date('2024-02-29') AND b.date = date('2024-03-15') "
     "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100"),
    # 这些基金 after a manager who runs one fund: that fund
    (["黄慧敏管了哪些基金"], "这些基金一共持有几只股票",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund)-[:hold]->(s:stock) WHERE m.name = '黄慧敏' "
     "RETURN count(DISTINCT s)"),
    # 它 after a new issue named by its stock: the issue's own dates
    (["今年以来上市的新股有哪些", "哪个发行量最大"], "它网上发行是哪天",
     "MATCH (s:stock)-[o:originate_from]->(n:new_stock) WHERE o.marketing_time >= date('2024-01-01') "
     "WITH s, n ORDER BY n.amount DESC LIMIT 1 RETURN n.online_release_date"),
    # 她们 after a count narrowed by names: the things counted, not every name
    (["学历是博士的基金经理有哪些", "其中女的有几个"], "她们一共管了多少只基金",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.degree = '博士' AND m.sex = '女' "
     "RETURN count(DISTINCT f)"),
    # the difference (how far apart) of the last two answers, their property named again (两天收盘差多少)
    (["贵州茅台昨天收盘价多少", "今天呢"], "两天收盘差多少钱",
     f"MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE s.name = '贵州茅台' AND a.date = {T} AND b.date = date('2024-03-14') "
     "RETURN a.closing_price - b.closing_price"),  # two days: the later less the earlier, signed (a writer's intent)
    # 这三只 after a top three: those three (a number that says how many)
    (["大成新能源灵活配置混合C的前三大重仓股是啥"], "这三只今天表现怎么样",
     "MATCH (f:public_offering_fund {name: '大成新能源灵活配置混合C'})-[h:hold]->(s:stock) WITH s ORDER BY "
     f"h.position_ratio DESC, s.name LIMIT 3 MATCH (s)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN s.name, d.range"),
    # an average asked of the list before, in words (平均下来)
    (["大成新能源灵活配置混合C的前三大重仓股是啥", "这三只今天表现怎么样"], "平均下来涨了多少",
     "MATCH (f:public_offering_fund {name: '大成新能源灵活配置混合C'})-[h:hold]->(s:stock) WITH s ORDER BY "
     f"h.position_ratio DESC, s.name LIMIT 3 MATCH (s)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN avg(d.range)"),
    # 这些股票 after a list narrowed (其中今天涨停的): the ones left, not the whole list
    (["汽车整车板块有哪些股票", "其中今天涨停的"], "哪些基金持有这些股票",
     "MATCH (t:trade {name: '汽车整车'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} AND d.raising_limit MATCH (f:public_offering_fund)-[:hold]->(s) RETURN DISTINCT f.name"),
    # another time to compare with: the question before, against it
    (["跟人工智能有关的股票今天平均涨了多少"], "比昨天高还是低",
     "MATCH (i:industry {name: '人工智能'})<-[:associate]-(s:stock)-[:has_stock_data]->(d:stock_data) "
     f"WITH avg(CASE WHEN d.date = {T} THEN d.range END) AS a, "
     "avg(CASE WHEN d.date = date('2024-03-14') THEN d.range END) AS b RETURN a > b"),
    (["贵州茅台今天收盘价"], "比昨天高吗",
     "MATCH (s:stock {name: '贵州茅台'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = {T} AND b.date = date('2024-03-14') RETURN a.closing_price > b.closing_price"),
    # a property asked after a list: theirs, the list's asking words left out
    (["现在处于认购期的基金有哪些"], "管理费呢",
     "MATCH (f:public_offering_fund) WHERE f.sales_status = '认购期' RETURN f.name, f.management_fee"),
    # another kind of thing swapped in: the old thing's kind word goes with it (白酒板块 → 青岛啤酒)
    (["白酒板块这个月涨了多少"], "青岛啤酒这个月呢",
     "MATCH (s:stock {name: '青岛啤酒'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = date('2024-02-29') AND b.date = {T} "
     "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100"),
    # 这些 after a turn that named three stocks and a board: the stocks
    (["今天哪些票红三兵了", "里面有银行股没"], "这些红三兵的里面成交量最大的",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.hong_san_bing "
     "RETURN s.name, d.volume ORDER BY d.volume DESC LIMIT 1"),
    # 这两个人 after two turns each answering one chairman: those two, not the companies named
    (["中国平安的董事长是谁", "那招商银行的董事长呢"], "这两个人谁任职时间更早",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name IN ['中国平安', '招商银行'] "
     "AND c.departure_date IS NULL RETURN c.name ORDER BY c.appointment_date"),
    # a year with 同期: that year's same quarter
    (["宁德时代2023年四季度净利润多少"], "2022年同期呢",
     "MATCH (:stock {name: '宁德时代'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2022 AND f.quarter = 4 RETURN f.net_profit"),
    # 这几家 after a count with the names beside it: those named
    (["董事长叫王伟的有几位，分别在哪家公司"], "这几家公司在哪个省",
     "MATCH (:chairman {name: '王伟'})-[:is_chairman_of]->(s:stock) RETURN s.name, s.province"),
    # 她们 is they
    (["学历是博士的女基金经理有哪些"], "她们一共管了多少只基金",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.degree = '博士' AND m.sex = '女' "
     "RETURN count(DISTINCT f)"),
    # 环比增长多少 after one figure at two times: the later against the earlier
    (["贵州茅台2023年三季度净利润多少", "二季度呢"], "环比增长多少", GROWTH % ("贵州茅台", 2023, 3, 2023, 2)),
    # 同比呢 after a 环比: the same figure against a year before
    (["五粮液2023年四季度净利润多少", "环比呢"], "同比呢", GROWTH % ("五粮液", 2023, 4, 2022, 4)),
    # 跟…比呢 after a growth: the growth from that period instead
    (["五粮液2023年四季度净利润多少", "三季度呢", "环比增长多少"], "跟2022年四季度比呢",
     GROWTH % ("五粮液", 2023, 4, 2022, 4)),
    # another thing's 同期是多少 after a growth: its figure, not its growth
    (["五粮液2023年四季度净利润多少", "同比呢"], "泸州老窖同期是多少",
     "MATCH (:stock {name: '泸州老窖'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 AND f.quarter = 4 RETURN f.net_profit"),
    # 俩差多少 after a growth and a figure: the figure of both, not a growth against a figure
    (["五粮液2023年四季度净利润多少", "同比呢", "泸州老窖同期是多少"], "俩差多少",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->(a:stock_financial_information), "
     "(:stock {name: '泸州老窖'})-[:has_stock_financial_information]->(b:stock_financial_information) "
     "WHERE a.year = 2023 AND a.quarter = 4 AND b.year = 2023 AND b.quarter = 4 RETURN abs(a.net_profit - b.net_profit)"),
    # another thing and another value of the same property (利好 after 利空)
    (["建设银行最近有啥新闻", "哪些是利空的"], "那招商银行呢有没有利好",
     "MATCH (s:stock)-[v:involve]->(i:information) WHERE s.name = '招商银行' AND v.tendency = 1 RETURN i.name"),
    # 谁涨得多 after two things' dates: ranked by the change, the date left out
    (["五粮液和泸州老窖的成立日期"], "今天谁涨得多",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['五粮液', '泸州老窖'] AND d.date = {T} "
     "RETURN s.name ORDER BY d.range DESC"),
    # 期间最高多少 after a change over a period: that period's high and its day
    (["宁德时代今年以来涨了多少"], "期间最高多少 哪天",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '宁德时代' AND d.date >= date('2024-01-01') "
     "AND d.date <= date('2024-03-15') RETURN d.maximum_price, d.date ORDER BY d.maximum_price DESC LIMIT 1"),
    # 按…分一下 after a count: the count, one per group
    (["昨天有几只股票涨停"], "按上市板块分一下",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') AND d.raising_limit = true "
     "RETURN s.listed_sector, count(DISTINCT s)"),
    # 这两位经理 after a turn answering two funds' managers: the two managers
    (["中欧周期精选灵活配置混合C和中欧消费升级灵活配置混合A分别是谁管的"], "这两位经理学历分别是",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) "
     "WHERE f.name IN ['中欧周期精选灵活配置混合C', '中欧消费升级灵活配置混合A'] RETURN m.name, m.degree"),
    # 变了多少 after one figure asked on two days: the later day's against the earlier's
    (["比亚迪今天成交量多少", "前天呢"], "变了多少",
     "MATCH (:stock {name: '比亚迪'})-[:has_stock_data]->(a:stock_data), (:stock {name: '比亚迪'})-[:has_stock_data]->"
     f"(b:stock_data) WHERE a.date = {T} AND b.date = date('2024-03-13') RETURN a.volume - b.volume"),
    # 换个话题: a new question, not a swap into the one before
    (["贵州茅台的董事长是谁"], "换个话题 锂电池的上游是啥",
     "MATCH (a:industry)-[:affect]->(b:industry) WHERE b.name = '锂电池' RETURN a.name"),
    # 它的经理 after the one holding that ranked first: the holder (the answer's other column)
    (["持有比亚迪的基金有几只", "其中持仓市值最大的是哪只"], "它的经理是谁",
     "MATCH (:stock {name: '比亚迪'})<-[h:hold]-(f:public_offering_fund) WITH f ORDER BY "
     "h.position_amount DESC, f.name LIMIT 1 MATCH (m:fund_manager)-[:manage]->(f) RETURN m.name"),
    # 最大的股东是谁 after a company: its holders ranked by the link's weight
    (["万科A今天收盘多少"], "最大的股东是谁",
     "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '万科A'}) "
     "RETURN h.name ORDER BY r.shareholding_ratio DESC, h.name LIMIT 1"),
    # 其中…最高的 after the stocks one holder holds: its stake in each, not anyone's
    (["全国社保基金一一八组合持有哪些股票"], "其中持股比例最高的是哪只",
     "MATCH (:stockholder {name: '全国社保基金一一八组合'})-[r:is_stockholder_of]->(s:stock) "
     "RETURN s.name ORDER BY r.shareholding_ratio DESC, s.name LIMIT 1"),
    # 这俩 after a line refused for a word the KG lacks (高股息), a turn between that got none too: the two it named
    (["亲，长江电力和中国神华这俩高股息的，今天分别收多少", "上个月底呢"], "这俩2023年三季度单季谁赚得多",
     "MATCH (s:stock)-[:has_stock_financial_information]->(f) WHERE s.name IN ['长江电力', '中国神华'] "
     "AND f.year = 2023 AND f.quarter = 3 RETURN s.name, f.net_profit"),
    # 持股比例最高那家 after a holder's list: the top one of it, not 「那家」 asked back
    (["中央汇金 持股 list"], "持股比例最高那家",
     "MATCH (:stockholder {name: '中央汇金投资有限责任公司'})-[r:is_stockholder_of]->(s:stock) "
     "RETURN s.name, r.shareholding_ratio ORDER BY r.shareholding_ratio DESC, s.name LIMIT 1"),
    # 这只基金前三大重仓股 after a ranking picked the fund and a turn about its manager: inside that fund
    (["名字里带红利优选的基金里规模最大的是哪只", "它的基金经理是谁"], "这只基金前三大重仓股是什么",
     "MATCH (f:public_offering_fund)-[h:hold]->(s:stock) WHERE f.name CONTAINS '红利优选' WITH f ORDER BY f.scale DESC, "
     "f.name LIMIT 1 MATCH (f)-[h:hold]->(s:stock) RETURN s.name, h.position_ratio ORDER BY h.position_ratio DESC, "
     "s.name LIMIT 3"),
    # 这五只 after a turn that counted some of them: the five the turn before that listed
    (["昨天成交量最大的五只股票", "其中有几只是在深市主板上市的"], "把这五只按今天的涨跌幅从高到低排一下",
     "MATCH (s:stock)-[:has_stock_data]->(d) WHERE d.date = date('2024-03-14') WITH s ORDER BY d.volume DESC, s.name "
     f"LIMIT 5 MATCH (s)-[:has_stock_data]->(t) WHERE t.date = {T} RETURN s.name, t.range ORDER BY t.range DESC"),
    # 其中的锂电池 after the upstream of new-energy cars: that one of the answer, named
    (["新能源汽车的上游产业都有哪些"], "比如其中的锂电池，它的上游又是什么",
     "MATCH (u:industry)-[:affect]->(:industry {name: '锂电池'}) RETURN u.name"),
    # 增加了百分之几 after one quarter and then another: the growth between them
    (["格力电器 2023年 第三季度赚多少钱", "第四季度呢"], "增加了百分之几",
     "MATCH (:stock {name: '格力电器'})-[:has_stock_financial_information]->(a), "
     "(:stock {name: '格力电器'})-[:has_stock_financial_information]->(b) WHERE a.year = 2023 AND a.quarter = 3 "
     "AND b.year = 2023 AND b.quarter = 4 RETURN a.net_profit, b.net_profit, b.net_profit - a.net_profit, "
     "(b.net_profit - a.net_profit) * 100.0 / abs(a.net_profit)"),
    # 锂矿相关的股票呢 after 锂电池上游都有啥: a thing, a link and a kind of its own — asked whole
    (["宁德时代关联哪些产业", "那锂电池上游都有啥"], "锂矿相关的股票呢",
     "MATCH (s:stock)-[:associate]->(:industry {name: '锂矿'}) RETURN s.name"),
    # 这几个今天谁涨得最多 after a list: the list ranked (这几个 is no part of the question)
    (["锂矿相关的股票有哪些"], "这几个今天谁涨得最多",
     "MATCH (s:stock)-[:associate]->(:industry {name: '锂矿'}), (s)-[:has_stock_data]->(d) "
     f"WHERE d.date = {T} RETURN s.name, d.range ORDER BY d.range DESC, s.name LIMIT 1"),
    # 再往下一层 after 往下游影响到哪些: one link further along the chain (not the verb said twice)
    (["锂矿往下游影响到哪些产业"], "再往下一层又是哪些",
     "MATCH (:industry {name: '锂矿'})-[:affect]->()-[:affect]->(b:industry) RETURN DISTINCT b.name"),
    # 涨最猛那个板块 after the board that rose most and then the one that fell most: the first turn's pick
    (["今天哪个行业板块涨得最猛", "最差的呢"], "涨最猛那个板块有几只成分股",
     f"MATCH (t:trade)-[:has_trade_data]->(d) WHERE d.date = {T} WITH t ORDER BY d.range DESC, t.name LIMIT 1 "
     "MATCH (s:stock)-[:belong_to]->(t) RETURN count(DISTINCT s)"),
    # 那昨天呢 after a holding's gain today: that holding's gain the day before
    (["我有500股五粮液 今天是赚是亏"], "那昨天呢",
     "MATCH (s:stock {name: '五粮液'})-[:has_stock_data]->(a), (s)-[:has_stock_data]->(b) "
     "WHERE a.date = date('2024-03-14') AND b.date = date('2024-03-13') RETURN 500 * (a.closing_price - b.closing_price)"),
    # 跟三季度比呢 after one quarter's figure: its growth since the quarter said, not that quarter instead
    (["五粮液去年四季度赚了多少"], "跟三季度比呢", GROWTH % ("五粮液", 2023, 4, 2023, 3)),
    # 环比多了多少 after the fourth quarter, then the third: the later quarter's less the earlier's
    (["比亚迪去年4季度赚了多少", "3季度呢"], "环比多了多少",
     "MATCH (s:stock {name: '比亚迪'})-[:has_stock_financial_information]->(a), (s)-[:has_stock_financial_information]->(b) "
     "WHERE a.year = 2023 AND a.quarter = 4 AND b.year = 2023 AND b.quarter = 3 RETURN a.net_profit - b.net_profit"),
]


@pytest.mark.parametrize("before, question, gold", FOLLOW_UPS)
def test_a_follow_up_is_read_against_the_turns_before(engine, before, question, gold):
    s = engine.session()
    for q in before:
        s.ask(q)
    ans = s.ask(question)
    assert ans.error is None and ans.confidence >= engine.trust, (ans.resolved_question, ans.error, ans.confidence)
    want = engine.store.run(gold)
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, False), (ans.resolved_question, ans.rows[:3])


def test_a_superlative_saying_an_arithmetic_word_is_no_arithmetic(engine):
    s = engine.session()
    s.ask("贵州茅台今天收盘价")
    s.ask("五粮液呢")
    ans = s.ask("这个月最高多少")  # 最高多少 says 高多少: the month's high, not a difference of the two
    assert ans.kind != "arithmetic" and ans.cypher and "maximum_price" in ans.cypher, (ans.resolved_question, ans.cypher)


def test_how_much_more_one_named_thing_made_is_its_answer_against_the_other(engine):
    s = engine.session()
    a = s.ask("五粮液2023年全年净利润合计多少")
    b = s.ask("泸州老窖同期呢")
    ans = s.ask("五粮液多赚了多少")  # the one named first, the other second: a signed difference
    assert ans.error is None and ans.kind == "arithmetic", (ans.resolved_question, ans.error)
    assert abs(ans.rows[0][0] - (a.rows[0][-1] - b.rows[0][-1])) < 1e-3 * abs(a.rows[0][-1])
    again = s.ask("泸州老窖的成交量比昨天高多少")  # a property of its own: a question of its own, not the answers
    assert again.kind != "arithmetic"


def test_a_year_the_query_never_reads_is_flagged(engine):
    ans = engine.ask("五粮液2023年存货周转率比2021年增长多少")  # year against year is not read: say so
    assert ans.error is not None or ans.confidence < engine.trust, (ans.cypher, ans.confidence)
    if ans.error is None:
        assert any("2021年" in n for n in ans.notes), ans.notes


def test_a_list_of_things_answered_with_no_thing_is_flagged(engine):
    ans = engine.ask("2023年二季度净利润同比增长的银行股有哪些")  # a growth figure shows no bank: say so
    assert ans.error is not None or ans.confidence < engine.trust or any(
        r and isinstance(r[0], str) for r in ans.rows), (ans.cypher, ans.confidence)
    total = engine.ask("银行板块所有股票的注册资本加起来多少")  # a figure over all of them answers 所有
    assert total.error is None and total.confidence >= engine.trust, (total.cypher, total.notes)


def test_these_after_an_answer_of_none_are_none_and_flagged(engine):
    s = engine.session()
    first = s.ask("南方蓝筹精选债券C重仓了哪些股票")  # a bond fund: it holds no stocks
    assert first.error is None and not first.rows
    ans = s.ask("这些股票分别属于啥板块")  # asked on: none either, not a question back
    assert ans.error is None and not ans.rows and ans.confidence < engine.trust, (ans.resolved_question, ans.rows)


def test_a_property_after_two_things_compared_shows_both_and_is_flagged(engine):
    s = engine.session()
    s.ask("五粮液和泸州老窖注册资本谁大")
    ans = s.ask("成立时间呢")  # both dates: or the one picked's, or the ranking by it — flagged
    assert sorted(r[0] for r in ans.rows) == ["五粮液", "泸州老窖"], ans.rows
    assert ans.confidence < engine.trust, ans.confidence


def test_an_aggregate_the_follow_up_typed_must_be_in_the_query(engine):
    s = engine.session()
    s.ask("王明和张丽华管的基金总规模多少")
    ans = s.ask("平均管理费呢")  # an average asked: a total of fees would be a confident wrong answer
    assert ans.error is not None or ans.confidence < engine.trust or "avg" in ans.cypher, (ans.cypher, ans.notes)


def test_a_news_word_with_nothing_saying_news_is_a_guess_and_flagged(engine):
    ans = engine.ask("哪些公司要回购股份")  # 回购 is searched in the titles, but nothing said 消息/新闻
    assert ans.error is None and ans.confidence < engine.trust, ans.confidence
    assert "回购" in " ".join(ans.notes) and "CONTAINS" in ans.cypher, (ans.notes, ans.cypher)


def test_a_common_word_or_a_word_describing_a_kind_does_not_search_the_news(engine):
    ans = engine.ask("万科A的主要股东有哪些")  # 主要 is in the titles too, but common; 股东 are not news
    assert "information" not in ans.cypher, ans.cypher
    assert ans.rows, ans.cypher


def test_a_value_word_the_query_does_not_read_is_flagged(engine):
    ex = engine.lexicon.extract("上证主板里今天涨停的有多少", engine.context(None).today, engine.trading_days)
    over_the_market = parse("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.raising_limit = true "
                            f"AND d.date = {T} RETURN count(DISTINCT s)")
    assert "上证主板" in unexpressed(ex, over_the_market, engine.expressed)


def test_an_aggregate_word_the_query_does_not_compute_is_flagged(engine):
    ans = engine.ask("博士学历的基金经理平均管几只基金")  # an average of counts, not one count
    assert ans.error is not None or ans.confidence < engine.trust or "avg" in ans.cypher, (ans.cypher, ans.confidence)
    total = engine.ask("创业板总共有几家公司")  # 总共 with a count is that count
    assert total.confidence >= engine.trust, (total.cypher, total.confidence)


def test_a_company_that_changed_chairman_answers_with_todays_unless_every_one_is_asked(engine):
    ans = engine.ask("金山办公的董事长叫什么")  # one in office and one who left
    now = engine.ask("金山办公的现任董事长叫什么")
    assert len(ans.rows) == 1 and ans.rows == now.rows and ans.confidence >= engine.trust, (ans.rows, ans.confidence)
    every = engine.ask("金山办公的董事长都有谁")
    assert len(every.rows) == 2 and "离任日期" in every.columns, every.columns


def test_which_one_of_two_values_after_a_person_is_that_persons(engine):
    s = engine.session()
    s.ask("美的集团的董事长是谁")
    ans = s.ask("男的女的")
    want = engine.store.run("MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name = '美的集团' "
                            "RETURN c.name, c.sex")
    assert ans.error is None and results_match(want.columns, want.rows, ans.columns, ans.rows, False), ans.rows
    nxt = s.ask("那格力电器的董事长呢")  # the entity swapped with its label word (的董事长)
    assert "格力电器的董事长" in nxt.resolved_question, nxt.resolved_question


def test_all_of_them_asking_each_ones_board_is_no_intersection(engine):
    ans = engine.ask("中国石油和中国石化都属于哪个板块")  # 都 here is each one's, not one board both share
    assert len(ans.rows) == 2, (ans.cypher, ans.rows)


def test_a_condition_on_every_period_is_flagged_not_answered_as_any_period(engine):
    ans = engine.ask("今年每天都涨停的票")  # no threshold to hold on every day (每天都上涨 is built): flagged
    assert ans.error is not None or ans.confidence < engine.trust, (ans.cypher, ans.confidence)


def test_two_asks_about_the_same_rows_are_answered_by_one_query(engine):
    ans = engine.ask("招商银行今天开盘价多少 成交量呢")
    want = engine.store.run("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name = '招商银行' "
                            f"AND d.date = {T} RETURN d.opening_price, d.volume")
    assert ans.error is None and ans.confidence >= engine.trust, (ans.cypher, ans.confidence)
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, False), ans.rows
    both = engine.ask("易方达消费升级股票A持有几只股票，持仓市值一共多少")  # a count and a total of one fund's holdings
    want = engine.store.run("MATCH (f:public_offering_fund)-[h:hold]->(s:stock) WHERE f.name = '易方达消费升级股票A' "
                            "RETURN count(DISTINCT s), sum(h.position_amount)")
    assert results_match(want.columns, want.rows, both.columns, both.rows, False), (both.cypher, both.rows)
    assert both.confidence >= engine.trust and any("2 问" in n for n in both.notes), both.notes


def test_two_asks_about_different_rows_stay_flagged(engine):
    ans = engine.ask("五粮液昨天收盘多少 今天开盘呢")  # two days of one thing: a row beside a row only of two things named
    assert ans.error is not None or ans.confidence < engine.trust, ans.cypher


def test_two_figures_of_different_rows_are_answered_side_by_side(engine):
    ans = engine.ask("上周五涨的股票几只 跌的几只")  # no mark between: the second ask at the first's day
    want = engine.store.run("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-08') "
                            "RETURN count(CASE WHEN d.range > 0 THEN 1 END), count(CASE WHEN d.range < 0 THEN 1 END)")
    assert ans.confidence >= engine.trust and ans.rows == want.rows, (ans.cypher, ans.rows, want.rows)
    other = engine.ask("今天沪市主板跌的有几只？创业板呢")  # a follow-up clause; 0 stays a row
    want = engine.store.run(
        "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') AND d.range < 0 "
        "RETURN count(CASE WHEN s.listed_sector = '沪市主板' THEN 1 END), "
        "count(CASE WHEN s.listed_sector = '创业板' THEN 1 END)")
    assert other.confidence >= engine.trust and other.rows == want.rows, (other.cypher, other.rows, want.rows)
    assert len(set(other.columns)) == 2  # each column says which ask it answers


def test_each_of_two_values_counted_and_each_named_things_value(engine):
    _same(engine, "基金经理男的女的各多少", "MATCH (m:fund_manager) RETURN m.sex, count(m)")
    _same(engine, "宁德时代和比亚迪今天收盘价各多少",
          f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['宁德时代', '比亚迪'] AND d.date = {T} "
          "RETURN s.name, d.closing_price")


def test_a_named_things_value_that_the_kg_lacks_is_refused_saying_the_last_report(engine):
    ans = engine.ask("宁德时代2024年第一季度的净利润是多少")  # no report yet on 2024-03-15
    assert ans.error is not None and "2023-12-31" in ans.error, (ans.rows, ans.error)


def test_a_value_asked_beside_a_yes_no_is_flagged_not_answered_yes_or_no(engine):
    # 在哪个板块上市的 asks for the sector; 深市主板吗 checks one: one query cannot say both
    ans = engine.ask("平安银行是在哪个板块上市的？深市主板吗")
    assert ans.error is not None or ans.confidence < engine.trust, (ans.cypher, ans.confidence)
    assert engine.ask("平安银行是深市主板的吗").confidence >= engine.trust  # the yes/no alone is sure


def test_a_month_and_day_just_ahead_is_the_days_to_come_not_last_year(engine):
    ans = engine.ask("五粮液3月20号的收盘价")  # five days after the KG's last day
    assert ans.error is not None and "2024-03-15" in ans.error, (ans.cypher, ans.error)


def test_he_after_two_people_asks_of_both_and_says_it_is_unsure(engine):
    """他 after a fund two managers run: both are answered for (not asked back), flagged."""
    s = engine.session()
    managers = s.ask("易方达消费升级股票A的基金经理是谁")
    assert len(managers.rows) == 2
    ans = s.ask("他的学历是什么")
    assert ans.error is None and ans.confidence < engine.trust, (ans.resolved_question, ans.error, ans.confidence)
    assert {r[0] for r in managers.rows} <= {c for r in ans.rows for c in r}, ans.rows


def test_a_name_after_a_joining_word_is_the_name_not_an_unknown_longer_one(engine):
    ans = engine.ask("客户在华夏品质生活股票A和富国品质生活灵活配置混合A之间选，两只的规模各多少")
    assert ans.error is None and set(ans.params.get("p0") or ()) == {"华夏品质生活股票A", "富国品质生活灵活配置混合A"}, \
        (ans.error, ans.cypher, ans.params)


def test_other_things_of_a_kind_leave_out_the_one_the_turn_before_named(engine):
    """这个股东还持有哪些其他公司 after 贵州茅台's largest holder: its other companies."""
    s = engine.session()
    s.ask("贵州茅台的第一大股东是谁")
    ans = s.ask("这个股东还持有哪些其他公司")
    want = engine.store.run(
        "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '贵州茅台'}) WITH h ORDER BY r.shareholding_ratio "
        "DESC, h.name LIMIT 1 MATCH (h)-[:is_stockholder_of]->(s:stock) WHERE s.name <> '贵州茅台' RETURN s.name")
    assert ans.error is None and results_match(want.columns, want.rows, ans.columns, ans.rows, False), \
        (ans.resolved_question, ans.rows)


def test_a_reference_saying_how_many_asks_back_when_the_turns_before_had_another_number(engine):
    """这三个 after three turns each counting one board: which three things is not guessed."""
    s = engine.session()
    for q in ("创业板有多少只股", "科创板呢", "北交所呢"):
        s.ask(q)
    ans = s.ask("这三个今天哪个平均涨幅最高")
    assert ans.error is not None and "这三个" in ans.error, (ans.resolved_question, ans.cypher)


def test_a_ranking_word_the_resolution_drops_is_flagged(engine):
    """最新那只申购代码多少 after a list of new issues: answered for the one, or flagged — never all five."""
    s = engine.session()
    s.ask("最近上市的新股有哪几个")
    ans = s.ask("最新那只申购代码多少")
    assert ans.error is not None or ans.confidence < engine.trust or len(ans.rows) == 1, (ans.resolved_question, ans.rows)


@pytest.mark.parametrize("question", ["韩伟管了几只基金？分别是哪几只", "韩伟管的基金有几只，都叫啥"])
def test_how_many_and_which_answers_both(engine, question):
    ans = engine.ask(question)
    want = engine.store.run("MATCH (:fund_manager {name: '韩伟'})-[:manage]->(f:public_offering_fund) RETURN f.name")
    names = {r[0] for r in want.rows}
    assert ans.error is None and ans.confidence >= engine.trust, (ans.cypher, ans.notes)
    assert len(ans.rows) == 1 and len(names) in ans.rows[0] and any(
        isinstance(v, list) and set(v) == names for v in ans.rows[0]), ans.rows


def test_a_sort_asked_in_a_later_clause_or_turn_orders_the_list(engine):
    """…，并按注册资本从大到小排序 / 按注册资本从大到小排个序 after a list: that list, ordered."""
    gold = ("MATCH (s:stock)-[:belong_to]->(:trade {name: '券商'}) RETURN s.name, s.registered_capital "
            "ORDER BY s.registered_capital DESC, s.name")
    _same(engine, "列出券商板块的所有股票，并按注册资本从大到小排序", gold, ordered=True)
    s = engine.session()
    s.ask("券商板块有哪些股票")
    ans = s.ask("按注册资本从大到小排个序")
    want = engine.store.run(gold)
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, True), (ans.resolved_question, ans.rows[:3])


def test_a_date_a_ranking_word_names_is_the_targets_own_or_nothing(engine):
    """最老的基金: a fund has no founding date of a company's — no reading, not the fund holding the oldest stock."""
    ans = engine.ask("最老的基金是哪只")
    assert ans.error is not None or ans.confidence < engine.trust, (ans.cypher, ans.rows[:2])


def test_a_name_with_another_kind_of_thing_after_a_price_question_asks_that_thing(engine):
    """那五粮液董事长呢 after a comparison of prices: 五粮液's chairman, not his share price;
    招商银行的董事长呢 after …的董事长是谁 says the kind word once."""
    s = engine.session()
    s.ask("茅台今天收盘价比昨天高多少")
    ans = s.ask("那五粮液董事长呢")
    _answers(engine, ans, "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '五粮液'}) "
                          "WHERE c.departure_date IS NULL RETURN c.name")
    s = engine.session()
    s.ask("茅台的董事长是谁")
    ans = s.ask("招商银行的董事长呢")
    assert ans.resolved_question.count("董事长") == 1, ans.resolved_question


def test_a_kind_word_opening_a_follow_up_with_inside_points_at_the_one_discussed(engine):
    """券商板块今天怎么样 → 板块里有几只股票: inside 券商 (not every board's stocks); with
    two boards discussed, which one is asked back."""
    s = engine.session()
    s.ask("券商板块今天怎么样")
    ans = s.ask("板块里有几只股票")
    want = engine.store.run("MATCH (s:stock)-[:belong_to]->(:trade {name: '券商'}) RETURN count(s)")
    assert ans.error is None and ans.rows == want.rows, (ans.resolved_question, ans.rows)
    s = engine.session()
    s.ask("券商和银行两个板块今天怎么样")
    ans = s.ask("板块里有几只股票")
    assert ans.error is not None and "券商" in ans.error and "银行" in ans.error, (ans.resolved_question, ans.rows)


def test_a_rise_asked_after_one_price_at_two_far_days_is_the_change_between_them(engine):
    """去年这个时候…多少钱 / 现在呢 / 涨了百分之几: from that day to now (not today's own
    change), and 同期白酒板块涨了多少 the board's over the same days; after 昨天…/今天呢 it is
    today's own change."""
    s = _after(engine, "一年前的今天五粮液收盘价多少", "现在呢")
    between = ("MATCH (:{0} {{name: '{1}'}})-[:{2}]->(a:{3}), (:{0} {{name: '{1}'}})-[:{2}]->(b:{3}) "
               "WHERE a.date = date('2023-03-15') AND b.date = date('2024-03-15') "
               "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")
    _answers(engine, s.ask("涨了百分之几"), between.format("stock", "五粮液", "has_stock_data", "stock_data"))
    _answers(engine, s.ask("同期券商板块涨了多少"), between.format("trade", "券商", "has_trade_data", "trade_data"))
    ans = _after(engine, "五粮液昨天收盘多少", "今天呢").ask("涨了百分之几")
    _answers(engine, ans, f"MATCH (:stock {{name: '五粮液'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                          "RETURN d.range")


def test_which_one_asked_beside_a_difference_is_not_dropped_silently(engine):
    """谁涨得多 差几个点 answered with the difference alone: flagged (谁涨得多 went unused),
    and 差几个点 never reads 差 as 'worse' (the lower one picked)."""
    ans = engine.ask("工行跟建行今天谁涨得多 差几个点")
    assert ans.error is not None or ans.confidence < engine.trust or any(
        r and r[0] in ("工商银行", "建设银行") for r in ans.rows), (ans.cypher, ans.rows)


def test_a_pronoun_after_a_name_and_an_edge_word_is_what_the_name_holds_from_before(engine):
    """…的股东有哪些 → 社保一一八组合也持有它吗: 它 is the stock discussed, not the holders
    listed or the name in the question; 其他 is never the pronoun 他."""
    s = engine.session()
    s.ask("中国平安的股东有哪些")
    ans = s.ask("社保一一八组合也持有它吗")
    assert ans.error is None and "中国平安" in ans.resolved_question, (ans.resolved_question, ans.error)
    want = engine.store.run("MATCH (h:stockholder {name: '全国社保基金一一八组合'})-[r:is_stockholder_of]->"
                            "(:stock {name: '中国平安'}) RETURN count(r) > 0")
    assert ans.rows == want.rows, (ans.cypher, ans.rows)
    s = engine.session()
    s.ask("五粮液的第一大股东是谁")
    ans = s.ask("这个股东还持有哪些其他公司")
    assert ans.error is None and ans.rows, (ans.resolved_question, ans.error)


def test_growth_between_two_years_asked_after_them_and_the_same_for_another(engine):
    """…2023年全年净利润多少 / 2022年呢 / 增长了百分之几 / 泸州老窖也这么算一下: the years'
    totals, grown — then the same for the other company; 还能追吗 after a figure is flagged."""
    s = _after(engine, "山西汾酒2023年全年净利润多少", "2022年呢")
    year = ("MATCH (:stock {name: '%s'})-[:has_stock_financial_information]->(f:stock_financial_information) "
            "WHERE f.year IN [2022, 2023] WITH sum(CASE WHEN f.year = 2023 THEN f.net_profit ELSE 0.0 END) AS a, "
            "sum(CASE WHEN f.year = 2022 THEN f.net_profit ELSE 0.0 END) AS b RETURN (a - b) / abs(b) * 100")
    for q, name in (("增长了百分之几", "山西汾酒"), ("泸州老窖也这么算一下", "泸州老窖")):
        ans = s.ask(q)
        want = engine.store.run(year % name)
        assert ans.error is None and results_match(want.columns, want.rows, ans.columns, ans.rows, False), \
            (q, ans.resolved_question, ans.rows)
    s = engine.session()
    s.ask("宁德时代今天成交量多少")
    ans = s.ask("现在还能追吗")
    assert ans.error is not None or ans.confidence < engine.trust, (ans.resolved_question, ans.confidence)


def test_a_ranking_over_an_edge_whose_holder_is_not_named_is_about_the_one_discussed(engine):
    """…持有哪些股票 / 第一大重仓今天涨了没: that fund's largest holding's change — not the
    market's top riser; 差多少 never subtracts a change from a total of holdings."""
    s = engine.session()
    s.ask("华夏医疗健康股票A持有哪些股票")
    s.ask("持仓市值合计多少")
    ans = s.ask("第一大重仓今天涨了没")
    _answers(engine, ans, TOP_HOLDING_CHANGE % "华夏医疗健康股票A")
    ans = s.ask("两个差多少")
    assert ans.error is not None or ans.confidence < engine.trust or ans.follow_up != "arithmetic", \
        (ans.resolved_question, ans.rows)


def test_a_ranking_among_the_answer_then_a_question_of_the_one_it_picks(engine):
    """…的上游有哪些 / 里面规模最大的那个关联了哪些公司: the biggest of them first, then its
    companies (said in a note); …的股东有哪些 / 其中持股最多的那个还持有哪些公司: that holder's
    other holdings, the company discussed left out."""
    s = _after(engine, "新能源汽车的上游有哪些")
    ans = s.ask("里面规模最大的那个关联了哪些公司")
    top = engine.store.run("MATCH (u:industry)-[:affect]->(:industry {name: '新能源汽车'}) RETURN u.name "
                           "ORDER BY u.scale DESC, u.name LIMIT 1").rows[0][0]
    _answers(engine, ans, f"MATCH (s:stock)-[:associate]->(:industry {{name: '{top}'}}) RETURN s.name")
    assert any(top in n for n in ans.notes), ans.notes
    s = _after(engine, "五粮液的股东有哪些")
    ans = s.ask("其中持股最多的那个还持有哪些公司")
    _answers(engine, ans, "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '五粮液'}) WITH h ORDER BY "
                          "r.shareholding_ratio DESC, h.name LIMIT 1 MATCH (h)-[:is_stockholder_of]->(s:stock) "
                          "WHERE s.name <> '五粮液' RETURN s.name")


# ---- outperforming, candles, the last time, who left (twelfth session) --------------------------------

BOARD_RANGE = "MATCH (t:trade {name: '%s'})-[:has_trade_data]->(d:trade_data) WHERE d.date = %s RETURN d.range"


@pytest.mark.parametrize("question", ["五粮液今天跑赢白酒板块了吗", "五粮液今天涨得比白酒板块多吗"])
def test_a_stock_outperforming_its_board_weighs_the_boards_own_change(engine, question):
    ans = engine.ask(question)
    stock = engine.store.run("MATCH (s:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) "
                             f"WHERE d.date = {T} RETURN d.range").rows[0][0]
    board = engine.store.run(BOARD_RANGE % ("白酒", T)).rows[0][0]
    assert ans.error is None and ans.confidence >= engine.trust, (ans.cypher, ans.unexplained)
    assert ans.rows == [[stock, board, stock > board]], (ans.cypher, ans.rows)


def test_members_outperforming_their_board_are_counted_against_one_value(engine):
    _same(engine, "今天跑赢银行板块的银行股有几只",
          "MATCH (b:trade {name: '银行'})-[:has_trade_data]->(bd:trade_data) WHERE bd.date = " + T + " "
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(d:stock_data) "
          "WHERE d.date = " + T + " AND d.range > bd.range RETURN count(DISTINCT s)")


def test_boards_that_fell_behind_another(engine):
    _same(engine, "今天哪些板块跑输了券商",
          "MATCH (b:trade {name: '券商'})-[:has_trade_data]->(bd:trade_data) WHERE bd.date = " + T + " "
          "MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = " + T + " AND d.range < bd.range "
          "RETURN t.name")


def test_outperforming_over_a_window_is_flagged_not_answered_with_days(engine):
    ans = engine.ask("宁德时代这个月跑赢电池板块了没有")
    assert ans.error is not None or ans.confidence < engine.trust, (ans.cypher, ans.confidence)


@pytest.mark.parametrize("question, op", [("比亚迪今年以来有几天收阳", ">"), ("银行板块上个月收阴线几天", "<")])
def test_days_that_closed_above_or_below_their_open_are_counted(engine, question, op):
    holder = ("MATCH (:stock {name: '比亚迪'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-01-01') "
              "AND d.date <= " + T if op == ">" else
              "MATCH (:trade {name: '银行'})-[:has_trade_data]->(d:trade_data) WHERE d.date >= date('2024-02-01') "
              "AND d.date <= date('2024-02-29')")
    _same(engine, question, f"{holder} AND d.closing_price {op} d.opening_price RETURN count(d)")


def test_rising_and_falling_candles_asked_together_are_two_counts(engine):
    ans = engine.ask("贵州茅台这个月收阳几天收阴几天")
    want = [engine.store.run("MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) "
                             "WHERE d.date >= date('2024-03-01') AND d.date <= " + T +
                             f" AND d.closing_price {op} d.opening_price RETURN count(d)").rows[0][0] for op in "><"]
    assert ans.error is None and ans.confidence >= engine.trust, (ans.cypher, ans.unexplained)
    assert ans.rows == [want], (ans.cypher, ans.rows)


def test_stocks_that_closed_at_the_days_high(engine):
    _same(engine, "今天收在最高点的票有哪些",
          f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.closing_price = d.maximum_price "
          "RETURN s.name")


def test_how_many_rose_and_how_many_fell_in_a_board_are_two_counts_of_its_stocks(engine):
    ans = engine.ask("半导体今天几只上涨几只下跌")
    want = [engine.store.run("MATCH (s:stock)-[:belong_to]->(:trade {name: '半导体'}), (s)-[:has_stock_data]->(d:stock_data) "
                             f"WHERE d.date = {T} AND d.range {op} 0 RETURN count(DISTINCT s)").rows[0][0] for op in "><"]
    assert ans.error is None and ans.rows == [want], (ans.cypher, ans.rows)


LAST_LIMIT_UP = ("MATCH (:stock {name: '%s'})-[:has_stock_data]->(d:stock_data) WHERE d.raising_limit = true "
                 f"AND d.date <= {T} RETURN d.date ORDER BY d.date DESC LIMIT 1")


@pytest.mark.parametrize("question", ["中信证券上一次涨停是哪天", "中信证券最近一次涨停是什么时候"])
def test_the_last_time_a_thing_met_a_condition_is_its_latest_such_day(engine, question):
    _same(engine, question, LAST_LIMIT_UP % "中信证券")


def test_the_last_time_asked_in_a_follow_up_is_about_the_thing_discussed_over_all_its_days(engine):
    s = _after(engine, "中信证券今天涨停了吗")
    ans = s.ask("最近一次涨停是哪天")
    assert ans.confidence >= engine.trust, (ans.resolved_question, ans.cypher)
    _answers(engine, ans, LAST_LIMIT_UP % "中信证券")


def test_chairmen_who_left_are_listed_with_the_company_they_left(engine):
    _same(engine, "卸任了的董事长是哪些人",
          "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.departure_date IS NOT NULL RETURN c.name, s.name")


def test_a_volume_asked_in_lots_is_answered_in_lots_of_a_hundred_shares(engine):
    ans = engine.ask("比亚迪昨天成交了几手")
    shares = engine.store.run("MATCH (:stock {name: '比亚迪'})-[:has_stock_data]->(d:stock_data) "
                              "WHERE d.date = date('2024-03-14') RETURN d.volume").rows[0][0]
    assert ans.confidence >= engine.trust and ans.rows[0][-1] == shares / 100, (ans.cypher, ans.rows)
    assert "手" in ans.columns[-1]


@pytest.mark.parametrize("question, names", [("古井贡酒成立多少年了", ["古井贡酒"]),
                                             ("片仔癀和云南白药各自成立几年了", ["片仔癀", "云南白药"])])
def test_how_long_ago_a_company_was_founded_is_whole_years_to_the_reference_day(engine, question, names):
    ans = engine.ask(question)
    founded = dict(engine.store.run("MATCH (s:stock) WHERE s.name IN $n RETURN s.name, s.establishment_date",
                                    {"n": names}).rows)
    want = {n: 2024 - dt.date.fromisoformat(str(d)).year - ((dt.date.fromisoformat(str(d)).month,
                                                             dt.date.fromisoformat(str(d)).day) > (3, 15))
            for n, d in founded.items()}
    assert ans.error is None and ans.confidence >= engine.trust, (ans.cypher, ans.unexplained)
    assert {r[0]: r[-1] for r in ans.rows} == want, (ans.cypher, ans.rows)


def test_years_and_days_between_render_for_each_dialect():
    from nl2cypher.cypher.ast import DateLit, Func, Prop
    from nl2cypher.cypher.dialects import DIALECTS

    age = Func("years_between", (Prop("s", "establishment_date"), DateLit(dt.date(2024, 3, 15))))
    assert DIALECTS["neo4j"]().gen(age) == ("(20240315 - (s.establishment_date.year * 10000 + "
                                            "s.establishment_date.month * 100 + s.establishment_date.day)) / 10000")
    assert DIALECTS["ladybug"]().gen(age).startswith("(20240315 - (date_part('year', s.establishment_date)")
    days = Func("days_between", (Prop("c", "appointment_date"), DateLit(dt.date(2024, 3, 15))))
    assert DIALECTS["neo4j"]().gen(days) == "duration.inDays(c.appointment_date, date('2024-03-15')).days"
    assert DIALECTS["ladybug"]().gen(days) == "(date('2024-03-15') - c.appointment_date)"


def test_those_said_to_have_left_stay_the_ones_who_left_when_asked_who_they_all_are(engine):
    _same(engine, "已经离任的董事长都有谁",
          "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.departure_date IS NOT NULL RETURN c.name, s.name")


def test_a_change_word_said_last_after_a_period_is_the_change_over_it_not_each_day(engine):
    _same(engine, "银行板块本周涨跌",
          "MATCH (t:trade {name: '银行'})-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
          "WHERE a.date = date('2024-03-08') AND b.date = " + T + " RETURN (b.closing_price - a.closing_price) / "
          "a.closing_price * 100")
    each = engine.ask("中国平安近三个交易日每天涨跌幅")  # each day asked: the days stay
    assert len(each.rows) == 3, (each.cypher, each.rows)


def test_which_of_the_two_did_better_keeps_the_period_the_turns_before_asked_about(engine):
    s = _after(engine, "五粮液今年以来涨了多少", "泸州老窖同期呢")
    ans = s.ask("那谁表现好")
    _answers(engine, ans, "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
             "WHERE s.name IN ['五粮液', '泸州老窖'] AND a.date = date('2023-12-29') AND b.date = " + T + " "
             "RETURN s.name ORDER BY (b.closing_price - a.closing_price) / a.closing_price DESC")


def test_a_chain_word_said_again_in_a_later_clause_is_the_same_link(engine):
    _same(engine, "多晶硅影响哪些下游 下游有哪些公司",
          "MATCH (:industry {name: '多晶硅'})-[:affect]->(d:industry)<-[:associate]-(s:stock) RETURN d.name, s.name")
    two = engine.ask("多晶硅的下游的下游")  # said one right after another: two links
    want = engine.store.run("MATCH (:industry {name: '多晶硅'})-[:affect]->(:industry)-[:affect]->(d:industry) "
                            "RETURN DISTINCT d.name")
    assert results_match(want.columns, want.rows, two.columns, two.rows, False), two.cypher


@pytest.mark.parametrize("question", ["中国石化相关产业的上游有哪些", "宁德时代是哪个产业的 上游是啥"])
def test_the_upstream_of_a_companys_industries_shows_each_beside_its_industry(engine, question):
    name = question[:4]
    _same(engine, question, f"MATCH (:stock {{name: '{name}'}})-[:associate]->(i:industry)<-[:affect]-(u:industry) "
                            "RETURN u.name, i.name")


def test_what_affects_an_industry_upstream_is_read_upstream(engine):
    _same(engine, "影响光伏组件的上游产业里，规模最大的是哪个",
          "MATCH (u:industry)-[:affect]->(:industry {name: '光伏组件'}) RETURN u.name ORDER BY u.scale DESC, u.name LIMIT 1")


@pytest.mark.parametrize("question", ["多晶硅往下游一直传下去会影响到哪些产业", "多晶硅的所有下游产业"])
def test_a_chain_followed_all_the_way_reaches_every_industry_downstream(engine, question):
    _same(engine, question, "MATCH (:industry {name: '多晶硅'})-[:affect*1..30]->(d:industry) RETURN DISTINCT d.name")


DAY_AGAINST = ("MATCH (s:stock {name: '%s'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
               f"WHERE a.date = date('%s') AND b.date = {T} RETURN (b.closing_price - a.%s) / a.%s * 100")


@pytest.mark.parametrize("question, name, day, price", [
    ("客户1月8号买的招商银行 到今天收益多少", "招商银行", "2024-01-08", "closing_price"),
    ("我上周三开盘买的比亚迪 现在赚了还是亏了", "比亚迪", "2024-03-06", "opening_price")])
def test_what_a_holding_bought_on_a_day_made_up_to_today(engine, question, name, day, price):
    ans = engine.ask(question)
    want = engine.store.run(DAY_AGAINST % (name, day, price, price)).rows[0][0]
    assert ans.error is None and ans.confidence >= engine.trust, (ans.cypher, ans.unexplained)
    assert abs(ans.rows[0][-1] - want) < 1e-6, (ans.cypher, ans.rows)


def test_year_to_date_and_versus_as_typed(engine):
    ans = engine.ask("比亚迪ytd多少")
    want = engine.store.run("MATCH (s:stock {name: '比亚迪'})-[:has_stock_data]->(a:stock_data), "
                            "(s)-[:has_stock_data]->(b:stock_data) WHERE a.date = date('2023-12-29') AND b.date = "
                            f"{T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100").rows[0][0]
    assert ans.confidence >= engine.trust and abs(ans.rows[0][-1] - want) < 1e-6, (ans.cypher, ans.rows)
    _same(engine, "格力电器vs美的集团 今天谁涨得多",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['格力电器', '美的集团'] "
          f"AND d.date = {T} RETURN s.name ORDER BY d.range DESC")


def test_a_ranking_by_the_change_over_a_period_ranks_each_ones_change(engine):
    _same(engine, "银行股今年以来涨幅排名",
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(a:stock_data), "
          "(s)-[:has_stock_data]->(b:stock_data) WHERE a.date = date('2023-12-29') AND b.date = " + T + " "
          "RETURN s.name, (b.closing_price - a.closing_price) / a.closing_price * 100 AS c ORDER BY c DESC, s.name",
          ordered=True)


def test_a_follow_up_whose_which_day_word_the_resolution_lost_is_right_or_flagged(engine):
    s = _after(engine, "我上礼拜一开盘买的中信证券 现在赚了还是亏了")
    ans = s.ask("这期间最高点多少 哪天")
    want = engine.store.run("MATCH (:stock {name: '中信证券'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= "
                            f"date('2024-03-04') AND d.date <= {T} RETURN d.maximum_price, d.date "
                            "ORDER BY d.maximum_price DESC LIMIT 1")
    right = ans.error is None and results_match(want.columns, want.rows, ans.columns, ans.rows, False)
    assert right or ans.error is not None or ans.confidence < engine.trust, (ans.resolved_question, ans.cypher)


@pytest.mark.parametrize("question, gold", [
    ("2010年以后成立的公司有几家", "MATCH (s:stock) WHERE s.establishment_date >= date('2010-01-01') RETURN count(s)"),
    ("晚于2010年成立的公司有几家", "MATCH (s:stock) WHERE s.establishment_date > date('2010-12-31') RETURN count(s)")])
def test_after_a_year_counts_that_year_and_later_than_it_does_not(engine, question, gold):
    _same(engine, question, gold)


def test_companies_picked_by_when_their_chairman_came_or_left_say_who(engine):
    _same(engine, "最近一年内有董事长离任的公司有哪些",
          "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.departure_date >= date('2023-03-16') "
          f"AND c.departure_date <= {T} RETURN s.name, c.name")


def test_after_a_day_is_the_days_from_then_on(engine):
    _same(engine, "3月4号以后涨停过的银行股",
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(d:stock_data) "
          f"WHERE d.date >= date('2024-03-04') AND d.date <= {T} AND d.raising_limit = true RETURN DISTINCT s.name")


def test_that_day_after_an_answer_showing_one_day_is_that_day(engine):
    s = _after(engine, "比亚迪今年以来涨了多少", "这期间最高价是哪天")
    day = s.turns[-1].day
    ans = s.ask("那天成交量多少")
    _answers(engine, ans, f"MATCH (:stock {{name: '比亚迪'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('{day}') "
                          "RETURN d.volume")
    assert ans.confidence >= engine.trust and day in ans.resolved_question


@pytest.mark.parametrize("question, cond", [("今天3连板以上的有哪些", ">= 3"), ("今天两连板的票", "= 2"),
                                            ("现在连板的股票有哪些", ">= 2")])
def test_runs_of_limit_up_days_said_as_lian_ban(engine, question, cond):
    _same(engine, question, f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                            f"AND d.raising_limit_days {cond} RETURN s.name")


def test_a_row_of_the_answer_before_named_by_its_place(engine):
    s = _after(engine, "今天涨幅最大的5只白酒股")
    names = [n.name for n in s.turns[-1].answered]
    ans = s.ask("第二只成交量多少")
    assert names[1] in ans.resolved_question, (ans.resolved_question, names)
    _answers(engine, ans, f"MATCH (:stock {{name: '{names[1]}'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                          "RETURN d.volume")
    third = s.ask("第三名的董事长是谁")  # the list is two turns back now
    assert names[2] in third.resolved_question, (third.resolved_question, names)


@pytest.mark.parametrize("question", ["招商银行和工商银行谁注册资本大 差多少", "招商银行和工商银行注册资本哪个大 大多少"])
def test_which_of_two_and_by_how_much_answers_both(engine, question):
    ans = engine.ask(question)
    caps = dict(engine.store.run("MATCH (s:stock) WHERE s.name IN ['招商银行', '工商银行'] "
                                 "RETURN s.name, s.registered_capital").rows)
    big = max(caps, key=caps.get)
    assert ans.error is None and ans.confidence >= engine.trust, (ans.cypher, ans.unexplained)
    assert ans.rows[0][0] == big and abs(ans.rows[0][-1] - (max(caps.values()) - min(caps.values()))) < 1e-6, ans.rows


def test_the_other_share_class_of_the_fund_discussed(engine):
    s = _after(engine, "易方达蓝筹精选混合A规模多少")
    ans = s.ask("C类呢")
    assert "易方达蓝筹精选混合C" in ans.resolved_question, ans.resolved_question
    _answers(engine, ans, "MATCH (f:public_offering_fund {name: '易方达蓝筹精选混合C'}) RETURN f.scale")


@pytest.mark.parametrize("question, piece, tail", [
    ("指数基金里规模最大的是哪只", "指数", "RETURN f.name ORDER BY f.scale DESC, f.name LIMIT 1"),
    ("新能源主题的基金有几只", "新能源", "RETURN count(f)"),
    ("红利类基金哪些在开放申购", "红利", "AND f.sales_status = '开放申购' RETURN f.name"),
    ("名字里带债券的基金", "债券", "RETURN f.name"),  # said by the contains rule: one condition, not two
])
def test_a_kind_of_fund_said_by_a_piece_of_its_names(engine, question, piece, tail):
    _same(engine, question, f"MATCH (f:public_offering_fund) WHERE f.name CONTAINS '{piece}' {tail}",
          ordered="ORDER" in tail)


def test_ji_for_jijin_only_after_what_counts_or_manages_funds(engine):
    _same(engine, "马超管的基规模加起来多少",
          "MATCH (:fund_manager {name: '马超'})-[:manage]->(f:public_offering_fund) RETURN sum(f.scale)")
    ans = engine.ask("隆基今天收盘多少")  # a stock's short name ending in 基 stays the stock
    assert ans.error is None and "隆基绿能" in ans.interpretation, (ans.interpretation, ans.error)


def test_he_after_a_manager_answered_reaches_his_funds(engine):
    s = _after(engine, "马超是什么学历")
    ans = s.ask("他管的基金一共多大规模")
    assert "马超" in ans.resolved_question and ans.confidence >= engine.trust, (ans.resolved_question, ans.confidence)
    _answers(engine, ans, "MATCH (:fund_manager {name: '马超'})-[:manage]->(f:public_offering_fund) RETURN sum(f.scale)")


def test_the_one_a_ranking_picked_said_again_by_its_ranking(engine):
    s = _after(engine, "锂电池的上游有哪些", "这几个规模分别多少")
    ans = s.ask("最大那个关联了哪些股票")  # no 的: the one picked, then asked about
    top = engine.store.run("MATCH (u:industry)-[:affect]->(:industry {name: '锂电池'}) "
                           "RETURN u.name ORDER BY u.scale DESC LIMIT 1").rows[0][0]
    assert top in ans.resolved_question, ans.resolved_question
    s.ask("这些股票今天谁涨得最多")
    best = s.turns[-1].answered[0].name
    vol = s.ask("涨最猛那只今天成交量多少")  # the one the turn before picked, named by its ranking again
    assert best in vol.resolved_question and vol.confidence >= engine.trust, (vol.resolved_question, vol.confidence)
    _answers(engine, vol, f"MATCH (:stock {{name: '{best}'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                          "RETURN d.volume")


def test_a_figure_of_the_stake_stays_with_the_ranking_of_holders(engine):
    s = _after(engine, "贵州茅台的股东有哪些")
    ans = s.ask("持股最多那个占流通股多少")  # the holder's stake in 茅台, not in everything it holds
    _answers(engine, ans, "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '贵州茅台'}) "
                          "WITH r ORDER BY r.shareholding_ratio DESC, h.name LIMIT 1 RETURN r.circulation_shareholding_ratio")


def test_who_served_longer_of_the_two_chairmen_discussed(engine):
    s = _after(engine, "招商银行董事长是谁", "工商银行呢")
    ans = s.ask("这俩谁干得更久")
    _answers(engine, ans, "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name IN ['招商银行', '工商银行'] "
                          "AND c.departure_date IS NULL RETURN c.name ORDER BY c.appointment_date, c.name")
    assert ans.confidence >= engine.trust, ans.confidence


def test_news_sentiment_of_the_stock_discussed(engine):
    s = _after(engine, "中信证券今天收盘多少")
    ans = s.ask("有利空吗")  # a value of its news link: its news, not the market's
    assert "中信证券" in ans.resolved_question and ans.error is None, (ans.resolved_question, ans.error)
    both = s.ask("它家有啥新闻 利好还是利空")  # which one each is: the link's own column
    assert both.confidence >= engine.trust, (both.confidence, both.unexplained)
    _answers(engine, both, "MATCH (:stock {name: '中信证券'})-[r:involve]->(i:information) RETURN i.name, r.tendency")


def test_by_how_much_after_which_of_two(engine):
    s = _after(engine, "招商银行和工商银行今天谁涨得多")
    ans = s.ask("差几个点")
    ranges = [r[0] for r in engine.store.run(f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN "
                                             f"['招商银行', '工商银行'] AND d.date = {T} RETURN d.range").rows]
    assert ans.error is None and ans.confidence >= engine.trust, (ans.resolved_question, ans.confidence)
    assert abs(ans.rows[0][-1] - (max(ranges) - min(ranges))) < 1e-6, ans.rows


@pytest.mark.parametrize("question, gold", [
    ("2023年一共发了多少只新股", "MATCH (n:new_stock) WHERE n.online_release_date >= date('2023-01-01') "
                          "AND n.online_release_date <= date('2023-12-31') RETURN count(n)"),
    ("去年发行量最大的新股", "MATCH (s:stock)-[:originate_from]->(n:new_stock) WHERE n.online_release_date >= "
                    "date('2023-01-01') AND n.online_release_date <= date('2023-12-31') "
                    "RETURN s.name ORDER BY n.amount DESC, s.name LIMIT 1"),
    ("新股平均发行多少万股", "MATCH (n:new_stock) RETURN avg(n.amount)"),
])
def test_new_issues_over_a_period_by_their_release_day(engine, question, gold):
    _same(engine, question, gold)


def test_a_follow_up_that_swaps_the_day_and_counts(engine):
    s = _after(engine, "今天上涨的银行股有哪些")
    _answers(engine, s.ask("那昨天的有几只"),
             "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(d:stock_data) "
             "WHERE d.date = date('2024-03-14') AND d.range > 0 RETURN count(DISTINCT s)", sure=True)


def test_the_other_end_of_a_ranking_asked_after_a_turn_about_the_one_it_picked(engine):
    s = _after(engine, "今天哪个板块涨得最多", "这个板块里涨停的有几只")
    ans = s.ask("跌最多的板块呢")  # the boards ranked again, not the stocks inside the one discussed
    _answers(engine, ans, f"MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} "
                          "RETURN t.name ORDER BY d.range, t.name LIMIT 1")


def test_among_the_ones_counted_asked_with_no_shape_is_counted_again(engine):
    s = _after(engine, "基金经理里女的有几个")
    ans = s.ask("其中博士呢")
    _answers(engine, ans, "MATCH (m:fund_manager) WHERE m.sex = '女' AND m.degree = '博士' RETURN count(m)")


def test_a_new_issue_listed_by_its_stock_shows_its_own_code_beside(engine):
    ans = engine.ask("哪只新股发行量最大")
    name, code = engine.store.run("MATCH (s:stock)-[:originate_from]->(n:new_stock) "
                                  "RETURN s.name, n.code ORDER BY n.amount DESC, s.name LIMIT 1").rows[0]
    assert ans.rows and ans.rows[0][0] == name and code in ans.rows[0], (ans.columns, ans.rows)
    assert len(engine.ask("新股平均发行多少万股").rows) == 1  # an average stays one number


def test_an_average_over_named_boards_is_over_their_stocks(engine):
    _same(engine, "医药和中药板块今天平均涨跌幅各是多少",
          "MATCH (s:stock)-[:belong_to]->(t:trade), (s)-[:has_stock_data]->(d:stock_data) WHERE t.name IN ['医药', '中药'] "
          f"AND d.date = {T} RETURN t.name, avg(d.range)")
    # a stock's own average stays its own rows (not its board's)
    _same(engine, "贵州茅台本周平均收盘价", "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) "
                                   "WHERE d.date >= date('2024-03-11') AND d.date <= date('2024-03-15') RETURN avg(d.closing_price)")


def test_a_total_listed_per_thing_of_the_kind_already_said(engine):
    _same(engine, "银行股2023年净利润合计 按公司列一下",
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2023 RETURN s.name, sum(f.net_profit)")


@pytest.mark.parametrize("question, gold", [
    ("上周每天都上涨的股票", "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-04') "
                      "AND d.date <= date('2024-03-10') WITH s, min(d.range) AS low WHERE low > 0 RETURN s.name"),
    ("2023年四个季度都盈利的银行股", "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), "
                           "(s)-[:has_stock_financial_information]->(f:stock_financial_information) WHERE f.year = 2023 "
                           "WITH s, min(f.net_profit) AS low WHERE low > 0 RETURN s.name"),
    ("这周每天都涨的有几只", "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
                    f"AND d.date <= {T} WITH s, min(d.range) AS low WHERE low > 0 RETURN count(s)"),
])
def test_every_dated_row_of_the_period_meets_the_condition(engine, question, gold):
    _same(engine, question, gold)


def _listed(engine, name: str) -> str:
    day = engine.store.run(f"MATCH (:stock {{name: '{name}'}})-[o:originate_from]->(:new_stock) "
                           "RETURN o.marketing_time").rows[0][0]
    return str(day)[:10]


def test_since_the_day_it_listed(engine):
    day = _listed(engine, "振华通讯")
    _same(engine, "振华通讯上市以来涨了多少",
          "MATCH (s:stock {name: '振华通讯'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
          f"WHERE a.date = date('{day}') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")


def test_the_day_it_listed_asked_after_a_turn_about_it(engine):
    day = _listed(engine, "振华通讯")
    s = _after(engine, "振华通讯是哪天上市的")
    ans = s.ask("上市当天涨了多少")
    _answers(engine, ans, f"MATCH (:stock {{name: '振华通讯'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('{day}') "
                          "RETURN d.range")
    assert ans.confidence >= engine.trust, (ans.resolved_question, ans.confidence, ans.unexplained)


def test_two_answers_added_up(engine):
    s = _after(engine, "易方达蓝筹精选混合A规模多少", "C类呢")
    ans = s.ask("两个加起来")
    _answers(engine, ans, "MATCH (f:public_offering_fund) WHERE f.name IN ['易方达蓝筹精选混合A', '易方达蓝筹精选混合C'] "
                          "RETURN sum(f.scale)")
    # two figures each (规模和净值): which one to add is not said — not computed from a guess
    s = _after(engine, "易方达蓝筹精选混合A规模和净值", "C类呢")
    guess = s.ask("两个加起来")
    assert guess.kind != "arithmetic" or guess.confidence < engine.trust, (guess.rows, guess.confidence)


@pytest.mark.parametrize("question", ["王明管的那几只基金净值都多少", "王明管理的基金净值分别多少"])
def test_the_funds_a_manager_runs_each_shown_with_its_figure(engine, question):
    _same(engine, question, "MATCH (:fund_manager {name: '王明'})-[:manage]->(f:public_offering_fund) RETURN f.name, f.net_worth")


@pytest.mark.parametrize("question, gold", [
    ("宁德时代MTD", "MATCH (s:stock {name: '宁德时代'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
               f"WHERE a.date = date('2024-02-29') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100"),
    ("比亚迪 WoW", "MATCH (s:stock {name: '比亚迪'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
                 f"WHERE a.date = date('2024-03-08') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100"),
    ("券商板块今天 开高低收", "MATCH (:trade {name: '券商'})-[:has_trade_data]->(d:trade_data) "
                    f"WHERE d.date = {T} RETURN d.opening_price, d.maximum_price, d.minimum_price, d.closing_price"),
    ("大成医疗健康股票A 认购时间", "MATCH (f:public_offering_fund {name: '大成医疗健康股票A'}) "
                        "RETURN f.subscription_start_time, f.subscription_end_time"),
    ("银行股里一股最便宜的", "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(d:stock_data) "
                   f"WHERE d.date = {T} RETURN s.name ORDER BY d.closing_price, s.name LIMIT 1"),
    ("比亚迪23Q3净利润", "MATCH (:stock {name: '比亚迪'})-[:has_stock_financial_information]->(f:stock_financial_information) "
                  "WHERE f.year = 2023 AND f.quarter = 3 RETURN f.net_profit"),
])
def test_desk_shorthands(engine, question, gold):
    _same(engine, question, gold, ordered="LIMIT" in gold)


@pytest.mark.parametrize("question, gold, ordered", [
    ("中国平安的大股东是谁", "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '中国平安'}) "
                    "RETURN h.name ORDER BY r.shareholding_ratio DESC, h.name LIMIT 1", True),
    ("社保一一八组合 持了哪些", "MATCH (h:stockholder)-[:is_stockholder_of]->(s:stock) WHERE h.name CONTAINS '一一八' "
                      "RETURN s.name", False),
    ("哪个基金最小", "MATCH (f:public_offering_fund) RETURN f.name ORDER BY f.scale, f.name LIMIT 1", True),
    ("认购期的基金哪只最晚截止", "MATCH (f:public_offering_fund) WHERE f.sales_status = '认购期' "
                       "RETURN f.name ORDER BY f.subscription_end_time DESC, f.name LIMIT 1", True),
    ("各上市板块 票数", "MATCH (s:stock) RETURN s.listed_sector, count(s)", False),
    ("我在看易方达蓝筹精选混合A 它是谁管的", "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '易方达蓝筹精选混合A'}) "
                                "RETURN m.name", False),
])
def test_the_student_and_the_desk(engine, question, gold, ordered):
    _same(engine, question, gold, ordered)


def test_its_chairman_after_a_turn_about_the_stock(engine):
    s = _after(engine, "五粮液今天是涨了还是跌了")
    ans = s.ask("它家董事长是男的女的")
    _answers(engine, ans, "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '五粮液'}) WHERE c.departure_date IS NULL "
                          "RETURN c.name, c.sex")


@pytest.mark.parametrize("question, word", [
    ("创业板 注册资本5亿-20亿之间的 有几家", ""),  # the range is not read: not answered as if it were
    ("锂矿下游有哪些产业 对应哪些公司", "公司"),  # the companies matched, never shown
])
def test_what_the_answer_leaves_out_is_flagged(engine, question, word):
    ans = engine.ask(question)
    assert ans.error is not None or ans.confidence < engine.trust, (ans.cypher, ans.confidence)
    if ans.error is None and word:
        assert any(word in n for n in ans.notes), ans.notes


@pytest.mark.parametrize("question", ["白酒板块都有哪几只股票", "北交所有哪几家公司"])
def test_which_ones_and_the_first_few_are_no_count(engine, question):
    ans = engine.ask(question)
    assert ans.error is None and ans.confidence >= engine.trust and ans.rows, (ans.confidence, ans.notes)


@pytest.mark.parametrize("question, gold, ordered", [
    ("江苏的银行股 今天都怎么样", "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(d:stock_data) "
                       f"WHERE s.province = '江苏' AND d.date = {T} RETURN s.name, d.closing_price, d.range", False),
    ("工程机械 今天几涨几跌", "MATCH (s:stock)-[:belong_to]->(:trade {name: '工程机械'}), (s)-[:has_stock_data]->(d:stock_data) "
                     f"WHERE d.date = {T} RETURN sum(CASE WHEN d.range > 0 THEN 1 ELSE 0 END), "
                     "sum(CASE WHEN d.range < 0 THEN 1 ELSE 0 END)", False),
    ("银行板块的股票今天涨得多还是跌得多", "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(d:stock_data) "
                           f"WHERE d.date = {T} RETURN sum(CASE WHEN d.range > 0 THEN 1 ELSE 0 END), "
                           "sum(CASE WHEN d.range < 0 THEN 1 ELSE 0 END)", False),
    ("中央汇金持股比例最高的是哪只", "MATCH (:stockholder {name: '中央汇金投资有限责任公司'})-[r:is_stockholder_of]->(s:stock) "
                         "RETURN s.name, r.shareholding_ratio ORDER BY r.shareholding_ratio DESC, s.name LIMIT 1", True),
    ("挪威央行持有哪些股票", "MATCH (h:stockholder)-[:is_stockholder_of]->(s:stock) WHERE h.name STARTS WITH '挪威中央银行' "
                    "RETURN s.name", False),
    ("限制大额申购的混基有哪些", "MATCH (f:public_offering_fund) WHERE f.sales_status = '限制大额申购' AND f.name CONTAINS '混合' "
                      "RETURN f.name", False),
])
def test_subjects_said_apart_and_desk_words(engine, question, gold, ordered):
    _same(engine, question, gold, ordered)


def test_a_timeless_property_after_a_figure_of_a_day_drops_the_day(engine):
    s = _after(engine, "中国平安今天收盘多少")
    ans = s.ask("所在省份呢")
    assert ans.confidence >= engine.trust and "今天" not in ans.resolved_question, ans.resolved_question
    _answers(engine, ans, "MATCH (s:stock {name: '中国平安'}) RETURN s.province")


def test_the_same_quarter_of_another_year(engine):
    s = _after(engine, "五粮液去年第三季度净利润多少")
    ans = s.ask("前年同一个季度呢")
    _answers(engine, ans, "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->(f:stock_financial_information) "
                          "WHERE f.year = 2022 AND f.quarter = 3 RETURN f.net_profit")


@pytest.mark.parametrize("question, listed, word", [
    ("北交所成立在2010年后的有几只", "MATCH (s:stock) WHERE s.listed_sector = '北交所' RETURN s.name", "几只"),
    ("北交所有哪几只", "MATCH (s:stock) WHERE s.listed_sector = '北交所' RETURN s.name", None),
])
def test_a_count_asked_and_a_list_answered_is_flagged(engine, question, listed, word):
    ex = engine.lexicon.extract(question, engine.context(None).today, engine.trading_days)
    said = unexpressed(ex, parse(listed), engine.expressed)
    assert (word in said) if word else not any("几" in w for w in said), said


def test_funds_ranked_by_their_holdings_of_a_board_add_the_holdings_up(engine):
    _same(engine, "银行股持仓市值最多的3只基金",
          "MATCH (f:public_offering_fund)-[h:hold]->(s:stock)-[:belong_to]->(:trade {name: '银行'}) "
          "RETURN f.name, sum(h.position_amount) AS v ORDER BY v DESC, f.name LIMIT 3", ordered=True)


def test_a_ranking_with_its_count_said_apart_is_one_ranking(engine):
    _same(engine, "注册资本最大的公司 前4", "MATCH (s:stock) RETURN s.name, s.registered_capital "
                                       "ORDER BY s.registered_capital DESC, s.name LIMIT 4", ordered=True)


def test_a_ranking_asked_and_not_built_is_flagged(engine):
    ans = engine.ask("昨天行业 top5")
    assert ans.error is not None or ans.confidence < engine.trust or "LIMIT 5" in ans.cypher, ans.cypher


def test_the_first_one_of_a_list_as_it_was_shown(engine):
    s = _after(engine, "白酒板块有哪些股票")
    shown = s.turns[-1].answered[1].name
    ans = s.ask("第二个今天收盘多少")
    assert shown in ans.resolved_question, ans.resolved_question
    _answers(engine, ans, f"MATCH (:stock {{name: '{shown}'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                          "RETURN d.closing_price")


def test_a_reading_that_drops_a_word_ranks_below_one_that_keeps_it(engine):
    # 规模 is an industry's or a fund's: the industries' average drops the funds' 申购状态
    _same(engine, "各申购状态 平均规模", "MATCH (f:public_offering_fund) RETURN f.sales_status, avg(f.scale)")


def test_the_nth_of_an_empty_list_is_asked_back(engine):
    s = _after(engine, "今天涨停的股票有哪些", "里面哪些是银行股")
    assert s.turns[-1].rows == 0  # no bank among them
    ans = s.ask("第二只成交量多少")
    assert ans.error is not None or ans.confidence < engine.trust, ans.resolved_question


def test_the_same_figure_on_another_day_said_after_is_both_days(engine):
    _same(engine, "宁德时代昨天成交量多少 前天呢",
          "MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) "
          "WHERE d.date IN [date('2024-03-13'), date('2024-03-14')] RETURN d.date, d.volume ORDER BY d.date", ordered=True)


def test_the_most_things_per_value_of_a_property_said_after(engine):
    _same(engine, "基金经理数量最多的学历", "MATCH (m:fund_manager) RETURN m.degree, count(m) AS n ORDER BY n DESC, m.degree LIMIT 1",
          ordered=True)


def test_how_big_an_industry_is_its_scale(engine):
    _same(engine, "新能源汽车这个产业有多大", "MATCH (i:industry {name: '新能源汽车'}) RETURN i.scale")


def test_a_figure_then_against_another_day_is_no_list_of_both(engine):
    ans = engine.ask("中国平安上个月15号收盘多少 跟今天比呢")
    assert ans.error is not None or ans.confidence < engine.trust or "-" in ans.cypher, ans.cypher


@pytest.mark.parametrize("question", ["今天成交量最大和最小的券商股", "今天涨幅前5后5的银行股"])
def test_rankings_both_ways_answered_one_way_are_flagged(engine, question):
    ans = engine.ask(question)
    one_way = ans.cypher is not None and ans.cypher.count("LIMIT") < 2 and not ("max(" in ans.cypher and "min(" in ans.cypher)
    assert ans.error is not None or ans.confidence < engine.trust or not one_way, ans.cypher


def test_a_measure_highest_and_lowest_is_no_high_and_low_price(engine):
    ans = engine.ask("券商股今天涨幅最高和最低的")
    assert ans.cypher is None or "maximum_price" not in ans.cypher, ans.cypher


def test_the_largest_and_the_smallest_are_both_answered(engine):
    _same(engine, "注册资本最大和最小的公司",
          "MATCH (s:stock) WITH max(s.registered_capital) AS a, min(s.registered_capital) AS b "
          "MATCH (s:stock) WHERE s.registered_capital IN [a, b] RETURN s.name, s.registered_capital")


def test_who_manages_the_one_a_ranking_picked(engine):
    s = _after(engine, "规模最小的基金是哪只")
    picked = s.turns[-1].answered[0].name
    ans = s.ask("是谁管的")
    _answers(engine, ans, f"MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {{name: '{picked}'}}) RETURN m.name")


def test_two_figures_apart_with_growths_between_are_still_subtracted(engine):
    s = _after(engine, "五粮液2023年三季度单季净利润多少", "同比呢", "泸州老窖同期是多少")
    ans = s.ask("两家差多少")
    want = engine.store.run("MATCH (a:stock {name: '泸州老窖'})-[:has_stock_financial_information]->(x:stock_financial_information), "
                            "(b:stock {name: '五粮液'})-[:has_stock_financial_information]->(y:stock_financial_information) "
                            "WHERE x.year = 2023 AND x.quarter = 3 AND y.year = 2023 AND y.quarter = 3 "
                            "RETURN x.net_profit - y.net_profit")
    # 差多少 is how far apart: the size of the difference
    assert ans.error is None and ans.rows and abs(abs(float(ans.rows[0][-1])) - abs(want.rows[0][0])) < 1e-3 * abs(want.rows[0][0]), \
        (ans.resolved_question, ans.rows)


def test_one_of_several_figures_of_two_answers_is_subtracted(engine):
    s = _after(engine, "宁德时代今天的收盘价和成交量", "昨天呢")
    ans = s.ask("两天收盘价相差多少")
    want = engine.store.run("MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(a:stock_data), "
                            "(:stock {name: '宁德时代'})-[:has_stock_data]->(b:stock_data) "
                            f"WHERE a.date = {T} AND b.date = date('2024-03-14') RETURN abs(a.closing_price - b.closing_price)")
    assert ans.error is None and ans.rows and abs(float(ans.rows[0][-1]) - want.rows[0][0]) < 1e-6, (ans.resolved_question, ans.rows)


def test_when_one_started_in_office(engine):
    s = _after(engine, "工商银行的董事长是谁")
    ans = s.ask("他哪年开始当的")
    assert ans.confidence >= engine.trust, (ans.resolved_question, ans.notes)
    _answers(engine, ans, "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '工商银行'}) WHERE c.departure_date IS NULL "
                          "RETURN c.name, c.appointment_date")


def test_a_boards_level_is_its_close(engine):
    _same(engine, "银行板块昨天点位", "MATCH (t:trade {name: '银行'})-[:has_trade_data]->(d:trade_data) "
                                 "WHERE d.date = date('2024-03-14') RETURN d.closing_price")


@pytest.mark.parametrize("question, gold", [
    ("招商银行今天量多少", f"MATCH (:stock {{name: '招商银行'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.volume"),
    ("招商银行昨天跌多少", "MATCH (:stock {name: '招商银行'})-[:has_stock_data]->(d:stock_data) "
                      "WHERE d.date = date('2024-03-14') RETURN d.range"),
    ("两市今天涨停几家", f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.raising_limit "
                     "RETURN count(DISTINCT s)"),
])
def test_trader_shorthands_for_volume_a_days_move_and_the_market(engine, question, gold):
    _same(engine, question, gold)


def test_a_named_holiday_starts_a_period(engine):
    # the October break ended on 2023-10-09: 国庆后 counts from the close before it
    _same(engine, "国庆节以后招商银行涨了多少",
          "MATCH (s:stock {name: '招商银行'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
          f"WHERE a.date = date('2023-09-28') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")


def test_how_long_a_chairman_has_been_in_office(engine):
    _same(engine, "招商银行董事长当了多久",
          "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '招商银行'}) WHERE c.departure_date IS NULL "
          f"RETURN c.name, {T} - c.appointment_date")


def test_a_chairmans_sex_said_as_man_or_woman(engine):
    _same(engine, "招商银行董事长是男是女",
          "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '招商银行'}) WHERE c.departure_date IS NULL RETURN c.sex")


def test_how_many_years_a_chairman_has_served_shows_the_day_it_counts_from(engine):
    _same(engine, "招商银行董事长干了几年了",
          "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '招商银行'}) WHERE c.departure_date IS NULL "
          f"RETURN c.name, c.appointment_date, ({T} - c.appointment_date) / 365.25")


def test_now_said_of_the_one_in_office_is_no_day_it_began(engine):
    _same(engine, "招商银行目前的董事长是什么时候上任的",
          "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '招商银行'}) WHERE c.departure_date IS NULL "
          "RETURN c.name, c.appointment_date")


def test_which_way_over_a_period_is_the_periods_change(engine):
    _same(engine, "招商银行上个月到底是涨了还是跌了",
          "MATCH (s:stock {name: '招商银行'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
          "WHERE a.date = date('2024-01-31') AND b.date = date('2024-02-29') "
          "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")


def test_how_much_it_rose_and_its_volume_are_both_shown(engine):
    _same(engine, "招商银行今天涨了多少 量多大",
          f"MATCH (:stock {{name: '招商银行'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.range, d.volume")


def test_which_day_after_a_question_about_one_thing_is_one_of_its_days(engine):
    s = _after(engine, "招商银行今天成交量多少")
    ans = s.ask("近一个月哪天成交量最大")
    _answers(engine, ans, "MATCH (:stock {name: '招商银行'})-[:has_stock_data]->(d:stock_data) "
                          "WHERE d.date >= date('2024-02-16') AND d.date <= date('2024-03-15') "
                          "RETURN d.date ORDER BY d.volume DESC LIMIT 1")


def test_it_after_which_board_one_company_is_in_is_still_the_company(engine):
    s = _after(engine, "招商银行是哪个板块的")
    _answers(engine, s.ask("它最近三天每天收盘多少"),
             "MATCH (:stock {name: '招商银行'})-[:has_stock_data]->(d:stock_data) "
             "WHERE d.date >= date('2024-03-13') AND d.date <= date('2024-03-15') RETURN d.date, d.closing_price")
    s = _after(engine, "招商银行是哪个板块的")
    _answers(engine, s.ask("它一共有几只股票"), "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}) RETURN count(s)")


def test_the_quarter_it_lost_most_is_its_lowest_profit(engine):
    _same(engine, "招商银行2023年哪个季度亏得最多",
          "MATCH (:stock {name: '招商银行'})-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2023 RETURN f.quarter ORDER BY f.net_profit LIMIT 1")


def test_a_years_profit_bounded_is_the_sum_of_its_quarters(engine):
    _same(engine, "2022年净利润小于零的公司",
          "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) WHERE f.year = 2022 "
          "WITH s, sum(f.net_profit) AS p WHERE p < 0 RETURN s.name, p")
    _same(engine, "2023年三季度净利润为负的公司",
          "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2023 AND f.quarter = 3 AND f.net_profit < 0 RETURN s.name")


def test_it_reaches_back_to_the_thing_an_earlier_turn_was_about(engine):
    s = _after(engine, "招商银行是哪个板块的", "这个板块今天涨了多少")
    _answers(engine, s.ask("有基金拿着它吗"),
             "MATCH (f:public_offering_fund)-[:hold]->(:stock {name: '招商银行'}) RETURN f.name")


def test_companies_counted_by_a_years_profit_bound(engine):
    _same(engine, "2022年净利润超过50亿的银行股有几只",
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2022 WITH s, sum(f.net_profit) AS p WHERE p > 5000000000 RETURN count(s)")


def test_a_count_over_several_years_each_is_one_count_a_year(engine):
    _same(engine, "2021到2023年每年三季度亏损的公司各有几家",
          "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year >= 2021 AND f.year <= 2023 AND f.quarter = 3 AND f.net_profit < 0 "
          "RETURN f.year, count(DISTINCT s) ORDER BY f.year", ordered=True)


def test_a_ranking_said_both_ways_keeps_its_direction(engine):
    _same(engine, "2022年四季度净利润最差的3家（亏得最多）",
          "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2022 AND f.quarter = 4 RETURN s.name ORDER BY f.net_profit, s.name LIMIT 3", ordered=True)


def test_the_day_it_fell_most_is_its_lowest_change(engine):
    _same(engine, "招商银行这礼拜哪天跌得最多",
          "MATCH (:stock {name: '招商银行'})-[:has_stock_data]->(d:stock_data) "
          f"WHERE d.date >= date('2024-03-11') AND d.date <= {T} RETURN d.date ORDER BY d.range LIMIT 1")


@pytest.mark.parametrize("question, tendency", [("招商银行有没有啥不好的消息", -1), ("招商银行最近有什么好消息", 1)])
def test_good_and_bad_news_are_its_news_by_how_they_bear_on_it(engine, question, tendency):
    _same(engine, question, f"MATCH (:stock {{name: '招商银行'}})-[r:involve]->(i:information) WHERE r.tendency = {tendency} "
                            "RETURN i.name")


def test_a_count_then_what_they_are_lists_them_too(engine):
    ans = engine.ask("王明管几只基金 都是啥")
    assert ans.confidence >= engine.trust and len(ans.columns) == 2, (ans.cypher, ans.columns)


def test_the_most_companies_top_five_provinces(engine):
    _same(engine, "上市公司最多的3个省", "MATCH (s:stock) RETURN s.province, count(s) AS n ORDER BY n DESC, s.province LIMIT 3",
          ordered=True)


def test_a_change_asked_over_a_period_alone_is_the_periods_change(engine):
    _same(engine, "招商银行年内涨幅",
          "MATCH (s:stock {name: '招商银行'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
          f"WHERE a.date = date('2023-12-29') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")


@pytest.mark.parametrize("question, order", [("今天领涨板块是哪个", "DESC"), ("今天领跌的板块是哪个", "ASC")])
def test_the_board_that_led_the_market_up_or_down(engine, question, order):
    _same(engine, question, f"MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} "
                            f"RETURN t.name ORDER BY d.range {order}, t.name LIMIT 1")


def test_any_new_issue_lately_is_the_newest_one(engine):
    _same(engine, "最近有新股发行吗",
          "MATCH (s:stock)-[:originate_from]->(n:new_stock) RETURN s.name ORDER BY n.online_release_date DESC, s.name LIMIT 1")


def test_who_suggested_it_and_how_big_or_dear_it_is_ask_its_figures(engine):
    _same(engine, "同事推荐华安大金融股票A 规模大不大 费用贵不贵",
          "MATCH (f:public_offering_fund {name: '华安大金融股票A'}) RETURN f.scale, f.management_fee")


def test_these_two_weeks_are_the_last_two_weeks(engine):
    _same(engine, "万科A这两个星期哪天收盘最低",
          "MATCH (s:stock {name: '万科A'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-02') "
          f"AND d.date <= {T} RETURN d.date ORDER BY d.closing_price, d.date LIMIT 1")


def test_how_many_bad_ones_counts_the_news(engine):
    _same(engine, "宁德时代利好的一共有几条",
          "MATCH (s:stock {name: '宁德时代'})-[i:involve]->(n:information) WHERE i.tendency = 1 RETURN count(DISTINCT n)")


def test_a_holder_is_found_by_its_nickname(engine):
    _same(engine, "国家大基金持股比例最高的是哪家",
          "MATCH (:stockholder {name: '国家集成电路产业投资基金股份有限公司'})-[r:is_stockholder_of]->(s:stock) "
          "RETURN s.name ORDER BY r.shareholding_ratio DESC, s.name LIMIT 1")


def test_a_ranking_over_names_listed_before_a_within_word_picks_one_of_them(engine):
    _same(engine, "五粮液、长江电力、美的集团里面中央汇金持股比例最高的",
          "MATCH (:stockholder {name: '中央汇金投资有限责任公司'})-[r:is_stockholder_of]->(s:stock) "
          "WHERE s.name IN ['五粮液', '长江电力', '美的集团'] RETURN s.name ORDER BY r.shareholding_ratio DESC, s.name LIMIT 1")


def test_the_last_one_of_a_sorted_list_is_its_last_row(engine):
    s = _after(engine, "白酒板块的股票今天按收盘价从高到低排")
    ans = s.ask("排最后那只今天涨了多少")
    _answers(engine, ans, "MATCH (s:stock)-[:belong_to]->(:trade {name: '白酒'}), (s)-[:has_stock_data]->(d:stock_data) "
                          f"WHERE d.date = {T} WITH s, d ORDER BY d.closing_price, s.name DESC LIMIT 1 RETURN d.range")


@pytest.mark.parametrize("question, prop", [("易方达蓝筹精选混合A认购到啥时候", "subscription_end_time"),
                                            ("易方达蓝筹精选混合A多会儿开始认购的", "subscription_start_time")])
def test_until_when_and_since_when_one_subscribes(engine, question, prop):
    _same(engine, question, f"MATCH (f:public_offering_fund {{name: '易方达蓝筹精选混合A'}}) RETURN f.{prop}")


def test_a_stocks_place_in_its_board_reads_the_stocks_own_rows(engine):
    """涨跌幅 beside 板块 is the stock's own change here: its place among the board's stocks."""
    ans = engine.ask("宁德时代今天的涨跌幅在电池板块里排第几")
    want = engine.store.run(
        "MATCH (t:trade {name: '电池'})<-[:belong_to]-(x:stock {name: '宁德时代'})-[:has_stock_data]->(xd:stock_data) "
        f"WHERE xd.date = {T} MATCH (t)<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) "
        f"WHERE d.date = {T} AND d.range > xd.range RETURN count(DISTINCT s) + 1")
    assert ans.error is None and ans.confidence >= engine.trust, (ans.cypher, ans.confidence)
    assert want.rows[0][0] in [r[-1] for r in ans.rows], (ans.cypher, ans.rows, want.rows)


def test_each_of_a_boards_stocks_gets_its_own_years_total(engine):
    _same(engine, "煤炭板块每只股票2022年全年净利润",
          "MATCH (:trade {name: '煤炭'})<-[:belong_to]-(s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2022 RETURN s.name, sum(f.net_profit)")
    _same(engine, "煤炭板块个股今天平均涨跌幅",
          f"MATCH (:trade {{name: '煤炭'}})<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
          "RETURN avg(d.range)")


def test_a_pronoun_after_a_clause_asking_which_one_is_that_one(engine):
    """规模最小的基金是哪只，它的净值多少: 它 is the fund the first clause asks for — asked on its
    own or in a conversation about something else."""
    gold = "MATCH (f:public_offering_fund) RETURN f.name, f.net_worth ORDER BY f.scale, f.name LIMIT 1"
    _same(engine, "规模最小的基金是哪只，它的净值多少", gold)
    _answers(engine, _after(engine, "五粮液今天收盘多少").ask("规模最小的基金是哪只，它的净值多少"), gold)


@pytest.mark.parametrize("question, shown", [("600036是谁家的代码？？刚开户看不懂", "招商银行"),
                                             ("五粮液泸州老窖是四川的吧 你给我瞅一眼", True)])
def test_an_aside_is_no_reason_to_refuse(engine, question, shown):
    """刚开户看不懂 beside the question: answered (its words keep it unsure), not refused."""
    ans = engine.ask(question)
    assert ans.error is None and any(shown in row for row in ans.rows), (ans.error, ans.rows[:3])


@pytest.mark.parametrize("question", ["易方达蓝筹跌了这么多 要不要再买点", "北向资金今天买了啥"])
def test_advice_or_missing_data_said_apart_is_still_refused(engine, question):
    """A part that asks (要不要, 啥) is no aside: advice and money flows are still refused."""
    assert engine.ask(question).error is not None


def test_a_figure_asked_for_each_day_answered_once_is_flagged(engine):
    """本周每天涨停家数: one count over the week is not each day's — said, not silent."""
    ans = engine.ask("本周 每天涨停家数 分别多少 list一下")
    assert ans.error is None and ans.confidence < engine.trust, (ans.confidence, ans.cypher)


def test_of_them_the_kind_said_asks_which_ones(engine):
    """其中白酒的有吗 after a list: those of them in the board (a list, none is no), not yes or no."""
    s = _after(engine, "安徽的上市公司有哪些？？list")
    _answers(engine, s.ask("其中白酒的有吗～"),
             "MATCH (s:stock)-[:belong_to]->(:trade {name: '白酒'}) WHERE s.province = '安徽' RETURN s.name")


def test_a_period_against_a_period_not_built_is_flagged(engine):
    """这礼拜成交量比上礼拜大还是小 answered with this week's days: the comparison is unused — said."""
    ans = engine.ask("宁德时代这礼拜成交量比上礼拜大还是小")
    assert ans.error is not None or ans.confidence < engine.trust, (ans.confidence, ans.cypher)


def test_a_bound_on_times_is_said_by_its_column(engine):
    """至少涨停两次: what was understood says 次数 不低于 2, the column the answer shows."""
    ans = engine.ask("3月1日至3月8日至少涨停两次的股票")
    assert "次数 不低于 2" in ans.interpretation and "次数" in ans.columns, ans.interpretation


def test_yes_or_no_before_a_question_mark_and_an_aside(engine):
    """涨停了没？？谁懂啊我没上车: yes or no of the day, the aside aside."""
    _answers(engine, engine.ask("科大讯飞今天涨停了没？？谁懂啊我没上车"),
             f"MATCH (:stock {{name: '科大讯飞'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.raising_limit")


@pytest.mark.parametrize("name, question, op, year, quarter", [
    ("牧原股份", "牧原股份前年一季度亏没亏 猪肉那阵子贼便宜", "<", 2022, 1),
    ("隆基绿能", "隆基绿能去年四季度是不是亏了老鼻子钱了", "<", 2023, 4),
    ("比亚迪", "比亚迪去年四季度赚没赚钱", ">", 2023, 4)])
def test_lost_or_made_money_is_yes_or_no(engine, name, question, op, year, quarter):
    """亏没亏 / 是不是亏了 / 赚没赚钱: yes or no of the quarter's profit against zero, not the profit listed."""
    _answers(engine, engine.ask(question),
             f"MATCH (:stock {{name: '{name}'}})-[:has_stock_financial_information]->(f:stock_financial_information) "
             f"WHERE f.year = {year} AND f.quarter = {quarter} RETURN f.net_profit {op} 0")


def test_days_it_rose_are_counted_not_the_stock(engine):
    """有多少天是涨的: the number of days of the year it rose — not the stocks (or boards) that rose."""
    _answers(engine, engine.ask("去年一年茅台有多少天是涨的 我寻思一半都不到"),
             "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2023-01-01') "
             "AND d.date <= date('2023-12-31') AND d.range > 0 RETURN count(d)")


def test_two_counts_then_a_clause_of_filler_words(engine):
    """涨了几天跌了几天 你给我数数: the filler clause asks nothing; both counts answered."""
    ans = engine.ask("紫金矿业去年一年涨了几天跌了几天 你给我数数")
    up, down = (engine.store.run("MATCH (:stock {name: '紫金矿业'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= "
                                 f"date('2023-01-01') AND d.date <= date('2023-12-31') AND d.range {op} 0 RETURN count(d)"
                                 ).rows[0][0] for op in (">", "<"))
    assert ans.error is None and ans.rows and {up, down} <= set(ans.rows[0]), (ans.error, ans.rows)


@pytest.mark.parametrize("question", ["爱尔眼科今年以来最高价 最低价 分别多少？？", "爱尔眼科今年以来最高多少最低多少"])
def test_a_periods_high_and_low_asked_together(engine, question):
    """最高价 最低价 分别多少 over a period: its highest high and its lowest low, both shown."""
    ans = engine.ask(question)
    want = engine.store.run("MATCH (:stock {name: '爱尔眼科'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= "
                            "date('2024-01-01') RETURN max(d.maximum_price), min(d.minimum_price)").rows[0]
    assert ans.error is None and ans.confidence >= engine.trust and set(want) <= set(ans.rows[0]), (ans.cypher, ans.rows)


def test_red_or_green_is_which_way_it_went(engine):
    """红了还是绿了 after the close: the day's change is shown with the close, understood whole."""
    ans = engine.ask("茅台昨天收了多少？？红了还是绿了")
    want = engine.store.run("MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) "
                            "WHERE d.date = date('2024-03-14') RETURN d.closing_price, d.range").rows[0]
    assert ans.confidence >= engine.trust and set(want) <= set(ans.rows[0]), (ans.cypher, ans.rows)


def test_more_rose_or_more_fell_counts_both(engine):
    """红的多还是绿的多 各几只: how many rose and how many fell today, side by side."""
    ans = engine.ask("家人们今天红的多还是绿的多 各几只")
    up, down = (engine.store.run(f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                                 f"AND d.range {op} 0 RETURN count(s)").rows[0][0] for op in (">", "<"))
    assert ans.error is None and list(ans.rows[0]) == [up, down], (ans.cypher, ans.rows)


def test_a_calendar_weeks_change_is_the_weeks_not_each_days(engine):
    """白酒板块本周涨跌幅, then 上周: the change over each week (close to close), not the days listed;
    每天的涨跌幅 still lists the days."""
    week = ("MATCH (t:trade {name: '白酒'})-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
            "WHERE a.date = date('%s') AND b.date = date('%s') RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")
    s = engine.session()
    _answers(engine, s.ask("白酒板块本周涨跌幅"), week % ("2024-03-08", "2024-03-15"))
    _answers(engine, s.ask("上周"), week % ("2024-03-01", "2024-03-08"))
    assert len(engine.ask("白酒板块本周每天的涨跌幅").rows) == 5


def test_this_person_and_ta_point_at_the_person_answered(engine):
    """A的经理是谁 after both share classes asks of A; ta还管啥 then lists that manager's other funds."""
    s = _after(engine, "中欧科技创新混合A 和 C 管理费 规模 净值 都比一下")
    _answers(engine, s.ask("A的经理是谁"), "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund "
                                        "{name: '中欧科技创新混合A'}) RETURN m.name")
    _answers(engine, s.ask("ta还管啥"), "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '中欧科技创新混合A'}) "
                                      "MATCH (m)-[:manage]->(f:public_offering_fund) WHERE f.name <> '中欧科技创新混合A' "
                                      "RETURN f.name")
    s = _after(engine, "易方达消费升级股票A谁管的")
    assert "李丽华" in s.ask("这人还管啥基金").resolved_question


def test_other_companies_of_a_chairman_leave_out_the_one_asked(engine):
    """他还管着别的公司不 after 宁德时代的董事长: his other companies, not 宁德时代 again."""
    ans = _after(engine, "宁德时代的董事长是谁").ask("他还管着别的公司不")
    assert ans.error is None and all("宁德时代" not in row for row in ans.rows), (ans.resolved_question, ans.cypher)
    assert "宁德时代" in ans.resolved_question and "<>" in ans.cypher


def test_a_count_in_each_of_two_clauses_counts_each(engine):
    """女基金经理有几个 博士有几个: two counts, each of its own condition — not one count of both."""
    ans = engine.ask("女基金经理有几个 博士有几个")
    want = engine.store.run("MATCH (m:fund_manager) RETURN count(CASE WHEN m.sex = '女' THEN 1 END), "
                            "count(CASE WHEN m.degree = '博士' THEN 1 END)").rows[0]
    assert ans.error is None and list(ans.rows[0]) == list(want), (ans.cypher, ans.rows)


@pytest.mark.parametrize("question", ["管理费最低的几只基金？前三～", "前三 管理费最低的基金"])
def test_a_few_of_the_lowest_then_how_many(engine, question):
    """最低的几只基金？前三: the three lowest (几只 is no count; 前三 ranks the superlative's way)."""
    _same(engine, question, "MATCH (f:public_offering_fund) RETURN f.name ORDER BY f.management_fee, f.name LIMIT 3",
          ordered=True)


def test_yes_or_no_of_one_figure_shows_the_figure(engine):
    """是不是亏了 of one quarter, 涨幅超过1%了吗 of one day: whether it did, beside the figure itself."""
    _answers(engine, engine.ask("隆基那个 去年四季度是不是亏了老鼻子钱了"),
             "MATCH (:stock {name: '隆基绿能'})-[:has_stock_financial_information]->(f:stock_financial_information) "
             "WHERE f.year = 2023 AND f.quarter = 4 RETURN f.net_profit, f.net_profit < 0")
    _answers(engine, engine.ask("茅台今天涨幅超过1%了吗"),
             f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.range, d.range > 1")


def test_counted_by_board_is_a_count_per_board(engine):
    """今天涨停的 按板块数一下: how many limit-ups in each board (数 counts here), not the boards listed."""
    _same(engine, "今天涨停的 按板块数一下",
          f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.raising_limit = true "
          "MATCH (s)-[:belong_to]->(t:trade) RETURN t.name, count(DISTINCT s)")


@pytest.mark.parametrize("question, word", [("回购股份的新闻 都是哪些公司", "回购"), ("股东减持的新闻都有谁家", "减持")])
def test_a_news_keyword_said_with_its_neighbour_searches_the_keyword(engine, question, word):
    """回购股份的新闻 (a keyword and the word the titles say with it), 都有谁家: the companies
    of every title holding the keyword — understood whole, not flagged for 股份."""
    _same(engine, question, f"MATCH (s:stock)-[:involve]->(i:information) WHERE i.name CONTAINS '{word}' RETURN s.name")


def test_the_same_weekday_a_week_back(engine):
    """上礼拜同一天呢 after a question of one day: the same question a week before that day."""
    s = _after(engine, "紫金矿业3月13号涨了几个点")
    _answers(engine, s.ask("上礼拜同一天呢"), "MATCH (:stock {name: '紫金矿业'})-[:has_stock_data]->(d:stock_data) "
                                         "WHERE d.date = date('2024-03-06') RETURN d.range")


CHANGE_SINCE = ("MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
                "WHERE s.name IN %s AND a.date = date('2023-12-29') AND b.date = date('2024-03-15') "
                "RETURN s.name, (b.closing_price - a.closing_price) / a.closing_price * 100")


def test_two_things_change_over_a_period_a_row_each(engine):
    """古井贡酒和山西汾酒今年以来涨了多少: each one's change (it answered the first one's alone, sure)."""
    _same(engine, "古井贡酒和山西汾酒 今年以来 涨跌幅是多少", CHANGE_SINCE % "['古井贡酒', '山西汾酒']")


def test_vs_another_one_then_asks_of_both(engine):
    """vs 山西汾酒 呢 after one stock's change: both of them, not the new one in its place."""
    s = _after(engine, "古井贡酒 今年以来 涨跌pct")
    _answers(engine, s.ask("vs 山西汾酒 呢"), CHANGE_SINCE % "['古井贡酒', '山西汾酒']")


def test_every_quarter_said_with_all(engine):
    """四个季度全部盈利的白酒股: profitable in each quarter (全部 is 都), not any quarter's rows."""
    _same(engine, "2023年四个季度全部盈利的白酒股",
          "MATCH (t:trade {name: '白酒'})<-[:belong_to]-(s:stock)-[:has_stock_financial_information]->"
          "(f:stock_financial_information) WHERE f.year = 2023 WITH s, min(f.net_profit) AS low, count(f) AS n "
          "WHERE low > 0 RETURN s.name")


def test_its_place_in_the_ranking_before(engine):
    """中信证券排第几 after a board's stocks ranked by today's change: its place in that list, counted from it."""
    s = _after(engine, "券商板块今天个股涨跌幅排名")
    names = [r[0] for r in s.turns[-1:] and engine.store.run(
        f"MATCH (s:stock)-[:belong_to]->(:trade {{name: '券商'}}) MATCH (s)-[:has_stock_data]->(d:stock_data) "
        f"WHERE d.date = {T} RETURN s.name ORDER BY d.range DESC, s.name").rows]
    name = names[-1]
    ans = s.ask(f"{name}排第几")
    assert ans.rows == [[len(names)]] and name in ans.interpretation, (ans.resolved_question, ans.rows)


def test_an_amount_asked_that_no_column_shows_is_flagged(engine):
    """回购多少亿 beside the companies of buy-back news: no column holds an amount — said, not silent."""
    ans = engine.ask("回购股份的新闻 都是哪些公司 回购多少亿 list一下")
    assert ans.error is not None or ans.confidence < engine.trust, (ans.confidence, ans.cypher)


def test_a_correction_then_three_pointed_at_with_their_kind(engine):
    """不是不是 我说的是格力 格力电器: the question before, of 格力电器 (格力 said first, then in full);
    美的呢 美的集团; then 这仨家电的 今年以来谁涨最多: the three stocks, 家电 only saying their kind."""
    s = _after(engine, "帮我瞅瞅那个海尔智家今天收多少")
    _answers(engine, s.ask("不是不是 我说的是格力 格力电器"),
             f"MATCH (:stock {{name: '格力电器'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price")
    s.ask("美的呢 美的集团")
    _answers(engine, s.ask("这仨家电的 今年以来谁涨最多"),
             "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
             "WHERE s.name IN ['海尔智家', '格力电器', '美的集团'] AND a.date = date('2023-12-29') AND b.date = "
             f"{T} RETURN s.name ORDER BY (b.closing_price - a.closing_price) / a.closing_price DESC")


def test_one_more_added_then_an_ask_of_its_own(engine):
    """加上浦发银行 三家 今天收盘avg after two banks compared: today's average close of all three —
    not the question before asked again."""
    s = _after(engine, "招行 vs 兴业银行 注册资本", "今年以来涨幅呢 谁更猛！！")
    _answers(engine, s.ask("加上浦发银行 三家 今天收盘avg"),
             "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['招商银行', '兴业银行', '浦发银行'] "
             f"AND d.date = {T} RETURN avg(d.closing_price)")


def test_a_days_close_and_change_asked_again_of_a_period(engine):
    """光伏设备板块今天收多少 涨跌几个点, then 年内呢: the change over the year so far (its close in it),
    not every day's row."""
    s = _after(engine, "光伏设备板块今天收多少 涨跌几个点")
    _answers(engine, s.ask("年内呢"),
             "MATCH (t:trade {name: '光伏设备'})-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
             f"WHERE a.date = date('2023-12-29') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")


def test_dearest_stock_and_cheapest_fund(engine):
    """哪只股票最贵 is the highest close; 管理费最便宜的基金 is the lowest fee, no price."""
    _same(engine, "今天哪只股票最贵",
          f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN s.name "
          "ORDER BY d.closing_price DESC, s.name LIMIT 1")
    _same(engine, "管理费最便宜的5只基金",
          "MATCH (f:public_offering_fund) RETURN f.name ORDER BY f.management_fee, f.name LIMIT 5", ordered=True)


@pytest.mark.parametrize("question, gold", [
    ("五粮液琴日收市几多钱啊",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') RETURN d.closing_price"),
    ("比亚迪同长城汽车今日边个升得多啲",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['比亚迪', '长城汽车'] AND d.date = {T} "
     "RETURN s.name ORDER BY d.range DESC"),
    ("中欧医疗健康指数A而家仲买唔买得到",
     "MATCH (f:public_offering_fund {name: '中欧医疗健康指数A'}) RETURN f.sales_status"),
    ("有冇基金揸住宁德时代", "MATCH (f:public_offering_fund)-[:hold]->(:stock {name: '宁德时代'}) RETURN f.name"),
    ("啲券商股今日边只升得最犀利",
     f"MATCH (t:trade {{name: '券商'}})<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN s.name ORDER BY d.range DESC, s.name LIMIT 1"),
    ("宁德时代2023年第三季赚咗几多钱",
     "MATCH (:stock {name: '宁德时代'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 AND f.quarter = 3 RETURN f.net_profit"),
    ("今日跌得最惨嗰五只系边啲",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN s.name ORDER BY d.range, s.name LIMIT 5"),
    ("今日有冇板块升过3%嘅",
     f"MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} AND d.range > 3 RETURN t.name"),
    ("迈瑞医疗属咩板块", "MATCH (:stock {name: '迈瑞医疗'})-[:belong_to]->(t:trade) RETURN t.name"),
    ("招商银行最近有冇利好",
     "MATCH (:stock {name: '招商银行'})-[r:involve]->(i:information) WHERE r.tendency = 1 RETURN DISTINCT i.name"),
    ("白酒板块有边几只股", "MATCH (s:stock)-[:belong_to]->(:trade {name: '白酒'}) RETURN s.name"),
])
def test_cantonese_words_are_read_as_their_mandarin(engine, question, gold):
    """琴日 收市 几多 / 同 边个 升得多啲 / 而家 仲 买唔买得到 / 有冇 揸住: a Guangzhou user's words, read."""
    _answers(engine, engine.ask(question), gold)


def test_which_of_two_fell_more_is_the_lower_change(engine):
    """中国移动和中国石油今天哪个跌得多: the one whose change is lower (it was ranked the other way, sure)."""
    _same(engine, "中国移动和中国石油今天哪个跌得多",
          f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['中国移动', '中国石油'] AND d.date = {T} "
          "RETURN s.name ORDER BY d.range, s.name")


@pytest.mark.parametrize("question, name", [("重庆同信今天的收盘价是多少", "重庆通信"), ("跟招商银行同板块的公司有哪些", "招商银行")])
def test_tong_joins_only_things_compared(engine, question, name):
    """同 read as 和 only between two things compared (比亚迪同长城汽车边个升得多): a name's 同
    (重庆同信, typed for 重庆通信) and 同板块 (the same board) stay as they are."""
    ans = engine.ask(question)
    assert ans.error is None and name in ans.interpretation and ans.confidence >= engine.trust, (ans.error, ans.interpretation)


def test_a_difference_asked_and_not_taken_is_flagged(engine):
    """工业富联今天收盘和开盘差多少 answered with both figures side by side: the difference is not in it — said."""
    ans = engine.ask("工业富联今天收盘和开盘差多少")
    assert ans.error is not None or ans.confidence < engine.trust, (ans.confidence, ans.cypher)


def test_he_typed_for_it_points_at_the_thing_talked_about(engine):
    """他昨天呢 after 茅台今天收多少 (no person talked about): 茅台's close yesterday, not asked back;
    佢几时上任㗎 after 招行董事长系边个: the chairman's."""
    _answers(engine, _after(engine, "茅台今天收多少").ask("他昨天呢"),
             "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
             "RETURN d.closing_price")
    ans = _after(engine, "招行董事长系边个").ask("佢几时上任㗎")
    assert ans.error is None and ans.rows and "上任" in ans.resolved_question, (ans.resolved_question, ans.error)


SHORTHAND = [
    ("基金经理 by 学历（本科/硕士/博士）→ cnt", "MATCH (m:fund_manager) RETURN m.degree, count(m)"),
    ("0315 全市场 close > 100 的 cnt",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.closing_price > 100 RETURN count(DISTINCT s)"),
    ("注册资本 > 1,000,000万 & 上市板块=沪市主板 → cnt",
     "MATCH (s:stock) WHERE s.registered_capital > 1000000 AND s.listed_sector = '沪市主板' RETURN count(s)"),
    ("600036 近5日（0311-0315）OHLC + vol",
     "MATCH (s:stock {code: '600036'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
     "AND d.date <= date('2024-03-15') RETURN d.date, d.opening_price, d.maximum_price, d.minimum_price, "
     "d.closing_price, d.volume"),
    ("板块=游戏，0315 成交额合计（close×vol）",
     "MATCH (s:stock)-[:belong_to]->(:trade {name: '游戏'}), (s)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} RETURN sum(d.closing_price * d.volume)"),
]


@pytest.mark.parametrize("question, gold", SHORTHAND)
def test_an_analysts_shorthand_is_read(engine, question, gold):
    """An analyst's data request typed in shorthand — cnt, close, vol, OHLC, key=value, & for 并且,
    by X for 按X, 0315 for a day, a formula in brackets explaining the word before — reads as said
    in words (each was refused or answered a list before)."""
    _same(engine, question, gold)


@pytest.mark.parametrize("question, name", [("泸州老窑的董事长是谁", "泸州老窖"), ("中信证劵今年以来涨了多少", "中信证券")])
def test_a_name_typed_with_a_look_alike_character(engine, question, name):
    """窑 for 窖, 劵 for 券: a character that looks like the name's (not one that sounds like it)
    is read as the name, said in the answer — it was refused as an unknown name."""
    ans = engine.ask(question)
    assert ans.error is None and name in ans.interpretation and ans.rows, (ans.error, ans.interpretation)


def _quarters(a: tuple[int, int], b: tuple[int, int], where: str, ret: str = "s.name", tail: str = "") -> str:
    """Each stock's quarterly profit in quarter a against quarter b (a and b: (year, quarter))."""
    return ("MATCH (s:stock)-[:has_stock_financial_information]->(a:stock_financial_information), "
            "(s)-[:has_stock_financial_information]->(b:stock_financial_information) "
            f"WHERE a.year = {a[0]} AND a.quarter = {a[1]} AND b.year = {b[0]} AND b.quarter = {b[1]} AND {where} "
            f"RETURN {ret} {tail}")


GROWTH_OF_EACH = [
    ("2023年第四季度净利润同比下降的股票", _quarters((2023, 4), (2022, 4), "a.net_profit < b.net_profit")),
    ("三季度净利润同比增长的公司有哪些", _quarters((2023, 3), (2022, 3), "a.net_profit > b.net_profit")),
    ("三季度净利润环比增长超过50%的公司",
     _quarters((2023, 3), (2023, 2), "(a.net_profit - b.net_profit) / abs(b.net_profit) * 100 > 50")),
    ("2023Q4 单季净利润 YoY > 50% → 名单",
     _quarters((2023, 4), (2022, 4), "(a.net_profit - b.net_profit) / abs(b.net_profit) * 100 > 50")),
]


@pytest.mark.parametrize("question, gold", GROWTH_OF_EACH)
def test_a_growth_said_of_every_company_filters_on_it(engine, question, gold):
    """三季度净利润同比下降的有哪些 / 环比增长超过50%的: each company's figure against the quarter it
    is measured by, those that fell (rose, by more than the bound) — it listed every company's
    profit, or bounded the profit itself by 50, at full confidence."""
    _same(engine, question, gold)


def test_a_growth_ranked_among_a_board(engine):
    """白酒板块四季度净利润同比增长最多的是哪只: the board's member whose profit grew most, in percent."""
    _same(engine, "白酒板块四季度净利润同比增长最多的是哪只",
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '白酒'}), (s)-[:has_stock_financial_information]->(a:stock_financial_information), "
          "(s)-[:has_stock_financial_information]->(b:stock_financial_information) WHERE a.year = 2023 AND a.quarter = 4 "
          "AND b.year = 2022 AND b.quarter = 4 RETURN s.name ORDER BY (a.net_profit - b.net_profit) / abs(b.net_profit) DESC, s.name LIMIT 1")


@pytest.mark.parametrize("question, gold", [
    ("按上市板块统计股票数量和平均注册资本",
     "MATCH (s:stock) RETURN s.listed_sector, count(s) AS n, avg(s.registered_capital) ORDER BY n DESC, s.listed_sector"),
    ("基金 by 申购状态 → cnt + avg 规模",
     "MATCH (f:public_offering_fund) RETURN f.sales_status, count(f) AS n, avg(f.scale) ORDER BY n DESC, f.sales_status"),
    ("各省份股票数量前10",
     "MATCH (s:stock) RETURN s.province, count(s) AS n ORDER BY n DESC, s.province LIMIT 10"),
])
def test_a_group_shows_every_figure_asked_of_it(engine, question, gold):
    """A count and an average asked per group show both (the count was dropped, sure); 各省份股票数量前10
    counts per province (it listed stocks ordered by province name, sure)."""
    _same(engine, question, gold, ordered=True)


@pytest.mark.parametrize("question", ["茅台昨天和今天成交量差多少", "茅台琴日同今日成交量差几多"])
def test_two_days_joined_by_and_differ_later_less_earlier(engine, question):
    """昨天和今天成交量差多少: the gap between two days said with 和 (not 比) is the later day's
    less the earlier's, as a change reads (it took yesterday's less today's, sure)."""
    ans = engine.ask(question)
    diff = next(i for i, c in enumerate(ans.columns) if "变化" in c and "%" not in c)
    want = engine.store.run("MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(a:stock_data), "
                            "(:stock {name: '贵州茅台'})-[:has_stock_data]->(b:stock_data) WHERE a.date = date('2024-03-15') "
                            "AND b.date = date('2024-03-14') RETURN a.volume - b.volume").rows[0][0]
    assert ans.rows[0][diff] == want, (ans.columns, ans.rows)


@pytest.mark.parametrize("question, word", [("各家基金公司旗下分别有几只基金", "基金公司"), ("平均净值最高的基金公司", "基金公司"),
                                            ("宁德时代的总市值是多少", "总市值")])
def test_what_the_kg_does_not_hold_is_said_not_guessed(engine, question, word):
    """基金公司 (patterns/finance/absent.yaml) is no fund and no listed company: the answer says the KG
    does not hold it — it counted stocks held by funds, or ranked stocks, at full confidence."""
    ans = engine.ask(question)
    assert ans.error is not None and word in ans.error, (ans.error, ans.interpretation)


@pytest.mark.parametrize("question", ["持仓市值最大的基金", "持有贵州茅台市值最多的基金是哪只"])
def test_a_word_the_kg_has_keeps_a_missing_word_inside_it(engine, question):
    """持仓市值 is the KG's own figure: 总市值 is missing, 市值 of a holding is not."""
    ans = engine.ask(question)
    assert ans.error is None and ans.rows and ans.confidence >= engine.trust, (ans.error, ans.interpretation)


@pytest.mark.parametrize("first", ["白酒板块有哪几只股票", "白酒板块有边几只股"])
def test_which_ones_then_the_largest_of_them(engine, first):
    """哪只注册资本最大 after 白酒板块有哪几只股票: the largest of the board's stocks — the question
    before was glued as 白酒板块几只股票… and a count came back, unsure."""
    _answers(engine, _after(engine, first).ask("哪只注册资本最大"),
             "MATCH (s:stock)-[:belong_to]->(:trade {name: '白酒'}) RETURN s.name ORDER BY s.registered_capital DESC, s.name LIMIT 1")


def test_others_leave_out_what_the_person_was_found_by(engine):
    """他还管着哪些基金 two turns after 中欧医疗健康指数A是谁管的 (his degree asked between): the
    funds besides the one he was found by — it listed that one too, sure."""
    s = _after(engine, "中欧医疗健康指数A是谁管的", "他是什么学历")
    _answers(engine, s.ask("他还管着哪些基金"),
             "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '中欧医疗健康指数A'}), "
             "(m)-[:manage]->(f:public_offering_fund) WHERE f.name <> '中欧医疗健康指数A' RETURN DISTINCT f.name")


@pytest.mark.parametrize("follow", ["跟建行比哪个贵 差多少", "同建行比边个贵啲 差几多"])
def test_compared_with_another_then_asked_which_and_by_how_much(engine, follow):
    """跟建行比哪个贵 差多少 after 招行今天股价多少: the two banks' closes, the higher and the gap —
    it answered 建行 alone, unsure."""
    ans = _after(engine, "招行今天股价多少").ask(follow)
    assert ans.error is None and ans.confidence >= engine.trust, (ans.resolved_question, ans.notes)
    want = engine.store.run(f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['招商银行', '建设银行'] "
                            f"AND d.date = {T} RETURN s.name, d.closing_price ORDER BY d.closing_price DESC").rows
    assert ans.rows[0][0] == want[0][0] and abs(ans.rows[0][-1] - (want[0][1] - want[1][1])) < 1e-6, ans.rows


@pytest.mark.parametrize("question, gold", [
    ("万科A去年四个季度是不是都亏了",
     "MATCH (:stock {name: '万科A'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 RETURN max(f.net_profit) < 0"),
    ("贵州茅台去年四个季度都盈利了吗",
     "MATCH (:stock {name: '贵州茅台'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 RETURN min(f.net_profit) > 0"),
])
def test_every_quarter_asked_yes_or_no_of_one_company(engine, question, gold):
    """万科A去年四个季度是不是都亏了: whether — it answered a list of the company, or of nothing."""
    _same(engine, question, gold)


def test_a_fall_said_of_every_company_is_shown_as_a_fall(engine):
    """同比下降的股票: the percent column says a fall (减少幅度), not a growth rate of +227%."""
    ans = engine.ask("2023年第四季度净利润同比下降的股票有哪些")
    assert ans.rows and all(r[-1] > 0 for r in ans.rows) and "增长率" not in ans.columns[-1], ans.columns


@pytest.mark.parametrize("question, gold", [
    ("名称含“中欧”的基金 → 单位净值 avg / max / min",
     "MATCH (f:public_offering_fund) WHERE f.name CONTAINS '中欧' RETURN avg(f.net_worth), max(f.net_worth), min(f.net_worth)"),
    ("茅台这周收盘价的最高、最低和平均",
     "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
     "AND d.date <= date('2024-03-15') RETURN max(d.closing_price), min(d.closing_price), avg(d.closing_price)"),
])
def test_several_aggregates_of_one_figure(engine, question, gold):
    """平均、最高和最低 of one figure: three numbers — it showed the average alone, unsure, or read
    最高 as a ranking (the one best day)."""
    _same(engine, question, gold, ordered=True)


@pytest.mark.parametrize("question, flag", [("本月每天涨停的股票数量", "raising_limit"),
                                            ("近10个交易日（0304-0315）红三兵 cnt by 日期", "hong_san_bing")])
def test_a_count_asked_each_day_of_a_window(engine, question, flag):
    """每天 … 数量 over a window: one count a day, in date order — it gave one count over the window."""
    start = "2024-03-01" if "本月" in question else "2024-03-04"
    _same(engine, question, f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.{flag} = true AND "
                            f"d.date >= date('{start}') AND d.date <= {T} RETURN d.date, count(DISTINCT s) ORDER BY d.date",
          ordered=True)


@pytest.mark.parametrize("question", ["隆基和通威的注册资本", "隆基同通威边个注册资本大啲"])
def test_two_short_names_side_by_side(engine, question):
    """隆基 and 通威 are each part of one name only: both are read (the second was left out, or the
    two glued into an unknown name)."""
    ans = engine.ask(question)
    assert ans.error is None and ans.confidence >= engine.trust, (ans.error, ans.unexplained)
    assert len(ans.rows) >= 1 and "隆基绿能" in ans.interpretation and "通威股份" in ans.interpretation, ans.interpretation


@pytest.mark.parametrize("question", ["茅台下礼拜会唔会升啊 有冇得估下", "五粮液下个星期会不会涨"])
def test_a_forecast_is_refused(engine, question):
    """下礼拜 / 会不会涨 ask of days the KG has no data of yet: refused, not answered yes or no."""
    ans = engine.ask(question)
    assert ans.error is not None and ans.cypher is None, (ans.cypher, ans.rows)


def test_the_other_end_asked_with_ne(engine):
    """最高去到几多 最低呢: the day's high and its low, both."""
    _same(engine, "万科A琴日最高去到几多 最低呢",
          "MATCH (:stock {name: '万科A'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
          "RETURN d.maximum_price, d.minimum_price")


def test_names_listed_with_slashes(engine):
    """比亚迪 / 长城汽车 / 上汽集团: a slash lists the names (it could not connect them at all)."""
    _same(engine, "比亚迪 / 长城汽车 / 上汽集团：0315 close、chg、vol",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['比亚迪', '长城汽车', '上汽集团'] "
          f"AND d.date = {T} RETURN s.name, d.date, d.closing_price, d.range, d.volume")


@pytest.mark.parametrize("question, gold", [
    ("视频里说中科电池连板了 到底连了几个板啊 还能上车不🚀",
     f"MATCH (:stock {{name: '中科电池'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.raising_limit_days"),
    ("博主说红三兵是上车信号 今天哪些股是红三兵啊 家人们帮我看看",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.hong_san_bing = true RETURN s.name"),
    ("我表妹在深圳说今天广东的股好猛 广东的有几个涨停的",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.province = '广东' AND d.date = {T} "
     "AND d.raising_limit = true RETURN count(DISTINCT s)"),
    ("贵洲茅台今天涨跌幅多少 救命我今天早上刚上车😭",
     f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.range"),
])
def test_a_story_around_the_question_is_no_name_and_no_refusal(engine, question, gold):
    """What someone said (博主说…, 表妹在深圳说) and the asker's own story (刚上车, 还能上车不) around a
    question of the KG: not an unknown name, and an advice word in them does not refuse the question —
    the question is answered, flagged for the words it did not read."""
    ans = engine.ask(question)
    assert ans.error is None, ans.error
    want = engine.store.run(gold)
    assert any(results_match(want.columns, want.rows, [c], [[r[i]] for r in ans.rows], False)
               for i, c in enumerate(ans.columns)) or results_match(want.columns, want.rows, ans.columns, ans.rows, False), \
        (ans.cypher, ans.rows[:3])


@pytest.mark.parametrize("question", ["茅台会涨吗", "茅台下周会涨吗", "五粮液下个星期会不会涨"])
def test_a_forecast_alone_is_still_refused(engine, question):
    """Only a story beside a question of the KG is set aside: a forecast asked alone is refused."""
    ans = engine.ask(question)
    assert ans.error is not None or ans.confidence < engine.trust, (ans.cypher, ans.confidence)


@pytest.mark.parametrize("question, gold", [
    ("我买的广发新能源指数C是谁管的 男的女的 亏成这样我要骂他",
     "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '广发新能源指数C'}) RETURN m.name, m.sex"),
    ("救命 沪市主板今天跌超5%的有几只啊 我那只是不是也在里面",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.listed_sector = '沪市主板' AND d.date = {T} "
     "AND d.range < -5 RETURN count(DISTINCT s)"),
])
def test_a_pronoun_after_an_ask_in_one_question_is_no_dangling_reference(engine, question, gold):
    """他 after 是谁管的, 里面 after 有几只: they point at what the question asks — it asked back
    "what does 他 refer to?" as if the question had leaned on a turn before."""
    ans = engine.ask(question)
    assert ans.error is None, ans.error
    want = engine.store.run(gold)
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, False), (ans.cypher, ans.rows[:3])


def test_a_name_typed_without_its_kind_word(engine):
    """中欧医疗健康C is 中欧医疗健康指数C with 指数 left out: read as that fund (unknown name before)."""
    ans = engine.ask("中欧医疗健康C持有哪些股票")
    want = engine.store.run("MATCH (:public_offering_fund {name: '中欧医疗健康指数C'})-[:hold]->(s:stock) RETURN s.name")
    assert ans.error is None and results_match(want.columns, want.rows, ans.columns, ans.rows, False), ans.error


def test_two_or_more_is_a_number_not_the_two_talked_about(engine):
    """同时当两家或以上公司董事长的: at least 2 companies (it asked which two were meant)."""
    ans = engine.ask("有没有人同时当两家或以上公司董事长的？列出来看看")
    assert ans.error is None and "2" in ans.interpretation, (ans.error, ans.interpretation)


def test_who_earns_more_is_ranked(engine):
    """谁更赚钱 of two companies in a year: both totals ranked, the larger first — not unranked."""
    _same(engine, "中国神华和中国石油2023年谁更赚钱",
          "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) WHERE s.name IN "
          "['中国神华', '中国石油'] AND f.year = 2023 RETURN s.name, sum(f.net_profit) AS p ORDER BY p DESC", ordered=True)


def test_groups_kept_by_a_bound_are_listed_when_asked_which(engine):
    """有哪些基金经理一个人管了3只以上基金？列名字和数量: each such manager with the number, not one count."""
    ans = engine.ask("有哪些基金经理一个人管了3只以上基金？列名字和数量")
    want = engine.store.run("MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WITH m.name AS n, count(DISTINCT f) AS c "
                            "WHERE c >= 3 RETURN n, c")
    assert ans.error is None and results_match(want.columns, want.rows, ans.columns, ans.rows, False), (ans.cypher, ans.rows[:3])


@pytest.mark.parametrize("question, gold", [
    ("茅台今天收盘价比五粮液高多少",
     "MATCH (a:stock {name: '贵州茅台'})-[:has_stock_data]->(x:stock_data), (b:stock {name: '五粮液'})-[:has_stock_data]->"
     f"(y:stock_data) WHERE x.date = {T} AND y.date = {T} RETURN x.closing_price - y.closing_price"),
    ("五粮液的注册资本比贵州茅台大多少",
     "MATCH (a:stock {name: '五粮液'}), (b:stock {name: '贵州茅台'}) RETURN a.registered_capital - b.registered_capital"),
])
def test_how_much_more_the_first_has_than_the_second(engine, question, gold):
    """A比B高多少: A's value less B's, both values beside — it filtered A by being higher than B
    (or lower: 少 of 多少), sure, and answered with one row or none."""
    ans = engine.ask(question)
    want = engine.store.run(gold).rows[0][0]
    assert ans.error is None and ans.confidence >= engine.trust, (ans.error, ans.confidence)
    assert ans.rows and ans.rows[0][-1] == pytest.approx(want), (ans.cypher, ans.rows)


def test_compared_after_a_figure_carries_the_figure(engine):
    """茅台比五粮液多多少？ after their 2023 Q4 profits: the difference of that figure, then — it
    showed 茅台's details."""
    s = _after(engine, "请对比一下贵州茅台和五粮液2023年四季度的单季净利润")
    ans = s.ask("茅台比五粮液多多少？")
    want = engine.store.run(
        "MATCH (a:stock {name: '贵州茅台'})-[:has_stock_financial_information]->(x:stock_financial_information), "
        "(b:stock {name: '五粮液'})-[:has_stock_financial_information]->(y:stock_financial_information) "
        "WHERE x.year = 2023 AND x.quarter = 4 AND y.year = 2023 AND y.quarter = 4 RETURN x.net_profit - y.net_profit").rows[0][0]
    assert ans.error is None and ans.rows and ans.rows[0][-1] == pytest.approx(want), (ans.resolved_question, ans.rows)


@pytest.mark.parametrize("question, where", [
    ("女基金经理中谁管的基金最多", "m.sex = '女'"),
    ("博士学历的基金经理中管基金最多的是谁", "m.degree = '博士'"),
    ("于凯、冯强、刘斌谁管的基金最多", "m.name IN ['于凯', '冯强', '刘斌']"),
])
def test_the_one_with_the_most_among_some(engine, question, where):
    """女基金经理中谁管的基金最多: the manager with the most funds among them — it counted managers
    per fund and named a fund, sure (or listed every fund of the three, unsure)."""
    _same(engine, question, f"MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE {where} "
                            "RETURN m.name, count(DISTINCT f) AS n ORDER BY n DESC, m.name LIMIT 1", ordered=True)


@pytest.mark.parametrize("question, gold", [
    ("挪威中央银行和阿布达比投资局同时持有的股票有哪些",
     "MATCH (a:stockholder {name: '挪威中央银行-自有资金'})-[:is_stockholder_of]->(s:stock)<-[:is_stockholder_of]-"
     "(b:stockholder {name: '阿布达比投资局'}) RETURN DISTINCT s.name"),
    ("茅台和五粮液同时被哪些基金持有",
     "MATCH (a:stock {name: '贵州茅台'})<-[:hold]-(f:public_offering_fund)-[:hold]->(b:stock {name: '五粮液'}) "
     "RETURN DISTINCT f.name"),
])
def test_held_by_both_named_after_them(engine, question, gold):
    """A和B同时持有的 / A和B同时被哪些基金持有: what both hold (is held by both) — it took either."""
    ans = engine.ask(question)
    want = engine.store.run(gold)
    names = [[r[0]] for r in ans.rows]
    assert ans.error is None and results_match(want.columns, want.rows, ans.columns[:1], names, False), (ans.cypher, ans.rows[:3])


def test_among_a_list_narrowed_before_stays_narrowed(engine):
    """里面管基金最多的是谁 after 博士 managers, 其中女的几个, 她们…规模加起来: among the women —
    it went back to every 博士 manager, sure."""
    s = _after(engine, "博士学历的基金经理有哪些", "其中女的几个", "她们管的基金规模加起来多少")
    _answers(engine, s.ask("里面管基金最多的是谁"),
             "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.degree = '博士' AND m.sex = '女' "
             "RETURN m.name, count(DISTINCT f) AS n ORDER BY n DESC, m.name LIMIT 1")


@pytest.mark.parametrize("question", ["2023年有多少家公司亏过钱", "姐妹们问下 2023年有多少家公司亏过钱啊 哪个季度亏都算"])
def test_lost_money_is_a_loss(engine, question):
    """亏过钱 is a loss in some quarter (it counted every company); 哪个季度亏都算 asks nothing more."""
    ans = engine.ask(question)
    want = engine.store.run("MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
                            "WHERE f.year = 2023 AND f.net_profit < 0 RETURN count(DISTINCT s)").rows[0][0]
    assert ans.error is None and ans.rows[0][0] == want, (ans.cypher, ans.rows)


@pytest.mark.parametrize("question", ["工行和建行2023年四季度的单季净利润同比增长多少", "工行、建行：2023Q4 单季净利润 + YoY"])
def test_a_growth_of_several_named_is_each_ones(engine, question):
    """工行和建行…同比增长多少: each bank's growth — it answered 工商银行's alone, sure."""
    ans = engine.ask(question)
    gold = engine.store.run(
        "MATCH (s:stock)-[:has_stock_financial_information]->(a:stock_financial_information), "
        "(s)-[:has_stock_financial_information]->(b:stock_financial_information) WHERE s.name IN ['工商银行', '建设银行'] "
        "AND a.year = 2023 AND a.quarter = 4 AND b.year = 2022 AND b.quarter = 4 "
        "RETURN s.name, (a.net_profit - b.net_profit) / abs(b.net_profit) * 100")
    assert ans.error is None and len(ans.rows) == 2, (ans.error, ans.rows)
    got = {r[0]: r[-1] for r in ans.rows}
    assert all(got[name] == pytest.approx(pct) for name, pct in gold.rows), (got, gold.rows)


@pytest.mark.parametrize("question, gold", [
    ("茅台今朝收盘几钿", f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN d.closing_price"),
    ("中芯国际是科创板的伐", "MATCH (s:stock {name: '中芯国际'}) RETURN s.listed_sector = '科创板'"),
    ("平安的大股东是啥人 持了几趴",
     "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '中国平安'}) RETURN h.name, r.shareholding_ratio "
     "ORDER BY r.shareholding_ratio DESC, h.name LIMIT 1"),
    ("宁德时代今朝上上下下晃了几趴",
     f"MATCH (:stock {{name: '宁德时代'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN (d.maximum_price - d.minimum_price) * (100 + d.range) / d.closing_price"),
    ("伊利股份今朝收盘几钿", f"MATCH (:stock {{name: '伊利股份'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN d.closing_price"),
])
def test_shanghainese_words_are_read_as_mandarin(engine, question, gold):
    """今朝 (today), 几钿 (how much), 伐 (yes or no), 啥人 (who), 几趴 (what per cent), 上上下下晃 (the day's
    range): a Shanghai user's words said the Mandarin way first (data, like the Cantonese) — and 伊 of 伊利股份
    is no 他. Before, 今朝 was an unknown name and 伐 a word the KG cannot answer."""
    _same(engine, question, gold)


@pytest.mark.parametrize("question, gold", [
    ("请统计基金规模位于[10亿元, 50亿元]区间且申购状态为开放申购的混合型基金数量。",
     "MATCH (f:public_offering_fund) WHERE f.scale >= 1000000000 AND f.scale <= 5000000000 "
     "AND f.sales_status = '开放申购' AND f.name CONTAINS '混合' RETURN count(f)"),
    ("请列出注册资本位于区间[10000, 50000]万元、且所在省份为四川的股票。",
     "MATCH (s:stock) WHERE s.registered_capital >= 10000 AND s.registered_capital <= 50000 "
     "AND s.province = '四川' RETURN s.name"),
    ("请列出任职日期在2023年1月1日之后且尚未离任的董事长，并给出其对应的公司。",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.appointment_date >= date('2023-01-01') "
     "AND c.departure_date IS NULL RETURN c.name, s.name"),
])
def test_a_thesis_writers_register(engine, question, gold):
    """位于区间[a, b] (between), 尚未离任 (in office), 其对应的 (its): a formal request's words read."""
    _same(engine, question, gold)


@pytest.mark.parametrize("question, gold", [
    ("帮我查一下比亚迪的注册资本，换算成亿元告诉我",
     "MATCH (s:stock {name: '比亚迪'}) RETURN s.registered_capital / 10000"),
    ("比亚迪的注册资本多少亿", "MATCH (s:stock {name: '比亚迪'}) RETURN s.registered_capital / 10000"),
    ("用表格给我规模最大的3只基金，列基金名和规模（换算成亿元）",
     "MATCH (f:public_offering_fund) RETURN f.name, f.scale / 100000000 ORDER BY f.scale DESC, f.name LIMIT 3"),
])
def test_a_figure_shown_in_the_magnitude_asked(engine, question, gold):
    """换算成亿元, 多少亿: a figure kept in 元 is divided by 1亿, one kept in 万元 (注册资本) by 1万 —
    before, 注册资本多少亿 showed 万元 under the asked 亿 at full confidence."""
    _same(engine, question, gold)
    assert "亿元" in " ".join(engine.ask(question).columns)


def test_a_rank_in_a_group_named_first(engine):
    """有色金属里 按今天涨幅排 紫金矿业排第几: the group first, then the thing — its place (it showed the
    thing's change alone, sure)."""
    ans = engine.ask("有色金属里 按今天涨幅排 紫金矿业排第几")
    want = engine.store.run(
        f"MATCH (z:stock {{name: '紫金矿业'}})-[:has_stock_data]->(zd:stock_data) WHERE zd.date = {T} "
        f"MATCH (s:stock)-[:belong_to]->(:trade {{name: '有色金属'}}) MATCH (s)-[:has_stock_data]->(d:stock_data) "
        f"WHERE d.date = {T} RETURN sum(CASE WHEN d.range > zd.range THEN 1 ELSE 0 END) + 1")
    assert ans.error is None and ans.confidence >= engine.trust, (ans.error, ans.unexplained)
    assert any(r[-1] == want.rows[0][0] for r in ans.rows), (ans.cypher, ans.rows, want.rows)


def test_the_picked_holdings_stock_is_followed_to_its_board(engine):
    """持仓市值最大的股票属于哪个行业板块: the holding picked carries its stock on (the stock was matched
    afresh, every stock's board came back)."""
    _same(engine, "基金经理王明管理的基金中，持仓市值最大的股票属于哪个行业板块？",
          "MATCH (:fund_manager {name: '王明'})-[:manage]->(:public_offering_fund)-[h:hold]->(s:stock)"
          "-[:belong_to]->(t:trade) RETURN t.name ORDER BY h.position_amount DESC, t.name LIMIT 1")


@pytest.mark.parametrize("question", ["请给出2024年3月11日至3月15日每个交易日成交量排名前5的股票。",
                                      "博士学历的基金经理有几个？他们分别管几只基金",
                                      "海天味业存货周转率多少 博主说这个数越高越好是吗"])
def test_each_day_each_one_or_a_claim_left_out_is_flagged(engine, question):
    """A top 5 of each day answered by one top 5 of the week; a count per manager answered by one count;
    someone's claim beside the question: not answered as sure (each was a sure wrong answer or a yes/no)."""
    ans = engine.ask(question)
    assert ans.error is not None or ans.confidence < engine.trust, (ans.cypher, ans.confidence)


def test_someones_claim_asks_nothing_of_the_kg(engine):
    """博主说这个数越高越好是吗: the claim's 是吗 is theirs; the figure asked is answered (it was a yes/no)."""
    ans = engine.ask("海天味业存货周转率多少 博主说这个数越高越好是吗")
    assert "inventory_turnover" in (ans.cypher or ""), ans.cypher


@pytest.mark.parametrize("question, gold", [
    ("今天涨的和跌的各有多少只？",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN count(CASE WHEN d.range > 0 THEN 1 END), count(CASE WHEN d.range < 0 THEN 1 END)"),
    ("电力板块今朝涨了伐 长江电力呢",
     f"MATCH (:trade {{name: '电力'}})-[:has_trade_data]->(a:trade_data) WHERE a.date = {T} "
     f"MATCH (:stock {{name: '长江电力'}})-[:has_stock_data]->(b:stock_data) WHERE b.date = {T} RETURN a.range, b.range"),
    ("博士学历的基金经理分别管几只基金",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.degree = '博士' "
     "RETURN m.name, count(DISTINCT f)"),
])
def test_two_asks_side_by_side(engine, question, gold):
    """Two counts asked with 各, one row each of two named things (a board's day and a stock's),
    a count for each of several: each answered."""
    _same(engine, question, gold)


def test_today_against_yesterday_keeps_the_order_said(engine):
    """今朝比昨日多了几钿 after today's close and yesterday's: today's less yesterday's (it was the reverse)."""
    s = _after(engine, "茅台今朝收盘几钿", "昨日呢")
    ans = s.ask("今朝比昨日多了几钿还是少了几钿")
    want = engine.store.run(f"MATCH (s:stock {{name: '贵州茅台'}})-[:has_stock_data]->(a:stock_data), "
                            f"(s)-[:has_stock_data]->(b:stock_data) WHERE a.date = {T} AND b.date = date('2024-03-14') "
                            "RETURN a.closing_price - b.closing_price")
    _answers(engine, ans, "RETURN %r" % want.rows[0][0])


@pytest.mark.parametrize("turns, gold", [
    (("宁德时代今天收盘多少", "伊老板是啥人"),
     "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '宁德时代'}) WHERE c.departure_date IS NULL RETURN c.name"),
    (("招商银行今天收盘多少", "搿只今朝几钿"),
     f"MATCH (:stock {{name: '招商银行'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price"),
    (("股东吴明持有哪些股票", "上述股票的上市板块分别是？"),
     "MATCH (:stockholder {name: '吴明'})-[:is_stockholder_of]->(s:stock) RETURN s.name, s.listed_sector"),
])
def test_pointing_words_of_other_registers(engine, turns, gold):
    """伊 (he, she or it: a company's boss), 搿只 (this one), 上述 (the above): each points at the turn before."""
    s = _after(engine, *turns[:-1])
    _answers(engine, s.ask(turns[-1]), gold)


def test_advice_alone_after_a_turn_is_refused(engine):
    """阿拉要不要卖脱算了 after a stock's day: advice, refused — not the day asked again."""
    s = _after(engine, "中国平安今天跌了吗")
    assert s.ask("阿拉要不要卖脱算了").error is not None


def test_a_years_loss_is_its_quarters_summed(engine):
    """隆基去年亏了吗: the year's profit (its four quarters) below zero — one answer, not a yes/no per quarter."""
    _same(engine, "隆基去年亏了吗",
          "MATCH (:stock {name: '隆基绿能'})-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2023 RETURN sum(f.net_profit) < 0, sum(f.net_profit)")


def test_what_is_asked_beside_each_one_is_shown(engine):
    """…同比下降超过50%的公司及其所属行业板块: each company's board is shown (it was joined, not shown)."""
    ans = engine.ask("请列出2023年第四季度单季度净利润同比下降超过50%的公司及其所属行业板块。")
    want = engine.store.run(
        "MATCH (s:stock)-[:has_stock_financial_information]->(a:stock_financial_information), "
        "(s)-[:has_stock_financial_information]->(b:stock_financial_information), (s)-[:belong_to]->(t:trade) "
        "WHERE a.year = 2023 AND a.quarter = 4 AND b.year = 2022 AND b.quarter = 4 AND b.net_profit <> 0 "
        "AND (a.net_profit - b.net_profit) / abs(b.net_profit) * 100 < -50 RETURN s.name, t.name")
    assert ans.error is None and results_match(want.columns, want.rows, ans.columns, ans.rows, False), \
        (ans.cypher, ans.rows[:3], want.rows[:3])


def test_a_later_clause_asks_of_the_thing_named_first(engine):
    """…持有贵州茅台的基金数量、持仓市值合计，以及持仓占比最高的基金名称: the last clause names a kind (基金)
    but no thing — it asks of 贵州茅台's holders (it ranked every fund's holdings, sure)."""
    ans = engine.ask("请给出持有贵州茅台的基金数量、持仓市值合计，以及持仓占比最高的基金名称。")
    want = engine.store.run("MATCH (f:public_offering_fund)-[h:hold]->(:stock {name: '贵州茅台'}) "
                            "RETURN f.name ORDER BY h.position_ratio DESC, f.name LIMIT 1")
    assert ans.error is None and any(want.rows[0][0] in r for r in ans.rows), (ans.cypher, ans.rows)


@pytest.mark.parametrize("turns", [("茅台今天多少钱一股", "昨天呢", "那是涨了还是跌了 差几块钱"),
                                   ("茅台昨天收盘多少", "今天呢", "差多少")])
def test_a_gap_between_two_days_is_the_later_less_the_earlier(engine, turns):
    """差几块钱 after one day's price and another's: a change over time, signed — today's less
    yesterday's whichever was asked first (it was the gap, unsigned: a fall shown as a rise)."""
    s = _after(engine, *turns[:-1])
    want = engine.store.run(f"MATCH (s:stock {{name: '贵州茅台'}})-[:has_stock_data]->(a:stock_data), "
                            f"(s)-[:has_stock_data]->(b:stock_data) WHERE a.date = {T} AND b.date = date('2024-03-14') "
                            "RETURN a.closing_price - b.closing_price")
    _answers(engine, s.ask(turns[-1]), "RETURN %r" % want.rows[0][0])


@pytest.mark.parametrize("turns, gold", [
    (("比亚迪今天收盘多少", "泸州老窖呢 同一段时间"),
     f"MATCH (:stock {{name: '泸州老窖'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price"),
    (("海天味业去年三季度存货周转率多少", "伊利股份呢 多少"),
     "MATCH (:stock {name: '伊利股份'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 AND f.quarter = 3 RETURN f.inventory_turnover"),
    (("比亚迪今天涨了多少", "汽车整车板块今天呢 家人们"),
     f"MATCH (:trade {{name: '汽车整车'}})-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} RETURN d.range"),
])
def test_a_thing_swapped_in_with_more_words_after(engine, turns, gold):
    """泸州老窖呢 同一段时间 / 伊利股份呢 多少: 呢 closes the swap, more words follow (the name alone was
    asked: its details, sure)."""
    s = _after(engine, *turns[:-1])
    ans = s.ask(turns[-1])
    assert ans.follow_up not in ("new", "reset"), ans.resolved_question
    _answers(engine, ans, gold)


def test_a_name_and_ytd_asks_how_it_did_since_the_year_began(engine):
    """半导体板块YTD after the stocks' change this year, or alone: the board's change since the year began."""
    gold = ("MATCH (t:trade {name: '半导体'})-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
            f"WHERE a.date = date('2023-12-29') AND b.date = {T} RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")
    s = _after(engine, "中芯国际和韦尔股份今年以来股价涨了多少")
    _answers(engine, s.ask("半导体板块YTD"), gold, sure=True)
    _same(engine, "半导体板块YTD", gold)


def test_names_with_a_kind_of_their_own_ask_it_anew(engine):
    """兴业银行和浦发银行的现任董事长呢 after 在他之前是谁: their chairmen, not 'before 兴业银行 and 浦发银行'."""
    s = _after(engine, "招商银行现任董事长是谁", "在他之前是谁 什么时候离任的")
    _answers(engine, s.ask("兴业银行和浦发银行的现任董事长呢？"),
             "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name IN ['兴业银行', '浦发银行'] "
             "AND c.departure_date IS NULL RETURN s.name, c.name")


def test_a_pronoun_before_an_edge_word_is_its_subject_said_before(engine):
    """社保基金一一八组合买了好多股票 他买了啥: 他 is the holder just named, asked of — not a question back."""
    ans = engine.ask("社保基金一一八组合买了好多股票 他买了啥")
    assert ans.error is None, ans.error


def test_a_pointing_word_before_a_name_says_which_one(engine):
    """这只中国中免现在多少钱: 这只 says which one, it points at nothing before (it was asked back)."""
    _same(engine, "这只中国中免现在多少钱",
          f"MATCH (:stock {{name: '中国中免'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price")


def test_two_answers_added_up(engine):
    """两只加埋几多 after 美的's turnover and 格力呢: the two answers summed (it was 格力's alone)."""
    s = _after(engine, "美的今日成交额大概几多", "格力呢")
    ans = s.ask("两只加埋几多")
    want = engine.store.run(f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['美的集团', '格力电器'] "
                            f"AND d.date = {T} RETURN sum(d.closing_price * d.volume)")
    assert ans.error is None and abs(ans.rows[0][-1] - want.rows[0][0]) < 1, (ans.resolved_question, ans.rows)


def test_the_things_pointed_at_keep_their_order(engine):
    """它们各自在哪个省 after the five largest companies: in the order they were ranked, not the store's."""
    s = _after(engine, "帮我列出注册资本最大的5家公司")
    _same_rows = engine.store.run("MATCH (s:stock) RETURN s.name, s.province ORDER BY s.registered_capital DESC, "
                                  "s.name LIMIT 5")
    ans = s.ask("它们各自在哪个省？")
    assert ans.error is None and results_match(_same_rows.columns, _same_rows.rows, ans.columns, ans.rows, True), ans.rows


@pytest.mark.parametrize("first, then", [("现在有啥基金在认购期啊 我想买个新发的", "哪个最早结束 别错过了"),
                                         ("有没有在认购期的新基金", "哪个最快结束认购")])
def test_the_subscription_ending_first(engine, first, then):
    """现在有啥基金在认购期啊 我想买个新发的 (an aside) / 在认购期的新基金, then 哪个最早结束 / 最快结束认购:
    the fund whose subscription ends first."""
    _answers(engine, _after(engine, first).ask(then), "MATCH (f:public_offering_fund) WHERE f.sales_status = '认购期' "
                                                      "RETURN f.name ORDER BY f.subscription_end_time, f.name LIMIT 1", sure=True)


@pytest.mark.parametrize("question", ["白酒板块今天成交量比昨天多了多少", "半导体板块今年以来股价涨了多少"])
def test_a_boards_stocks_two_days_are_never_paired_across_stocks(engine, question):
    """A figure of a board's stocks at two times: at most one row per stock (each stock's own two
    values, or flagged) — it paired every stock's first value with every stock's second, sure."""
    board = "白酒" if "白酒" in question else "半导体"
    members = engine.store.run(f"MATCH (s:stock)-[:belong_to]->(:trade {{name: '{board}'}}) RETURN count(s)").rows[0][0]
    ans = engine.ask(question)
    assert ans.error is not None or ans.confidence < engine.trust or len(ans.rows) <= members, (ans.cypher, len(ans.rows))


def test_a_described_ones_value_asked_yes_or_no(engine):
    """管理国泰消费升级混合A的经理是博士吗: whether that manager is one (and what degree), not the
    managers filtered by it (an empty list said nothing)."""
    _same(engine, "管理国泰消费升级混合A的经理是博士吗",
          "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '国泰消费升级混合A'}) RETURN m.degree = '博士'")


def test_a_thing_ranked_among_all_of_its_kind(engine):
    """银行板块涨跌幅在所有行业板块中排第几: 1 + the boards that rose more that day."""
    _same(engine, "2024-03-15银行板块涨跌幅在所有行业板块中排第几",
          "MATCH (b:trade {name: '银行'})-[:has_trade_data]->(bd:trade_data) WHERE bd.date = date('2024-03-15') "
          "MATCH (t:trade)-[:has_trade_data]->(td:trade_data) WHERE td.date = date('2024-03-15') AND td.range > bd.range "
          "RETURN count(DISTINCT t) + 1")


@pytest.mark.parametrize("question, prop", [("华阳防务 大股东 持股比例", "shareholding_ratio"),
                                            ("长江石化大股东持股占流通股比例多少", "circulation_shareholding_ratio")])
def test_the_major_holders_figure_is_the_largest_ones(engine, question, prop):
    """大股东 持股比例: the largest holder's (by its stake) — not every holder listed."""
    name = "华阳防务" if "华阳" in question else "长江石化"
    _same(engine, question, f"MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {{name: '{name}'}}) "
                            f"RETURN r.{prop} ORDER BY r.shareholding_ratio DESC, h.name LIMIT 1")


def test_a_stock_named_alone_shows_its_latest_day(engine):
    """帮我看看宁德: besides what it is, its close and change on the latest trading day."""
    _same(engine, "帮我看看宁德", f"MATCH (:stock {{name: '宁德时代'}})-[:has_stock_data]->(d:stock_data) "
                                f"WHERE d.date = {T} RETURN d.closing_price, d.range")


@pytest.mark.parametrize("question, since", [
    ("海康这周表现咋样", "2024-03-08"), ("中国平安较上周五收盘涨跌幅是多少", "2024-03-08"),
    ("截至3月15日收盘，白酒板块年内累计涨跌幅是多少？", "2023-12-29"),
])
def test_how_it_did_over_a_period_is_its_change(engine, question, since):
    """这周表现 / 较上周五收盘 / 截至…年内累计: the change from the close before the period to the latest."""
    label, data, name = ("trade", "trade_data", "白酒") if "白酒" in question else \
        ("stock", "stock_data", "海康威视" if "海康" in question else "中国平安")
    _same(engine, question, f"MATCH (x:{label} {{name: '{name}'}})-[:has_{data}]->(a:{data}), (x)-[:has_{data}]->(b:{data}) "
                            f"WHERE a.date = date('{since}') AND b.date = {T} "
                            "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")


def test_which_board_of_a_stock_shows_both_boards(engine):
    """宁德时代是哪个板块的: 板块 alone is its listing board or its industry board — both shown."""
    ans = engine.ask("宁德时代是哪个板块的")
    want = engine.store.run("MATCH (s:stock {name: '宁德时代'})-[:belong_to]->(t:trade) RETURN s.listed_sector, t.name")
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, False), (ans.cypher, ans.rows)


def test_a_swap_followed_by_its_own_question_is_that_question(engine):
    """泸州老窖呢，今天涨了好多: 呢 then a question of its own — asked as said, not the question before."""
    s = _after(engine, "茅台今天收多少")
    _answers(engine, s.ask("泸州老窖呢，今天涨了好多"),
             f"MATCH (:stock {{name: '泸州老窖'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.range")


@pytest.mark.parametrize("question, upstream", [("长沙电池 上游产业有哪些", True), ("长沙电池的下游产业有哪些", False)])
def test_a_companys_upstream_is_its_industries_upstream(engine, question, upstream):
    """长沙电池的上游产业: the industries up the chain from the ones it is linked to (the 上游 was dropped:
    its own industries came back, sure)."""
    chain = "(u:industry)-[:affect]->(i)" if upstream else "(i)-[:affect]->(u:industry)"
    _same(engine, question, f"MATCH (:stock {{name: '长沙电池'}})-[:associate]->(i:industry) MATCH {chain} RETURN DISTINCT u.name")


def test_the_smallest_few_are_a_ranking_not_a_count(engine):
    """规模最小的几只基金是哪些: the five smallest, by their size (几只 read as a count)."""
    _same(engine, "规模最小的几只基金是哪些",
          "MATCH (f:public_offering_fund) RETURN f.name ORDER BY f.scale, f.name LIMIT 5")


@pytest.mark.parametrize("question", ["博士学历的基金经理占全部基金经理的比例", "基金经理中博士学历的占全部的比例是多少"])
def test_a_share_of_all_of_a_kind(engine, question):
    """博士学历的占比: how many of all the managers are doctors, in per cent (the managers were listed)."""
    ans = engine.ask(question)
    want = engine.store.run("MATCH (m:fund_manager) WITH count(m) AS total MATCH (d:fund_manager) WHERE d.degree = '博士' "
                            "RETURN total, count(DISTINCT d) * 100.0 / total")
    assert ans.error is None and ans.confidence >= engine.trust, (ans.error, ans.unexplained)
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, False), (ans.cypher, ans.rows)


def test_the_highest_and_lowest_over_a_period_both(engine):
    """近一年…最高收盘价和最低收盘价分别是多少: both extremes of the year (the lowest was dropped)."""
    _same(engine, "近一年贵州茅台最高收盘价和最低收盘价分别是多少",
          "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) WHERE d.date > date('2023-03-15') "
          f"AND d.date <= {T} RETURN max(d.closing_price), min(d.closing_price)")


def test_a_streak_is_two_days_or_more(engine):
    """3月15日涨停的股票中连续涨停的有几家: a streak of two days or more (it counted every one that hit the limit)."""
    _same(engine, "3月15日涨停的股票中连续涨停的有几家",
          f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.raising_limit = true "
          "AND d.raising_limit_days >= 2 RETURN count(DISTINCT s)")


def test_a_closing_aside_naming_the_same_thing_asks_nothing(engine):
    """白酒板块今天涨了没 家人们我重仓白酒的😭: the aside only names 白酒 again — the first clause is the question."""
    _same(engine, "白酒板块今天涨了没 家人们我重仓白酒的😭",
          f"MATCH (:trade {{name: '白酒'}})-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} RETURN d.range")


def test_a_gap_at_another_day_is_not_the_gap_computed(engine):
    """上个礼拜五呢 差几钿 after today's two prices and their gap: another day's gap — not today's again, sure."""
    s = _after(engine, "格力今天股价多少", "美的呢", "两只差几钿")
    ans = s.ask("上个礼拜五呢 差几钿")
    assert ans.error is not None or ans.confidence < engine.trust, (ans.resolved_question, ans.rows)


def test_several_pointed_at_after_a_turn_with_no_answer_are_asked_back(engine):
    """这几只里面哪只规模最大 after a turn that got no answer: which ones? (it ranked the names of the turn
    before that, sure)."""
    s = _after(engine, "我买了易方达消费升级股票A 想问下是哪个经理在管", "这个经理还管了啥子别的基金")
    assert s.turns[-1].ok is False
    assert s.ask("这几只里面哪只规模最大").error is not None


def test_the_askers_own_fund_after_a_list_of_others(engine):
    """我那个基金跟着买了哪些股票 after his manager's other funds: the fund the asker named as theirs."""
    s = _after(engine, "我买了易方达蓝筹精选混合A，它现在规模多大", "谁管的呀", "他还管了别的基金吗", "这几个里面哪个现在能买")
    _answers(engine, s.ask("我那个基金跟着买了哪些股票"),
             "MATCH (:public_offering_fund {name: '易方达蓝筹精选混合A'})-[:hold]->(s:stock) RETURN s.name")


def test_who_is_its_largest_holder_is_the_one(engine):
    """谁是中国平安最大的股东: the one largest holder (谁是… read as which of two: every holder, sure)."""
    _same(engine, "谁是中国平安最大的股东", "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '中国平安'}) "
                                          "RETURN h.name ORDER BY r.shareholding_ratio DESC, h.name LIMIT 1")


@pytest.mark.parametrize("question, gold", [
    ("芒果超媒这周有几天涨", "MATCH (:stock {name: '芒果超媒'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
                          f"AND d.date <= {T} AND d.range > 0 RETURN count(d)"),
    ("截至3月15日，连续两天及以上涨停的股票共几只？",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.raising_limit_days >= 2 RETURN count(DISTINCT s)"),
    ("截至3月15日收盘，沪市主板股票当日平均涨跌幅是多少？",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.listed_sector = '沪市主板' AND d.date = {T} RETURN avg(d.range)"),
])
def test_days_counted_and_a_day_said_as_of_its_close(engine, question, gold):
    """有几天涨: the days it rose; 连续两天及以上涨停: a streak of two or more; 截至…收盘…当日: that day."""
    _same(engine, question, gold)


def test_the_major_holder_of_the_company_discussed(engine):
    """大股东是谁 持股多少 after a turn about 万科A: its largest holder and stake (it ranked every holding, sure)."""
    s = _after(engine, "看下万科A注册资本和成立日期")
    _answers(engine, s.ask("大股东是谁 持股多少"),
             "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '万科A'}) "
             "RETURN h.name, r.shareholding_ratio ORDER BY r.shareholding_ratio DESC, h.name LIMIT 1")


def test_a_kind_word_said_to_be_a_name_points_at_nothing(engine):
    """我那个基金是中欧医疗健康指数C，净值多少: the name says which fund (it was asked back)."""
    _same(engine, "我那个基金是中欧医疗健康指数C，净值多少",
          "MATCH (f:public_offering_fund {name: '中欧医疗健康指数C'}) RETURN f.net_worth")


def test_whether_there_are_any_then_how_many_is_the_count(engine):
    """有没有暂停申购的基金，有多少个: the count says whether there are any (有多少 was left unused)."""
    _same(engine, "有没有暂停申购的基金，有多少个",
          "MATCH (f:public_offering_fund) WHERE f.sales_status = '暂停申购' RETURN count(f)")


@pytest.mark.parametrize("question, gold", [
    ("新华港口属于航运港口板块吗？哪个省的", "MATCH (s:stock {name: '新华港口'}) OPTIONAL MATCH (s)-[:belong_to]->(t:trade {name: '航运港口'}) "
                                     "RETURN count(t) > 0, s.province"),
    ("中航沈飞 属于军工板块吗 董事长是谁", "MATCH (s:stock {name: '中航沈飞'}) OPTIONAL MATCH (s)-[:belong_to]->(t:trade {name: '军工'}) "
                                  "WITH s, count(t) > 0 AS inside MATCH (c:chairman)-[:is_chairman_of]->(s) "
                                  "WHERE c.departure_date IS NULL RETURN inside, c.name"),
])
def test_whether_it_belongs_then_another_ask_both_answered(engine, question, gold):
    """…属于X板块吗 + another ask: whether it does, beside the other answer (the membership was a filter, sure)."""
    _same(engine, question, gold)


@pytest.mark.parametrize("question", ["请问伊利股份2023年各季度单季净利润同比增速分别是多少", "伊利股份2023年每个季度净利润同比增长多少"])
def test_each_quarters_growth_against_the_year_before(engine, question):
    """2023年各季度…同比增速分别是多少: each quarter against the same quarter of 2022 (the fourth alone
    was shown, sure)."""
    _same(engine, question, "MATCH (s:stock {name: '伊利股份'})-[:has_stock_financial_information]->(a:stock_financial_information), "
                            "(s)-[:has_stock_financial_information]->(b:stock_financial_information) WHERE a.year = 2023 "
                            "AND b.year = 2022 AND a.quarter = b.quarter "
                            "RETURN a.quarter, (a.net_profit - b.net_profit) / abs(b.net_profit) * 100", ordered=True)


def test_each_ones_value_and_their_gap(engine):
    """煤炭板块与电力板块涨跌幅分别是多少？差几个百分点: both values, and the first's less the second's
    (the gap alone was shown, sure)."""
    _same(engine, "3月15日，煤炭板块与电力板块涨跌幅分别是多少？差几个百分点",
          "MATCH (a:trade {name: '煤炭'})-[:has_trade_data]->(x:trade_data), (b:trade {name: '电力'})-[:has_trade_data]->(y:trade_data) "
          f"WHERE x.date = {T} AND y.date = {T} RETURN x.range, y.range, x.range - y.range")


def test_two_kinds_asked_of_one_company_both_hang_on_it(engine):
    """大连特钢 董事长任职日期 股东有谁: its chairman's start and its holders — not the holders of another
    stock the chairman chairs (the holder was joined through the chairman, sure)."""
    ans = engine.ask("大连特钢 董事长任职日期 股东有谁")
    want = engine.store.run("MATCH (h:stockholder)-[:is_stockholder_of]->(:stock {name: '大连特钢'}) RETURN h.name")
    assert ans.error is None and {r[0] for r in want.rows} == {r[ans.columns.index("股东")] for r in ans.rows}, ans.cypher


@pytest.mark.parametrize("question, gold", [
    ("董事长是女的公司有哪些", "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.sex = '女' AND c.departure_date IS NULL "
                      "RETURN s.name, c.name"),
    ("哪些股票有利空消息", "MATCH (s:stock)-[r:involve]->(i:information) WHERE r.tendency = -1 RETURN s.name, i.name"),
    ("经理是博士的基金有哪些", "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.degree = '博士' "
                      "RETURN f.name, m.name"),
])
def test_a_list_chosen_by_another_things_value_shows_that_thing(engine, question, gold):
    """董事长是女的公司, 有利空消息的股票: each row beside the chairman (the news) it was chosen by —
    the company alone left the reason out."""
    _same(engine, question, gold)


def test_a_named_group_after_its_description_is_the_head(engine):
    """董事长是女的银行有哪些: the banks (the board's stocks), with their chairmen — not the chairmen alone."""
    _same(engine, "董事长是女的银行有哪些",
          "MATCH (c:chairman)-[:is_chairman_of]->(s:stock)-[:belong_to]->(:trade {name: '银行'}) "
          "WHERE c.sex = '女' AND c.departure_date IS NULL RETURN s.name, c.name")


def test_the_day_asked_of_a_board_is_the_boards_own(engine):
    """银行板块今年哪天涨得最猛: the board's own best day (its stocks' changes over the year were ranked, sure)."""
    _same(engine, "银行板块今年哪天涨得最猛",
          "MATCH (:trade {name: '银行'})-[:has_trade_data]->(d:trade_data) WHERE d.date >= date('2024-01-01') "
          f"AND d.date <= {T} RETURN d.date ORDER BY d.range DESC, d.date LIMIT 1")


def test_how_much_more_of_two_periods_is_the_later_less_the_earlier(engine):
    """多了多少 after 去年第四季度, then 前年同一个季度: the later quarter's less the earlier's (the turns'
    order gave the earlier less the later, sure)."""
    s = _after(engine, "比亚迪去年第四季度赚了多少钱", "前年同一个季度呢")
    fig = "MATCH (:stock {name: '比亚迪'})-[:has_stock_financial_information]->(f:stock_financial_information) " \
          "WHERE f.year = %d AND f.quarter = 4 RETURN f.net_profit"
    gap = engine.store.run(fig % 2023).rows[0][0] - engine.store.run(fig % 2022).rows[0][0]
    ans = s.ask("多了多少")
    assert ans.error is None and ans.rows and abs(ans.rows[0][-1] - gap) < 1, (ans.resolved_question, ans.rows)


def test_a_condition_after_a_count_narrows_the_things_counted(engine):
    """今天有涨停的么 right after 券商板块多少只票: those brokers (it listed the whole market's, sure)."""
    s = _after(engine, "券商板块多少只票")
    ans = s.ask("今天有涨停的么")
    gold = engine.store.run(f"MATCH (s:stock)-[:belong_to]->(:trade {{name: '券商'}}), (s)-[:has_stock_data]->"
                            f"(d:stock_data) WHERE d.date = {T} AND d.raising_limit = true RETURN DISTINCT s.name")
    assert ans.error is None and sorted(ans.rows) == sorted(gold.rows), (ans.resolved_question, ans.rows)


def test_the_top_of_a_list_is_its_first(engine):
    """榜首那只 after a ranking: its first row (it was read as no one)."""
    s = _after(engine, "今天涨幅前十的股票")
    ans = s.ask("榜首那只当天成交量是多少股？")
    gold = engine.store.run(f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} WITH s, d ORDER BY "
                            "d.range DESC, s.name LIMIT 1 RETURN d.volume")
    assert ans.error is None and ans.rows and ans.rows[0][-1] == gold.rows[0][0], (ans.resolved_question, ans.rows)


def test_a_retirees_conversation_reads_its_asides_and_its_questions(engine):
    """比昨天是涨了还是跌了 is today's change (yesterday's row was shown); 他是什么时候开始当董事长的？
    是男同志还是女同志？ asks the day and the sex (a condition on sex was read); 发行的数量最多 ranks by
    the figure (a count was shown)."""
    s = _after(engine, "您好，麻烦问一下，五粮液今天收盘是多少钱一股？我老伴一直念叨着想买一点。")
    _answers(engine, s.ask("那比昨天是涨了还是跌了？涨跌了百分之几？"),
             f"MATCH (s:stock {{name: '五粮液'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.range",
             sure=True)
    s.ask("顺便再请教一下，五粮液现在的董事长是哪一位？")
    _answers(engine, s.ask("他是什么时候开始当董事长的？是男同志还是女同志？"),
             "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '五粮液'}) WHERE c.departure_date IS NULL "
             "RETURN c.appointment_date, c.sex", sure=True)
    s = _after(engine, "今年以来都有哪些新股在网上发行过？")
    _answers(engine, s.ask("这些新股里面，哪一个发行的数量最多？"),
             "MATCH (s:stock)-[:originate_from]->(n:new_stock) WHERE n.online_release_date >= date('2024-01-01') "
             "RETURN s.name ORDER BY n.amount DESC, s.name LIMIT 1")


def test_more_or_less_than_the_day_said_is_the_other_day_less_that_one(engine):
    """比今天多还是少 差几只 after today's count, then yesterday's: yesterday's less today's, signed."""
    s = _after(engine, "今天有多少只涨停", "昨天涨停的有几只")
    count = "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('%s') AND d.raising_limit = true " \
            "RETURN count(DISTINCT s)"
    gap = engine.store.run(count % "2024-03-14").rows[0][0] - engine.store.run(count % "2024-03-15").rows[0][0]
    ans = s.ask("比今天多还是少 差几只")
    assert ans.error is None and ans.rows and ans.rows[0][-1] == gap, (ans.resolved_question, ans.rows)


@pytest.mark.parametrize("question, gold", [
    ("今天跌停的多不多", f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.range <= -9.9 "
                    "RETURN count(DISTINCT s)"),
    ("哪些产业规模超过1万亿", "MATCH (i:industry) WHERE i.scale > 10000 RETURN i.name"),
    ("五粮液一年里最高到过多少钱", "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= "
                        f"date('2023-03-16') AND d.date <= {T} RETURN max(d.maximum_price)"),
    ("gzmt现在啥价", f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                  "RETURN d.closing_price"),
    ("中心国际这礼拜跌成啥样了", "MATCH (s:stock {name: '中芯国际'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->"
                       f"(b:stock_data) WHERE a.date = date('2024-03-08') AND b.date = {T} "
                       "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100"),
    ("既做锂电池又做储能的公司有哪些", "MATCH (a:industry {name: '锂电池'})<-[:associate]-(s:stock)-[:associate]->"
                          "(b:industry {name: '储能'}) RETURN DISTINCT s.name"),
    ("今天哪个板块涨停的最多", "MATCH (t:trade)<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) "
                     f"WHERE d.date = {T} AND d.raising_limit = true RETURN t.name, count(DISTINCT s) AS n "
                     "ORDER BY n DESC, t.name LIMIT 1"),
    ("宁德时代2024年以来区间最高价是多少", "MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) WHERE "
                             f"d.date >= date('2024-01-01') AND d.date <= {T} RETURN max(d.maximum_price)"),
])
def test_everyday_ways_of_asking_are_read(engine, question, gold):
    """多不多 (how many), 1万亿 (one magnitude on another), 一年里 / 最高到过多少钱, 啥价, 跌成啥样了,
    既做…又做, 哪个板块涨停的最多 (boards by their stocks), 区间最高价 (the highest, not a sum)."""
    _same(engine, question, gold)


def test_leaving_out_a_group_the_answer_cannot_leave_out_is_flagged(engine):
    """不包括银行板块 of a holder's companies: no board in the query to leave out — flagged, not
    a name filter that leaves every company in."""
    ans = engine.ask("列出香港中央结算有限公司持股的公司及持股比例，不包括银行板块")
    assert ans.error is not None or ans.confidence < engine.trust, (ans.cypher, ans.confidence)


def test_several_asked_then_which_is_most_shows_them_all_the_most_first(engine):
    """香港中央结算拿了哪些票 哪个比例最高: every holding, the largest first (one row answered the second ask only)."""
    ans = engine.ask("香港中央结算拿了哪些票 哪个比例最高")
    want = engine.store.run("MATCH (:stockholder {name: '香港中央结算有限公司'})-[r:is_stockholder_of]->(s:stock) "
                            "RETURN s.name, r.shareholding_ratio ORDER BY r.shareholding_ratio DESC, s.name")
    assert ans.error is None and results_match(want.columns, want.rows, ans.columns, ans.rows, True), ans.cypher


def test_how_it_did_after_its_price_keeps_the_price(engine):
    """茅台今天多少钱, 涨了没, 昨天呢, 那五粮液呢: each answer keeps the price beside the change (the
    price fell away after 涨了没), and 俩差多少钱 is the gap of the prices."""
    s = _after(engine, "茅台今天多少钱", "涨了没", "昨天呢")
    ans = s.ask("那五粮液呢")
    _answers(engine, ans, "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) "
                          "WHERE d.date = date('2024-03-14') RETURN d.closing_price, d.range", sure=True)
    gap = s.ask("俩差多少钱")
    close = "MATCH (:stock {name: '%s'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') " \
            "RETURN d.closing_price"
    want = engine.store.run(close % "贵州茅台").rows[0][0] - engine.store.run(close % "五粮液").rows[0][0]
    assert gap.error is None and abs(gap.rows[0][-1] - want) < 0.01, (gap.resolved_question, gap.rows)


def test_another_figure_named_replaces_the_one_before(engine):
    """那成交量呢 after 今天涨了多少: the volume asked instead (比上一个高多少 then needs one figure a turn)."""
    s = _after(engine, "比亚迪今天涨了多少")
    ans = s.ask("那成交量呢")
    assert ans.error is None and "涨跌幅" not in ans.columns, (ans.resolved_question, ans.columns)


def test_the_one_pointed_out_of_a_ranked_list_is_what_this_one_means(engine):
    """各行业板块的涨跌幅，并指出涨幅最大的板块 then 该板块共有多少只成份股: every board shown, the best
    first — 该板块 is that one (it was asked back, then every board was counted)."""
    s = _after(engine, "请统计2024-03-15各行业板块的涨跌幅，并指出涨幅最大的板块。")
    ans = s.ask("该板块共有多少只成份股？")
    _answers(engine, ans, f"MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} WITH t ORDER BY d.range DESC, "
                          "t.name LIMIT 1 MATCH (s:stock)-[:belong_to]->(t) RETURN count(DISTINCT s)", sure=True)


def test_the_first_of_a_list_is_that_one_not_among_them_all(engine):
    """其中第一个本周每天收盘点位是多少 after the week's top five boards: the first board's days (the five's)."""
    s = _after(engine, "本周行业板块涨幅前五分别是哪些")
    first = s.turns[-1].answered[0].name
    ans = s.ask("其中第一个本周每天收盘点位是多少")
    _answers(engine, ans, f"MATCH (:trade {{name: '{first}'}})-[:has_trade_data]->(d:trade_data) WHERE d.date >= "
                          f"date('2024-03-11') AND d.date <= {T} RETURN d.date, d.closing_price", sure=True)


def test_which_rose_more_after_a_gap_of_two_is_which_of_those_two(engine):
    """这礼拜谁涨的多 after 俩差多少钱: which of the two rose more this week (the gap's question was
    asked again with the week's change, sure)."""
    s = _after(engine, "茅台今天多少钱", "那五粮液呢", "俩差多少钱")
    ans = s.ask("这礼拜谁涨的多")
    _answers(engine, ans, "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
                          "WHERE s.name IN ['贵州茅台', '五粮液'] AND a.date = date('2024-03-08') AND b.date = "
                          f"{T} RETURN s.name ORDER BY (b.closing_price - a.closing_price) / a.closing_price DESC")


def test_the_others_asked_by_their_figure_leave_out_the_one_discussed(engine):
    """这个经理管的别的基金规模加起来多少 after the fund's manager: the fund discussed is left out
    (别的基金规模 hid the kind in a figure word, sure)."""
    s = _after(engine, "华安品质生活债券C经理是谁")
    ans = s.ask("这个经理管的别的基金规模加起来多少")
    _answers(engine, ans, "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '华安品质生活债券C'}), "
                          "(m)-[:manage]->(f:public_offering_fund) WHERE f.name <> '华安品质生活债券C' "
                          "RETURN sum(f.scale)", sure=True)


def test_several_names_and_only_asking_words_ask_the_figure_before_of_each(engine):
    """五粮液 泸州老窖 山西汾酒分别是多少 after 茅台's quarter, 环比呢, 同比呢: each one's figure that
    quarter (each one's card was shown, sure); 这四家加起来 then is not the two growths added."""
    s = _after(engine, "贵州茅台2023年四季度单季净利润多少", "环比呢", "同比呢")
    ans = s.ask("五粮液 泸州老窖 山西汾酒分别是多少")
    _answers(engine, ans, "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) WHERE "
                          "s.name IN ['五粮液', '泸州老窖', '山西汾酒'] AND f.year = 2023 AND f.quarter = 4 "
                          "RETURN s.name, f.net_profit", sure=True)
    four = s.ask("这四家加起来")
    assert four.error is not None or four.confidence < engine.trust or "同比" not in four.resolved_question, \
        (four.resolved_question, four.rows)


def test_a_boards_stocks_average_change_over_a_week_is_each_ones_change_averaged(engine):
    """银行板块成分股本周的平均涨幅: each stock's change over the week, averaged (the days' changes were
    averaged, sure)."""
    _same(engine, "银行板块成分股本周的平均涨幅是多少",
          "MATCH (:trade {name: '银行'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(a:stock_data), "
          f"(s)-[:has_stock_data]->(b:stock_data) WHERE a.date = date('2024-03-08') AND b.date = {T} "
          "RETURN avg((b.closing_price - a.closing_price) / a.closing_price * 100)")


def test_the_chain_said_twice_in_a_follow_up_goes_two_links(engine):
    """那上游的上游呢 after 锂电池上游是啥: two links up (the one link again, flagged)."""
    s = _after(engine, "锂电池上游是啥")
    ans = s.ask("那上游的上游呢")
    _answers(engine, ans, "MATCH (u:industry)-[:affect]->(:industry)-[:affect]->(:industry {name: '锂电池'}) "
                          "RETURN DISTINCT u.name", sure=True)


# ---- writers R and S (twenty-seventh session): bank officers, board secretaries, exam students,
# Taiwanese investors, handwriting input, search-bar keywords

def test_a_concept_asked_beside_a_question_is_noted_and_the_rest_answered(engine):
    amplitude = ("MATCH (s:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
                 "RETURN (d.maximum_price - d.minimum_price) * (100 + d.range) / d.closing_price")
    _same(engine, "振幅是怎么算的，宁德时代昨天振幅多少", amplitude)
    ans = engine.ask("振幅是怎么算的，宁德时代昨天振幅多少")
    assert any("振幅是怎么算的" in n for n in ans.notes), ans.notes  # the concept part is said to be unanswered
    _same(engine, "红三兵是什么意思，最近哪些股票出现了",  # …of what the concept part named
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.hong_san_bing AND d.date >= date('2024-03-11') "
          "AND d.date <= date('2024-03-15') RETURN DISTINCT s.name, d.date")


def test_the_first_biggest_holder_is_read_once(engine):
    _same(engine, "招商银行第一大股东是谁",
          "MATCH (h:stockholder)-[r:is_stockholder_of]->(s:stock {name: '招商银行'}) "
          "RETURN h.name ORDER BY r.shareholding_ratio DESC, h.name LIMIT 1")


@pytest.mark.parametrize("question, gold", [
    ("中国平安 利空", "MATCH (s:stock {name: '中国平安'})-[r:involve]->(i:information) WHERE r.tendency = -1 RETURN i.name"),
    ("天弘新能源指数A 重仓 + 占比", "MATCH (:public_offering_fund {name: '天弘新能源指数A'})-[h:hold]->(s:stock) "
                               "RETURN s.name, h.position_ratio"),
    ("王明 管的基金 重仓", "MATCH (:fund_manager {name: '王明'})-[:manage]->(:public_offering_fund)-[:hold]->(s:stock) "
                      "RETURN DISTINCT s.name"),
])
def test_a_link_word_said_last_lists_what_it_links_to(engine, question, gold):
    _same(engine, question, gold)


def test_a_fall_beyond_a_threshold_lists_the_biggest_fall_first(engine):
    _same(engine, "今日银行板块跌幅超过1%的个股名单及跌幅",
          f"MATCH (s:stock)-[:belong_to]->(:trade {{name: '银行'}}), (s)-[:has_stock_data]->(d:stock_data) "
          f"WHERE d.date = {T} AND d.range < -1 RETURN s.name, d.range ORDER BY d.range", ordered=True)


def test_each_days_figure_then_the_most_shows_every_day_the_most_first(engine):
    _same(engine, "请问招商银行这个星期每天成交了多少股？哪一天成交得最多？",
          "MATCH (:stock {name: '招商银行'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
          "RETURN d.date, d.volume ORDER BY d.volume DESC", ordered=True)


def test_the_first_quarters_of_a_year_are_summed(engine):
    _same(engine, "茅台2023年前三季度净利润合计",
          "MATCH (:stock {name: '贵州茅台'})-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2023 AND f.quarter <= 3 RETURN sum(f.net_profit)")


def test_which_day_and_then_that_days_change_is_the_days_row(engine):
    _same(engine, "片仔癀近一年里，涨得最多的是哪一天？那天涨了百分之几？",
          "MATCH (:stock {name: '片仔癀'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2023-03-16') "
          "RETURN d.date, d.range ORDER BY d.range DESC, d.date LIMIT 1")


@pytest.mark.parametrize("question, name", [
    ("宁德时伐是那个省的", "宁德时代"), ("建没银行多少钱一股", "建设银行"), ("招商银仃今天收盘多少", "招商银行"),
    ("长江电刀一年前多少钱", "长江电力"),
])
def test_handwriting_look_alikes_are_read_as_the_name(engine, question, name):
    ans = engine.ask(question)
    assert ans.error is None and ans.confidence >= engine.trust and ans.params.get("p0") == name, \
        (ans.error, ans.params, ans.confidence)


def test_lots_of_a_thousand_shares_taiwan(engine):
    _same(engine, "中芯國際今天成交張數大概多少張齁",
          f"MATCH (:stock {{name: '中芯国际'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.volume / 1000.0")


@pytest.mark.parametrize("turns, question, gold", [
    (("科创板 按注册资本降序取前5",), "这5个里成立最早的 成立日期多少",  # among the five shown
     "MATCH (s:stock {listed_sector: '科创板'}) WITH s ORDER BY s.registered_capital DESC, s.name LIMIT 5 "
     "RETURN s.name, s.establishment_date ORDER BY s.establishment_date LIMIT 1"),
    (("银行板块有哪些股票",), "现任董事长分别是谁，任职日期？",  # each of the list
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock)-[:belong_to]->(:trade {name: '银行'}) "
     "WHERE c.departure_date IS NULL RETURN s.name, c.name, c.appointment_date"),
    (("昨天宁波互娱收盘多少",), "同一天跌幅最大的是哪只？",  # of all, that day — not the one stock again
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
     "RETURN s.name, d.range ORDER BY d.range, s.name LIMIT 1"),
    (("zgpa", "利空"), "利好 几条",  # the link's other value, counted
     "MATCH (:stock {name: '中国平安'})-[r:involve]->(i:information) WHERE r.tendency = 1 RETURN count(i)"),
    (("客户想买新发的基金，现在处于认购期的有哪些？",), "哪只最早截止？经理是谁",  # the one picked, then of it
     "MATCH (f:public_offering_fund {sales_status: '认购期'}) WITH f ORDER BY f.subscription_end_time, f.name "
     "LIMIT 1 MATCH (m:fund_manager)-[:manage]->(f) RETURN m.name"),
])
def test_a_follow_up_of_writers_r_and_s_leans_on_the_turn_before(engine, turns, question, gold):
    _answers(engine, _after(engine, *turns).ask(question), gold, sure=True)


def test_we_are_the_company_the_asker_said(engine):
    s = _after(engine, "我们是海螺水泥，帮忙核一下现任董事长姓名和任职日期")
    ans = s.ask("今天我们在建材板块里涨跌幅排第几")
    assert "海螺水泥" in ans.resolved_question and ans.rows and ans.rows[0][0] == "海螺水泥", \
        (ans.resolved_question, ans.rows)


@pytest.mark.parametrize("question, gold", [
    ("600519 3月 最高", "MATCH (:stock {code: '600519'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-01') "
                      "RETURN d.date, d.maximum_price ORDER BY d.maximum_price DESC LIMIT 1"),
    ("省份 公司数 排名", "MATCH (s:stock) RETURN s.province, count(s) AS n"),
    ("易方达蓝筹精选混合A 持仓 前十", "MATCH (:public_offering_fund {name: '易方达蓝筹精选混合A'})-[h:hold]->(s:stock) "
                                "RETURN s.name, h.position_ratio ORDER BY h.position_ratio DESC, s.name LIMIT 10"),
    ("2月 涨停 次数 最多", "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.raising_limit AND d.date >= "
                       "date('2024-02-01') AND d.date <= date('2024-02-29') RETURN s.name, count(d) AS n "
                       "ORDER BY n DESC, s.name LIMIT 1"),
])
def test_search_box_keywords_are_read_as_one_question(engine, question, gold):
    _same(engine, question, gold)


def test_a_figure_of_one_against_another_said_with_bi_then_which_and_how_much(engine):
    _same(engine, "我司泸州老窖的注册资本跟山西汾酒比谁高，差多少",
          "MATCH (a:stock {name: '泸州老窖'}), (b:stock {name: '山西汾酒'}) "
          "RETURN CASE WHEN a.registered_capital > b.registered_capital THEN a.name ELSE b.name END, "
          "abs(a.registered_capital - b.registered_capital)")


def test_the_same_quarter_of_another_year_more_or_less(engine):
    _same(engine, "您好，请问贵州茅台二〇二三年第三季度赚了多少钱？跟二〇二二年同一个季度比，是多了还是少了？",
          GROWTH % ("贵州茅台", 2023, 3, 2022, 3))


def test_the_askers_company_after_he_and_the_province_it_shares(engine):
    _same(engine, "和我们五粮液同一个省的上市公司都有哪些",
          "MATCH (x:stock {name: '五粮液'}), (s:stock) WHERE s.province = x.province AND s.name <> x.name RETURN s.name")


def test_a_boards_index_asked_after_the_board_is_that_boards(engine):
    s = _after(engine, "软件开发板块今天涨了多少")
    _answers(engine, s.ask("板块指数本月表现如何"),
             "MATCH (t:trade {name: '软件开发'})-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
             "WHERE a.date = date('2024-02-29') AND b.date = date('2024-03-15') "
             "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", sure=True)


def test_counts_that_happen_to_be_equal_are_each_answered(engine):
    """中信证券新闻几条 利好利空各几条: three counts — a later count equal to the first is its own, not shown already."""
    ans = engine.ask("中信证券新闻几条 利好利空各几条")
    want = engine.store.run("MATCH (s:stock {name: '中信证券'})-[r:involve]->(i:information) RETURN count(i), "
                            "sum(CASE WHEN r.tendency = 1 THEN 1 ELSE 0 END), sum(CASE WHEN r.tendency = -1 THEN 1 ELSE 0 END)")
    assert len(ans.columns) == 3 and [float(x) for x in ans.rows[0]] == [float(x) for x in want.rows[0]], (ans.cypher, ans.rows)


def test_two_asks_a_space_apart_stay_two_clauses_not_keywords(engine):
    """持了哪些票 哪只持股比例最高: every holding, the biggest first — never read as one run of words
    that keeps only the biggest (search-box keywords are read that way only when no part asks)."""
    ans = engine.ask("香港中央结算有限公司持了哪些票 哪只持股比例最高")
    want = engine.store.run("MATCH (:stockholder {name: '香港中央结算有限公司'})-[r:is_stockholder_of]->(s:stock) "
                            "RETURN s.name, r.shareholding_ratio")
    assert len(ans.rows) == len(want.rows) > 1 or ans.confidence < engine.trust, (ans.cypher, ans.confidence)
    # …asking words as read count too: 系边个 (是谁) and 系咪 (是不是) ask, two clauses — the former chairmen alone is no answer
    ans = engine.ask("比亚笛董事长系边个 佢系咪已经离咗任")
    assert ans.confidence < engine.trust or "departure_date IS NULL" in ans.cypher.replace("NOT (c.departure_date IS NULL)", ""), \
        (ans.cypher, ans.confidence)


def test_which_period_was_worst_after_one_things_periods_ranks_those(engine):
    s = _after(engine, "五粮液2023年四个季度单季净利润分别是多少")
    _answers(engine, s.ask("哪个季度最差"),
             "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->(f:stock_financial_information) "
             "WHERE f.year = 2023 RETURN f.quarter, f.net_profit ORDER BY f.net_profit LIMIT 1", sure=True)


def test_each_of_a_list_then_their_total_then_each_ones_again(engine):
    """各自规模 → 合计 → 经理分别谁 after the top funds holding 宁德时代: each one's size, the sum of those,
    then each one's managers — the list the first turn showed, not every fund."""
    s = _after(engine, "持仓占比排 重仓宁德的基金top5", "各自规模")
    funds = "MATCH (f:public_offering_fund)-[h:hold]->(:stock {name: '宁德时代'}) WITH f ORDER BY h.position_ratio DESC, f.name LIMIT 5 "
    _answers(engine, s.ask("合计"), funds + "RETURN sum(f.scale)", sure=True)
    _answers(engine, s.ask("经理分别谁"), funds + "MATCH (m:fund_manager)-[:manage]->(f) RETURN f.name, m.name", sure=True)


def test_a_things_own_link_date_is_its_own_not_a_list(engine):
    """鼎盛钢铁是啥时候上市的: the date of its own listing — none in the KG is said, not an empty list shown sure."""
    ans = engine.ask("鼎盛钢铁是啥时候上市的")
    assert ans.error is not None or ans.confidence < engine.trust or ans.rows, (ans.cypher, ans.confidence)


CLOSE = "MATCH (s:stock {name: '%s'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('%s') RETURN d.closing_price"


@pytest.mark.parametrize("question, gold", [
    ("茅台，哦不，五粮液昨天收盘多少", CLOSE % ("五粮液", "2024-03-14")),
    ("帮我看下招商银行今天，不是，昨天收盘多少", CLOSE % ("招商银行", "2024-03-14")),
    ("上周三……不对是上周四宁德时代的收盘价", CLOSE % ("宁德时代", "2024-03-07")),
    ("工商银行还是建设银行来着，建设银行的收盘价", CLOSE % ("建设银行", "2024-03-15")),
    ("贵州茅台2023年三季度，写错了，二季度的净利润",
     "MATCH (:stock {name: '贵州茅台'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 AND f.quarter = 2 RETURN f.net_profit"),
    ("北京的公司有多少家 哦 我说的是上海的", "MATCH (s:stock) WHERE s.province = '上海' RETURN count(s)"),
    ("有几只创业板股票今天涨停了 哦是科创板",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.listed_sector = '科创板' AND d.date = date('2024-03-15') "
     "AND d.raising_limit = true RETURN count(DISTINCT s)"),
    ("立讯精密跟工业富联，哦再加个京东方A，三个今天谁涨得最好",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['立讯精密', '工业富联', '京东方A'] "
     "AND d.date = date('2024-03-15') RETURN s.name ORDER BY d.range DESC"),
])
def test_a_word_taken_back_gives_way_to_the_one_said_instead(engine, question, gold):
    """茅台，哦不，五粮液…: what follows the correction replaces the earlier word of its kind (a stock, a
    day, a quarter, a value), and the answer says how it read the question."""
    _same(engine, question, gold)
    assert any("改口" in n for n in engine.ask(question).notes)


def test_a_mark_of_correction_with_nothing_to_replace_changes_nothing(engine):
    """不是说有利好吗 after a question, a list's second clause (，还有五粮液的): no word of a kind taken back."""
    for q in ("宁德时代今天涨了吗 不是说有利好吗", "贵州茅台今天收盘多少，还有五粮液昨天的成交量", "贵州茅台是不是白酒股",
              "持有宁德时代的基金里哪只规模最大，是谁管的", "生猪养殖的上游是啥 是饲料吗", "持有白酒股的基金都有哪些 我要全买了"):
        assert engine.lexicon.as_read(q) == engine.lexicon.as_read(q, meant=False), q


def test_he_after_the_client_is_the_client_not_a_name_asked_back(engine):
    """客户说他想问…: a hotline operator relays the client — 他 is the client, the name after it is asked about."""
    _same(engine, "客户说他想问一下贵州茅台今天收盘多少钱，就是今天", CLOSE % ("贵州茅台", "2024-03-15"))
    _same(engine, "客户想问一下，他问的是比亚迪，比亚迪在哪个省", "MATCH (s:stock {name: '比亚迪'}) RETURN s.province")
    ans = engine.ask("他的收盘价是多少")  # with no one before it, 他 is still asked back
    assert ans.error is not None and "他" in ans.error


def test_one_character_of_a_name_typed_alone_is_that_name(engine):
    """茅 收？, 茅 vs 五粮液: a search box's one-character shorthand — alone, never inside other words (贵州茅苔 is a typo)."""
    _same(engine, "茅 收？", CLOSE % ("贵州茅台", "2024-03-15"))
    _same(engine, "平安 上周三 收", CLOSE % ("中国平安", "2024-03-06"))
    _same(engine, "工行 建行 今天谁涨多",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['工商银行', '建设银行'] "
          "AND d.date = date('2024-03-15') RETURN s.name ORDER BY d.range DESC")
    [m] = [m for m in engine.lexicon.extract("贵州茅苔的成交量", dt.date(2024, 3, 15)).mentions if m.kind == "entity"]
    assert m.text == "贵州茅苔" and "纠正" in m.note


def test_several_values_compared_are_one_row_each(engine):
    """广东、浙江、江苏三省…平均涨跌幅对比: one row per province, not one average over the three."""
    _same(engine, "广东、浙江、江苏三省上市公司今日平均涨跌幅对比",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.province IN ['广东', '浙江', '江苏'] "
          "AND d.date = date('2024-03-15') RETURN s.province, avg(d.range)")


def test_a_value_asked_by_name_with_no_row_is_said_missing(engine):
    """沪市主板与深市主板涨停家数对比 with no 深市主板 stock at its limit: the board with none is said, not left out unsaid."""
    ans = engine.ask("今日沪市主板与深市主板涨停家数对比")
    shown = {r[0] for r in ans.rows}
    assert shown == {"沪市主板", "深市主板"} or ans.confidence < engine.trust and any("深市主板" in n for n in ans.notes), \
        (ans.rows, ans.notes)


def test_a_turn_taking_back_the_one_before_asks_it_again_with_the_word_said_instead(engine):
    """错了错了 是鹏华大金融股票A / 不对 我想看的其实是银行板块: the question before, with this thing instead."""
    s = _after(engine, "华安大金融股票A的基金经理是谁")
    _answers(engine, s.ask("错了错了 是鹏华大金融股票A"),
             "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '鹏华大金融股票A'}) RETURN m.name", sure=True)
    s = _after(engine, "上个月白酒板块涨了多少", "不对 我想看的其实是银行板块")
    _answers(engine, s.ask("那上上个月呢"),  # …and the month before last is January
             "MATCH (t:trade {name: '银行'})-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
             "WHERE a.date = date('2023-12-29') AND b.date = date('2024-01-31') "
             "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100", sure=True)


def test_that_day_is_the_day_asked_before(engine):
    s = _after(engine, "券商板块3月11日涨了多少")
    _answers(engine, s.ask("当日券商成分股涨幅前三"),
             "MATCH (s:stock)-[:belong_to]->(:trade {name: '券商'}), (s)-[:has_stock_data]->(d:stock_data) "
             "WHERE d.date = date('2024-03-11') RETURN s.name, d.range ORDER BY d.range DESC, s.name LIMIT 3", sure=True)


def test_the_top_three_of_a_named_things_holders(engine):
    """兴业银行的股东前三: its three biggest holders, not all of them in order."""
    _same(engine, "兴业银行的股东前三",
          "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '兴业银行'}) "
          "RETURN h.name, r.shareholding_ratio ORDER BY r.shareholding_ratio DESC, h.name LIMIT 3")


def test_coursework_numbering_is_no_part_of_the_ask(engine):
    """第一问：…？第二问：其中…: both asks answered; 直接影响…的所有上游 is one link up, not the whole chain."""
    _same(engine, "第一问：银行板块共有多少只股票？第二问：其中2023年第四季度单季净利润最高的是哪只？",
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}) WITH count(s) AS n "
          "MATCH (x:stock)-[:belong_to]->(:trade {name: '银行'}), (x)-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2023 AND f.quarter = 4 RETURN n, x.name ORDER BY f.net_profit DESC LIMIT 1")
    _same(engine, "要求列出直接影响“新能源汽车”的所有上游产业及其产业规模。",
          "MATCH (u:industry)-[:affect]->(:industry {name: '新能源汽车'}) RETURN u.name, u.scale")


def test_a_median_is_the_middle_value(engine):
    """煤炭板块成分股注册资本中位数: the middle of the sorted values (the mean of the middle two when even)."""
    caps = sorted(r[0] for r in engine.store.run(
        "MATCH (s:stock)-[:belong_to]->(:trade {name: '煤炭'}) RETURN s.registered_capital").rows)
    n = len(caps)
    middle = caps[n // 2] if n % 2 else (caps[n // 2 - 1] + caps[n // 2]) / 2
    ans = engine.ask("煤炭板块成分股注册资本中位数")
    assert ans.confidence >= engine.trust and abs(ans.rows[0][-1] - middle) < 1e-6, (ans.cypher, ans.rows, middle)


@pytest.mark.parametrize("question, day", [
    ("2024年春节前最后一个交易日白酒板块涨跌幅是多少", "2024-02-08"),
    ("节前最后一天白酒板块涨跌幅是多少", "2024-02-08"),
])
def test_the_last_trading_day_before_the_spring_festival(engine, question, day):
    _same(engine, question, "MATCH (:trade {name: '白酒'})-[:has_trade_data]->(d:trade_data) "
                            f"WHERE d.date = date('{day}') RETURN d.range")


def test_since_the_new_year_holiday_is_from_the_close_before_the_break(engine):
    """过完年到今天涨了多少: from the close of the last trading day before the Spring Festival."""
    _same(engine, "格力电器过完年到今天涨了百分之多少",
          "MATCH (s:stock {name: '格力电器'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
          "WHERE a.date = date('2024-02-08') AND b.date = date('2024-03-15') "
          "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")


def test_two_years_said_are_each_years_total(engine):
    """宁德时代2022年和2023年的净利润: a total for each year (as one year's is), not eight quarters' rows."""
    _same(engine, "宁德时代2022年和2023年的净利润",
          "MATCH (:stock {name: '宁德时代'})-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year IN [2022, 2023] RETURN f.year, sum(f.net_profit)")


def test_a_turn_opening_with_a_word_of_not_is_no_correction(engine):
    """剔除 暂停申购 (read 不含…) after a list: an exclusion, not 不 taken back."""
    s = _after(engine, "规模>50亿 基金名单")
    ans = s.ask("剔除 暂停申购")
    assert "NOT" in (ans.cypher or "") and ans.confidence >= engine.trust, (ans.resolved_question, ans.cypher)


def test_a_change_against_a_day_said_with_jiao(engine):
    """今日收盘点位较上周五变动幅度: the change since last Friday's close, in percent."""
    _same(engine, "券商板块今日收盘点位较上周五变动幅度",
          "MATCH (t:trade {name: '券商'})-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
          "WHERE a.date = date('2024-03-08') AND b.date = date('2024-03-15') "
          "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")


def test_how_many_days_unanswered_is_not_vouched_for(engine):
    """今年军工板块涨幅超过3%的有几天: a count of days asked — an answer with no count is not shown as sure."""
    ans = engine.ask("今年军工板块涨幅超过3%的有几天")
    assert "count" in (ans.cypher or "").lower() or ans.confidence < engine.trust, (ans.cypher, ans.confidence)


@pytest.mark.parametrize("first, turn, gold", [
    ("中芯国际今天成交量多少", "哦不是今天 我要昨天的",
     "MATCH (:stock {name: '中芯国际'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') RETURN d.volume"),
    ("招商银行的董事长是谁", "啊我说错了 是兴业银行的",
     "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '兴业银行'}) WHERE c.departure_date IS NULL RETURN c.name"),
    ("景顺长城品质生活债券A的规模多少", "嗯 我刚问的不是规模是净值",
     "MATCH (f:public_offering_fund {name: '景顺长城品质生活债券A'}) RETURN f.net_worth"),
])
def test_a_turn_saying_what_it_did_not_mean(engine, first, turn, gold):
    """哦不是今天 我要昨天的: the question before, asked of what is meant instead."""
    _answers(engine, _after(engine, first).ask(turn), gold, sure=True)


def test_a_change_since_a_start_closing_the_clause_is_the_periods(engine):
    """煤炭板块本月以来板块指数涨跌幅: the change over the month so far, not each day's change."""
    _same(engine, "煤炭板块本月以来板块指数涨跌幅",
          "MATCH (t:trade {name: '煤炭'})-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
          "WHERE a.date = date('2024-02-29') AND b.date = date('2024-03-15') "
          "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")


def test_a_funds_short_name_with_its_share_class_is_that_fund(engine):
    """易方达蓝筹A 经理: the one fund whose name starts so and ends with A — not every 易方达蓝筹 fund."""
    _same(engine, "易方达蓝筹A 经理",
          "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '易方达蓝筹精选混合A'}) RETURN m.name")


def test_an_ask_let_go_gives_way_to_the_one_after_it(engine):
    """明天贵州茅台能涨吗 算了 你说说今天收盘价: the first ask is let go, the thing it named stays."""
    _same(engine, "明天贵州茅台能涨吗 算了 你说说今天收盘价", CLOSE % ("贵州茅台", "2024-03-15"))
    _same(engine, "宁德时代会不会退市 算了 五粮液今天收盘价", CLOSE % ("五粮液", "2024-03-15"))


MONTH_CHANGE = ("MATCH (t:trade {name: '银行'})-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
                "WHERE a.date = date('2024-01-31') AND b.date = date('2024-02-29') "
                "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")


def test_a_months_change_is_the_months_not_each_days(engine):
    """银行板块2月份涨跌幅 / 2月的月度收益率: from January's last close to February's; 每天的 keeps each day's."""
    _same(engine, "银行板块2月份涨跌幅", MONTH_CHANGE)
    _answers(engine, engine.ask("请计算银行板块2024年2月的月度收益率，以1月最后一个交易日收盘点位为基准。"), MONTH_CHANGE)
    _same(engine, "银行板块2月份每天的涨跌幅",
          "MATCH (t:trade {name: '银行'})-[:has_trade_data]->(d:trade_data) "
          "WHERE d.date >= date('2024-02-01') AND d.date <= date('2024-02-29') RETURN d.date, d.range")


def test_coursework_changes_against_another_day(engine):
    """收盘价的环比变动（相对前一交易日）: the day's change; 比较…与…的收盘价，计算同比涨幅: the later against the earlier."""
    _same(engine, "请计算中信证券2024年3月15日收盘价的环比变动（相对前一交易日）。",
          "MATCH (s:stock {name: '中信证券'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') RETURN d.range")
    _same(engine, "题目：比较贵州茅台2024年3月15日与2023年3月15日的收盘价，计算同比涨幅。",
          "MATCH (s:stock {name: '贵州茅台'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
          "WHERE a.date = date('2023-03-15') AND b.date = date('2024-03-15') "
          "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")
    _same(engine, "第一问：2024年春节前最后一个交易日是哪天？第二问：该日白酒板块涨跌幅是多少？",
          "MATCH (:trade {name: '白酒'})-[:has_trade_data]->(d:trade_data) WHERE d.date = date('2024-02-08') RETURN d.range")


def test_a_growth_against_a_quarter_said_after_one_quarters_figure(engine):
    """同比呢 跟22年二季度比 after 宁德时代2023年二季度净利润: its growth since then, not 2022's figure;
    换成比亚迪也算下: the same growth of BYD; 哪个增速高: the faster of the two."""
    s = _after(engine, "宁德时代2023年三季度净利润，啊不对，二季度")
    growth = ("MATCH (s:stock {name: '%s'})-[:has_stock_financial_information]->(a:stock_financial_information), "
              "(s)-[:has_stock_financial_information]->(b:stock_financial_information) WHERE a.year = 2022 AND "
              "a.quarter = 2 AND b.year = 2023 AND b.quarter = 2 RETURN (b.net_profit - a.net_profit) / abs(a.net_profit) * 100")
    _answers(engine, s.ask("同比呢 跟22年二季度比"), growth % "宁德时代", sure=True)
    _answers(engine, s.ask("换成比亚迪也算下"), growth % "比亚迪", sure=True)
    assert s.ask("哪个增速高").rows[0][0] == "比亚迪"


def test_lead_words_glued_to_a_name_are_no_part_of_it(engine):
    """第二题换成兴业银行 / 等下还是回到招行 / 客户又问建设银行是不是也一样，也是这几天的: the name, then the turn
    before asked of it; 走得怎么样: its close and change."""
    s = _after(engine, "招商银行的董事长是谁", "兴业银行呢")
    _answers(engine, s.ask("等下还是回到招行，招行那位是男是女"),
             "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '招商银行'}) WHERE c.departure_date IS NULL "
             "RETURN c.name, c.sex", sure=True)
    s = _after(engine, "工商银行这个礼拜每天的涨跌幅")
    _answers(engine, s.ask("客户又问建设银行是不是也一样，也是这几天的"),
             "MATCH (:stock {name: '建设银行'})-[:has_stock_data]->(d:stock_data) "
             "WHERE d.date >= date('2024-03-11') AND d.date <= date('2024-03-15') RETURN d.date, d.range", sure=True)
    _same(engine, "客户问茅台今天走得怎么样",
          "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') "
          "RETURN d.closing_price, d.range")
    _same(engine, "当前处于认购期的公募基金及认购截止日",
          "MATCH (f:public_offering_fund) WHERE f.sales_status = '认购期' RETURN f.name, f.subscription_end_time")


def test_a_figure_then_how_it_compares_with_another_shows_both(engine):
    """光伏设备板块今天涨了多少，和电池板块比哪个好: both boards' changes — never the first's alone, sure."""
    _same(engine, "客户问光伏设备板块今天涨了多少，和电池板块比哪个好",
          "MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE t.name IN ['光伏设备', '电池'] "
          "AND d.date = date('2024-03-15') RETURN t.name, d.range")
    ans = engine.ask("光伏设备板块今天涨了多少，和电池板块比哪个涨得多")
    assert ans.error is not None or ans.confidence < engine.trust or len(ans.rows) == 2, (ans.cypher, ans.rows)


def test_a_name_said_with_a_word_forgotten_in_the_middle(engine):
    """招商什么消费升级的: the funds whose names start 招商 and hold 消费升级 (both share classes);
    易方达什么基金 / 五粮液什么时候: a kind word or an asking word is no part of a name."""
    _same(engine, "有个基金叫招商什么消费升级的，现在还能不能买",
          "MATCH (f:public_offering_fund) WHERE f.name STARTS WITH '招商消费升级混合' RETURN f.name, f.sales_status")
    assert engine.lexicon.as_read("易方达什么基金规模最大") == "易方达什么基金规模最大"
    assert "什么时候" in engine.lexicon.as_read("五粮液什么时候上市的")


def test_a_share_class_said_after_both_classes_were_listed_is_that_one(engine):
    """是A的，A类那个 after both share classes of 招商消费升级混合 were listed: the A class, said once;
    这个经理还管别的基金没有，都管了哪些: his other funds."""
    s = _after(engine, "有个基金叫招商什么消费升级的，现在还能不能买")
    _answers(engine, s.ask("客户说是A的，A类那个，她问净值现在多少了"),
             "MATCH (f:public_offering_fund {name: '招商消费升级混合A'}) RETURN f.net_worth", sure=True)
    s.ask("这个基金是谁在管")
    _answers(engine, s.ask("客户问这个经理还管别的基金没有，都管了哪些"),
             "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '招商消费升级混合A'}) "
             "MATCH (m)-[:manage]->(f:public_offering_fund) WHERE f.name <> '招商消费升级混合A' RETURN f.name")


def test_several_things_each_against_a_day(engine):
    """这五个板块较上周五收盘各涨了多少 after the top five boards: each board's close today against its
    own last Friday — a row each, not last Friday's rows."""
    s = _after(engine, "今日行业板块涨幅榜前五，附涨跌幅")
    ans = s.ask("这五个板块较上周五收盘各涨了多少")
    want = engine.store.run(
        "MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = date('2024-03-15') WITH t, d "
        "ORDER BY d.range DESC, t.name LIMIT 5 MATCH (t)-[:has_trade_data]->(a:trade_data), (t)-[:has_trade_data]->(b:trade_data) "
        "WHERE a.date = date('2024-03-08') AND b.date = date('2024-03-15') "
        "RETURN t.name, (b.closing_price - a.closing_price) * 100.0 / abs(a.closing_price)")
    assert ans.confidence >= engine.trust and results_match(want.columns, want.rows, ans.columns, ans.rows, False), \
        (ans.resolved_question, ans.cypher)
    _same(engine, "贵州茅台和五粮液今天收盘比昨天高多少",
          "MATCH (s:stock)-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
          "WHERE s.name IN ['贵州茅台', '五粮液'] AND a.date = date('2024-03-14') AND b.date = date('2024-03-15') "
          "RETURN s.name, b.closing_price - a.closing_price")


def test_neither_of_two_values(engine):
    """不在广东也不在浙江的消费电子股 / 既不是创业板也不是科创板的: both values left out — never dropped unsaid."""
    _same(engine, "不在广东也不在浙江的消费电子股",
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '消费电子'}) WHERE NOT s.province IN ['广东', '浙江'] RETURN s.name")
    _same(engine, "既不是创业板也不是科创板的白酒股",
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '白酒'}) WHERE NOT s.listed_sector IN ['创业板', '科创板'] RETURN s.name")


def test_a_traders_count_of_boards_and_a_total_issue(engine):
    """券商今天几个板: how many closed at their limit; 新股一共发了多少万股: the issue sizes added up."""
    _same(engine, "券商今天几个板",
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '券商'}), (s)-[:has_stock_data]->(d:stock_data) "
          "WHERE d.date = date('2024-03-15') AND d.raising_limit = true RETURN count(DISTINCT s)")
    _same(engine, "今年以来网上发行的新股一共发了多少万股",
          "MATCH (n:new_stock) WHERE n.online_release_date >= date('2024-01-01') AND n.online_release_date <= date('2024-03-15') "
          "RETURN sum(n.amount)")


def test_a_turn_naming_nothing_after_one_about_a_thing_is_not_vouched_for(engine):
    """今天涨停的有哪些 after a turn about 山西汾酒: answered for the market, with a note — it may have meant 山西汾酒."""
    s = _after(engine, "山西汾酒今天收盘多少")
    ans = s.ask("今天涨停的有哪些")
    assert ans.rows and ans.confidence < engine.trust and any("上一轮说到的那个" in n for n in ans.notes), ans.notes
    assert engine.session().ask("今天涨停的有哪些").confidence >= engine.trust  # asked first, it is sure


def test_a_traders_pet_names_and_a_sichuan_grandmothers_words(engine):
    """茅子 / 迪子 (a trader's pet names), 遭了 (fell), 好久当的 (when appointed), 基经 (a slip for 基金),
    请核查…列示 (a compliance officer's request words): each read as meant."""
    _same(engine, "茅子23年四个季度加起来赚多少",
          "MATCH (:stock {name: '贵州茅台'})-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2023 RETURN sum(f.net_profit)")
    _same(engine, "宁德时带这个星期遭了好多",
          "MATCH (s:stock {name: '宁德时代'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
          "WHERE a.date = date('2024-03-08') AND b.date = date('2024-03-15') "
          "RETURN (b.closing_price - a.closing_price) / a.closing_price * 100")
    _same(engine, "毛台的董事长是男的女的 好久当的",
          "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '贵州茅台'}) WHERE c.departure_date IS NULL "
          "RETURN c.name, c.sex, c.appointment_date")
    assert "基金" in engine.lexicon.as_read("规模最大的基经是哪个") and "基金理" not in engine.lexicon.as_read("基经理是谁")
    ans = engine.ask("请核查易方达消费升级股票A前十大重仓股，按持仓占比降序列示")
    assert ans.error is None and len(ans.rows) == 10, ans.error


def test_a_figure_over_the_rows_of_the_answer_before(engine):
    """这些占比加起来 / 接着求这四个的平均数 / 最大与最小差多少 / 四个季度加起来多少 right after an answer of
    several rows: that column totalled (averaged, spread) over those rows — asked as a question when it
    answers the same number, else computed from the rows and said so."""
    held = engine.store.run("MATCH (:public_offering_fund {name: '易方达消费升级股票A'})-[h:hold]->(:stock) "
                            "RETURN sum(h.position_ratio)").rows[0][0]
    s = _after(engine, "易方达消费升级股票A持有哪些股票，持仓占比各多少")
    assert s.ask("接着算这些占比加起来是多少").rows[0][-1] == pytest.approx(held)
    turns = engine.store.run("MATCH (:stock {name: '海天味业'})-[:has_stock_financial_information]->"
                             "(f:stock_financial_information) WHERE f.year = 2023 RETURN f.inventory_turnover").rows
    s = _after(engine, "海天味业2023年各季度的存货周转率")
    xs = [r[0] for r in turns]
    assert s.ask("接着求这四个的平均数").rows[0][-1] == pytest.approx(sum(xs) / len(xs))
    spread = s.ask("最大与最小差多少")  # after the mean (computed): the same rows again
    assert spread.rows == [[pytest.approx(max(xs) - min(xs))]]
    s = _after(engine, "宁德时代2023年每个季度净利润列一下")
    total = s.ask("四个季度加起来多少")  # the reading drops 四个季度加起来 (a year's figure is its sum): computed
    want = engine.store.run("MATCH (:stock {name: '宁德时代'})-[:has_stock_financial_information]->"
                            "(f:stock_financial_information) WHERE f.year = 2023 RETURN sum(f.net_profit)").rows[0][0]
    assert total.kind == "arithmetic" and total.rows[0][0] == pytest.approx(want)
    assert any("第 1 轮答案的 4 行" in n for n in total.notes), total.notes
    later = _after(engine, "贵州茅台2023年四个季度的单季度净利润分别是多少", "接着算全年合计").ask("2022年的呢")
    assert later.rows[0][-1] == pytest.approx(engine.store.run(  # the total asked is leant on: 2022's total
        "MATCH (:stock {name: '贵州茅台'})-[:has_stock_financial_information]->(f:stock_financial_information) "
        "WHERE f.year = 2022 RETURN sum(f.net_profit)").rows[0][0])


def test_counts_and_means_said_plainly(engine):
    """管了好多基金 (Sichuanese: how many), 多少基金 with no measure word, 平均 of two named things,
    成交量加一起多少股 (shares, not stocks)."""
    _same(engine, "丁晓梅管了好多基金",
          "MATCH (:fund_manager {name: '丁晓梅'})-[:manage]->(f:public_offering_fund) RETURN count(DISTINCT f)")
    _same(engine, "兴全价值成长债券C和银华蓝筹精选指数A的平均规模",
          "MATCH (f:public_offering_fund) WHERE f.name IN ['兴全价值成长债券C', '银华蓝筹精选指数A'] RETURN avg(f.scale)")
    _same(engine, "gzmt和wly今天成交量加一起多少股",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['贵州茅台', '五粮液'] "
          "AND d.date = date('2024-03-15') RETURN sum(d.volume)")
    s = _after(engine, "丁晓梅管了几只基金")
    total = s.ask("规模加起来多少")  # the figure of the things counted, no longer their count
    assert total.rows == [[pytest.approx(engine.store.run(
        "MATCH (:fund_manager {name: '丁晓梅'})-[:manage]->(f:public_offering_fund) RETURN sum(f.scale)").rows[0][0])]]


def test_a_place_word_before_a_kind_picks_from_the_list_of_that_kind(engine):
    """第二个经理 after a list of managers and turns about their funds: the second manager listed;
    第一只的基金经理: the first fund's manager."""
    s = _after(engine, "女的基金经理有哪些")
    second = engine.session().ask("女的基金经理有哪些").rows[1][0]
    s.ask("头一个管了好多基金")
    s.ask("里头规模最大那个买了哪些股票")
    ans = s.ask("那第二个经理呢 管了几个")
    assert second in ans.resolved_question, ans.resolved_question
    s = _after(engine, "贵州茅台被多少只基金持有", "持仓占比前三的基金")
    first = s.turns[-1].answered[0].name
    ans = s.ask("第一只的基金经理")
    assert ans.resolved_question.startswith(first), ans.resolved_question


def test_a_narrowed_count_over_many_rows_then_the_one_ranked_first(engine):
    """其中超过5%的几家 after a holder's 54 holdings (more than a turn keeps by name): the question before,
    narrowed; then 比例最高那家董事长是谁: the top holding's chairman, the ranking said in the note."""
    s = _after(engine, "核查中央汇金投资有限责任公司持股的上市公司 列示持股比例")
    count = s.ask("其中超过5%的几家")
    want = engine.store.run("MATCH (:stockholder {name: '中央汇金投资有限责任公司'})-[r:is_stockholder_of]->(s:stock) "
                            "WHERE r.shareholding_ratio > 5 RETURN count(DISTINCT s)").rows[0][0]
    assert want > 50 and count.rows == [[want]], (count.resolved_question, count.rows)
    top = engine.store.run("MATCH (:stockholder {name: '中央汇金投资有限责任公司'})-[r:is_stockholder_of]->(s:stock) "
                           "RETURN s.name ORDER BY r.shareholding_ratio DESC, s.name LIMIT 1").rows[0][0]
    chair = s.ask("比例最高那家董事长是谁")
    assert chair.resolved_question.startswith(top) and chair.error is None, chair.resolved_question


def test_among_the_things_a_figure_was_over(engine):
    """里面最大的那只都持了哪些股票 after the mean size of a manager's two funds: the larger fund's holdings."""
    s = _after(engine, "基金经理张婷管哪些基金", "这些规模加起来多少", "平均每只呢")
    ans = s.ask("里面最大的那只都持了哪些股票")
    biggest = engine.store.run("MATCH (:fund_manager {name: '张婷'})-[:manage]->(f:public_offering_fund) "
                               "RETURN f.name ORDER BY f.scale DESC LIMIT 1").rows[0][0]
    assert ans.resolved_question.startswith(biggest), ans.resolved_question


def test_a_years_difference_of_quarterly_figures_is_of_the_totals(engine):
    """中信证券和华泰证券2023年全年净利润差多少 (，哪个多): each one's four quarters summed, then the difference."""
    _same(engine, "中信证券和华泰证券2023年全年净利润差多少",
          "MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE s.name IN ['中信证券', '华泰证券'] AND f.year = 2023 WITH s, sum(f.net_profit) AS t "
          "RETURN max(t) - min(t)")
    ans = engine.ask("中信证券和华泰证券2023年全年净利润（四季度加总）差多少，哪个多")
    totals = dict(engine.store.run("MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
                                   "WHERE s.name IN ['中信证券', '华泰证券'] AND f.year = 2023 "
                                   "RETURN s.name, sum(f.net_profit)").rows)
    more = max(totals, key=totals.get)
    assert ans.rows[0][0] == more and ans.rows[0][-1] == pytest.approx(abs(totals["中信证券"] - totals["华泰证券"]))


def test_a_follow_ups_two_asks_about_the_one_it_names(engine):
    """客户追问这位经理一共管几只基金，加起来规模多少: both asks of the manager, one row."""
    s = _after(engine, "我这有位客户想了解华夏医疗健康股票A，先看下规模多大", "谁管的？客户问基金经理什么学历")
    ans = s.ask("客户追问这位经理一共管几只基金，加起来规模多少")
    want = engine.store.run("MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '华夏医疗健康股票A'}) "
                            "MATCH (m)-[:manage]->(g:public_offering_fund) RETURN count(DISTINCT g), sum(g.scale)").rows[0]
    assert ans.rows == [[want[0], pytest.approx(want[1])]], (ans.resolved_question, ans.rows)


def test_red_or_green_and_the_first_quarter_said_plainly(engine):
    """红盘还是绿盘 / 红不红 (up or down that day), 头一个季度 (the first quarter)."""
    for q in ("半导体板块今天红盘还是绿盘", "白酒板块今天整体红不红"):
        ans = engine.ask(q)
        assert ans.error is None and ans.confidence >= engine.trust and "涨跌幅" in ans.columns, (q, ans.error)
    _same(engine, "招商银行去年头一个季度净利润",
          "MATCH (:stock {name: '招商银行'})-[:has_stock_financial_information]->(f:stock_financial_information) "
          "WHERE f.year = 2023 AND f.quarter = 1 RETURN f.net_profit")


def test_numbers_said_roughly_are_the_range_they_cover(engine):
    """两百多块钱一股的 (200 to 300 a share), 注册资本五千多万的, 规模二十几亿的基金, 涨了百分之三点几的."""
    _same(engine, "两百多块钱一股的有哪些",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') "
          "AND d.closing_price >= 200 AND d.closing_price <= 300 RETURN s.name")
    _same(engine, "注册资本五千多万的", "MATCH (s:stock) WHERE s.registered_capital >= 5000 "
                                     "AND s.registered_capital <= 6000 RETURN s.name")
    _same(engine, "规模二十几亿的基金有哪些", "MATCH (f:public_offering_fund) WHERE f.scale >= 2000000000 "
                                          "AND f.scale <= 3000000000 RETURN f.name")
    _same(engine, "今天涨了百分之三点几的有哪些",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') "
          "AND d.range >= 3 AND d.range <= 4 RETURN s.name")
    assert engine.lexicon.as_read("今天涨了多少") == "今天涨了多少"  # 多少 is no number said roughly
    assert "到" not in engine.lexicon.as_read("白酒今天涨得第二多的是哪只")  # nor 第二多 (the second most)


def test_a_list_of_those_in_a_group_that_meet_a_value(engine):
    """白酒今天涨了的都有谁: one board is no list — its stocks that rose today (除了茅台以外: but 茅台)."""
    gold = ("MATCH (s:stock)-[:belong_to]->(:trade {name: '白酒'}) MATCH (s)-[:has_stock_data]->(d:stock_data) "
            "WHERE d.date = date('2024-03-15') AND d.range > 0 %s RETURN s.name")
    ans = engine.ask("白酒今天涨了的都有谁")
    want = engine.store.run(gold % "")
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, False), (ans.cypher, ans.rows)
    ans = engine.ask("除了茅台以外，白酒今天涨了的都有谁")
    want = engine.store.run(gold % "AND s.name <> '贵州茅台'")
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, False), (ans.cypher, ans.rows)
    assert engine.ask("银行板块今天上涨了吗").rows[0][0] == "银行"  # asked yes or no: the board's own day


def test_the_things_said_first_narrowed_by_who_acts_on_them_and_a_compared_pairs_values(engine):
    """持有宁德时代的基金中由博士经理管理的 (the funds, narrowed by their manager); 比较A与B…，并计算两者差额
    (each one's figure beside the difference)."""
    _same(engine, "持有宁德时代的基金中由博士经理管理的",
          "MATCH (f:public_offering_fund)-[:hold]->(:stock {name: '宁德时代'}) "
          "MATCH (m:fund_manager)-[:manage]->(f) WHERE m.degree = '博士' RETURN DISTINCT f.name")
    _same(engine, "题目：比较泸州老窖与山西汾酒2023年第四季度单季度净利润，并计算两者差额。",
          "MATCH (a:stock {name: '泸州老窖'})-[:has_stock_financial_information]->(x:stock_financial_information), "
          "(b:stock {name: '山西汾酒'})-[:has_stock_financial_information]->(y:stock_financial_information) "
          "WHERE x.year = 2023 AND x.quarter = 4 AND y.year = 2023 AND y.quarter = 4 "
          "RETURN x.net_profit, y.net_profit, x.net_profit - y.net_profit")


def test_what_else_is_asked_anew_and_count_them_counts(engine):
    """还有哪些基金茅台仓位超过5%的 after a turn about 茅台's day: a question of its own (还有 asks what
    else, it leads no follow-up); 利空的数一下 after the good news of a board's stocks: how many bad ones;
    这些股票 after the total of a fund's holdings' shares: the stocks held."""
    s = _after(engine, "客户问茅台今天走得怎么样")
    ans = s.ask("还有哪些基金茅台仓位超过5%的")
    want = engine.store.run("MATCH (f:public_offering_fund)-[h:hold]->(:stock {name: '贵州茅台'}) "
                            "WHERE h.position_ratio > 5 RETURN f.name")
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, False), (ans.resolved_question, ans.rows)
    s = _after(engine, "券商成分股涉及的利好资讯列一下")
    assert s.ask("利空的数一下").rows == engine.store.run(
        "MATCH (s:stock)-[:belong_to]->(:trade {name: '券商'}) MATCH (s)-[r:involve]->(i:information) "
        "WHERE r.tendency = -1 RETURN count(DISTINCT i)").rows
    s = _after(engine, "易方达消费升级股票A持有哪些股票，持仓占比各多少", "接着算这些占比加起来是多少")
    held = {r[0] for r in engine.store.run("MATCH (:public_offering_fund {name: '易方达消费升级股票A'})-[:hold]->"
                                            "(s:stock) RETURN s.name").rows}
    ans = s.ask("这些股票分别属于哪些行业板块")
    assert {r[0] for r in ans.rows} == held, ans.resolved_question


def test_news_heard_before_the_ask_is_no_part_of_it(engine):
    """新闻说芯片大涨 半导体板块今天涨了多少: the board's change, not its stocks' news (a preface that asks
    nothing); 新闻说五粮液有利好 是真的吗 still asks about the news."""
    _same(engine, "新闻说芯片大涨 半导体板块今天涨了多少",
          "MATCH (t:trade {name: '半导体'})-[:has_trade_data]->(d:trade_data) WHERE d.date = date('2024-03-15') "
          "RETURN d.range")
    assert "新闻" in engine.lexicon.as_read("新闻说五粮液有利好 是真的吗")


def test_figures_asked_to_so_many_places_and_two_figures_of_two_answers(engine):
    """中芯国际今天涨跌幅，保留一位小数: shown to one place, said so; 差多少，涨了百分之几 精确到两位小数
    after today's and yesterday's close: both the gap and the change, to two places."""
    ans = engine.ask("中芯国际今天涨跌幅，保留一位小数")
    want = engine.store.run("MATCH (:stock {name: '中芯国际'})-[:has_stock_data]->(d:stock_data) "
                            "WHERE d.date = date('2024-03-15') RETURN d.range").rows[0][0]
    assert ans.confidence >= engine.trust and ans.rows[0][-1] == round(want, 1)
    assert any("1 位小数" in n for n in ans.notes), ans.notes
    s = _after(engine, "帮我看下贵州茅台今天收盘多少", "昨天呢")
    both = s.ask("差多少，涨了百分之几 精确到两位小数")
    today, before = (engine.store.run("MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) "
                                      f"WHERE d.date = date('{d}') RETURN d.closing_price").rows[0][0]
                     for d in ("2024-03-15", "2024-03-14"))
    assert both.rows == [[round(today - before, 2), round((today - before) / before * 100, 2)]], both.rows


def test_a_turn_opening_with_what_things_are_not_takes_nothing_back(engine):
    """不是开放申购的那几只叫啥 after 王明's funds and their status: those of them not open (不是 is no correction);
    不是，是五粮液 still takes the turn before back."""
    s = _after(engine, "王明管几只基金", "都是什么申购状态")
    ans = s.ask("不是开放申购的那几只叫啥")
    want = engine.store.run("MATCH (:fund_manager {name: '王明'})-[:manage]->(f:public_offering_fund) "
                            "WHERE f.sales_status <> '开放申购' RETURN f.name")
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, False), (ans.resolved_question, ans.rows)
    assert engine.lexicon.taken_back("不是，是五粮液") == "五粮液"


def test_the_same_as_a_named_one_on_two_properties(engine):
    """跟王明同学历同性别的经理还有谁 / 跟王明学历一样的经理有哪些: the others alike on each property said."""
    _same(engine, "跟王明同学历同性别的经理还有谁",
          "MATCH (w:fund_manager {name: '王明'}), (m:fund_manager) WHERE m.degree = w.degree AND m.sex = w.sex "
          "AND m.name <> w.name RETURN DISTINCT m.name")
    _same(engine, "跟王明学历一样的经理有哪些",
          "MATCH (w:fund_manager {name: '王明'}), (m:fund_manager) WHERE m.degree = w.degree "
          "AND m.name <> w.name RETURN DISTINCT m.name")


def test_two_groups_members_counted_and_a_total_said_with_you(engine):
    """银行和券商板块各有几只: each board's stocks counted (not the two boards); 宋娜经理管的基金规模加起来有多少:
    the total size, not the count."""
    _same(engine, "银行和券商板块各有几只",
          "MATCH (s:stock)-[:belong_to]->(t:trade) WHERE t.name IN ['银行', '券商'] RETURN t.name, count(DISTINCT s)")
    _same(engine, "宋娜经理管的基金规模加起来有多少",
          "MATCH (:fund_manager {name: '宋娜'})-[:manage]->(f:public_offering_fund) RETURN sum(f.scale)")


def test_figures_over_rows_and_counts_of_several_stay_in_their_place(engine):
    """五只基金中几只是开放申购的 counts the funds (they have no members); 全年合计 各自 after two stocks'
    quarters is each one's total, not one over all the rows; 里面最大的 after a yes/no over named funds is not
    among them ranked."""
    ans = engine.ask("招商消费升级混合C、中欧消费升级灵活配置混合C、大成品质生活混合C中几只是开放申购的")
    want = engine.store.run("MATCH (f:public_offering_fund) WHERE f.name IN ['招商消费升级混合C', "
                            "'中欧消费升级灵活配置混合C', '大成品质生活混合C'] AND f.sales_status = '开放申购' RETURN count(f)")
    assert ans.rows == want.rows, (ans.cypher, ans.rows)
    s = _after(engine, "中芯 vs 韦尔 23年四个季度单季利润")
    each = s.ask("全年合计 各自")
    assert len(each.rows) == 2 and each.kind != "arithmetic", (each.resolved_question, each.rows)


def test_a_managers_size_is_the_total_of_the_funds_it_runs(engine):
    """在管规模 / 管理规模 of a manager adds up its funds' sizes — ranked, bounded and asked of two names;
    规模最大的基金 stays a fund's own size."""
    total = "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) "
    _same(engine, "在管规模前五的基金经理是谁",
          total + "RETURN m.name, sum(f.scale) AS t ORDER BY t DESC, m.name LIMIT 5", True)
    _same(engine, "在管规模超过150亿的经理",
          total + "WITH m, sum(f.scale) AS t WHERE t > 15000000000 RETURN m.name, t")
    _same(engine, "何杰和马宇各自管理多少规模",
          total + "WHERE m.name IN ['何杰', '马宇'] RETURN m.name, sum(f.scale)")
    _same(engine, "管理规模最大的基金",
          "MATCH (f:public_offering_fund) RETURN f.name, f.scale ORDER BY f.scale DESC, f.name LIMIT 1", True)


def test_how_many_times_per_group_counts_the_days_not_the_stocks(engine):
    """各行业板块今年涨停过多少次: each board's limit-up days, not its stocks that had one."""
    _same(engine, "今年各上市板块一共涨停过多少次",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.raising_limit = true AND d.date >= "
          f"date('2024-01-01') AND d.date <= {T} RETURN s.listed_sector, count(d)")


def test_which_value_has_the_most_of_the_things_said_first(engine):
    """创业板公司里哪个省份最多: the companies counted per province, the top one; a figure (跌得最多) still ranks."""
    _same(engine, "创业板公司里哪个省份最少",
          "MATCH (s:stock) WHERE s.listed_sector = '创业板' RETURN s.province, count(s) AS n ORDER BY n, s.province LIMIT 1",
          True)
    _same(engine, "今天哪个行业板块跌得最多",
          f"MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} RETURN t.name ORDER BY d.range, t.name "
          "LIMIT 1", True)


def test_a_share_of_all_said_without_the_word_all(engine):
    """开放申购的基金占比多少 / 有几只，占比 / 女董事长占多大比例: those out of all of their kind; with 各…占比
    each group's count and its share; 持有的股票占比 stays each holding's ratio."""
    share = "MATCH (x:{0}) WITH count(x) AS total MATCH (y:{0}) WHERE {1} WITH count(y) AS n, total RETURN n, total, n * 100.0 / total"
    _same(engine, "开放申购的基金占比多少", share.format("public_offering_fund", "y.sales_status = '开放申购'"))
    _same(engine, "注册资本低于1亿的公司有几家，占比多少", share.format("stock", "y.registered_capital < 10000"))
    _same(engine, "女董事长占多大比例", share.format("chairman", "y.sex = '女'"))
    _same(engine, "各省份分别有多少家公司 比例呢",
          "MATCH (x:stock) WITH count(x) AS total MATCH (s:stock) WITH s.province AS p, count(s) AS n, total "
          "RETURN p, n, n * 100.0 / total")
    ans = engine.ask("易方达消费升级股票A持有的股票占比")
    assert "position_ratio" in ans.cypher, ans.cypher


def test_a_total_over_holdings_by_board_goes_through_the_same_holdings(engine):
    """基金持仓市值合计最多的行业板块: each board's holdings added once, not every holding of every fund
    that holds any of its stocks."""
    _same(engine, "哪个行业板块的基金持仓市值合计最少",
          "MATCH (:public_offering_fund)-[h:hold]->(s:stock)-[:belong_to]->(t:trade) RETURN t.name, "
          "sum(h.position_amount) AS v ORDER BY v, t.name LIMIT 1", True)


def test_a_second_total_asked_after_a_count_is_flagged_when_left_out(engine):
    """…一共几只 总共多少万股: the count answers the first ask; the second total is not in it — flagged."""
    ans = engine.ask("2023年一共发了几只新股 总共多少万股")
    assert ans.confidence < engine.trust, (ans.cypher, ans.confidence)
    sure = engine.ask("王明一共管了几只基金")
    assert sure.confidence >= engine.trust, sure.unexplained


def test_a_question_word_before_ma_is_no_yes_or_no(engine):
    """今朝收盘几钿伐 (…多少吗): the figure, not a yes/no."""
    _same(engine, "五粮液今朝收盘几钿伐",
          f"MATCH (:stock {{name: '五粮液'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price")


@pytest.mark.parametrize("question,gold", [
    ("五粮液今儿收盘多少", f"MATCH (:stock {{name: '五粮液'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                          "RETURN d.closing_price"),
    ("宁德时代关联么子产业", "MATCH (:stock {name: '宁德时代'})-[:associate]->(i:industry) RETURN i.name"),
    ("招商银行算嘛板块的", "MATCH (:stock {name: '招商银行'})-[:belong_to]->(t:trade) RETURN t.name"),
])
def test_beijing_and_changsha_words_are_read_the_mandarin_way(engine, question, gold):
    """今儿 (today), 么子 / 嘛 (what), 算…板块 (which board it counts as)."""
    ans = engine.ask(question)
    want = engine.store.run(gold)
    assert ans.error is None and all(r[0] in {x for row in ans.rows for x in row} for r in want.rows), \
        (ans.cypher, ans.rows, want.rows)
    assert ans.confidence >= engine.trust, ans.unexplained


def test_the_board_most_red_or_green_is_the_top_or_bottom_mover(engine):
    _same(engine, "今天哪个板块最红",
          f"MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} RETURN t.name ORDER BY d.range DESC, "
          "t.name LIMIT 1", True)


def test_two_times_said_with_and_then_bi_compare_the_first_with_the_second(engine):
    """2023年二季度跟2022年二季度比，净利润涨了多少 / 23年三季度和22年三季度利润比: the later against the earlier."""
    for q in ("五粮液2023年二季度跟2022年二季度比，净利润涨了多少", "五粮液23年二季度和22年二季度利润比"):
        ans = engine.ask(q)
        want = engine.store.run(GROWTH % ("五粮液", 2023, 2, 2022, 2))
        assert ans.confidence >= engine.trust and any(abs(x - want.rows[0][0]) < 1e-6 for x in ans.rows[0]
                                                      if isinstance(x, float)), (q, ans.cypher, ans.rows)


def test_a_fall_bounded_before_a_column_of_changes_keeps_its_sign(engine):
    """本周累计跌幅超过8%的股票及区间涨跌幅: a fall of more than 8% (change < -8), whatever the column after says."""
    ans = engine.ask("本周累计跌幅超过8%的股票及区间涨跌幅")
    assert ans.rows and all(r[-1] < -8 for r in ans.rows), (ans.cypher, ans.rows[:3])


def test_a_total_over_nothing_is_zero(engine):
    """A manager whose funds do not hold a stock holds 0 of it, not nothing."""
    who = engine.store.run("MATCH (m:fund_manager) WHERE NOT EXISTS { MATCH (m)-[:manage]->(:public_offering_fund)"
                           "-[:hold]->(:stock {name: '贵州茅台'}) } RETURN m.name ORDER BY m.name LIMIT 1").rows[0][0]
    ans = engine.ask(f"{who}管理的基金合计持有贵州茅台的市值是多少")
    assert ans.rows == [[0]] or ans.rows == [[0.0]], (ans.cypher, ans.rows)


def test_each_after_a_comma_still_asks_per_thing(engine):
    """产业规模在2000亿以上的产业，分别关联几只股票: one count per industry (0 for one with none)."""
    _same(engine, "产业规模超过2000亿的产业，分别关联几只股票",
          "MATCH (i:industry) WHERE i.scale > 2000 OPTIONAL MATCH (i)<-[:associate]-(s:stock) "
          "RETURN i.name, count(DISTINCT s)")


def test_it_after_a_clause_that_ends_on_its_verb_is_the_one_named(engine):
    """香港中央结算有限公司到处持股，它持有哪些股票: 它 is the holder named, not what it holds."""
    _same(engine, "香港中央结算有限公司到处持股，它持有哪些股票",
          "MATCH (:stockholder {name: '香港中央结算有限公司'})-[:is_stockholder_of]->(s:stock) RETURN s.name")


@pytest.mark.parametrize("question,gold", [
    ("五粮液第二大股东是谁",
     "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '五粮液'}) RETURN h.name "
     "ORDER BY r.shareholding_ratio DESC, h.name SKIP 1 LIMIT 1"),
    ("管理费第三高的基金",
     "MATCH (f:public_offering_fund) RETURN f.name ORDER BY f.management_fee DESC, f.name SKIP 2 LIMIT 1"),
    ("今天成交量倒数第二的股票",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN s.name ORDER BY d.volume, s.name "
     "SKIP 1 LIMIT 1"),
])
def test_a_place_in_a_ranking_is_that_one_row(engine, question, gold):
    """第二大股东, 第三高, 倒数第二: the row at that place, and the interpretation says which place."""
    _same(engine, question, gold, True)
    assert "第2名" in engine.ask(question).interpretation or "第3名" in engine.ask(question).interpretation


def test_which_one_after_a_board_is_among_its_stocks(engine):
    """银行板块今天涨了多少 → 跌得最狠的是哪只: which of the board's stocks; 第二名呢: the next place of that ranking."""
    s = _after(engine, "银行板块今天涨了多少")
    ans = s.ask("跌得最狠的是哪只")
    _answers(engine, ans, "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(d:stock_data) "
             f"WHERE d.date = {T} RETURN s.name ORDER BY d.range, s.name LIMIT 1")
    second = s.ask("第二名呢")
    _answers(engine, second, "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->"
             f"(d:stock_data) WHERE d.date = {T} RETURN s.name ORDER BY d.range, s.name SKIP 1 LIMIT 1")


def test_a_compliance_check_whether_any_and_which_is_the_list(engine):
    """是否存在…的情形，如有请列示…: the things that meet it, with the figures asked (none: an empty list)."""
    _same(engine, "请核查是否存在管理费超过1亿元的基金，如有请列示基金名称与管理费。",
          "MATCH (f:public_offering_fund) WHERE f.management_fee > 100000000 RETURN f.name, f.management_fee")
    _same(engine, "招商银行是否存在单一股东持股比例超过20%的情形？如有，列出股东与持股比例",
          "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '招商银行'}) WHERE r.shareholding_ratio > 20 "
          "RETURN h.name, r.shareholding_ratio")


@pytest.mark.parametrize("question,gold", [
    ("select 名称,注册资本 from 股票 where 所在省份=福建 order by 注册资本 desc limit 3",
     "MATCH (s:stock) WHERE s.province = '福建' RETURN s.name, s.registered_capital "
     "ORDER BY s.registered_capital DESC, s.name LIMIT 3"),
    ("股票 where 注册资本 between 200000 and 300000 and 上市板块=创业板",
     "MATCH (s:stock) WHERE s.listed_sector = '创业板' AND s.registered_capital >= 200000 "
     "AND s.registered_capital <= 300000 RETURN s.name"),
    ("select 收盘价 from 日行情 where 股票=五粮液 and date between 2024-03-12 and 2024-03-14",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-12') "
     "AND d.date <= date('2024-03-14') RETURN d.closing_price"),
])
def test_half_sql_is_read_as_the_conditions_and_order_it_spells(engine, question, gold):
    """select … from … where … and … order by … desc limit n: the kind, its conditions (a range of numbers
    whose upper end has six digits is no security code), the order and the cut."""
    ans = engine.ask(question)
    want = engine.store.run(gold)
    assert ans.error is None and {r[0] for r in want.rows} <= {x for row in ans.rows for x in row}, \
        (ans.cypher, ans.rows[:5], want.rows)
    assert len(ans.rows) == len(want.rows), (ans.cypher, len(ans.rows))


def test_one_time_against_another_said_as_a_filing_or_as_vs(engine):
    """…净利润，并与2022年第二季度比较增减幅度 / 23Q2 存货周转率 vs 22Q2 变快还是变慢: the later against the earlier."""
    ans = engine.ask("请确认五粮液2023年第二季度单季度净利润，并与2022年第二季度比较增减幅度。")
    want = engine.store.run(GROWTH % ("五粮液", 2023, 2, 2022, 2))
    assert ans.confidence >= engine.trust and any(abs(x - want.rows[0][0]) < 1e-6 for x in ans.rows[0]
                                                  if isinstance(x, float)), (ans.cypher, ans.rows)
    ans = engine.ask("五粮液 23Q2存货周转率 vs 22Q2 变快还是变慢")
    want = engine.store.run("MATCH (s:stock {name: '五粮液'})-[:has_stock_financial_information]->(a), "
                            "(s)-[:has_stock_financial_information]->(b) WHERE a.year = 2023 AND a.quarter = 2 "
                            "AND b.year = 2022 AND b.quarter = 2 RETURN a.inventory_turnover > b.inventory_turnover")
    assert ans.confidence >= engine.trust and want.rows[0][0] in ans.rows[0], (ans.cypher, ans.rows)


def test_chairmen_appointed_in_a_period_are_all_of_them(engine):
    """2023年期间新任董事长的公司: whoever was appointed then, whether still in office or not."""
    _same(engine, "请列明2023年1月1日至2023年6月30日期间新任董事长的上市公司",
          "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.appointment_date >= date('2023-01-01') "
          "AND c.appointment_date <= date('2023-06-30') RETURN s.name")


def test_a_guess_after_a_which_question_is_answered_by_the_which(engine):
    """上游是啥 是粮食吗 / 在哪个板上市的 是主板吗: what it is (the answer shows whether the guess holds)."""
    _same(engine, "白酒酿造的上游是啥 是粮食吗",
          "MATCH (u:industry)-[:affect]->(:industry {name: '白酒酿造'}) RETURN u.name")
    _same(engine, "五粮液是在哪个板上市的 是创业板吗", "MATCH (s:stock {name: '五粮液'}) RETURN s.listed_sector")


def test_whether_any_then_how_many_counts_those_that_meet_it(engine):
    """有没有利空新闻？有几条？: the count of the bad news (not of all news); 逐一列出 names no one (逐一 ≠ a name)."""
    _same(engine, "贵州茅台有没有利好新闻？有几条？",
          "MATCH (:stock {name: '贵州茅台'})-[r:involve]->(i:information) WHERE r.tendency = 1 RETURN count(i)")
    who = engine.store.run("MATCH (m:fund_manager)-[:manage]->(f) WITH m, count(f) AS n WHERE n >= 2 "
                           "RETURN m.name ORDER BY m.name LIMIT 1").rows[0][0]
    ans = engine.ask(f"基金经理{who}管几只基金，逐一列出")
    want = engine.store.run(f"MATCH (:fund_manager {{name: '{who}'}})-[:manage]->(f) RETURN count(f)")
    assert ans.error is None and ans.rows[0][0] == want.rows[0][0] and ans.params == {"p0": who}, (ans.cypher, ans.params)


def test_a_figures_highest_and_lowest_said_as_two_asks_and_groups_ranked_by_their_count(engine):
    """收盘最高多少 最低多少 (over a window): the highest and lowest close; 上市公司数量 省份前三: the three
    provinces with the most."""
    _same(engine, "五粮液 近10个交易日 收盘最高多少 最低多少",
          "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-04') "
          f"AND d.date <= {T} RETURN max(d.closing_price), min(d.closing_price)")
    _same(engine, "上市公司数量 省份前三是哪些",
          "MATCH (s:stock) RETURN s.province, count(s) AS n ORDER BY n DESC, s.province LIMIT 3")


def test_the_board_a_stock_is_in_is_its_members_named_one_included(engine):
    """五粮液所属板块里涨得最多的 (五粮液 among them; it was the board's own change, sure) /
    同板块内注册资本高于北方稀土的有几家 (the board's members above the one named)."""
    _same(engine, "泸州老窖所属板块里今天涨得最多的是哪只",
          "MATCH (:stock {name: '泸州老窖'})-[:belong_to]->(t:trade)<-[:belong_to]-(s:stock), "
          f"(s)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN s.name ORDER BY d.range DESC, s.name LIMIT 1")
    _same(engine, "同板块内注册资本高于招商银行的有几家？",
          "MATCH (a:stock {name: '招商银行'})-[:belong_to]->(:trade)<-[:belong_to]-(o:stock) "
          "WHERE o.registered_capital > a.registered_capital RETURN count(DISTINCT o)")


def test_a_figure_then_against_yesterday_compares_the_two_days(engine):
    """成交量呢 比昨天？ after today's close: today's volume against yesterday's."""
    s = _after(engine, "比亚迪今天收盘价多少")
    ans = s.ask("成交量呢 比昨天？")
    want = engine.store.run("MATCH (s:stock {name: '比亚迪'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->"
                            f"(b:stock_data) WHERE a.date = {T} AND b.date = date('2024-03-14') RETURN a.volume, b.volume")
    assert ans.error is None and want.rows[0][0] in ans.rows[0] and want.rows[0][1] in ans.rows[0], (ans.cypher, ans.rows)


@pytest.mark.parametrize("question,gold", [
    ("五粮液和泸州老窖的第一大股东分别是谁",
     "MATCH (h:stockholder)-[r:is_stockholder_of]->(s:stock) WHERE s.name IN ['五粮液', '泸州老窖'] "
     "WITH s, max(r.shareholding_ratio) AS m MATCH (h2:stockholder)-[r2:is_stockholder_of]->(s) "
     "WHERE r2.shareholding_ratio = m RETURN s.name, h2.name"),
    ("张婷和何杰管理的基金里规模最大的分别是哪只",
     "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund) WHERE m.name IN ['张婷', '何杰'] "
     "WITH m, max(f.scale) AS top MATCH (m)-[:manage]->(f2:public_offering_fund) WHERE f2.scale = top "
     "RETURN m.name, f2.name"),
])
def test_a_superlative_of_each_of_several_named_is_one_per_named(engine, question, gold):
    """A和B的第一大股东分别是谁: each one's largest holder (it was the largest over both)."""
    _same(engine, question, gold)
    assert len(engine.ask(question).rows) == 2


def test_the_kind_said_again_at_the_end_is_what_is_asked(engine):
    """人工智能相关的股票里，基金持仓市值合计最多的股票: a stock (the funds were ranked); 哪家被基金持有…: the
    one held, not the holders."""
    _same(engine, "人工智能相关的股票里，基金持仓市值合计最多的股票",
          "MATCH (:industry {name: '人工智能'})<-[:associate]-(s:stock)<-[h:hold]-(:public_offering_fund) "
          "RETURN s.name, sum(h.position_amount) AS t ORDER BY t DESC, s.name LIMIT 1")
    ans = engine.ask("人工智能相关的公司里，哪家被基金持有的市值最多")
    assert ans.error is None and ans.columns[0] == engine.ask("人工智能相关的股票有哪些").columns[0], ans.cypher


def test_groups_named_or_bounded_are_each_shown_with_none_as_zero(engine):
    """五粮液和茅台各有几条利空新闻 (茅台 has none: 0, not left out); 产业规模超过1000亿的产业分别关联多少只股票
    (every such industry, those with no stock at 0)."""
    ans = engine.ask("五粮液和贵州茅台各有几条利空新闻")
    want = engine.store.run("MATCH (s:stock) WHERE s.name IN ['五粮液', '贵州茅台'] OPTIONAL MATCH (s)-[r:involve]->(i) "
                            "WHERE r.tendency = -1 RETURN s.name, count(i)")
    assert ans.error is None and sorted(map(tuple, ans.rows)) == sorted(map(tuple, want.rows)), (ans.cypher, ans.rows)
    assert any(r[1] == 0 for r in want.rows)  # the demo has one of them with none
    _same(engine, "产业规模超过500亿元的产业，分别关联多少只股票",
          "MATCH (i:industry) WHERE i.scale > 500 OPTIONAL MATCH (i)<-[:associate]-(s:stock) RETURN i.name, count(s)")


def test_a_boards_members_ranked_by_their_own_change_not_the_boards(engine):
    """#券商# 今天板块涨幅前三是谁: the three brokers that rose most (each stock's change — ranked by the
    board's own change they all tied, at full confidence)."""
    _same(engine, "#银行# 今天板块涨幅前三是谁",
          "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), (s)-[:has_stock_data]->(d:stock_data) "
          f"WHERE d.date = {T} RETURN s.name ORDER BY d.range DESC, s.name LIMIT 3", True)


def test_a_two_digit_year_before_a_month_is_that_month(engine):
    """23年10月以后网上发行的新股: from October 2023 on (it was also held inside 2023, losing 2024's)."""
    _same(engine, "23年10月以后网上发行的新股",
          "MATCH (s:stock)-[:originate_from]->(n:new_stock) WHERE n.online_release_date >= date('2023-10-01') "
          "RETURN s.name")


def test_every_candidate_named_is_ranked_and_one_picked_from_a_list_is_one(engine):
    """招行跟工行今天谁涨得多: both, the higher first (the asker named them all — the answer shows by how
    much); 五粮液、泸州老窖、山西汾酒中涨得最多的: the one; 它 after the ranking: the one ranked first."""
    _same(engine, "招商银行跟工商银行今天谁涨得多",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['招商银行', '工商银行'] "
          f"AND d.date = {T} RETURN s.name, d.range ORDER BY d.range DESC", True)
    _same(engine, "五粮液、泸州老窖、山西汾酒中今天涨得最多的",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['五粮液', '泸州老窖', '山西汾酒'] "
          f"AND d.date = {T} RETURN s.name ORDER BY d.range DESC LIMIT 1")
    s = _after(engine, "招商银行跟工商银行今天谁涨得多")
    top = s.turns[-1].answered[0].name
    _answers(engine, s.ask("它的董事长是谁"), "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) "
             f"WHERE s.name = '{top}' AND c.departure_date IS NULL RETURN c.name", True)


@pytest.mark.parametrize("question, gold", [
    # a radio host reading a letter: the show's lines and the listener frame the question
    ("好，先来看第一条短信，一位来自江苏无锡的听众朋友问，五粮液截至本周五收盘报多少钱，我们来看一下，给大家报一下。",
     f"MATCH (:stock {{name: '五粮液'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price"),
    ("另外一位来自湖北的听众关心的是跌幅，他问今天跌得最多的是哪只股票，我们查一下。",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN s.name ORDER BY d.range, s.name LIMIT 1"),
    ("有位听众朋友问，截至本周五收盘，成交量最大的是哪只股票，我们来看一下。",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN s.name ORDER BY d.volume DESC, s.name LIMIT 1"),
    # Shaanxi words: 额 (我), 夜儿个 (昨天), 撒 (啥)
    ("额想问一下 比亚迪夜儿个收了多少撒",
     "MATCH (:stock {name: '比亚迪'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
     "RETURN d.closing_price"),
    ("比亚迪董事长叫撒",
     "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '比亚迪'}) WHERE c.departure_date IS NULL RETURN c.name"),
    # a host comparing with a day or a quarter: 跟…比起来, then a comma before how it changed
    ("中国平安今天的收盘价跟上周五比起来是涨了还是跌了，差了多少块钱",
     "MATCH (s:stock {name: '中国平安'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = {T} AND b.date = date('2024-03-08') RETURN a.closing_price - b.closing_price"),
    ("招商银行2023年第四季度的净利润跟2022年第四季度比，是增长还是下降了，幅度多大",
     GROWTH % ("招商银行", 2023, 4, 2022, 4)),
    # two listeners asking one thing of two names: both
    ("这里有两位听众的问题，一位来自广州的听众问格力电器今天收多少，另一位来自佛山的听众问美的集团今天收多少",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['格力电器', '美的集团'] AND d.date = {T} "
     "RETURN s.name, d.closing_price"),
    # an auditor's, a gamer's and a board fan's shorthand
    ("比亚迪注册资本与长城汽车注册资本差额",
     "MATCH (a:stock {name: '比亚迪'}), (b:stock {name: '长城汽车'}) RETURN abs(a.registered_capital - b.registered_capital)"),
    ("男基金经理和女基金经理分别多少人", "MATCH (m:fund_manager) RETURN m.sex, count(m)"),
    ("泸州老窖跟山西汾酒 今天谁收得高",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['泸州老窖', '山西汾酒'] AND d.date = {T} "
     "RETURN s.name, d.closing_price ORDER BY d.closing_price DESC"),
    ("银行跟卷商今天谁涨的多",
     f"MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE t.name IN ['银行', '券商'] AND d.date = {T} "
     "RETURN t.name, d.range ORDER BY d.range DESC"),
    ("比亚迪和宁德时代今天是一个涨一个跌吗 分别多少",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['比亚迪', '宁德时代'] AND d.date = {T} "
     "RETURN s.name, d.range"),
    ("茅台这礼拜五天平均收盘多少钱",
     "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
     f"AND d.date <= {T} RETURN avg(d.closing_price)"),
])
def test_a_radio_host_and_shaanxi_words(engine, question, gold):
    _same(engine, question, gold)


@pytest.mark.parametrize("question", ["嫑给我扯别的 就说比亚迪下礼拜能不能涨", "刚开了店 你说白酒还能不能上车"])
def test_a_forecast_asked_in_one_breath_or_of_the_one_answering_is_refused(engine, question):
    """就说比亚迪下礼拜能不能涨: a question of one part is what is asked, whatever it reports (说 made it
    hearsay, an aside, and the forecast went unrefused); 你说…: the asker turning to the engine, no hearsay."""
    ans = engine.ask(question)
    assert ans.error is not None and ans.rows == [], (ans.cypher, ans.confidence)


@pytest.mark.parametrize("question, gold", [
    ("中芯国际最高价是哪天",
     "MATCH (:stock {name: '中芯国际'})-[:has_stock_data]->(d:stock_data) RETURN d.date, d.maximum_price "
     "ORDER BY d.maximum_price DESC, d.date LIMIT 1"),
    ("白酒板块历史最低点位多少 哪天",
     "MATCH (:trade {name: '白酒'})-[:has_trade_data]->(d:trade_data) RETURN d.date, d.minimum_price "
     "ORDER BY d.minimum_price, d.date LIMIT 1"),
    ("银行板块今天最高多少点",
     f"MATCH (:trade {{name: '银行'}})-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} RETURN d.maximum_price"),
])
def test_the_day_of_a_high_and_a_boards_points(engine, question, gold):
    """最高价是哪天: the day its high was highest (it was today's high); 最高多少点 of a board: its own index."""
    _same(engine, question, gold)


def test_a_derived_measure_compared_with_another_day_is_computed_on_both(engine):
    """成交额比昨天多多少, a board's 振幅 then 比上周五高还是低: each day's figure from its formula (the
    comparison asked the store for a column it has no such name for, and failed)."""
    _same(engine, "贵州茅台今天成交额比昨天多多少",
          "MATCH (s:stock {name: '贵州茅台'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
          f"WHERE a.date = {T} AND b.date = date('2024-03-14') "
          "RETURN a.closing_price * a.volume - b.closing_price * b.volume")
    s = _after(engine, "半导体板块今天振幅多少")
    ans = s.ask("比上周五高还是低")
    assert ans.error is None and ans.rows and isinstance(ans.rows[0][-1], bool), (ans.error, ans.cypher)


def test_this_one_before_a_person_word_is_the_one_answered(engine):
    """这只董事长谁 after a list: the first one's chairman asked of the one pointed at (这只董事长 was read as one word)."""
    s = _after(engine, "今天涨停的有哪些", "第一个是哪个板块的")
    first = s.turns[-1].named[0].name
    _answers(engine, s.ask("这只董事长谁"), "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) "
             f"WHERE s.name = '{first}' AND c.departure_date IS NULL RETURN c.name", True)


def test_whether_there_are_any_that_is_asked_by_the_ones_that_are(engine):
    """持仓里面有没有今天涨停的, 基金里有没有买宁德时代的呀: which ones (an empty list says no) — it answered
    true or false alone."""
    _same(engine, "马超管的基金里有没有买宁德时代的呀",
          "MATCH (:fund_manager {name: '马超'})-[:manage]->(f:public_offering_fund)-[:hold]->(:stock {name: '宁德时代'}) "
          "RETURN DISTINCT f.name")
    ans = engine.ask("大成科技创新混合A持仓里面有没有今天涨停的")
    assert ans.error is None and ans.columns and not isinstance((ans.rows or [[None]])[0][0], bool), ans.cypher


@pytest.mark.parametrize("question, gold", [
    # a voice assistant's wake word opens the question; a code said digit by digit
    ("小爱同学贵州茅台今天收盘多少钱",
     f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price"),
    ("小度小度帮我查一下零零零八五八昨天成交量多少",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
     "RETURN d.volume"),
    # two names each heard with slips (two characters off in a four-character name)
    ("卢州老叫和山西分酒昨天哪个成交量大一点",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['泸州老窖', '山西汾酒'] "
     "AND d.date = date('2024-03-14') RETURN s.name, d.volume ORDER BY d.volume DESC"),
    ("那个长江店里是什么时候成立的", "MATCH (s:stock {name: '长江电力'}) RETURN s.establishment_date"),
    # a magnitude and a unit in Chinese numerals (两千万股) are one number, 股 no label
    ("今天涨了百分之五以上成交量还超过两千万股的有哪些",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} AND d.range > 5 "
     "AND d.volume > 20000000 RETURN s.name"),
    # a sign before a date compares days
    ("科创板里成立日期 < 2000-01-01 的 有几个",
     "MATCH (s:stock) WHERE s.listed_sector = '科创板' AND s.establishment_date < date('2000-01-01') RETURN count(s)"),
    # a programmer's group by after the thing grouped, and English words for sex
    ("上市板块 group by 一下 count", "MATCH (s:stock) RETURN s.listed_sector, count(s)"),
    ("female && 博士 的基金经理 有谁", "MATCH (m:fund_manager) WHERE m.sex = '女' AND m.degree = '博士' RETURN m.name"),
    # written Chinese of the old style
    ("敢问贵州茅台今日收盘几何？",
     f"MATCH (:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN d.closing_price"),
    ("诸基金经理中，博士出身者凡几人？", "MATCH (m:fund_manager) WHERE m.degree = '博士' RETURN count(m)"),
    # a quiz: the options are the ones asked among, the quiz words ask nothing
    ("选择题：3月15日下列板块涨幅最大的是？A.白酒 B.银行 C.半导体 D.券商",
     f"MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE t.name IN ['白酒', '银行', '半导体', '券商'] "
     f"AND d.date = {T} RETURN t.name ORDER BY d.range DESC, t.name LIMIT 1"),
    ("计算题：3月11日至15日这一周，贵州茅台平均收盘价是多少？",
     "MATCH (:stock {name: '贵州茅台'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
     f"AND d.date <= {T} RETURN avg(d.closing_price)"),
    # 年报净利润: the year's profit, its quarters added up
    ("毛台二零二三年年报净利润多少",
     "MATCH (:stock {name: '贵州茅台'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 RETURN sum(f.net_profit)"),
    # Northern slang for the best and the worst, and a fund's size
    ("半导体里头今天谁涨得最欢",
     "MATCH (t:trade {name: '半导体'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} RETURN s.name ORDER BY d.range DESC, s.name LIMIT 1"),
    ("易方达蓝筹精选混合A 净值多少了 盘子多大",
     "MATCH (f:public_offering_fund {name: '易方达蓝筹精选混合A'}) RETURN f.net_worth, f.scale"),
])
def test_wake_words_slips_of_voice_old_style_and_quiz_words(engine, question, gold):
    _same(engine, question, gold)


@pytest.mark.parametrize("question, gold", [
    ("华海锂电今天收盘多少 它是哪个板块的",
     "MATCH (t:trade)<-[:belong_to]-(s:stock {name: '华海锂电'})-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} RETURN d.closing_price, t.name"),
    ("五粮液今天涨了多少，它的董事长是谁",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} AND c.departure_date IS NULL RETURN d.range, c.name"),
])
def test_a_second_ask_pointing_back_at_the_one_named_is_asked_of_it(engine, question, gold):
    """…收盘多少 它是哪个板块的: the second ask is of the stock (its board), beside the first's figure — it
    was read as one question, the board's own index close."""
    _same(engine, question, gold)


def test_the_biggest_new_issue_is_picked_before_its_stock_is_joined(engine):
    """发行数量最多的新股对应的是哪只股票: the issues ranked first (by their own code on a tie), then
    followed to the stock — the ranking named the stock before it was bound, and the store refused."""
    _same(engine, "发行数量最多的新股对应的是哪只股票？",
          "MATCH (s:stock)-[:originate_from]->(n:new_stock) RETURN s.name ORDER BY n.amount DESC, n.code LIMIT 1")


def test_a_forecast_of_a_name_after_its_shareholders_is_refused_not_swapped_in(engine):
    """招商银行明年能涨到多少钱 after its shareholder's other stocks: its own question, refused — it was
    read as 招商银行 put in the turn before."""
    s = _after(engine, "招商银行最大的股东是哪个", "这个股东还拿着别的哪些股票")
    ans = s.ask("那个那个招商银航明年能涨到多少钱")
    assert ans.error is not None and ans.rows == [], (ans.resolved_question, ans.cypher)


@pytest.mark.parametrize("question, gold", [
    # Wuhan words (么斯, 么样, 伢 who speaks) and Tianjin words (嘛, 介, 爷们儿还是女同志)
    ("我伢说他买了宁德时代 它是么斯板块的", "MATCH (:stock {name: '宁德时代'})-[:belong_to]->(t:trade) RETURN t.name"),
    ("比亚迪董事长是爷们儿还是女同志？嘛时候上任的",
     "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '比亚迪'}) WHERE c.departure_date IS NULL "
     "RETURN c.sex, c.appointment_date"),
    ("白酒板块那几家公司 注册资本加一块儿多少",
     "MATCH (:trade {name: '白酒'})<-[:belong_to]-(s:stock) RETURN sum(s.registered_capital)"),
    # every level down the chain, said as following it to its end
    ("锂矿下游都有嘛产业？一层一层往下捋，捋到头",
     "MATCH (:industry {name: '锂矿'})-[:affect*1..30]->(i:industry) RETURN DISTINCT i.name"),
    # a bank's 产品 is a fund (not a piece of an insurer's product's name)
    ("想请教一下，张丽华这位基金经理目前一共管理几只产品呀",
     "MATCH (:fund_manager {name: '张丽华'})-[:manage]->(f:public_offering_fund) RETURN count(f)"),
    ("您好，目前处于认购期的产品有哪些呀？认购截止时间分别是哪天，我这边好提前跟客户沟通",
     "MATCH (f:public_offering_fund) WHERE f.sales_status = '认购期' RETURN f.name, f.subscription_end_time"),
    # a group chat's stickers, who is @-ed and who asked, and 库里 (in the data)
    ("htzq和zxzq 谁注册资本大[旺柴]",
     "MATCH (s:stock) WHERE s.name IN ['华泰证券', '中信证券'] RETURN s.name, s.registered_capital "
     "ORDER BY s.registered_capital DESC"),
    ("库里规模最大的基金是哪只 多大",
     "MATCH (f:public_offering_fund) RETURN f.name, f.scale ORDER BY f.scale DESC, f.name LIMIT 1"),
    # who bought it and what it is called, no holding asked; u1s1 and 想上车 only colour it
    ("二哥买了个基金叫嘉实大金融指数A，非让我帮他问问谁管着呢",
     "MATCH (m:fund_manager)-[:manage]->(:public_offering_fund {name: '嘉实大金融指数A'}) RETURN m.name"),
    ("u1s1 想上车点基金 招商医疗健康债券A现在能买吗",
     "MATCH (f:public_offering_fund {name: '招商医疗健康债券A'}) RETURN f.sales_status"),
])
def test_regional_words_a_chain_to_its_end_a_banks_products_and_a_group_chats_marks(engine, question, gold):
    _same(engine, question, gold)


def test_old_style_follow_ups_point_back_with_its_and_this(engine):
    """其何时履任 after a chairman: when he took office; 较之前岁同期若何: the growth on the year before."""
    s = _after(engine, "招商银行之董事长为何人？")
    who = s.turns[-1].answered[0].name
    _answers(engine, s.ask("其何时履任？"), f"MATCH (c:chairman {{name: '{who}'}}) RETURN c.appointment_date")
    s = _after(engine, "五粮液二〇二三年第三季净利几何？")
    ans = s.ask("较之前岁同期若何？")
    assert ans.error is None and any("2022" in c for c in ans.columns), (ans.resolved_question, ans.columns)


def test_this_kind_after_a_ranking_among_the_answer_is_the_one_picked(engine):
    """关联这个产业的股票有几只 after 其中产业规模最大的是哪个: that industry (这个 after a verb was dropped as
    the name's own kind word, and the question lost its reference)."""
    s = _after(engine, "锂矿的下游产业有哪些？", "其中产业规模最大的是哪个？")
    top = s.turns[-1].answered[0].name
    _answers(engine, s.ask("关联这个产业的股票有几只？"),
             f"MATCH (s:stock)-[:associate]->(:industry {{name: '{top}'}}) RETURN count(DISTINCT s)", True)


def test_him_or_her_is_the_one_person_before(engine):
    """他/她是什么学历 after a fund's manager: that manager (他、她 was read as two words pointing at nothing)."""
    s = _after(engine, "广发新能源指数A的经理是谁？")
    who = s.turns[-1].answered[0].name
    _answers(engine, s.ask("他/她是什么学历？"), f"MATCH (m:fund_manager {{name: '{who}'}}) RETURN m.degree", True)


def test_a_volume_against_a_day_and_a_structure_are_what_is_asked(engine):
    """比昨天放量了没: whether today's volume is above yesterday's; 学历结构 (结构 was read as a piece of a
    shareholder's name)."""
    s = _after(engine, "五粮液今天收盘多少 成交量呢")
    ans = s.ask("比昨天放量了没")
    assert ans.error is None and ans.rows and isinstance(ans.rows[0][-1], bool), (ans.resolved_question, ans.cypher)
    _same(engine, "样本中基金经理的学历结构如何（本科、硕士、博士各多少人）？",
          "MATCH (m:fund_manager) RETURN m.degree, count(m)")


def test_the_first_ask_again_of_another_said_after_it_is_asked_of_both(engine):
    """山东的票今天谁涨最猛 湖南的呢: each province's top (read as one question it sorted by province)."""
    ans = engine.ask("山东的票今天谁涨最猛 湖南的呢")
    want = {p: engine.store.run(
        f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.province = '{p}' AND d.date = {T} "
        "RETURN s.name ORDER BY d.range DESC, s.name LIMIT 1").rows[0][0] for p in ("山东", "湖南")}
    shown = {v for row in ans.rows for v in row}
    assert ans.error is None and set(want.values()) <= shown, (ans.cypher, ans.rows)


def test_a_ranking_whose_last_row_ties_with_the_next_is_flagged_and_says_so(engine):
    """连板最多的是哪个 with several at the same number of days: the one shown is one of them, picked by
    its name's spelling — said, and below the trust line; a ranking with no tie stays sure."""
    top = engine.store.run(f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                           "WITH max(d.raising_limit_days) AS m MATCH (s:stock)-[:has_stock_data]->(d:stock_data) "
                           f"WHERE d.date = {T} AND d.raising_limit_days = m RETURN count(s)").rows[0][0]
    assert top > 1  # the demo KG's day has a tie at the top
    ans = engine.ask("今天连板最多的是哪个 连了几天")
    assert ans.error is None and len(ans.rows) == 1 and ans.confidence < engine.trust, (ans.cypher, ans.confidence)
    assert any("并列" in n for n in ans.notes), ans.notes
    # over a year: the longest run, several stocks reached it — the first by name shown, flagged
    ans = engine.ask("过去一年里连续涨停天数最多的是哪只")
    _answers(engine, ans, "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2023-03-16') "
             f"AND d.date <= {T} RETURN s.name, d.date, d.raising_limit_days "
             "ORDER BY d.raising_limit_days DESC, s.name, d.date LIMIT 1")
    assert ans.confidence < engine.trust, ans.confidence
    sure = engine.ask("今天成交量最大的是哪只")
    assert sure.confidence >= engine.trust and not any("并列" in n for n in sure.notes), sure.notes


def test_the_two_after_turns_each_about_a_company_and_its_chairman_are_of_the_kind_asked(engine):
    """这俩谁干得年头长 after two companies' chairmen: the two chairmen (each turn named a company and
    answered a person, and 这俩 pointed at nothing); 这两家注册资本 then: the two companies."""
    s = _after(engine, "比亚迪董事长叫啥啊", "他啥时候上任的", "长城汽车那个董事长呢 叫啥 啥时候上的")
    _answers(engine, s.ask("这俩谁干得年头长"),
             "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE s.name IN ['比亚迪', '长城汽车'] "
             "AND c.departure_date IS NULL RETURN c.name, c.appointment_date", True)
    _answers(engine, s.ask("那这两家注册资本差多少"),
             "MATCH (a:stock {name: '比亚迪'}), (b:stock {name: '长城汽车'}) "
             "RETURN abs(a.registered_capital - b.registered_capital)")




def test_a_move_between_an_earlier_day_and_today_runs_forward(engine):
    """去年3月15号收多少 跟今天比涨了百分之几: from that day to today (a rise goes forward in time)."""
    _shows(engine, engine.ask("去年3月15号茅台收多少？跟今儿个比涨了百分之几"),
           "MATCH (s:stock {name: '贵州茅台'})-[:has_stock_data]->(a), (s)-[:has_stock_data]->(b) "
           f"WHERE a.date = date('2023-03-15') AND b.date = {T} "
           "RETURN (b.closing_price - a.closing_price) * 100.0 / a.closing_price")



def test_a_superlative_asked_in_the_plural_keeps_the_first_few(engine):
    """管理费最便宜的基金是哪几只: the cheapest few, shown as such (取5条), not the one."""
    ans = engine.ask("管理费最便宜的基金是哪几只")
    _answers(engine, ans, "MATCH (f:public_offering_fund) RETURN f.name, f.management_fee "
             "ORDER BY f.management_fee, f.name LIMIT 5", True)
    assert len(engine.ask("管理费最便宜的基金是哪只").rows) == 1


def test_a_fund_asked_about_in_the_passive_is_asked_for_its_manager(engine):
    """持有宁德时代的基金由哪位基金经理管理: the holders' managers (not other funds those managers run)."""
    _answers(engine, engine.ask("持有宁德时代的基金由哪位基金经理管理"),
             "MATCH (m:fund_manager)-[:manage]->(f)-[:hold]->(:stock {name: '宁德时代'}) RETURN DISTINCT m.name")


def test_a_follow_up_saying_both_days_asks_them_of_the_thing_before(engine):
    """那今天比昨天涨了百分之几 after 茅台昨天收了多少: today against yesterday, of 茅台 — not yesterday's close
    asked again beside it."""
    _shows(engine, _after(engine, "茅台昨天收了多少").ask("那今天比昨天涨了百分之几"),
           "MATCH (s:stock {name: '贵州茅台'})-[:has_stock_data]->(a), (s)-[:has_stock_data]->(b) "
           f"WHERE a.date = {T} AND b.date = date('2024-03-14') "
           "RETURN (a.closing_price - b.closing_price) * 100.0 / b.closing_price")



def test_a_doubted_claim_is_looked_up_and_flagged(engine):
    """难道茅台今天又跌了？收了多少: the figures are shown, the doubt is not judged — so the answer
    is flagged (no longer refused as the unknown name 难道茅台)."""
    ans = engine.ask("难道五粮液今天又跌了？收了多少")
    assert ans.error is None and "五粮液" in ans.interpretation, (ans.error, ans.interpretation)
    assert ans.confidence < engine.trust


@pytest.mark.parametrize("question", ["紫金矿业关联啥产业，最近有啥消息", "锂电池上游是哪些产业，跟它关联的股票又有哪些"])
def test_a_second_ask_the_answer_leaves_out_is_flagged(engine, question):
    """…最近有啥消息 / 跟它关联的股票又有哪些 after another ask: answered with the first ask's
    column alone, the answer is not vouched for (it was, confidently)."""
    ans = engine.ask(question)
    assert ans.error is None and ans.confidence < engine.trust, (ans.cypher, ans.confidence)


@pytest.mark.parametrize("question,gold", [
    # a weekday's 咋样 is that day's close and change (上周五 was dropped for the latest day)
    ("白酒板块上周三咋样", "MATCH (t:trade {name: '白酒'})-[:has_trade_data]->(d:trade_data) "
     "WHERE d.date = date('2024-03-06') RETURN d.closing_price, d.range"),
    # 最惨 before a space is the one that fell most (it ranked the top riser)
    ("昨天哪个板块最惨 跌了多少", "MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = date('2024-03-14') "
     "RETURN t.name, d.range ORDER BY d.range, t.name LIMIT 1"),
    # 董事长换过人没: every chairman with the days they came and went
    ("海康威视董事长换过人没", "MATCH (c:chairman)-[r:is_chairman_of]->(:stock {name: '海康威视'}) "
     "RETURN c.name, c.appointment_date, c.departure_date"),
    # a bare 公司 opening the next clause is the company named (its province was another stock's)
    ("韦尔股份是啥板块的？公司在哪", "MATCH (s:stock {name: '韦尔股份'})-[:belong_to]->(t:trade) "
     "RETURN t.name, s.listed_sector, s.province"),
    # 最高跟最低差 is the day's high less its low
    ("宁德时代前天最高和最低差了多少", "MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) "
     "WHERE d.date = date('2024-03-13') RETURN d.maximum_price - d.minimum_price"),
    # 几个板块是涨的，几个是跌的 / 多少票收红: the counts of the movers (几个板 is not 几板)
    ("昨天有几个板块是涨的，几个是跌的",
     "MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = date('2024-03-14') "
     "RETURN count(CASE WHEN d.range > 0 THEN 1 END), count(CASE WHEN d.range < 0 THEN 1 END)"),
    ("今天多少票收红", "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') "
     "AND d.range > 0 RETURN count(DISTINCT s)"),
    # 是哪家的董事长: the company; 有好多个 (Sichuan): how many; 收得最高: the highest close
    ("邓志强是哪家的董事长", "MATCH (:chairman {name: '邓志强'})-[:is_chairman_of]->(s:stock) RETURN s.name"),
    ("有好多个基金经理是博士嘛", "MATCH (m:fund_manager) WHERE m.degree = '博士' RETURN count(m)"),
    ("宁德时代这个礼拜哪天收得最低", "MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) "
     "WHERE d.date >= date('2024-03-11') AND d.date <= date('2024-03-15') RETURN d.date, d.closing_price "
     "ORDER BY d.closing_price LIMIT 1"),
    # the count and the titles (标题也发我一下), a listing asked as 报几只给我看看, the first few
    ("五粮液有几条利空新闻，标题也发我一下", "MATCH (:stock {name: '五粮液'})-[r:involve]->(i:information) "
     "WHERE r.tendency = -1 RETURN count(i), collect(i.name)"),
    ("科创板的股票报几只给我看看", "MATCH (s:stock) WHERE s.listed_sector = '科创板' RETURN s.name"),
    ("利好消息最多的股票 前几个整出来", "MATCH (s:stock)-[r:involve]->(i:information) WHERE r.tendency = 1 "
     "RETURN s.name, count(i) AS n ORDER BY n DESC, s.name LIMIT 5"),
    ("宇宙行董事长是哪位大佬", "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '工商银行'}) "
     "WHERE c.departure_date IS NULL RETURN c.name"),
])
def test_weekday_moods_worst_boards_chairmen_history_spreads_and_counts_of_movers(engine, question, gold):
    _same(engine, question, gold)


def test_the_other_superlative_alone_ranks_the_same_things_the_other_way(engine):
    """跌最多的呢 after 哪个板块涨最多 is the board that fell most (it ranked the stocks inside the
    board picked); after a ranking inside a board, the other end of that board."""
    s = _after(engine, "今天哪个板块涨最多？")
    _answers(engine, s.ask("跌最多的呢"), "MATCH (t:trade)-[:has_trade_data]->(d:trade_data) WHERE d.date = "
             f"{T} RETURN t.name, d.range ORDER BY d.range, t.name LIMIT 1")
    s = _after(engine, "白酒板块今天哪只涨得最多")
    _answers(engine, s.ask("跌得最多的呢"), "MATCH (s:stock)-[:belong_to]->(:trade {name: '白酒'}), "
             f"(s)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN s.name, d.range "
             "ORDER BY d.range, s.name LIMIT 1", sure=True)


def test_a_buddy_word_points_at_the_manager_and_the_funds_both_hold(engine):
    """这哥们还管了啥基金 after a fund's managers: theirs; 茅台和五粮液被哪些基金同时持有: the funds
    holding both, not each one's holders."""
    s = _after(engine, "嘉实大金融指数A的基金经理是谁")
    ans = s.ask("这哥们还管了啥基金")
    assert ans.error is None and "这哥们" not in (ans.resolved_question or ""), (ans.resolved_question, ans.error)
    _same(engine, "贵州茅台跟五粮液都被哪些基金同时拿着",
          "MATCH (:stock {name: '贵州茅台'})<-[:hold]-(f:public_offering_fund)-[:hold]->(:stock {name: '五粮液'}) "
          "RETURN DISTINCT f.name")


def test_a_count_listed_with_a_figure_asked_after_it_lists_the_things_with_it(engine):
    """都列一下吧，附上今天收盘价 after 白酒板块有几只股票: the board's stocks with their close (it
    was the board's own close)."""
    s = _after(engine, "银行板块有几只股票")
    _answers(engine, s.ask("都列一下吧，附上今天收盘价"), "MATCH (s:stock)-[:belong_to]->(:trade {name: '银行'}), "
             f"(s)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} RETURN s.name, d.closing_price")


@pytest.mark.parametrize("question,gold", [
    # 客户问下…: the client's question, both figures of it (下 kept it from splitting)
    ("客户问下五粮液最近一个月的最高价和最低价",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-02-16') "
     "AND d.date <= date('2024-03-15') WITH max(d.maximum_price) AS hi, min(d.minimum_price) AS lo "
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(a:stock_data), (:stock {name: '五粮液'})-[:has_stock_data]->(b:stock_data) "
     "WHERE a.maximum_price = hi AND b.minimum_price = lo AND a.date >= date('2024-02-16') AND b.date >= date('2024-02-16') "
     "RETURN a.date, hi, b.date, lo"),
    # 今天比昨天涨跌了百分之几: the move between the closes
    ("帮我算下五粮液今天比昨天涨跌了百分之几",
     "MATCH (s:stock {name: '五粮液'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = {T} AND b.date = date('2024-03-14') "
     "RETURN (a.closing_price - b.closing_price) * 100.0 / b.closing_price"),
])
def test_a_clients_question_and_a_move_said_with_both_words(engine, question, gold):
    _same(engine, question, gold)


@pytest.mark.parametrize("question,gold", [
    # 哪个老 / 哪个历史更久: which was founded first
    ("杭州建设和杭州海运哪个老", "MATCH (s:stock) WHERE s.name IN ['杭州建设', '杭州海运'] "
     "RETURN s.name, s.establishment_date ORDER BY s.establishment_date"),
    # 是哪年成立的 (年 was left unread) and 哪年上任的
    ("杭州建设是哪年成立的", "MATCH (s:stock {name: '杭州建设'}) RETURN s.establishment_date"),
    ("朱浩哪年上任的", "MATCH (c:chairman {name: '朱浩'}) RETURN c.appointment_date"),
])
def test_which_is_older_and_which_year(engine, question, gold):
    _same(engine, question, gold, ordered=True)


def test_which_year_it_listed_is_asked_not_refused(engine):
    """茅台是哪年上市的 was refused (上市 no figure of the KG): its listing date is asked."""
    ans = engine.ask("中芯国际哪年上市的")
    assert ans.error is None and "上市日期" in ans.interpretation, (ans.error, ans.interpretation)


@pytest.mark.parametrize("question,gold", [
    ("五粮液注册资本多少 listed在哪个board",
     "MATCH (s:stock {name: '五粮液'}) RETURN s.registered_capital, s.listed_sector"),
    ("华夏医疗健康股票A NAV和fee", "MATCH (f:public_offering_fund {name: '华夏医疗健康股票A'}) "
     "RETURN f.net_worth, f.management_fee"),
    ("五粮液今天turnover多少", "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} RETURN d.closing_price * d.volume"),
    ("五粮液这周best day是哪天", "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) "
     "WHERE d.date >= date('2024-03-11') AND d.date <= date('2024-03-15') RETURN d.date ORDER BY d.range DESC LIMIT 1"),
    ("每个board各多少家公司 breakdown一下", "MATCH (s:stock) RETURN s.listed_sector, count(s)"),
])
def test_an_analysts_english_nav_fee_turnover_board_and_best_day(engine, question, gold):
    _same(engine, question, gold)


@pytest.mark.parametrize("question,gold", [
    # 板扎 (Yunnan) and 老火 (Sichuan): rose most, lost most
    ("昨天哪只股票涨得最板扎", "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
     "RETURN s.name ORDER BY d.range DESC, s.name LIMIT 1"),
    ("工商银行2022年哪个季度亏得最老火", "MATCH (:stock {name: '工商银行'})-[:has_stock_financial_information]->"
     "(f:stock_financial_information) WHERE f.year = 2022 RETURN f.quarter ORDER BY f.net_profit LIMIT 1"),
    # 2021到2023年 每年一季度各赚得好多: the first quarter of each of those years
    ("五粮液2021到2023年 每年一季度各赚得好多", "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->"
     "(f:stock_financial_information) WHERE f.year >= 2021 AND f.year <= 2023 AND f.quarter = 1 "
     "RETURN f.year, f.net_profit"),
])
def test_yunnan_and_sichuan_superlatives_and_each_years_first_quarter(engine, question, gold):
    _same(engine, question, gold)


def test_this_figure_points_at_the_figure_asked_before(engine):
    """化工板块里谁的这个指标最高 after a stock's inventory turnover: that figure, ranked in the board
    (这个指标 was an unknown word)."""
    s = _after(engine, "万华化学2023年年报的存货周转率")
    ans = s.ask("化工板块里谁的这个指标最高")
    assert ans.error is None and "存货周转率" in (ans.resolved_question or ""), (ans.resolved_question, ans.error)
    _answers(engine, ans, "MATCH (s:stock)-[:belong_to]->(:trade {name: '化工'}), (s)-[:has_stock_financial_information]->"
             "(f:stock_financial_information) WHERE f.year = 2023 AND f.quarter = 4 "
             "RETURN s.name, f.inventory_turnover ORDER BY f.inventory_turnover DESC, s.name LIMIT 1")


@pytest.mark.parametrize("first,then", [("景林资产持有哪些股票", "它们分别属于哪个行业板块"),
                                        ("景林资产持有哪些stock", "分别in which sectors")])
def test_they_after_more_rows_than_can_be_named_ask_the_question_before_of_each(engine, first, then):
    """它们分别属于哪个板块 / 分别in which sectors after 73 rows: every one of them (the names kept
    were the first 50)."""
    _answers(engine, _after(engine, first).ask(then),
             "MATCH (:stockholder {name: '景林资产管理有限公司'})-[:is_stockholder_of]->(s:stock)-[:belong_to]->(t:trade) "
             "RETURN s.name, t.name")


@pytest.mark.parametrize("question,gold", [
    # 嘛 after a wh-word asks no yes or no (哪个季度赚得最多嘛 was answered True)
    ("五粮液2023年哪个季度赚得最多嘛", "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->"
     "(f:stock_financial_information) WHERE f.year = 2023 RETURN f.quarter ORDER BY f.net_profit DESC LIMIT 1"),
    ("五粮液今天涨了嘛", "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) "
     f"WHERE d.date = {T} RETURN d.range"),
    # 是涨的还是跌的: how it moved
    ("去年国庆节后头一天五粮液是涨的还是跌的", "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) "
     "WHERE d.date = date('2023-10-09') RETURN d.range"),
    # who the client is, and 当年 (back then), are no part of the question
    ("客户是做锂电产业链的，问锂矿下游都有哪些产业",
     "MATCH (:industry {name: '锂矿'})-[:affect]->(i:industry) RETURN i.name"),
    # 有没有被同一只基金同时拿着，有的话是哪几只: the funds holding both
    ("阳光电源和隆基绿能有没有被同一只基金同时拿着，有的话是哪几只",
     "MATCH (:stock {name: '阳光电源'})<-[:hold]-(f:public_offering_fund)-[:hold]->(:stock {name: '隆基绿能'}) "
     "RETURN DISTINCT f.name"),
    # 跌得多点: which fell more
    ("招行跟工行今朝哪个跌得多点", "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['招商银行', "
     f"'工商银行'] AND d.date = {T} RETURN s.name, d.range ORDER BY d.range"),
])
def test_softened_wh_questions_asides_and_funds_holding_both(engine, question, gold):
    _same(engine, question, gold)


def test_they_after_a_total_and_a_person_are_the_things_listed_earlier(engine):
    """它们买的股票都属于哪些板块 after 王明's funds, his degree and their total: those funds (it was
    asked back)."""
    s = _after(engine, "王明管的基金有哪些", "他是什么学历", "这些基金一共有多大规模")
    _answers(engine, s.ask("它们买的股票都属于哪些板块"),
             "MATCH (:fund_manager {name: '王明'})-[:manage]->(f:public_offering_fund)-[:hold]->(:stock)-[:belong_to]->"
             "(t:trade) RETURN DISTINCT f.name, t.name")


def test_compared_with_yesterday_across_a_particle_is_todays_move(engine):
    """比昨天呢 涨了还是跌了 after today's close: today's move (比 was left unread)."""
    s = _after(engine, "五粮液今天收多少")
    _answers(engine, s.ask("比昨天呢 涨了还是跌了"), "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) "
             f"WHERE d.date = {T} RETURN d.range", sure=True)


def test_a_difference_of_two_things_at_two_times_is_flagged(engine):
    """两家差多少 after 五粮液2022年 and 泸州老窖2023年: no like-for-like difference — computed, but not
    vouched for (it was, confidently); the same year's two stays sure."""
    s = _after(engine, "五粮液2022年赚了多少", "泸州老窖2023年呢")
    ans = s.ask("两家差多少")
    assert ans.error is None and ans.confidence < engine.trust, (ans.interpretation, ans.confidence)
    s = _after(engine, "五粮液2023年赚了多少", "泸州老窖呢")
    ans = s.ask("两家差多少")
    assert ans.error is None and ans.confidence >= engine.trust, (ans.interpretation, ans.confidence)


def test_a_departure_that_is_set_reads_as_set_and_a_typists_big_holder(engine):
    """以前的董事长: the interpretation says 离任日期不为空 (it read 不离任日期为空); 大古东 is the
    largest holder (古东 was mended, 大 lost)."""
    ans = engine.ask("长江电力以前的董事长是谁")
    assert "离任日期不为空" in ans.interpretation and "不离任" not in ans.interpretation, ans.interpretation
    _same(engine, "中国平安大古东是谁", "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '中国平安'}) "
          "RETURN h.name ORDER BY r.shareholding_ratio DESC LIMIT 1")


@pytest.mark.parametrize("question,gold", [
    # a figure over the first few: the first few, then the figure over their rows (each one's own
    # average, five rows, was answered confidently)
    ("今天成交量前5的股票成交量加起来多少", "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = "
     f"{T} RETURN d.volume ORDER BY d.volume DESC LIMIT 5"),
    ("易方达蓝筹精选混合A前5大重仓股持仓占比合计多少", "MATCH (:public_offering_fund {name: '易方达蓝筹精选混合A'})"
     "-[h:hold]->(s:stock) RETURN h.position_ratio ORDER BY h.position_ratio DESC LIMIT 5"),
])
def test_a_figure_over_the_first_few_is_computed_over_them(engine, question, gold):
    values = [r[0] for r in engine.store.run(gold).rows]
    ans = engine.ask(question)
    assert ans.error is None and len(ans.rows) == 1 and ans.rows[0][0] == pytest.approx(sum(values)), \
        (ans.interpretation, ans.rows[:3])


def test_an_average_over_the_first_few_is_not_each_ones_own(engine):
    """涨幅前五的股票平均涨幅: one figure over the five (or, read as one query, flagged)."""
    ans = engine.ask("今天涨幅前五的股票平均涨幅")
    assert ans.error is None and len(ans.rows) == 1, (ans.interpretation, ans.rows[:3])


def test_this_period_after_a_span_is_that_span(engine):
    """这段时间000858 avg daily volume after 3/1到3/15: that span's days (it was today's alone)."""
    s = _after(engine, "check一下600519 3/1到3/15的区间涨幅")
    _answers(engine, s.ask("这段时间000858 avg daily volume"),
             "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-01') "
             "AND d.date <= date('2024-03-15') RETURN avg(d.volume)")


def test_funds_holding_two_things_show_no_one_holdings_size_as_theirs(engine):
    """同时持有宁德时代和比亚迪的基金: the funds, without one stock's 持仓占比 passing for both."""
    ans = engine.ask("同时持有贵州茅台和五粮液的基金有哪些")
    assert ans.error is None and ans.rows and all("持仓占比" not in c for c in ans.columns), ans.columns


def test_a_kind_inside_after_a_time_is_the_one_discussed_and_holders_asides(engine):
    """节后第一天板块里涨得最猛的是哪只 after 白酒板块's day: its stocks that day (it ranked the boards);
    招行 兴业 浦发我都拿着 is an aside (it asked for funds)."""
    s = _after(engine, "春节前最后一个交易日白酒板块涨了多少")
    _answers(engine, s.ask("节后第一天板块里涨得最猛的是哪只"),
             "MATCH (s:stock)-[:belong_to]->(:trade {name: '白酒'}), (s)-[:has_stock_data]->(d:stock_data) "
             "WHERE d.date = date('2024-02-19') RETURN s.name ORDER BY d.range DESC, s.name LIMIT 1")
    _same(engine, "招行 兴业 浦发我都拿着 今天谁涨得最多",
          "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['招商银行', '兴业银行', '浦发银行'] "
          f"AND d.date = {T} RETURN s.name, d.range")


def test_a_percent_between_one_things_two_days_is_the_later_against_the_earlier(engine):
    """这两天差了百分之几 after 近两天宁德时代收了多少: the move from the first close to the second
    (the listing was asked again)."""
    s = _after(engine, "近两天宁德时代收了多少")
    ans = s.ask("这两天差了百分之几")
    rows = engine.store.run("MATCH (:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= "
                            "date('2024-03-14') RETURN d.closing_price ORDER BY d.date").rows
    want = (rows[1][0] - rows[0][0]) / rows[0][0] * 100
    assert ans.error is None and ans.rows and ans.rows[0][0] == pytest.approx(want), (ans.interpretation, ans.rows)


def test_our_company_unnamed_is_asked_back_and_named_is_that_one(engine):
    """我司 with no company said: which one is asked back (持有我司股票的基金 counted every fund's
    holdings, confidently); 我司泸州老窖 / 我司（泸州老窖）: that company; after 我们是泸州老窖, 我司 is it."""
    ans = engine.ask("当前持有我司股票的公募基金共几只")
    assert ans.error is not None and "我司" in ans.error, (ans.error, ans.interpretation)
    _same(engine, "我司泸州老窖的注册资本", "MATCH (s:stock {name: '泸州老窖'}) RETURN s.registered_capital")
    s = _after(engine, "我们是泸州老窖")
    _answers(engine, s.ask("我司注册资本多少"), "MATCH (s:stock {name: '泸州老窖'}) RETURN s.registered_capital", True)


def test_the_top_and_the_bottom_five_asked_together_are_not_vouched_for_with_one(engine):
    """涨幅榜前五 跌幅榜后五 answered with the top five alone: flagged (跌幅榜后五 went unread)."""
    ans = engine.ask("今天行业板块涨幅榜前五 跌幅榜后五")
    assert ans.error is not None or ans.confidence < engine.trust or len(ans.rows) > 5, (ans.interpretation,
                                                                                        ans.confidence)


@pytest.mark.parametrize("question,gold,ordered", [
    # several (or every one, ordered) asked beside which is the most: all of them, the most first
    ("每个省有多少家上市公司哪个省最多",
     "MATCH (s:stock) RETURN s.province, count(s) AS n ORDER BY n DESC, s.province", True),
    ("哪个省上市公司最多？每个省各有几家，帮我排个名",
     "MATCH (s:stock) RETURN s.province, count(s) AS n ORDER BY n DESC, s.province", True),
    ("白酒板块公司按成立时间排序，最早成立的是哪家？",
     "MATCH (:trade {name: '白酒'})<-[:belong_to]-(s:stock) RETURN s.name, s.establishment_date "
     "ORDER BY s.establishment_date, s.name", True),
    # the one that rose most over a week among a board's stocks, its rise asked beside: that one only
    ("这周半导体板块里最猛的票是哪个 涨了多少",
     "MATCH (:trade {name: '半导体'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(a:stock_data), "
     "(s)-[:has_stock_data]->(b:stock_data) WHERE a.date = date('2024-03-08') AND b.date = " + T +
     " RETURN s.name, (b.closing_price - a.closing_price) / a.closing_price * 100 AS r ORDER BY r DESC, s.name LIMIT 1",
     True),
    # two values of a word property named, a figure of each asked which is higher: both, the higher first
    ("深市主板和创业板 今天平均涨幅谁高",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = " + T + " AND s.listed_sector IN "
     "['深市主板', '创业板'] RETURN s.listed_sector, avg(d.range) AS r ORDER BY r DESC", True),
])
def test_several_beside_the_most_a_boards_best_mover_and_named_values_compared(engine, question, gold, ordered):
    ans = engine.ask(question)  # (每个省有多少家…, 各有几家: right, still below the line — 每 and 几家 unread)
    assert ans.error is None, ans.error
    want = engine.store.run(gold)
    assert results_match(want.columns, want.rows, ans.columns, ans.rows, ordered), (ans.cypher, ans.rows[:5])


def test_a_difference_said_with_no_way_runs_forward_and_how_much_less_is_the_others_less_its_own(engine):
    ans = engine.ask("贵州茅台上周五收盘多少跟今天比差了多少")  # today's less last Friday's
    _shows(engine, ans, "MATCH (s:stock {name: '贵州茅台'})-[:has_stock_data]->(a:stock_data), "
                        "(s)-[:has_stock_data]->(b:stock_data) WHERE a.date = date('2024-03-08') AND b.date = "
                        f"{T} RETURN b.closing_price - a.closing_price")
    diff = ans.rows[0][2]
    assert diff > 0, ans.rows
    low = engine.ask("工商银行今天收盘价比招商银行低多少")  # not a filter: both closes, and how much lower
    _shows(engine, low, "MATCH (a:stock {name: '工商银行'})-[:has_stock_data]->(x:stock_data), (b:stock {name: "
                        f"'招商银行'}})-[:has_stock_data]->(y:stock_data) WHERE x.date = {T} AND y.date = {T} "
                        "RETURN y.closing_price - x.closing_price")
    which = engine.ask("五粮液成交量比茅台大还是小")  # both volumes and the first's less the second's
    _volumes_apart(engine, which, "五粮液", "贵州茅台")


def _volumes_apart(engine, ans, a: str, b: str) -> None:
    want = engine.store.run(f"MATCH (a:stock {{name: '{a}'}})-[:has_stock_data]->(x:stock_data), (b:stock {{name: "
                            f"'{b}'}})-[:has_stock_data]->(y:stock_data) WHERE x.date = {T} AND y.date = {T} "
                            "RETURN x.volume, y.volume, x.volume - y.volume").rows[0]
    assert ans.error is None and ans.confidence >= engine.trust, (ans.resolved_question, ans.confidence)
    assert list(ans.rows[0]) == list(want), (ans.rows, want)


@pytest.mark.parametrize("first,then,gold", [
    ("工行今日收盘几多钱", "比招行今日个收盘价低几多",
     "MATCH (a:stock {name: '工商银行'})-[:has_stock_data]->(x:stock_data), (b:stock {name: '招商银行'})"
     f"-[:has_stock_data]->(y:stock_data) WHERE x.date = {T} AND y.date = {T} RETURN y.closing_price - x.closing_price"),
])
def test_a_turn_opening_on_a_comparison_sets_the_thing_before_against_the_one_named(engine, first, then, gold):
    s = _after(engine, first)
    _shows(engine, s.ask(then), gold)
    s = _after(engine, "五粮液今日成交咯几多股")
    _volumes_apart(engine, s.ask("比茅台个成交量大还是小"), "五粮液", "贵州茅台")


@pytest.mark.parametrize("question,gold", [
    # Gan 个 for 的, 前日 for 前天, an aside (蛮大啵), 平均下来有几多
    ("隆基绿能前日是涨咯还是跌咯，几多个点",
     "MATCH (s:stock {name: '隆基绿能'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-13') "
     "RETURN d.range"),
    ("银行股里头注册资本最大个三家是哪些啵",
     "MATCH (:trade {name: '银行'})<-[:belong_to]-(s:stock) RETURN s.name ORDER BY s.registered_capital DESC, "
     "s.name LIMIT 3"),
    ("创业板个公司注册资本平均下来有几多，我想晓得下",
     "MATCH (s:stock) WHERE s.listed_sector = '创业板' RETURN avg(s.registered_capital)"),
    # Tianjin 介 for 这, 出没出, 打新 as an aside, typed homophones (懂事长, 持舱)
    ("宁德时代介礼拜出没出红三兵",
     "MATCH (s:stock {name: '宁德时代'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-11') "
     f"AND d.date <= {T} RETURN count(CASE WHEN d.hong_san_bing THEN 1 END) > 0"),
    ("易方达消费升级股票A持舱最多的那只股它的懂事长是谁",
     "MATCH (:public_offering_fund {name: '易方达消费升级股票A'})-[h:hold]->(s:stock) WITH s ORDER BY "
     "h.position_ratio DESC, s.name LIMIT 1 MATCH (c:chairman)-[:is_chairman_of]->(s) WHERE c.departure_date "
     "IS NULL RETURN c.name"),
])
def test_gan_and_tianjin_words_and_typed_homophones(engine, question, gold):
    _same(engine, question, gold)


@pytest.mark.parametrize("question,gold", [
    # Shanxi 甚 / 咋介 / 年时, Teochew 底个 / 加减 / 起还是落 / 有无, Cantonese 喺 / 咩 / 主席 / 三間
    ("咱山西的上市公司有几个 都是些甚", "MATCH (s:stock) WHERE s.province = '山西' RETURN count(s), collect(s.name)"),
    ("煤碳板块今儿咋介了",
     f"MATCH (t:trade {{name: '煤炭'}})-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} RETURN d.range"),
    ("年时一年汾酒一共赚了多少钱",
     "MATCH (s:stock {name: '山西汾酒'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 RETURN sum(f.net_profit)"),
    ("中芯国际同韦尔股份今日底个成交量大 差加减",
     f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.name IN ['中芯国际', '韦尔股份'] AND d.date = {T} "
     "RETURN max(d.volume) - min(d.volume)"),
    ("银行板块今日是起还是落 加减",
     f"MATCH (t:trade {{name: '银行'}})-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} RETURN d.range"),
    ("隆基绿能有无利空消息",
     "MATCH (s:stock {name: '隆基绿能'})-[r:involve]->(n:information) WHERE r.tendency = -1 RETURN n.name"),
    ("招商銀行個主席係邊個",
     "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '招商银行'}) WHERE c.departure_date IS NULL RETURN c.name"),
    ("銀行股入面2023年全年淨利最多嘅三間",
     "MATCH (:trade {name: '银行'})<-[:belong_to]-(s:stock)-[:has_stock_financial_information]->"
     "(f:stock_financial_information) WHERE f.year = 2023 RETURN s.name, sum(f.net_profit) AS p "
     "ORDER BY p DESC, s.name LIMIT 3"),
])
def test_shanxi_teochew_and_cantonese_words(engine, question, gold):
    _same(engine, question, gold)


def test_a_teochew_it_after_a_ranked_pick_is_that_one(engine):
    s = engine.session()
    s.ask("银行板块今日起了几多")
    picked = s.ask("里头底只银行起得最多").rows[0][0]
    ans = s.ask("伊个大股东是底个")
    assert ans.error is None and picked in ans.resolved_question, (ans.resolved_question, picked)


@pytest.mark.parametrize("question,gold", [
    # an emoji is a space (but 🍶 is a board); a forum pet name names its company; 绿了 fell
    ("宁王今天涨了没😭", f"MATCH (s:stock {{name: '宁德时代'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                      "RETURN d.range"),
    ("茅台今天收了多少啊😭是不是又绿了📉",
     f"MATCH (s:stock {{name: '贵州茅台'}})-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
     "RETURN d.closing_price, d.range"),
    ("🍶板块今天咋样", f"MATCH (t:trade {{name: '白酒'}})-[:has_trade_data]->(d:trade_data) WHERE d.date = {T} "
                   "RETURN d.range"),
    ("猪茅去年赚了多少",
     "MATCH (s:stock {name: '牧原股份'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 RETURN sum(f.net_profit)"),
])
def test_emoji_colours_a_sentence_and_forum_pet_names(engine, question, gold):
    _same(engine, question, gold)


def test_which_of_an_answers_many_is_the_one_and_of_a_few_named_all(engine):
    three = engine.ask("茅台、五粮液、汾酒今天哪个涨得多")  # all three, the highest first: which, and by how much
    assert three.error is None and len(three.rows) == 3, three.rows
    # the answer before's ten companies, which rose most: the one, and 佢 (it) after it is that one
    s = engine.session()
    s.ask("鋰電池產業嘅下游有啲咩")
    s.ask("有邊啲上市公司關聯佢")
    top = s.ask("呢啲公司今日邊隻升得最多")
    assert top.error is None and len(top.rows) == 1, top.rows
    news = s.ask("佢最近有冇咩好消息")
    assert news.error is None and top.rows[0][0] in news.resolved_question, news.resolved_question


@pytest.mark.parametrize("question,gold", [
    # Teochew 底几 asks which ones (哪几), not how many
    ("中央汇金投资有限责任公司持个银行股有底几只",
     "MATCH (:stockholder {name: '中央汇金投资有限责任公司'})-[:is_stockholder_of]->(s:stock)-[:belong_to]->"
     "(:trade {name: '银行'}) RETURN s.name"),
    ("香港中央结算有限公司它买了多少个公司的股票",  # 多少个公司: a count, 个 no 的
     "MATCH (:stockholder {name: '香港中央结算有限公司'})-[:is_stockholder_of]->(s:stock) RETURN count(s)"),
])
def test_teochew_which_ones_and_a_count_of_companies(engine, question, gold):
    _same(engine, question, gold)


@pytest.mark.parametrize("question", ["昨天跟今天都涨停的股票有没有就是说连着两天涨停的", "两天都涨停的是哪些", "两日都停个有无"])
def test_limit_up_on_both_days_is_a_run_of_two(engine, question):
    _same(engine, question, f"MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = {T} "
                            "AND d.raising_limit_days >= 2 RETURN s.name")


@pytest.mark.parametrize("question", ["招行今年以来收盘最高和最低差了多少", "招行今年以来收盘价最大值和最小值相差多少"])
def test_the_highest_close_less_the_lowest_over_days(engine, question):
    _same(engine, question, "MATCH (s:stock {name: '招商银行'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= "
                            f"date('2024-01-01') AND d.date <= {T} RETURN max(d.closing_price) - min(d.closing_price)")


@pytest.mark.parametrize("question,gold", [
    # a farmer's words: hesitations (那个那个), 基金老板 (a fund's manager), 收盘费 (typed for 收盘价)
    ("那个那个女的基金老板有多少个", "MATCH (m:fund_manager) WHERE m.sex = '女' RETURN count(m)"),
    ("宁波建材今年一月二号的时候收盘费是多少",
     "MATCH (s:stock {name: '宁波建材'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-01-02') "
     "RETURN d.closing_price"),
])
def test_a_farmers_hesitations_and_words(engine, question, gold):
    _same(engine, question, gold)


def test_volume_let_out_or_drawn_in_and_a_plain_to_the_bottom(engine):
    s = _after(engine, "贵州茅台今天成交量多少")
    moved = s.ask("跟昨天比量能放了还是缩了")  # today's volume against yesterday's
    want = engine.store.run(f"MATCH (s:stock {{name: '贵州茅台'}})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->"
                            f"(b:stock_data) WHERE a.date = {T} AND b.date = date('2024-03-14') "
                            "RETURN a.volume - b.volume").rows[0][0]
    assert moved.error is None and want in moved.rows[0], (moved.resolved_question, moved.rows)
    # 到底几只 (how many, really): 底几 here is no Teochew 哪几
    ans = engine.ask("白酒板块到底几只股票")
    assert ans.error is None and ans.columns == [engine.lang.say("columns.count")], (ans.columns, ans.rows)
    four = engine.ask("西安航空 西安地产 西安信息 西安文化 这四个今儿个谁涨得最好")  # four typed: all, ranked
    assert len(four.rows) == 4, four.rows


@pytest.mark.parametrize("question,gold", [
    # a view said before what is asked is no part of the ask (its 最赚钱的 / 一家公司 is not asked)
    ("买股票得找最能赚钱的行业，银行板块里2023年全年净利润最高的是哪家",
     "MATCH (t:trade {name: '银行'})<-[:belong_to]-(s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 WITH s, sum(f.net_profit) AS p RETURN s.name ORDER BY p DESC, s.name LIMIT 1"),
    ("看一家公司往往先看股东，五粮液的股东都有谁",
     "MATCH (h:stockholder)-[:is_stockholder_of]->(:stock {name: '五粮液'}) RETURN h.name"),
    # …and a view of the thing asked about keeps the thing
    ("招商银行一向被当成稳健的标的，近一年股价最高和最低分别是多少",
     "MATCH (:stock {name: '招商银行'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2023-03-16') "
     "AND d.date <= date('2024-03-15') RETURN max(d.maximum_price), min(d.minimum_price)"),
])
def test_the_askers_view_before_the_question_is_an_aside(engine, question, gold):
    _same(engine, question, gold)


@pytest.mark.parametrize("question,gold", [
    # 前一天 is the trading day before the day said (not the day before a holiday)
    ("招商银行3月12号开盘价比前一天收盘价高吗",
     "MATCH (s:stock {name: '招商银行'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     "WHERE a.date = date('2024-03-12') AND b.date = date('2024-03-11') RETURN a.opening_price > b.closing_price"),
    # 高开 / 低开: the open against the close the day before, not the chairman 高凯
    ("招商银行今天低开了吗",
     "MATCH (s:stock {name: '招商银行'})-[:has_stock_data]->(a:stock_data), (s)-[:has_stock_data]->(b:stock_data) "
     f"WHERE a.date = {T} AND b.date = date('2024-03-14') RETURN a.opening_price < b.closing_price"),
])
def test_the_day_before_the_day_said_and_an_open_above_or_below_it(engine, question, gold):
    ans = engine.ask(question)
    want = engine.store.run(gold).rows[0][0]
    assert ans.error is None and ans.confidence >= engine.trust, (ans.cypher, ans.confidence)
    assert want in ans.rows[0][-1:] and "高凯" not in (ans.cypher or "") + json.dumps(ans.params, ensure_ascii=False), \
        (ans.cypher, ans.rows)


@pytest.mark.parametrize("question,gold", [
    ("五粮液代码是多少来着，拼音简称呢", "MATCH (s:stock {name: '五粮液'}) RETURN s.code, s.chinese_spelling"),
    ("格力电器2023中报那个季度的净利润", "MATCH (:stock {name: '格力电器'})-[:has_stock_financial_information]->"
     "(f:stock_financial_information) WHERE f.year = 2023 AND f.quarter = 2 RETURN f.net_profit"),
    ("美的集团2023三季报的存货周转率", "MATCH (:stock {name: '美的集团'})-[:has_stock_financial_information]->"
     "(f:stock_financial_information) WHERE f.year = 2023 AND f.quarter = 3 RETURN f.inventory_turnover"),
    ("工商银行注册资本究竟有多少", "MATCH (s:stock {name: '工商银行'}) RETURN s.registered_capital"),
    ("有没有大佬知道比亚迪注册的钱是多少", "MATCH (s:stock {name: '比亚迪'}) RETURN s.registered_capital"),
])
def test_a_property_asked_again_a_year_said_bare_and_a_call_for_help(engine, question, gold):
    _same(engine, question, gold)


def test_an_everyday_word_inside_a_holders_name_names_nothing(engine):
    ans = engine.ask("外资资金都说是聪明钱，香港中央结算有限公司持股比例最高的是哪家公司")
    assert ans.error is None and "挪威" not in json.dumps(ans.params, ensure_ascii=False) \
        and "紫金" not in json.dumps(ans.params, ensure_ascii=False), (ans.cypher, ans.params)


def test_a_quarter_against_the_same_quarter_a_year_before_said_as_a_rise_or_fall(engine):
    _shows(engine, engine.ask("招商银行2023年二季度单季净利润跟2022年二季度比是增是减"), GROWTH % ("招商银行", 2023, 2, 2022, 2))


def test_one_link_further_down_the_chain_said_as_再下游(engine):
    s = _after(engine, "锂矿的下游是什么产业")
    _answers(engine, s.ask("再下游呢"), "MATCH (:industry {name: '锂矿'})-[:affect]->(:industry)-[:affect]->(i:industry) "
             "RETURN DISTINCT i.name", sure=True)


def test_two_days_or_two_quarters_said_side_by_side_are_both_shown(engine):
    _same(engine, "五粮液3月13号和3月15号的收盘价", "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(d:stock_data) "
          "WHERE d.date IN [date('2024-03-13'), date('2024-03-15')] RETURN d.date, d.closing_price")
    s = _after(engine, "比亚迪2023年一季度净利润多少")
    _answers(engine, s.ask("二季度三季度呢"), "MATCH (:stock {name: '比亚迪'})-[:has_stock_financial_information]->"
             "(f:stock_financial_information) WHERE f.year = 2023 AND f.quarter IN [2, 3] RETURN f.date, f.net_profit", sure=True)


def test_which_day_was_highest_after_a_figure_day_by_day_is_that_figures_day(engine):
    s = _after(engine, "招商银行这周每天的收盘价")
    _answers(engine, s.ask("哪天最高"), "MATCH (:stock {name: '招商银行'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= "
             "date('2024-03-11') AND d.date <= date('2024-03-15') RETURN d.date, d.closing_price "
             "ORDER BY d.closing_price DESC LIMIT 1")


def test_the_two_figures_before_added_up_in_cantonese(engine):
    s = _after(engine, "五粮液2023年四季度赚了多少", "泸州老窖呢")
    ans = s.ask("两家加埋好多钱")
    want = engine.store.run("MATCH (s:stock)-[:has_stock_financial_information]->(f:stock_financial_information) WHERE "
                            "s.name IN ['五粮液', '泸州老窖'] AND f.year = 2023 AND f.quarter = 4 RETURN sum(f.net_profit)").rows[0][0]
    assert ans.error is None and abs(ans.rows[0][-1] - want) < 1, (ans.resolved_question, ans.rows)


@pytest.mark.parametrize("question,gold", [
    ("男基金经理女基金经理各有几个", "MATCH (m:fund_manager) RETURN m.sex, count(m)"),
    ("上周天天收红的股票有哪些", "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date >= date('2024-03-04') AND "
     "d.date <= date('2024-03-08') WITH s, min(d.range) AS low WHERE low > 0 RETURN s.name"),
    ("被利好新闻提到最多的前三只股票", "MATCH (s:stock)-[r:involve]->(i:information) WHERE r.tendency = 1 "
     "RETURN s.name, count(DISTINCT i) AS n ORDER BY n DESC, s.name LIMIT 3"),
    ("招商银行董事长在任多少年了", "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '招商银行'}) WHERE c.departure_date "
     "IS NULL RETURN c.name, (20240315 - (date_part('year', c.appointment_date) * 10000 + date_part('month', "
     "c.appointment_date) * 100 + date_part('day', c.appointment_date))) / 10000"),
    ("中欧医疗健康指数A的C类现在能申购吗", "MATCH (f:public_offering_fund {name: '中欧医疗健康指数C'}) RETURN f.sales_status"),
])
def test_men_and_women_each_every_day_up_most_mentioned_years_in_office_and_the_other_share_class(engine, question, gold):
    _same(engine, question, gold)


def test_a_view_said_in_a_first_turn_is_not_carried_into_the_next(engine):
    s = _after(engine, "我一向看好五粮液，五粮液2023年第三季度单季净利润是多少")
    _shows(engine, s.ask("和2022年同一个季度比，增长了多少"), GROWTH % ("五粮液", 2023, 3, 2022, 3))


def test_a_ranking_over_a_chain_ranks_the_links_not_the_thing_named(engine):
    _same(engine, "锂矿的下游里产业规模最大的是哪个", "MATCH (:industry {name: '锂矿'})-[:affect]->(i:industry) "
          "RETURN i.name, i.scale ORDER BY i.scale DESC, i.name LIMIT 1")


def test_the_day_the_close_was_highest_in_cantonese(engine):
    s = _after(engine, "招商银行这个礼拜每日收盘价")
    _answers(engine, s.ask("收得最低嗰日系边日"), "MATCH (:stock {name: '招商银行'})-[:has_stock_data]->(d:stock_data) "
             "WHERE d.date >= date('2024-03-11') AND d.date <= date('2024-03-15') RETURN d.date, d.closing_price "
             "ORDER BY d.closing_price LIMIT 1", sure=True)


def test_a_view_set_aside_is_said(engine):
    ans = engine.ask("选基金就是选基金经理，刘斌管理了哪些基金")
    assert ans.error is None and any("选基金就是选基金经理" in n for n in ans.notes), ans.notes


@pytest.mark.parametrize("question,gold", [
    # Hakka (今晡日 / 昨晡日, 么个, 下底, 係): the Mandarin words
    ("格力电器昨晡日收几多",
     "MATCH (:stock {name: '格力电器'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-14') "
     "RETURN d.closing_price"),
    ("正极材料下底係么个产业", "MATCH (:industry {name: '正极材料'})-[:affect]->(i:industry) RETURN i.name"),
    # Malaysian Chinese: volume / counter said in English, lah closing the sentence
    ("美的集团今天volume几多lah",
     "MATCH (:stock {name: '美的集团'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') "
     "RETURN d.volume"),
    ("银行板块有哪些counter", "MATCH (:trade {name: '银行'})<-[:belong_to]-(s:stock) RETURN s.name"),
    # a Wenzhou trader's 赚头 and 当家; a cadre's 何人 and 予以
    ("五粮液去年四季度赚头多少",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 AND f.quarter = 4 RETURN f.net_profit"),
    ("美的集团现在谁当家",
     "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '美的集团'}) WHERE c.departure_date IS NULL RETURN c.name"),
    ("请予以说明中国石化的董事长是何人",
     "MATCH (c:chairman)-[:is_chairman_of]->(:stock {name: '中国石化'}) WHERE c.departure_date IS NULL RETURN c.name"),
    # a maths teacher's 求…之和 and an interval written ∈[a, b]
    ("求基金经理张丽华所管理基金的规模之和",
     "MATCH (:fund_manager {name: '张丽华'})-[:manage]->(f:public_offering_fund) RETURN sum(f.scale)"),
    # the newest listing, one said (那只)
    ("最近上市的那只新股发行了多少万股",
     "MATCH (s:stock)-[r:originate_from]->(n:new_stock) WHERE r.marketing_time <= date('2024-03-15') "
     "RETURN s.name, n.amount ORDER BY r.marketing_time DESC, s.name LIMIT 1"),
])
def test_hakka_malaysian_wenzhou_and_a_cadres_words(engine, question, gold):
    _same(engine, question, gold)


def test_an_interval_written_as_belonging_to_two_days(engine):
    a = engine.ask("求认购开始时间∈[2023-06-01, 2023-12-31]的基金")
    assert a.error is None and "认购开始时间" in a.interpretation and "2023-06-01" in a.interpretation, a.interpretation


def test_those_links_after_a_chain_are_the_links_not_the_thing_they_lead_to(engine):
    s = _after(engine, "锂电池的上游是哪些产业")
    a = s.ask("那些产业关联的股票有哪些")
    _answers(engine, a, "MATCH (u:industry)-[:affect]->(:industry {name: '锂电池'}) "
                        "MATCH (s:stock)-[:associate]->(u) RETURN DISTINCT s.name")


def test_the_lowest_after_the_highest_of_a_month_keeps_the_month(engine):
    s = _after(engine, "长江电力2024年2月份的最高收盘价是多少")
    a = s.ask("最低收盘价呢")
    _answers(engine, a, "MATCH (:stock {name: '长江电力'})-[:has_stock_data]->(d:stock_data) WHERE d.date >= "
                        "date('2024-02-01') AND d.date <= date('2024-02-29') RETURN d.date, d.closing_price "
                        "ORDER BY d.closing_price, d.date LIMIT 1", sure=True)


def test_a_figure_among_named_things_is_theirs(engine):
    """正极材料、负极材料、隔膜中规模最大的…: the industries' own scale (规模 is a fund's too) — it was
    read as a fund's scale, confidently."""
    _same(engine, "正极材料、负极材料、隔膜中规模最大的关联哪些股票",
          "MATCH (i:industry) WHERE i.name IN ['正极材料', '负极材料', '隔膜'] WITH i ORDER BY i.scale DESC, i.name "
          "LIMIT 1 MATCH (s:stock)-[:associate]->(i) RETURN s.name")


@pytest.mark.parametrize("question,gold", [
    # a year typed bare between shorthand words: the year (a year's net profit is its quarters' sum)
    ("净利润 2022 银行 top3",
     "MATCH (:trade {name: '银行'})<-[:belong_to]-(s:stock)-[:has_stock_financial_information]->"
     "(f:stock_financial_information) WHERE f.year = 2022 RETURN s.name, sum(f.net_profit) AS p "
     "ORDER BY p DESC, s.name LIMIT 3"),
    # pct beside a day is that day's change, not a share
    ("银行板块 0314 pct",
     "MATCH (:trade {name: '银行'})-[:has_trade_data]->(d:trade_data) WHERE d.date = date('2024-03-14') RETURN d.range"),
    # Ningbo 今末 / 昨末 / 几钿
    ("今末五粮液收盘比昨末低了几钿",
     "MATCH (:stock {name: '五粮液'})-[:has_stock_data]->(a:stock_data), (:stock {name: '五粮液'})-[:has_stock_data]->"
     "(b:stock_data) WHERE a.date = date('2024-03-15') AND b.date = date('2024-03-14') "
     "RETURN a.closing_price - b.closing_price"),
    # a Japanese speaker's 株主 and 省份别
    ("格力电器的大株主的话，都是谁呢",
     "MATCH (h:stockholder)-[:is_stockholder_of]->(:stock {name: '格力电器'}) RETURN h.name"),
    ("上市板块别的公司数量是多少呢",
     "MATCH (s:stock) RETURN s.listed_sector, count(s)"),
    # 往下两级: two links down the chain
    ("正极材料往下两级是什么产业",
     "MATCH (:industry {name: '正极材料'})-[:affect]->(:industry)-[:affect]->(i:industry) RETURN DISTINCT i.name"),
    # a gossip's 行当 (an industry) and its 多少亿 (its scale)
    ("听说储能这个行当很大，到底有多少亿", "MATCH (i:industry {name: '储能'}) RETURN i.scale"),
    # an event before its year (离任 2023年, in 2023): the year it fell in, each with the company
    ("董事长 离任 in 2023",
     "MATCH (c:chairman)-[:is_chairman_of]->(s:stock) WHERE c.departure_date >= date('2023-01-01') "
     "AND c.departure_date <= date('2023-12-31') RETURN c.name, s.name"),
])
def test_shorthand_years_and_pct_ningbo_and_japanese_words_and_two_links_down(engine, question, gold):
    _same(engine, question, gold)


@pytest.mark.parametrize("question,gold", [
    # both ends of the chain at once: each one's upstream and downstream side by side
    ("芯片制造的上游跟下游各是什么",
     "MATCH (i:industry {name: '芯片制造'}) OPTIONAL MATCH (u:industry)-[:affect]->(i) WITH i, collect(DISTINCT u.name) "
     "AS up OPTIONAL MATCH (i)-[:affect]->(d:industry) RETURN up, collect(DISTINCT d.name) AS down"),
    ("请列出“光伏组件”的上下游产业。输出格式：上游：…；下游：…",
     "MATCH (i:industry {name: '光伏组件'}) OPTIONAL MATCH (u:industry)-[:affect]->(i) WITH i, collect(DISTINCT u.name) "
     "AS up OPTIONAL MATCH (i)-[:affect]->(d:industry) RETURN up, collect(DISTINCT d.name) AS down"),
    # Minnan Mandarin: 上大 (最大), 几巴仙, 拢总, 趁 (赚), 胡建 (福建), n/l (灵德: 宁德)
    ("宁波建材上大的股东是谁，持几巴仙",
     "MATCH (h:stockholder)-[r:is_stockholder_of]->(:stock {name: '宁波建材'}) RETURN h.name, r.shareholding_ratio "
     "ORDER BY r.shareholding_ratio DESC, h.name LIMIT 1"),
    ("比亚迪2023年四季加起来拢总趁多少",
     "MATCH (:stock {name: '比亚迪'})-[:has_stock_financial_information]->(f:stock_financial_information) "
     "WHERE f.year = 2023 RETURN sum(f.net_profit)"),
    ("阮胡建的股票拢总有几只", "MATCH (s:stock) WHERE s.province = '福建' RETURN count(s)"),
    ("灵德时代的注册资本有多少", "MATCH (s:stock {name: '宁德时代'}) RETURN s.registered_capital"),
    # north-west words: 最尕 (最小), 最攒劲 (the most)
    ("注册资本最尕的是哪个股",
     "MATCH (s:stock) RETURN s.name, s.registered_capital ORDER BY s.registered_capital, s.name LIMIT 1"),
    ("银行里头今儿个谁涨得最攒劲",
     "MATCH (:trade {name: '银行'})<-[:belong_to]-(s:stock)-[:has_stock_data]->(d:stock_data) "
     "WHERE d.date = date('2024-03-15') RETURN s.name ORDER BY d.range DESC, s.name LIMIT 1"),
    # a circular's items and its deadline (no day asked), a prompt's numbered rules
    ("一、查询比亚迪2024年3月15日开盘价、收盘价；二、列明当日涨跌幅。请于3月18日前反馈。",
     "MATCH (:stock {name: '比亚迪'})-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') "
     "RETURN d.opening_price, d.closing_price, d.range"),
    ("要求：1. 找出截至2024-03-15连板天数≥3的股票 2. 输出数量 3. 附名单",
     "MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE d.date = date('2024-03-15') "
     "AND d.raising_limit_days >= 3 RETURN count(DISTINCT s), collect(DISTINCT s.name)"),
    # whether a named chairman still holds office (it was whether the name exists)
    ("丁伟还在任吗", "MATCH (c:chairman {name: '丁伟'}) RETURN c.departure_date IS NULL"),
    ("林文博已经离任了吗", "MATCH (c:chairman {name: '林文博'}) RETURN c.departure_date IS NOT NULL"),
    # days in office so far (the years were read; the days were a count of chairmen)
    ("高宇上任到现在多少天", "MATCH (c:chairman {name: '高宇'}) RETURN date('2024-03-15') - c.appointment_date"),
    # downstream 走两层: two links
    ("锂矿往downstream走两层是什么产业",
     "MATCH (:industry {name: '锂矿'})-[:affect]->(:industry)-[:affect]->(i:industry) RETURN DISTINCT i.name"),
])
def test_both_ends_of_a_chain_minnan_and_north_west_words_a_circular_a_prompt_and_still_in_office(engine, question,
                                                                                                   gold):
    _same(engine, question, gold)


def test_the_first_ones_chairman_after_a_list_and_a_picks_shares_after_the_pick(engine):
    """头一个董事长是谁 after a list of companies: the first company's (no list of chairmen to count in);
    发行几万股 after the newest issue was picked: that issue's (万股 is the unit, not the kind asked again)."""
    listed = engine.ask("今天涨得最多的5只股票")
    s = _after(engine, "今天涨得最多的5只股票")
    _answers(engine, s.ask("头一个董事长是谁"),
             f"MATCH (c:chairman)-[:is_chairman_of]->(:stock {{name: '{listed.rows[0][0]}'}}) "
             "WHERE c.departure_date IS NULL RETURN c.name", sure=True)
    picked = engine.ask("最近有新股吗，上新的是哪只")
    s = _after(engine, "最近有新股吗，上新的是哪只")
    _answers(engine, s.ask("发行几万股"),
             f"MATCH (:stock {{name: '{picked.rows[0][0]}'}})-[:originate_from]->(n:new_stock) RETURN n.amount")
