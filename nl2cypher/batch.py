"""Batch translation files (the batch contract of DESIGN.md).

Input: .txt (one question a line), .csv / .xlsx (a column named question,
query or 问题, else the first column), .jsonl ({"question": ...}).
Output by the extension of --out: .jsonl, .csv or .xlsx; one record per input
question, in input order. Records are appended to a .jsonl as they are made
(for .csv/.xlsx to a hidden progress file beside it), so --resume can skip
what an interrupted run already did."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .errors import BatchFileError
from .lang import question_headers

QUESTION_COLUMNS = ("question", "query", *question_headers())  # and each language pack's word for it
RECORD_FIELDS = ("id", "question", "cypher", "params", "columns", "rows", "error", "elapsed_ms",
                 "confidence", "unexplained", "interpretation",  # the contract's eight, then what issue 12 added
                 "conversation", "turn", "resolved_question")  # conversation files (issue 13)
_JSON_CELLS = ("params", "columns", "rows", "unexplained")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # OWASP: what a spreadsheet may run as a formula


def _lines(text: str) -> list[str]:
    """Lines end at \n (or \r\n) only: U+2028, U+0085 or a form feed inside a
    question is part of it, so record ids stay line numbers."""
    return [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]


def _atomic_write(path: Path, write: Callable[[Path], None]) -> None:
    """Write beside `path` and rename over it: a kill leaves the old file or the
    new one, never half of either."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _record_line(rec: dict) -> str:
    """One JSON line that can always be written: a lone surrogate (from a broken
    input) becomes U+FFFD, and the record says so."""
    line = json.dumps(rec, ensure_ascii=False)
    try:
        line.encode("utf-8")
        return line
    except UnicodeEncodeError:
        clean = _replace_surrogates(rec)
        clean["warnings"] = [*clean.get("warnings", []), "unencodable characters replaced with U+FFFD"]
        return json.dumps(clean, ensure_ascii=False)


def _replace_surrogates(v: Any) -> Any:
    if isinstance(v, str):
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in v)
    if isinstance(v, (list, tuple)):
        return [_replace_surrogates(x) for x in v]
    if isinstance(v, dict):
        return {_replace_surrogates(k): _replace_surrogates(x) for k, x in v.items()}
    return v


def read_conversations(path: str | Path) -> list[str | None] | None:
    """For a .jsonl of `{"conversation": id, "question": …}` lines: each line's
    conversation id (turns in file order), or None when no line has one."""
    path = Path(path)
    if path.suffix.lower() != ".jsonl":
        return None
    ids: list[str | None] = []
    for line in _lines(path.read_text(encoding="utf-8-sig")):
        if line.strip():
            rec = json.loads(line)
            conv = rec.get("conversation") if isinstance(rec, dict) else None
            ids.append(None if conv is None else str(conv))
    return ids if any(c is not None for c in ids) else None


