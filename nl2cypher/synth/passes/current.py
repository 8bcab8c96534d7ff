"""Rows that stop holding (a chairman who left: the label's `ended` date is set):
asked for the current one (the language's `current` words: 现任, 现在的…), only
rows without that date answer — 贵州茅台现在的董事长 is today's; asked for the
ones that left (its `former` words: 已经离任, 前任…), only rows with it. A named
person is who they are, current or not. Asked neither way, a listed row shows
its end date (`ended_unasked`), so an answer holding rows that stopped holding
can say so."""

from __future__ import annotations

from ..ir import Negated, QueryGraph, Ref, Unset


def run(g: QueryGraph) -> None:
    current = any(str(w) in g.ex.question for w in g.lang.words.get("current", ()))
    former = any(str(w) in g.ex.question for w in g.lang.words.get("former", ()))
    if current == former:
        if not current:  # neither said: the rows that stopped holding are shown as such (离任日期)
            g.ended_unasked += [Ref(s.var, g.schema.labels[s.label].ended) for s in g.slots
                                if g.schema.labels[s.label].ended and s.kind != "entity"]
        return
    for s in g.slots:
        ended = g.schema.labels[s.label].ended
        if ended and s.kind != "entity":
            unset = Unset(Ref(s.var, ended))
            g.conds.append(unset if current else Negated(unset))
