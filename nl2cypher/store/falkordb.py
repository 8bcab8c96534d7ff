"""FalkorDB, a graph server (a Redis module), through the `falkordb` client.

Settings: `NL2CYPHER_FALKORDB_URL` (redis://host:port, default
redis://127.0.0.1:6379), `NL2CYPHER_FALKORDB_PASSWORD`, `NL2CYPHER_FALKORDB_GRAPH`
(default finance), or the matching options. Queries run as `GRAPH.RO_QUERY`: the
server itself refuses a write, behind the guard. The KG's schema, where it came
from and its aliases live in the graph (`_meta`, `_alias` nodes), so a load builds
a whole new graph beside the old one and swaps it in with one atomic RENAME."""

from __future__ import annotations

import csv
import datetime as dt
import os
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

from ..cypher import queries
from ..cypher.dialects import render
from ..errors import QueryError, StoreError, StoreNotFound
from ..schema import KEY, Schema
from .base import GraphStore, Result, StoreInfo, to_json_value
from .importer import PreparedKG, TableFile

DEFAULT_URL = "redis://127.0.0.1:6379"
DEFAULT_GRAPH = "finance"
META, ALIAS = "_meta", "_alias"
BATCH = 5_000  # rows a load sends in one query


def _one_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__


def _value(v: Any) -> Any:
    """FalkorDB values -> JSON-ready, as the embedded store gives them: nodes and
    edges as property maps, a local datetime without the zone the client adds."""
    from falkordb.edge import Edge
    from falkordb.node import Node
    from falkordb.path import Path

    if isinstance(v, Node):
        return {**{k: _value(x) for k, x in v.properties.items()}, "_label": v.labels[0] if len(v.labels) == 1
                else list(v.labels)}
    if isinstance(v, Edge):
        return {**{k: _value(x) for k, x in v.properties.items()}, "_type": v.relation}
    if isinstance(v, Path):
        return {"nodes": [_value(n) for n in v.nodes()], "relationships": [_value(e) for e in v.edges()]}
    if isinstance(v, dt.datetime):
        return v.replace(tzinfo=None).isoformat()
    if isinstance(v, list):
        return [_value(x) for x in v]
    if isinstance(v, dict):
        return {k: _value(x) for k, x in v.items()}
    return to_json_value(v)


