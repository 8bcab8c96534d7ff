"""Dialects: one generator a dialect, over the same query AST (`base.py` is
openCypher; a dialect overrides only what differs). Each store declares its
dialect (`GraphStore.dialect`)."""

from __future__ import annotations

from ..ast import Query
from .base import Generator
from .falkordb import FalkorDB
from .ladybug import Ladybug
from .nebula import Nebula
from .neo4j import Neo4j

DIALECTS: dict[str, type[Generator]] = {g.name: g for g in (Neo4j, Ladybug, Nebula, FalkorDB)}


def render(q: Query, dialect: str = "neo4j", inline_params: bool = False) -> str:
    """Query text for one dialect. `inline_params` shows parameter values as
    literals, for a prompt to read; queries that run always keep parameters."""
    try:
        gen = DIALECTS[dialect]
    except KeyError:
        raise ValueError(f"unknown dialect {dialect!r}: {', '.join(DIALECTS)}") from None
    return gen(q.params if inline_params else None).generate(q)
