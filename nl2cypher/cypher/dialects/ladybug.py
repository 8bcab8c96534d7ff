"""Ladybug (Kùzu) Cypher: a node's label is `label(n)`, not `labels(n)`; a date's year is
`date_part('year', d)`, not `d.year`."""

from __future__ import annotations

from .base import Generator


class Ladybug(Generator):
    name = "ladybug"
    FUNCTIONS = {"label": "label"}
    READ_PROCEDURES = frozenset({"show_tables", "table_info", "show_connection"})

    def date_part(self, d, unit: str) -> str:
        return f"date_part('{unit}', {self.gen(d)})"  # no d.year on a date
