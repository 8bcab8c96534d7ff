"""`nl2cypher kg …` (load, demo, refresh, stats, schema) and `nl2cypher cypher`:
the knowledge graph itself."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from ..demo import synthetic_note, write_domain_demo
from ..demo.finance import DEFAULT_SEED, SIZES, SYNTHETIC_NOTE, DemoSize, next_day_dir, write_demo
from ..domain import DEFAULT_DOMAIN, load_domain
from ..errors import StoreError
from ..resources import is_default_db
from ..schema import Schema, default_schema
from ..store import LadybugStore, load_kg, load_kg_falkordb, refresh_kg, refresh_kg_falkordb
from .common import (
    DbOption,
    FalkorGraphOption,
    FalkorPasswordOption,
    FalkorUrlOption,
    LoadProgress,
    MaxRowsOption,
    StoreOption,
    build_demo,
    db_path,
    open_store,
    out,
    parse_date,
    parse_params,
    print_result,
    store_kind,
)

_SIZES_HELP = ", ".join(f"{k} ({v.stocks:,} stocks, {v.funds:,} funds, {v.days:,} days)" for k, v in SIZES.items())

kg_app = typer.Typer(no_args_is_help=True, help="Load, refresh and inspect the knowledge graph.")

# ---- kg ----------------------------------------------------------------------


@kg_app.command("load")
def kg_load(src: Path = typer.Argument(..., help="KG directory: nodes/<label>.csv, edges/<type>.csv, aliases.csv"),
            db: Optional[Path] = DbOption,
            schema: Optional[Path] = typer.Option(None, help="Schema YAML (default: DIR/schema.yaml, else the "
                                                             "domain's)."),
            domain: Optional[str] = typer.Option(None, "--domain", help="The KG's domain pack: finance (default) "
                                                                         "or reportkg."),
            allow_shrink: bool = typer.Option(False, "--allow-shrink",
                                              help="Load even if a label would become empty or the graph halve."),
            store: Optional[str] = StoreOption, falkordb_url: Optional[str] = FalkorUrlOption,
            falkordb_password: Optional[str] = FalkorPasswordOption,
            falkordb_graph: Optional[str] = FalkorGraphOption):
    """Replace the KG (the embedded file, or a FalkorDB graph) with a KG directory (validated first; the old KG
    stays on any error)."""
    sch = _schema_for(src, schema, domain)
    kind = store_kind(store)
    if kind == "neo4j":
        raise StoreError("load a Neo4j server with neo4j-admin import: the KG directory is its CSV format")
    with LoadProgress("validating") as p:
        if kind == "falkordb":
            rep = load_kg_falkordb(src, falkordb_url, falkordb_password, falkordb_graph, sch, progress=p,
                                   allow_shrink=allow_shrink)
            path = f"FalkorDB graph {falkordb_graph or 'finance'}"
        else:
            path = db_path(db)
            rep = load_kg(src, path, sch, progress=p, allow_shrink=allow_shrink)
    if rep.cleaned:
        out.print(f"[yellow]removed what an interrupted load left:[/] {', '.join(rep.cleaned)}")
    out.print(f"[green]loaded[/] {rep.nodes:,} nodes, {rep.edges:,} edges, {rep.aliases:,} aliases into {path} "
              f"in {rep.seconds:.1f} s ({rep.per_second:,.0f} items/s)")


def _schema_for(src: Path, schema: Optional[Path], domain: Optional[str]) -> Schema:
    """The schema a KG directory is loaded with: the one named, else the directory's
    own schema.yaml, else its domain's (finance by default)."""
    if schema:
        return Schema.load(schema)
    if domain is None and (src / "schema.yaml").is_file():
        return Schema.load(src / "schema.yaml")
    return Schema.load(load_domain(domain).schema_path)


