"""What every command shares: the consoles, the common options, opening a store
or an engine, progress bars, printing a table."""

from __future__ import annotations

import datetime as dt
import json
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from ..demo.finance import DEFAULT_SEED, DemoSize, write_demo
from ..errors import StoreError
from ..resources import default_db_path, is_default_db
from ..schema import default_schema
from ..store import GraphStore, LadybugStore, Result, load_kg

out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)

DbOption = typer.Option(None, "--db", help="Embedded KG file (default: $NL2CYPHER_DB or the per-user store).")
# ---- helpers -----------------------------------------------------------------


class LoadProgress:
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


class CountBar:
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


def db_path(db: Optional[Path]) -> Path:
    return Path(db) if db else default_db_path()


def ensure_default_kg(path: Path) -> None:
    """First use of the per-user store builds the demo KG there, saying so."""
    if path.exists() or not is_default_db(path):
        return
    err.print(f"[yellow]No KG yet: building the demo finance KG at {path} (synthetic data, first use)…[/]")
    build_demo(path, dt.date.today(), DEFAULT_SEED, None)


def build_demo(db: Path, end: dt.date, seed: int, keep: Optional[Path], allow_shrink: bool = False,
               size: DemoSize = DemoSize()):
    with tempfile.TemporaryDirectory(prefix="nl2cypher-demo-") as tmp:
        src = keep or Path(tmp) / "demo"
        with LoadProgress("generating demo KG"):
            write_demo(src, end, seed, size)
        with LoadProgress("loading") as p:
            return load_kg(src, db, default_schema(), source="demo", progress=p, allow_shrink=allow_shrink)


STORES = ("ladybug", "falkordb", "neo4j")
StoreOption = typer.Option(None, "--store", envvar="NL2CYPHER_STORE", help=(
    "ladybug (the embedded file, default), falkordb (a server: --falkordb-* or NL2CYPHER_FALKORDB_URL, "
    "_PASSWORD, _GRAPH) or neo4j (NEO4J_URI, …)."))
FalkorUrlOption = typer.Option(None, "--falkordb-url", envvar="NL2CYPHER_FALKORDB_URL",
                               help="redis://host:port of the FalkorDB server (default redis://127.0.0.1:6379).")
FalkorPasswordOption = typer.Option(None, "--falkordb-password", envvar="NL2CYPHER_FALKORDB_PASSWORD",
                                    help="The FalkorDB server's password.")
FalkorGraphOption = typer.Option(None, "--falkordb-graph", envvar="NL2CYPHER_FALKORDB_GRAPH",
                                 help="The graph holding the KG (default finance).")


def open_store(db: Optional[Path] = None, store: Optional[str] = None, neo4j_uri: Optional[str] = None,
               neo4j_user: Optional[str] = None, neo4j_password: Optional[str] = None,
               neo4j_database: Optional[str] = None, falkordb_url: Optional[str] = None,
               falkordb_password: Optional[str] = None, falkordb_graph: Optional[str] = None) -> GraphStore:
    store = store_kind(store)
    if store == "neo4j":
        from ..store.neo4j import Neo4jStore

        return Neo4jStore(neo4j_uri, neo4j_user, neo4j_password, neo4j_database)
    if store == "falkordb":
        from ..store.falkordb import FalkorDBStore

        return FalkorDBStore(falkordb_url, falkordb_password, falkordb_graph)
    path = db_path(db)
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


def parse_params(items: list[str]) -> dict[str, Any]:
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


def parse_date(value: Optional[str], what: str) -> dt.date:
    if not value:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not a date YYYY-MM-DD", param_hint=what) from None


def store_kind(store: Optional[str]) -> str:
    kind = (store or "ladybug").lower()
    if kind not in STORES:
        raise StoreError(f"unknown store {store!r}: use {', '.join(STORES)}")
    return kind


def open_engine(db: Optional[Path], today: Optional[str], no_rank: bool = False, revise: Optional[str] = None,
                no_revise: bool = False, max_rows: int = 10_000, strict: bool = False, trust: float = 0.5,
                encoder_backend: Optional[str] = None, store: Optional[str] = None):
    """The engine a command runs; a one-shot command (ask, chat) asks for the numpy
    encoder, which starts in a second, a long-running one for the default."""
    from ..engine import Engine

    store = open_store(db, store)  # a FalkorDB or Neo4j server from its NL2CYPHER_FALKORDB_* / NEO4J_* settings
    return Engine(store, parse_date(today, "--today") if today else None, rank=not no_rank,
                  revise="never" if no_revise else revise, max_rows=max_rows, strict=strict, trust=trust,
                  encoder_backend=encoder_backend)


StrictOption = typer.Option(False, "--strict", envvar="NL2CYPHER_STRICT", help=(
    "Refuse (an error, exit 1) instead of answering when the engine is not sure it understood."))
TrustOption = typer.Option(0.5, "--trust", envvar="NL2CYPHER_TRUST", min=0.0, max=1.0, help=(
    "The confidence line below which an answer is flagged unsure (or refused with --strict)."))


MaxRowsOption = typer.Option(10_000, "--max-rows", min=1, help="Rows an answer keeps at most (it says when cut).")


TodayOption = typer.Option(None, "--today", envvar="NL2CYPHER_TODAY",
                           help="Reference date for 今天/昨天/近5日… (default: today).")
NoReviseOption = typer.Option(False, "--no-revise", help="Skip LLM revision (the heuristic query stands).")
ReviseOption = typer.Option(None, "--revise", envvar="NL2CYPHER_REVISE",
                            help="LLM revision: never, auto (default: when the heuristic is unsure) or always.")