class FalkorDBStore(GraphStore):
    backend = "falkordb"
    dialect = "falkordb"

    def __init__(self, url: str | None = None, password: str | None = None, graph: str | None = None,
                 timeout_s: float = 30.0, need_kg: bool = True):
        self.url = url or os.environ.get("NL2CYPHER_FALKORDB_URL") or DEFAULT_URL
        self.password = password if password is not None else os.environ.get("NL2CYPHER_FALKORDB_PASSWORD") or None
        self.graph_name = graph or os.environ.get("NL2CYPHER_FALKORDB_GRAPH") or DEFAULT_GRAPH
        self.timeout_s = timeout_s
        self.db = _connect(self.url, self.password)
        self.graph = self.db.select_graph(self.graph_name)
        self._call(self.db.list_graphs, None)  # reach the server (and the password) now, not at the first question
        self.meta = self._read_meta() if need_kg else {}
        if need_kg:
            self.schema = Schema.from_text(self.meta["schema"], origin=f"{self.location} (stored schema)")

    @property
    def location(self) -> str:
        return f"{self.url} graph {self.graph_name}"

    # ---- queries -------------------------------------------------------
    def _run(self, cypher: str, params: dict[str, Any], timeout_s: float | None,
             max_rows: int | None = None) -> Result:
        t0 = time.perf_counter()
        res = self._call(lambda: self.graph.ro_query(cypher, params, timeout=int(1000 * (timeout_s or self.timeout_s))),
                         timeout_s)
        rows = res.result_set
        cut = max_rows is not None and len(rows) > max_rows
        rows = [[_value(v) for v in row] for row in (rows[:max_rows] if cut else rows)]
        return Result([h[1] for h in res.header], rows, (time.perf_counter() - t0) * 1000, cut)

    def _explain(self, cypher: str, params: dict[str, Any]) -> None:
        self._call(lambda: self.graph.explain(cypher, params), None)

    def _call(self, fn: Callable[[], Any], timeout_s: float | None) -> Any:
        """One round trip; the server's and the network's failures as our errors."""
        import redis

        try:
            return fn()
        except redis.exceptions.ResponseError as e:
            msg = _one_line(e)
            if "timed out" in msg.lower():
                msg = f"query timed out after {timeout_s or self.timeout_s:g} s"
            raise QueryError(msg) from None
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as e:
            raise StoreError(f"cannot reach FalkorDB at {self.url}: {_one_line(e)}") from None
        except redis.exceptions.RedisError as e:
            raise StoreError(f"FalkorDB at {self.url}: {_one_line(e)}") from None

    def _read_meta(self) -> dict[str, str]:
        if self.graph_name not in self._call(self.db.list_graphs, None):
            raise StoreNotFound(f"no KG in graph {self.graph_name!r} at {self.url}: load one with "
                                "`nl2cypher kg load DIR --store falkordb`")
        rows = self._run(f"MATCH (m:{META}) RETURN m.key, m.value", {}, None).rows
        meta = {k: v for k, v in rows}
        if "schema" not in meta:
            raise StoreError(f"graph {self.graph_name!r} at {self.url} is not an nl2cypher KG (no schema recorded)")
        return meta

    def aliases(self) -> list[tuple[str, str, str]]:
        """(id, label, alias) triples from aliases.csv."""
        return [tuple(r) for r in self._run(f"MATCH (a:{ALIAS}) RETURN a.id, a.label, a.alias", {}, None).rows]

    def ids(self, labels: list[str]) -> dict[str, str]:
        """Every id of these labels, with its label (what a refresh may point at)."""
        return {nid: lab for lab in labels
                for (nid,) in self._run(render(queries.properties(lab, [KEY]), self.dialect), {}, None).rows}

    def info(self) -> StoreInfo:
        def one(q):
            return self._run(render(q, self.dialect), {}, None).rows[0]

        nodes = {lab: one(queries.count_nodes(lab))[0] for lab in self.schema.labels}
        edges = {e: one(queries.count_edges(e))[0] for e in self.schema.edges}
        spans = {lab: tuple(one(queries.span(lab, self.schema.labels[lab].day)))
                 for lab in self.schema.dynamic_labels if self.schema.labels[lab].day}
        return StoreInfo(self.backend, self.location, nodes, edges, spans, self.meta)

    def close(self) -> None:
        self.db.close()

    # ---- building ------------------------------------------------------
    def build(self, kg: PreparedKG, meta: dict[str, str], progress=None) -> None:
        """Write `kg` into a new graph beside this one and swap it in (the old
        graph, if any, is dropped only once the new one is complete)."""
        progress = progress or (lambda what, n: None)
        building = f"{self.graph_name}.building"
        self._drop(building)  # what a killed load left
        g = self.db.select_graph(building)
        for tf in kg.nodes:
            self._nodes(g, kg.schema, tf, progress)
        self._indexes(g, kg.schema)
        for tf in kg.edges:
            self._edges(g, kg.schema, tf, progress)
        self._write(g, f"UNWIND $rows AS r CREATE (:{META} {{key: r[0], value: r[1]}})",
                    [[k, str(v)] for k, v in {**meta, "schema": kg.schema.source_text,
                                              "loaded_at": dt.datetime.now().isoformat(timespec="seconds")}.items()])
        if kg.aliases is not None:
            self._write(g, f"UNWIND $rows AS r CREATE (:{ALIAS} {{id: r[1], label: r[2], alias: r[3]}})",
                        list(_csv_rows(kg.aliases)))
        self._swap(building)

    def refresh(self, kg: PreparedKG, replace: dict[str, list[str]], progress=None) -> None:
        """Replace or append daily rows on a copy of this graph (GRAPH.COPY keeps its
        indexes), then swap the copy in; `replace` names the ids deleted first."""
        progress = progress or (lambda what, n: None)
        building = f"{self.graph_name}.building"
        self._drop(building)
        self._call(lambda: self.db.connection.execute_command("GRAPH.COPY", self.graph_name, building), None)
        g = self.db.select_graph(building)
        for lab, ids in replace.items():
            self._write(g, f"UNWIND $rows AS r MATCH (n:{lab} {{{KEY}: r}}) DETACH DELETE n", ids)
        for tf in kg.nodes:
            self._nodes(g, kg.schema, tf, progress)
        for tf in kg.edges:
            self._edges(g, kg.schema, tf, progress)
        self._write(g, f"UNWIND $rows AS r MERGE (m:{META} {{key: r[0]}}) SET m.value = r[1]",
                    [["refreshed_at", dt.datetime.now().isoformat(timespec="seconds")]])
        self._swap(building)

    def _nodes(self, g, schema: Schema, tf: TableFile, progress) -> None:
        lab = schema.labels[tf.table]
        cols = [KEY] + [p for p in lab.properties if p != KEY]
        types = [lab.properties[c].type if c in lab.properties else "string" for c in cols]
        fields = ", ".join(f"{c}: {_typed(t, i)}" for i, (c, t) in enumerate(zip(cols, types)))
        for batch in _batches(_csv_rows(tf), types):
            self._write(g, f"UNWIND $rows AS r CREATE (:{tf.table} {{{fields}}})", batch)
            progress("load " + tf.table, len(batch))

    def _edges(self, g, schema: Schema, tf: TableFile, progress) -> None:
        edge = schema.edges[tf.table]
        props = list(edge.properties)
        types = ["string", "string"] + [edge.properties[p].type for p in props]
        fields = ", ".join(f"{p}: {_typed(t, i + 2)}" for i, (p, t) in enumerate(zip(props, types[2:])))
        create = f"CREATE (a)-[:{tf.table}{' {' + fields + '}' if fields else ''}]->(b)"
        for batch in _batches(_csv_rows(tf), types):
            self._write(g, f"UNWIND $rows AS r MATCH (a:{tf.src_label} {{{KEY}: r[0]}}) "
                           f"MATCH (b:{tf.dst_label} {{{KEY}: r[1]}}) {create}", batch)
            progress("load " + tf.table, len(batch))

    def _indexes(self, g, schema: Schema) -> None:
        """The id of every label (edges find their ends by it), and what questions
        look things up by: names, codes, days. Waits until they can be used."""
        for lab in schema.labels.values():
            for prop in dict.fromkeys([KEY, *lab.names, *([lab.day] if lab.day else [])]):
                self._call(lambda: g.query(f"CREATE INDEX FOR (n:{lab.name}) ON (n.{prop})"), None)
        deadline = time.monotonic() + 600
        while any(row[-1] != "OPERATIONAL" for row in self._call(
                lambda: g.ro_query("CALL db.indexes() YIELD label, status RETURN label, status"), None).result_set):
            if time.monotonic() > deadline:
                raise StoreError(f"FalkorDB at {self.url}: indexes not ready after 10 minutes")
            time.sleep(0.05)

    def _write(self, g, cypher: str, rows: list[list]) -> None:
        for k in range(0, len(rows), BATCH):
            self._call(lambda: g.query(cypher, {"rows": rows[k:k + BATCH]}), None)

    def _swap(self, building: str) -> None:
        """The new graph takes the name in one transaction; then the old is dropped."""
        old = f"{self.graph_name}.old"
        self._drop(old)
        pipe = self.db.connection.pipeline(transaction=True)
        if self.graph_name in self._call(self.db.list_graphs, None):
            pipe.rename(self.graph_name, old)
        pipe.rename(building, self.graph_name)
        self._call(pipe.execute, None)
        self._drop(old)

    def _drop(self, name: str) -> None:
        if name in self._call(self.db.list_graphs, None):
            self._call(self.db.select_graph(name).delete, None)


