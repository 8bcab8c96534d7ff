"""The HTTP service (`nl2cypher serve`): one warm engine per process behind a
FastAPI app — the batch record as the answer shape, conversations as server-kept
sessions (in memory, or a file the workers share), the web page at `/`, the
agents' tools at `/mcp`.

Concurrency: requests run on the server's thread pool; the engine (and the one
store connection it owns) is used under one lock (`shared.py`), so answers are
computed one at a time while reading, parsing and writing requests overlap;
more processes answer more at once (`serve --workers N`). Read-only as
everywhere: every query passes the store's guard.

Errors are JSON `{"error": …, "error_type": …}` with the right status: a
malformed request 4xx (400 bad body, 401 no token, 404 unknown session, 413 too
large, 422 invalid field); a question the engine cannot answer is a 200 record
whose `error` says why (as in a batch)."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import tempfile
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

from fastapi import Depends, FastAPI, File, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException
from starlette.routing import Route

from .. import __version__
from ..engine import MAX_QUESTION_CHARS, MAX_ROWS, Engine
from ..errors import Nl2CypherError
from ..shared import MAX_SESSIONS, SharedEngine, UnknownConversation, served_record

MAX_BODY = 1_000_000  # bytes a request may send
MAX_BATCH = 1_000  # questions a /batch request may ask
WEB = Path(__file__).parent / "web"


class ApiError(HTTPException):
    def __init__(self, status: int, message: str, kind: str):
        super().__init__(status, message)
        self.kind = kind


class AskRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS, description="A question in the language of the KG's domain")
    today: date | None = Field(None, description="The reference date (default: the server's)")
    session: str | None = Field(None, min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$", description=(
        "A conversation id (from POST /sessions, or the client's own): follow-ups lean on its earlier turns"))
    max_rows: int | None = Field(None, ge=1, le=MAX_ROWS, description="Rows to return at most")
    trace: bool = Field(False, description="Add how the answer was found: mentions, units, candidates, timings")


class BatchRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    questions: list[str] = Field(min_length=1, max_length=MAX_BATCH)
    today: date | None = None


class SessionAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS)
    today: date | None = None
    trace: bool = False


def _trace(ans) -> dict[str, Any]:
    tr = ans.trace
    und = tr.understanding
    return {"mentions": [{"kind": m.kind, "text": m.text,
                          "means": ", ".join(f"{r.label}:{r.name}" for r in m.entities) or ", ".join(m.targets)
                          or (str(m.time.start) if m.time else "")} for m in tr.mentions],
            "tagged": tr.tagged, "units": [{"kind": u.kind, "row": u.row} for u in tr.units],
            "candidates": [{"cypher": c["cypher"], "score": c["score"], "description": c["description"]}
                           for c in tr.candidates],
            "timings_ms": {k: round(v, 2) for k, v in tr.timings_ms.items()},
            "understanding": None if und is None else {"unexplained": list(und.unexplained),
                                                        "ignored": list(und.ignored), "margin": und.margin},
            "resolution": tr.resolution or None}


class _BodyLimit:
    """An ASGI middleware: a request body over MAX_BODY is refused with 413
    before the app reads it (Content-Length, or counted when chunked)."""

    def __init__(self, app, limit: int = MAX_BODY):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            return await _send_json(send, 413, {"error": f"request body over {self.limit} bytes",
                                                "error_type": "TooLarge"})
        seen = 0

        async def counted():
            nonlocal seen
            msg = await receive()
            seen += len(msg.get("body", b""))
            if seen > self.limit:
                raise ApiError(413, f"request body over {self.limit} bytes", "TooLarge")
            return msg

        return await self.app(scope, counted, send)


async def _send_json(send, status: int, body: dict) -> None:
    data = json.dumps(body, ensure_ascii=False).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})


class _AgentTools:
    """The agents' tools (tools.py) at /mcp: MCP's streamable HTTP, stateless and
    in JSON (a conversation is the tools' own `conversation` argument), behind the
    service's token. Absent when the `mcp` package is not installed."""

    def __init__(self, shared: SharedEngine, token: str | None, loopback: bool):
        from mcp.server.transport_security import TransportSecuritySettings

        from ..tools import mcp_server

        self.server = mcp_server(shared)
        # on loopback the SDK refuses other Host headers (DNS rebinding); beyond it the token guards
        security = None if loopback else TransportSecuritySettings(enable_dns_rebinding_protection=False)
        sub = self.server.streamable_http_app(streamable_http_path="/mcp", stateless_http=True, json_response=True,
                                              transport_security=security)
        self.endpoint = next(r for r in sub.routes if getattr(r, "path", None) == "/mcp").app
        self.token = token

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        async with self.server.session_manager.run():
            yield

    async def __call__(self, scope, receive, send):
        given = dict(scope.get("headers") or []).get(b"authorization", b"")
        if self.token is not None and not secrets.compare_digest(given, f"Bearer {self.token}".encode()):
            return await _send_json(send, 401, {"error": "this server needs `Authorization: Bearer "
                                                         "<NL2CYPHER_API_TOKEN>`", "error_type": "Unauthorized"})
        return await self.endpoint(scope, receive, send)


def _agent_tools(shared: SharedEngine, token: str | None, loopback: bool) -> _AgentTools | None:
    try:
        return _AgentTools(shared, token, loopback)
    except ImportError:
        return None


def create_app(engine: Engine, token: str | None = None, loopback: bool = True,
               conversations: str | Path | None = None) -> FastAPI:
    """The app over one warm engine; with `token`, every API call needs
    `Authorization: Bearer <token>` (the page asks for it). `loopback`: the
    server listens on this machine only. `conversations`: the SQLite file where
    conversations are kept (workers share it), else this process's memory."""
    shared = SharedEngine(engine, MAX_SESSIONS, conversations)
    tools = _agent_tools(shared, token, loopback)
    app = FastAPI(title="nl2cypher", version=__version__, lifespan=tools.lifespan if tools else None,
                  description="Chinese finance questions to Cypher over a knowledge graph: the answer, the query "
                              "that ran, what it was understood as, and how sure the engine is. LLM agents: "
                              "the same answers as MCP tools at /mcp.")

    def authorised(request: Request) -> None:
        if token is None:
            return
        given = request.headers.get("authorization", "")
        if not secrets.compare_digest(given.encode(), f"Bearer {token}".encode()):
            raise ApiError(401, "this server needs `Authorization: Bearer <NL2CYPHER_API_TOKEN>`", "Unauthorized")

    guarded = [Depends(authorised)]

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(x) for x in first.get("loc", ()) if x != "body") or "body"
        status = 400 if first.get("type") in ("json_invalid", "model_attributes_type") else 422
        return JSONResponse({"error": f"{where}: {first.get('msg', 'invalid request')}", "error_type": "BadRequest"},
                            status_code=status)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException):
        kind = getattr(exc, "kind", None) or {404: "NotFound", 405: "MethodNotAllowed"}.get(exc.status_code, "HTTPError")
        return JSONResponse({"error": str(exc.detail), "error_type": kind}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def internal(request: Request, exc: Exception):  # never a traceback to a client
        return JSONResponse({"error": f"internal error: {type(exc).__name__}", "error_type": "InternalError"},
                            status_code=500)

    @app.get("/health", summary="Is the engine up, and over which KG")
    def health() -> dict:
        meta = getattr(engine.store, "meta", {}) or {}
        return {"status": "ok", "version": __version__, "backend": engine.store.backend, "worker": os.getpid(),
                "synthetic": meta.get("source") == "demo", "today": engine.context(None).today.isoformat()}

    @app.get("/schema", dependencies=guarded, summary="The KG's labels, properties and edges")
    def schema() -> dict:
        return engine.schema.describe()

    @app.get("/kg/stats", dependencies=guarded, summary="Node and edge counts, date spans")
    def stats() -> dict:
        with shared.lock:
            info = engine.store.info()
        return {"backend": info.backend, "nodes": info.node_counts, "edges": info.edge_counts,
                "dates": {k: list(v) for k, v in info.date_spans.items()}, "synthetic": info.synthetic}

    @app.post("/ask", dependencies=guarded, summary="Answer one question (the batch record); with `session`, a turn")
    def ask(req: AskRequest) -> dict:
        ans = shared.ask(req.question, req.today, req.session)  # an id not seen yet starts that conversation
        rec = served_record(ans, req.max_rows)
        if req.trace:
            rec["trace"] = _trace(ans)
        return rec

    @app.post("/batch", dependencies=guarded, summary="Answer a list of questions; NDJSON records as they come")
    def batch(req: BatchRequest) -> StreamingResponse:
        return _stream([(None, q) for q in req.questions], req.today)

    @app.post("/batch/file", dependencies=guarded,
              summary="Answer an uploaded .txt/.csv/.xlsx/.jsonl file (conversation lines too); NDJSON")
    def batch_file(file: UploadFile = File(...)) -> StreamingResponse:
        from ..batch import read_conversations, read_questions

        suffix = Path(file.filename or "questions.txt").suffix.lower() or ".txt"
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"upload{suffix}"
            path.write_bytes(file.file.read(MAX_BODY + 1))
            try:
                questions = read_questions(path)
                convs = read_conversations(path) or [None] * len(questions)
            except (Nl2CypherError, ValueError) as e:
                raise ApiError(400, str(e).replace(str(path), file.filename or "upload"), "BadFile") from None
        if not questions:
            raise ApiError(400, "no questions in the file", "BadFile")
        if len(questions) > MAX_BATCH:
            raise ApiError(413, f"{len(questions)} questions; at most {MAX_BATCH} a request", "TooLarge")
        return _stream(list(zip(convs, questions)), None)

    def _stream(items: list[tuple[str | None, str]], today: date | None) -> StreamingResponse:
        def lines() -> Iterator[bytes]:
            local: dict[str, Any] = {}
            for i, (conv, q) in enumerate(items, 1):
                with shared.lock:
                    if conv is None:
                        ans = engine.ask(q, today=today)
                    else:
                        ans = local.setdefault(conv, engine.session(conv)).ask(q, today=today)
                rec = {"id": i, **served_record(ans)}
                yield (json.dumps(rec, ensure_ascii=False) + "\n").encode()

        return StreamingResponse(lines(), media_type="application/x-ndjson")

    @app.post("/sessions", dependencies=guarded, status_code=201, summary="Start a conversation")
    def new_session() -> dict:
        sid = secrets.token_urlsafe(12)
        shared.start(sid)
        return {"id": sid}

    @contextlib.contextmanager
    def known(sid: str):
        try:
            yield
        except UnknownConversation:
            raise ApiError(404, f"no conversation {sid[:40]!r} (it may have expired): POST /sessions for a new one",
                           "NotFound") from None

    @app.post("/sessions/{sid}/ask", dependencies=guarded, summary="Ask within a conversation")
    def session_ask(sid: str, req: SessionAsk) -> dict:
        with known(sid):
            ans = shared.ask(req.question, req.today, sid, start=False)
        rec = served_record(ans)
        if req.trace:
            rec["trace"] = _trace(ans)
        return rec

    @app.get("/sessions/{sid}", dependencies=guarded, summary="A conversation's turns, as JSON")
    def session_get(sid: str) -> dict:
        with known(sid):
            return {"id": sid, **shared.turns(sid)}

    @app.delete("/sessions/{sid}", dependencies=guarded, status_code=204, summary="Forget a conversation")
    def session_delete(sid: str) -> None:
        with known(sid):
            shared.forget(sid)

    if (WEB / "index.html").is_file():
        app.mount("/static", StaticFiles(directory=WEB), name="static")

        @app.get("/", include_in_schema=False)
        def page() -> FileResponse:
            return FileResponse(WEB / "index.html")

    if tools:
        app.router.routes.append(Route("/mcp", endpoint=tools))
    app.add_middleware(_BodyLimit)
    return app
