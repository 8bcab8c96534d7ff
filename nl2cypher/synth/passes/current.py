"""Rows that stop holding (a chairman who left: the label's `ended` date is set):
asked for the current one (the language's `current` words: 现任, 现在的…), only
rows without that date answer — 贵州茅台现在的董事长 is today's. A named person
is who they are, current or not."""

from __future__ import annotations

from ..ir import QueryGraph, Ref, Unset


def run(g: QueryGraph) -> None:
    if not any(str(w) in g.ex.question for w in g.lang.words.get("current", ())):
        return
    for s in g.slots:
        ended = g.schema.labels[s.label].ended
        if ended and s.kind != "entity":
            g.conds.append(Unset(Ref(s.var, ended)))
