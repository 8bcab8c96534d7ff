"""Fill eval/dev_templates.yaml from the demo KG and write eval/dev.jsonl.

    python eval/build_dev.py [--db PATH]

The demo KG must be the default one (seed 20240315, end date 2024-03-15);
without --db it is built in a temporary directory. Slot values are drawn with
a fixed seed, so the file is reproducible."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import tempfile
from pathlib import Path

import yaml
from pypinyin import lazy_pinyin

from nl2cypher.store import LadybugStore, load_kg
from nl2cypher.demo.finance import write_demo

HERE = Path(__file__).parent
# a pool of common characters to make same-sound typos from
POOL = ("台苔抬胎泰太态汰州周洲舟粥酒九久玖旧就救银音因引印阴行航杭形型星兴新心芯信欣辛电店点殿甸垫能农浓"
        "方芳放房防仿华化话画划花滑中钟终忠种众重科可克刻课客业夜叶页也野液药要耀姚遥谣医一衣依伊宜"
        "技集机基级及极即继济纪际记寄计通同童铜统桶痛东冬懂动洞栋安案岸按暗德得地弟帝第低滴迪笛源元"
        "园原圆员远愿院达大答搭打建见件健剑键坚间简江将姜疆讲蒋交胶焦教较叫金今斤紧锦进近尽晋京精经"
        "井景静境竞明名铭鸣命民敏闽泰兴海还孩害含汉航豪好浩号合和河何贺荷盛胜生声升圣省长常场厂昌畅"
        "唱超朝潮车成城诚承程乘澄天田甜添填恒衡横红宏洪虹鸿弘宁凝柠平评萍屏瓶凭苹利力立丽历励粒莉理"
        "礼里李黎丽")


def typo(name: str, names: set[str], rng: random.Random) -> str | None:
    for pos in rng.sample(range(1, len(name)), len(name) - 1):
        py = lazy_pinyin(name[pos])
        for c in POOL:
            if c != name[pos] and lazy_pinyin(c) == py:
                cand = name[:pos] + c + name[pos + 1:]
                if cand not in names and all(cand not in n for n in names):
                    return cand
    return None


def slot_values(store: LadybugStore, rng: random.Random) -> dict[str, list]:
    q = lambda c: store.run(c).rows
    new = {r[0] for r in q("MATCH (s:stock)-[:originate_from]->(:new_stock) RETURN s.name")}
    stocks = [r for r in q("MATCH (s:stock) RETURN s.name, s.code, s.chinese_spelling ORDER BY s.code") if r[0] not in new]
    spell_count: dict[str, int] = {}
    for r in q("MATCH (s:stock) RETURN s.chinese_spelling"):
        spell_count[r[0]] = spell_count.get(r[0], 0) + 1
    names = {r[0] for r in q("MATCH (n) WHERE n.name IS NOT NULL RETURN n.name")}
    funds = [r[0] for r in q("MATCH (f:public_offering_fund)-[:hold]->(:stock) RETURN DISTINCT f.name ORDER BY f.name")]
    managers = [r[0] for r in q("MATCH (m:fund_manager)-[:manage]->(:public_offering_fund)-[:hold]->() RETURN DISTINCT m.name ORDER BY m.name")]
    trades = [r[0] for r in q("MATCH (s:stock)-[:belong_to]->(t:trade) WITH t, count(s) AS n WHERE n >= 3 RETURN t.name ORDER BY t.name")]
    down = [r[0] for r in q("MATCH (a:industry)-[:affect]->(:industry) RETURN DISTINCT a.name ORDER BY a.name")]
    up = [r[0] for r in q("MATCH (:industry)-[:affect]->(b:industry), (:stock)-[:associate]->(b) RETURN DISTINCT b.name ORDER BY b.name")]
    holders = [r[0] for r in q("MATCH (h:stockholder)-[:is_stockholder_of]->(s:stock) WITH h, count(s) AS n WHERE n >= 5 RETURN h.name ORDER BY h.name")]
    provinces = [r[0] for r in q("MATCH (s:stock) WITH s.province AS p, count(s) AS n WHERE n >= 4 RETURN p ORDER BY p")]
    aliases = [(a, q(f"MATCH (s:stock) WHERE s.id = '{i}' RETURN s.name")[0][0]) for i, _, a in store.aliases()]
    return {"stocks": stocks, "spell_count": spell_count, "names": names, "funds": funds, "managers": managers,
            "trades": trades, "down": down, "up": up, "holders": holders, "provinces": provinces, "aliases": aliases}


def fill(template: dict, k: int, v: dict, rng: random.Random, today: dt.date) -> dict | None:
    stocks = v["stocks"]
    if template.get("where") == "sh":
        stocks = [s for s in stocks if s[1].startswith("6")]
    s = rng.choice(stocks)
    s2 = rng.choice([x for x in stocks if x[0] != s[0]])
    py_ok = [x for x in stocks if v["spell_count"].get(x[2]) == 1 and len(x[2]) >= 3]
    py = rng.choice(py_ok)
    f, f2 = rng.sample(v["funds"], 2)
    alias, alias_stock = rng.choice(v["aliases"])
    sx = None
    for _ in range(20):
        cand = rng.choice([x for x in stocks if len(x[0]) >= 4])
        sx = typo(cand[0], v["names"], rng)
        if sx:
            typo_of = cand[0]
            break
    phrasing = template["q"][k % len(template["q"])]
    values = {"s": s[0], "s2": s2[0], "code": s[1], "py": py[2], "f": f, "f2": f2, "m": rng.choice(v["managers"]),
              "t": rng.choice(v["trades"]), "i": rng.choice(v["down"]), "iu": rng.choice(v["up"]),
              "h": rng.choice(v["holders"]), "p": rng.choice(v["provinces"]), "alias": alias, "as": alias_stock,
              "Y": today.year, "Y1": today.year - 1, "Y2": today.year - 2}
    if "{py}" in phrasing:
        values["s"] = py[0]
    if "{sx}" in phrasing:
        values["sx"], values["s"] = sx, typo_of
    question = phrasing.format(**values)
    gold = template["gold"].format(**{k2: str(x).replace("'", "\\'") for k2, x in values.items()})
    return {"question": question, "gold": gold, "category": template["category"]}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", type=Path)
    ap.add_argument("--out", type=Path, default=HERE / "dev.jsonl")
    ap.add_argument("--today", help="reference date (default: the templates' own, 2024-03-15)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--one-per-template", action="store_true",
                    help="one question per template, the second phrasing (for fewshot/finance/examples.xlsx)")
    args = ap.parse_args(argv)
    spec = yaml.safe_load((HERE / "dev_templates.yaml").read_text(encoding="utf-8"))
    today = dt.date.fromisoformat(args.today or str(spec["today"]))
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            write_demo(Path(tmp) / "kg", today)
            db = Path(tmp) / "kg.lbug"
            load_kg(Path(tmp) / "kg", db, source="demo")
        with LadybugStore(db) as store:
            rng = random.Random(args.seed)
            values = slot_values(store, rng)
            rows, seen = [], set()
            for ti, t in enumerate(spec["templates"]):
                for k in ([1] if args.one_per_template else range(t.get("n", 1))):
                    for _ in range(5):  # avoid duplicate questions
                        rec = fill(t, k, values, rng, today)
                        if rec and rec["question"] not in seen:
                            break
                    seen.add(rec["question"])
                    store.run(rec["gold"])  # every gold query must run
                    rows.append({"id": len(rows) + 1, **rec, "today": today.isoformat(), "template": ti + 1})
    if args.out.suffix == ".xlsx":
        import openpyxl

        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "examples"
        ws.append(["question", "cypher", "category", "today"])
        for r in rows:
            ws.append([r["question"], r["gold"], r["category"], r["today"]])
        wb.save(args.out)
    else:
        with open(args.out, "w", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    cats: dict[str, int] = {}
    for r in rows:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    print(f"wrote {len(rows)} questions to {args.out}: {cats}")


if __name__ == "__main__":
    main()
