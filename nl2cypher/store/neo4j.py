"""Neo4j through the official driver: bolt:// or neo4j:// (cluster, Aura),
read-only sessions routed to readers. Settings: NEO4J_URI, NEO4J_USERNAME,
NEO4J_PASSWORD, NEO4J_DATABASE."""

from __future__ import annotations

import os
import time
from typing import Any

from ..cypher import queries
from ..cypher.dialects import render
from ..errors import QueryError, StoreError, WriteRefused
from ..schema import Schema, default_schema
from .base import GraphStore, Result, StoreInfo, to_json_value


def _value(v: Any) -> Any:
    import neo4j.graph
    import neo4j.time

    if isinstance(v, neo4j.graph.Node):
        out = {k: _value(x) for k, x in v.items()}
        labels = sorted(v.labels)
        out["_label"] = labels[0] if len(labels) == 1 else labels
        return out
    if isinstance(v, neo4j.graph.Relationship):
        out = {k: _value(x) for k, x in v.items()}
        out["_type"] = v.type
        return out
    if isinstance(v, neo4j.graph.Path):
        return {"nodes": [_value(n) for n in v.nodes], "relationships": [_value(r) for r in v.relationships]}
    if isinstance(v, (neo4j.time.Date, neo4j.time.DateTime, neo4j.time.Time)):
        return v.iso_format()
    if isinstance(v, neo4j.time.Duration):
        return str(v)
    if isinstance(v, list):
        return [_value(x) for x in v]
    if isinstance(v, dict):
        return {k: _value(x) for k, x in v.items()}
    return to_json_value(v)


class Neo4jStore(GraphStore):
    backend = "neo4j"
    dialect = "neo4j"

    def __init__(self, uri: str | None = None, user: str | None = None, password: str | None = None,
                 database: str | None = None, schema: Schema | None = None, timeout_s: float = 30.0):
        self.uri = uri or os.environ.get("NEO4J_URI")
        if not self.uri:
            raise StoreError("no Neo4j URI: pass --neo4j-uri or set NEO4J_URI")
        self.user = user or os.environ.get("NEO4J_USERNAME", "neo4j")
        self.password = password if password is not None else os.environ.get("NEO4J_PASSWORD", "")
        self.database = database or os.environ.get("NEO4J_DATABASE") or None
        self.schema = schema or default_schema()
        self.timeout_s = timeout_s
        self._driver = None  # connect on first use, so refusals need no server

    def _session(self):
        import neo4j

        if self._driver is None:
            try:
                self._driver = neo4j.GraphDatabase.driver(self.uri, auth=(self.user, self.password))
                self._driver.verify_connectivity()
            except Exception as e:
                self._driver = None
                raise StoreError(f"cannot reach Neo4j at {self.uri}: {_first_line(e)}") from None
        return self._driver.session(database=self.database, default_access_mode=neo4j.READ_ACCESS)

    def _tx(self, cypher: str, params: dict[str, Any], timeout_s: float | None, max_rows: int | None = None):
        import neo4j

        query = neo4j.Query(cypher, timeout=timeout_s or self.timeout_s)
        try:
            with self._session() as s:
                return s.execute_read(lambda tx: _run_in(tx, query, params, max_rows))
        except neo4j.exceptions.Neo4jError as e:
            raise QueryError(f"{e.code}: {_first_line(e.message or e)}") from None
        except neo4j.exceptions.DriverError as e:
            raise StoreError(f"Neo4j at {self.uri}: {_first_line(e)}") from None

    def _run(self, cypher: str, params: dict[str, Any], timeout_s: float | None,
             max_rows: int | None = None) -> Result:
        t0 = time.perf_counter()
        keys, rows, cut, _ = self._tx(cypher, params, timeout_s, max_rows)
        return Result(list(keys), rows, (time.perf_counter() - t0) * 1000, cut)

    def _explain(self, cypher: str, params: dict[str, Any]) -> None:
        # defence in depth: the server's own plan must say the query only reads
        *_, query_type = self._tx("EXPLAIN " + cypher, params, None)
        if query_type not in (None, "r"):
            raise WriteRefused(f"refused: Neo4j plans this query as {query_type!r}, not read-only ('r')")

    def info(self) -> StoreInfo:
        def one(q):
            return self._run(render(q, self.dialect), {}, None).rows[0]

        nodes = {lab: one(queries.count_nodes(lab))[0] for lab in self.schema.labels}
        edges = {e: one(queries.count_edges(e))[0] for e in self.schema.edges}
        spans = {}
        for lab in self.schema.dynamic_labels:
            day = self.schema.labels[lab].day
            if day:
                spans[lab] = tuple(one(queries.span(lab, day)))
        return StoreInfo(self.backend, self.uri, nodes, edges, spans, {})

    def close(self) -> None:
        if self._driver is not None:
            self._driver.close()
            self._driver = None


def _run_in(tx, query, params, max_rows=None):
    res = tx.run(query, params)
    keys = res.keys()
    rows, cut = [], False
    for rec in res:
        if max_rows is not None and len(rows) >= max_rows:
            cut = True
            break
        rows.append([_value(v) for v in rec.values()])
    summary = res.consume()
    return keys, rows, cut, getattr(summary, "query_type", None)


def _first_line(e: object) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__
