"""Every error a user may see, in one hierarchy. Each carries a one-line message
the CLI prints as-is (and the service returns as JSON); none is a traceback.

    Nl2CypherError
      SchemaError, KGFormatError, TriggerTableError, TemplateError    bad data files
      StoreError > StoreNotFound; QueryError                          the graph store
      QueryRefused > WriteRefused, LimitExceeded                      the read-only guard
      BadQuestion > OutOfScope; UnknownEntity, CannotTranslate;       the question
      NotUnderstood (strict mode: an answer below the trust line)
      EncoderUnavailable, RevisionUnavailable, RevisionRefused        models
      BatchFileError, QuestionFailed, DataError, FinetuneError        jobs
"""

from __future__ import annotations

import enum


class Nl2CypherError(Exception):
    """Base of every error a user may see; `str(err)` is one line."""


# ---- data files ------------------------------------------------------------------
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


class TriggerTableError(Nl2CypherError):
    """The trigger table is missing or a row is malformed."""


class TemplateError(Nl2CypherError):
    """A question template (eval generate) is malformed."""


# ---- the graph store ---------------------------------------------------------------
class StoreError(Nl2CypherError):
    """The graph store is missing, unreachable or failed."""


class StoreNotFound(StoreError):
    """No KG at the configured location."""


class QueryRefused(Nl2CypherError):
    """The guard refused a query before any store saw it (cypher/guard.py)."""


class WriteRefused(QueryRefused):
    """A query is not a read (or not one statement); every query here runs read-only."""


class LimitExceeded(QueryRefused):
    """A query, or a question, is past a size limit (length, nesting, clauses, joins, range)."""


class QueryError(Nl2CypherError):
    """The store rejected a query (syntax, unknown name, timeout)."""


# ---- the question --------------------------------------------------------------------
class BadQuestion(Nl2CypherError):
    """Empty, meaningless or oversized input."""


class OutOfScope(BadQuestion):
    """The question asks something the KG cannot answer (a definition, a
    forecast, advice): refused rather than answered with a table."""


class Unresolved(BadQuestion):
    """The question points back at something (它, 这些股票, 那个基金) that nothing
    named: the answer is the question back, not a guess."""

    def __init__(self, message: str, unexplained: tuple[str, ...] = ()):
        super().__init__(message)
        self.unexplained = unexplained  # the words it could not place, for the record


class NotUnderstood(Nl2CypherError):
    """Strict mode: the engine is not sure it understood (confidence below the
    trust line); the message lists the words it could not place."""


class UnknownEntity(Nl2CypherError):
    """A name in the question matches nothing in the KG (or several things); the
    message (in the question's language) says which names come close."""

    def __init__(self, text: str, candidates: list[str], ambiguous: bool, message: str):
        self.text, self.candidates, self.ambiguous = text, candidates, ambiguous
        super().__init__(message)


class CannotTranslate(Nl2CypherError):
    """The question names nothing the translator can build a query from."""


# ---- models ----------------------------------------------------------------------------
class EncoderUnavailable(Nl2CypherError):
    """The configured encoder cannot be loaded."""


class RevisionUnavailable(Nl2CypherError):
    """The reviser cannot run (model not installed, endpoint down…); the
    engine answers with the heuristic query and says so."""


class Refusal(enum.Enum):
    """Why the validator did not let a revision through."""

    NO_QUERY = "no query"  # the output holds no Cypher
    WRITES = "writes"  # it would write, or runs a statement that is not a read
    UNKNOWN_NAME = "unknown name"  # a label, relationship type or property outside the schema
    WRONG_DIRECTION = "wrong direction"  # an edge that cannot join those labels that way
    UNSUPPORTED = "unsupported"  # outside the read forms the engine parses and runs
    STORE_REJECTS = "store rejects"  # the store does not accept it (syntax, types)
    FAILS = "fails"  # it does not execute (error or timeout)
    EMPTY = "empty"  # it returns nothing: never an improvement on a candidate
    DROPS_VALUE = "drops a value"  # a name, number or date the question gives is gone
    INVENTS_VALUE = "invents a value"  # a literal from neither the question nor the candidate
    TOO_LARGE = "too large"  # past a size limit of the guard

    @property
    def repairable(self) -> bool:
        """Worth a second try with the reason shown — never an attempt to write."""
        return self is not Refusal.WRITES


class RevisionRefused(Nl2CypherError):
    """A revision the validator did not accept, with the typed reason."""

    def __init__(self, reason: Refusal, message: str):
        self.reason = reason
        super().__init__(message)


# ---- jobs --------------------------------------------------------------------------------
class BatchFileError(Nl2CypherError):
    """A batch's input cannot be read."""


class QuestionFailed(Nl2CypherError):
    """A single `ask` ended without an answer (the CLI's exit status)."""


class DataError(Nl2CypherError):
    """No usable training data."""


class FinetuneError(Nl2CypherError):
    """A LoRA job cannot start or failed."""
