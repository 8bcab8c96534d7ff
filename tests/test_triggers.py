"""The trigger table is data: it loads, every row's example still translates,
and a broken table is refused with the row that broke it."""

import openpyxl
import pytest

from conftest import DEMO_END
from nl2cypher.domain import load_domain
from nl2cypher.schema import default_schema
from nl2cypher.triggers import TriggerTableError, load_triggers

TABLE = load_domain().triggers_path


def test_the_table_covers_the_finance_schema():
    t = load_triggers(default_schema(), load_domain().triggers_path)
    assert t.skipped == []
    labels = {x for c in t.concepts if c.kind == "label" for x in c.targets}
    assert labels == set(default_schema().labels)
    kinds = {r.kind for r in t.rules}
    for k in ("compare", "between", "starts_with", "ends_with", "contains", "not_contains", "same", "aggregate",
              "extreme", "topk", "count", "yesno", "difference", "which", "why", "growth", "rank_in_group",
              "history", "list", "info"):
        assert k in kinds, k


def test_every_row_example_translates(engine):
    wb = openpyxl.load_workbook(TABLE, read_only=True)
    rows = list(wb["triggers"].iter_rows(values_only=True))
    head = [str(c).lower() for c in rows[0]]
    failures = []
    for n, r in enumerate(rows[1:], 2):
        example = r[head.index("example")]
        if example:
            try:
                engine.translate(str(example), DEMO_END)
            except Exception as e:  # noqa: BLE001 - reported below with the row
                failures.append(f"row {n} {example}: {e}")
    assert failures == []


def _table(tmp_path, rows, sheet="triggers"):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = sheet
    ws.append(["kind", "pattern", "target", "params", "example", "notes"])
    for r in rows:
        ws.append(r)
    p = tmp_path / "t.xlsx"
    wb.save(p)
    return p


@pytest.mark.parametrize("rows, message", [
    ([["label", "股票", "", "", "", ""]], "row 2: a label row needs a target"),
    ([["compare", "大于(", "", "op=>", "", ""]], "row 2: bad regular expression"),
    ([["compare", "大于{money}", "", "", "", ""]], "unknown placeholder {money}"),
    ([["frobnicate", "x", "", "", "", ""]], "unknown kind 'frobnicate'"),
])
def test_a_broken_table_names_its_row(tmp_path, rows, message):
    with pytest.raises(TriggerTableError, match=message.replace("(", r"\(").replace("{", r"\{").replace("}", r"\}")):
        load_triggers(default_schema(), _table(tmp_path, rows))


def test_missing_sheet_and_unknown_targets(tmp_path):
    with pytest.raises(TriggerTableError, match="sheet named 'triggers'"):
        load_triggers(default_schema(), _table(tmp_path, [], sheet="other"))
    t = load_triggers(default_schema(), _table(tmp_path, [["property", "票价", "stock.ticket_price", "", "", ""]]))
    assert [c for c in t.concepts if c.row] == [] and "stock.ticket_price" in t.skipped[0]


def test_a_new_synonym_needs_no_code(tmp_path, demo_db):
    """Add a word to the table and the engine understands it."""
    from nl2cypher.engine import Engine

    wb = openpyxl.load_workbook(TABLE)
    ws = wb["triggers"]
    ws.append(["property", "收官价", "stock_data.closing_price", "", "贵州茅台的收官价", "a test synonym"])
    p = tmp_path / "more.xlsx"
    wb.save(p)
    e = Engine(demo_db, DEMO_END, rank=False, triggers_path=p)
    ans = e.ask("贵州茅台今天的收官价")
    assert ans.error is None and "closing_price" in ans.cypher and len(ans.rows) == 1
