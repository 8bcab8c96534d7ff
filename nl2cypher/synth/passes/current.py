"""Rows that stop holding (a chairman who left: the label's `ended` date is set):
asked for the current one (the language's `current` words: 现任, 现在的…), only
rows without that date answer — 贵州茅台现在的董事长 is today's; asked for the
ones that left (its `former` words: 已经离任, 前任…), only rows with it. A named
person is who they are, current or not — unless whether they still are is the
question (丁伟还在任吗). Asked neither way, a row that relates to something else
(茅台的董事长, 董事长是女的公司) is read in the present — the way people mean it —
while the rows asked for on their own (女董事长有几位) are all of them, each showing
its tenure (`tenure_unasked`: the `began` date, if the label has one, and the end
date), and so are those asked for with an `ever` word (历任, 都有谁)."""

from __future__ import annotations

from ..ir import Negated, Op, QueryGraph, Ref, Slot, Unset
from ..paths import link


def run(g: QueryGraph) -> None:
    said = {k: bool(g.lang.found(k, g.ex.question)) for k in ("current", "former", "ever", "departed")}
    # 以前换过…都有谁: every one there has been; 已经离任的…都有谁: those who left, listed
    current, former = said["current"], said["former"] and (not said["ever"] or said["departed"])
    if current and former:
        return
    for s in g.slots:
        ended = g.schema.labels[s.label].ended
        if ended and s.kind == "entity" and (current or former) and g.has("yesno"):
            unset = Unset(Ref(s.var, ended))  # 丁伟还在任吗: whether the named one still holds it
            g.conds.append(Negated(unset) if former else unset)
            continue
        if not ended or s.kind == "entity":
            continue
        if s is not g.target and _dated(g, s):
            g.shown_with.append(s)  # 有董事长离任的公司, 2023年以后新上任董事长的公司: whose it was, beside each
        listed = s is g.target and not g.linked(s.var)
        if not (current or former) and _asks_about(g, f"{s.label}.{ended}"):
            if g.units_of("extreme", "topk", "order"):  # 最近离任的: ranked by the end date — of those that ended
                g.conds.append(Negated(Unset(Ref(s.var, ended))))
            if listed:
                _held_at(g, s)  # 2023年离任的董事长: each with where it was held
            continue  # 最近一年内离任的董事长: the end date itself is what the question is about
        # 茅台的董事长, 董事长是女的公司: said in the present — unless when it began or ended is the condition
        # (2023年期间新任董事长的公司: whoever was appointed then, still there or not)
        if current or former or (g.linked(s.var) and not said["ever"] and not _dated(g, s)):
            unset = Unset(Ref(s.var, ended))
            g.conds.append(Negated(unset) if former else unset)
        else:  # the rows themselves (女董事长有几位): those that stopped holding are shown as such
            began = g.schema.labels[s.label].began
            g.tenure_unasked += [Ref(s.var, p) for p in (began, ended) if p]
        if listed and not current:
            _held_at(g, s)


def _dated(g: QueryGraph, s: Slot) -> bool:
    """Is there a condition on when this row began or stopped holding?"""
    lab = g.schema.labels[s.label]
    return any(isinstance(c, Op) and isinstance(c.left, Ref) and c.left.var == s.var and c.left.key in (lab.began, lab.ended)
               and not isinstance(c.right, Ref) for c in g.conds)


def _held_at(g: QueryGraph, s: Slot) -> None:
    """已经离任的董事长, 历任董事长: each row says where it was held (the one edge the
    label has: a chairman's company) — a list of people who left says little without it."""
    hops = g.schema.neighbours(s.label)
    if len(hops) != 1 or g.units_of("count", "aggregate", "group"):
        return
    where = g.add_slot(hops[0].dst, s.pos, kind="hidden")
    link(g, s, where)
    g.shown_with.append(where)


def _asks_about(g: QueryGraph, prop: str) -> bool:
    return any(m.kind == "property" and prop in m.targets for m in g.ex.mentions)
