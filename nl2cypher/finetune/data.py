"""Training data readers. Every format becomes `TrainingExample`s; bad rows are
reported with their file and line and skipped; no usable row is an error.

- project JSONL: question, cypher; optional schema (text), candidate, examples
  ([{question, cypher}]), today, lang, understood (text), unused and focus (lists)
- NL2GQL-style JSONL: prompt, content, schema
- Neo4j Text2Cypher-style CSV or JSONL: question, schema, cypher
- xlsx: a sheet with question and cypher columns (optional schema, candidate)

A row without a schema gets the default (finance) schema, whole, as serving
shows it when there is no slice."""

from __future__ import annotations

import csv
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataError
from ..revise.prompt import Ask, Example, build_training_pair

_CJK = re.compile(r"[\u4e00-\u9fff]")
DEFAULT_TODAY = "2024-03-15"


@dataclass(frozen=True)
class TrainingExample:
    question: str
    cypher: str
    schema: str
    candidate: str | None = None
    examples: tuple[Example, ...] = ()
    today: str = DEFAULT_TODAY
    lang: str = "zh"
    source: str = ""  # file:line
    understood: str | None = None  # the engine's interpretation of the candidate
    unused: tuple[str, ...] = ()  # the words of the question the candidate does not use
    focus: tuple[str, ...] = ()  # the labels and edges the question touches

    def messages(self) -> tuple[list[dict[str, str]], str]:
        """The serving prompt (shared builder) and the answer to learn."""
        ask = Ask(self.question, self.candidate, self.understood, self.unused, self.focus)
        return build_training_pair(ask, self.schema, list(self.examples), self.today, self.cypher, self.lang)

    @property
    def kind(self) -> str:
        return "revise" if self.candidate else "generate"


@dataclass
class ReadReport:
    examples: list[TrainingExample] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "file:line: why"
    formats: dict[str, str] = field(default_factory=dict)  # file -> format name


def _lang(text: str) -> str:
    return "zh" if _CJK.search(text) else "en"


_default_schema_text: str | None = None


def _default_schema() -> str:
    global _default_schema_text
    if _default_schema_text is None:
        from ..schema import default_schema

        _default_schema_text = default_schema().render()
    return _default_schema_text


def _example(row: dict, source: str, fmt: str) -> TrainingExample:
    """One row of any format, or ValueError saying what is wrong with it."""
    if fmt == "nl2gql":
        question, cypher = row.get("prompt"), row.get("content")
    else:
        question, cypher = row.get("question"), row.get("cypher")
    if not isinstance(question, str) or not question.strip():
        raise ValueError("no question" if fmt != "nl2gql" else "no prompt")
    if not isinstance(cypher, str) or not cypher.strip():
        raise ValueError("no cypher" if fmt != "nl2gql" else "no content")
    schema = row.get("schema")
    if schema is not None and not isinstance(schema, str):
        raise ValueError("schema is not text")
    candidate = row.get("candidate") or None
    if candidate is not None and not isinstance(candidate, str):
        raise ValueError("candidate is not text")
    examples = []
    for ex in row.get("examples") or []:
        if not isinstance(ex, dict) or not ex.get("question") or not ex.get("cypher"):
            raise ValueError("examples must be a list of {question, cypher}")
        examples.append(Example(str(ex["question"]), str(ex["cypher"])))
    lang = row.get("lang") or _lang(question)
    if lang not in ("zh", "en"):
        raise ValueError(f"lang {lang!r} is not zh or en")
    words = {k: row.get(k) or () for k in ("unused", "focus")}
    if any(not isinstance(v, (list, tuple)) or not all(isinstance(w, str) for w in v) for v in words.values()):
        raise ValueError("unused and focus must be lists of words")
    understood = row.get("understood") or None
    if understood is not None and not isinstance(understood, str):
        raise ValueError("understood is not text")
    return TrainingExample(question.strip(), cypher.strip(), (schema or "").strip() or _default_schema(),
                           candidate.strip() if candidate else None, tuple(examples),
                           str(row.get("today") or DEFAULT_TODAY), lang, source, understood,
                           tuple(words["unused"]), tuple(words["focus"]))


def _jsonl_rows(path: Path):
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as e:
                yield n, None, f"not JSON ({e.msg})"
                continue
            yield n, row, None if isinstance(row, dict) else "not a JSON object"


def _csv_rows(path: Path):
    with open(path, encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        for row in reader:
            if None in row:
                yield reader.line_num, None, "more cells than the header"
                continue
            yield reader.line_num, row, None


def _xlsx_rows(path: Path):
    import openpyxl

    try:
        ws = openpyxl.load_workbook(path, read_only=True).worksheets[0]
    except Exception as e:  # noqa: BLE001 - an unreadable workbook is one clear line
        raise DataError(f"{path}: not a readable xlsx workbook ({type(e).__name__})") from None
    rows = ws.iter_rows(values_only=True)
    head = [str(c or "").strip().lower() for c in next(rows, ())]
    for n, cells in enumerate(rows, 2):
        if not any(c not in (None, "") for c in cells):
            continue
        yield n, {h: (str(c) if c is not None else None) for h, c in zip(head, cells) if h}, None


def _format(first: dict | None, path: Path) -> str:
    if first is None:
        return "project"
    if "prompt" in first and "content" in first:
        return "nl2gql"
    if "question" in first and "cypher" in first:
        return "text2cypher" if "schema" in first and "candidate" not in first and path.suffix == ".csv" \
            else "project"
    raise DataError(f"{path}: unknown format: expected question/cypher (project, Text2Cypher) or "
                    f"prompt/content (NL2GQL) fields, found {', '.join(sorted(first)) or 'none'}")


def read_training_data(paths: list[str | Path]) -> ReadReport:
    report = ReadReport()
    for p in paths:
        path = Path(p)
        if not path.is_file():
            raise DataError(f"{path}: no such file")
        suffix = path.suffix.lower()
        try:
            if suffix in (".jsonl", ".json"):
                rows = list(_jsonl_rows(path))
            elif suffix == ".csv":
                rows = list(_csv_rows(path))
            elif suffix == ".xlsx":
                rows = list(_xlsx_rows(path))
            else:
                raise DataError(f"{path}: unsupported file type {suffix or '(none)'}: .jsonl, .csv or .xlsx")
        except UnicodeDecodeError:
            raise DataError(f"{path}: not UTF-8 text") from None
        except csv.Error as e:
            raise DataError(f"{path}: malformed CSV ({e})") from None
        fmt = _format(next((r for _, r, err in rows if r is not None), None), path)
        report.formats[str(path)] = fmt
        for n, row, err in rows:
            where = f"{path}:{n}"
            if err:
                report.skipped.append(f"{where}: {err}")
                continue
            try:
                report.examples.append(_example(row, where, fmt))
            except ValueError as e:
                report.skipped.append(f"{where}: {e}")
    if not report.examples:
        detail = f"; first problem: {report.skipped[0]}" if report.skipped else ""
        raise DataError(f"no usable training examples in {', '.join(map(str, paths))}{detail}")
    return report
