"""`nl2cypher ask` and `nl2cypher batch`: answering questions."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape
from rich.table import Table

from ..errors import QuestionFailed
from ..store import Result
from .common import (
    CountBar,
    DbOption,
    NoReviseOption,
    MaxRowsOption,
    ReviseOption,
    StoreOption,
    StrictOption,
    TodayOption,
    TrustOption,
    err,
    open_engine,
    out,
    print_result,
)


def ask(question: str = typer.Argument(..., help="A question in the KG's language, e.g. 贵州茅台昨天的收盘价是多少 "
                                                    "or What was Apple's revenue in 2023?"),
        db: Optional[Path] = DbOption, today: Optional[str] = TodayOption,
        as_json: bool = typer.Option(False, "--json", help="Print the batch-contract record."),
        explain: bool = typer.Option(False, "--explain", help="Show mentions, units, candidates and timings."),
        no_revise: bool = NoReviseOption, revise: Optional[str] = ReviseOption,
        no_rank: bool = typer.Option(False, "--no-rank", help="Take the first candidate instead of ranking."),
        max_rows: int = MaxRowsOption, strict: bool = StrictOption, trust: float = TrustOption,
        store: Optional[str] = StoreOption):
    """Answer a question: what it was understood as, the result table and the Cypher that ran."""
    engine = open_engine(db, today, no_rank, revise, no_revise, max_rows, strict, trust, encoder_backend="numpy",
                         store=store)
    ans = engine.ask(question)
    synthetic = getattr(engine.store, "meta", {}).get("source") == "demo"
    if as_json:
        print(json.dumps(ans.record(1), ensure_ascii=False))
        if ans.error:
            sys.exit(1)
        return
    if explain:
        _print_trace(ans)
    if ans.error:
        raise QuestionFailed(ans.error)
    out.print(f"[bold]{escape(ans.question)}[/]")
    _print_answer(ans, engine.trust, cypher=True, lang=engine.lang)
    if synthetic:
        out.print("[dim yellow]demo KG: synthetic data[/]")


def _print_trace(ans) -> None:
    tr = ans.trace
    if tr.resolution:
        err.print(f"follow-up ({tr.resolution['kind']}): {tr.resolution['asked']} → {tr.resolution['resolved']}",
                  markup=False, highlight=False)
    t = Table(title="mentions", header_style="bold")
    for c in ("kind", "text", "means"):
        t.add_column(c)
    for m in tr.mentions:
        means = ", ".join(r.label + ":" + r.name for r in m.entities) or ", ".join(m.targets)
        if m.number:
            means = f"{m.number.value:g}{m.number.unit}"
        if m.time:
            means = f"{m.time.start} … {m.time.end}" if m.time.start != m.time.end else str(m.time.start)
        t.add_row(m.kind, m.text, means + (f"  ({m.note})" if m.note else ""))
    err.print(t)
    err.print(f"tagged: {tr.tagged}", highlight=False, markup=False)
    err.print("units: " + ", ".join(f"{u.kind}(row {u.row})" for u in tr.units), highlight=False)
    und = tr.understanding
    if und is not None:
        margin = "—" if und.margin is None else f"{und.margin:.4f}"
        err.print(f"understood: {und.explained:.0%} of the words; unexplained: {'、'.join(und.unexplained) or '—'}; "
                  f"unused: {'、'.join(und.ignored) or '—'}; ranking margin {margin}; confidence {und.confidence:.2f}",
                  markup=False, highlight=False)
    for c in tr.candidates:
        err.print(f"  {c['score']:+.4f}  {c['cypher']}  {json.dumps(c['params'], ensure_ascii=False)}", markup=False,
                  highlight=False)
        err.print(f"          {c['description']}  {' '.join(c['choices'])}", markup=False, highlight=False)
    if tr.revision:
        rv = tr.revision
        accepted = ("changed the query" if rv.get("changed") else "kept the query") if rv.get("accepted") else None
        state = accepted or (f"refused: {rv['refused']}" if rv.get("refused") else f"skipped: {rv.get('skipped')}")
        err.print(f"revision ({rv.get('why')}): {state}", markup=False, highlight=False)
        if rv.get("output"):
            err.print(f"  model said: {rv['output'].strip()[:300]}", markup=False, highlight=False)
    err.print("timings: " + ", ".join(f"{k} {v:.1f} ms" for k, v in tr.timings_ms.items()), highlight=False)




def batch(file: Path = typer.Argument(..., help="Questions: .txt, .csv, .xlsx or .jsonl"),
          out_file: Path = typer.Option(..., "--out", help="Answers: .jsonl, .csv or .xlsx (by extension)."),
          db: Optional[Path] = DbOption, today: Optional[str] = TodayOption, no_revise: bool = NoReviseOption,
          revise: Optional[str] = ReviseOption,
          resume: bool = typer.Option(False, "--resume", help="Skip questions already answered in --out."),
          no_rank: bool = typer.Option(False, "--no-rank"), max_rows: int = MaxRowsOption,
          strict: bool = StrictOption, trust: float = TrustOption, store: Optional[str] = StoreOption):
    """Translate and answer a file of questions; one record per question, in order.
    A .jsonl whose lines carry a `conversation` id is answered as conversations:
    each id is one session, its turns in file order (records add `conversation`,
    `turn` and `resolved_question`)."""
    from ..batch import conversation_answers, read_conversations, read_questions, run_batch

    questions = read_questions(file)
    if not questions:
        raise QuestionFailed(f"{file}: no questions found")
    engine = open_engine(db, today, no_rank, revise, no_revise, max_rows, strict, trust, store=store)
    convs = read_conversations(file)
    answer, kept = (lambda q: engine.ask(q).record()), None
    if convs is not None:
        answer, kept = conversation_answers(engine, convs)
    with CountBar("answering", len(questions)) as bar:
        answered, skipped, failed = run_batch(questions, out_file, answer, resume=resume, progress=bar.advance,
                                              kept=kept)
    out.print(f"[green]wrote[/] {len(questions)} records to {out_file}: {answered} answered now"
              + (f", {skipped} kept from before" if skipped else "") + (f", [red]{failed} failed[/]" if failed else ""))


def chat(db: Optional[Path] = DbOption, today: Optional[str] = TodayOption, no_revise: bool = NoReviseOption,
         revise: Optional[str] = ReviseOption, max_rows: int = MaxRowsOption, strict: bool = StrictOption,
         trust: float = TrustOption, store: Optional[str] = StoreOption):
    """Ask questions in a row; a follow-up (那昨天呢, 五粮液呢, 它属于哪个板块) leans on the
    ones before. :reset starts afresh, :explain shows the last trace, :cypher the
    last query, Ctrl-D (or :quit) ends."""
    try:
        import readline  # noqa: F401 - line editing and history for input()
    except ImportError:
        pass
    engine = open_engine(db, today, False, revise, no_revise, max_rows, strict, trust, encoder_backend="numpy",
                         store=store)
    session = engine.session()
    last = None
    err.print("[dim]nl2cypher chat — :reset :explain :cypher :quit (Ctrl-D)[/]")
    while True:
        try:
            line = input(engine.lang.say("cli.prompt")).strip()
        except EOFError:
            break
        if not line:
            continue
        if line in (":quit", ":q", ":exit"):
            break
        if line == ":reset":
            session.reset()
            out.print("[dim]context cleared[/]")
            continue
        if line in (":explain", ":cypher"):
            if last is None:
                out.print("[dim]nothing asked yet[/]")
            elif line == ":explain":
                _print_trace(last)
            else:
                out.print(f"[cyan]{escape(last.cypher or '(computed from earlier answers)')}[/]  "
                          f"[dim]{escape(json.dumps(last.params, ensure_ascii=False))}[/]", highlight=False)
            continue
        last = session.ask(line)
        _print_turn(last, engine.trust, engine.lang)


def _print_turn(ans, trust: float, lang) -> None:
    if ans.resolved_question and ans.resolved_question != ans.question:
        out.print(f"[dim]= {escape(ans.resolved_question)}[/]", highlight=False)
    if ans.error:
        out.print(f"[red]{escape(ans.error)}[/]", highlight=False)
        return
    _print_answer(ans, trust, cypher=False, lang=lang)


def _print_answer(ans, trust: float, cypher: bool, lang) -> None:
    """What it was understood as (and how sure), the table, the query if asked for, the notes."""
    if ans.interpretation:
        sure = ans.confidence is not None and ans.confidence >= trust
        conf = "" if ans.confidence is None else f"  [dim]confidence {ans.confidence:.2f}[/]"
        out.print(f"[{'green' if sure else 'yellow'}]→ {escape(ans.interpretation)}[/]{conf}", highlight=False)
    print_result(Result(ans.columns, ans.rows, ans.trace.timings_ms.get("execution", 0.0)))
    if cypher:
        out.print(f"[cyan]{escape(ans.cypher or '')}[/]  [dim]{escape(json.dumps(ans.params, ensure_ascii=False))}[/]",
                  highlight=False)
    for note in ans.notes:
        out.print(f"[yellow]{escape(lang.say('cli.note', note=note))}[/]")
