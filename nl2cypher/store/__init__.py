"""Graph stores and the KG operations over them: open, load, refresh."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..errors import KGFormatError
from ..schema import Schema, default_schema
from .base import GraphStore, Result, StoreInfo, assert_read_only
from .importer import KGReader
from .ladybug import LadybugStore

__all__ = ["GraphStore", "Result", "StoreInfo", "assert_read_only", "LadybugStore", "load_kg",
           "refresh_kg", "LoadReport"]

Progress = Callable[[str, int], None]


@dataclass
class LoadReport:
    nodes: int
    edges: int
    aliases: int
    seconds: float
    replaced: int = 0
    validate_seconds: float = 0.0  # reading + checking the CSVs; the rest is the bulk COPY

    @property
    def per_second(self) -> float:
        return (self.nodes + self.edges) / self.seconds if self.seconds else 0.0


def load_kg(src: str | Path, db: str | Path, schema: Schema | None = None, source: str | None = None,
            progress: Progress | None = None) -> LoadReport:
    """Replace the embedded KG at `db` with the contract directory `src`.
    Validation runs completely before the new file is built; the old KG is
    swapped out only when the new one is complete."""
    import time

    schema = schema or default_schema()
    t0 = time.perf_counter()
    db = Path(db)
    db.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="nl2cypher-load-", dir=db.parent) as work:
        kg = KGReader(schema, Path(work), progress=progress).read(src)
        t1 = time.perf_counter()
        LadybugStore.build(db, kg, {"source": source or str(Path(src).resolve())}, progress)
    return LoadReport(kg.node_count, kg.edge_count, kg.aliases.rows if kg.aliases else 0, time.perf_counter() - t0,
                      validate_seconds=t1 - t0)


def refresh_kg(src: str | Path, db: str | Path, progress: Progress | None = None) -> LoadReport:
    """Replace or append rows of the dynamic labels (and their edges) from `src`;
    the static part of the KG is kept as it is."""
    import time

    t0 = time.perf_counter()
    db = Path(db)
    with LadybugStore(db) as store:
        schema = store.schema
        dynamic = set(schema.dynamic_labels)
        # ids an edge of the refresh may point at: static endpoints of edges touching dynamic labels
        static_ends = {lab for e in schema.edges.values() for s, t in e.endpoints
                       if s in dynamic or t in dynamic for lab in (s, t)} - dynamic
        existing = store.ids(sorted(static_ends | dynamic))
    with tempfile.TemporaryDirectory(prefix="nl2cypher-refresh-", dir=db.parent) as work:
        kg = KGReader(schema, Path(work), existing=existing, only_labels=dynamic, progress=progress).read(src)
        for tf in kg.edges:
            if tf.src_label not in dynamic and tf.dst_label not in dynamic:
                raise KGFormatError(str(Path(src) / "edges" / f"{tf.table}.csv"), None, None,
                                    f"{tf.table} joins static labels; a refresh only touches {', '.join(sorted(dynamic))}")
        replace: dict[str, list[str]] = {}
        for nid, lab in kg.ids.items():
            if existing.get(nid) == lab:
                replace.setdefault(lab, []).append(nid)
        LadybugStore.refresh(db, kg, replace, {}, progress)
    return LoadReport(kg.node_count, kg.edge_count, 0, time.perf_counter() - t0,
                      replaced=sum(len(v) for v in replace.values()))
