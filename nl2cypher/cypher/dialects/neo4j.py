"""Neo4j Cypher: the base generator as it is."""

from __future__ import annotations

from .base import Generator


class Neo4j(Generator):
    name = "neo4j"
    READ_PROCEDURES = frozenset({"db.labels", "db.relationshiptypes", "db.propertykeys", "db.schema.visualization",
                                 "db.schema.nodetypeproperties", "db.schema.reltypeproperties"})
