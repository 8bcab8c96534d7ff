"""The engine as tools an LLM agent calls, over the Model Context Protocol
(`nl2cypher mcp` on stdio, `/mcp` of `nl2cypher serve` over HTTP): `ask` (a
question, optionally a turn of a conversation → the answer's record: what it was
understood as, how sure the engine is, the Cypher that ran, the rows), `schema`,
and `cypher` (the agent's own query, read-only behind the same guard).

An agent gets grounded, explained answers instead of a raw query tool. What the
tools say of the KG and its language comes from the domain pack
(patterns/<domain>/agent.yaml)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from pydantic import Field

from . import __version__
from .engine import MAX_QUESTION_CHARS
from .errors import Nl2CypherError
from .shared import SharedEngine, served_record

AGENT_ROWS = 100  # rows a tool answer carries unless the agent asks for more: an agent's context is small
MAX_AGENT_ROWS = 1_000


def _ask_text(agent: dict) -> str:
    examples = "; ".join(agent.get("examples", []))
    return (f"Answer a question about {agent['kg']}. Ask in {agent['language']}, as a user would "
            f"(e.g. {examples}). Returns the record: `interpretation` (what the engine understood, in words), "
            "`confidence` (0-1; below 0.5 the engine is not sure it understood: say so or rephrase), "
            "`cypher` and `params` (the read-only query that ran), `columns` and `rows` (the answer), and "
            "`error` when it could not answer (the question is out of scope, names nothing in the KG, …). "
            "Pass the same `conversation` id for a follow-up that leans on earlier turns"
            + (f" (e.g. {agent['follow_up']!r})" if agent.get("follow_up") else "")
            + "; `resolved_question` then says how it was read.")


def mcp_server(shared: SharedEngine):
    """An MCP server (mcp.server.mcpserver.MCPServer) with the three tools over `shared`."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations

    engine = shared.engine
    agent = engine.domain.agent
    server = MCPServer("nl2cypher", version=__version__, log_level="WARNING", instructions=(
        f"Questions about {agent['kg']}, answered from the graph with the query shown. Prefer `ask`; "
        "use `schema` and `cypher` only for what `ask` cannot answer."))
    read_only = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)

    def day(today: str | None) -> dt.date | None:
        try:
            return dt.date.fromisoformat(today) if today else None
        except ValueError:
            raise ToolError(f"today: {today!r} is not a date (YYYY-MM-DD)") from None

    @server.tool(description=_ask_text(agent), annotations=read_only)
    def ask(question: Annotated[str, Field(min_length=1, max_length=MAX_QUESTION_CHARS)],
            conversation: Annotated[str | None, Field(max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$", description=(
                "A conversation id of your choosing; the same id for every turn of one conversation"))] = None,
            today: Annotated[str | None, Field(description="The reference date for 'today', 'yesterday', "
                                                           "'the last 5 days' (YYYY-MM-DD; default: the server's)")] = None,
            max_rows: Annotated[int, Field(ge=1, le=MAX_AGENT_ROWS)] = AGENT_ROWS) -> dict[str, Any]:
        ans = shared.ask(question, day(today), conversation)
        return served_record(ans, max_rows)

    @server.tool(description="The knowledge graph's schema: node labels and edge types with their properties, "
                             "types and descriptions (what `cypher` may name).", annotations=read_only)
    def schema() -> dict[str, Any]:
        return engine.schema.describe()

    @server.tool(description="Run your own read-only Cypher query on the knowledge graph (the schema tool says "
                             "what it holds). Writes, procedures that write and queries over size limits are "
                             "refused; pass values as `params` ($name), not inside the text.",
                 annotations=read_only)
    def cypher(query: Annotated[str, Field(min_length=1)], params: dict[str, Any] | None = None,
               max_rows: Annotated[int, Field(ge=1, le=MAX_AGENT_ROWS)] = AGENT_ROWS) -> dict[str, Any]:
        try:
            with shared.lock:
                res = engine.store.run(query, params or {}, max_rows=max_rows)
        except Nl2CypherError as e:
            raise ToolError(f"{type(e).__name__}: {e}") from None
        return {"columns": res.columns, "rows": res.rows, "truncated": res.truncated,
                "elapsed_ms": round(res.elapsed_ms, 2)}

    return server
