"""Read and validate a KG directory in the contract format (neo4j-admin import
CSVs), writing normalised per-table CSVs that a store bulk-loads.

    DIR/nodes/<label>.csv   id:ID,<prop>[:type],...
    DIR/edges/<type>.csv    :START_ID,:END_ID,<prop>[:type],...
    DIR/aliases.csv         id,alias            (optional)

Every problem is reported as `file:line:column: what`, and nothing is loaded
until the whole directory has passed."""

from __future__ import annotations

import csv
import datetime as dt
import math
import operator
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import KGFormatError
from ..schema import KEY, Schema

# neo4j-admin header type names -> schema types
HEADER_TYPES = {
    "int": "int", "long": "int", "short": "int", "byte": "int",
    "float": "float", "double": "float",
    "boolean": "bool", "bool": "bool",
    "date": "date", "datetime": "datetime", "localdatetime": "datetime",
    "string": "string",
}

_INT = re.compile(r"[+-]?\d+\Z")
_FLOAT = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\Z")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


def _int(v: str) -> str:
    if not _INT.match(v):
        raise ValueError("an integer")
    return v.lstrip("+")


def _float(v: str) -> str:
    if not _FLOAT.match(v):
        raise ValueError("a number")
    if not math.isfinite(float(v)):
        raise ValueError("a finite number (1e999 is infinity)")
    return "0" if float(v) == 0 else v  # -0.0 sorts below -10 in Ladybug: a fall of 0.00 is no fall


def _bool(v: str) -> str:
    low = v.lower()
    if low not in ("true", "false"):
        raise ValueError("true or false")
    return low


def _date(v: str) -> str:
    if not _DATE.match(v):
        raise ValueError("a date YYYY-MM-DD")
    try:
        dt.date.fromisoformat(v)
    except ValueError:
        raise ValueError("a real calendar date") from None
    return v


def _datetime(v: str) -> str:
    try:
        t = dt.datetime.fromisoformat(v)
    except ValueError:
        raise ValueError("an ISO 8601 datetime") from None
    # Stored as the wall-clock time written (Beijing time in the finance KG).
    return t.replace(tzinfo=None).isoformat(sep=" ")


def _string(v: str) -> str:
    return v


CONVERTERS: dict[str, Callable[[str], str]] = {
    "int": _int, "float": _float, "bool": _bool, "date": _date, "datetime": _datetime, "string": _string,
}


@dataclass
class TableFile:
    """One normalised CSV, columns in schema order, ready for a bulk COPY."""

    table: str
    path: Path
    rows: int = 0
    src_label: str | None = None  # edges only
    dst_label: str | None = None
    multiline: bool = False  # a value holds a newline (parallel CSV readers cannot split it)


@dataclass
class PreparedKG:
    schema: Schema
    nodes: list[TableFile] = field(default_factory=list)
    edges: list[TableFile] = field(default_factory=list)
    aliases: TableFile | None = None
    ids: dict[str, str] = field(default_factory=dict)  # id -> label, for the ids in this directory

    @property
    def node_count(self) -> int:
        return sum(t.rows for t in self.nodes)

    @property
    def edge_count(self) -> int:
        return sum(t.rows for t in self.edges)

    def labels(self) -> set[str]:
        return {t.table for t in self.nodes}


@dataclass
class _Column:
    index: int
    name: str
    kind: str  # "prop", "id", "start", "end", "label", "type", "ignore"
    type: str = "string"


