"""A second KG in the contract format for the generalisation test: the demo
generator with another seed and year, then every stock and fund renamed and
the fund managers re-drawn, so no name of the default demo KG survives."""

from __future__ import annotations

import csv
import datetime as dt
import random
from pathlib import Path

from pypinyin import Style, lazy_pinyin

from nl2cypher.demo.finance import write_demo

ALT_END = dt.date(2019, 3, 15)  # a Friday, like the dev set's 2024-03-15
PREFIXES = """瀚海 蓝天 青松 白云 紫光 金桥 银河 星海 朝阳 东湖 西湖 南湖 北斗 春晖 秋实 冬青 夏华 云海 山河 江南
江北 中原 华东 华南 华北 西南 东北 天府 蜀道 楚天 吴越 闽江 赣江 湘江 漓江 黔南 滇池 陇上 塞北 岭北""".split()
FUND_COMPANIES = {"易方达": "东吴", "华夏": "长盛", "南方": "融通", "嘉实": "诺安", "博时": "泰达", "广发": "华宝",
                  "汇添富": "中银", "富国": "建信", "招商": "农银", "工银瑞信": "光大保德信", "中欧": "万家",
                  "景顺长城": "信达澳银", "兴全": "前海开源", "交银施罗德": "国投瑞银", "鹏华": "长城", "银华": "金鹰",
                  "国泰": "宝盈", "华安": "华泰柏瑞", "大成": "创金合信", "天弘": "财通"}
SURNAMES = ["欧阳", "司马", "上官", "诸葛", "东方", "皇甫"]
GIVEN = "静怡 子轩 浩然 雨桐 梓涵 宇航 思彤 俊熙 若曦 博文 嘉懿 一诺 明轩 欣妍 泽宇 梦洁 天佑 语嫣 锦程 书瑶".split()


def _rewrite(path: Path, fn) -> None:
    with open(path, encoding="utf-8") as fh:
        rows = list(csv.reader(fh))
    header, body = rows[0], rows[1:]
    body = [fn(dict(zip(header, r))) for r in body]
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows([[r[h] for h in header] for r in body])


def write_alt_kg(out: Path, end: dt.date = ALT_END, seed: int = 99) -> Path:
    write_demo(out, end, seed)
    rng = random.Random(seed)
    used: set[str] = set()

    def stock(r):
        old = r["name"]
        for _ in range(200):
            name = rng.choice(PREFIXES) + old[-2:]
            if name not in used:
                break
        used.add(name)
        r["name"] = name
        r["chinese_spelling"] = "".join(p[0] for p in lazy_pinyin(name, style=Style.FIRST_LETTER)).upper()
        return r

    def fund(r):
        for a, b in FUND_COMPANIES.items():
            if r["name"].startswith(a):
                r["name"] = b + r["name"][len(a):]
                break
        return r

    people: set[str] = set()

    def manager(r):
        while True:
            name = rng.choice(SURNAMES) + rng.choice(GIVEN)
            if name not in people:
                people.add(name)
                r["name"] = name
                return r

    _rewrite(out / "nodes" / "stock.csv", stock)
    _rewrite(out / "nodes" / "public_offering_fund.csv", fund)
    _rewrite(out / "nodes" / "fund_manager.csv", manager)
    # headlines name their stock or fund: keep them consistent
    names = {}
    for f in ("stock", "public_offering_fund"):
        with open(out / "nodes" / f"{f}.csv", encoding="utf-8") as fh:
            for r in csv.DictReader(fh):
                names[r["id:ID"]] = r["name"]
    subject = {}
    with open(out / "edges" / "involve.csv", encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            subject[r[":END_ID"]] = names[r[":START_ID"]]

    def headline(r):
        new = subject.get(r["id:ID"])
        if new:
            r["name"] = new + "：" + r["name"].split("：")[-1][-12:]
        return r

    _rewrite(out / "nodes" / "information.csv", headline)
    return out
