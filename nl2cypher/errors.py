"""Typed errors. Each carries a one-line message the CLI prints as-is."""

from __future__ import annotations


class Nl2CypherError(Exception):
    """Base of every error a user may see; `str(err)` is one line."""


class SchemaError(Nl2CypherError):
    """A schema file is malformed or names something inconsistent."""


class KGFormatError(Nl2CypherError):
    """A KG directory breaks the contract; names file, line and column."""

    def __init__(self, file: str, line: int | None, column: int | None, message: str):
        self.file, self.line, self.column, self.reason = file, line, column, message
        where = file
        if line is not None:
            where += f":{line}"
            if column is not None:
                where += f":{column}"
        super().__init__(f"{where}: {message}")


class StoreError(Nl2CypherError):
    """The graph store is missing, unreachable or failed."""


class StoreNotFound(StoreError):
    """No KG at the configured location."""


class CannotTranslate(Nl2CypherError):
    """The question names nothing the translator can build a query from."""


class WriteRefused(Nl2CypherError):
    """A query would write; every query here runs read-only."""


class QueryError(Nl2CypherError):
    """The store rejected a query (syntax, unknown name, timeout)."""
