"""Issue 14: the HTTP service over a real uvicorn on a loopback port, and the web
page in a real headless Chromium (Debian's, installed by `make test`)."""

from __future__ import annotations

import http.client
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from conftest import DEMO_END, run_cli, stock_count

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = ("question", "cypher", "params", "columns", "rows", "error", "elapsed_ms")


class Server:
    def __init__(self, app):
        import uvicorn

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                break
            time.sleep(0.05)

    def request(self, method: str, path: str, body=None, headers: dict | None = None, raw: bytes | None = None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        data = raw if raw is not None else (None if body is None else json.dumps(body, ensure_ascii=False).encode())
        h = {"content-type": "application/json"} if data is not None else {}
        h.update(headers or {})
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        text = r.read().decode("utf-8", "replace")
        c.close()
        return r.status, r.getheader("content-type") or "", text

    def json(self, method: str, path: str, body=None, **kw):
        status, _, text = self.request(method, path, body, **kw)
        return status, json.loads(text) if text else None

    def stop(self):
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def service(demo_db, tmp_path_factory):
    from nl2cypher.engine import Engine
    from nl2cypher.service import create_app

    db = tmp_path_factory.mktemp("svc") / "demo.lbug"
    shutil.copy(demo_db, db)
    engine = Engine(db, DEMO_END)
    srv = Server(create_app(engine))
    srv.db = db
    yield srv
    srv.stop()
    engine.close()


def test_ask_answers_with_the_batch_record(service):
    status, rec = service.json("POST", "/ask", {"question": "贵州茅台昨天的收盘价是多少"})
    assert status == 200
    assert all(k in rec for k in CONTRACT) and rec["error"] is None
    assert rec["rows"][0][-1] > 0 and "$p0" in rec["cypher"] and rec["params"] == {"p0": "贵州茅台"}
    assert rec["interpretation"].startswith("贵州茅台") and rec["confidence"] >= 0.5 and rec["truncated"] is False
    status, cut = service.json("POST", "/ask", {"question": "白酒板块有哪些股票", "max_rows": 2})
    assert status == 200 and len(cut["rows"]) == 2 and cut["truncated"] is True
    status, refused = service.json("POST", "/ask", {"question": "明天茅台会涨吗"})
    assert status == 200 and refused["error"] and refused["error_type"] == "OutOfScope" and refused["rows"] == []


def test_batch_streams_ndjson_and_a_failed_question_does_not_end_it(service):
    status, ctype, text = service.request("POST", "/batch", {"questions": ["五粮液今天的收盘价", "明天会涨吗",
                                                                          "王明管理的基金有哪些"]})
    assert status == 200 and "ndjson" in ctype
    recs = [json.loads(line) for line in text.splitlines()]
    assert [r["id"] for r in recs] == [1, 2, 3]
    assert recs[0]["error"] is None and recs[1]["error"] and recs[2]["rows"]


def test_an_uploaded_conversation_file_is_answered_turn_by_turn(service):
    lines = [{"conversation": "a", "question": "贵州茅台昨天的收盘价是多少"}, {"conversation": "a", "question": "那五粮液呢"}]
    body = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines).encode()
    boundary = "nl2cypherboundary"
    raw = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"conv.jsonl\"\r\n"
           f"Content-Type: application/x-ndjson\r\n\r\n").encode() + body + f"\r\n--{boundary}--\r\n".encode()
    status, _, text = service.request("POST", "/batch/file", raw=raw,
                                      headers={"content-type": f"multipart/form-data; boundary={boundary}"})
    assert status == 200, text
    recs = [json.loads(line) for line in text.splitlines()]
    assert recs[1]["resolved_question"] == "五粮液昨天的收盘价是多少" and recs[1]["turn"] == 2


def test_ask_with_a_session_id_is_a_turn_of_that_conversation(service):
    """The contract: POST /ask {"question", "today"?, "session"?}; a client may name its own conversation."""
    status, first = service.json("POST", "/ask", {"question": "贵州茅台昨天的收盘价是多少", "session": "analyst-7"})
    assert status == 200 and first["turn"] == 1
    status, rec = service.json("POST", "/ask", {"question": "那五粮液呢", "session": "analyst-7"})
    assert status == 200 and rec["resolved_question"] == "五粮液昨天的收盘价是多少" and rec["turn"] == 2
    status, other = service.json("POST", "/ask", {"question": "那五粮液呢", "session": "analyst-8"})
    assert status == 200 and other["turn"] == 1  # another conversation knows nothing of the first
    status, bad = service.json("POST", "/ask", {"question": "昨天呢", "session": "../../x"})
    assert status == 422 and bad["error"].startswith("session")


