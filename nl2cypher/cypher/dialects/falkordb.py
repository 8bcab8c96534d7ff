"""FalkorDB's openCypher (4.x): the base generator as it is for every query the
engine writes (it never needs `=~`, `EXISTS {}` subqueries or `:A|B`, which
FalkorDB lacks, and names outside ASCII are back-quoted already); its read-only
procedures for the guard. The cross-store test (tests/test_falkordb.py) runs the
dev and real-style sets on a live server and compares every answer with Ladybug's."""

from __future__ import annotations

from .base import Generator


class FalkorDB(Generator):
    name = "falkordb"
    READ_PROCEDURES = frozenset({"db.labels", "db.relationshiptypes", "db.propertykeys", "db.indexes",
                                 "db.meta.stats"})
