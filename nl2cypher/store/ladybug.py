"""The embedded store: a Ladybug (Kùzu) database in one file.

Queries open the file read-only. Loads and refreshes build a new file beside
the old one and swap it in with one rename, so a refused or failed load leaves
the previous KG as it was."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ladybug

from ..cypher import queries
from ..cypher.dialects import render
from ..errors import QueryError, StoreError, StoreNotFound
from ..schema import KEY, Schema
from .base import GraphStore, Result, StoreInfo, to_json_value
from .importer import PreparedKG, TableFile

LADYBUG_TYPES = {
    "string": "STRING", "int": "INT64", "float": "DOUBLE", "bool": "BOOLEAN",
    "date": "DATE", "datetime": "TIMESTAMP",
}
META_TABLE, ALIAS_TABLE = "_meta", "_alias"
FORMAT_VERSION = "1"


def _one_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return text[0] if text else type(e).__name__


def _lb_value(v: Any) -> Any:
    """Ladybug values -> JSON-ready: nodes and relationships lose internal ids."""
    if isinstance(v, dict):
        if "_NODES" in v and "_RELS" in v:
            return {"nodes": [_lb_value(n) for n in v["_NODES"]], "relationships": [_lb_value(r) for r in v["_RELS"]]}
        if "_LABEL" in v and "_ID" in v:
            is_rel = "_SRC" in v
            out = {k: to_json_value(x) for k, x in v.items() if not k.startswith("_")}
            out["_type" if is_rel else "_label"] = v["_LABEL"]
            return out
        return {k: _lb_value(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_lb_value(x) for x in v]
    return to_json_value(v)


class _PoolFull(QueryError):
    """The database's page cache is full and nothing in it could be freed."""