@kg_app.command("demo")
def kg_demo(out_dir: Optional[Path] = typer.Option(None, "--out", help="Also write the KG directory here."),
            end_date: Optional[str] = typer.Option(None, "--end-date", help="Last trading day (default: today)."),
            seed: int = typer.Option(DEFAULT_SEED, help="Random seed; the same seed and end date give the same KG."),
            size: str = typer.Option("demo", help=f"A preset: {_SIZES_HELP}."),
            stocks: Optional[int] = typer.Option(None, min=100, max=100_000, help="Listed stocks (overrides --size)."),
            funds: Optional[int] = typer.Option(None, min=40, max=200_000, help="Public funds (overrides --size)."),
            days: Optional[int] = typer.Option(None, min=60, max=5_000, help="Trading days of daily data "
                                                                             "(overrides --size)."),
            db: Optional[Path] = DbOption,
            no_load: bool = typer.Option(False, "--no-load", help="Only write --out; do not load it."),
            refresh: bool = typer.Option(False, "--refresh", help="Add the next trading day to the loaded demo KG."),
            allow_shrink: bool = typer.Option(False, "--allow-shrink",
                                              help="Replace a KG even if the demo is less than half its size."),
            domain: Optional[str] = typer.Option(None, "--domain", help="finance (default) or reportkg (US "
                                                                         "companies' yearly filings, English).")):
    """Build a synthetic demo KG (finance by default) and load it (or add its next trading day)."""
    path = db_path(db)
    if domain not in (None, DEFAULT_DOMAIN):
        finance_only = {"--refresh": refresh, "--size": size != "demo", "--stocks": stocks, "--funds": funds,
                        "--days": days, "--end-date": end_date}
        if given := [k for k, v in finance_only.items() if v]:
            raise typer.BadParameter(f"{', '.join(given)}: only for the finance demo")
        _other_demo(load_domain(domain), path, seed if seed != DEFAULT_SEED else None, out_dir, no_load, allow_shrink)
        return
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
    end = parse_date(end_date, "--end-date")
    if size not in SIZES:
        raise typer.BadParameter(f"--size {size!r}: one of {', '.join(SIZES)}")
    preset = SIZES[size]
    dims = DemoSize(stocks or preset.stocks, funds or preset.funds, days or preset.days)
    if no_load:
        if not out_dir:
            raise typer.BadParameter("--no-load needs --out DIR")
        counts = write_demo(out_dir, end, seed, dims)
        out.print(f"wrote the demo KG ({sum(counts.values()):,} rows) to {out_dir}")
        return
    rep = build_demo(path, end, seed, out_dir, allow_shrink, dims)
    out.print(f"[green]loaded the demo KG[/] ({rep.nodes:,} nodes, {rep.edges:,} edges, up to {end}) into {path}"
              + (f"; directory kept at {out_dir}" if out_dir else ""))
    out.print(f"[yellow]{SYNTHETIC_NOTE}[/]")


def _other_demo(domain, path: Path, seed: Optional[int], out_dir: Optional[Path], no_load: bool,
                allow_shrink: bool) -> None:
    if no_load and not out_dir:
        raise typer.BadParameter("--no-load needs --out DIR")
    with tempfile.TemporaryDirectory(prefix="nl2cypher-demo-") as tmp:
        src = out_dir or Path(tmp) / "demo"
        try:
            counts, note = write_domain_demo(domain.name, src, seed)
        except KeyError:
            raise typer.BadParameter(f"--domain {domain.name}: no demo KG for it") from None
        if no_load:
            out.print(f"wrote the {domain.name} demo KG ({sum(counts.values()):,} rows) to {src}")
            return
        with LoadProgress("loading") as p:
            rep = load_kg(src, path, Schema.load(domain.schema_path), source="demo", progress=p,
                          allow_shrink=allow_shrink)
    out.print(f"[green]loaded the {domain.name} demo KG[/] ({rep.nodes:,} nodes, {rep.edges:,} edges) into {path}"
              + (f"; directory kept at {out_dir}" if out_dir else ""))
    out.print(f"[yellow]{note}[/]")