def _parse_header(rel: str, header: list[str], kind: str, owner: str, props: dict) -> list[_Column]:
    cols: list[_Column] = []
    seen: set[str] = set()
    for i, raw in enumerate(header):
        cell = raw.strip()
        col = i + 1
        name, _, suffix = cell.partition(":")
        suffix_base = suffix.split("(", 1)[0]
        special = suffix_base.upper()
        if special == "ID" and kind == "node":
            cols.append(_Column(i, name, "id"))
        elif special in ("START_ID", "END_ID") and kind == "edge":
            cols.append(_Column(i, name, "start" if special == "START_ID" else "end"))
        elif special == "LABEL" and kind == "node":
            cols.append(_Column(i, name, "label"))
        elif special == "TYPE" and kind == "edge":
            cols.append(_Column(i, name, "type"))
        elif special == "IGNORE":
            cols.append(_Column(i, name, "ignore"))
        else:
            if not name:
                raise KGFormatError(rel, 1, col, f"header cell {cell!r} names no property")
            if name == KEY and kind == "node" and name not in props:
                raise KGFormatError(rel, 1, col, "the id column needs the :ID suffix (write id:ID)")
            if name not in props:
                known = ", ".join(sorted(props)) or "none"
                raise KGFormatError(rel, 1, col, f"unknown property {name!r} of {owner} (known: {known})")
            ptype = props[name].type
            if suffix:
                htype = HEADER_TYPES.get(suffix.lower())
                if htype is None:
                    raise KGFormatError(rel, 1, col, f"unknown type {suffix!r} in header cell {cell!r}")
                if htype != ptype:
                    raise KGFormatError(
                        rel, 1, col, f"{owner}.{name} is {ptype} in the schema, the header says {suffix}"
                    )
            cols.append(_Column(i, name, "prop", ptype))
        if name and cols[-1].kind in ("prop", "id"):
            if name in seen:
                raise KGFormatError(rel, 1, col, f"column {name!r} appears twice")
            seen.add(name)
    return cols


# Values already in the form a converter gives back (no '+', no zero spelt 0.0, a
# lower-case bool, a date that exists, one line). A row whose every cell is one of
# these is checked by one regular expression and written as it is — a market's ten
# million rows; any other row goes through the converters, which say what is wrong.
_CANONICAL = {
    "int": r"-?[0-9]+",
    # finite (at most 200 digits before the point, a two-digit exponent) and not zero
    "float": r"(?!-?0*\.?0*(?:[eE][+-]?[0-9]+)?(?:\x1f|\Z))-?(?:[0-9]{1,200}(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,2})?",
    "bool": r"true|false",
    "date": r"(?!0000)[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)"
            r"|02-(?:0[1-9]|1[0-9]|2[0-8]))",
    "datetime": r"(?!)",
    "string": r"[^\x1f\n\r]*",
}


class _FastRows:
    """The values of a row that needs no converting, in target order (else None)."""

    def __init__(self, plan, width: int):
        kinds = {ix: next(t for t, c in CONVERTERS.items() if c is conv) for _, ix, conv in plan if ix is not None}
        cells = [f"(?:{_CANONICAL[kinds[i]]})?" if i in kinds else _CANONICAL["string"] for i in range(width)]
        self.row = re.compile("\x1f".join(cells) + r"\Z")
        picks = [width if ix is None else ix for _, ix, _ in plan]  # width: the empty cell appended
        self.pick = operator.itemgetter(*picks) if len(picks) > 1 else (lambda c: (c[picks[0]],)) if picks else (
            lambda c: ())

    def values(self, cells: list[str]) -> list[str] | None:
        if not self.row.match("\x1f".join(cells)):
            return None
        return list(self.pick(cells + [""]))


def _convert(rel: str, line: int, owner: str, plan, cells: list[str]) -> tuple[list[str], bool]:
    """One row's property cells, checked and normalised in target column order;
    also whether any value spans lines."""
    values, multiline = [], False
    for name, ix, conv in plan:
        if ix is None:
            values.append("")
            continue
        v = cells[ix]
        if v:
            try:
                v = conv(v)
            except ValueError as e:
                raise KGFormatError(rel, line, ix + 1, f"{owner}.{name}: {v!r} is not {e}") from None
            multiline = multiline or "\n" in v or "\r" in v
        values.append(v)
    return values, multiline