def test_conversations_live_on_the_server(service):
    status, made = service.json("POST", "/sessions")
    assert status == 201
    sid = made["id"]
    service.json("POST", f"/sessions/{sid}/ask", {"question": "招商银行今天涨了多少"})
    status, rec = service.json("POST", f"/sessions/{sid}/ask", {"question": "昨天呢"})
    assert status == 200 and rec["resolved_question"] == "招商银行昨天涨了多少" and rec["turn"] == 2
    status, kept = service.json("GET", f"/sessions/{sid}")
    assert status == 200 and len(kept["turns"]) == 2
    assert service.json("DELETE", f"/sessions/{sid}")[0] == 204
    status, gone = service.json("POST", f"/sessions/{sid}/ask", {"question": "昨天呢"})
    assert status == 404 and gone["error_type"] == "NotFound" and "POST /sessions" in gone["error"]


def test_schema_stats_health_and_the_openapi_document(service):
    status, schema = service.json("GET", "/schema")
    assert status == 200 and schema["labels"]["stock_data"]["candles"]["close"] == "closing_price"
    status, stats = service.json("GET", "/kg/stats")
    assert status == 200 and stats["nodes"]["stock"] == stock_count(service.db) and stats["synthetic"] is True
    assert service.json("GET", "/health")[1]["status"] == "ok"
    status, spec = service.json("GET", "/openapi.json")
    assert status == 200 and {"/ask", "/batch", "/sessions", "/schema", "/kg/stats", "/health"} <= set(spec["paths"])
    assert service.request("GET", "/docs")[0] == 200


def _malformed(rng: random.Random) -> tuple[str, str, bytes | None, dict]:
    """A request a careless or hostile client might send."""
    junk = [None, 1, -1, 1.5, True, [], {}, "x" * 600, "\ud800", "", " ", "贵州茅台" * 200, {"question": 1}, [1, 2]]
    kinds = rng.randrange(12)
    if kinds == 0:
        return "POST", "/ask", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))), {}
    if kinds == 1:
        return "POST", "/ask", json.dumps({"question": rng.choice(junk)}).encode(), {}
    if kinds == 2:
        return "POST", "/ask", json.dumps({"question": "五粮液", rng.choice(["x", "sql", "cypher"]): 1}).encode(), {}
    if kinds == 3:
        return "POST", "/ask", json.dumps({"question": "五粮液", "max_rows": rng.choice([0, -5, 10**9, "a", 1.5])}).encode(), {}
    if kinds == 4:
        return "POST", "/ask", json.dumps({"question": "五粮液", "today": rng.choice(["昨天", "2024-13-45", 5, ""])}).encode(), {}
    if kinds == 5:
        return "POST", "/batch", json.dumps({"questions": rng.choice([[], "q", [1], ["q"] * 1001, None])}).encode(), {}
    if kinds == 6:
        return "POST", f"/sessions/{rng.choice(['nope', 'x' * 300, '../../etc', '%00'])}/ask", \
            json.dumps({"question": "昨天呢"}).encode(), {}
    if kinds == 7:
        return rng.choice(["PUT", "PATCH", "DELETE"]), rng.choice(["/ask", "/batch", "/schema"]), b"{}", {}
    if kinds == 8:
        return "GET", rng.choice(["/nope", "/ask/1", "/static/../../pyproject.toml", "/sessions"]), None, {}
    if kinds == 9:
        return "POST", "/ask", b"x" * 1_200_000, {}
    if kinds == 10:
        return "POST", "/ask", json.dumps(rng.choice(junk)).encode(), {}
    return "POST", "/batch/file", b"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"q.bin\"\r\n\r\n" \
        + bytes(rng.randrange(256) for _ in range(40)) + b"\r\n--b--\r\n", {"content-type": "multipart/form-data; boundary=b"}


