"""What a language pack reads out of a question, in no language: a number with
its unit and a time expression resolved to dates. Every pack returns these; the
stages read only these."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class Number:
    value: float
    start: int
    end: int
    text: str
    unit: str = ""  # "%", "元", "股", … as the pack normalises it
    scale: float = 1.0  # the magnitude word's multiplier that was applied (万, billion)

    @property
    def is_int(self) -> bool:
        return float(self.value).is_integer()


@dataclass(frozen=True)
class TimeSpan:
    """A resolved time expression. `start`/`end` are inclusive dates (either may
    be None for open ranges such as "until …"); `year`/`quarter`/`half` are set for
    report periods."""

    text: str
    pos: int
    end_pos: int
    kind: str  # day | range | month | year | quarter | quarters | half | until | since
    start: dt.date | None = None
    end: dt.date | None = None
    year: int | None = None
    quarter: int | None = None
    half: int | None = None
    names_year: bool = False  # the expression itself says which year (2023's third quarter, not "Q3")

    @property
    def is_day(self) -> bool:
        return self.kind == "day"

    @property
    def longer_than_a_report(self) -> bool:
        """A year, half, month or open span: a per-report figure over it is a total."""
        return self.kind in ("year", "half", "range", "since", "month")
