"""The `nl2cypher` command line: a thin layer over the library."""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

import typer
from typer.core import TyperGroup
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn
from rich.table import Table

from . import __version__
from .errors import Nl2CypherError, QuestionFailed, StoreError
from .resources import default_db_path, is_default_db
from .schema import Schema, default_schema
from .store import GraphStore, LadybugStore, Result, load_kg, refresh_kg
from .store.demo import SYNTHETIC_NOTE, DEFAULT_SEED, next_day_dir, write_demo

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Chinese finance questions to Cypher over a knowledge graph.")
kg_app = typer.Typer(no_args_is_help=True, help="Load, refresh and inspect the knowledge graph.")
app.add_typer(kg_app, name="kg")

out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)

DbOption = typer.Option(None, "--db", help="Embedded KG file (default: $NL2CYPHER_DB or the per-user store).")


# ---- helpers -----------------------------------------------------------------


class _Progress:
    """Rows-processed progress for loads (totals are unknown until files are read)."""

    def __init__(self, what: str):
        self.bar = Progress(SpinnerColumn(), TextColumn("[bold]{task.description}"), BarColumn(bar_width=None),
                            TextColumn("{task.completed:,} rows"), TimeElapsedColumn(), console=err,
                            transient=True, disable=not err.is_terminal)
        self.task = self.bar.add_task(what, total=None)

    def __call__(self, what: str, n: int) -> None:
        self.bar.update(self.task, advance=n, description=what)

    def __enter__(self):
        self.bar.__enter__()
        return self

    def __exit__(self, *exc):
        self.bar.__exit__(*exc)


