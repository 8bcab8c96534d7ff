"""上市以来涨了多少 / 上市当天涨了多少: a day of the thing named (the day it listed),
said by what happened on it rather than as a date. The schema's role for that day
(`roles.listing`, an edge property) is read from the store once; a question that
says it about one such thing is read again with that thing's date written in (the
language's `own_days`: the role, the words, what they become)."""

from __future__ import annotations

import datetime as dt
import re

from .cypher import queries
from .schema import KEY


class OwnDays:
    def __init__(self, store, schema, lang):
        self.rules: list[tuple[str, re.Pattern, str]] = []
        self.days: dict[str, dict[str, object]] = {}
        for role, pattern, template in lang.words.get("own_days") or ():
            target = schema.roles.get(str(role))
            if not target:
                continue
            edge, _, prop = target.partition(".")
            e = schema.edges[edge]
            if role not in self.days:
                rows = store.fetch(queries.edge_values(e.sources[0], edge, e.targets[0], KEY, prop)).rows
                self.days[role] = {nid: _day(day) for nid, day in rows if day is not None}
            self.rules.append((str(role), re.compile(str(pattern)), str(template)))

    def said(self, q: str) -> bool:
        """Does the question say such a day at all (the cheap check before any other work)?"""
        return any(words.search(q) for _, words, _ in self.rules)

    def written(self, ex) -> str | None:
        """The question with the day written as that thing's date, when it names one thing that has it."""
        return self.written_for(ex.question, [r.id for x in ex.mentions if x.kind == "entity" for r in x.entities])

    def written_for(self, q: str, ids: list[str]) -> str | None:
        """…of one of these things (in a conversation: the one discussed — 上市当天涨了多少)."""
        for role, words, template in self.rules:
            m = words.search(q)
            days = {self.days[role][i] for i in ids if i in self.days[role]} if m is not None else set()
            if len(days) == 1:
                return q[:m.start()] + template.format(date=days.pop()) + q[m.end():]
        return None


def _day(value) -> dt.date:
    """A stored date (a store may hand back its text)."""
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value)[:10])
