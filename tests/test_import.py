"""KG directories in the contract format: good ones load, bad ones are refused
with file:line:column and leave the previous KG as it was."""

import os
import shutil

import pytest

from conftest import MINI_KG, run_cli, stock_count
from nl2cypher.errors import KGFormatError
from nl2cypher.schema import default_schema
from nl2cypher.store import LadybugStore, load_kg


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_load_reports_counts(tmp_path):
    rep = load_kg(MINI_KG, tmp_path / "kg.lbug")
    assert (rep.nodes, rep.edges, rep.aliases) == (18, 18, 2)
    assert rep.per_second > 0


# (how to break the mini KG, file, line, column, words in the message)
BAD = [
    ("unknown label", lambda d: shutil.copy(d / "nodes/trade.csv", d / "nodes/sector.csv"),
     "nodes/sector.csv", None, None, "unknown label 'sector'"),
    ("unknown property", lambda d: _edit(d / "nodes/stock.csv", ",province\n", ",provence\n"),
     "nodes/stock.csv", 1, 8, "unknown property 'provence' of stock"),
    ("bad float", lambda d: _edit(d / "nodes/stock_data.csv", "1701.0,1688.0", "1701.0,abc"),
     "nodes/stock_data.csv", 3, 4, "stock_data.closing_price: 'abc' is not a number"),
    ("bad int", lambda d: _edit(d / "nodes/stock_data.csv", "2800100", "2.8e6"),
     "nodes/stock_data.csv", 3, 8, "is not an integer"),
    ("bad bool", lambda d: _edit(d / "nodes/stock_data.csv", "1,true,true", "1,yes,true"),
     "nodes/stock_data.csv", 5, 10, "is not true or false"),
    ("bad date", lambda d: _edit(d / "nodes/stock.csv", "1999-11-20", "1999-02-30"),
     "nodes/stock.csv", 2, 7, "is not a real calendar date"),
    ("date format", lambda d: _edit(d / "nodes/stock.csv", "1999-11-20", "1999/11/20"),
     "nodes/stock.csv", 2, 7, "is not a date YYYY-MM-DD"),
    ("bad datetime", lambda d: _edit(d / "nodes/public_offering_fund.csv", "2010-07-19T09:30:00", "19 July 2010"),
     "nodes/public_offering_fund.csv", 2, 8, "is not an ISO 8601 datetime"),
    ("header type contradicts schema", lambda d: _edit(d / "nodes/stock.csv", ",code,", ",code:int,"),
     "nodes/stock.csv", 1, 2, "stock.code is string in the schema"),
    ("dangling start id", lambda d: _edit(d / "edges/belong_to.csv", "s3,t2", "s9,t2"),
     "edges/belong_to.csv", 4, 1, "dangling :START_ID 's9'"),
    ("dangling end id", lambda d: _edit(d / "edges/manage.csv", "m2,f2", "m2,f7"),
     "edges/manage.csv", 4, 2, "dangling :END_ID 'f7'"),
    ("duplicate id in another file", lambda d: _edit(d / "nodes/trade.csv", "t2,BK1033", "s2,BK1033"),
     "nodes/trade.csv", 3, 1, "duplicate id 's2'"),
    ("duplicate id in the same file", lambda d: _edit(d / "nodes/fund_manager.csv", "m2,李静", "m1,李静"),
     "nodes/fund_manager.csv", 3, 1, "duplicate id 'm1'"),
    ("reversed edge", lambda d: _edit(d / "edges/manage.csv", "m1,f1", "f1,m1"),
     "edges/manage.csv", 2, 1, "manage goes from fund_manager to public_offering_fund"),
    ("edge between wrong labels", lambda d: _edit(d / "edges/belong_to.csv", "s3,t2", "s3,i2"),
     "edges/belong_to.csv", 4, 1, "belong_to cannot join stock to industry"),
    ("unknown relationship type", lambda d: shutil.copy(d / "edges/manage.csv", d / "edges/runs.csv"),
     "edges/runs.csv", None, None, "unknown relationship type 'runs'"),
    ("too few cells", lambda d: _edit(d / "nodes/trade.csv", "t2,BK1033,电池", "t2,BK1033"),
     "nodes/trade.csv", 3, None, "2 cells, the header has 3"),
    ("unterminated quote", lambda d: _edit(d / "nodes/trade.csv", "t2,BK1033,电池", 't2,"BK1033,电池'),
     "nodes/trade.csv", 3, None, "malformed CSV record"),
    ("no id column", lambda d: _edit(d / "nodes/trade.csv", "id:ID,code,name", "id,code,name"),
     "nodes/trade.csv", 1, 1, "needs the :ID suffix (write id:ID)"),
    ("empty file", lambda d: (d / "nodes/trade.csv").write_text(""),
     "nodes/trade.csv", 1, None, "empty file"),
    ("not UTF-8", lambda d: (d / "nodes/trade.csv").write_bytes("id:ID,code,name\nt1,BK1,白酒\n".encode("gbk")),
     "nodes/trade.csv", None, None, "not UTF-8"),
    ("alias of unknown id", lambda d: _edit(d / "aliases.csv", "s3,宁王", "s9,宁王"),
     "aliases.csv", 3, 1, "alias for unknown id 's9'"),
    ("missing nodes folder", lambda d: shutil.rmtree(d / "nodes"),
     "nodes", None, None, "missing folder"),
    ("empty nodes folder", lambda d: [f.unlink() for f in (d / "nodes").iterdir()],
     "nodes", None, None, "missing stock.csv, stock_data.csv"),
    ("a label file missing", lambda d: (d / "nodes/trade.csv").unlink(),
     "nodes", None, None, "missing trade.csv: a load replaces the whole KG"),
    ("naming column missing", lambda d: _edit(d / "nodes/trade.csv", "id:ID,code,name", "id:ID,code,title"),
     "nodes/trade.csv", 1, 3, "unknown property 'title'"),
    ("infinite number", lambda d: _edit(d / "nodes/stock_data.csv", "1701.0,1688.0", "1701.0,1e999"),
     "nodes/stock_data.csv", 3, 4, "a finite number"),
]


