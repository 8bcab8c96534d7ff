"""The graph-store interface every backend implements, the read-only guard
every query passes first, and JSON-ready value conversion."""

from __future__ import annotations

import datetime as dt
import decimal
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from ..cypher.ast import Query
from ..cypher import guard
from ..cypher.dialects import DIALECTS, render
from ..schema import Schema


@dataclass
class Result:
    columns: list[str]
    rows: list[list[Any]]
    elapsed_ms: float = 0.0
    truncated: bool = False  # more rows than the cap: the table was cut

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
        text = render(q, self.dialect)
        assert_read_only(text, self.dialect)
        return self._run(text, q.params or {}, timeout_s)

    def run(self, cypher: str, params: dict[str, Any] | None = None, timeout_s: float | None = None,
            max_rows: int | None = None) -> Result:
        """Run a read query; at most `max_rows` rows come back (`truncated` says
        when there were more)."""
        assert_read_only(cypher, self.dialect)
        return self._run(DIALECTS[self.dialect].settle(cypher), params or {}, timeout_s, max_rows)

    def explain(self, cypher: str, params: dict[str, Any] | None = None) -> None:
        """Raise QueryError if the store would not accept the query."""
        assert_read_only(cypher, self.dialect)
        self._explain(cypher, params or {})

    @abstractmethod
    def _run(self, cypher: str, params: dict[str, Any], timeout_s: float | None,
             max_rows: int | None = None) -> Result: ...

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


def assert_read_only(cypher: str, dialect: str | None = None) -> None:
    """The guard (cypher/guard.py) with the read-only procedures of one dialect
    (of every dialect when none is named)."""
    procs = DIALECTS[dialect].READ_PROCEDURES if dialect else frozenset().union(
        *(d.READ_PROCEDURES for d in DIALECTS.values()))
    guard.check(cypher, procs)


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
