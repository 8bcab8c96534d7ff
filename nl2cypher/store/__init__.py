"""Graph stores and the KG operations over them: open, load, refresh."""

from __future__ import annotations

import contextlib
import fcntl
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import KGFormatError, StoreError, StoreNotFound
from ..schema import Schema, default_schema
from .base import GraphStore, Result, StoreInfo, assert_read_only
from .importer import KGReader
from .ladybug import LadybugStore

__all__ = ["GraphStore", "Result", "StoreInfo", "assert_read_only", "LadybugStore", "load_kg", "load_kg_falkordb",
           "refresh_kg", "refresh_kg_falkordb", "LoadReport"]

Progress = Callable[[str, int], None]


@dataclass
class LoadReport:
    nodes: int
    edges: int
    aliases: int
    seconds: float
    replaced: int = 0
    validate_seconds: float = 0.0  # reading + checking the CSVs; the rest is the bulk COPY
    cleaned: list[str] = field(default_factory=list)  # leftovers of an interrupted load, removed

    @property
    def per_second(self) -> float:
        return (self.nodes + self.edges) / self.seconds if self.seconds else 0.0


def load_kg(src: str | Path, db: str | Path, schema: Schema | None = None, source: str | None = None,
            progress: Progress | None = None, allow_shrink: bool = False) -> LoadReport:
    """Replace the embedded KG at `db` with the contract directory `src`.
    Validation runs completely before the new file is built; the old KG is
    swapped out only when the new one is complete. A `db` that exists but is not
    a KG of ours is refused; a load that would empty a label or halve the graph
    needs `allow_shrink`."""

    schema = schema or default_schema()
    t0 = time.perf_counter()
    db = Path(db)
    _refuse_foreign(db)
    db.parent.mkdir(parents=True, exist_ok=True)
    with _load_lock(db):
        cleaned = _clean_leftovers(db)
        with tempfile.TemporaryDirectory(prefix=f"{_TMP_PREFIX}{db.name}-", dir=db.parent) as work:
            kg = KGReader(schema, Path(work), progress=progress).read(src)
            t1 = time.perf_counter()
            if db.exists() and not allow_shrink:
                with LadybugStore(db) as old:
                    _refuse_shrink(old.info().node_counts, kg, str(db))
            LadybugStore.build(db, kg, {"source": source or str(Path(src).resolve())}, progress)
    return LoadReport(kg.node_count, kg.edge_count, kg.aliases.rows if kg.aliases else 0, time.perf_counter() - t0,
                      validate_seconds=t1 - t0, cleaned=cleaned)


_TMP_PREFIX = "nl2cypher-load-"


def _refuse_foreign(db: Path) -> None:
    """Never build over a file that is not one of our KGs (`--db notes.txt`)."""
    if not db.exists():
        return
    if db.is_dir():
        raise StoreError(f"{db} is a folder, not a KG file; nothing was changed")
    try:
        LadybugStore(db).close()
    except StoreError:
        raise StoreError(f"{db} exists and is not an nl2cypher KG; nothing was changed "
                         "(choose another --db, or remove the file yourself)") from None


def load_kg_falkordb(src: str | Path, url: str | None = None, password: str | None = None, graph: str | None = None,
                     schema: Schema | None = None, source: str | None = None, progress: Progress | None = None,
                     allow_shrink: bool = False) -> LoadReport:
    """Replace the KG in a FalkorDB graph with the contract directory `src`: the same
    validation and refusals as the embedded store's load, the server reached first,
    the new graph built beside the old one and swapped in when complete."""
    from .falkordb import FalkorDBStore

    schema = schema or default_schema()
    t0 = time.perf_counter()
    target = FalkorDBStore(url, password, graph, need_kg=False)
    try:
        before = _falkordb_counts(target) if not allow_shrink else None
        with tempfile.TemporaryDirectory(prefix=_TMP_PREFIX) as work:
            kg = KGReader(schema, Path(work), progress=progress).read(src)
            t1 = time.perf_counter()
            if before is not None:
                _refuse_shrink(before, kg, target.location)
            target.build(kg, {"source": source or str(Path(src).resolve())}, progress)
    finally:
        target.close()
    return LoadReport(kg.node_count, kg.edge_count, kg.aliases.rows if kg.aliases else 0, time.perf_counter() - t0,
                      validate_seconds=t1 - t0)


def _falkordb_counts(target) -> dict[str, int] | None:
    """The node counts of the KG a load would replace (None: the graph is new); a
    graph of that name that is not an nl2cypher KG is never replaced."""
    from .falkordb import FalkorDBStore

    try:
        old = FalkorDBStore(target.url, target.password, target.graph_name)
    except StoreNotFound:
        return None
    except StoreError:
        raise StoreError(f"{target.location} exists and is not an nl2cypher KG; nothing was changed "
                         "(choose another graph name)") from None
    with old:
        return old.info().node_counts


