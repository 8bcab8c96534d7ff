import pytest

from nl2cypher.errors import SchemaError
from nl2cypher.schema import Schema, default_schema


def test_finance_schema_has_every_label_and_edge_of_the_design():
    s = default_schema()
    assert set(s.labels) == {
        "stock", "stock_data", "stock_financial_information", "public_offering_fund", "fund_manager",
        "chairman", "stockholder", "trade", "trade_data", "industry", "new_stock", "information"}
    assert set(s.edges) == {
        "belong_to", "associate", "affect", "has_stock_data", "has_stock_financial_information",
        "has_trade_data", "hold", "manage", "is_chairman_of", "is_stockholder_of", "originate_from", "involve"}
    # 13 (type, start, end) relationships: involve starts at a stock or a fund
    assert sum(len(e.endpoints) for e in s.edges.values()) == 13
    assert s.edges["involve"].sources == ("stock", "public_offering_fund")
    assert s.labels["stock"].properties["registered_capital"].type == "float"
    assert s.labels["stock"].properties["registered_capital"].unit == "万元"
    assert s.labels["stock_data"].properties["raising_limit"].type == "bool"
    assert s.edges["hold"].properties["position_ratio"].type == "float"
    assert s.dynamic_labels == ["stock_data", "trade_data"]
    for lab in s.labels.values():
        assert lab.description, lab.name
        for p in lab.properties.values():
            assert p.description, f"{lab.name}.{p.name}"


def test_existence_questions():
    s = default_schema()
    assert s.has_property("stock", "name")
    assert s.has_property("stock", "id")  # every node's import id
    assert not s.has_property("stock", "closing_price")
    assert s.has_property("hold", "position_ratio")
    assert not s.has_property("nonexistent", "x")
    with pytest.raises(SchemaError, match="unknown label 'stok'"):
        s.label("stok")


def test_shortest_paths_follow_edges_in_either_direction():
    s = default_schema()
    [p] = s.shortest_paths("fund_manager", "trade")
    assert [h.edge for h in p.hops] == ["manage", "hold", "belong_to"]
    assert all(h.forward for h in p.hops)
    [p] = s.shortest_paths("stock_data", "trade")
    assert [(h.edge, h.forward) for h in p.hops] == [("has_stock_data", False), ("belong_to", True)]
    # industry chain: the self-loop edge
    [p] = s.shortest_paths("industry", "industry")
    assert p.hops[0].edge == "affect"
    # two equally short ways from information to stock? only involve
    assert [h.edge for h in s.shortest_paths("information", "stock")[0].hops] == ["involve"]
    assert s.shortest_paths("stock", "trade_data", max_hops=1) == []


def test_slice_keeps_connecting_edges_and_is_shorter():
    s = default_schema()
    sl = s.slice({"stock", "stock_data"})
    assert set(sl.labels) == {"stock", "stock_data"}
    assert set(sl.edges) == {"has_stock_data"}
    assert len(sl.render()) < len(s.render()) / 4
    sl2 = s.slice({"stock"}, ["hold"])
    assert set(sl2.labels) == {"stock", "public_offering_fund"}


def test_render_is_compact_and_complete():
    text = default_schema().render()
    assert "- (:public_offering_fund)-[:hold {position_ratio float" in text
    assert "- (:stock)-[:involve" in text and "- (:public_offering_fund)-[:involve" in text
    assert "closing_price float 收盘价(元)" in text
    assert len(text.splitlines()) == 1 + 12 + 1 + 13


@pytest.mark.parametrize("text, message", [
    ("labels: []", "`labels` must be a non-empty mapping"),
    ("labels: {a: {properties: {x: {type: money}}}}", "type 'money' is not one of"),
    ("labels: {a: {partition: hourly}}", "partition 'hourly'"),
    ("labels: {a: {}}\nedges: {e: {from: a, to: b}}", "edge e: unknown label 'b'"),
    ("labels: {a: {}}\nedges: {e: {from: a}}", "needs `from` and `to`"),
    ("labels: {'bad-name': {}}", "must be an identifier"),
    ("labels: {a: {}\n", "not valid YAML"),
    ("labels: {a: {named_by: e}, b: {}, c: {}}\nedges: {e: {from: b, to: c}}", "named_by 'e' is not an edge of the label"),
    ("labels: {a: {families: sometimes}}", "families must be true or false"),
    ("labels: {a: {began: name, properties: {name: {type: string}}}}", "began 'name' is not a date property"),
])
def test_bad_schema_files_are_refused_with_a_reason(text, message):
    with pytest.raises(SchemaError, match=message):
        Schema.from_text(text)


def test_schema_file_round_trips_through_its_source_text(tmp_path):
    s = default_schema()
    again = Schema.from_text(s.source_text)
    assert again.render() == s.render()
    with pytest.raises(SchemaError, match="cannot read schema"):
        Schema.load(tmp_path / "missing.yaml")


def _with_derived(spec: dict) -> dict:
    return {"labels": {"stock_data": {"partition": "daily", "display": "date", "properties": {
        "date": {"type": "date"}, "closing_price": {"type": "float"}, "volume": {"type": "int"},
        "name": {"type": "string"}}, "derived": spec}}}


def test_a_derived_measure_is_schema_data_with_a_checked_formula():
    s = Schema.from_dict(_with_derived({"turnover": {"formula": "closing_price * (volume + 0)", "description": "成交额",
                                                      "words": ["成交额"]}}))
    lab = s.labels["stock_data"]
    assert lab.property("turnover").description == "成交额" and s.has_property("stock_data", "turnover")
    assert lab.derived["turnover"].formula == ("*", ("prop", "closing_price"), ("+", ("prop", "volume"), ("num", 0.0)))
    assert "turnover" not in dict(s.structure()[0])["stock_data"]  # nothing stored: the KG layout is unchanged
    for formula, says in (("closing_price * name", "not a numeric property"), ("closing_price *", "ends early"),
                          ("closing_price; DROP", "cannot read"), ("(closing_price", "missing '\\)'")):
        with pytest.raises(SchemaError, match=says):
            Schema.from_dict(_with_derived({"x": {"formula": formula}}))


def test_a_derived_measure_counts_days_since_a_stored_date_and_nothing_else_of_a_date():
    s = Schema.from_dict(_with_derived({"age": {"formula": "today - date", "unit": "天"}}))
    assert s.labels["stock_data"].derived["age"].formula == ("-", ("today",), ("prop", "date"))
    for formula in ("date * 2", "date - today", "closing_price + date"):
        with pytest.raises(SchemaError, match="not a numeric property"):
            Schema.from_dict(_with_derived({"x": {"formula": formula}}))