def _rel(root: Path, path: Path) -> str:
    """The name used in messages: the KG directory's own name and below."""
    try:
        return str(path.resolve().relative_to(root.resolve().parent))
    except ValueError:
        return str(path)


def _rows(path: Path, rel: str) -> Iterable[tuple[int, list[str]]]:
    """(line number, cells) of a CSV file, header first; decoding and quoting
    problems become KGFormatError."""
    try:
        fh = open(path, newline="", encoding="utf-8-sig")
    except OSError as e:
        raise KGFormatError(rel, None, None, f"cannot read: {e.strerror}") from None
    with fh:
        reader = csv.reader(fh, strict=True)
        start = 1  # the line where the record being read begins
        try:
            for cells in reader:
                yield reader.line_num, cells
                start = reader.line_num + 1
        except csv.Error as e:
            raise KGFormatError(rel, start, None, f"malformed CSV record: {e}") from None
        except UnicodeDecodeError:
            # decoding runs ahead of parsing, so no line number would be honest
            raise KGFormatError(rel, None, None, "not UTF-8 text (save the file as UTF-8)") from None


class KGReader:
    """Validates one KG directory against a schema.

    `existing` maps ids already in the store (for a refresh) to their labels;
    `only_labels` restricts which node labels the directory may hold."""

    def __init__(self, schema: Schema, workdir: Path, existing: dict[str, str] | None = None,
                 only_labels: set[str] | None = None, progress: Callable[[str, int], None] | None = None):
        self.schema = schema
        self.workdir = Path(workdir)
        self.existing = existing or {}
        self.only_labels = only_labels
        self.progress = progress or (lambda what, n: None)

    def read(self, src: str | Path) -> PreparedKG:
        src = Path(src)
        if not src.is_dir():
            raise KGFormatError(str(src), None, None, "no such KG directory")
        nodes_dir = src / "nodes"
        if not nodes_dir.is_dir():
            raise KGFormatError(str(nodes_dir), None, None, "missing folder: a KG directory holds nodes/<label>.csv")
        kg = PreparedKG(self.schema)
        files = sorted(nodes_dir.glob("*.csv"))
        if self.only_labels is None:
            # a load replaces the whole KG: every label needs its file (a header alone says "empty")
            missing = [lab for lab in self.schema.labels if not (nodes_dir / f"{lab}.csv").is_file()]
            if missing:
                raise KGFormatError(str(nodes_dir), None, None,
                                    f"missing {', '.join(f'{m}.csv' for m in missing)}: a load replaces the whole "
                                    "KG, so every label needs a file (a header line alone for an empty label)")
        elif not files:
            raise KGFormatError(str(nodes_dir), None, None, "no node files: nothing to refresh")
        for f in files:
            kg.nodes.append(self._read_nodes(src, f, kg.ids))
        edges_dir = src / "edges"
        if edges_dir.is_dir():
            for f in sorted(edges_dir.glob("*.csv")):
                kg.edges.extend(self._read_edges(src, f, kg.ids))
        if (src / "aliases.csv").is_file():
            kg.aliases = self._read_aliases(src, src / "aliases.csv", kg.ids)
        return kg

    # ---- nodes ---------------------------------------------------------
    def _read_nodes(self, root: Path, path: Path, ids: dict[str, str]) -> TableFile:
        rel = _rel(root, path)
        label = path.stem
        if label not in self.schema.labels:
            raise KGFormatError(rel, None, None, f"unknown label {label!r} (schema labels: {', '.join(self.schema.labels)})")
        if self.only_labels is not None and label not in self.only_labels:
            raise KGFormatError(rel, None, None, f"{label} is a static label; a refresh may only hold {', '.join(sorted(self.only_labels))}")
        lab = self.schema.labels[label]
        props = dict(lab.properties)
        rows = _rows(path, rel)
        header = next(rows, None)
        if header is None:
            raise KGFormatError(rel, 1, None, "empty file: expected a header such as id:ID,name")
        cols = _parse_header(rel, header[1], "node", label, props)
        id_cols = [c for c in cols if c.kind == "id"]
        if len(id_cols) != 1:
            raise KGFormatError(rel, 1, None, "a node file needs exactly one :ID column (e.g. id:ID)")
        id_ix = id_cols[0].index
        # target columns: id, then schema properties in order (id-named property shares the key)
        targets = [p for p in props if p != KEY]
        src_of: dict[str, tuple[int, Callable[[str], str]]] = {}
        for c in cols:
            if c.kind == "prop":
                src_of[c.name] = (c.index, CONVERTERS[c.type])
        if lab.display != KEY and lab.display not in src_of:
            raise KGFormatError(rel, 1, None, f"missing column {lab.display!r}: answers show {label} by it")
        id_name = id_cols[0].name
        if id_name and id_name != KEY and id_name in props and id_name not in src_of:
            src_of[id_name] = (id_ix, CONVERTERS[props[id_name].type])
        label_cols = [c.index for c in cols if c.kind == "label"]
        plan = [(name, *src_of[name]) if name in src_of else (name, None, None) for name in targets]
        width = len(header[1])
        fast = _FastRows(plan, width)
        out = TableFile(label, self.workdir / f"node_{label}.csv")
        existing = self.existing
        with open(out.path, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow([KEY] + targets)
            for line, cells in rows:
                if not cells:
                    continue  # blank line
                if len(cells) != width:
                    raise KGFormatError(rel, line, None, f"{len(cells)} cells, the header has {width}")
                nid = cells[id_ix]
                if not nid:
                    raise KGFormatError(rel, line, id_ix + 1, "empty id")
                if nid in ids:
                    raise KGFormatError(rel, line, id_ix + 1, f"duplicate id {nid!r} (already a {ids[nid]} in this directory)")
                if nid in existing and existing[nid] != label:
                    raise KGFormatError(rel, line, id_ix + 1, f"duplicate id {nid!r} (a {existing[nid]} in the loaded KG)")
                ids[nid] = label
                for ix in label_cols:
                    if cells[ix] and label not in cells[ix].split(";"):
                        raise KGFormatError(rel, line, ix + 1, f":LABEL {cells[ix]!r} does not include {label}")
                values = fast.values(cells)
                if values is None:
                    values, multiline = _convert(rel, line, label, plan, cells)
                    out.multiline = out.multiline or multiline or "\n" in nid or "\r" in nid
                record = [nid] + values
                w.writerow(record)
                out.rows += 1
                if out.rows % 100_000 == 0:
                    self.progress(label, 100_000)
        self.progress(label, out.rows % 100_000)
        return out

    # ---- edges ---------------------------------------------------------
    def _read_edges(self, root: Path, path: Path, ids: dict[str, str]) -> list[TableFile]:
        rel = _rel(root, path)
        etype = path.stem
        if etype not in self.schema.edges:
            raise KGFormatError(rel, None, None, f"unknown relationship type {etype!r} (schema: {', '.join(self.schema.edges)})")
        edge = self.schema.edges[etype]
        props = dict(edge.properties)
        rows = _rows(path, rel)
        header = next(rows, None)
        if header is None:
            raise KGFormatError(rel, 1, None, "empty file: expected a header such as :START_ID,:END_ID")
        cols = _parse_header(rel, header[1], "edge", etype, props)
        starts = [c.index for c in cols if c.kind == "start"]
        ends = [c.index for c in cols if c.kind == "end"]
        if len(starts) != 1 or len(ends) != 1:
            raise KGFormatError(rel, 1, None, "an edge file needs one :START_ID and one :END_ID column")
        s_ix, e_ix = starts[0], ends[0]
        type_cols = [c.index for c in cols if c.kind == "type"]
        src_of = {c.name: (c.index, CONVERTERS[c.type]) for c in cols if c.kind == "prop"}
        plan = [(name, *src_of[name]) if name in src_of else (name, None, None) for name in props]
        allowed = set(edge.endpoints)
        width = len(header[1])
        fast = _FastRows(plan, width)
        outs: dict[tuple[str, str], tuple[TableFile, object, object]] = {}
        existing = self.existing
        try:
            for line, cells in rows:
                if not cells:
                    continue
                if len(cells) != width:
                    raise KGFormatError(rel, line, None, f"{len(cells)} cells, the header has {width}")
                a, b = cells[s_ix], cells[e_ix]
                la = ids.get(a) or existing.get(a)
                if la is None:
                    raise KGFormatError(rel, line, s_ix + 1, f"dangling :START_ID {a!r}: no node has this id")
                lb = ids.get(b) or existing.get(b)
                if lb is None:
                    raise KGFormatError(rel, line, e_ix + 1, f"dangling :END_ID {b!r}: no node has this id")
                if (la, lb) not in allowed:
                    if (lb, la) in allowed:
                        why = f"{etype} goes from {lb} to {la}; this row points the other way"
                    else:
                        why = f"{etype} cannot join {la} to {lb} (schema: " + ", ".join(f"{s}->{t}" for s, t in edge.endpoints) + ")"
                    raise KGFormatError(rel, line, s_ix + 1, why)
                for ix in type_cols:
                    if cells[ix] and cells[ix] != etype:
                        raise KGFormatError(rel, line, ix + 1, f":TYPE {cells[ix]!r} is not {etype}")
                values = fast.values(cells)
                multiline = False
                if values is None:
                    values, multiline = _convert(rel, line, etype, plan, cells)
                    multiline = multiline or "\n" in a + b
                record = [a, b] + values
                entry = outs.get((la, lb))
                if entry is None:
                    tf = TableFile(etype, self.workdir / f"edge_{etype}_{la}_{lb}.csv", src_label=la, dst_label=lb)
                    fh = open(tf.path, "w", newline="", encoding="utf-8")
                    w = csv.writer(fh)
                    w.writerow(["from", "to"] + list(props))
                    entry = outs[(la, lb)] = (tf, fh, w)
                tf, _, w = entry
                tf.multiline = tf.multiline or multiline
                w.writerow(record)
                tf.rows += 1
                if tf.rows % 100_000 == 0:
                    self.progress(etype, 100_000)
        finally:
            for _, fh, _ in outs.values():
                fh.close()
        for tf, _, _ in outs.values():
            self.progress(etype, tf.rows % 100_000)
        return [e[0] for e in outs.values()]

    # ---- aliases -------------------------------------------------------
    def _read_aliases(self, root: Path, path: Path, ids: dict[str, str]) -> TableFile:
        rel = _rel(root, path)
        rows = _rows(path, rel)
        header = next(rows, None)
        if header is None or [c.strip() for c in header[1]] != ["id", "alias"]:
            raise KGFormatError(rel, 1, None, "aliases.csv needs the header id,alias")
        out = TableFile("_alias", self.workdir / "aliases.csv")
        with open(out.path, "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["k", "id", "label", "alias"])
            for line, cells in rows:
                if not cells:
                    continue
                if len(cells) != 2:
                    raise KGFormatError(rel, line, None, f"{len(cells)} cells, expected id,alias")
                nid, alias = cells[0], cells[1].strip()
                label = ids.get(nid) or self.existing.get(nid)
                if label is None:
                    raise KGFormatError(rel, line, 1, f"alias for unknown id {nid!r}")
                if not alias:
                    raise KGFormatError(rel, line, 2, "empty alias")
                if "\n" in alias or "\r" in alias:
                    raise KGFormatError(rel, line, 2, "an alias is one line")
                w.writerow([str(out.rows), nid, label, alias])
                out.rows += 1
        return out
