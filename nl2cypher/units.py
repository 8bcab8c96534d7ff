"""Unit mapping: the trigger table's rules, matched against the tagged
question, become WHERE / RETURN units that refer to mentions by index."""

from __future__ import annotations

from dataclasses import dataclass, field

from .lexicon import Extraction
from .triggers import TriggerTable

# markers that may overlap anything else (they say what kind of answer is wanted)
_MARKERS = {"list", "info", "yesno", "filler"}


@dataclass
class Unit:
    kind: str
    start: int  # offsets in the tagged question
    end: int
    params: dict = field(default_factory=dict)
    refs: dict[str, int] = field(default_factory=dict)  # placeholder -> mention index
    text: str = ""  # free text captured by (?P<text>…)
    row: int = 0  # trigger table row, for the trace

    def ref(self, name: str) -> int | None:
        return self.refs.get(name)


def map_units(ex: Extraction, table: TriggerTable) -> list[Unit]:
    """Every rule match over the tagged question; overlapping matches keep the
    longest (markers such as 哪些/吗 may overlap)."""
    found: list[Unit] = []
    for rule in table.rules:
        for m in rule.regex.finditer(ex.tagged):
            if m.end() == m.start():
                continue
            refs, text = {}, ""
            for name, val in m.groupdict().items():
                if val is None:
                    continue
                if name == "text":
                    text = val
                else:
                    refs[name] = int(val)
            found.append(Unit(rule.kind, m.start(), m.end(), dict(rule.params), refs, text, rule.row))
    found.sort(key=lambda u: (-(u.end - u.start), u.start))
    kept: list[Unit] = []
    for u in found:
        if u.kind in _MARKERS:
            if not any(k.kind == u.kind and k.start <= u.start and u.end <= k.end for k in kept):
                kept.append(u)
            continue
        if any(k.kind not in _MARKERS and k.start < u.end and u.start < k.end for k in kept):
            continue
        kept.append(u)
    kept.sort(key=lambda u: u.start)
    return [u for u in kept if u.kind != "filler"]