def _refuse_shrink(before: dict[str, int], kg, where: str) -> None:
    after: dict[str, int] = {}
    for tf in kg.nodes:
        after[tf.table] = after.get(tf.table, 0) + tf.rows
    emptied = [lab for lab, n in before.items() if n and not after.get(lab)]
    old_total, new_total = sum(before.values()), sum(after.values())
    if emptied or new_total * 2 < old_total:
        what = (f"it would empty {', '.join(emptied)}" if emptied else "") + \
            ("; " if emptied and new_total * 2 < old_total else "") + \
            (f"it would shrink the graph from {old_total:,} to {new_total:,} nodes" if new_total * 2 < old_total else "")
        raise KGFormatError(where, None, None, f"refused: {what}; the KG is unchanged "
                                                 "(pass --allow-shrink to load it anyway)")


@contextlib.contextmanager
def _load_lock(db: Path):
    """One load or refresh of a KG at a time, so what an earlier, killed one left
    behind can be told from work in progress."""
    lock = db.with_name(f".{db.name}.load-lock")
    with open(lock, "w") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise StoreError(f"another load or refresh of {db} is running; try again when it has finished") from None
        try:
            yield
        finally:
            lock.unlink(missing_ok=True)
            fcntl.flock(fh, fcntl.LOCK_UN)


def _clean_leftovers(db: Path) -> list[str]:
    """Files and folders a killed load of this KG left beside it."""
    removed = []
    for p in sorted(db.parent.glob(f".{db.name}.*.building*")) + sorted(db.parent.glob(f"{_TMP_PREFIX}{db.name}-*")):
        if p.is_dir():
            shutil.rmtree(p, ignore_errors=True)
        else:
            p.unlink(missing_ok=True)
        removed.append(p.name)
    return removed


def refresh_kg(src: str | Path, db: str | Path, progress: Progress | None = None) -> LoadReport:
    """Replace or append rows of the dynamic labels (and their edges) from `src`;
    the static part of the KG is kept as it is."""
    t0 = time.perf_counter()
    db = Path(db)
    LadybugStore(db).close()  # there is a KG to refresh (else: how to make one)
    with _load_lock(db):
        cleaned = _clean_leftovers(db)
        report = _refresh(src, db, progress)
    report.seconds = time.perf_counter() - t0
    report.cleaned = cleaned
    return report


def _refresh(src: str | Path, db: Path, progress: Progress | None) -> LoadReport:
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"{_TMP_PREFIX}{db.name}-", dir=db.parent) as work:
        with LadybugStore(db) as store:
            kg, replace = _read_refresh(store, src, Path(work), progress)
        LadybugStore.refresh(db, kg, replace, {}, progress)
    return LoadReport(kg.node_count, kg.edge_count, 0, time.perf_counter() - t0,
                      replaced=sum(len(v) for v in replace.values()))


def refresh_kg_falkordb(src: str | Path, url: str | None = None, password: str | None = None,
                        graph: str | None = None, progress: Progress | None = None) -> LoadReport:
    """`refresh_kg` for a FalkorDB graph: the same checks, applied to a copy of the
    graph that is swapped in when complete."""
    from .falkordb import FalkorDBStore

    t0 = time.perf_counter()
    with FalkorDBStore(url, password, graph) as store, tempfile.TemporaryDirectory(prefix=_TMP_PREFIX) as work:
        kg, replace = _read_refresh(store, src, Path(work), progress)
        store.refresh(kg, replace, progress)
    return LoadReport(kg.node_count, kg.edge_count, 0, time.perf_counter() - t0,
                      replaced=sum(len(v) for v in replace.values()))


def _read_refresh(store, src: str | Path, work: Path, progress: Progress | None):
    """The refresh directory, validated against the KG in `store`: rows of the
    dynamic labels and their edges only; the ids it replaces, per label."""
    schema = store.schema
    dynamic = set(schema.dynamic_labels)
    # ids an edge of the refresh may point at: static endpoints of edges touching dynamic labels
    static_ends = {lab for e in schema.edges.values() for s, t in e.endpoints
                   if s in dynamic or t in dynamic for lab in (s, t)} - dynamic
    existing = store.ids(sorted(static_ends | dynamic))
    kg = KGReader(schema, work, existing=existing, only_labels=dynamic, progress=progress).read(src)
    for tf in kg.edges:
        if tf.src_label not in dynamic and tf.dst_label not in dynamic:
            raise KGFormatError(str(Path(src) / "edges" / f"{tf.table}.csv"), None, None,
                                f"{tf.table} joins static labels; a refresh only touches {', '.join(sorted(dynamic))}")
    replace: dict[str, list[str]] = {}
    for nid, lab in kg.ids.items():
        if existing.get(nid) == lab:
            replace.setdefault(lab, []).append(nid)
    return kg, replace