class _CountBar:
    """k of n done: a bar on a terminal, a line every 5 % in a log file (batch and
    evaluation jobs run for minutes to hours under nohup)."""

    def __init__(self, what: str, total: int):
        self.what, self.total, self.done, self.started = what, total, 0, time.perf_counter()
        self.bar = Progress(SpinnerColumn(), TextColumn(f"[bold]{escape(what)}"), BarColumn(bar_width=None),
                            TextColumn("{task.completed}/{task.total}"), TimeElapsedColumn(), console=err,
                            disable=not err.is_terminal)
        self.task = self.bar.add_task(what, total=total)

    def update(self, done: int) -> None:
        step = max(1, self.total // 20)
        if not err.is_terminal and (done // step > self.done // step or done == self.total > self.done):
            err.print(f"{self.what}: {done}/{self.total} ({time.perf_counter() - self.started:.0f} s)",
                      markup=False, highlight=False)
        self.done = done
        self.bar.update(self.task, completed=done)

    def advance(self, n: int = 1) -> None:
        self.update(self.done + n)

    def __enter__(self):
        self.bar.__enter__()
        return self

    def __exit__(self, *exc):
        self.bar.__exit__(*exc)


def _db_path(db: Optional[Path]) -> Path:
    return Path(db) if db else default_db_path()


def ensure_default_kg(path: Path) -> None:
    """First use of the per-user store builds the demo KG there, saying so."""
    if path.exists() or not is_default_db(path):
        return
    err.print(f"[yellow]No KG yet: building the demo finance KG at {path} (synthetic data, first use)…[/]")
    _build_demo(path, dt.date.today(), DEFAULT_SEED, None)


def _build_demo(db: Path, end: dt.date, seed: int, keep: Optional[Path]):
    with tempfile.TemporaryDirectory(prefix="nl2cypher-demo-") as tmp:
        src = keep or Path(tmp) / "demo"
        with _Progress("generating demo KG"):
            write_demo(src, end, seed)
        with _Progress("loading") as p:
            return load_kg(src, db, default_schema(), source="demo", progress=p)


def open_store(db: Optional[Path] = None, store: str = "ladybug", neo4j_uri: Optional[str] = None,
               neo4j_user: Optional[str] = None, neo4j_password: Optional[str] = None,
               neo4j_database: Optional[str] = None) -> GraphStore:
    if store == "neo4j":
        from .store.neo4j import Neo4jStore

        return Neo4jStore(neo4j_uri, neo4j_user, neo4j_password, neo4j_database)
    if store != "ladybug":
        raise StoreError(f"unknown store {store!r}: use ladybug or neo4j")
    path = _db_path(db)
    ensure_default_kg(path)
    return LadybugStore(path)


def _cell(v: Any) -> str:
    if v is None:
        return "∅"
    if isinstance(v, (dict, list)):
        return json.dumps(v, ensure_ascii=False)
    return str(v)


def print_result(res: Result, limit: int = 50) -> None:
    table = Table(show_header=True, header_style="bold cyan")
    for c in res.columns:
        table.add_column(c, overflow="fold")
    for row in res.rows[:limit]:
        table.add_row(*(_cell(v) for v in row))
    out.print(table)
    more = f" (showing {limit})" if len(res.rows) > limit else ""
    out.print(f"[dim]{len(res.rows)} row(s){more}, {res.elapsed_ms:.1f} ms[/]")


def _parse_params(items: list[str]) -> dict[str, Any]:
    params = {}
    for item in items:
        if "=" not in item:
            raise typer.BadParameter(f"{item!r}: expected name=value")
        k, v = item.split("=", 1)
        try:
            params[k] = json.loads(v)
        except json.JSONDecodeError:
            params[k] = v
    return params


def _date(value: Optional[str], what: str) -> dt.date:
    if not value:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not a date YYYY-MM-DD", param_hint=what) from None


# ---- kg ----------------------------------------------------------------------


@kg_app.command("load")
def kg_load(src: Path = typer.Argument(..., help="KG directory: nodes/<label>.csv, edges/<type>.csv, aliases.csv"),
            db: Optional[Path] = DbOption,
            schema: Optional[Path] = typer.Option(None, help="Schema YAML (default: the finance schema).")):
    """Replace the embedded KG with a KG directory (validated first; the old KG stays on any error)."""
    path = _db_path(db)
    sch = Schema.load(schema) if schema else default_schema()
    with _Progress("validating") as p:
        rep = load_kg(src, path, sch, progress=p)
    out.print(f"[green]loaded[/] {rep.nodes:,} nodes, {rep.edges:,} edges, {rep.aliases:,} aliases into {path} "
              f"in {rep.seconds:.1f} s ({rep.per_second:,.0f} items/s)")


@kg_app.command("demo")
def kg_demo(out_dir: Optional[Path] = typer.Option(None, "--out", help="Also write the KG directory here."),
            end_date: Optional[str] = typer.Option(None, "--end-date", help="Last trading day (default: today)."),
            seed: int = typer.Option(DEFAULT_SEED, help="Random seed; the same seed and end date give the same KG."),
            db: Optional[Path] = DbOption,
            no_load: bool = typer.Option(False, "--no-load", help="Only write --out; do not load it."),
            refresh: bool = typer.Option(False, "--refresh", help="Add the next trading day to the loaded demo KG.")):
    """Build the synthetic demo finance KG and load it (or add its next trading day)."""
    path = _db_path(db)
    if refresh:
        with tempfile.TemporaryDirectory(prefix="nl2cypher-next-") as tmp:
            target = out_dir or Path(tmp) / "next"
            with LadybugStore(path) as store:
                day, counts = next_day_dir(store, target, seed)
            if no_load:
                out.print(f"wrote {day} to {target}; apply it with `nl2cypher kg refresh {target}`")
                return
            rep = refresh_kg(target, path)
        out.print(f"[green]refreshed[/] {path}: added trading day {day} "
                  f"({counts.get('stock_data', 0)} stock_data, {counts.get('trade_data', 0)} trade_data rows)")
        return
    end = _date(end_date, "--end-date")
    if no_load:
        if not out_dir:
            raise typer.BadParameter("--no-load needs --out DIR")
        counts = write_demo(out_dir, end, seed)
        out.print(f"wrote the demo KG ({sum(counts.values()):,} rows) to {out_dir}")
        return
    rep = _build_demo(path, end, seed, out_dir)
    out.print(f"[green]loaded the demo KG[/] ({rep.nodes:,} nodes, {rep.edges:,} edges, up to {end}) into {path}"
              + (f"; directory kept at {out_dir}" if out_dir else ""))
    out.print(f"[yellow]{SYNTHETIC_NOTE}[/]")


@kg_app.command("refresh")
def kg_refresh(src: Path = typer.Argument(..., help="Directory with dynamic labels only (stock_data, trade_data, their edges)."),
               db: Optional[Path] = DbOption):
    """Replace or append daily data; the static part of the KG is kept."""
    path = _db_path(db)
    with _Progress("validating") as p:
        rep = refresh_kg(src, path, progress=p)
    out.print(f"[green]refreshed[/] {path}: {rep.nodes:,} nodes ({rep.replaced:,} replaced), {rep.edges:,} edges "
              f"in {rep.seconds:.1f} s")


@kg_app.command("stats")
def kg_stats(db: Optional[Path] = DbOption, as_json: bool = typer.Option(False, "--json"),
             store: str = typer.Option("ladybug", help="ladybug or neo4j")):
    """Counts per label and edge type, and the date span of daily data."""
    with open_store(db, store) as s:
        info = s.info()
    if as_json:
        print(json.dumps({"backend": info.backend, "location": info.location, "nodes": info.node_counts,
                          "edges": info.edge_counts, "synthetic": info.synthetic,
                          "date_spans": {k: {"first": v[0], "last": v[1], "days": v[2]}
                                         for k, v in info.date_spans.items()}}, ensure_ascii=False))
        return
    t = Table(title=f"KG {info.location}", show_header=True, header_style="bold cyan")
    t.add_column("kind")
    t.add_column("name")
    t.add_column("count", justify="right")
    t.add_column("dates")
    for lab, n in info.node_counts.items():
        span = info.date_spans.get(lab)
        t.add_row("node", lab, f"{n:,}", f"{span[0]} … {span[1]} ({span[2]} days)" if span and span[0] else "")
    for e, n in info.edge_counts.items():
        t.add_row("edge", e, f"{n:,}", "")
    out.print(t)
    out.print(f"{sum(info.node_counts.values()):,} nodes, {sum(info.edge_counts.values()):,} edges")
    if info.synthetic:
        out.print(f"[yellow]{SYNTHETIC_NOTE}[/]")


@kg_app.command("schema")
def kg_schema(db: Optional[Path] = DbOption,
              schema: Optional[Path] = typer.Option(None, help="Show this schema file instead of the loaded KG's.")):
    """Print the KG schema in the compact form prompts use."""
    if schema:
        sch = Schema.load(schema)
    else:
        path = _db_path(db)
        if path.exists() or is_default_db(path):
            with open_store(db) as s:
                sch = s.schema
        else:
            sch = default_schema()
    out.print(sch.render(), markup=False, highlight=False)


# ---- cypher ------------------------------------------------------------------


@app.command("cypher")
def cypher(query: str = typer.Argument(..., help="A read-only Cypher query."),
           param: list[str] = typer.Option([], "--param", "-p", help="Query parameter name=value (JSON or text)."),
           db: Optional[Path] = DbOption,
           as_json: bool = typer.Option(False, "--json", help="Print {columns, rows} as JSON."),
           store: str = typer.Option("ladybug", help="ladybug or neo4j"),
           neo4j_uri: Optional[str] = typer.Option(None, envvar="NEO4J_URI"),
           neo4j_user: Optional[str] = typer.Option(None, envvar="NEO4J_USERNAME"),
           neo4j_password: Optional[str] = typer.Option(None, envvar="NEO4J_PASSWORD"),
           neo4j_database: Optional[str] = typer.Option(None, envvar="NEO4J_DATABASE")):
    """Run a read-only Cypher query and print the result (like cypher-shell)."""
    params = _parse_params(param)
    with open_store(db, store, neo4j_uri, neo4j_user, neo4j_password, neo4j_database) as s:
        res = s.run(query, params)
        synthetic = getattr(s, "meta", {}).get("source") == "demo"
    if as_json:
        print(json.dumps({"columns": res.columns, "rows": res.rows, "elapsed_ms": round(res.elapsed_ms, 2)},
                         ensure_ascii=False))
        return
    print_result(res)
    if synthetic:
        out.print("[dim yellow]demo KG: synthetic data[/]")


def _engine(db: Optional[Path], today: Optional[str], no_rank: bool = False, revise: Optional[str] = None,
            no_revise: bool = False):
    from .engine import Engine

    store = open_store(db)
    return Engine(store, _date(today, "--today") if today else None, rank=not no_rank,
                  revise="never" if no_revise else revise)


TodayOption = typer.Option(None, "--today", envvar="NL2CYPHER_TODAY",
                           help="Reference date for 今天/昨天/近5日… (default: today).")
NoReviseOption = typer.Option(False, "--no-revise", help="Skip LLM revision (the heuristic query stands).")
ReviseOption = typer.Option(None, "--revise", envvar="NL2CYPHER_REVISE",
                            help="LLM revision: never, auto (default: when the heuristic is unsure) or always.")


@app.command("ask")
def ask(question: str = typer.Argument(..., help="A question, e.g. 贵州茅台昨天的收盘价是多少"),
        db: Optional[Path] = DbOption, today: Optional[str] = TodayOption,
        as_json: bool = typer.Option(False, "--json", help="Print the batch-contract record."),
        explain: bool = typer.Option(False, "--explain", help="Show mentions, units, candidates and timings."),
        no_revise: bool = NoReviseOption, revise: Optional[str] = ReviseOption,
        no_rank: bool = typer.Option(False, "--no-rank", help="Take the first candidate instead of ranking.")):
    """Answer a question: the Cypher that ran and the result table."""
    engine = _engine(db, today, no_rank, revise, no_revise)
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
    print_result(Result(ans.columns, ans.rows, ans.trace.timings_ms.get("execution", 0.0)))
    out.print(f"[cyan]{escape(ans.cypher or '')}[/]  [dim]{escape(json.dumps(ans.params, ensure_ascii=False))}[/]",
              highlight=False)
    for note in ans.notes:
        out.print(f"[yellow]注：{escape(note)}[/]")
    if synthetic:
        out.print("[dim yellow]demo KG: synthetic data[/]")


def _print_trace(ans) -> None:
    tr = ans.trace
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
    for c in tr.candidates:
        err.print(f"  {c['score']:+.4f}  {c['cypher']}  {json.dumps(c['params'], ensure_ascii=False)}", markup=False,
                  highlight=False)
        err.print(f"          {c['description']}  {' '.join(c['choices'])}", markup=False, highlight=False)
    if tr.revision:
        rv = tr.revision
        state = "accepted" if rv.get("accepted") else f"refused: {rv['refused']}" if rv.get("refused") else \
            f"skipped: {rv.get('skipped')}"
        err.print(f"revision ({rv.get('why')}): {state}", markup=False, highlight=False)
        if rv.get("output"):
            err.print(f"  model said: {rv['output'].strip()[:300]}", markup=False, highlight=False)
    err.print("timings: " + ", ".join(f"{k} {v:.1f} ms" for k, v in tr.timings_ms.items()), highlight=False)




@app.command("batch")
def batch(file: Path = typer.Argument(..., help="Questions: .txt, .csv, .xlsx or .jsonl"),
          out_file: Path = typer.Option(..., "--out", help="Answers: .jsonl, .csv or .xlsx (by extension)."),
          db: Optional[Path] = DbOption, today: Optional[str] = TodayOption, no_revise: bool = NoReviseOption,
          revise: Optional[str] = ReviseOption,
          resume: bool = typer.Option(False, "--resume", help="Skip questions already answered in --out."),
          no_rank: bool = typer.Option(False, "--no-rank")):
    """Translate and answer a file of questions; one record per question, in order."""
    from .batch import read_questions, run_batch

    questions = read_questions(file)
    if not questions:
        raise QuestionFailed(f"{file}: no questions found")
    engine = _engine(db, today, no_rank, revise, no_revise)
    with _CountBar("answering", len(questions)) as bar:
        answered, skipped, failed = run_batch(questions, out_file, lambda q: engine.ask(q).record(),
                                              resume=resume, progress=bar.advance)
    out.print(f"[green]wrote[/] {len(questions)} records to {out_file}: {answered} answered now"
              + (f", {skipped} kept from before" if skipped else "") + (f", [red]{failed} failed[/]" if failed else ""))


class _DefaultRun(TyperGroup):
    """`nl2cypher eval QUESTIONS …` means `nl2cypher eval run QUESTIONS …`."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


eval_app = typer.Typer(cls=_DefaultRun, no_args_is_help=True, help=(
    "Accuracy tables (nl2cypher eval QUESTIONS) and generated question sets (nl2cypher eval generate)."))
app.add_typer(eval_app, name="eval")


@eval_app.command("generate")
def eval_generate(templates: Optional[Path] = typer.Option(None, "--templates", help=(
                      "Question templates with slots (YAML); default: the shipped eval/generate_templates.yaml.")),
                  n: int = typer.Option(500, "--n", help="How many questions."),
                  out_file: Path = typer.Option(..., "--out", help="Questions with gold Cypher and answers (.jsonl)."),
                  db: Optional[Path] = DbOption, today: Optional[str] = TodayOption,
                  seed: int = typer.Option(0, "--seed")):
    """Fill templates from the loaded KG; gold answers are computed by running the gold queries."""
    from .generate import generate_questions
    from .resources import data_path

    templates = templates or data_path("eval") / "generate_templates.yaml"
    store = open_store(db)
    day = _date(today, "--today") if today else None
    with _CountBar("generating", n) as bar:
        rows = generate_questions(store, templates, n, seed, day, progress=lambda k, t: bar.update(k))
    out_file.parent.mkdir(parents=True, exist_ok=True)
    with open(out_file, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    cats: dict[str, int] = {}
    for r in rows:
        cats[r["category"]] = cats.get(r["category"], 0) + 1
    out.print(f"wrote {len(rows)} questions (reference day {rows[0]['today']}) to {out_file}: "
              + ", ".join(f"{c} {k}" for c, k in cats.items()))


@eval_app.command("run")
def eval_cmd(questions: Path = typer.Argument(..., help=".jsonl with question, category, today and gold (Cypher) or answer (rows)"),
             db: Optional[Path] = DbOption, today: Optional[str] = TodayOption,
             ablation: list[str] = typer.Option(["full"], "--ablation", help="full, no-revise, no-rank, always-revise, "
                                                "no-fewshot, no-schema-slice, no-finetune (repeatable)"),
             out_dir: Optional[Path] = typer.Option(None, "--out", help="Write table.md, table.csv, report.xlsx here."),
             per_category: int = typer.Option(0, "--per-category", min=0, help=(
                 "Score a seeded sample of N questions per type (LLM revision costs seconds per question).")),
             seed: int = typer.Option(0, "--seed", help="Seed of the --per-category sample.")):
    """Execution accuracy by question type, for each ablation (the seed's table)."""
    from .engine import Engine
    from .evaluate import (ABLATIONS, ablation_table, category_row, evaluate, read_questions,
                           sample_per_category, write_reports)

    unknown = [a for a in ablation if a not in ABLATIONS]
    if unknown:
        raise typer.BadParameter(f"unknown ablation {unknown[0]!r}; known: {', '.join(ABLATIONS)}")
    try:
        qs = read_questions(questions)
    except (OSError, ValueError) as e:
        raise QuestionFailed(f"{questions}: cannot read questions ({e})") from None
    if per_category:
        qs = sample_per_category(qs, per_category, seed)
    if not qs:
        raise QuestionFailed(f"{questions}: no questions")
    if today:
        for q in qs:
            q["today"] = _date(today, "--today").isoformat()
    store = open_store(db)
    rows, reports = {}, {}
    for name in ablation:
        engine = Engine(store, **ABLATIONS[name])
        with _CountBar(name, len(qs)) as bar:
            reports[name] = evaluate(engine, qs, progress=lambda k, n: bar.update(k))
        rows[name] = category_row(reports[name])
    out.print(ablation_table(rows), markup=False, highlight=False)
    if out_dir:
        write_reports(out_dir, rows, reports)
        out.print(f"wrote {out_dir}/table.md, table.csv, report.xlsx")


# ---- finetune ------------------------------------------------------------------
ft_app = typer.Typer(invoke_without_command=True, help=(
    "Train a LoRA adapter for the reviser: nl2cypher finetune --data FILE [--data FILE…] --out DIR. "
    "Subcommands write the syntax corpus and evaluate an adapter."))
app.add_typer(ft_app, name="finetune")


def _step_bar(what: str) -> Progress:
    return Progress(SpinnerColumn(), TextColumn(f"[bold]{what}"), BarColumn(bar_width=None),
                    TextColumn("{task.completed}/{task.total}"), TextColumn("{task.fields[loss]}"),
                    TimeElapsedColumn(), console=err, disable=not err.is_terminal)


@ft_app.callback()
def finetune(ctx: typer.Context,
             data: list[Path] = typer.Option(None, "--data", help="Training file (.jsonl/.csv/.xlsx); repeatable."),
             out_dir: Optional[Path] = typer.Option(None, "--out", help="Output directory for the adapter."),
             base: str = typer.Option("packaged", "--base", help="'packaged' (Qwen2.5-Coder-0.5B) or a local model folder."),
             rank: int = typer.Option(8, "--rank"), alpha: int = typer.Option(16, "--alpha"),
             dropout: float = typer.Option(0.05, "--dropout"),
             target_modules: str = typer.Option(",".join(["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj",
                                                          "up_proj", "down_proj"]), "--target-modules"),
             top_layers: int = typer.Option(8, "--top-layers", help="Adapt only the top N layers (0: all)."),
             lr: float = typer.Option(2e-4, "--lr"), epochs: float = typer.Option(1.0, "--epochs"),
             max_steps: Optional[int] = typer.Option(None, "--max-steps", help="Optimizer steps (overrides --epochs)."),
             batch_size: Optional[int] = typer.Option(None, "--batch-size", help="Default 1 on CPU, 8 on CUDA."),
             grad_accum: int = typer.Option(4, "--grad-accum"), max_seq_len: int = typer.Option(512, "--max-seq-len"),
             eval_split: float = typer.Option(0.05, "--eval-split"), save_every: int = typer.Option(25, "--save-every"),
             seed: int = typer.Option(0, "--seed"),
             resume: bool = typer.Option(False, "--resume", help="Continue from the latest checkpoint in --out."),
             dry_run: bool = typer.Option(False, "--dry-run", help="Print data statistics and a rendered example.")):
    """Train a LoRA adapter (peft) in the serving prompt format."""
    if ctx.invoked_subcommand:
        return
    from .finetune.train import FinetuneConfig, dry_run as ft_dry_run, train

    if not data and not resume:
        raise typer.BadParameter("give training data with --data FILE (repeatable)", param_hint="--data")
    if out_dir is None:
        raise typer.BadParameter("give an output directory with --out DIR", param_hint="--out")
    cfg = FinetuneConfig(data=[str(d) for d in data or []], out=str(out_dir), base=base, rank=rank, alpha=alpha,
                         dropout=dropout, target_modules=[m.strip() for m in target_modules.split(",") if m.strip()],
                         top_layers=top_layers, learning_rate=lr, epochs=epochs, max_steps=max_steps,
                         batch_size=batch_size, grad_accum=grad_accum, max_seq_len=max_seq_len,
                         eval_split=eval_split, save_every=save_every, seed=seed)
    if dry_run:
        info = ft_dry_run(cfg)
        table = Table(title="training data", show_header=False)
        for key, value in info.items():
            if not key.startswith("rendered"):
                table.add_row(key, escape(str(value)))
        out.print(table)
        out.print("[bold]rendered training example[/] (prompt, then the answer the model learns):")
        out.print(info["rendered_prompt"] + info["rendered_answer"], markup=False, highlight=False)
        return
    bar = _step_bar("training")
    started = time.perf_counter()

    def show(k: int, n: int, loss: float) -> None:
        bar.update(task, completed=k, total=n, loss=f"loss {loss:.3f}")
        if not err.is_terminal and (k % max(1, n // 20) == 0 or k == n):  # a log file gets a line now and then
            err.print(f"step {k}/{n} loss {loss:.3f} ({time.perf_counter() - started:.0f} s)")

    with bar:
        task = bar.add_task("train", total=None, loss="")
        result = train(cfg, resume=resume, say=lambda s: err.print(escape(s)), progress=show)
    m = result.metrics
    out.print(f"[green]adapter written[/] to {result.out}: {m['steps']} steps, {m['examples_seen']} examples, "
              f"{m['train_seconds']:.0f} s; eval loss {m['eval_loss_base']} (base) → {m['eval_loss_adapter']}")


@ft_app.command("corpus")
def finetune_corpus(out_file: Path = typer.Option(..., "--out", help="Training pairs (.jsonl)."),
                    held_out: float = typer.Option(0.05, "--held-out", help="Share of questions held out."),
                    per_template: int = typer.Option(16, "--per-template"), seed: int = typer.Option(0, "--seed")):
    """Write the syntax corpus (finetune/corpus.yaml over finetune/schemas/) and its held-out split."""
    from .finetune.corpus import generate, split, write_jsonl

    records = generate(per_template=per_template, seed=seed)
    train_rows, test_rows = split(records, held_out, seed)
    write_jsonl(train_rows, out_file)
    test_file = out_file.with_name(out_file.stem + ".heldout.jsonl")
    write_jsonl(test_rows, test_file)
    kinds = {k: sum(r["kind"] == k for r in records) for k in ("generate", "revise")}
    out.print(f"wrote {len(train_rows)} pairs to {out_file} and {len(test_rows)} held out to {test_file} "
              f"({kinds['generate']} question/Cypher pairs, {kinds['revise']} revision pairs, "
              f"{len({r['schema_name'] for r in records})} schemas)")


@ft_app.command("evaluate")
def finetune_evaluate(data: Path = typer.Option(..., "--data", help="Held-out corpus pairs (.jsonl)."),
                      adapter: list[str] = typer.Option(["none"], "--adapter",
                                                        help="Adapter folder, or 'none' for the base model; repeatable."),
                      base: str = typer.Option("packaged", "--base"), limit: Optional[int] = typer.Option(None, "--limit"),
                      seed: int = typer.Option(0, "--seed", help="The corpus seed (selects the synthetic KGs)."),
                      json_out: Optional[Path] = typer.Option(None, "--json", help="Also write the scores here.")):
    """Exact match and execution accuracy of the base model and of adapters on held-out pairs."""
    from .finetune.evaluate import evaluate_model
    from .finetune.train import resolve_base
    from .revise.backends import TransformersBackend

    folder = str(resolve_base(base))
    scores = {}
    for name in adapter:
        backend = TransformersBackend(folder, None if name == "none" else name, use_default_adapter=False)
        bar = _step_bar(name)
        with bar:
            task = bar.add_task(name, total=None, loss="")
            scores[name] = evaluate_model(data, backend, limit, seed,
                                          progress=lambda k, n: bar.update(task, completed=k, total=n))
    table = Table("model", "pairs", "kind", "exact match", "executable", "execution accuracy", "s/pair")
    for name, by_kind in scores.items():
        for kind, s in by_kind.items():
            table.add_row(name, str(s["n"]), kind, f"{s['exact_match']:.3f}", f"{s['executable']:.3f}",
                          f"{s['execution_accuracy']:.3f}", f"{s['seconds_per_pair']:.1f}")
    out.print(table)
    if json_out:
        json_out.write_text(json.dumps(scores, indent=2), encoding="utf-8")


@app.command("version")
def version():
    """Print the version."""
    out.print(__version__)


def main() -> None:
    try:
        app()
    except Nl2CypherError as e:
        err.print(f"[red]error:[/] {escape(str(e))}", highlight=False)
        sys.exit(1)
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)
    except Exception as e:  # never a traceback for users; NL2CYPHER_DEBUG=1 shows it
        if os.environ.get("NL2CYPHER_DEBUG"):
            raise
        first = (str(e).strip().splitlines() or [""])[0]
        err.print(f"[red]internal error:[/] {type(e).__name__}: {escape(first)} (set NL2CYPHER_DEBUG=1 for details)",
                  highlight=False)
        sys.exit(70)


if __name__ == "__main__":
    main()
