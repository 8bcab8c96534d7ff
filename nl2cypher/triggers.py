"""The trigger table (patterns/trigger_mapping.xlsx): concept words that name
labels, properties, values and relationships, and regular-expression rules
that map trigger words onto WHERE and RETURN units. All knowledge here is
data; the code only interprets the columns."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from . import tags
from .errors import TriggerTableError
from .schema import Schema

CONCEPT_KINDS = ("label", "property", "value", "edge")
RULE_KINDS = (
    "compare", "between", "compare_entity", "date_compare", "date_in", "starts_with", "ends_with", "contains", "not_contains",
    "exclude", "not_value", "same", "same_prop", "both", "group", "aggregate", "extreme", "topk", "order", "count", "yesno", "difference", "which",
    "why", "growth", "derived", "rank_in_group", "history", "change", "list", "info", "filler", "every", "share",
    "compare_props", "holding",
)
# placeholder -> tag regex; tags are written 〈K12〉 into the question by the lexicon
PLACEHOLDERS = {"num": "N", "num2": "N", "ent": "E", "label": "L", "prop": "P", "prop2": "P", "time": "T", "val": "V",
                "val2": "V"}
# {gap}: a few words between a rule's own (how much bigger … than): read for names, not explained by the rule
GAP = r"(?P<gap>.{0,60}?)"




@dataclass(frozen=True)
class Concept:
    """A word naming schema things: kind label/property/value/edge; `targets`
    are alternatives (label, label.prop or edge.prop, edge type)."""

    kind: str
    word: str
    targets: tuple[str, ...]
    params: dict = field(default_factory=dict, hash=False, compare=False)
    row: int = 0


@dataclass(frozen=True)
class Rule:
    kind: str
    regex: re.Pattern
    params: dict = field(default_factory=dict, hash=False, compare=False)
    row: int = 0
    example: str = ""


@dataclass
class TriggerTable:
    concepts: list[Concept]
    rules: list[Rule]
    source: str = ""
    skipped: list[str] = field(default_factory=list)  # rows naming things the schema lacks

    def rules_of(self, *kinds: str) -> list[Rule]:
        return [r for r in self.rules if r.kind in kinds]


def _params(text: str, where: str) -> dict:
    out = {}
    for part in (text or "").split(";") if "=" in (text or "") else []:
        if not part.strip():
            continue
        if "=" not in part:
            raise TriggerTableError(f"{where}: params {text!r}: expected key=value; key=value")
        k, v = part.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def _value_params(text: str, where: str) -> dict:
    """`value=a;b` is a list of values (parts without `=` continue the list);
    `op=<=;value=-9.9` compares instead of testing equality."""
    out: dict = {}
    key = None
    for part in (text or "").split(";"):
        part = part.strip()
        if not part:
            continue
        if "=" in part and not part.startswith(("<", ">", "=")):
            key, v = part.split("=", 1)
            key, v = key.strip(), v.strip()
            out[key] = [v] if key == "value" else v
        elif key == "value":
            out["value"].append(part)
        else:
            raise TriggerTableError(f"{where}: params {text!r}: expected key=value; key=value")
    return out


def compile_pattern(pattern: str, where: str) -> re.Pattern:
    def sub(m: re.Match) -> str:
        name = m.group(1)
        if name == "gap":
            return GAP
        if name not in PLACEHOLDERS:
            raise TriggerTableError(f"{where}: unknown placeholder {{{name}}} (known: {', '.join(PLACEHOLDERS)}, gap)")
        return tags.placeholder(PLACEHOLDERS[name], name)

    text = re.sub(r"\{([a-z0-9]+)\}", sub, pattern)
    try:
        return re.compile(text)
    except re.error as e:
        raise TriggerTableError(f"{where}: bad regular expression: {e}") from None


def _target_ok(schema: Schema, kind: str, target: str) -> bool:
    if kind == "label":
        return target in schema.labels
    if kind == "edge":
        return target in schema.edges
    owner, _, prop = target.partition(".")
    return bool(prop) and schema.has_property(owner, prop)


COLUMNS = ("kind", "pattern", "target", "params", "example", "notes")


def _yaml_rows(path: Path) -> list[tuple]:
    """A trigger table written as YAML: a list of rows, each a mapping of the columns."""
    import yaml

    from .resources import load_yaml

    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TriggerTableError(f"trigger table {path} not found") from None
    except yaml.YAMLError as e:
        raise TriggerTableError(f"{path}: not valid YAML ({type(e).__name__})") from None
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise TriggerTableError(f"{path}: expected a list of rows (kind, pattern, target, params)")
    return [COLUMNS] + [tuple(r.get(c) for c in COLUMNS) for r in data]


def _sheet_rows(path: Path) -> list[tuple]:
    """The 'triggers' sheet's cell values; a copy keyed by the file's size and
    time is kept in the user's cache (reading the workbook costs a quarter of a
    second at every start)."""
    import hashlib
    import json

    from .resources import cache_dir

    try:
        st = path.stat()
    except FileNotFoundError:
        raise TriggerTableError(f"trigger table {path} not found") from None
    key = hashlib.sha1(f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()[:16]
    cached = cache_dir() / "triggers" / f"{key}.json"
    try:
        return [tuple(r) for r in json.loads(cached.read_text(encoding="utf-8"))]
    except (OSError, ValueError):
        pass
    import openpyxl

    try:
        wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as e:
        raise TriggerTableError(f"{path}: not a readable .xlsx file ({type(e).__name__})") from None
    if "triggers" not in wb.sheetnames:
        raise TriggerTableError(f"{path}: needs a sheet named 'triggers'")
    rows = [tuple(r) for r in wb["triggers"].iter_rows(values_only=True)]
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(".tmp")
        tmp.write_text(json.dumps(rows, ensure_ascii=False, default=str), encoding="utf-8")
        tmp.replace(cached)
    except OSError:
        pass  # a read-only cache: read the workbook next time too
    return rows


def load_triggers(schema: Schema, path: str | Path) -> TriggerTable:
    path = Path(path)
    rows = iter(_yaml_rows(path) if path.suffix in (".yaml", ".yml") else _sheet_rows(path))
    header = [str(c or "").strip().lower() for c in next(rows, [])]
    need = ["kind", "pattern", "target", "params"]
    missing = [c for c in need if c not in header]
    if missing:
        raise TriggerTableError(f"{path}: sheet 'triggers' lacks column(s) {', '.join(missing)}")
    col = {name: header.index(name) for name in header if name}
    table = TriggerTable([], [], str(path))
    for n, cells in enumerate(rows, start=2):
        def get(name):
            i = col.get(name)
            v = cells[i] if i is not None and i < len(cells) else None
            return "" if v is None else str(v).strip()

        kind, pattern = get("kind"), get("pattern")
        if not kind and not pattern:
            continue
        where = f"{Path(path).name} row {n}"
        if kind in CONCEPT_KINDS:
            targets = tuple(t.strip() for t in get("target").split(",") if t.strip())
            if not targets:
                raise TriggerTableError(f"{where}: a {kind} row needs a target")
            ok = tuple(t for t in targets if _target_ok(schema, kind, t))
            if len(ok) < len(targets):
                table.skipped.append(f"{where}: {', '.join(t for t in targets if t not in ok)} not in the schema")
            if not ok:
                continue
            params = _value_params(get("params"), where)
            than = params.get("than")  # 收阳: compared with another property of the same row
            if than and not all(schema.has_property(t.partition(".")[0], str(than)) for t in ok):
                raise TriggerTableError(f"{where}: than={than}: not a property of {', '.join(ok)}")
            for word in pattern.split("|"):
                word = word.strip()
                if word:
                    table.concepts.append(Concept(kind, word, ok, params, n))
        elif kind in RULE_KINDS:
            if not pattern:
                raise TriggerTableError(f"{where}: a {kind} row needs a pattern")
            table.rules.append(Rule(kind, compile_pattern(pattern, where), _params(get("params"), where), n,
                                    get("example")))
        else:
            raise TriggerTableError(f"{where}: unknown kind {kind!r}")
    # a derived measure's words (schema data) name it like any property word
    for lab in schema.labels.values():
        for d in lab.derived.values():
            table.concepts.extend(Concept("property", w, (f"{lab.name}.{d.name}",)) for w in d.words)
    return table
