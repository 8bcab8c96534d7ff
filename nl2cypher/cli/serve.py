"""`nl2cypher serve`: the HTTP service and the web page over one warm engine."""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path
from typing import Optional

import typer

from ..errors import Nl2CypherError
from .common import (DbOption, MaxRowsOption, NoReviseOption, ReviseOption, StoreOption, TodayOption, err, open_engine,
                     out)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(db: Optional[Path] = DbOption, host: str = typer.Option("127.0.0.1", "--host", help=(
              "Address to bind; anything but loopback needs NL2CYPHER_API_TOKEN.")),
          port: int = typer.Option(8000, "--port", min=1, max=65535), today: Optional[str] = TodayOption,
          no_revise: bool = NoReviseOption, revise: Optional[str] = ReviseOption, max_rows: int = MaxRowsOption,
          store: Optional[str] = StoreOption):
    """Serve the HTTP API (docs at /docs) and the web page (/) from one warm engine."""
    try:
        import uvicorn

        from ..service import create_app
    except ImportError as e:
        raise Nl2CypherError(f"the service needs its extra: pip install 'nl2cypher[serve]' ({e.name} missing)") from None
    token = os.environ.get("NL2CYPHER_API_TOKEN") or None
    if not _loopback(host) and not token:
        raise Nl2CypherError(f"binding to {host} exposes the KG beyond this machine: set NL2CYPHER_API_TOKEN "
                             "(clients send `Authorization: Bearer <token>`), or bind to 127.0.0.1")
    engine = open_engine(db, today, False, revise, no_revise, max_rows, store=store)
    engine.ask("预热")  # warm every stage before the first request
    if engine.ranker.enabled:
        engine.ranker.encoder.encode(["预热"])  # and the encoder, which only a choice between candidates loads
    app = create_app(engine, token, _loopback(host))
    shown = f"[{host}]" if ":" in host else host
    out.print(f"serving on http://{shown}:{port}/  (API docs: /docs)" + ("  — a bearer token is required" if token
                                                                           else ""))
    err.print("[dim]Ctrl-C stops the server[/]")
    uvicorn.run(app, host=host, port=port, log_level="warning", limit_concurrency=64)


def mcp(db: Optional[Path] = DbOption, today: Optional[str] = TodayOption, no_revise: bool = NoReviseOption,
        revise: Optional[str] = ReviseOption, max_rows: int = MaxRowsOption, store: Optional[str] = StoreOption):
    """Serve the engine to an LLM agent over MCP on stdin/stdout: tools ask, schema, cypher."""
    try:
        from ..shared import SharedEngine
        from ..tools import mcp_server
    except ImportError as e:
        raise Nl2CypherError(f"the agents' tools need their extra: pip install 'nl2cypher[serve]' "
                             f"({e.name} missing)") from None
    engine = open_engine(db, today, False, revise, no_revise, max_rows, store=store)  # errors before the protocol starts
    err.print("[dim]nl2cypher MCP server on stdio: tools ask, schema, cypher[/]")
    mcp_server(SharedEngine(engine)).run("stdio")
