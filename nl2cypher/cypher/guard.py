"""The read-only guard: one allow-list, from a tokenisation, in front of every
store. Used by `nl2cypher cypher`, by the engine's own queries (every
`GraphStore.run`) and by the revision validator.

A query passes only if it is one statement that starts with a read clause
(MATCH, OPTIONAL MATCH, WITH, UNWIND, RETURN, or CALL of a procedure the
dialect lists as read-only) and every keyword in it belongs to the read forms
(WHERE, ORDER BY, SKIP, LIMIT, UNION, expressions…). Anything else — writes,
Ladybug/Kùzu statements such as COPY, UNINSTALL or CHECKPOINT, `CALL x=value`
settings, transactions, LOAD CSV, FOREACH, CALL subqueries, several statements —
is refused with the clause named. Size limits are checked first, on the text,
so nothing too long or too deeply nested ever reaches a parser (a few thousand
nested brackets crash the database's parser)."""

from __future__ import annotations

import re

from ..errors import LimitExceeded, WriteRefused

MAX_QUERY_CHARS = 20_000
MAX_TOKENS = 4_000
MAX_DEPTH = 40  # brackets of any kind, nested
MAX_CLAUSES = 40
MAX_RANGE = 1_000_000  # range() builds its list in one call the database cannot interrupt

# Clause words a read query starts with, and the other keywords of the read forms.
STARTS = frozenset({"MATCH", "OPTIONAL", "WITH", "UNWIND", "RETURN", "CALL"})
CLAUSES = frozenset({"MATCH", "OPTIONAL", "WHERE", "WITH", "UNWIND", "RETURN", "ORDER", "SKIP", "LIMIT",
                     "UNION", "CALL", "YIELD"})
READ_WORDS = CLAUSES | frozenset("""
    BY ASC ASCENDING DESC DESCENDING DISTINCT AS ALL AND OR XOR NOT IN IS NULL TRUE FALSE STARTS ENDS
    CONTAINS CASE WHEN THEN ELSE END EXISTS COUNT ANY NONE SINGLE SHORTEST""".split())
# Reserved words of Neo4j Cypher and Ladybug/Kùzu that are not read forms: met
# as a keyword (not as a property, label, parameter or map key), they are refused.
# (Statements that do not start with a read clause — SHOW, START DATABASE, CALL
# settings… — are refused by the first word already.)
RESERVED = frozenset("""
    CREATE MERGE SET DELETE DETACH REMOVE DROP ALTER COPY LOAD INSTALL UNINSTALL UPDATE ATTACH
    USE IMPORT EXPORT CHECKPOINT BEGIN COMMIT ROLLBACK TRANSACTIONS FOREACH GRANT REVOKE DENY
    TRUNCATE COMMENT MACRO TERMINATE PROFILE EXPLAIN
    """.split())

_TOKEN = re.compile(
    r"""(?P<str>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")
      |(?P<comment>//[^\n]*|/\*.*?\*/)
      |(?P<tick>`(?:[^`]|``)*`)
      |(?P<num>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
      |(?P<word>[A-Za-z_][A-Za-z_0-9]*)
      |(?P<space>\s+)
      |(?P<open>[(\[{])|(?P<close>[)\]}])
      |(?P<bad>['"`]|/\*)
      |(?P<punct>.)""",
    re.S | re.X,
)


def spans(cypher: str) -> list[tuple[str, str, int]]:
    """(kind, text, offset) without spaces and comments; an unterminated string,
    quoted name or comment is refused."""
    out = []
    for m in _TOKEN.finditer(cypher):
        kind = m.lastgroup
        if kind == "bad":
            raise WriteRefused(f"refused: unterminated {'comment' if m.group() == '/*' else 'quote'} "
                               f"at character {m.start() + 1}")
        if kind not in ("space", "comment"):
            out.append((kind, m.group(), m.start()))
    return out


def tokens(cypher: str) -> list[tuple[str, str]]:
    """(kind, text): what the guard and the parser (cypher/parse.py) read."""
    return [(kind, text) for kind, text, _ in spans(cypher)]


def _is_name(toks: list[tuple[str, str]], i: int) -> bool:
    """A word used as a property, label, relationship type, parameter, map key or
    function namespace, not as a keyword."""
    prev = toks[i - 1][1] if i else ""
    nxt = toks[i + 1][1] if i + 1 < len(toks) else ""
    return prev in (".", ":", "$", "|") or (nxt == ":" and prev in ("{", ",", "(", "[")) or nxt == "."


