"""`nl2cypher serve`: the HTTP service, the web page and the agents' tools over
one warm engine a process (`--workers N` processes); `nl2cypher mcp`: the tools
over stdio."""

from __future__ import annotations

import contextlib
import ipaddress
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Optional

import typer

from ..conversations import InFile
from ..errors import Nl2CypherError
from .common import (DbOption, MaxRowsOption, NoReviseOption, ReviseOption, StoreOption, TodayOption, err, open_engine,
                     open_store, out)


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
          store: Optional[str] = StoreOption,
          workers: int = typer.Option(1, "--workers", min=1, max=64, help=(
              "Processes answering, each with its own warm engine over the same read-only KG.")),
          conversations: Optional[Path] = typer.Option(None, "--conversations", help=(
              "SQLite file where conversations are kept, shared by the workers (default: a temporary file "
              "with --workers above 1, memory with one)."))):
    """Serve the HTTP API (docs at /docs), the web page (/) and the agents' tools (/mcp) from warm engines."""
    try:
        import uvicorn

        from ..service import create_app
    except ImportError as e:
        raise Nl2CypherError(f"the service needs its extra: pip install 'nl2cypher[serve]' ({e.name} missing)") from None
    token = os.environ.get("NL2CYPHER_API_TOKEN") or None
    if not _loopback(host) and not token:
        raise Nl2CypherError(f"binding to {host} exposes the KG beyond this machine: set NL2CYPHER_API_TOKEN "
                             "(clients send `Authorization: Bearer <token>`), or bind to 127.0.0.1")
    shown = f"[{host}]" if ":" in host else host
    settings = {"db": str(db) if db else None, "today": today, "revise": revise, "no_revise": no_revise,
                "max_rows": max_rows, "store": store, "loopback": _loopback(host)}
    with _conversation_file(conversations, workers) as kept:
        settings["conversations"] = kept
        if workers == 1:
            app = _worker_app(settings)
        else:
            open_store(db, store).close()  # a missing KG or an unreachable server: said once, before any worker
        out.print(f"serving on http://{shown}:{port}/  (API docs: /docs, agents: /mcp)"
                  + (f" with {workers} workers" if workers > 1 else "")
                  + ("  — a bearer token is required" if token else ""))
        err.print("[dim]Ctrl-C stops the server[/]")
        if workers == 1:
            uvicorn.run(app, host=host, port=port, log_level="warning", limit_concurrency=64)
        else:
            _run_workers(settings, host, port, workers)


def _run_workers(settings: dict, host: str, port: int, workers: int) -> None:
    """Worker processes accepting on one socket (an idle one takes the next
    connection), each with its share of the cores. Not uvicorn's --workers: its
    socket is made without the TCP protocol number, so answers lose TCP_NODELAY
    (40 ms each on a keep-alive connection). One stopping stops them all."""
    ctx = multiprocessing.get_context("spawn")
    threads = max(1, (os.cpu_count() or 1) // workers)
    sock = _listening(host, port)
    if settings.get("conversations"):  # made once, here, so the workers open it side by side
        try:
            InFile(settings["conversations"], 1).db.close()
        except sqlite3.Error as e:
            sock.close()
            raise Nl2CypherError(f"cannot keep conversations in {settings['conversations']}: {e}") from None
    procs = [ctx.Process(target=_worker, args=(settings, sock, threads), daemon=True) for _ in range(workers)]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        for p in procs:
            p.start()
        multiprocessing.connection.wait([p.sentinel for p in procs])
        for p in procs:
            if not p.is_alive():
                p.join()  # its exit code is known once it is reaped
        failed = next((p.exitcode for p in procs if p.exitcode), 0)
        if failed:  # a worker that died says so, and the service does not end as if asked to
            raise Nl2CypherError(f"a worker stopped with exit code {failed}")
    except KeyboardInterrupt:
        pass
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.join(timeout=30)


def _worker(settings: dict, sock: socket.socket, threads: int) -> None:
    import uvicorn

    os.environ["NL2CYPHER_THREADS"] = str(threads)  # the store's query threads
    os.environ["OMP_NUM_THREADS"] = str(threads)  # the encoder's, read when torch is first imported
    app = _worker_app(settings)  # warm before it takes connections
    uvicorn.Server(uvicorn.Config(app, log_level="warning", limit_concurrency=64)).run(sockets=[sock])


def _listening(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise Nl2CypherError(f"cannot listen on {host}:{port}: {e.strerror}") from None
    return sock


def _worker_app(s: dict):
    from ..service import create_app

    engine = open_engine(Path(s["db"]) if s["db"] else None, s["today"], False, s["revise"], s["no_revise"],
                         s["max_rows"], store=s["store"])
    warm = engine.lang.say("cli.warm_up")
    engine.ask(warm)  # warm every stage before the first request
    if engine.ranker.enabled:
        engine.ranker.encoder.encode([warm])  # and the encoder, which only a choice between candidates loads
    return create_app(engine, os.environ.get("NL2CYPHER_API_TOKEN") or None, s["loopback"], s["conversations"])


@contextlib.contextmanager
def _conversation_file(given: Optional[Path], workers: int):
    """Where conversations are kept: the file given, a temporary one that workers
    share (removed at the end), or None (one process's memory)."""
    if given is not None or workers == 1:
        yield str(given) if given else None
        return
    with tempfile.TemporaryDirectory(prefix="nl2cypher-serve-") as tmp:
        yield str(Path(tmp) / "conversations.sqlite")


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
