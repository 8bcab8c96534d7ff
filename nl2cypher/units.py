"""Unit mapping: the trigger table's rules, matched against the tagged
question, become WHERE / RETURN units that refer to mentions by index."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import tags
from .lang import Fillers
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
    covers: list[int] = field(default_factory=list)  # mentions swallowed by the free text
    span: tuple[int, int] = (0, 0)  # the words it read, in the question as written
    gap: tuple[int, int] = (0, 0)  # words between its own ({gap}), in the question as written: not its reading

    def ref(self, name: str) -> int | None:
        return self.refs.get(name)


def map_units(ex: Extraction, table: TriggerTable, fillers: Fillers | None = None) -> list[Unit]:
    """Every rule match over the tagged question; overlapping matches keep the
    longest (markers such as 哪些/吗 may overlap). The language's filler words
    take part so that no rule reads into them, then fall away."""
    found: list[Unit] = []
    if fillers is not None:
        found += [Unit("filler", m.start(), m.end()) for m in fillers.words.finditer(ex.tagged)]
    for rule in table.rules:
        on_question = rule.params.get("on") == "question"  # markers read the question as written
        for m in rule.regex.finditer(ex.unframed if on_question else ex.tagged):
            if m.end() == m.start():
                continue
            refs, text, covers, gap = {}, "", [], (0, 0)
            for name, val in m.groupdict().items():
                if val is None:
                    continue
                if name == "gap":
                    gap = m.span("gap") if on_question else ex.question_span(*m.span("gap"))
                    continue
                if name == "text":
                    # free text may contain tagged words (名称包含医药): back to the words written
                    covers = tags.indexes(val)
                    text = tags.untag(val, [x.text for x in ex.mentions])
                else:
                    refs[name] = int(val)
            start, end = (len(ex.tagged), len(ex.tagged)) if on_question else (m.start(), m.end())
            span = m.span() if on_question else ex.question_span(m.start(), m.end())
            found.append(Unit(rule.kind, start, end, dict(rule.params), refs, text, rule.row, covers, span, gap))
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
