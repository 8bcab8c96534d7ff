"""The one parser of Cypher text: the read subset the engine itself writes
(MATCH / OPTIONAL MATCH with WHERE, WITH, RETURN, DISTINCT, ORDER BY, LIMIT;
expressions of comparisons, arithmetic, function calls, parameters and
literals) read into the query AST of `ast.py`, on the guard's tokens. What the
AST cannot hold — UNWIND, CASE, subqueries, path variables, UNION,
several labels on a node — is refused with what was met, so every query that
passes can be checked on the tree and printed again by a dialect.

Inline property maps (`(s:stock {name: 'x'})`) become WHERE conditions; a
node without a variable gets one (`_n1`) so its conditions can name it."""

from __future__ import annotations

import datetime as dt
from ..errors import Nl2CypherError
from .ast import (Bin, DateLit, Func, IsNull, Item, Lit, Match, Node, Not, Order, Param, Path, Prop, Query, Rel,
                  Return, Star, Var, With, and_all)
from .guard import spans

COMPARISONS = ("=", "<>", "<", ">", "<=", ">=")


class Unsupported(Nl2CypherError):
    """Text outside the read subset the AST holds."""


def parse(text: str) -> Query:
    """The query AST of one read query; Unsupported otherwise."""
    return _Parser(spans(text)).query()


