"""The demo finance KG: sizes, coherence, determinism, the trading calendar."""

import csv
import datetime as dt
import hashlib

import pytest

from conftest import DEMO_END, run_cli
from nl2cypher.store import LadybugStore, refresh_kg
from nl2cypher.demo.finance import is_trading_day, next_day_dir, write_demo


def _rows(d, kind, name):
    with open(d / kind / f"{name}.csv", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_sizes_meet_the_brief(demo_db):
    with LadybugStore(demo_db) as s:
        info = s.info()
    n, e = info.node_counts, info.edge_counts
    assert n["stock"] >= 300 and n["trade"] >= 30 and n["industry"] >= 40 and n["public_offering_fund"] >= 150
    assert n["fund_manager"] > 0 and n["chairman"] >= n["stock"] and n["stockholder"] > 0
    assert n["information"] > 0 and n["new_stock"] > 0
    assert info.date_spans["stock_data"][2] >= 250 and info.date_spans["trade_data"][2] >= 250
    assert info.date_spans["stock_data"][1] == DEMO_END.isoformat()
    assert n["stock_financial_information"] >= 12 * n["stock"]
    assert all(count > 0 for count in e.values()), e
    assert info.synthetic


def test_same_seed_same_kg(tmp_path, demo_dir):
    again = tmp_path / "again"
    write_demo(again, DEMO_END)
    for f in sorted(demo_dir.rglob("*.csv")):
        g = again / f.relative_to(demo_dir)
        assert hashlib.sha256(f.read_bytes()).digest() == hashlib.sha256(g.read_bytes()).digest(), f


def test_a_bigger_demo_has_the_size_asked_and_unique_names(tmp_path):
    """Issue 25: past the name pools (about 3,500 stock names, 560 fund names, 1,900
    people) the generator widens them instead of looping forever."""
    out = tmp_path / "big"
    r = run_cli("kg", "demo", "--no-load", "--out", str(out), "--end-date", DEMO_END.isoformat(),
                "--stocks", "4000", "--funds", "700", "--days", "60")
    assert r.returncode == 0, r.stderr
    stocks, funds = _rows(out, "nodes", "stock"), _rows(out, "nodes", "public_offering_fund")
    assert len(stocks) == 4000 and len({s["name"] for s in stocks}) == 4000 and len({s["code"] for s in stocks}) == 4000
    assert len(funds) == 700 and len({f["name"] for f in funds}) == 700
    people = [p["name"] for label in ("fund_manager", "chairman", "stockholder") for p in _rows(out, "nodes", label)]
    assert len(people) > 4000 and len(set(people)) == len(people)
    days = {b["date:date"] for b in _rows(out, "nodes", "stock_data")}
    assert len(days) == 60 and max(days) == DEMO_END.isoformat()
    managed = {m[":END_ID"] for m in _rows(out, "edges", "manage")}
    assert managed == {f["id:ID"] for f in funds}  # every fund still has a manager


def test_stocks_look_like_a_market(demo_dir):
    stocks = _rows(demo_dir, "nodes", "stock")
    codes = [s["code"] for s in stocks]
    assert len(set(codes)) == len(codes) and all(len(c) == 6 and c.isdigit() for c in codes)
    maotai = next(s for s in stocks if s["code"] == "600519")
    assert (maotai["name"], maotai["chinese_spelling"], maotai["listed_sector"]) == ("贵州茅台", "GZMT", "沪市主板")
    sectors = {s["listed_sector"] for s in stocks}
    assert {"沪市主板", "深市主板", "创业板", "科创板"} <= sectors
    for s in stocks:
        head = s["code"][:3]
        expected = {"688": "科创板", "300": "创业板", "301": "创业板"}.get(head)
        if expected:
            assert s["listed_sector"] == expected
    funds = _rows(demo_dir, "nodes", "public_offering_fund")
    assert all(f["name"][-1] in "AC" for f in funds)
    assert any(f["name"].startswith("易方达") for f in funds)


def test_daily_bars_are_coherent(demo_dir):
    bars = _rows(demo_dir, "nodes", "stock_data")
    by_stock = {}
    for e in _rows(demo_dir, "edges", "has_stock_data"):
        by_stock.setdefault(e[":START_ID"], []).append(e[":END_ID"])
    bar_of = {b["id:ID"]: b for b in bars}
    limit_ups = hsb = 0
    for sid, ids in by_stock.items():
        series = sorted((bar_of[i] for i in ids), key=lambda b: b["date:date"])
        for k, b in enumerate(series):
            o, c, hi, lo = (float(b[f"{p}:float"]) for p in ("opening_price", "closing_price", "maximum_price", "minimum_price"))
            assert lo <= min(o, c) and max(o, c) <= hi, b
            day = dt.date.fromisoformat(b["date:date"])
            assert is_trading_day(day), day
            if k:
                prev = series[k - 1]
                pc = float(prev["closing_price:float"])
                assert abs(float(b["range:float"]) - round((c - pc) / pc * 100, 2)) < 0.011
                if b["raising_limit:boolean"] == "true":
                    limit_ups += 1
                    want = int(prev["raising_limit_days:int"]) + 1 if prev["raising_limit:boolean"] == "true" else 1
                    assert int(b["raising_limit_days:int"]) == want
                else:
                    assert b["raising_limit_days:int"] == "0"
                if b["hong_san_bing:boolean"] == "true":
                    hsb += 1
                    p2 = series[k - 2]
                    closes = [float(x["closing_price:float"]) for x in (p2, prev, b)]
                    assert closes[0] < closes[1] < closes[2]
    assert limit_ups > 100 and hsb > 100


def test_no_trading_on_weekends_or_national_day():
    assert not is_trading_day(dt.date(2024, 3, 16))  # Saturday
    assert not is_trading_day(dt.date(2023, 10, 3))  # National Day
    assert not is_trading_day(dt.date(2024, 2, 12))  # Spring Festival
    assert is_trading_day(dt.date(2024, 3, 15))


def test_refresh_adds_the_next_trading_day_and_keeps_the_static_part(tmp_path, demo_dir):
    from nl2cypher.store import load_kg

    db = tmp_path / "d.lbug"
    load_kg(demo_dir, db, source="demo")
    with LadybugStore(db) as s:
        before = s.info()
        static_probe = s.run("MATCH (f:public_offering_fund)-[h:hold]->(s:stock) RETURN count(h), sum(h.position_ratio)").rows
        nxt = tmp_path / "next"
        day, counts = next_day_dir(s, nxt)
    assert day == dt.date(2024, 3, 18)  # Friday -> Monday
    assert counts["stock_data"] == before.node_counts["stock"] and counts["trade_data"] == before.node_counts["trade"]
    rep = refresh_kg(nxt, db)
    assert rep.replaced == 0
    rep = refresh_kg(nxt, db)  # the same day again replaces instead of duplicating
    assert rep.replaced == rep.nodes
    with LadybugStore(db) as s:
        after = s.info()
        assert s.run("MATCH (f:public_offering_fund)-[h:hold]->(s:stock) RETURN count(h), sum(h.position_ratio)").rows == static_probe
        res = s.run("MATCH (s:stock)-[:has_stock_data]->(d:stock_data) WHERE s.code = '600519' "
                    "RETURN d.date ORDER BY d.date DESC LIMIT 2").rows
    assert res == [["2024-03-18"], ["2024-03-15"]]
    assert after.node_counts["stock_data"] == before.node_counts["stock_data"] + counts["stock_data"]
    for lab, n in before.node_counts.items():
        if lab not in ("stock_data", "trade_data"):
            assert after.node_counts[lab] == n, lab
    assert after.date_spans["stock_data"][1] == "2024-03-18"


def test_refresh_refuses_static_labels(tmp_path, mini_db, mini_dir):
    import shutil

    from nl2cypher.errors import KGFormatError

    src = tmp_path / "r"
    (src / "nodes").mkdir(parents=True)
    shutil.copy(mini_dir / "nodes/stock.csv", src / "nodes/stock.csv")
    with pytest.raises(KGFormatError, match="stock is a static label"):
        refresh_kg(src, mini_db)
    (src / "nodes/stock.csv").unlink()
    (src / "nodes/stock_data.csv").write_text(
        "id:ID,date:date,closing_price:float\nd9,2024-03-18,1720.0\n", encoding="utf-8")
    (src / "edges").mkdir()
    (src / "edges/has_stock_data.csv").write_text(":START_ID,:END_ID\ns1,d9\n", encoding="utf-8")
    refresh_kg(src, mini_db)
    with LadybugStore(mini_db) as s:
        assert s.run("MATCH (s:stock {code: '600519'})-[:has_stock_data]->(d:stock_data) RETURN max(d.date)").rows == [["2024-03-18"]]


def test_cli_demo_stats_and_a_two_hop_query(tmp_path):
    db = tmp_path / "cli.lbug"
    r = run_cli("kg", "demo", "--end-date", "2024-03-15", db=db)
    assert r.returncode == 0, r.stderr
    assert "synthetic" in r.stdout
    r = run_cli("kg", "stats", "--json", db=db)
    assert r.returncode == 0, r.stderr
    import json

    stats = json.loads(r.stdout)
    assert stats["nodes"]["stock"] >= 300 and stats["synthetic"] is True
    assert stats["date_spans"]["stock_data"]["last"] == "2024-03-15"
    r = run_cli("cypher", "MATCH (m:fund_manager)-[:manage]->(f:public_offering_fund)-[:hold]->(s:stock) "
                "WHERE m.name = $n RETURN DISTINCT s.name", "-p", "n=王明", "--json", db=db)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["columns"] == ["s.name"] and len(out["rows"]) >= 10
    r = run_cli("kg", "demo", "--refresh", db=db)
    assert r.returncode == 0, r.stderr
    assert "2024-03-18" in r.stdout
