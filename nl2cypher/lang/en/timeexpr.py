"""English time expressions resolved against a reference date ("today"): years as
filings are asked about (in 2023, fiscal 2022, FY22, from 2019 to 2021, between 2019
and 2020, last year, the past three years, since 2018) and plain days (today,
yesterday, 2024-03-15). Every expression becomes literal dates (and a year), so a
query means the same thing tomorrow."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from ..values import TimeSpan
from .numbers import TENS, WORDS

D = dt.date
YEAR = r"(?:fiscal(?:\s+year)?\s+|fy\s*'?)?(?P<{g}>(?:19|20)\d\d|'?\d\d(?=\b))"
COUNT = rf"(?P<n>\d+|{'|'.join(sorted([*WORDS, *TENS], key=len, reverse=True))})"


def _year(text: str) -> int:
    y = int(text.lstrip("'"))
    return y + 2000 if y < 100 else y


def _count(text: str) -> int:
    return int(text) if text.isdigit() else WORDS.get(text.lower()) or TENS[text.lower()]


def _span(text: str, m: re.Match, kind: str, start: D | None, end: D | None, year: int | None = None,
          names_year: bool = True) -> TimeSpan:
    return TimeSpan(m.group(0), m.start(), m.end(), kind, start, end, year=year, names_year=names_year)


def _years(a: int, b: int) -> tuple[D, D]:
    return D(min(a, b), 1, 1), D(max(a, b), 12, 31)


class TimeParser:
    def __init__(self, today: D, calendar: list[D] | None = None):
        self.today, self.calendar = today, calendar
        y = today.year
        self.rules: list[tuple[re.Pattern, Callable[[str, re.Match], TimeSpan | None]]] = [
            (re.compile(rf"\b(?:from|between)\s+{YEAR.format(g='a')}\s+(?:to|and|through|until|till|-)\s+"
                        rf"{YEAR.format(g='b')}\b", re.I),
             lambda t, m: _span(t, m, "range", *_years(_year(m["a"]), _year(m["b"])))),
            (re.compile(rf"\b{YEAR.format(g='a')}\s*(?:-|–|to|through)\s*{YEAR.format(g='b')}\b", re.I),
             lambda t, m: _span(t, m, "range", *_years(_year(m["a"]), _year(m["b"])))),
            (re.compile(rf"\b(?:over\s+|in\s+|during\s+)?(?:the\s+)?(?:past|last|previous|recent)\s+{COUNT}\s+"
                        rf"(?:fiscal\s+)?years\b", re.I),
             lambda t, m: _span(t, m, "range", *_years(y - _count(m["n"]) + 1, y), names_year=False)),
            (re.compile(rf"\b(?:each\s+year\s+|every\s+year\s+)?since\s+{YEAR.format(g='a')}\b", re.I),
             lambda t, m: _span(t, m, "since", D(_year(m["a"]), 1, 1), self.today)),
            (re.compile(r"\b(?:in\s+)?(?:the\s+)?(?P<w>last|previous|prior|this|current)\s+(?:fiscal\s+)?year\b", re.I),
             lambda t, m: self._year(t, m, y - (m["w"].lower() in ("last", "previous", "prior")), False)),
            (re.compile(r"\b(?P<d>\d{4}-\d{2}-\d{2})\b"), lambda t, m: self._day(t, m, D.fromisoformat(m["d"]))),
            (re.compile(r"\btoday\b", re.I), lambda t, m: self._day(t, m, self.today)),
            (re.compile(r"\byesterday\b", re.I), lambda t, m: self._day(t, m, self.today - dt.timedelta(days=1))),
            (re.compile(rf"\b{YEAR.format(g='a')}\b", re.I), lambda t, m: self._year(t, m, _year(m["a"]), True)),
        ]

    def _year(self, text: str, m: re.Match, year: int, named: bool) -> TimeSpan | None:
        if len(m.group(0).strip("'")) == 2 and not re.match(r"(?i)fiscal|fy", m.group(0)):
            return None  # a bare two-digit number is no year ('22 and FY22 are)
        return _span(text, m, "year", D(year, 1, 1), D(year, 12, 31), year=year, names_year=named)

    def _day(self, text: str, m: re.Match, day: D) -> TimeSpan:
        return _span(text, m, "day", day, day)

    def find(self, text: str) -> list[TimeSpan]:
        found: list[TimeSpan] = []
        taken = [False] * len(text)
        for pattern, make in self.rules:  # the longer forms first: a range before its years
            for m in pattern.finditer(text):
                if any(taken[m.start():m.end()]):
                    continue
                span = make(text, m)
                if span is not None:
                    found.append(span)
                    taken[m.start():m.end()] = [True] * (m.end() - m.start())
        return sorted(found, key=lambda s: s.pos)


def find_times(text: str, today: D, calendar: list[D] | None = None) -> list[TimeSpan]:
    return TimeParser(today, calendar).find(text)