@kg_app.command("refresh")
def kg_refresh(src: Path = typer.Argument(..., help="Directory with dynamic labels only (stock_data, trade_data, their edges)."),
               db: Optional[Path] = DbOption, store: Optional[str] = StoreOption,
               falkordb_url: Optional[str] = FalkorUrlOption, falkordb_password: Optional[str] = FalkorPasswordOption,
               falkordb_graph: Optional[str] = FalkorGraphOption):
    """Replace or append daily data; the static part of the KG is kept."""
    kind = store_kind(store)
    if kind == "neo4j":
        raise StoreError("refresh a Neo4j server with its own tools: the refresh directory is neo4j-admin's format")
    with LoadProgress("validating") as p:
        if kind == "falkordb":
            rep = refresh_kg_falkordb(src, falkordb_url, falkordb_password, falkordb_graph, progress=p)
            path = f"FalkorDB graph {falkordb_graph or 'finance'}"
        else:
            path = db_path(db)
            rep = refresh_kg(src, path, progress=p)
    out.print(f"[green]refreshed[/] {path}: {rep.nodes:,} nodes ({rep.replaced:,} replaced), {rep.edges:,} edges "
              f"in {rep.seconds:.1f} s")


@kg_app.command("stats")
def kg_stats(db: Optional[Path] = DbOption, as_json: bool = typer.Option(False, "--json"),
             store: Optional[str] = StoreOption, falkordb_url: Optional[str] = FalkorUrlOption,
             falkordb_password: Optional[str] = FalkorPasswordOption,
             falkordb_graph: Optional[str] = FalkorGraphOption):
    """Counts per label and edge type, and the date span of daily data."""
    with open_store(db, store, falkordb_url=falkordb_url, falkordb_password=falkordb_password,
                    falkordb_graph=falkordb_graph) as s:
        info, domain = s.info(), s.schema.name
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
        out.print(f"[yellow]{synthetic_note(domain)}[/]")


@kg_app.command("schema")
def kg_schema(db: Optional[Path] = DbOption,
              schema: Optional[Path] = typer.Option(None, help="Show this schema file instead of the loaded KG's.")):
    """Print the KG schema in the compact form prompts use."""
    if schema:
        sch = Schema.load(schema)
    else:
        path = db_path(db)
        if path.exists() or is_default_db(path):
            with open_store(db) as s:
                sch = s.schema
        else:
            sch = default_schema()
    out.print(sch.render(), markup=False, highlight=False)


# ---- cypher ------------------------------------------------------------------


def cypher(query: str = typer.Argument(..., help="A read-only Cypher query."),
           param: list[str] = typer.Option([], "--param", "-p", help="Query parameter name=value (JSON or text)."),
           db: Optional[Path] = DbOption,
           as_json: bool = typer.Option(False, "--json", help="Print {columns, rows} as JSON."),
           store: Optional[str] = StoreOption,
           falkordb_url: Optional[str] = FalkorUrlOption, falkordb_password: Optional[str] = FalkorPasswordOption,
           falkordb_graph: Optional[str] = FalkorGraphOption,
           neo4j_uri: Optional[str] = typer.Option(None, envvar="NEO4J_URI"),
           neo4j_user: Optional[str] = typer.Option(None, envvar="NEO4J_USERNAME"),
           neo4j_password: Optional[str] = typer.Option(None, envvar="NEO4J_PASSWORD"),
           neo4j_database: Optional[str] = typer.Option(None, envvar="NEO4J_DATABASE"),
           max_rows: int = MaxRowsOption):
    """Run a read-only Cypher query and print the result (like cypher-shell)."""
    params = parse_params(param)
    with open_store(db, store, neo4j_uri, neo4j_user, neo4j_password, neo4j_database, falkordb_url,
                    falkordb_password, falkordb_graph) as s:
        res = s.run(query, params, max_rows=max_rows)
        synthetic = getattr(s, "meta", {}).get("source") == "demo"
    if as_json:
        print(json.dumps({"columns": res.columns, "rows": res.rows, "elapsed_ms": round(res.elapsed_ms, 2),
                          **({"truncated": True} if res.truncated else {})}, ensure_ascii=False))
        return
    print_result(res)
    if res.truncated:
        out.print(f"[yellow]more than {max_rows:,} rows: the table was cut (--max-rows)[/]")
    if synthetic:
        out.print("[dim yellow]demo KG: synthetic data[/]")