class _Parser:
    def __init__(self, toks: list[tuple[str, str, int]]):
        while toks and toks[-1][1] == ";":
            toks = toks[:-1]
        self.toks = _glue_names(toks)
        self.i = 0
        self.fresh = 0

    # ---- tokens ---------------------------------------------------------------
    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.toks[j][1] if j < len(self.toks) else ""

    def kind(self) -> str:
        return self.toks[self.i][0] if self.i < len(self.toks) else "end"

    def word(self, *words: str) -> bool:
        """Is the next token one of these keywords (any case)?"""
        return self.kind() == "word" and self.peek().upper() in words

    def take(self, text: str | None = None) -> str:
        if self.i >= len(self.toks):
            raise Unsupported(f"the query ends where {text or 'more'} was expected")
        got = self.peek()
        if text is not None and got.upper() != text.upper():
            raise Unsupported(f"expected {text} but found {got!r}")
        self.i += 1
        return got

    def accept(self, text: str) -> bool:
        if self.peek().upper() == text.upper() and self.kind() != "str":
            self.i += 1
            return True
        return False

    def name(self) -> str:
        kind, text = self.toks[self.i][:2] if self.i < len(self.toks) else ("end", "")
        if kind == "word":
            self.i += 1
            return text
        if kind == "tick":
            self.i += 1
            return text[1:-1].replace("``", "`")
        raise Unsupported(f"expected a name but found {text or 'the end'!r}")

    def unsupported(self) -> Unsupported:
        if self.i >= len(self.toks):
            return Unsupported("the query ends where more was expected")
        return Unsupported(f"{self.peek()!r} is outside the read forms the engine runs")

    # ---- clauses -----------------------------------------------------------------
    def query(self) -> Query:
        clauses = []
        while self.i < len(self.toks):
            if self.word("MATCH") or self.word("OPTIONAL"):
                clauses.append(self.match())
            elif self.word("WITH"):
                clauses.append(self.projection(With))
            elif self.word("RETURN"):
                clauses.append(self.projection(Return))
                if self.i < len(self.toks):
                    raise self.unsupported()
            else:
                raise self.unsupported()
        if not clauses or not isinstance(clauses[-1], Return):
            raise Unsupported("the query does not end with RETURN")
        return Query(tuple(clauses))

    def match(self) -> Match:
        optional = self.accept("OPTIONAL")
        self.take("MATCH")
        conds: list = []
        paths = [self.path(conds)]
        while self.accept(","):
            paths.append(self.path(conds))
        if self.accept("WHERE"):
            conds.append(self.expr())
        return Match(tuple(paths), and_all(conds), optional)

    def projection(self, cls):
        self.take()  # WITH / RETURN
        distinct = self.accept("DISTINCT")
        if self.peek() == "*":
            raise self.unsupported()
        items = [self.item()]
        while self.accept(","):
            items.append(self.item())
        order: list[Order] = []
        if self.accept("ORDER"):
            self.take("BY")
            order.append(self.order())
            while self.accept(","):
                order.append(self.order())
        skip = None
        if self.accept("SKIP"):
            if self.kind() != "num" or not self.peek().isdigit():
                raise Unsupported("SKIP takes a whole number here")
            skip = int(self.take())
        limit = None
        if self.accept("LIMIT"):
            if self.kind() != "num" or not self.peek().isdigit():
                raise Unsupported("LIMIT takes a whole number here")
            limit = int(self.take())
        where = self.expr() if cls is With and self.accept("WHERE") else None
        kw = {"where": where} if cls is With else {}
        return cls(tuple(items), distinct, order=tuple(order), limit=limit, skip=skip, **kw)

    def item(self) -> Item:
        e = self.expr()
        return Item(e, self.name() if self.accept("AS") else None)

    def order(self) -> Order:
        e = self.expr()
        if self.accept("DESC") or self.accept("DESCENDING"):
            return Order(e, True)
        self.accept("ASC") or self.accept("ASCENDING")
        return Order(e, False)

    # ---- patterns ------------------------------------------------------------------
    def path(self, conds: list) -> Path:
        if self.kind() == "word" and self.peek(1) == "=":
            raise Unsupported("a path variable is outside the read forms the engine runs")
        start = self.node(conds)
        steps = []
        while self.peek() in ("-", "<"):
            rel = self.rel(conds)
            steps.append((rel, self.node(conds)))
        return Path(start, tuple(steps))

    def node(self, conds: list) -> Node:
        self.take("(")
        var = self.name() if self.kind() in ("word", "tick") else None
        label = None
        if self.accept(":"):
            label = self.name()
            if self.peek() == ":":
                raise Unsupported("a node with several labels is outside the read forms the engine runs")
        var = self.inline(var, "_n", conds)
        self.take(")")
        return Node(var, label)

    def rel(self, conds: list) -> Rel:
        left = self.accept("<")
        self.take("-")
        var = rtype = None
        lo = hi = None
        if self.accept("["):
            var = self.name() if self.kind() in ("word", "tick") else None
            if self.accept(":"):
                rtype = self.name()
                if self.peek() == "|":
                    raise Unsupported("alternative relationship types are outside the read forms the engine runs")
            if self.accept("*"):
                lo, hi = self.hops()
            var = self.inline(var, "_r", conds)
            self.take("]")
        self.take("-")
        right = self.accept(">")
        if rtype is None:
            raise Unsupported("a relationship without a type is outside the read forms the engine runs")
        if left and right:
            raise Unsupported("a relationship cannot point both ways")
        forward = True if right else False if left else None
        return Rel(rtype, forward, var, lo, hi)

    def hops(self) -> tuple[int, int | None]:
        lo = int(self.take()) if self.kind() == "num" else None
        if not (self.peek() == "." and self.peek(1) == "."):  # the tokens of ".."
            return (lo or 1), lo  # *n: exactly n; *: one or more
        self.i += 2
        hi = int(self.take()) if self.kind() == "num" else None
        return (lo or 1), hi

    def inline(self, var: str | None, prefix: str, conds: list) -> str | None:
        """An inline property map's conditions added to `conds`; the variable they
        name (a fresh one when the pattern had none)."""
        if self.peek() != "{":
            return var
        if var is None:
            self.fresh += 1
            var = f"{prefix}{self.fresh}"
        conds.extend(self.props(var))
        return var

    def props(self, var: str) -> list:
        """{key: value, …} on a node or relationship: equality conditions."""
        self.take("{")
        out = []
        while not self.accept("}"):
            key = self.name()
            self.take(":")
            out.append(Bin("=", Prop(var, key), self.expr()))
            if not self.accept(","):
                self.take("}")
                break
        return out

    # ---- expressions ------------------------------------------------------------------
    def expr(self):
        e = self.conj()
        while self.accept("OR"):
            e = Bin("OR", e, self.conj())
        if self.word("XOR"):
            raise self.unsupported()
        return e

    def conj(self):
        e = self.negation()
        while self.accept("AND"):
            e = Bin("AND", e, self.negation())
        return e

    def negation(self):
        if self.accept("NOT"):
            return Not(self.negation())
        return self.comparison()

    def comparison(self):
        e = self.additive()
        while True:
            op = self.comparison_op()
            if op is None:
                return e
            if op == "IS":
                negated = self.accept("NOT")
                self.take("NULL")
                e = IsNull(e, negated)
            else:
                e = Bin(op, e, self.additive())

    def comparison_op(self) -> str | None:
        two = self.peek() + self.peek(1)
        if two in ("<>", "<=", ">=") and self.kind() == "punct":
            self.i += 2
            return two
        if self.peek() == "!" and self.peek(1) == "=":
            self.i += 2
            return "<>"
        if self.kind() == "punct" and self.peek() in ("=", "<", ">"):
            return self.take()
        for words in (("STARTS", "WITH"), ("ENDS", "WITH")):
            if self.word(words[0]) and self.peek(1).upper() == "WITH":
                self.i += 2
                return " ".join(words)
        for word in ("CONTAINS", "IN", "IS"):
            if self.word(word):
                self.i += 1
                return word
        return None

    def additive(self):
        e = self.term()
        while self.kind() == "punct" and self.peek() in ("+", "-"):
            e = Bin(self.take(), e, self.term())
        return e

    def term(self):
        e = self.unary()
        while self.kind() == "punct" and self.peek() in ("*", "/", "%"):
            e = Bin(self.take(), e, self.unary())
        return e

    def unary(self):
        if self.peek() == "-" and self.kind() == "punct":
            self.take()
            if self.kind() == "num":
                return Lit(-_number(self.take()))
            return Bin("-", Lit(0), self.unary())
        return self.atom()

    def atom(self):
        kind, text = self.toks[self.i][:2] if self.i < len(self.toks) else ("end", "")
        if kind == "num":
            self.i += 1
            return Lit(_number(text))
        if kind == "str":
            self.i += 1
            return Lit(_string(text))
        if text == "$":
            self.i += 1
            return Param(self.name())
        if text == "(":
            self.i += 1
            e = self.expr()
            self.take(")")
            return e
        if text == "[":
            return self.list_literal()
        if kind == "word" and text.upper() in ("TRUE", "FALSE", "NULL"):
            self.i += 1
            return Lit({"TRUE": True, "FALSE": False, "NULL": None}[text.upper()])
        if kind == "word" and text.upper() in ("CASE", "EXISTS", "ALL", "ANY", "NONE", "SINGLE"):
            raise self.unsupported()
        if kind in ("word", "tick"):
            name = self.name()
            if self.peek() == "(":
                return self.call(name)
            if self.accept("."):
                key = self.name()
                if self.peek() in (".", "("):
                    raise self.unsupported()
                return Prop(name, key)
            return Var(name)
        raise self.unsupported()

    def call(self, name: str):
        self.take("(")
        if self.accept("*"):
            self.take(")")
            return Func(name, (Star(),))
        distinct = self.accept("DISTINCT")
        args = []
        if not self.accept(")"):
            args.append(self.expr())
            while self.accept(","):
                args.append(self.expr())
            self.take(")")
        if name.lower() == "date" and len(args) == 1 and isinstance(args[0], Lit) and isinstance(args[0].value, str):
            try:
                return DateLit(dt.date.fromisoformat(args[0].value))
            except ValueError:
                raise Unsupported(f"date({args[0].value!r}) is not a date") from None
        return Func(name, tuple(args), distinct)

    def list_literal(self) -> Lit:
        self.take("[")
        values = []
        while not self.accept("]"):
            e = self.unary()
            if not isinstance(e, Lit):
                raise Unsupported("a list of anything but literal values is outside the read forms the engine runs")
            values.append(e.value)
            if not self.accept(","):
                self.take("]")
                break
        return Lit(tuple(values))


def _glue_names(toks: list[tuple[str, str, int]]) -> list[tuple[str, str]]:
    """(kind, text), with names in letters beyond ASCII (`AS 板块`), which the
    guard reads one character at a time, joined back into one word."""
    out: list[tuple[str, str]] = []
    end = -1
    for kind, text, at in toks:
        letter = kind == "punct" and text.isalnum()
        if (letter or kind in ("word", "num")) and out and out[-1][0] == "word" and at == end and \
                (letter or not out[-1][1].isascii()):
            out[-1] = ("word", out[-1][1] + text)
        else:
            out.append(("word", text) if letter else (kind, text))
        end = at + len(text)
    return out


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


def _string(token: str) -> str:
    """A quoted literal's value: the quotes gone, backslash escapes read."""
    body, out, i = token[1:-1], [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            out.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)