def buffer_pool_for(path: Path) -> int:
    """The store's page cache in MB: `NL2CYPHER_BUFFER_POOL_MB`, else twice the
    file's size within 512-1,536 MB. Ladybug's own default is most of the machine's
    memory, which a long-running server fills page by page (6.9 GB at market size).
    Queries' working memory comes from the same pool, and what it keeps grows past
    the file's size (a demo KG of 29 MB ran 256 MB full after about 460 questions,
    never 512 MB in 2,000), hence the floor; if it does run full, the store reopens."""
    given = os.environ.get("NL2CYPHER_BUFFER_POOL_MB", "").strip()
    if given:
        if not given.isdigit() or int(given) < 64:
            raise StoreError(f"NL2CYPHER_BUFFER_POOL_MB={given!r}: a whole number of MB, at least 64")
        return int(given)
    return min(1536, max(512, 2 * (path.stat().st_size // 2**20 + 1)))


class LadybugStore(GraphStore):
    backend = "ladybug"
    dialect = "ladybug"

    def __init__(self, path: str | Path, timeout_s: float = 30.0, buffer_pool_mb: int | None = None):
        self.path = Path(path)
        if not self.path.is_file():
            raise StoreNotFound(f"no KG at {self.path}: run `nl2cypher kg load DIR` or `nl2cypher kg demo` first")
        self.buffer_pool_mb = buffer_pool_mb or buffer_pool_for(self.path)
        self.reopened = 0  # times the page cache ran full and the database was opened afresh
        try:
            self._db = self._open()
            self._conn = ladybug.Connection(self._db)
        except Exception as e:  # corrupt file, locked by a writer, not a Ladybug file
            raise StoreError(f"cannot open KG {self.path}: {_one_line(e)}") from None
        self.timeout_s = timeout_s
        self.meta = self._read_meta()
        if "schema" not in self.meta:
            raise StoreError(f"{self.path} is not an nl2cypher KG (no schema recorded); load it with `nl2cypher kg load`")
        self.schema = Schema.from_text(self.meta["schema"], origin=f"{self.path} (stored schema)")

    # ---- queries -------------------------------------------------------
    def _execute(self, cypher: str, params: dict[str, Any], timeout_s: float | None, max_rows: int | None = None):
        """`_attempt`, once more on a freshly opened database if the page cache ran
        full: Ladybug does not recover from that by itself (every later query would
        fail too), and a long-running server must."""
        try:
            return self._attempt(cypher, params, timeout_s, max_rows)
        except _PoolFull:
            self._reopen()
            return self._attempt(cypher, params, timeout_s, max_rows)

    def _reopen(self) -> None:
        self.reopened += 1
        self.close()
        self._db = self._open()
        self._conn = ladybug.Connection(self._db)

    def _open(self):
        # several workers on one machine each take their share of its cores (NL2CYPHER_THREADS)
        threads = int(os.environ.get("NL2CYPHER_THREADS") or 0)
        return ladybug.Database(str(self.path), read_only=True, buffer_pool_size=self.buffer_pool_mb * 2**20,
                                max_num_threads=threads)

    def _attempt(self, cypher: str, params: dict[str, Any], timeout_s: float | None, max_rows: int | None = None):
        """Run one statement and fetch its rows (at most `max_rows`, then say so) on
        a worker thread. The database's own timeout interrupts between operators,
        but not inside one function call (a huge range()): if the query is still
        running half a second after its timeout, the connection is interrupted and
        abandoned to finish on its own, and the caller gets the timeout now."""
        limit = timeout_s or self.timeout_s
        conn = self._conn
        conn.set_query_timeout(int(1000 * limit))
        box: dict[str, Any] = {}

        def work() -> None:
            try:
                res = conn.execute(cypher, params)
                if isinstance(res, list):  # several statements; the guard refuses these first
                    raise QueryError("one statement at a time")
                rows, cut = [], False
                while res.has_next():
                    if max_rows is not None and len(rows) >= max_rows:
                        cut = True
                        break
                    rows.append([_lb_value(v) for v in res.get_next()])
                box["out"] = (res.get_column_names(), rows, cut)
                res.close()
            except BaseException as e:  # noqa: BLE001 - handed to the caller below
                box["error"] = e

        worker = threading.Thread(target=work, daemon=True, name="ladybug-query")
        worker.start()
        worker.join(limit + 0.5)  # the promise is timeout + 1 s: leave room to open a new connection
        if worker.is_alive():
            with contextlib.suppress(Exception):
                conn.interrupt()
            self._conn = ladybug.Connection(self._db)  # the old one is busy until the runaway ends
            raise QueryError(f"query timed out after {limit:g} s")
        err = box.get("error")
        if isinstance(err, RuntimeError):
            msg = _one_line(err)
            if msg.startswith("Interrupted"):
                msg = f"query timed out after {limit:g} s"
            raise (_PoolFull if msg.startswith("Buffer manager exception") else QueryError)(msg) from None
        if err is not None:
            raise err
        return box["out"]

    def _run(self, cypher: str, params: dict[str, Any], timeout_s: float | None,
             max_rows: int | None = None) -> Result:
        t0 = time.perf_counter()
        columns, rows, cut = self._execute(cypher, params, timeout_s, max_rows)
        return Result(columns, rows, (time.perf_counter() - t0) * 1000, cut)

    def _explain(self, cypher: str, params: dict[str, Any]) -> None:
        self._execute("EXPLAIN " + cypher, params, None)

    def _scalar(self, cypher: str, params: dict[str, Any] | None = None) -> Any:
        rows = self._run(cypher, params or {}, None).rows
        return rows[0][0] if rows else None

    def _read_meta(self) -> dict[str, str]:
        try:
            res = self._conn.execute(f"MATCH (m:{META_TABLE}) RETURN m.key, m.value")
        except RuntimeError:
            return {}
        out = {}
        while res.has_next():
            k, v = res.get_next()
            out[k] = v
        return out

    def aliases(self) -> list[tuple[str, str, str]]:
        """(id, label, alias) triples from aliases.csv."""
        res = self._conn.execute(f"MATCH (a:{ALIAS_TABLE}) RETURN a.id, a.label, a.alias")
        out = []
        while res.has_next():
            out.append(tuple(res.get_next()))
        return out

    def ids(self, labels: list[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for lab in labels:
            for (nid,) in self._run(render(queries.properties(lab, [KEY]), self.dialect), {}, None).rows:
                out[nid] = lab
        return out

    def info(self) -> StoreInfo:
        nodes = {lab: self._scalar(render(queries.count_nodes(lab), self.dialect)) for lab in self.schema.labels}
        edges = {}
        for e in self.schema.edges.values():
            edges[e.name] = self._scalar(render(queries.count_edges(e.name), self.dialect))
        spans = {}
        for lab in self.schema.dynamic_labels:
            day = self.schema.labels[lab].day
            if day:
                row = self._run(render(queries.span(lab, day), self.dialect), {}, None).rows[0]
                spans[lab] = (row[0], row[1], row[2])
        return StoreInfo(self.backend, str(self.path), nodes, edges, spans, self.meta)

    def close(self) -> None:
        conn, db = getattr(self, "_conn", None), getattr(self, "_db", None)
        self._conn = self._db = None
        if conn is not None:
            conn.close()
        if db is not None:
            db.close()

    # ---- building ------------------------------------------------------
    @classmethod
    def build(cls, path: str | Path, kg: PreparedKG, meta: dict[str, str],
              progress: Callable[[str, int], None] | None = None) -> None:
        """Create a new KG file from a validated directory and swap it in."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        with _aside(path, copy=False, what="load") as conn:
            for stmt in ddl(kg.schema):
                conn.execute(stmt)
            _copy_all(conn, kg, progress)
            _write_meta(conn, {**meta, "schema": kg.schema.source_text, "format": FORMAT_VERSION,
                               "loaded_at": dt.datetime.now().isoformat(timespec="seconds")})

    @classmethod
    def refresh(cls, path: str | Path, kg: PreparedKG, replace_ids: dict[str, list[str]],
                meta: dict[str, str], progress: Callable[[str, int], None] | None = None) -> None:
        """Replace/append dynamic rows on a copy of the KG file, then swap it in.
        `replace_ids` maps a label to ids already present, which are deleted with
        their edges before the new rows go in. Static labels are not touched."""
        with _aside(Path(path), copy=True, what="refresh") as conn:
            for lab, ids in replace_ids.items():
                for i in range(0, len(ids), 10_000):
                    conn.execute(f"MATCH (n:{lab}) WHERE n.{KEY} IN $ids DETACH DELETE n", {"ids": ids[i:i + 10_000]})
            _copy_all(conn, kg, progress)
            old = {}
            res = conn.execute(f"MATCH (m:{META_TABLE}) RETURN m.key, m.value")
            while res.has_next():
                k, v = res.get_next()
                old[k] = v
            conn.execute(f"MATCH (m:{META_TABLE}) DELETE m")
            _write_meta(conn, {**old, **meta, "refreshed_at": dt.datetime.now().isoformat(timespec="seconds")})


@contextlib.contextmanager
def _aside(path: Path, copy: bool, what: str):
    """A writable connection to a new file beside `path` (a copy of it when
    `copy`); on success the file replaces `path` in one rename, on any failure
    it is removed and `path` is untouched."""
    tmp = _temp_sibling(path)
    try:
        if copy:
            shutil.copyfile(path, tmp)
        db = ladybug.Database(str(tmp))
        conn = ladybug.Connection(db)
        try:
            yield conn
        finally:
            conn.close()
            db.close()
        _swap(tmp, path)
    except RuntimeError as e:
        raise StoreError(f"{what} failed, the previous KG is unchanged: {_one_line(e)}") from None
    finally:
        _remove(tmp)


def ddl(schema: Schema) -> list[str]:
    """CREATE statements for a schema. Generated from data we validated
    (identifier names only), never from question text."""
    out = []
    for lab in schema.labels.values():
        cols = [f"{KEY} STRING PRIMARY KEY"]
        cols += [f"{p.name} {LADYBUG_TYPES[p.type]}" for p in lab.properties.values() if p.name != KEY]
        out.append(f"CREATE NODE TABLE {lab.name}({', '.join(cols)})")
    for e in schema.edges.values():
        parts = [f"FROM {s} TO {t}" for s, t in e.endpoints]
        parts += [f"{p.name} {LADYBUG_TYPES[p.type]}" for p in e.properties.values()]
        out.append(f"CREATE REL TABLE {e.name}({', '.join(parts)})")
    out.append(f"CREATE NODE TABLE {META_TABLE}(key STRING PRIMARY KEY, value STRING)")
    out.append(f"CREATE NODE TABLE {ALIAS_TABLE}(k STRING PRIMARY KEY, id STRING, label STRING, alias STRING)")
    return out


def _copy(conn, tf: TableFile, extra: str = "") -> None:
    if tf.rows == 0:
        return
    opts = "HEADER=true" + (", PARALLEL=false" if tf.multiline else "") + extra
    conn.execute(f"COPY {tf.table} FROM $file ({opts})".replace("$file", json.dumps(str(tf.path))))


def _copy_all(conn, kg: PreparedKG, progress) -> None:
    progress = progress or (lambda what, n: None)
    for tf in kg.nodes:
        _copy(conn, tf)
        progress("copy " + tf.table, tf.rows)
    for tf in kg.edges:
        _copy(conn, tf, f", from='{tf.src_label}', to='{tf.dst_label}'")
        progress("copy " + tf.table, tf.rows)
    if kg.aliases is not None:
        _copy(conn, kg.aliases)


def _write_meta(conn, meta: dict[str, str]) -> None:
    for k, v in meta.items():
        conn.execute(f"CREATE (:{META_TABLE} {{key: $k, value: $v}})", {"k": k, "v": str(v)})


def _temp_sibling(path: Path) -> Path:
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".building", dir=path.parent)
    os.close(fd)
    os.unlink(name)  # Ladybug creates the file itself
    return Path(name)


def _swap(tmp: Path, path: Path) -> None:
    for suffix in (".wal", ".shadow"):
        _remove(Path(str(path) + suffix))
    os.replace(tmp, path)


def _remove(p: Path) -> None:
    for q in (p, Path(str(p) + ".wal"), Path(str(p) + ".shadow"), Path(str(p) + ".lock")):
        try:
            q.unlink()
        except FileNotFoundError:
            pass
        except IsADirectoryError:
            shutil.rmtree(q, ignore_errors=True)