@pytest.mark.parametrize("name, breaker, file, line, column, words", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_refused_and_the_old_kg_stays(mini_dir, mini_db, name, breaker, file, line, column, words):
    before = stock_count(mini_db)
    breaker(mini_dir)
    with pytest.raises(KGFormatError) as e:
        load_kg(mini_dir, mini_db, default_schema())
    err = e.value
    assert err.file.endswith(file), err
    assert (err.line, err.column) == (line, column), str(err)
    assert words in str(err)
    assert "\n" not in str(err)
    assert stock_count(mini_db) == before
    # no leftovers beside the store
    assert sorted(p.name for p in mini_db.parent.iterdir() if p.name.startswith(".")) == []


def test_missing_directory(tmp_path):
    with pytest.raises(KGFormatError, match="no such KG directory"):
        load_kg(tmp_path / "nope", tmp_path / "kg.lbug")
    assert not (tmp_path / "kg.lbug").exists()


def test_cli_refusal_is_one_line_with_nonzero_exit(mini_dir, mini_db):
    _edit(mini_dir / "nodes/stock_data.csv", "1701.0,1688.0", "1701.0,abc")
    r = run_cli("kg", "load", str(mini_dir), "--db", str(mini_db))
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "mini_kg/nodes/stock_data.csv:3:4:" in lines[0]
    assert "Traceback" not in r.stderr
    assert stock_count(mini_db) == 3


def test_a_good_load_replaces_the_old_kg(mini_dir, mini_db):
    (mini_dir / "nodes/stock.csv").write_text(
        "id:ID,code,name\nx1,688981,中芯国际\n", encoding="utf-8")
    for f in ("belong_to", "has_stock_data", "hold", "associate", "involve"):
        (mini_dir / "edges" / f"{f}.csv").unlink()
    (mini_dir / "aliases.csv").unlink()
    r = run_cli("kg", "load", str(mini_dir), "--db", str(mini_db))
    assert r.returncode == 0, r.stderr
    with LadybugStore(mini_db) as s:
        assert s.run("MATCH (s:stock) RETURN s.name, s.province").rows == [["中芯国际", None]]


def test_header_variants_of_neo4j_admin_are_accepted(mini_dir, tmp_path):
    # typed id column with a group, :LABEL and :TYPE columns, :IGNORE, typed header repeating the schema
    (mini_dir / "nodes/trade.csv").write_text(
        "code:ID(trade),name:string,:LABEL,note:IGNORE\nBK0896,白酒,trade,x\nBK1033,电池,trade,y\n", encoding="utf-8")
    (mini_dir / "edges/belong_to.csv").write_text(
        ":START_ID,:END_ID(trade),:TYPE\ns1,BK0896,belong_to\ns2,BK0896,belong_to\ns3,BK1033,\n", encoding="utf-8")
    db = tmp_path / "v.lbug"
    load_kg(mini_dir, db)
    with LadybugStore(db) as s:
        res = s.run("MATCH (s:stock)-[:belong_to]->(t:trade) WHERE t.code = 'BK1033' RETURN s.name, t.id")
        assert res.rows == [["宁德时代", "BK1033"]]


def test_multiline_values_load(mini_dir, tmp_path):
    (mini_dir / "nodes/information.csv").write_text(
        'id:ID,name\nn1,"第一行\n第二行"\nn2,"引号""内"\n', encoding="utf-8")
    db = tmp_path / "m.lbug"
    load_kg(mini_dir, db)
    with LadybugStore(db) as s:
        assert s.run("MATCH (i:information) RETURN i.name ORDER BY i.id").rows == [["第一行\n第二行"], ['引号"内']]


def test_a_change_of_minus_zero_sorts_as_no_change(mini_dir, tmp_path):
    # Ladybug orders -0.0 below -10; a day that did not move must not be "the biggest fall"
    _edit(mini_dir / "nodes/stock_data.csv", "1700.5,1710.0,1685.2,0.62,", "1700.5,1710.0,1685.2,-0.00,")
    db = tmp_path / "m.lbug"
    load_kg(mini_dir, db)
    with LadybugStore(db) as s:
        lowest = s.run("MATCH (d:stock_data) RETURN d.range ORDER BY d.range LIMIT 1").rows
    assert lowest == [[-0.74]]


def test_a_file_without_its_naming_column_is_refused(mini_dir, mini_db):
    path = mini_dir / "nodes/trade.csv"
    rows = [",".join(r.split(",")[:2]) for r in path.read_text(encoding="utf-8").splitlines()]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")  # id:ID,code — no name
    with pytest.raises(KGFormatError, match="missing column 'name': answers show trade by it"):
        load_kg(mini_dir, mini_db, default_schema())


def test_a_load_that_would_empty_a_label_needs_a_flag(mini_dir, mini_db):
    (mini_dir / "nodes/fund_manager.csv").write_text("id:ID,name,sex,degree\n", encoding="utf-8")
    (mini_dir / "edges/manage.csv").write_text(":START_ID,:END_ID\n", encoding="utf-8")
    with pytest.raises(KGFormatError, match="would empty fund_manager.*--allow-shrink"):
        load_kg(mini_dir, mini_db, default_schema())
    assert stock_count(mini_db) > 0
    load_kg(mini_dir, mini_db, default_schema(), allow_shrink=True)


def test_a_db_path_that_is_not_our_kg_is_never_overwritten(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    r = run_cli("kg", "load", str(MINI_KG), "--db", str(notes))
    assert r.returncode == 1 and "not an nl2cypher KG" in r.stderr and notes.read_text() == "my notes"


def test_what_a_killed_load_left_is_cleaned_and_named(mini_db):
    left = [mini_db.with_name(f".{mini_db.name}.abc123.building"),
            mini_db.with_name(f".{mini_db.name}.abc123.building.wal")]
    for p in left:
        p.write_bytes(b"x" * 1000)
    work = mini_db.parent / f"nl2cypher-load-{mini_db.name}-zz"
    work.mkdir()
    rep = load_kg(MINI_KG, mini_db, default_schema())
    assert sorted(rep.cleaned) == sorted([p.name for p in left] + [work.name])
    assert not any(p.exists() for p in left) and not work.exists()


# ---- the fast path of a market's rows (issue 25) ----------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_CELL = st.one_of(st.text("0123456789+-.eE", max_size=8), st.text("0123456789-", min_size=10, max_size=10),
                  st.sampled_from(["true", "True", "FALSE", "0", "-0.0", "0e5", "1e999", "1" * 400, "2023-02-29",
                                   "2024-02-29", "0000-01-01", "2023-04-31", "٣", "a\nb", "2024-01-01T09:30:00"]),
                  st.text(max_size=4))


_TYPES = ["int", "float", "bool", "date", "datetime", "string"]


def _both(kind: str, cell: str):
    from nl2cypher.store.importer import CONVERTERS, _convert, _FastRows

    plan = [("v", 1, CONVERTERS[kind])]  # the value in the second column, an id beside it
    return _FastRows(plan, 2).values(["n1", cell]), lambda: _convert("f.csv", 2, "x", plan, ["n1", cell])


@settings(max_examples=int(os.environ.get("NL2CYPHER_FUZZ_EXAMPLES", "300")), deadline=None, derandomize=True)
@given(st.sampled_from(_TYPES), _CELL)
def test_a_value_taken_as_it_is_is_one_the_converters_would_write_unchanged(kind, cell):
    """A row only skips the per-cell converters when they would accept it and write
    every value as it stands: the fast path changes speed, never what is loaded or refused."""
    from nl2cypher.errors import KGFormatError

    fast, slow = _both(kind, cell)
    if fast is None:
        return
    try:
        values, multiline = slow()
    except KGFormatError as e:
        raise AssertionError(f"fast path took {kind} {cell!r}, the converters refuse it: {e}") from None
    assert fast == values and not multiline


def test_the_common_forms_take_the_fast_path_and_the_odd_ones_do_not():
    common = {"int": "-42", "float": "12.5", "bool": "false", "date": "2024-03-15", "string": "贵州茅台", "datetime": ""}
    assert all(_both(k, v)[0] == [v] for k, v in common.items())
    odd = [("int", "+4"), ("float", "0.0"), ("float", "1e999"), ("bool", "TRUE"), ("date", "2023-02-29"),
           ("date", "2024-02-29"), ("datetime", "2024-01-01T09:30:00"), ("string", "two\nlines")]
    assert all(_both(k, v)[0] is None for k, v in odd)