def test_malformed_requests_get_json_4xx_never_5xx_nor_a_trace_nor_a_write(service):
    rng = random.Random(14)
    before = stock_count(service.db)
    seen = set()
    for _ in range(240):
        method, path, raw, headers = _malformed(rng)
        status, ctype, text = service.request(method, path, raw=raw, headers=headers)
        seen.add(status)
        assert 400 <= status < 500, (method, path, raw[:80] if raw else raw, status, text[:200])
        assert "json" in ctype and "error" in json.loads(text), text[:200]
        assert "Traceback" not in text and 'File "' not in text
    assert {400, 404, 405, 413, 422} <= seen
    assert stock_count(service.db) == before


def test_agents_reach_the_same_answers_over_mcp_at_slash_mcp(service):
    """Issue 25: an MCP client over streamable HTTP; a conversation is the tools' own argument."""
    import anyio
    from mcp import Client

    async def turns():
        async with Client(f"http://127.0.0.1:{service.port}/mcp") as client:
            first = await client.call_tool("ask", {"question": "贵州茅台昨天的收盘价是多少", "conversation": "web-1"})
            then = await client.call_tool("ask", {"question": "那五粮液呢", "conversation": "web-1"})
            return first.structured_content, then.structured_content

    first, then = anyio.run(turns)
    status, direct = service.json("POST", "/ask", {"question": "贵州茅台昨天的收盘价是多少"})
    assert first["rows"] == direct["rows"] and first["cypher"] == direct["cypher"]
    assert then["resolved_question"] == "五粮液昨天的收盘价是多少" and then["rows"][0][0] == "五粮液"
    # the HTTP API sees the conversation the agent started: one place keeps them
    status, conv = service.json("GET", "/sessions/web-1")
    assert status == 200 and len(conv["turns"]) == 2


def test_a_token_guards_the_api_when_set(demo_db):
    from nl2cypher.engine import Engine
    from nl2cypher.service import create_app

    engine = Engine(demo_db, DEMO_END)
    srv = Server(create_app(engine, token="s3cret"))
    try:
        status, body = srv.json("POST", "/ask", {"question": "五粮液今天的收盘价"})
        assert status == 401 and body["error_type"] == "Unauthorized"
        status, body = srv.json("POST", "/ask", {"question": "五粮液今天的收盘价"},
                                headers={"authorization": "Bearer s3cret"})
        assert status == 200 and body["rows"]
        assert srv.json("GET", "/health")[0] == 200  # health needs no token
        mcp_list = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
        accept = {"accept": "application/json, text/event-stream"}
        status, _, text = srv.request("POST", "/mcp", mcp_list, headers=accept)
        assert status == 401 and json.loads(text)["error_type"] == "Unauthorized"  # the agents' tools too
        status, _, text = srv.request("POST", "/mcp", mcp_list, headers={**accept, "authorization": "Bearer s3cret"})
        assert status == 200 and {t["name"] for t in json.loads(text)["result"]["tools"]} == {"ask", "schema", "cypher"}
    finally:
        srv.stop()
        engine.close()


def test_serve_refuses_to_bind_beyond_loopback_without_a_token(demo_db):
    env = {k: v for k, v in os.environ.items() if k != "NL2CYPHER_API_TOKEN"}
    r = run_cli("serve", "--host", "0.0.0.0", "--port", "8799", db=demo_db, env=env)
    assert r.returncode == 1 and "NL2CYPHER_API_TOKEN" in r.stderr and "Traceback" not in r.stderr


def _browser():
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not driver:
        pytest.skip("Debian's chromium and chromium-driver are not installed (`make test` installs them)")
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    o = Options()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--user-data-dir={tempfile.mkdtemp()}",
              "--window-size=1300,1000"):
        o.add_argument(a)
    o.binary_location = chromium
    return webdriver.Chrome(options=o, service=Service(driver))


