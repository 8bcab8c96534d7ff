"""Ladybug (Kùzu) Cypher: a node's label is `label(n)`, not `labels(n)`."""

from __future__ import annotations

from .base import Generator


class Ladybug(Generator):
    name = "ladybug"
    FUNCTIONS = {"label": "label"}
    READ_PROCEDURES = frozenset({"show_tables", "table_info", "show_connection"})
