"""The graph-store interface every backend implements, the read-only guard
every query passes first, and JSON-ready value conversion."""

from __future__ import annotations

import datetime as dt
import decimal
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from ..cypher.ast import Query
from ..cypher.dialects import render
from ..errors import WriteRefused
from ..schema import Schema


@dataclass
class Result:
    columns: list[str]
    rows: list[list[Any]]
    elapsed_ms: float = 0.0

    def as_dicts(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, r)) for r in self.rows]


@dataclass
class StoreInfo:
    """What `kg stats` shows."""

    backend: str
    location: str
    node_counts: dict[str, int]
    edge_counts: dict[str, int]
    date_spans: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    meta: dict[str, str] = field(default_factory=dict)

    @property
    def synthetic(self) -> bool:
        return self.meta.get("source") == "demo"


class GraphStore(ABC):
    """Run read-only queries with parameters; validate without running; describe."""

    backend = "abstract"
    dialect = "neo4j"  # the generator (cypher/dialects/) that prints this store's queries
    schema: Schema

    def fetch(self, q: Query, timeout_s: float | None = None) -> Result:
        """Run a query AST, printed in this store's dialect."""
        return self.run(render(q, self.dialect), q.params, timeout_s)

    def run(self, cypher: str, params: dict[str, Any] | None = None, timeout_s: float | None = None) -> Result:
        assert_read_only(cypher)
        return self._run(cypher, params or {}, timeout_s)

    def explain(self, cypher: str, params: dict[str, Any] | None = None) -> None:
        """Raise QueryError if the store would not accept the query."""
        assert_read_only(cypher)
        self._explain(cypher, params or {})

    @abstractmethod
    def _run(self, cypher: str, params: dict[str, Any], timeout_s: float | None) -> Result: ...

    @abstractmethod
    def _explain(self, cypher: str, params: dict[str, Any]) -> None: ...

    @abstractmethod
    def info(self) -> StoreInfo: ...

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ---- read-only guard ---------------------------------------------------------

# Clauses that change data or the database, in Neo4j, Ladybug/Kùzu or both.
WRITE_KEYWORDS = frozenset(
    """CREATE MERGE SET DELETE DETACH REMOVE DROP ALTER COPY LOAD INSTALL ATTACH
    IMPORT EXPORT CHECKPOINT BEGIN COMMIT ROLLBACK FOREACH GRANT REVOKE DENY
    TRUNCATE USE""".split()
)
# Read-only procedures a user may CALL; any other CALL is refused.
READ_PROCEDURES = frozenset(
    """show_tables table_info show_connection db.labels db.relationshiptypes
    db.propertykeys db.schema.visualization db.schema.nodetypeproperties
    db.schema.reltypeproperties""".split()
)

_TOKEN = re.compile(
    r"""(?P<str>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")
      |(?P<comment>//[^\n]*|/\*.*?\*/)
      |(?P<tick>`[^`]*`)
      |(?P<word>[A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)*)
      |(?P<punct>\S)""",
    re.S | re.X,
)


def _tokens(cypher: str) -> list[tuple[str, str]]:
    return [(m.lastgroup, m.group()) for m in _TOKEN.finditer(cypher) if m.lastgroup != "comment"]


def assert_read_only(cypher: str) -> None:
    """Refuse anything but a single read query. Runs before the store sees the
    text; the stores are opened read-only as a second line of defence."""
    if not cypher or not cypher.strip():
        raise WriteRefused("empty query")
    toks = _tokens(cypher)
    for i, (kind, text) in enumerate(toks):
        if kind == "punct" and text == ";" and any(k != "punct" or t != ";" for k, t in toks[i + 1 :]):
            raise WriteRefused("refused: more than one statement")
        if kind != "word":
            continue
        prev = toks[i - 1][1] if i else ""
        nxt = toks[i + 1][1] if i + 1 < len(toks) else ""
        if prev in (".", ":", "$") or nxt == ":" and prev in ("{", ","):
            continue  # a property, label, parameter or map key that happens to be a keyword
        word = text.upper()
        if word in WRITE_KEYWORDS:
            raise WriteRefused(f"refused: {word} would write; queries here are read-only")
        if word == "CALL" and nxt != "{":
            proc = nxt.lower()
            if proc not in READ_PROCEDURES:
                raise WriteRefused(f"refused: CALL {nxt or '?'} is not a known read-only procedure")


# ---- values ------------------------------------------------------------------


def to_json_value(v: Any) -> Any:
    """Dates as ISO strings, nodes as property maps with `_label`, relationships
    with `_type`, paths as {nodes, relationships}; everything JSON-ready."""
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, float):
        return v if v == v and v not in (float("inf"), float("-inf")) else None
    if isinstance(v, (dt.date, dt.datetime, dt.time)):
        return v.isoformat()
    if isinstance(v, dt.timedelta):
        return v.total_seconds()
    if isinstance(v, decimal.Decimal):
        return float(v)
    if isinstance(v, (list, tuple)):
        return [to_json_value(x) for x in v]
    if isinstance(v, dict):
        return {str(k): to_json_value(x) for k, x in v.items()}
    return str(v)
