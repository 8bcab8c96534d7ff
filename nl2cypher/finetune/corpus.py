"""The syntax corpus for the reviser: question/Cypher pairs over small
non-finance KGs (finetune/schemas/*.yaml, templates and value pools in
finetune/corpus.yaml), in Chinese and English, plus revision pairs whose
candidate is the gold query corrupted the way the heuristic stage errs
(reversed arrow, wrong property, missing filter, wrong date or value, wrong
aggregate or order) — or left intact, so the model also learns to keep a
right query. Deterministic from a seed.

The corpus is training text, like NL2GQL's or Text2Cypher's: its Cypher comes
from text templates, not from the engine's AST renderer."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

import yaml

from ..errors import Nl2CypherError
from ..resources import data_path
from ..schema import Schema

NUMERIC = ("int", "float")
CORRUPTIONS = ("reversed_arrow", "wrong_property", "missing_filter", "wrong_literal", "wrong_aggregate",
               "wrong_order")


def corpus_dir() -> Path:
    return data_path("finetune")


def load_schemas(folder: Path | None = None) -> dict[str, Schema]:
    folder = folder or corpus_dir() / "schemas"
    schemas = {p.stem: Schema.load(p) for p in sorted(folder.glob("*.yaml"))}
    if not schemas:
        raise Nl2CypherError(f"no corpus schemas in {folder}")
    return schemas


def _words(description: str, lang: str) -> str:
    """Descriptions read "中文 / english"."""
    zh, _, en = description.partition(" / ")
    return (en or zh).strip() if lang == "en" else zh.strip()


def localise(schema: Schema, lang: str) -> Schema:
    """The schema with descriptions in one language, as a prompt shows it."""
    labels = {n: replace(lab, description=_words(lab.description, lang),
                         properties={p: replace(q, description=_words(q.description, lang))
                                     for p, q in lab.properties.items()})
              for n, lab in schema.labels.items()}
    edges = {n: replace(e, description=_words(e.description, lang),
                        properties={p: replace(q, description=_words(q.description, lang))
                                    for p, q in e.properties.items()})
             for n, e in schema.edges.items()}
    return replace(schema, labels=labels, edges=edges)


# ---- synthetic KGs ----------------------------------------------------------
@dataclass
class SyntheticKG:
    """Nodes (label -> id -> properties) and edges (type -> (start, end, props))."""

    schema: Schema
    nodes: dict[str, dict[str, dict]] = field(default_factory=dict)
    edges: dict[str, list[tuple[str, str, dict]]] = field(default_factory=dict)

    def values(self, label: str, prop: str) -> list:
        if prop == "id":
            return list(self.nodes[label])
        return [row[prop] for row in self.nodes[label].values() if row.get(prop) is not None]

    def write(self, out: Path) -> Path:
        """The KG in the contract directory format, ready for load_kg."""
        for folder in ("nodes", "edges"):
            (out / folder).mkdir(parents=True, exist_ok=True)
        for label in self.schema.labels:  # every label has a file, a header alone when it is empty
            rows = self.nodes.get(label, {})
            props = list(self.schema.label(label).properties)
            with open(out / "nodes" / f"{label}.csv", "w", newline="", encoding="utf-8") as fh:
                w = csv.writer(fh)
                w.writerow(["id:ID", *props])
                for nid, row in rows.items():
                    w.writerow([nid, *("" if row.get(p) is None else row[p] for p in props)])
        for etype, rows in self.edges.items():
            props = list(self.schema.edge(etype).properties)
            with open(out / "edges" / f"{etype}.csv", "w", newline="", encoding="utf-8") as fh:
                w = csv.writer(fh)
                w.writerow([":START_ID", ":END_ID", *props])
                for a, b, row in rows:
                    w.writerow([a, b, *(row.get(p, "") for p in props)])
        return out


def _value(rng: random.Random, typ: str, span) -> object:
    if typ == "int":
        lo, hi = span or (1, 100)
        return rng.randint(int(lo), int(hi))
    if typ == "float":
        lo, hi = span or (1.0, 100.0)
        return round(rng.uniform(float(lo), float(hi)), 1)
    if typ == "date":
        lo, hi = span or (2000, 2024)
        start = dt.date(int(lo), 1, 1)
        return (start + dt.timedelta(days=rng.randrange((dt.date(int(hi), 12, 31) - start).days))).isoformat()
    if typ == "bool":
        return rng.random() < 0.5
    return None


def build_kg(name: str, schema: Schema, spec: dict, seed: int = 0) -> SyntheticKG:
    rng = random.Random(f"{name}:{seed}")
    pools = spec.get("pools", {}).get(name, {})
    ranges = spec.get("ranges", {}).get(name, {})
    kg = SyntheticKG(schema)
    for lname, lab in schema.labels.items():
        names = pools.get(f"{lname}.{lab.display}")
        count = len(names) if names else 40
        rows: dict[str, dict] = {}
        for i in range(count):
            row: dict = {}
            for p, prop in lab.properties.items():
                vocab = pools.get(f"{lname}.{p}")
                if names and p == lab.display:
                    row[p] = names[i]
                elif vocab and prop.type == "string":
                    row[p] = rng.choice(vocab)
                elif prop.type == "string":
                    row[p] = f"{lname}_{p}_{i}"
                else:
                    row[p] = _value(rng, prop.type, ranges.get(f"{lname}.{p}"))
            rows[f"{lname}_{i}"] = row
        kg.nodes[lname] = rows
    for ename, edge in schema.edges.items():
        out: list[tuple[str, str, dict]] = []
        for a_label, b_label in edge.endpoints:
            a_ids, b_ids = list(kg.nodes[a_label]), list(kg.nodes[b_label])
            seen = set()
            for a in a_ids:
                fan = rng.randint(0, 2) if a_label == b_label else rng.randint(1, 3)
                for b in rng.sample(b_ids, min(fan, len(b_ids))):
                    if a == b or (a, b) in seen:
                        continue
                    seen.add((a, b))
                    out.append((a, b, {p: _value(rng, q.type, ranges.get(f"{ename}.{p}"))
                                       for p, q in edge.properties.items()}))
        kg.edges[ename] = out
    return kg


def load_spec(path: Path | None = None) -> dict:
    path = path or corpus_dir() / "corpus.yaml"
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as e:
        raise Nl2CypherError(f"corpus templates {path}: {e}") from None


# ---- bindings: what a template's placeholders stand for ----------------------
def _label_words(schema: Schema, lname: str, key: str) -> dict[str, str]:
    lab = schema.label(lname)
    return {f"{key}zh": _words(lab.description, "zh"), f"{key}en": _words(lab.description, "en")}


def _prop_words(owner, prop: str, key: str) -> dict[str, str]:
    d = owner.properties[prop].description
    return {f"{key}zh": _words(d, "zh"), f"{key}en": _words(d, "en")}


def _bind(kind: str, kg: SyntheticKG, rng: random.Random) -> tuple[dict[str, str], list[str], list[str]] | None:
    """One random filling for `kind`: (placeholders, labels, edges) or None if
    the schema has nothing of that kind."""
    schema = kg.schema
    named = [n for n, lab in schema.labels.items() if lab.display != "id"]
    if kind in ("entity", "num", "vocab", "date", "two"):
        want = {"num": NUMERIC, "two": NUMERIC, "date": ("date",)}.get(kind)
        options = []
        for n in (named if kind != "date" else list(schema.labels)):
            lab = schema.label(n)
            if kind == "entity":
                options.append((n, None))
            for p, q in lab.properties.items():
                if p == lab.display:
                    continue
                if kind == "vocab" and q.vocabulary or want and q.type in want:
                    options.append((n, p))
        if not options:
            return None
        lname, prop = rng.choice(options)
        lab = schema.label(lname)
        names = kg.values(lname, lab.display)
        v = str(rng.choice(names))
        b = {"L": lname, "key": lab.display, "v": v, **_label_words(schema, lname, "L"),
             **(_prop_words(lab, lab.display, "key") if lab.display in lab.properties else {}),
             "k": str(rng.randint(2, 5))}
        word = v.split()[0] if " " in v else v
        b["pre"] = word[:1] if re.match(r"[\u4e00-\u9fff]", word) else word[:2]
        b["part"] = v.split()[-1] if " " in v else v[-1:]
        if prop:
            b.update({"P": prop, **_prop_words(lab, prop, "P")})
            vals = sorted(set(kg.values(lname, prop)))
            if kind in ("num", "two"):
                x, x2 = sorted(rng.sample(vals, 2))
                b.update(x=str(x), x2=str(x2))
            elif kind == "vocab":
                if len(vals) < 2:
                    return None
                w, w2 = rng.sample(vals, 2)
                b.update(w=str(w), w2=str(w2))
            elif kind == "date":
                d, d2 = sorted(rng.sample(vals, 2))
                b.update(d=d, d2=d2)
            if kind == "two":
                others = [n for n in names if str(n) != v]
                b["v2"] = str(rng.choice(others))
        return b, [lname], []
    if kind in ("edge", "edgeprop", "self"):
        options = []
        for ename, e in schema.edges.items():
            for a, bl in e.endpoints:
                if a not in named or bl not in named or not kg.edges[ename]:
                    continue
                if kind == "self" and a != bl or kind != "self" and a == bl:
                    continue
                if kind == "edgeprop" and not any(q.type in NUMERIC for q in e.properties.values()):
                    continue
                if kind == "edge" and not any(q.type in NUMERIC for q in schema.label(bl).properties.values()):
                    continue
                options.append((ename, a, bl))
        if not options:
            return None
        ename, a, bl = rng.choice(options)
        e = schema.edge(ename)
        la, lb = schema.label(a), schema.label(bl)
        start, end, props = rng.choice(kg.edges[ename])
        b = {"R": ename, "A": a, "B": bl, "Akey": la.display, "Bkey": lb.display,
             "a": str(kg.nodes[a][start][la.display]), "b": str(kg.nodes[bl][end][lb.display]),
             "Rzh": _words(e.description, "zh"), "Ren": _words(e.description, "en"),
             **_label_words(schema, a, "A"), **_label_words(schema, bl, "B"), "k": str(rng.randint(2, 3))}
        if kind == "self":
            b.update({"S": ename, "Szh": b["Rzh"], "Sen": b["Ren"], "L": a, "key": la.display, "v": b["a"],
                      **_label_words(schema, a, "L"), "n": str(rng.randint(2, 3))})
        elif kind == "edge":
            q = rng.choice([p for p, x in lb.properties.items() if x.type in NUMERIC])
            b.update({"Q": q, **_prop_words(lb, q, "Q"), "y": str(rng.choice(kg.values(bl, q)))})
        else:
            p = rng.choice([p for p, x in e.properties.items() if x.type in NUMERIC])
            b.update({"E": p, **_prop_words(e, p, "E"), "e": str(props[p])})
        return b, [a, bl], [ename]
    if kind == "path2":
        options = []
        for a in named:
            for c in named:
                if a == c:
                    continue
                options += [p for p in schema.shortest_paths(a, c, max_hops=2) if len(p) == 2]
        if not options:
            return None
        path = rng.choice(options)
        h1, h2 = path.hops
        arrow = {True: "-[:{}]->", False: "<-[:{}]-"}
        pattern = (f"(a:{h1.src}){arrow[h1.forward].format(h1.edge)}(m:{h1.dst})"
                   f"{arrow[h2.forward].format(h2.edge)}(c:{h2.dst})")
        la, lc = schema.label(h1.src), schema.label(h2.dst)
        start = rng.choice(kg.values(h1.src, la.display))
        b = {"pattern": pattern, "A": h1.src, "Akey": la.display, "a": str(start), "Ckey": lc.display,
             **_label_words(schema, h1.dst, "M"), **_label_words(schema, h2.dst, "C")}
        return b, [h1.src, h1.dst, h2.dst], [h1.edge, h2.edge]
    raise Nl2CypherError(f"corpus template: unknown binding kind {kind!r}")


# ---- corruptions: how a candidate goes wrong --------------------------------
def corrupt(cypher: str, how: str, binding: dict[str, str], kg: SyntheticKG, rng: random.Random) -> str | None:
    """The gold query damaged one way, or None if that damage does not apply."""
    schema = kg.schema
    if how == "reversed_arrow":
        m = re.search(r"-\[(\w*):(\w+)(\*[\d.]+)?\]->", cypher)
        return cypher[:m.start()] + f"<-[{m.group(1)}:{m.group(2)}{m.group(3) or ''}]-" + cypher[m.end():] if m else None
    if how == "wrong_property":
        for slot, owner in (("P", "L"), ("Q", "B")):
            if slot in binding and owner in binding:
                lab = schema.label(binding[owner])
                typ = lab.properties[binding[slot]].type
                others = [p for p, q in lab.properties.items() if q.type == typ and p not in (binding[slot], lab.display)]
                if others:
                    return re.sub(rf"\.{binding[slot]}\b", "." + rng.choice(others), cypher)
        return None
    if how == "missing_filter":
        m = re.search(r" WHERE (.+?)(?= RETURN| WITH)", cypher)
        if not m:
            return None
        conds = m.group(1).split(" AND ")
        if len(conds) > 1:
            conds.pop(rng.randrange(len(conds)))
            return cypher[:m.start()] + " WHERE " + " AND ".join(conds) + cypher[m.end():]
        return cypher[:m.start()] + cypher[m.end():]
    if how == "wrong_literal":
        m = re.search(r"date\('(\d{4})-(\d\d-\d\d)'\)", cypher)
        if m:
            year = int(m.group(1)) + rng.choice((-2, -1, 1, 2))
            return cypher[:m.start()] + f"date('{year}-{m.group(2)}')" + cypher[m.end():]
        m = re.search(r"([<>]=?|=) (\d+(?:\.\d+)?)\b", cypher)
        if m:
            num = m.group(2)
            new = str(round(float(num) * rng.choice((0.5, 2, 1.5)), 1)) if "." in num else str(int(num) + rng.randint(1, 9))
            return cypher[:m.start(2)] + new + cypher[m.end(2):]
        m = re.search(r"= '([^']+)'", cypher)
        if m and "L" in binding:
            others = [str(v) for v in kg.values(binding["L"], binding["key"]) if str(v) != m.group(1)]
            return cypher[:m.start(1)] + rng.choice(others) + cypher[m.end(1):] if others else None
        return None
    if how == "wrong_aggregate":
        swaps = {"avg(": "sum(", "sum(": "avg(", "max(": "min(", "min(": "max(", "count(DISTINCT ": "count("}
        for old, new in swaps.items():
            if old in cypher:
                return cypher.replace(old, new, 1)
        return None
    if how == "wrong_order":
        if " DESC" in cypher:
            return cypher.replace(" DESC", " ASC", 1)
        if " ASC" in cypher:
            return cypher.replace(" ASC", " DESC", 1)
        return None
    raise Nl2CypherError(f"unknown corruption {how!r}")


# ---- the corpus -------------------------------------------------------------
def _today(rng: random.Random) -> str:
    return (dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(700))).isoformat()


def generate(per_template: int = 16, seed: int = 0, revise_share: float = 1.0, spec_path: Path | None = None,
             schema_dir: Path | None = None, examples: int = 2) -> list[dict]:
    """Records for every schema × template × language: a generation pair (no
    candidate) and, for `revise_share` of them, a revision pair whose candidate
    is corrupted (two in three) or already right."""
    spec = load_spec(spec_path)
    schemas = load_schemas(schema_dir)
    rng = random.Random(seed)
    records: list[dict] = []
    for sname, schema in schemas.items():
        kg = build_kg(sname, schema, spec, seed)
        local = {lang: localise(schema, lang) for lang in ("zh", "en")}
        pairs: list[dict] = []
        for tpl in spec["templates"]:
            for lang in ("zh", "en"):
                made = 0
                for _ in range(per_template * 4):
                    if made >= per_template:
                        break
                    bound = _bind(tpl["needs"], kg, rng)
                    if bound is None:
                        break
                    b, labels, edges = bound
                    try:
                        question = rng.choice(tpl[lang]).format(**b)
                        cypher = tpl["cypher"].format(**b)
                    except KeyError as e:
                        raise Nl2CypherError(f"corpus template {tpl['id']}: no placeholder {e} for "
                                             f"{tpl['needs']}") from None
                    labels = set(labels) | set(re.findall(r"\(\w+:(\w+)\)", cypher))
                    edges = set(edges) | set(re.findall(r"\[\w*:(\w+)", cypher))
                    pairs.append({"question": question, "cypher": cypher, "lang": lang, "schema_name": sname,
                                  "template": tpl["id"], "kind": "generate",
                                  "schema": local[lang].slice(labels, edges).render(), "today": _today(rng),
                                  "_binding": b})
                    made += 1
        for p in pairs:
            same = [q for q in pairs if q["lang"] == p["lang"] and q["template"] != p["template"]]
            p["examples"] = [{"question": q["question"], "cypher": q["cypher"]}
                             for q in rng.sample(same, min(examples, len(same)))]
        for p in pairs:
            binding = p.pop("_binding")
            records.append(p)
            if rng.random() >= revise_share:
                continue
            rec = dict(p, kind="revise", candidate=p["cypher"], corruption="none")
            if rng.random() < 2 / 3:
                for how in rng.sample(CORRUPTIONS, len(CORRUPTIONS)):
                    bad = corrupt(p["cypher"], how, binding, kg, rng)
                    if bad and bad != p["cypher"]:
                        rec.update(candidate=bad, corruption=how)
                        break
            records.append(rec)
    return records


def split(records: list[dict], held_out: float = 0.1, seed: int = 0) -> tuple[list[dict], list[dict]]:
    """Held-out by question: a question and its revision pair land on the same side."""
    rng = random.Random(seed)
    questions = sorted({r["question"] for r in records})
    rng.shuffle(questions)
    test = set(questions[:max(1, int(len(questions) * held_out))])
    return [r for r in records if r["question"] not in test], [r for r in records if r["question"] in test]


def write_jsonl(records: list[dict], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def load_corpus_kgs(db_dir: Path, seed: int = 0, spec_path: Path | None = None,
                    schema_dir: Path | None = None) -> dict[str, Path]:
    """Each corpus schema's synthetic KG loaded into its own embedded store."""
    from ..store import load_kg

    spec = load_spec(spec_path)
    paths = {}
    for sname, schema in load_schemas(schema_dir).items():
        db = db_dir / f"{sname}-{seed}.lbug"
        if not db.exists():
            src = build_kg(sname, schema, spec, seed).write(db_dir / f"{sname}-{seed}-csv")
            load_kg(src, db, schema=schema, source=f"syntax corpus {sname} seed {seed}")
        paths[sname] = db
    return paths