def check(cypher: str, read_procedures: frozenset[str] = frozenset()) -> None:
    """Refuse anything but a single read query (WriteRefused, or LimitExceeded
    for size); returns None when the query may run."""
    if not cypher or not cypher.strip():
        raise WriteRefused("refused: empty query")
    if len(cypher) > MAX_QUERY_CHARS:
        raise LimitExceeded(f"refused: the query is {len(cypher):,} characters long (at most {MAX_QUERY_CHARS:,})")
    toks = tokens(cypher)
    if len(toks) > MAX_TOKENS:
        raise LimitExceeded(f"refused: the query has {len(toks):,} tokens (at most {MAX_TOKENS:,})")
    depth = clauses = 0
    while toks and toks[-1] == ("punct", ";"):
        toks.pop()  # a trailing semicolon still makes one statement
    if not toks:
        raise WriteRefused("refused: empty query")
    for i, (kind, text) in enumerate(toks):
        if kind == "open":
            depth += 1
            if depth > MAX_DEPTH:
                raise LimitExceeded(f"refused: brackets nested deeper than {MAX_DEPTH}")
        elif kind == "close":
            depth = max(0, depth - 1)
        elif kind == "punct" and text == ";":
            raise WriteRefused("refused: more than one statement")
        if kind != "word" or _is_name(toks, i):
            continue
        word = text.upper()
        if word in CLAUSES:
            clauses += 1
            if clauses > MAX_CLAUSES:
                raise LimitExceeded(f"refused: more than {MAX_CLAUSES} clauses")
        if i == 0 and word not in STARTS:
            raise WriteRefused(f"refused: {word} is not a read query (a query starts with MATCH, OPTIONAL MATCH, "
                               f"WITH, UNWIND, RETURN or CALL of a read-only procedure)")
        if word in RESERVED and word not in READ_WORDS:
            raise WriteRefused(f"refused: {word} is not allowed; queries here are read-only")
        if word == "CALL":
            _call(toks, i, read_procedures)
        if word == "RANGE" and i + 1 < len(toks) and toks[i + 1][1] == "(":
            _range(toks, i)


def _call(toks: list[tuple[str, str]], i: int, read_procedures: frozenset[str]) -> None:
    """CALL only of a listed read-only procedure, called with parentheses: not a
    subquery `CALL { … }` (it may write, or commit IN TRANSACTIONS) and not a
    setting `CALL name=value`."""
    j, parts = i + 1, []
    while j < len(toks) and toks[j][0] in ("word", "tick"):
        parts.append(toks[j][1].strip("`"))
        if j + 1 < len(toks) and toks[j + 1][1] == ".":
            j += 2
            continue
        j += 1
        break
    name = ".".join(parts)
    if not parts:
        if j < len(toks) and toks[j][1] == "{":
            raise WriteRefused("refused: CALL { … } is not allowed (a subquery may write or commit transactions)")
        nxt = toks[j][1] if j < len(toks) else "end of query"
        raise WriteRefused(f"refused: CALL {nxt} is not allowed (only read-only procedures may be called)")
    if j >= len(toks) or toks[j][1] != "(":
        raise WriteRefused(f"refused: CALL {name} without arguments in parentheses (a setting, not a read)")
    if name.lower() not in read_procedures:
        raise WriteRefused(f"refused: CALL {name} is not a known read-only procedure")


def _range(toks: list[tuple[str, str]], i: int) -> None:
    """range(a, b[, step]) with literal bounds no wider than MAX_RANGE."""
    args, j, cur = [], i + 2, []
    while j < len(toks) and toks[j][1] != ")":
        if toks[j][1] == ",":
            args.append(cur)
            cur = []
        else:
            cur.append(toks[j])
        j += 1
    args.append(cur)
    try:
        bounds = [int("".join(t for _, t in a)) for a in args[:2]]
    except ValueError:
        raise LimitExceeded(f"refused: range() needs literal bounds here (at most {MAX_RANGE:,} values)") from None
    if len(bounds) == 2 and abs(bounds[1] - bounds[0]) > MAX_RANGE:
        raise LimitExceeded(f"refused: range() of {abs(bounds[1] - bounds[0]):,} values (at most {MAX_RANGE:,})")