def test_the_page_asks_and_shows_table_interpretation_and_chart(service):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    if not (ROOT / "nl2cypher" / "service" / "web" / "vendor" / "echarts.min.js").is_file():
        pytest.fail("the chart library is missing: `make install` fetches it from the npm registry")
    d = _browser()
    try:
        d.get(f"http://127.0.0.1:{service.port}/")
        d.find_element(By.ID, "q").send_keys("贵州茅台最近10个交易日的开盘价、收盘价、最高价、最低价和成交量")
        d.find_element(By.CSS_SELECTOR, "button.primary").click()
        WebDriverWait(d, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#table td"))
        WebDriverWait(d, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#chart canvas"))
        assert "贵州茅台" in d.find_element(By.ID, "understood").text
        assert len(d.find_elements(By.CSS_SELECTOR, "#table tbody tr")) == 10
        assert "MATCH" in d.find_element(By.ID, "cypher").text
        out = Path(os.environ.get("NL2CYPHER_ARTIFACTS", ROOT / "build" / "artifacts"))
        out.mkdir(parents=True, exist_ok=True)
        time.sleep(0.5)  # the chart's entry animation
        assert d.save_screenshot(str(out / "page.png"))
        # a follow-up in the same conversation, then a question the engine refuses
        q = d.find_element(By.ID, "q")
        q.clear()
        q.send_keys("那五粮液呢")
        d.find_element(By.CSS_SELECTOR, "button.primary").click()
        WebDriverWait(d, 30).until(lambda d: "五粮液" in d.find_element(By.ID, "resolved").text)
        q.clear()
        q.send_keys("明天茅台会涨吗")
        d.find_element(By.CSS_SELECTOR, "button.primary").click()
        WebDriverWait(d, 30).until(lambda d: d.find_element(By.ID, "error").text)
        assert "知识图谱" in d.find_element(By.ID, "error").text or "图谱" in d.find_element(By.ID, "error").text
        assert not d.find_elements(By.CSS_SELECTOR, "#chart canvas") or \
            "hidden" in d.find_element(By.ID, "chartcard").get_attribute("class")
    finally:
        d.quit()


def test_a_conversation_goes_on_when_its_next_turn_reaches_another_worker(demo_db, tmp_path):
    """Issue 25: `serve --workers 2` — two processes, each its own warm engine over
    the one KG; conversations kept in one file both read."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "NL2CYPHER_DB": str(demo_db), "NL2CYPHER_REVISE": "never"}
    kept = tmp_path / "conversations.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "nl2cypher", "serve", "--port", str(port), "--workers", "2",
                             "--today", DEMO_END.isoformat(), "--conversations", str(kept)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        by_worker = _one_connection_per_worker(proc, port, 2)
        (first, a), (second, b) = by_worker.items()
        status, turn1 = _post(a, "/ask", {"question": "贵州茅台昨天的收盘价是多少", "session": "w1"})
        assert status == 200 and turn1["turn"] == 1
        status, turn2 = _post(b, "/ask", {"question": "那五粮液呢", "session": "w1"})
        assert status == 200 and turn2["turn"] == 2 and turn2["resolved_question"] == "五粮液昨天的收盘价是多少"
        assert turn2["rows"][0][0] == "五粮液" and first != second
        status, conv = _post(a, "/sessions/w1", None, "GET")  # and the first worker sees both turns
        assert status == 200 and [t["question"] for t in conv["turns"]] == ["贵州茅台昨天的收盘价是多少", "那五粮液呢"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert proc.returncode == 0


def _one_connection_per_worker(proc, port: int, workers: int) -> dict:
    """Keep-alive connections until each worker (its pid in /health) holds one."""
    found: dict[int, http.client.HTTPConnection] = {}
    deadline = time.monotonic() + 240
    while len(found) < workers:
        assert proc.poll() is None and time.monotonic() < deadline, \
            proc.stderr.read() if proc.poll() is not None else "timeout"
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            status, health = _post(c, "/health", None, "GET")
        except OSError:
            time.sleep(0.2)
            continue
        if health["worker"] in found:
            c.close()
        else:
            found[health["worker"]] = c
    return found


def _post(c: http.client.HTTPConnection, path: str, body, method: str = "POST"):
    data = None if body is None else json.dumps(body, ensure_ascii=False).encode()
    c.request(method, path, body=data, headers={"content-type": "application/json"} if data else {})
    r = c.getresponse()
    return r.status, json.loads(r.read() or b"null")


def test_workers_with_a_conversation_file_they_cannot_keep_end_with_one_line(demo_db, tmp_path):
    """serve --workers 2 --conversations <a file no one can write>: a one-line error and a non-zero exit,
    before any worker starts (the file is made once, by the service, so its workers open it side by side)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    p = subprocess.run([sys.executable, "-m", "nl2cypher", "serve", "--port", str(port), "--workers", "2", "--db",
                        str(demo_db), "--conversations", str(tmp_path / "no" / "such" / "dir" / "c.sqlite")],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode != 0 and "cannot keep conversations" in p.stderr and "Traceback" not in p.stderr, p.stderr