def _connect(url: str, password: str | None):
    try:
        from falkordb import FalkorDB
    except ImportError:
        raise StoreError("the FalkorDB store needs its client: pip install 'nl2cypher[falkordb]'") from None

    parts = urlsplit(url if "://" in url else f"redis://{url}")
    if parts.scheme not in ("redis", "rediss") or not parts.hostname:
        raise StoreError(f"FalkorDB URL {url!r}: expected redis://host:port")
    try:
        return FalkorDB(host=parts.hostname, port=parts.port or 6379, password=password or parts.password,
                        username=parts.username or None, ssl=parts.scheme == "rediss", socket_connect_timeout=5)
    except Exception as e:  # noqa: BLE001 - the client checks the server as it connects
        raise StoreError(f"cannot reach FalkorDB at {url}: {_one_line(e)}") from None


def _typed(kind: str, i: int) -> str:
    """The load query's expression for column i: dates and datetimes are made by the server."""
    return {"date": f"date(r[{i}])", "datetime": f"localdatetime(r[{i}])"}.get(kind, f"r[{i}]")


_PARSE: dict[str, Callable[[str], Any]] = {
    "int": int, "float": float, "bool": lambda v: v == "true", "string": str, "date": str,
    "datetime": lambda v: v.replace(" ", "T"),
}


def _csv_rows(tf: TableFile) -> Iterator[list[str]]:
    with open(tf.path, newline="", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        next(reader)
        yield from reader


def _batches(rows: Iterator[list[str]], types: list[str]) -> Iterator[list[list]]:
    """Rows with their values typed (an empty cell is no value), BATCH at a time."""
    parse = [_PARSE[t] for t in types]
    batch: list[list] = []
    for row in rows:
        batch.append([p(v) if v != "" else None for p, v in zip(parse, row)])
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch
