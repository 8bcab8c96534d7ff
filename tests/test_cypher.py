import datetime as dt

from nl2cypher.cypher import (Bin, DateLit, Func, Item, Lit, Match, Node, Order, Param, Path, Prop, Query, Rel,
                              Return, Var, With, render)
from nl2cypher.store import LadybugStore


def _q():
    m = Match((Path(Node("fm", "fund_manager"), ((Rel("manage"), Node("f", "public_offering_fund")),
                                                  (Rel("hold"), Node("s", "stock")),
                                                  (Rel("has_stock_data"), Node("d", "stock_data")))),),
              Bin("AND", Bin("=", Prop("fm", "name"), Param("p0")), Bin("=", Prop("d", "date"), DateLit(dt.date(2024, 3, 15)))))
    ret = Return((Item(Prop("s", "name"), "股票"), Item(Func("label", (Var("s"),)), "类型"),
                  Item(Prop("d", "closing_price"), "收盘价")), distinct=True, order=(Order(Prop("d", "closing_price"), True),), limit=3)
    return Query((m, ret), {"p0": "王明"})


def test_dialects_differ_only_where_the_engines_do():
    q = _q()
    neo = render(q, "neo4j")
    lb = render(q, "ladybug")
    assert neo.startswith("MATCH (fm:fund_manager)-[:manage]->(f:public_offering_fund)-[:hold]->(s:stock)")
    assert "date('2024-03-15')" in neo and "$p0" in neo and "王明" not in neo
    assert "labels(s)" in neo and "label(s)" in lb
    assert "AS `股票`" in neo and neo.endswith("ORDER BY d.closing_price DESC LIMIT 3")
    assert neo.replace("labels(", "label(") == lb


def test_rendered_queries_run_on_ladybug(mini_db):
    with LadybugStore(mini_db) as s:
        res = s.run(render(_q(), "ladybug"), _q().params)
    assert res.columns == ["股票", "类型", "收盘价"]
    assert res.rows == [["贵州茅台", "stock", 1688.0], ["宁德时代", "stock", 182.0], ["五粮液", "stock", 167.53]]


def test_precedence_and_with_stages():
    inner = Bin("*", Bin("-", Var("a"), Var("b")), Lit(100.0))
    q = Query((Match((Path(Node("s", "stock")),)), With((Item(Prop("s", "code"), "a"), Item(Lit(1), "b"))),
               Return((Item(inner, "x"),))))
    assert render(q) == "MATCH (s:stock) WITH s.code AS a, 1 AS b RETURN (a - b) * 100.0 AS x"
    assert q.param_names() == set()
    assert _q().param_names() == {"p0"}
    assert _q().labels() == {"fund_manager", "public_offering_fund", "stock", "stock_data"}