def read_questions(path: str | Path) -> list[str]:
    path = Path(path)
    if not path.is_file():
        raise BatchFileError(f"{path}: no such file")
    ext = path.suffix.lower()
    try:
        if ext == ".txt":
            return [line.strip() for line in _lines(path.read_text(encoding="utf-8-sig")) if line.strip()]
        if ext == ".jsonl":
            out = []
            for n, line in enumerate(_lines(path.read_text(encoding="utf-8-sig")), 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as e:
                    raise BatchFileError(f"{path}:{n}: not JSON ({e.msg})") from None
                q = rec.get("question") if isinstance(rec, dict) else None
                if not isinstance(q, str):
                    raise BatchFileError(f'{path}:{n}: expected {{"question": "..."}}')
                out.append(q)
            return out
        if ext == ".csv":
            with open(path, newline="", encoding="utf-8-sig") as fh:
                rows = list(csv.reader(fh, strict=True))
            return _column(path, rows)
        if ext == ".xlsx":
            import openpyxl

            try:
                values = openpyxl.load_workbook(path, read_only=True, data_only=True).worksheets[0]
                formulas = openpyxl.load_workbook(path, read_only=True).worksheets[0]
            except Exception as e:
                raise BatchFileError(f"{path}: not a readable .xlsx file ({type(e).__name__})") from None
            rows = []
            for n, (vals, forms) in enumerate(zip(values.iter_rows(values_only=True),
                                                  formulas.iter_rows(values_only=True)), 1):
                for v, f in zip(vals, forms):
                    if v is None and isinstance(f, str) and f.startswith("="):
                        raise BatchFileError(f"{path}:{n}: a formula cell with no saved value ({f[:40]}); "
                                             "save the file in a spreadsheet program or paste it as values")
                rows.append(["" if c is None else str(c) for c in vals])
            return _column(path, rows)
    except UnicodeDecodeError:
        raise BatchFileError(f"{path}: not UTF-8 text") from None
    except csv.Error as e:
        raise BatchFileError(f"{path}: malformed CSV ({e})") from None
    raise BatchFileError(f"{path}: unsupported input type {ext or '(none)'}; use .txt, .csv, .xlsx or .jsonl")


def _column(path: Path, rows: list[list[str]]) -> list[str]:
    rows = [r for r in rows if any(str(c).strip() for c in r)]
    if not rows:
        return []
    header = [str(c).strip().lower() for c in rows[0]]
    col = next((header.index(c) for c in QUESTION_COLUMNS if c in header), None)
    body = rows[1:] if col is not None else rows
    col = col or 0
    return [str(r[col]).strip() if col < len(r) else "" for r in body]


def _progress_file(out: Path) -> Path:
    return out if out.suffix.lower() == ".jsonl" else out.with_name(f".{out.name}.progress.jsonl")


def done_records(out: Path) -> dict[int, dict]:
    """Records an earlier run already wrote (for --resume)."""
    found: dict[int, dict] = {}
    sources = [_progress_file(out)]
    if out.suffix.lower() != ".jsonl" and out.is_file():
        sources.insert(0, out)
    for src in sources:
        if not src.is_file():
            continue
        for rec in _read_records(src):
            if isinstance(rec.get("id"), int):
                found[rec["id"]] = rec
    return found


def _read_records(path: Path) -> Iterable[dict]:
    ext = path.suffix.lower()
    if ext == ".jsonl":
        for line in _lines(path.read_text(encoding="utf-8", errors="replace")):
            if not line.strip():
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by an interruption is done again
    elif ext == ".csv":
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                yield _from_flat(row)
    elif ext == ".xlsx":
        import openpyxl

        ws = openpyxl.load_workbook(path, read_only=True).worksheets[0]
        rows = list(ws.iter_rows(values_only=True))
        for r in rows[1:]:
            yield _from_flat(dict(zip(rows[0], r)))


def _from_flat(row: dict) -> dict:
    rec = dict(row)
    for k in _JSON_CELLS:
        if isinstance(rec.get(k), str):
            try:
                rec[k] = json.loads(rec[k])
            except json.JSONDecodeError:
                pass
    for k, v in rec.items():
        if isinstance(v, str) and v[:1] == "'" and v[1:2] in FORMULA_STARTS:
            rec[k] = v[1:]  # written neutralised (see _safe_cell)
    for k in ("cypher", "error", "interpretation", "confidence"):
        if rec.get(k) == "":
            rec[k] = None  # CSV writes a null as an empty cell
    try:
        rec["id"] = int(rec["id"])
        rec["elapsed_ms"] = float(rec.get("elapsed_ms") or 0.0)
        if rec.get("confidence") is not None:
            rec["confidence"] = float(rec["confidence"])
    except (KeyError, TypeError, ValueError):
        pass
    return rec


def _cell_text(v: Any) -> Any:
    """xlsx cells refuse control characters; drop them."""
    if isinstance(v, str):
        return "".join(c for c in v if c in "\t\n" or ord(c) >= 32)
    return v


def _safe_cell(v: Any) -> Any:
    """A text cell a spreadsheet would run as a formula (=cmd|…, +, -, @) gets a
    leading apostrophe, the OWASP rule; reading it back removes it."""
    if isinstance(v, str) and v[:1] in FORMULA_STARTS:
        return "'" + v
    return v


def _flat(rec: dict) -> list[Any]:
    out = []
    for k in RECORD_FIELDS:
        v = rec.get(k)
        out.append(_safe_cell(json.dumps(v, ensure_ascii=False) if k in _JSON_CELLS else v))
    return out


# what a store that could not be reached leaves (a graph server stopped mid-batch):
# --resume asks these again rather than keeping them
ASKED_AGAIN = ("StoreError",)


def run_batch(questions: list[str], out: str | Path, answer: Callable[[str], dict], resume: bool = False,
              progress: Callable[[int], None] | None = None,
              kept: Callable[[str], None] | None = None) -> tuple[int, int, int]:
    """Answer every question, writing records in input order. Returns
    (answered now, skipped as already done, failed). `kept` sees each question
    already answered by an earlier run, in order (a conversation replays it)."""
    out = Path(out)
    ext = out.suffix.lower()
    if ext not in (".jsonl", ".csv", ".xlsx"):
        raise BatchFileError(f"{out}: unsupported output type {ext or '(none)'}; use .jsonl, .csv or .xlsx")
    out.parent.mkdir(parents=True, exist_ok=True)
    done = done_records(out) if resume else {}
    prog = _progress_file(out)
    if not resume and prog.exists():
        prog.unlink()
    if resume and ext == ".jsonl" and done:
        # what was kept, in order and without a torn last line — written beside the
        # file and renamed over it, so a kill here loses nothing
        _atomic_write(prog, lambda p: p.write_text("".join(_record_line(done[i]) + "\n" for i in sorted(done)),
                                                   encoding="utf-8"))
    answered = failed = 0
    with open(prog, "a", encoding="utf-8") as fh:
        for i, q in enumerate(questions, 1):
            if i in done and done[i].get("question") == q and done[i].get("error_type") not in ASKED_AGAIN:
                if kept:
                    kept(q)
                if progress:
                    progress(1)
                continue
            rec = {"id": i, **answer(q)}
            done[i] = rec
            answered += 1
            failed += rec.get("error") is not None
            fh.write(_record_line(rec) + "\n")
            fh.flush()
            if progress:
                progress(1)
    records = [done[i] for i in sorted(done) if i <= len(questions)]
    if ext == ".jsonl":
        if sorted(done) != list(range(1, len(records) + 1)) or resume:
            _atomic_write(out, lambda p: p.write_text("".join(_record_line(r) + "\n" for r in records),
                                                      encoding="utf-8"))
    elif ext == ".csv":
        def write_csv(p: Path) -> None:
            with open(p, "w", newline="", encoding="utf-8", errors="replace") as fh:
                w = csv.writer(fh)
                w.writerow(RECORD_FIELDS)
                w.writerows(_flat(r) for r in records)

        _atomic_write(out, write_csv)
        prog.unlink()
    else:
        import openpyxl

        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "answers"
        ws.append(list(RECORD_FIELDS))
        for r in records:
            ws.append([_cell_text(v) for v in _flat(r)])
        _atomic_write(out, lambda p: wb.save(p))
        prog.unlink()
    return answered, len(questions) - answered, failed


def conversation_answers(engine, convs: list[str | None]):
    """Answer functions for a conversation file: one session per id; a turn kept
    from an earlier run (--resume) is asked again, unrecorded, so the turns after
    it lean on the same history."""
    sessions: dict = {}
    at = iter(convs)

    def turn(q: str):
        conv = next(at)
        return engine.ask(q) if conv is None else sessions.setdefault(conv, engine.session(conv)).ask(q)

    return (lambda q: turn(q).record()), turn
