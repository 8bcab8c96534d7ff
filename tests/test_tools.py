"""Issue 25: the engine as tools for LLM agents — `nl2cypher mcp` spawned by the
official MCP Python client over stdio, as an agent's host would (the same tools
over HTTP at /mcp: test_service.py)."""

from __future__ import annotations

import sys

import anyio
import pytest

from conftest import DEMO_END, stock_count

mcp = pytest.importorskip("mcp", reason="the agents' tools need the serve extra (make install has it)")


def _server(db) -> "mcp.StdioServerParameters":
    return mcp.StdioServerParameters(command=sys.executable, args=[
        "-m", "nl2cypher", "mcp", "--db", str(db), "--today", DEMO_END.isoformat(), "--no-revise"])


def _calls(db, calls: list[tuple[str, dict]]) -> tuple[list, list]:
    """List the tools, then make `calls` in order, in one session with one server process."""

    async def run():
        async with mcp.Client(_server(db)) as client:
            tools = (await client.list_tools()).tools
            return tools, [await client.call_tool(name, args) for name, args in calls]

    return anyio.run(run)


@pytest.fixture(scope="module")
def session(demo_db):
    return _calls(demo_db, [
        ("ask", {"question": "贵州茅台昨天的收盘价是多少", "conversation": "t1"}),
        ("ask", {"question": "那五粮液呢", "conversation": "t1"}),
        ("ask", {"question": "那五粮液呢"}),
        ("ask", {"question": "白酒板块有哪些股票", "max_rows": 2}),
        ("ask", {"question": "明天茅台会涨吗"}),
        ("ask", {"question": "茅台今天收盘价", "today": "昨天"}),
        ("schema", {}),
        ("cypher", {"query": "MATCH (s:stock) WHERE s.name = $name RETURN s.code", "params": {"name": "贵州茅台"}}),
        ("cypher", {"query": "MATCH (s:stock) DETACH DELETE s"}),
        ("cypher", {"query": "MATCH (s:stock RETURN s"}),
    ])


def test_an_agent_sees_three_read_only_tools_described_for_it(session):
    tools, _ = session
    by_name = {t.name: t for t in tools}
    assert set(by_name) == {"ask", "schema", "cypher"}
    assert all(t.annotations.read_only_hint and not t.annotations.destructive_hint for t in tools)
    ask = by_name["ask"]
    assert "贵州茅台昨天的收盘价是多少" in ask.description and "confidence" in ask.description
    assert ask.input_schema["required"] == ["question"] and "conversation" in ask.input_schema["properties"]


def test_ask_answers_with_the_record_and_a_conversation_carries_the_follow_up(session):
    _, (first, follow, alone, cut, refused, bad_day, *_rest) = session
    rec = first.structured_content
    assert not first.is_error and rec["error"] is None and rec["rows"][0][-1] > 0
    assert rec["interpretation"].startswith("贵州茅台") and rec["confidence"] >= 0.5 and "$p0" in rec["cypher"]
    rec = follow.structured_content
    assert rec["resolved_question"] == "五粮液昨天的收盘价是多少" and rec["turn"] == 2
    assert rec["rows"][0][0] == "五粮液" and rec["rows"][0][-1] > 0
    # without the conversation the same words lean on nothing: the engine says so
    assert alone.structured_content["error"] or alone.structured_content["confidence"] < 0.5
    assert len(cut.structured_content["rows"]) == 2 and cut.structured_content["truncated"] is True
    rec = refused.structured_content
    assert rec["error_type"] == "OutOfScope" and rec["rows"] == []
    assert bad_day.is_error and "today" in bad_day.content[0].text and "YYYY-MM-DD" in bad_day.content[0].text


def test_schema_and_the_agents_own_read_only_cypher(session, demo_db):
    _, (*_asks, schema, read, write, broken) = session
    labels = schema.structured_content["labels"]
    assert "stock" in labels and labels["stock"]["properties"]["name"]["type"] == "string"
    assert read.structured_content["rows"] == [["600519"]]
    assert write.is_error and "WriteRefused" in write.content[0].text and "\n" not in write.content[0].text
    assert broken.is_error and "QueryError" in broken.content[0].text
    assert stock_count(demo_db) == 320


def test_mcp_without_a_kg_says_so_before_the_protocol_starts(tmp_path):
    from conftest import run_cli

    r = run_cli("mcp", "--db", str(tmp_path / "none.lbug"))
    assert r.returncode == 1 and "no KG" in r.stderr and "Traceback" not in r.stderr and r.stdout == ""
